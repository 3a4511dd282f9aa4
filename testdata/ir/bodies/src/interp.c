/* A bytecode interpreter with computed goto (a static table of label
 * addresses, as Lua's and CPython's interpreters have) next to a vectorized
 * float loop: the labels' blocks are used by the table's blockaddress
 * constants, by the indirectbr and by branches of other blocks, and their
 * use lists (`; preds =`) follow the USELIST records. */
typedef struct { int op, a, b; } Ins;

float dot(const float *x, const float *y, int n) {
	float s = 0;
	for (int i = 0; i < n; i++)
		s += x[i] * y[i];
	return s;
}

double run(const Ins *code, double *reg, const float *x, const float *y, int n) {
	static const void *const disp[] = {&&op_add, &&op_mul, &&op_dot, &&op_jmp, &&op_jz, &&op_ret, &&op_addk};
	const Ins *pc = code;
	int a, b;
#define NEXT goto *disp[(pc++)->op]
	NEXT;
op_addk:
	a = pc[-1].a;
	if (reg[a] > 1e9)
		goto op_mul;
	reg[a] += pc[-1].b;
	NEXT;
op_add:
	a = pc[-1].a, b = pc[-1].b;
	if (reg[b] == 0)
		goto op_jmp;
	reg[a] += reg[b];
	NEXT;
op_mul:
	a = pc[-1].a, b = pc[-1].b;
	reg[a] *= reg[b];
	if (reg[a] != reg[a])
		goto op_ret;
	NEXT;
op_dot:
	reg[pc[-1].a] = dot(x, y, n) * reg[pc[-1].b];
	if (reg[pc[-1].a] < 0)
		goto op_add;
	NEXT;
op_jz:
	if (reg[pc[-1].a] != 0)
		NEXT;
op_jmp:
	pc += pc[-1].b;
	NEXT;
op_ret:
	return reg[pc[-1].a];
}
