/* 32- and 64-bit Windows: calling-convention decorations, dllimport, dllexport. */
__declspec(dllimport) int imported_var;
__declspec(dllimport) int imported_fn(int);
__declspec(dllexport) int exported_fn(int x) { return imported_fn(x) + imported_var; }
int __stdcall std_fn(int a, int b) { return a + b; }
int __fastcall fast_fn(int a, int b) { return a - b; }
int __vectorcall vec_fn(int a, double b) { return a + (int)b; }
int __cdecl cdecl_fn(void) { return std_fn(1, 2) + fast_fn(3, 4) + vec_fn(5, 6.0); }
#pragma comment(lib, "kernel32")
#pragma comment(linker, "/include:cdecl_fn")
