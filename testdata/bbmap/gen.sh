#!/usr/bin/env bash
# Regenerates testdata/bbmap/: small linked executables with basic block
# address maps for the architectures testdata/sections lacks (AArch64 linked,
# RISC-V 64, 64-bit Power both byte orders, 32-bit Arm) and an x86_64 shared
# library, built from
# testdata/sections/src/bbmap.c, and the llvm-objdump-22 goldens
# golden/FIXTURE.blocks for them and for every testdata/sections fixture with
# a BB address map.
#
# Usage: testdata/bbmap/gen.sh     (from any directory; no arguments)
#
# Tools (override through the environment): CLANG=clang-22 LLC=llc-22
# LD_LLD=ld.lld-22 LLVM_OBJDUMP=llvm-objdump-22 LLVM_READOBJ=llvm-readobj-22,
# jq, and go (bcextract is built from this tree: the goldens take the blocks'
# addresses from `bcextract bbmap --json`, and everything inside a block from
# llvm-objdump-22 -d; see scripts/conformance_bbmap.sh, which prints them).
#
# clang-22 accepts -fbasic-block-address-map for x86 and AArch64 only; for
# the other targets the IR goes through llc-22 -basic-block-address-map.
# Two runs give identical bytes. The rest of the directory is not touched:
# samples.txt is hand-made, and the *.golden files are bcextract's own output
# (go test ./cmd/bcextract -run TestBBMapText -update-bbmap rewrites them).
set -euo pipefail

TD="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ROOT="$(cd "$TD/../.." && pwd)"
CLANG="${CLANG:-clang-22}"
LLC="${LLC:-llc-22}"
LD_LLD="${LD_LLD:-ld.lld-22}"
export LLVM_OBJDUMP="${LLVM_OBJDUMP:-llvm-objdump-22}"
export LLVM_READOBJ="${LLVM_READOBJ:-llvm-readobj-22}"
export LC_ALL=C
export SOURCE_DATE_EPOCH=0

TMP="$(mktemp -d)"
trap 'rm -rf "$TMP"' EXIT
(cd "$ROOT" && go build -o "$TMP/bcextract" ./cmd/bcextract)

cd "$TD"
rm -rf golden bbmap-aarch64 bbmap-x86_64.so bbmap-riscv64 bbmap-ppc64le bbmap-ppc64 bbmap-armv7
mkdir golden

SRC=../sections/src/bbmap.c
CFLAGS=(-ffreestanding -nostdlib -nostdinc -resource-dir=. -O1 -ffile-compilation-dir=. -fno-ident)
LDFLAGS=(-static -nostdlib -e main --build-id=none)

"$CLANG" --target=aarch64-linux-gnu "${CFLAGS[@]}" -fbasic-block-address-map -c "$SRC" -o "$TMP/aarch64.o"
"$LD_LLD" "${LDFLAGS[@]}" -o bbmap-aarch64 "$TMP/aarch64.o"
# via_llc TRIPLE OUT: clang to IR, llc with the BB address map, lld.
via_llc() {
	"$CLANG" --target="$1" "${CFLAGS[@]}" -S -emit-llvm "$SRC" -o "$TMP/$2.ll"
	"$LLC" -O1 -basic-block-address-map -filetype=obj "$TMP/$2.ll" -o "$TMP/$2.o"
	"$LD_LLD" "${LDFLAGS[@]}" -o "$2" "$TMP/$2.o"
}
# A shared library (position-independent, dynamic symbols).
"$CLANG" --target=x86_64-linux-gnu "${CFLAGS[@]}" -fPIC -fbasic-block-address-map -c "$SRC" -o "$TMP/pic.o"
"$LD_LLD" -shared -nostdlib --build-id=none -o bbmap-x86_64.so "$TMP/pic.o"
via_llc riscv64-linux-gnu bbmap-riscv64
via_llc powerpc64le-linux-gnu bbmap-ppc64le
via_llc powerpc64-linux-gnu bbmap-ppc64
via_llc armv7-linux-gnueabihf bbmap-armv7

FIXTURES=()
for f in x86_64 x86_64.o aarch64.o i686.o pgo.o sections.o crel.o clang19.o llvm14.o; do
	FIXTURES+=("../sections/bbmap-$f")
done
FIXTURES+=(bbmap-aarch64 bbmap-x86_64.so bbmap-riscv64 bbmap-ppc64le bbmap-ppc64 bbmap-armv7)
for f in "${FIXTURES[@]}"; do
	"$ROOT/scripts/conformance_bbmap.sh" --bcextract "$TMP/bcextract" --objdump-blocks "$f" >"golden/$(basename "$f").blocks"
done

# --- sanity checks ------------------------------------------------------------------------------
fail=0
complain() { echo "gen.sh: $*" >&2; fail=1; }
for f in "${FIXTURES[@]}"; do
	g="golden/$(basename "$f").blocks"
	[[ -s $g ]] || complain "$g is empty"
	# Every block ends where llvm-objdump's last instruction in it ends.
	awk '{ e = $6; sub(/:$/, "", e); if ($NF != e) { print FILENAME ": " $0; bad = 1 } } END { exit bad }' "$g" >&2 ||
		complain "$g: blocks not ending on an instruction boundary"
done
if grep -rlaE -e "$TD" -e "$TMP" -e '/work/' -e '/tmp/' -e "${HOME:-/root}/" --exclude=gen.sh --exclude='*.md' . >"$TMP/leaks"; then
	complain "absolute paths in: $(tr '\n' ' ' <"$TMP/leaks")"
fi
total=$(du -cb --apparent-size -- bbmap-* golden | tail -1 | cut -f1)
((total < 100000)) || complain "fixtures too large: $total bytes"
[[ $fail -eq 0 ]]
echo "gen.sh: ${#FIXTURES[@]} golden files, $total bytes in testdata/bbmap/"
