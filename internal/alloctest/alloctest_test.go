package alloctest

import "testing"

var sink []byte

func TestBytes(t *testing.T) {
	if got := Min(3, func() {}); got > 64 {
		t.Errorf("an empty function allocates %d bytes", got)
	}
	got := Min(3, func() { sink = make([]byte, 1<<20) })
	if got < 1<<20 || got > 1<<20+4096 {
		t.Errorf("allocating 1 MiB counts %d bytes", got)
	}
	sink = nil
}

func TestLimit(t *testing.T) {
	l := Limit{PerByte: 2, Fixed: 100}
	if b := l.Bound(10); b != 120 {
		t.Errorf("Bound(10) = %d, want 120", b)
	}
	if n, ok := l.Check(1<<20, func() { sink = make([]byte, 1<<20) }); !ok {
		t.Errorf("1 MiB allocated for 1 MiB of input at 2 bytes per byte: %d, not ok", n)
	}
	if n, ok := l.Check(1000, func() { sink = make([]byte, 1<<20) }); ok {
		t.Errorf("1 MiB allocated for 1000 bytes of input: %d, ok", n)
	}
	sink = nil
}
