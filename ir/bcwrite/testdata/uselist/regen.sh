#!/usr/bin/env bash
# regen.sh - rebuild this folder's fixtures, each with what opt-22 writes
# for it (NAME.opt.bc: LLVM 22's reader, which drops or changes the
# use-list orders an older producer recorded, then its writer):
#   lifetime-llvm19.bc   clang-19 -O2 of lifetime.c, with its use-list orders
#   blockaddr-llvm19.bc  llvm-as-19 of blockaddr.ll (its uselistorder)
set -euo pipefail
cd "$(dirname "$0")"
clang-19 -O2 -c -emit-llvm lifetime.c -o lifetime-llvm19.bc
llvm-as-19 blockaddr.ll -o blockaddr-llvm19.bc
for f in lifetime-llvm19 blockaddr-llvm19; do
	opt-22 "$f.bc" -o "$f.opt.bc"
done
