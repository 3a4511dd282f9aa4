package bitcode

import (
	"strings"

	"github.com/bcextract/bcextract/ir"
)

// intrinsicAttrs gives an intrinsic declaration LLVM 22's attributes for
// it (Intrinsic::getAttributes).
var intrinsicAttrs = ir.IntrinsicAttrs

// applyIntrinsicAttrs replaces the attributes of intrinsic declarations
// with the table's, as LLVM's reader does whatever the bitcode says.
func (r *Reader) applyIntrinsicAttrs() {
	if intrinsicAttrs == nil {
		return
	}
	for _, f := range r.m.Functions {
		if !strings.HasPrefix(f.Name, "llvm.") {
			continue
		}
		if l, ok := intrinsicAttrs(f.Name, f.Sig); ok {
			f.Attrs = l
		}
	}
}
