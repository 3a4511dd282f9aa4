#!/bin/sh
# Regenerates the SHT_LLVM_JT_SIZES and SHT_LLVM_CALL_GRAPH fixtures with
# LLVM 22.
#
#   jt-x86_64.o, jt-i686.o    llc -emit-jump-table-sizes-section on switch.ll:
#                             one .llvm_jump_table_sizes section per function
#                             (sw3 has two jump tables), RELA / REL against
#                             .rodata
#   jt-x86_64, jt-i686        the same, linked by ld.lld-22: one merged
#                             section with the tables' addresses
#   cg-x86_64.o, cg-aarch64.o clang -fexperimental-call-graph-section on cg.c:
#   cg-i686.o                 .llvm.callgraph, RELA (REL on i686)
#   cg-x86_64                 cg-x86_64.o linked by ld.lld-22
#
# Executables have entry point start and no libraries. The expected values
# in jtsizes_test.go and callgraph_test.go were read from llvm-objdump-22 -d
# and -s, llvm-readobj-22 -r --symbols and llvm-nm-22 of these files; rerun
# the tests after regenerating.
set -eu
cd "$(dirname "$0")"

LLC=${LLC:-llc-22}
CLANG=${CLANG:-clang-22}
LLD=${LLD:-ld.lld-22}

link() { # input output
	"$LLD" -static -e start --build-id=none -o "$2" "$1"
}

for arch in x86_64 i686; do
	"$LLC" -O2 -filetype=obj -emit-jump-table-sizes-section \
		-mtriple=$arch-unknown-linux-gnu switch.ll -o jt-$arch.o
	link jt-$arch.o jt-$arch
done

for arch in x86_64 aarch64 i686; do
	"$CLANG" --target=$arch-unknown-linux-gnu -O1 -ffreestanding \
		-fno-asynchronous-unwind-tables -fexperimental-call-graph-section \
		-c cg.c -o cg-$arch.o
done
link cg-x86_64.o cg-x86_64
