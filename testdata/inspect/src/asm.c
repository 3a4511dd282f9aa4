/* Module-level inline assembly defines and refers to symbols. */
__asm__(".globl asm_global\n"
        "asm_global:\n"
        "  ret\n"
        ".weak asm_weak\n"
        "asm_weak:\n"
        "  ret\n"
        "asm_local:\n"
        "  ret\n");
extern void asm_global(void);
void call_asm(void) { asm_global(); }
