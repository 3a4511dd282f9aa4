#!/usr/bin/env bash
# regen.sh - the fixtures of this folder: LLVM 22's writer's output for the
# debug-info fixtures of ../decl with their debug info stripped
# (`opt-22 --strip-debug`), which the writer, given the module stripped by
# ir.StripDebugInfo and ir.DebugStripper, must reproduce byte for byte.
set -euo pipefail
cd "$(dirname "$0")"
for name in debug-c debug-cxx; do
	opt-22 --strip-debug "../decl/$name.bc" -o "$name.bc"
done
# in/adler32-O2.bc is zlib's adler32.c as clang-22 -c -emit-llvm -O2 -g
# compiles it (zlib 1.3.x, github.com/madler/zlib); stripped, LLVM moves
# the use-list orders of the constants only debug records met first.
opt-22 --strip-debug in/adler32-O2.bc -o adler32-O2.bc
