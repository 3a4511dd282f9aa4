#!/usr/bin/env bash
# Regenerates the OffloadBinary fixtures in sections/testdata/offload/:
#
#   pkg.out  three OffloadBinaries back to back, as llvm-offload-binary-22
#            writes them: nvptx64 bitcode (openmp), an amdgcn ELF object (hip),
#            and nvptx64 PTX (cuda) with an extra "feature" key
#   host.o   x86-64 ELF object whose .llvm.offloading section holds pkg.out
#            followed by a one-image package (PTX for sm_80, openmp), embedded
#            with -fembed-offload-object
#
# and prints what llvm-objdump-22 --offloading says about both (offload_test.go
# holds those values as literals; TestOffloadOracle compares live).
#
# Usage: sections/testdata/offload/gen.sh     (from any directory; no arguments)
#
# Tools (override through the environment):
#   CLANG=clang-22  OFFLOAD_BINARY=llvm-offload-binary-22 (or
#   clang-offload-packager-22, same syntax)  LLVM_OBJDUMP=llvm-objdump-22
#
# Everything is built with relative paths from this directory and
# -ffile-compilation-dir=.; intermediate files go to a temporary directory.
# Two runs give identical bytes.
set -euo pipefail

TD="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
CLANG="${CLANG:-clang-22}"
OFFLOAD_BINARY="${OFFLOAD_BINARY:-llvm-offload-binary-22}"
LLVM_OBJDUMP="${LLVM_OBJDUMP:-llvm-objdump-22}"

cd "$TD"
TMP="$(mktemp -d)"
trap 'rm -rf "$TMP"' EXIT

# PTX for sm_70 needs PTX ISA 6.0 or later; clang's default without a CUDA
# installation is older.
NV=(--target=nvptx64-nvidia-cuda -march=sm_70 -Xclang -target-feature -Xclang +ptx70)
COMMON=(-nogpulib -O2 -ffile-compilation-dir=.)

"$CLANG" "${NV[@]}" "${COMMON[@]}" -c -emit-llvm dev.c -o "$TMP/dev.bc"
"$CLANG" "${NV[@]}" "${COMMON[@]}" -S dev.c -o "$TMP/dev.s"
"$CLANG" --target=amdgcn-amd-amdhsa -mcpu=gfx90a "${COMMON[@]}" -c dev.c -o "$TMP/dev.o"

# The image kind comes from the file extension (.bc, .o, .s); kind= is the
# offload kind; every other key but file= is stored as a string.
"$OFFLOAD_BINARY" -o pkg.out \
	--image=file="$TMP/dev.bc",triple=nvptx64-nvidia-cuda,arch=sm_70,kind=openmp \
	--image=file="$TMP/dev.o",triple=amdgcn-amd-amdhsa,arch=gfx90a,kind=hip \
	--image=file="$TMP/dev.s",triple=nvptx64-nvidia-cuda,arch=sm_70,kind=cuda,feature=+ptx70
"$OFFLOAD_BINARY" -o "$TMP/one.out" \
	--image=file="$TMP/dev.s",triple=nvptx64-nvidia-cuda,arch=sm_80,kind=openmp

"$CLANG" --target=x86_64-linux-gnu "${COMMON[@]}" -c host.c -o host.o \
	-Xclang -fembed-offload-object=pkg.out \
	-Xclang -fembed-offload-object="$TMP/one.out"

if grep -q -F -e "$TMP" -e "$TD" pkg.out host.o; then
	echo "gen.sh: a build path ended up in a fixture" >&2
	exit 1
fi

for f in pkg.out host.o; do
	echo "== $LLVM_OBJDUMP --offloading $f"
	"$LLVM_OBJDUMP" --offloading "$f"
done
