#!/usr/bin/env bash
# regen.sh - goldens of modules no producer writes, kept from fuzzing
# (their .bc files are the fuzzer's, committed as they are; only the
# .dis files are made here, by llvm-dis-22):
#   bf16-remangled.bc  FuzzWrite's mutation of testdata/ir/llvmtest/
#                      arm-bf16-upgrade.bc: one declaration is named
#                      llvm.arm.neon.bfdot.v4f32.v16 and two bytes 0x80 0xff.
#                      LLVM 22 remangles it (.v16i8), then upgrades that
#                      name as LLVM 11's (.v8bf16).
#   data-len.bc        FuzzWrite's mutation of testdata/ir/llvmtest/
#                      arm-bf16-upgrade.bc: a shufflevector mask, a DATA
#                      constant of 8 elements after a SETTYPE of
#                      <12 x i32>: LLVM's reader makes it <8 x i32> (one
#                      element per operand), and the shufflevector
#                      <8 x bfloat>.
#   gep-type.bc        FuzzWrite's: a getelementptr constant expression over
#                      a scalable type (made an instruction on reading)
#                      after a SETTYPE of i64: its type is ptr, from its
#                      operands, as LLVM's reader makes it.
#   di-body-expr.bc    FuzzWrite's: an llvm.dbg.value call whose expression
#                      is invalid; llvm-dis-22 strips the debug info of the
#                      whole module, and so does bcextract, reading it again
#                      (a reader that does not read again reports it:
#                      di-body-expr.want).
#   rmw-align.bc       FuzzWrite's mutation of testdata/ir/upgrade/amdgpu-llvm19:
#                      an AMDGPU atomic intrinsic of i50, which LLVM 22 makes an
#                      atomicrmw aligned to Align(7 bytes): 4 (a release
#                      build's Align keeps the log2).
#   stripped-loc.bc    FuzzWrite's mutation of testdata/ir/nvvm-llvm14: no
#                      valid "Debug Info Version" (the debug info is
#                      stripped) and a body's DEBUG_LOC names metadata ID 8,
#                      which does not exist. LLVM 22's llvm-dis crashes on
#                      it: no .dis; bcextract fails the body every time it
#                      is loaded (stripped-loc.err).
#   stripped-record.bc FuzzWrite's, the same module but a debug record naming
#                      metadata ID 32768, which does not exist: llvm-dis-22
#                      crashes; the body fails every time (stripped-record.err).
set -euo pipefail
cd "$(dirname "$0")"
for f in *.bc; do
	[ -e "${f%.bc}.err" ] && continue
	llvm-dis-22 "$f" -o - 2>/dev/null >"${f%.bc}.dis"
done
