// A C++20 coroutine: a generator with promise type, co_yield and co_return.
#include <coroutine>

struct Generator {
	struct promise_type {
		int current = 0;
		Generator get_return_object() { return Generator{std::coroutine_handle<promise_type>::from_promise(*this)}; }
		std::suspend_always initial_suspend() noexcept { return {}; }
		std::suspend_always final_suspend() noexcept { return {}; }
		std::suspend_always yield_value(int v) noexcept {
			current = v;
			return {};
		}
		void return_void() noexcept {}
		void unhandled_exception() noexcept {}
	};
	std::coroutine_handle<promise_type> h;
	explicit Generator(std::coroutine_handle<promise_type> h) : h(h) {}
	Generator(Generator &&o) noexcept : h(o.h) { o.h = nullptr; }
	~Generator() {
		if (h)
			h.destroy();
	}
	bool next() {
		h.resume();
		return !h.done();
	}
	int value() const { return h.promise().current; }
};

Generator fib(int n) {
	int a = 0, b = 1;
	for (int i = 0; i < n; ++i) {
		co_yield a;
		int t = a + b;
		a = b;
		b = t;
	}
}

int sum_fib(int n) {
	int s = 0;
	auto g = fib(n);
	while (g.next())
		s += g.value();
	return s;
}
