#!/usr/bin/env bash
# regen.sh - what opt-22 writes for older producers' fixtures of
# testdata/ (NAME.opt.bc). Four whose function symbol tables LLVM 22's
# reader builds in another order than their bodies name their values:
#   constexpr-order    (LLVM 16) instructions a constant expression became,
#                      named as the body is read, before its symbol table
#   amdgpu-llvm19      calls erased by their upgrade: their names leave
#                      tombstones
#   amdgpu-llvm14      the same, with typed pointers
#   x86-ir-llvm14      calls upgraded into named instructions ("cast",
#                      "cvtps2pd"), the old calls' names let go after them
# and one whose invalid debug info LLVM 22 strips once it has read every
# body, registering the metadata kind heapallocsite last:
#   inlined-loop-llvm7-O2
set -euo pipefail
cd "$(dirname "$0")"
top=../../../../testdata/ir
opt-22 "$top/bodies/constexpr-order.bc" -o constexpr-order.opt.bc
for f in amdgpu-llvm19 amdgpu-llvm14 x86-ir-llvm14; do
	opt-22 "$top/upgrade/$f.bc" -o "$f.opt.bc"
done
opt-22 "$top/upgrade/strip/inlined-loop-llvm7-O2.bc" -o inlined-loop-llvm7-O2.opt.bc 2>/dev/null
