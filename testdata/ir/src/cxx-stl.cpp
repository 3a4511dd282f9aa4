// Real C++: the standard library's containers and strings, exceptions,
// virtual calls, templates and lambdas.
#include <algorithm>
#include <map>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

struct Shape {
	virtual ~Shape() = default;
	virtual double area() const = 0;
};

struct Rect : Shape {
	double w, h;
	Rect(double w, double h) : w(w), h(h) {}
	double area() const override { return w * h; }
};

struct Circle : Shape {
	double r;
	explicit Circle(double r) : r(r) {}
	double area() const override { return 3.14159 * r * r; }
};

double total_area(const std::vector<std::unique_ptr<Shape>> &shapes) {
	double sum = 0;
	for (const auto &s : shapes)
		sum += s->area();
	return sum;
}

std::map<std::string, int> count_words(const std::vector<std::string> &words) {
	std::map<std::string, int> counts;
	for (const auto &w : words)
		++counts[w];
	return counts;
}

int parse_positive(const std::string &s) {
	int v = std::stoi(s);
	if (v <= 0)
		throw std::invalid_argument("not positive: " + s);
	return v;
}

int safe_parse(const std::string &s) {
	try {
		return parse_positive(s);
	} catch (const std::invalid_argument &) {
		return -1;
	} catch (...) {
		return -2;
	}
}

std::string join(const std::vector<std::string> &parts, char sep) {
	std::string out;
	for (size_t i = 0; i < parts.size(); ++i) {
		if (i)
			out += sep;
		out += parts[i];
	}
	return out;
}

int main(int argc, char **argv) {
	std::vector<std::unique_ptr<Shape>> shapes;
	shapes.push_back(std::make_unique<Rect>(2, 3));
	shapes.push_back(std::make_unique<Circle>(1));
	std::vector<std::string> words(argv, argv + argc);
	auto counts = count_words(words);
	int n = 0;
	for (auto &[k, v] : counts)
		n += v * safe_parse(k);
	auto by_len = [](const std::string &a, const std::string &b) { return a.size() < b.size(); };
	std::sort(words.begin(), words.end(), by_len);
	return (int)total_area(shapes) + n + (int)join(words, ',').size();
}
