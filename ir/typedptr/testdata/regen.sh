#!/usr/bin/env bash
# regen.sh - the fixture of TestLowerWorked: typed.c built by clang-22 at
# -O0 (the test's counts are worked by hand from this source).
set -euo pipefail
cd "$(dirname "$0")"
clang-22 -c -emit-llvm -O0 typed.c -o typed.bc
