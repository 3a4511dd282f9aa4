package minllvm

import (
	"testing"

	"github.com/bcextract/bcextract/llvmir"
)

// TestAttrGroupRecord: what an attribute group needs, from the readers'
// getAttrFromCode and Attributes.td of each release (attrs_table.go).
func TestAttrGroupRecord(t *testing.T) {
	const (
		enum  = uint64(llvmir.ATTR_ENC_ENUM)
		intA  = uint64(llvmir.ATTR_ENC_INT)
		str   = uint64(llvmir.ATTR_ENC_STRING_VALUE)
		rng   = uint64(llvmir.ATTR_ENC_CONSTANT_RANGE)
		rngs  = uint64(llvmir.ATTR_ENC_CONSTANT_RANGE_LIST)
		typed = uint64(llvmir.ATTR_ENC_TYPE_VALUE)
	)
	grp := func(attrs ...uint64) []uint64 { return append([]uint64{1, 0xFFFFFFFF}, attrs...) }
	tests := []struct {
		name    string
		ops     []uint64
		version int
		what    string
	}{
		{"nounwind", grp(enum, 18), 0, ""},
		{"byval(i32)", grp(typed, 3, 0), 0, ""},
		// "frame-pointer"="all", then nounwind.
		{"string", grp(str, 'f', 'p', 0, 'a', 0, enum, 18), 0, ""},
		// uwtable became an integer attribute in LLVM 15: 13 and 14
		// say "Not an int attribute"; an enumeration entry every
		// reader reads (15 on as uwtable's default).
		// "frame-pointer"="reserved": LLVM 16's verifier refuses it,
		// 19's takes it; "non-leaf-no-reserve" only LLVM 22's.
		{"frame-pointer reserved", grp(str, 'f', 'r', 'a', 'm', 'e', '-', 'p', 'o', 'i', 'n', 't', 'e', 'r', 0,
			'r', 'e', 's', 'e', 'r', 'v', 'e', 'd', 0), 19, `"frame-pointer"="reserved" attribute`},
		{"frame-pointer all", grp(str, 'f', 'r', 'a', 'm', 'e', '-', 'p', 'o', 'i', 'n', 't', 'e', 'r', 0, 'a', 'l', 'l', 0), 0, ""},
		{"uwtable(sync)", grp(intA, 33, 1), 15, "uwtable attribute"},
		{"uwtable", grp(enum, 33), 0, ""},
		{"mustprogress", grp(enum, 70), 0, ""},
		{"noundef", grp(enum, 68), 0, ""},
		{"allockind", grp(intA, 82, 9), 15, "allockind attribute"},
		{"memory v0", grp(intA, 86, 0x15), 16, "memory attribute"},
		// memory(read): every location read, the older readers' too.
		{"memory(read)", grp(intA, 86, 1<<56|0x555), 16, "memory attribute"},
		// memory(argmem: readwrite).
		{"memory(argmem)", grp(intA, 86, 1<<56|0x3), 16, "memory attribute"},
		// memory(read, errnomem: none): 16 to 20 see errno memory's
		// bits as other memory's.
		{"memory errnomem", grp(intA, 86, 1<<56|0x545), 21, "memory(...) attribute with errnomem effects of their own"},
		// memory(inaccessiblemem: read, target_mem0: write).
		{"memory target_mem", grp(intA, 86, 1<<56|0x204), 22, "memory(...) attribute with target_mem0/target_mem1 effects of their own"},
		{"nofpclass", grp(intA, 87, 3), 17, "nofpclass attribute"},
		{"range", grp(rng, 92, 32, 0, 20, enum, 18), 19, "range attribute"},
		{"range i128", grp(rng, 92, 128, 1|1<<32, 0, 20, enum, 18), 19, "range attribute"},
		{"initializes", grp(rngs, 94, 1, 64, 0, 8), 19, "initializes attribute"},
		{"captures", grp(intA, 102, 0), 21, "captures attribute"},
		{"nocreateundeforpoison", grp(enum, 105), 22, "nocreateundeforpoison attribute"},
		{"newest wins", grp(enum, 105, intA, 33, 1), 22, "nocreateundeforpoison attribute"},
		{"first of the newest", grp(intA, 33, 1, intA, 82, 9), 15, "uwtable attribute"},
		// hybrid_patchable's code: no reader maps it.
		{"kind 95", grp(enum, 95), Latest + 1, "an attribute of unknown kind"},
		{"unknown encoding", grp(9, 1), Latest + 1, "an attribute of unknown encoding"},
		{"cut short", grp(intA, 86), 0, ""},
	}
	for _, tt := range tests {
		v, what := attrGroupRecord(tt.ops)
		if v != tt.version || what != tt.what {
			t.Errorf("%s: %d %q, want %d %q", tt.name, v, what, tt.version, tt.what)
		}
	}
}

// TestOldAttrRecord: uwtable in LLVM 3.2's attribute masks (bit 30 of the
// attributes, bit 41 of the mask) is read alike from LLVM 16 on.
func TestOldAttrRecord(t *testing.T) {
	for _, tt := range []struct {
		ops  []uint64
		want int
	}{
		{[]uint64{0xFFFFFFFF, 1 << 41}, 16},
		{[]uint64{1, 1, 0xFFFFFFFF, 1<<41 | 1<<5}, 16},
		{[]uint64{0xFFFFFFFF, 1 << 5}, 0}, // nounwind
		{[]uint64{0xFFFFFFFF}, 0},
	} {
		if got, _ := oldAttrRecord(tt.ops); got != tt.want {
			t.Errorf("%#x: %d, want %d", tt.ops, got, tt.want)
		}
	}
}

// TestSummaryVersion: LLVM 13 to 18 read summaries up to version 9, 19
// up to 10, 21 up to 12.
func TestSummaryVersion(t *testing.T) {
	for _, tt := range []struct {
		v    uint64
		want int
	}{{1, 0}, {9, 0}, {10, 19}, {11, 21}, {12, 21}, {13, Latest + 1}} {
		if got, _ := summaryVersion(tt.v); got != tt.want {
			t.Errorf("summary version %d: %d, want %d", tt.v, got, tt.want)
		}
	}
}
