package bitcode

import "math/bits"

// sortLikeLibstdcxx sorts s by less in exactly the order GNU libstdc++'s
// std::sort leaves it (introsort: median-of-three quicksort down to runs
// of 16, heapsort past a depth of 2·log2(n), then insertion sort). llvm-nm
// sorts with std::sort, which is not stable: symbols that compare equal,
// such as a definition and a declaration of the same name from two modules,
// come out in an order only this algorithm reproduces.
func sortLikeLibstdcxx[T any](s []T, less func(a, b *T) bool) {
	if len(s) < 2 {
		return
	}
	introsortLoop(s, 2*(bits.Len(uint(len(s)))-1), less)
	finalInsertionSort(s, less)
}

const sortThreshold = 16

func introsortLoop[T any](s []T, depth int, less func(a, b *T) bool) {
	for len(s) > sortThreshold {
		if depth == 0 {
			makeHeap(s, less)
			sortHeap(s, less)
			return
		}
		depth--
		cut := partitionPivot(s, less)
		introsortLoop(s[cut:], depth, less)
		s = s[:cut]
	}
}

func partitionPivot[T any](s []T, less func(a, b *T) bool) int {
	mid := len(s) / 2
	moveMedianToFirst(s, 0, 1, mid, len(s)-1, less)
	return unguardedPartition(s, 1, len(s), 0, less)
}

func moveMedianToFirst[T any](s []T, result, a, b, c int, less func(a, b *T) bool) {
	var m int
	switch {
	case less(&s[a], &s[b]):
		switch {
		case less(&s[b], &s[c]):
			m = b
		case less(&s[a], &s[c]):
			m = c
		default:
			m = a
		}
	case less(&s[a], &s[c]):
		m = a
	case less(&s[b], &s[c]):
		m = c
	default:
		m = b
	}
	s[result], s[m] = s[m], s[result]
}

func unguardedPartition[T any](s []T, first, last, pivot int, less func(a, b *T) bool) int {
	for {
		for less(&s[first], &s[pivot]) {
			first++
		}
		last--
		for less(&s[pivot], &s[last]) {
			last--
		}
		if first >= last {
			return first
		}
		s[first], s[last] = s[last], s[first]
		first++
	}
}

func finalInsertionSort[T any](s []T, less func(a, b *T) bool) {
	if len(s) <= sortThreshold {
		insertionSort(s, less)
		return
	}
	insertionSort(s[:sortThreshold], less)
	for i := sortThreshold; i < len(s); i++ {
		unguardedLinearInsert(s, i, less)
	}
}

func insertionSort[T any](s []T, less func(a, b *T) bool) {
	for i := 1; i < len(s); i++ {
		if less(&s[i], &s[0]) {
			v := s[i]
			copy(s[1:i+1], s[:i])
			s[0] = v
		} else {
			unguardedLinearInsert(s, i, less)
		}
	}
}

func unguardedLinearInsert[T any](s []T, last int, less func(a, b *T) bool) {
	v := s[last]
	next := last - 1
	for less(&v, &s[next]) {
		s[last] = s[next]
		last = next
		next--
	}
	s[last] = v
}

func makeHeap[T any](s []T, less func(a, b *T) bool) {
	n := len(s)
	if n < 2 {
		return
	}
	for parent := (n - 2) / 2; ; parent-- {
		adjustHeap(s, parent, n, s[parent], less)
		if parent == 0 {
			return
		}
	}
}

func sortHeap[T any](s []T, less func(a, b *T) bool) {
	for last := len(s) - 1; last > 0; last-- {
		v := s[last]
		s[last] = s[0]
		adjustHeap(s, 0, last, v, less)
	}
}

func adjustHeap[T any](s []T, hole, n int, v T, less func(a, b *T) bool) {
	top, child := hole, hole
	for child < (n-1)/2 {
		child = 2 * (child + 1)
		if less(&s[child], &s[child-1]) {
			child--
		}
		s[hole] = s[child]
		hole = child
	}
	if n&1 == 0 && child == (n-2)/2 {
		child = 2 * (child + 1)
		s[hole] = s[child-1]
		hole = child - 1
	}
	for parent := (hole - 1) / 2; hole > top && less(&s[parent], &v); parent = (hole - 1) / 2 {
		s[hole] = s[parent]
		hole = parent
	}
	s[hole] = v
}
