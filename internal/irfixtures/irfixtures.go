// Package irfixtures lists the bitcode fixtures of testdata/ir that the IR
// packages' tests read: every NAME.bc at the top and in the topic folders
// beside it (testdata/ir/TOPIC/NAME.bc, each folder with a regen.sh of its
// own). Two folders are not fixtures of this kind and are left out:
// newer/ (what llvm-dis-22 refuses as too new; the golden comes from
// opt-22 -S) and refused/ (what llvm-dis-22 refuses as invalid; the golden
// is its error message).
//
// It imports nothing, so that the tests of package bitcode itself can use
// it.
package irfixtures

import (
	"path/filepath"
	"sort"
)

// Skipped are the folders of testdata/ir whose .bc files are not read as
// fixtures that llvm-dis-22 prints.
var Skipped = map[string]bool{"newer": true, "refused": true, "src": true}

// IR returns the paths of the fixtures under root (testdata/ir as seen
// from the caller), the top level first, then each topic folder in name
// order.
func IR(root string) []string {
	top, _ := filepath.Glob(filepath.Join(root, "*.bc"))
	sub, _ := filepath.Glob(filepath.Join(root, "*", "*.bc"))
	sort.Strings(top)
	sort.Strings(sub)
	out := top
	for _, p := range sub {
		if !Skipped[filepath.Base(filepath.Dir(p))] {
			out = append(out, p)
		}
	}
	return out
}

// Refused returns the paths of the fixtures under root that llvm-dis-22
// refuses (root/refused/NAME.bc, each beside NAME.err, llvm-dis-22's
// message).
func Refused(root string) []string {
	out, _ := filepath.Glob(filepath.Join(root, "refused", "*.bc"))
	sort.Strings(out)
	return out
}
