package bcwrite

// A paged is a table indexed by a reader's node numbers. Those grow with
// every body the reader loads, as a body loaded again has its nodes
// numbered anew (a large module's reach hundreds of thousands), so the
// table is kept in pages allocated as an entry is first set, and grows
// without copying what it holds. Its zero value is an empty table.
type paged[T comparable] struct {
	pages [][]T
}

// pageBits is the log2 of a page's length.
const pageBits = 12

// get returns the entry of number id, T's zero value when none was set.
func (p *paged[T]) get(id uint32) T {
	if i := int(id >> pageBits); i < len(p.pages) && p.pages[i] != nil {
		return p.pages[i][id&(1<<pageBits-1)]
	}
	var zero T
	return zero
}

// set makes v the entry of number id.
func (p *paged[T]) set(id uint32, v T) {
	i := int(id >> pageBits)
	if i >= len(p.pages) || p.pages[i] == nil {
		var zero T
		if v == zero {
			return
		}
		if i >= len(p.pages) {
			p.pages = append(p.pages, make([][]T, i+1-len(p.pages))...)
		}
		p.pages[i] = make([]T, 1<<pageBits)
	}
	p.pages[i][id&(1<<pageBits-1)] = v
}
