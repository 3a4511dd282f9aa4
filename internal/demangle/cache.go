package demangle

// A Cache demangles the names of one run of a command, each distinct name
// once: a symbol table or a section can refer to one name many times
// (every entry of an address-significance table may name the same
// symbol), and a name costs up to tens of milliseconds. Its budget bounds
// the bytes it keeps and the work it does: every name it has not seen
// costs the name's length plus that of its demangled form, and once the
// budget is spent the names it has not seen are returned as they are.
//
// A Cache is not safe for concurrent use.
type Cache struct {
	names  map[string]string
	budget int
}

// NewCache returns a Cache that may spend budget bytes. The commands give
// it four times the size of their input plus 1 MiB, the memory budget of
// every decoder.
func NewCache(budget int) *Cache {
	return &Cache{names: make(map[string]string), budget: budget}
}

// BudgetFor returns the budget the commands give a Cache for an input of
// size bytes: four times its size plus 1 MiB.
func BudgetFor(size int) int { return 4*size + 1<<20 }

// Name returns name demangled (see the package function Name), or name
// itself when it is not a mangled name or the budget is spent.
func (c *Cache) Name(name string) string {
	if s, ok := c.names[name]; ok {
		return s
	}
	if c.budget <= 0 {
		return name
	}
	s, _ := Name(name)
	c.budget -= len(name) + len(s)
	c.names[name] = s
	return s
}
