#!/usr/bin/env bash
# regen.sh - the fixture of TestGoldens: a compile unit missing
# from !llvm.dbg.cu that named metadata reaches (llvm-as-22 -disable-verify),
# and its golden from llvm-dis-22, which strips the debug info as invalid.
# Not under testdata/: LLVM's own strip leaves the unit (the named
# metadata holds it), so opt-22's output is as invalid and the
# conformance scripts, which take what LLVM 22 reads cleanly, have no
# use for it.
set -euo pipefail
cd "$(dirname "$0")"
llvm-as-22 -disable-verify di-unlisted-unit-named.ll -o di-unlisted-unit-named.bc
llvm-dis-22 di-unlisted-unit-named.bc -o - 2>/dev/null >di-unlisted-unit-named.dis
