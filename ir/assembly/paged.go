package assembly

// A paged is an array that grows in pages of pageLen elements, so that
// growing it never copies what it holds: the printer's metadata tables
// reach hundreds of thousands of entries, which a slice would copy many
// times over as it grows.
type paged[T any] struct {
	pages [][]T
	n     int
}

const pageBits = 12

const pageLen = 1 << pageBits

// len returns the number of elements.
func (a *paged[T]) len() int { return a.n }

// at returns element i, the zero value when i is beyond the end.
func (a *paged[T]) at(i int) T {
	var zero T
	if i < 0 || i >= a.n {
		return zero
	}
	return a.pages[i>>pageBits][i&(pageLen-1)]
}

// set sets element i, growing the array to i+1 elements when it is
// shorter.
func (a *paged[T]) set(i int, v T) {
	for i>>pageBits >= len(a.pages) {
		a.pages = append(a.pages, make([]T, pageLen))
	}
	a.pages[i>>pageBits][i&(pageLen-1)] = v
	if i >= a.n {
		a.n = i + 1
	}
}

// push appends v.
func (a *paged[T]) push(v T) { a.set(a.n, v) }

// reset empties the array, keeping its pages.
func (a *paged[T]) reset() {
	for _, p := range a.pages {
		clear(p)
	}
	a.n = 0
}
