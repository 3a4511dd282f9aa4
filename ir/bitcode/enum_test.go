package bitcode

import (
	"github.com/bcextract/bcextract/internal/ircodes"
	"strings"
	"testing"

	bw "github.com/bcextract/bcextract/internal/bitwriter"
	"github.com/bcextract/bcextract/ir"
	"github.com/bcextract/bcextract/llvmir"
)

// TestEnumWide checks that an encoded enumeration wider than 32 bits takes
// the default of its decoder, not the case of its low 32 bits.
func TestEnumWide(t *testing.T) {
	const wide = 1 << 32
	if got := enum32(wide + 3); got != 1<<32-1 {
		t.Errorf("enum32(1<<32+3) = %d, want MaxUint32", got)
	}
	if got := enum32(19); got != 19 {
		t.Errorf("enum32(19) = %d, want 19", got)
	}
	for _, tt := range []struct {
		name      string
		got, want any
	}{
		{"linkage 3", decodeLinkage(3), ir.InternalLinkage},
		{"linkage wide+3", decodeLinkage(wide + 3), ir.ExternalLinkage},
		{"linkage 13", decodeLinkage(13), ir.PrivateLinkage},
		{"visibility wide+1", decodeVisibility(wide + 1), ir.DefaultVisibility},
		{"dll 2", decodeDLL(2), ir.DLLExport},
		{"tls 0", decodeTLS(0), ir.NotThreadLocal},
		{"tls wide", decodeTLS(wide), ir.GeneralDynamicTLS},
		{"unnamed_addr 2", decodeUnnamedAddr(2), ir.LocalUnnamedAddr},
		{"implicit comdat 10", hasImplicitComdat(10), true},
		{"implicit comdat wide+10", hasImplicitComdat(wide + 10), false},
		{"old dllimport", recordDLL(nil, 0, ir.ExternalLinkage, 5), ir.DLLImport},
		{"old dllimport wide", recordDLL(nil, 0, ir.ExternalLinkage, wide+5), ir.DefaultStorage},
		{"ordering 5", decodeOrdering(5), ir.AcquireRelease},
		{"ordering 6", decodeOrdering(6), ir.SequentiallyConsistent},
		{"ordering wide+1", decodeOrdering(wide + 1), ir.SequentiallyConsistent},
		{"rmw 20", first(ircodes.RMW(20)), ir.RMWFMinimum},
		{"fmf 1", decodeFMF(1), ir.AllowReassoc | ir.NoNaNs | ir.NoInfs | ir.NoSignedZeros | ir.AllowReciprocal | ir.AllowContract | ir.ApproxFunc},
		{"fmf 0x82", decodeFMF(0x82), ir.NoNaNs | ir.AllowReassoc},
		{"old readnone", first(oldMemoryAttr(uint64(llvmir.ATTR_KIND_READ_NONE))), uint64(0)},
		{"old readnone wide", second(oldMemoryAttr(wide + uint64(llvmir.ATTR_KIND_READ_NONE))), false},
		{"old readonly", first(oldMemoryAttr(uint64(llvmir.ATTR_KIND_READ_ONLY))), uint64(0x555)},
	} {
		if tt.got != tt.want {
			t.Errorf("%s: got %v, want %v", tt.name, tt.got, tt.want)
		}
	}
}

func first[A, B any](a A, _ B) A  { return a }
func second[A, B any](_ A, b B) B { return b }

// TestAttrGroupWideEncoding reads an attribute group whose entry kind is
// ATTR_ENC_ENUM plus 1<<32: an unknown kind, which ends the group with a
// note, as LLVM's reader refuses it; read by its low 32 bits it made an
// enum attribute (nounwind) out of what followed.
func TestAttrGroupWideEncoding(t *testing.T) {
	nounwind := uint64(llvmir.ATTR_KIND_NO_UNWIND)
	for _, tt := range []struct {
		enc  uint64
		want string // in the skip notes, "" for none
	}{
		{uint64(llvmir.ATTR_ENC_ENUM), ""},
		{uint64(llvmir.ATTR_ENC_ENUM) + 1<<32, "unknown entry kind 4294967296"},
	} {
		data := strtabModule([][]uint64{{2}}, func(w *bw.Writer) {
			w.EnterBlock(uint64(llvmir.PARAMATTR_GROUP_BLOCK_ID), 4)
			w.Unabbrev(uint64(llvmir.PARAMATTR_GRP_CODE_ENTRY), 1, 0xffffffff, tt.enc, nounwind)
			w.EndBlock()
		}, "")
		f, err := Open(data)
		if err != nil {
			t.Fatal(err)
		}
		r := f.Modules[0]
		if _, err := r.Module(); err != nil {
			t.Fatal(err)
		}
		var notes []string
		for _, s := range r.Skipped() {
			notes = append(notes, s.Msg)
		}
		got := strings.Join(notes, "\n")
		switch {
		case tt.want == "" && got != "":
			t.Errorf("encoding %#x: notes %q, want none", tt.enc, got)
		case tt.want != "" && !strings.Contains(got, tt.want):
			t.Errorf("encoding %#x: notes %q, want %q", tt.enc, got, tt.want)
		}
		if set := r.groups[1].set; (len(set) == 1 && set[0].Kind == ir.AttrNoUnwind) != (tt.want == "") {
			t.Errorf("encoding %#x: group %v", tt.enc, set)
		}
	}
}
