#!/usr/bin/env bash
# regen.sh - the fixtures of TestLowerWorked: typed.c built by clang-22 at
# -O0 (the test's counts are worked by hand from this source); and of
# TestBodySharedChanges: shared-md.ll by llvm-as-22.
set -euo pipefail
cd "$(dirname "$0")"
clang-22 -c -emit-llvm -O0 typed.c -o typed.bc
llvm-as-22 shared-md.ll -o shared-md.bc
