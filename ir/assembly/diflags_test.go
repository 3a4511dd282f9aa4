package assembly

import (
	"testing"
)

// The expected spellings are llvm-dis-22's, from the di-* goldens.

func TestDIFlags(t *testing.T) {
	for _, c := range []struct {
		f    uint64
		want string
	}{
		{1<<8 | 1<<29, "DIFlagPrototyped | DIFlagAllCallsDescribed"},
		{1<<22 | 1<<26, "DIFlagTypePassByValue | DIFlagNonTrivial"},
		{1 << 19, "DIFlagBitField"},
		{3 | 1<<6, "DIFlagPublic | DIFlagArtificial"},
		{1<<2 | 1<<5, "DIFlagIndirectVirtualBase"},
		{1 << 21, "2097152"},
		{1<<8 | 1<<21, "DIFlagPrototyped | 2097152"},
		{2<<16 | 1<<8, "DIFlagMultipleInheritance | DIFlagPrototyped"},
		{0, "0"},
		{1 << 40, "0"},
	} {
		if got := string(appendDIFlags(nil, c.f)); got != c.want {
			t.Errorf("appendDIFlags(%#x) = %q, want %q", c.f, got, c.want)
		}
	}
	for _, c := range []struct {
		f    uint64
		want string
	}{
		{1<<3 | 1<<4, "DISPFlagDefinition | DISPFlagOptimized"},
		{1<<2 | 1<<3 | 1<<4, "DISPFlagLocalToUnit | DISPFlagDefinition | DISPFlagOptimized"},
		{0, "0"},
		{1 | 1<<3, "DISPFlagVirtual | DISPFlagDefinition"},
		{3, "3"},
		{1<<3 | 1<<10, "DISPFlagDefinition | 1024"},
	} {
		if got := string(appendSPFlags(nil, c.f)); got != c.want {
			t.Errorf("appendSPFlags(%#x) = %q, want %q", c.f, got, c.want)
		}
	}
}

func TestDIFlagsAllocs(t *testing.T) {
	b := make([]byte, 0, 256)
	if n := testing.AllocsPerRun(100, func() {
		b = appendDIFlags(b[:0], 3|1<<8|1<<29|1<<21)
		b = appendSPFlags(b[:0], 1|1<<3|1<<10)
	}); n != 0 {
		t.Errorf("%v allocations, want 0", n)
	}
}
