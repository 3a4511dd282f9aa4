/* Switch-heavy C: dense and sparse switches, fallthrough, nested switches,
 * loops with breaks and continues, gotos (many predecessors per block). */
int classify(int c) {
	switch (c) {
	case 'a': case 'e': case 'i': case 'o': case 'u':
		return 1;
	case '0': case '1': case '2': case '3': case '4':
	case '5': case '6': case '7': case '8': case '9':
		return 2;
	case ' ': case '\t': case '\n':
		return 3;
	case 1000000:
		return 4;
	case -5:
		return 5;
	default:
		return 0;
	}
}

int state_machine(const char *s) {
	int state = 0, count = 0;
	for (; *s; s++) {
		switch (state) {
		case 0:
			if (*s == '/')
				state = 1;
			else if (*s == '"')
				state = 4;
			break;
		case 1:
			state = *s == '*' ? 2 : (*s == '/' ? 5 : 0);
			break;
		case 2:
			if (*s == '*')
				state = 3;
			break;
		case 3:
			switch (*s) {
			case '/':
				state = 0;
				count++;
				break;
			case '*':
				break;
			default:
				state = 2;
			}
			break;
		case 4:
			if (*s == '\\') {
				s++;
				if (!*s)
					goto done;
				continue;
			}
			if (*s == '"')
				state = 0;
			break;
		case 5:
			if (*s == '\n') {
				state = 0;
				count++;
			}
			break;
		}
	}
done:
	return count * 8 + state;
}

long dispatch(int op, long a, long b) {
	long r;
	switch (op) {
	case 0: r = a + b; break;
	case 1: r = a - b; break;
	case 2: r = a * b; break;
	case 3: if (b == 0) goto fail; r = a / b; break;
	case 4: if (b == 0) goto fail; r = a % b; break;
	case 5: r = a & b; break;
	case 6: r = a | b; break;
	case 7: r = a ^ b; /* fallthrough */
	case 8: r = ~a; break;
	case 9: r = a << (b & 63); break;
	case 10: r = a >> (b & 63); break;
	case 11: r = a < b; break;
	case 12: r = a == b; break;
	default: goto fail;
	}
	return r;
fail:
	return -1;
}

int computed_goto(const unsigned char *code) {
	int acc = 0;
	static const void *labels[] = {&&op_inc, &&op_dec, &&op_end};
	goto *labels[*code++];
op_inc:
	acc++;
	goto *labels[*code++];
op_dec:
	acc--;
	goto *labels[*code++];
op_end:
	return acc;
}
