package bcwrite

import "testing"

// TestPaged: entries set are got back, others are zero; pages are made
// by the first entry set in them, not by unsetting one.
func TestPaged(t *testing.T) {
	var p paged[uint32]
	p.set(5, 0)
	if len(p.pages) != 0 {
		t.Fatalf("%d pages after setting zero", len(p.pages))
	}
	ids := []uint32{1, 1<<pageBits - 1, 1 << pageBits, 3 << pageBits, 3<<pageBits + 7}
	for i, id := range ids {
		p.set(id, uint32(i+1))
	}
	for i, id := range ids {
		if got := p.get(id); got != uint32(i+1) {
			t.Errorf("get(%d) = %d, want %d", id, got, i+1)
		}
	}
	for _, id := range []uint32{0, 2, 2 << pageBits, 1 << 30} {
		if got := p.get(id); got != 0 {
			t.Errorf("get(%d) = %d, want 0", id, got)
		}
	}
	made := 0
	for _, pg := range p.pages {
		if pg != nil {
			made++
		}
	}
	if made != 3 { // pages 0, 1 and 3
		t.Errorf("%d pages made, want 3", made)
	}
	p.set(1, 0)
	if got := p.get(1); got != 0 {
		t.Errorf("get(1) = %d after unsetting, want 0", got)
	}
}
