/* Lifetime markers on allocas (several per alloca, in a loop), a function
   whose blocks' addresses a table takes (computed goto), and integer
   constants used many times: the use-list orders clang-19 records that
   LLVM 22 reads otherwise. */
void fill(int *p, int n);
int use(const int *p);

int scoped(int n) {
	int total = 0;
	for (int i = 0; i < n; i++) {
		int buf[16];
		fill(buf, i);
		total += use(buf);
		if (total > 1000) {
			int more[8];
			fill(more, total);
			total -= use(more);
		}
	}
	{
		int last[4];
		fill(last, n);
		total ^= use(last);
	}
	return total;
}

int run(const unsigned char *code) {
	static const void *const ops[] = {&&op_add, &&op_sub, &&op_mul, &&op_end};
	int acc = 1;
	goto *ops[*code++];
op_add:
	acc += 3;
	goto *ops[*code++];
op_sub:
	acc -= 3;
	goto *ops[*code++];
op_mul:
	acc *= 3;
	goto *ops[*code++];
op_end:
	return acc;
}

int again(const unsigned char *code) { return run(code) + run(code + 1); }
