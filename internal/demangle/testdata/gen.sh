#!/usr/bin/env bash
# Regenerates internal/demangle/testdata/llvm22.txt: one line per name,
# "MANGLED<TAB>DEMANGLED", DEMANGLED being what llvm-nm-22 -C prints for a
# symbol named MANGLED (llvm::demangle, as llvm-readobj-22 -C and
# llvm-objdump-22 -C print it too; the script checks llvm-readobj-22).
#
# The names: every symbol of src/prog.cpp (std::vector, std::map,
# std::function, lambdas, templates, exceptions) and src/small.cpp
# (std::unique_ptr, std::function, std::swap) built by clang++-22 at -O1
# and -O0, of src/edge.cpp (the grammar's corners: folds, concepts,
# generic lambdas, floating-point and class template arguments, thunks)
# built at -O0 with -std=c++20, of src/crate.rs built by rustc with v0 and
# with legacy mangling, and extra-names.txt (edge cases written by hand,
# a sample of the v0 names of Rust's standard library rlibs and of
# rustc's own libraries, and of the names of libLLVM-22 on which
# github.com/ianlancetaylor/demangle, our demangler until 2026-11, and
# LLVM differed).
#
# Usage: internal/demangle/testdata/gen.sh   (from any directory)
# Tools: CLANGXX=clang++-22 CLANG=clang-22 RUSTC=rustc LLVM_NM=llvm-nm-22
#        LLVM_READOBJ=llvm-readobj-22 LLVM_CXXFILT=llvm-cxxfilt-22
set -euo pipefail

TD="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
CLANGXX="${CLANGXX:-clang++-22}"
CLANG="${CLANG:-clang-22}"
RUSTC="${RUSTC:-rustc}"
LLVM_NM="${LLVM_NM:-llvm-nm-22}"
LLVM_READOBJ="${LLVM_READOBJ:-llvm-readobj-22}"
export LC_ALL=C

TMP="$(mktemp -d)"
trap 'rm -rf "$TMP"' EXIT
cd "$TD"

OBJS="prog.o"
"$CLANGXX" --target=x86_64-linux-gnu -O1 -c src/prog.cpp -o "$TMP/prog.o"
for src in prog small; do
	for o in O0 O1; do
		[ "$src.$o" = prog.O1 ] && continue
		"$CLANGXX" --target=x86_64-linux-gnu -std=c++17 -"$o" -c "src/$src.cpp" -o "$TMP/$src.$o.o"
		OBJS="$OBJS $src.$o.o"
	done
done
"$CLANGXX" --target=x86_64-linux-gnu -std=c++20 -O0 -w -c src/edge.cpp -o "$TMP/edge.o"
OBJS="$OBJS edge.o v0.o legacy.o"
"$RUSTC" --crate-type=rlib --crate-name=v0 -O -C symbol-mangling-version=v0 --emit=obj -o "$TMP/v0.o" src/crate.rs
# Legacy mangling needs -Z unstable-options since Rust 1.9x.
RUSTC_BOOTSTRAP=1 "$RUSTC" -Z unstable-options --crate-type=rlib --crate-name=v0 -O \
	-C symbol-mangling-version=legacy --emit=obj -o "$TMP/legacy.o" src/crate.rs

# The names, in a stable order, local labels (".L…") left out.
{
	for o in $OBJS; do "$LLVM_NM" -j "$TMP/$o"; done
	cat extra-names.txt
} | grep -v -e '^\.L' -e '^$' | awk '!seen[$0]++' >"$TMP/names"

# One global function symbol per name, in that order.
{
	echo '.text'
	while IFS= read -r n; do
		printf '.globl "%s"\n"%s":\n\tnop\n' "$n" "$n"
	done <"$TMP/names"
} >"$TMP/names.s"
"$CLANG" --target=x86_64-linux-gnu -c "$TMP/names.s" -o "$TMP/names.o"
"$LLVM_NM" -p -j "$TMP/names.o" >"$TMP/mangled"
cmp -s "$TMP/mangled" "$TMP/names" || { echo "gen.sh: llvm-nm lists other names than were assembled" >&2; exit 1; }
"$LLVM_NM" -p -j -C "$TMP/names.o" >"$TMP/demangled"
# llvm-readobj-22 --symbols -C demangles with the same function.
"$LLVM_READOBJ" --symbols -C "$TMP/names.o" | sed -n 's/^    Name: \(.*\) ([0-9]*)$/\1/p' | tail -n +2 >"$TMP/readobj"
cmp -s "$TMP/readobj" "$TMP/demangled" || { echo "gen.sh: llvm-readobj-22 -C and llvm-nm-22 -C differ" >&2; exit 1; }
paste "$TMP/mangled" "$TMP/demangled" >llvm22.txt
# llvm-cxxfilt-22 agrees but where llvm::demangle does more: it keeps
# Microsoft names, does not retry a Rust name without its "_", and reads
# an "@" version itself.
if command -v llvm-cxxfilt-22 >/dev/null; then
	"${LLVM_CXXFILT:-llvm-cxxfilt-22}" <"$TMP/mangled" >"$TMP/cxxfilt"
	echo "gen.sh: llvm-cxxfilt-22 prints $(paste "$TMP/demangled" "$TMP/cxxfilt" | awk -F'\t' '$1 != $2' | wc -l) of them otherwise"
fi
echo "gen.sh: $(wc -l <llvm22.txt) names, $(awk -F'\t' '$1 != $2' llvm22.txt | wc -l) demangled"
