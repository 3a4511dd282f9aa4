package sections

import (
	"flag"
	"testing"
)

// oracleAll runs the comparisons with LLVM's tools that take one or two
// processes per case (yaml2obj-22 and llvm-readobj-22 per readobj case,
// llvm-objdump-22 per offloading case and mutation): some 1,000 processes,
// 25 CPU-seconds, more than "go test ./..." is to take. .ci/run sets it
// once LLVM 22 is installed; without it those tests skip.
var oracleAll = flag.Bool("oracle.all", false, "run every per-case comparison with llvm-readobj-22 and llvm-objdump-22")

// needOracleAll skips the test unless -oracle.all is set.
func needOracleAll(t *testing.T) {
	t.Helper()
	if !*oracleAll {
		t.Skip("one LLVM process per case: run with -oracle.all (.ci/run does)")
	}
}
