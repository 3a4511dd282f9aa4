#!/usr/bin/env bash
# regen.sh - rebuild the gllvm/wllvm fixtures: objects built as gllvm
# builds them (each object's .llvm_bc section holds the path of its
# bitcode file and a newline; the linker concatenates them), from
# ../containers/src/{main,util,math}.c, freestanding, for x86_64 Linux:
#   main.bc util.bc math.bc  the bitcode files (clang-22 -emit-llvm)
#   prog                     a program whose .llvm_bc lists the three,
#                            by paths relative to the repository's root
#                            (gllvm writes absolute ones)
#   prog-missing             the same and one more object, whose listed
#                            file testdata/gllvm/gone.bc does not exist
# Tools: clang-22, llvm-objcopy-22, ld.lld-22.
set -euo pipefail
cd "$(dirname "$0")"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
flags=(--target=x86_64-linux-gnu -ffreestanding -nostdlib -nostdinc -O1 -fno-ident -ffile-compilation-dir=.)
for s in main util math; do
	clang-22 "${flags[@]}" -emit-llvm -c "../containers/src/$s.c" -o "$s.bc"
	clang-22 "${flags[@]}" -c "../containers/src/$s.c" -o "$tmp/$s.o"
	printf 'testdata/gllvm/%s.bc\n' "$s" >"$tmp/$s.path"
	llvm-objcopy-22 --add-section ".llvm_bc=$tmp/$s.path" "$tmp/$s.o"
done
echo 'int gone(void) { return 1; }' >"$tmp/gone.c"
clang-22 "${flags[@]}" -c "$tmp/gone.c" -o "$tmp/gone.o"
printf 'testdata/gllvm/gone.bc\n' >"$tmp/gone.path"
llvm-objcopy-22 --add-section ".llvm_bc=$tmp/gone.path" "$tmp/gone.o"
ld.lld-22 -static -e main --build-id=none -o prog "$tmp/main.o" "$tmp/util.o" "$tmp/math.o"
ld.lld-22 -static -e main --build-id=none -o prog-missing "$tmp/main.o" "$tmp/util.o" "$tmp/math.o" "$tmp/gone.o"
