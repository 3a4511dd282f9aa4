// Virtual calls under whole-program devirtualization: type tests, virtual
// calls with and without constant arguments, vtables with their virtual
// functions (typeIdInfo:, vTableFuncs:, typeidCompatibleVTable:).
struct Shape {
	virtual int area() const = 0;
	virtual int scaled(int k) const = 0;
	virtual ~Shape();
};
Shape::~Shape() {}

struct Square : Shape {
	int s;
	explicit Square(int s) : s(s) {}
	int area() const override { return s * s; }
	int scaled(int k) const override { return k * s * s; }
};

struct Rect : Shape {
	int w, h;
	Rect(int w, int h) : w(w), h(h) {}
	int area() const override { return w * h; }
	int scaled(int k) const override { return k * w * h; }
};

int total(const Shape &a, const Shape &b) { return a.area() + b.area(); }
int by_three(const Shape &a) { return a.scaled(3); }
int by_k(const Shape &a, int k) { return a.scaled(k); }

Shape *make(int kind) {
	if (kind)
		return new Square(kind);
	return new Rect(kind, 2);
}

static int counter;
const int table[4] = {1, 2, 3, 4};
int bump(int i) {
	counter += table[i & 3];
	return counter;
}
void reset() { counter = 0; }
