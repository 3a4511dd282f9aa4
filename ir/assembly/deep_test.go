package assembly

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"runtime/debug"
	"strings"
	"testing"

	"github.com/bcextract/bcextract/ir"
)

// chainModule is a module whose named node !named heads a chain of n
// tuples, each naming the next (!0 = !{!1} ...), the last holding a
// constant of the identified struct %T; %U, in the type table too, is used
// by nothing, so that the type finder never has every type and walks the
// whole chain to find %T.
func chainModule(n int) *ir.Module {
	st := &ir.Type{Kind: ir.StructType, Identified: true, Name: "T", Fields: []*ir.Type{i32}}
	unused := &ir.Type{Kind: ir.StructType, Identified: true, Name: "U", Fields: []*ir.Type{i64}}
	nodes := make([]ir.MDTuple, n)
	for i := range nodes {
		nodes[i].ID = uint32(i + 1)
		if i+1 < n {
			nodes[i].Ops = []ir.Metadata{&nodes[i+1]}
		}
	}
	nodes[n-1].Ops = []ir.Metadata{&ir.ValueAsMetadata{Value: &ir.ConstNull{Typ: st}}}
	return &ir.Module{
		Types:         []*ir.Type{st, unused},
		NamedMetadata: []*ir.NamedMetadata{{Name: "named", Ops: []ir.MDNode{&nodes[0]}}},
	}
}

// TestWriteDeepChain prints a chain of metadata nodes as llvm-dis-22 does
// (its head worked out with llvm-as-22 on a chain of three), long enough
// that a printer walking it by recursion would need tens of megabytes of
// stack: the test runs itself again in a process whose stacks may not
// grow past 4 MB.
func TestWriteDeepChain(t *testing.T) {
	const n = 300_000
	if os.Getenv("BCX_DEEP_CHAIN_CHILD") == "1" {
		debug.SetMaxStack(4 << 20)
		var b bytes.Buffer
		if err := Write(&b, chainModule(n), Options{}); err != nil {
			t.Fatal(err)
		}
		out := b.String()
		head := "\n%T = type { i32 }\n\n!named = !{!0}\n\n!0 = !{!1}\n!1 = !{!2}\n"
		if !strings.HasPrefix(out, head) {
			t.Fatalf("output starts\n%.200s\nwant\n%s", out, head)
		}
		tail := fmt.Sprintf("!%d = !{!%d}\n!%d = !{%%T zeroinitializer}\n", n-2, n-1, n-1)
		if !strings.HasSuffix(out, tail) {
			t.Fatalf("output ends\n%s\nwant\n%s", out[max(0, len(out)-200):], tail)
		}
		if got := strings.Count(out, "\n"); got != n+5 {
			t.Fatalf("%d lines, want %d", got, n+5)
		}
		return
	}
	if testing.Short() {
		t.Skip("runs a process of its own")
	}
	exe, err := os.Executable()
	if err != nil {
		t.Skip(err)
	}
	cmd := exec.Command(exe, "-test.run=^TestWriteDeepChain$", "-test.v")
	cmd.Env = append(os.Environ(), "BCX_DEEP_CHAIN_CHILD=1")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("%v\n%s", err, tail(out, 2000))
	}
}

// tail returns the last n bytes of b.
func tail(b []byte, n int) []byte {
	if len(b) > n {
		return b[len(b)-n:]
	}
	return b
}
