// Heap allocations reached through several call chains, for a MemProf
// profile (memprof.yaml) that marks some chains cold and the others not
// cold: the allocs: and callsites: of a ThinLTO summary.
extern "C" void consume(char *);

__attribute__((noinline)) char *make(unsigned long n) { return new char[n]; }
__attribute__((noinline)) char *make_other(unsigned long n) { return new char[n * 2]; }
__attribute__((noinline)) char *hot_path() { return make(32); }
__attribute__((noinline)) char *cold_path() { return make(64); }
__attribute__((noinline)) char *work() {
	consume(hot_path());
	return cold_path();
}

int main() {
	consume(work());
	consume(work());
	consume(make_other(8));
	consume(make_other(16));
	return 0;
}
