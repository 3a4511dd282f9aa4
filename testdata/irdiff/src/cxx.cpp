// "cxx": C++ module for funcs/callgraph tests (demangling, aliases, linkonce_odr).
extern "C" int ext_sink(int);

class Counter {
public:
	explicit Counter(int start);
	virtual ~Counter();
	virtual int step(int by);
	int value() const { return n_; }

private:
	int n_;
};

Counter::Counter(int start) : n_(start) {}
Counter::~Counter() { ext_sink(n_); }
int Counter::step(int by)
{
	n_ += by;
	return n_;
}

template <typename T> T biggest(T a, T b)
{
	return a < b ? b : a;
}

int run(int k)
{
	Counter c(k);
	c.step(biggest<int>(k, 3));
	double d = biggest<double>(k * 0.5, 1.25);
	return c.value() + (int)d;
}
