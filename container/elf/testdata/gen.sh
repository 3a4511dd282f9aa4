#!/usr/bin/env bash
# Regenerates the relocation fixtures of container/elf's tests with clang-22.
set -euo pipefail
cd "$(dirname "$0")"
CLANG=${CLANG:-clang-22}
printf 'int g(int);\nint f(int x){return g(x)+g(x+1);}\nint h(int x){return f(x)*2;}\n' >c.c
"$CLANG" -O1 -ffreestanding -fasynchronous-unwind-tables -c -Wa,--crel,--allow-experimental-crel c.c -o crel.o
"$CLANG" --target=i686-linux-gnu -ffreestanding -O1 -c c.c -o rel32.o
rm c.c
