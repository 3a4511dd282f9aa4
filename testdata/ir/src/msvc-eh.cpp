// C++ exceptions for x86_64-windows-msvc: funclet pads (catchswitch,
// catchpad, cleanuppad), catchret/cleanupret, destructors during unwinding,
// nested try blocks, rethrow, SEH-style __try is not used.
struct Guard {
	int *p;
	explicit Guard(int *p) : p(p) { ++*p; }
	~Guard() { --*p; }
};

struct Error {
	int code;
};

void may_throw(int x);

int nested(int x) {
	int depth = 0;
	try {
		Guard g(&depth);
		try {
			may_throw(x);
		} catch (int e) {
			Guard g2(&depth);
			may_throw(e + 1);
		}
	} catch (const Error &e) {
		return e.code;
	} catch (...) {
		throw;
	}
	return depth;
}

int cleanup_only(int x) {
	int n = 0;
	Guard a(&n);
	Guard b(&n);
	may_throw(x);
	return n;
}

void thrower(int x) {
	if (x > 10)
		throw Error{x};
	if (x < 0)
		throw x;
}
