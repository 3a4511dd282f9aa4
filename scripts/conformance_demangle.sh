#!/usr/bin/env bash
# conformance_demangle.sh - compare internal/demangle with llvm-nm-22 -C on
# every symbol name of LLVM 22, libstdc++ and the Rust toolchain.
#
# Usage:
#   scripts/conformance_demangle.sh [--rustc] [--keep] [--max-diffs N]
#
#   --rustc        also the Rust compiler's own libraries ($(rustc --print
#                  sysroot)/lib/*.so: librustc_driver, 100,000 Rust v0 names
#                  and LLVM again; about 30 s more).
#   --keep         keep the scratch directory (the names, both outputs and
#                  the differences, per source).
#   --max-diffs N  print the first N differences of each source (default 5).
#
# The sources, each a list of distinct names:
#   libLLVM      llvm-nm-22 -D of libLLVM.so.22 and every symbol of LLVM's
#                static libraries (/usr/lib/llvm-22/lib/*.a), if installed
#   libclang-cpp llvm-nm-22 -D of libclang-cpp.so.22
#   libstdc++    llvm-nm-22 -D of libstdc++.so.6
#   Rust         every symbol (static and dynamic) of every .rlib, .a and .so
#                under $(rustc --print sysroot)/lib/rustlib
#   program      every symbol of internal/demangle/testdata/src/prog.cpp
#                built by clang++-22 -O1, of small.cpp at -O0 and of edge.cpp
#                (C++20) at -O0
#   extra        internal/demangle/testdata/extra-names.txt (edge cases)
#
# The reference is what llvm-nm-22 -C prints for each symbol of those files
# (llvm::demangle, which llvm-readobj-22 -C and llvm-objdump-22 -C call too;
# llvm-cxxfilt-22 demangles the same way except that it keeps Microsoft
# names and reads "__imp_" itself): the script runs llvm-nm-22 -p -j with
# and without -C on each file and pairs the lines. The extra names are
# assembled into one object first. Ours is internal/demangle.Name, run by
# its test TestNamesFile on the same names. A source missing on this
# machine is skipped with a "SKIPPED:" line. The last line is always
#   demangle: N passed, M failed
# counting distinct names over all sources; a failure is a name we print
# differently and that internal/demangle/testdata/known-differences.txt
# does not list with exactly our text. The exit status is non-zero if M > 0.

set -euo pipefail

KEEP=0
RUSTC_LIBS=0
MAXDIFFS=5
while [ $# -gt 0 ]; do
	case "$1" in
	--rustc) RUSTC_LIBS=1 ;;
	--keep) KEEP=1 ;;
	--max-diffs) MAXDIFFS="$2"; shift ;;
	-h|--help) sed -n '2,/^$/{s/^# \{0,1\}//;p}' "$0"; exit 0 ;;
	*) echo "conformance_demangle.sh: unknown argument $1" >&2; exit 2 ;;
	esac
	shift
done

NM=llvm-nm-22
CLANGXX=clang++-22
CLANG=clang-22
export LC_ALL=C

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
TD="$ROOT/internal/demangle/testdata"
if ! command -v "$NM" >/dev/null; then
	echo "SKIPPED: $NM not found"
	echo "demangle: 0 passed, 0 failed"
	exit 0
fi

TMP="$(mktemp -d)"
if [ "$KEEP" = 1 ]; then
	echo "scratch: $TMP"
else
	trap 'rm -rf "$TMP"' EXIT
fi

# pairs SOURCE NMFLAGS FILE...: append "MANGLED<TAB>DEMANGLED" for every
# symbol of the files to $TMP/SOURCE.raw. Archive member headers ("x.o:")
# and blank lines are the same in both listings and are dropped.
pairs() {
	local src="$1" flags="$2"
	shift 2
	[ $# -gt 0 ] || return 0
	# shellcheck disable=SC2086
	"$NM" -p -j $flags "$@" 2>/dev/null >"$TMP/j" || true
	# shellcheck disable=SC2086
	"$NM" -p -j -C $flags "$@" 2>/dev/null >"$TMP/c" || true
	if [ "$(wc -l <"$TMP/j")" != "$(wc -l <"$TMP/c")" ]; then
		echo "conformance_demangle.sh: $src: llvm-nm-22 listed $(wc -l <"$TMP/j") names, with -C $(wc -l <"$TMP/c")" >&2
		exit 1
	fi
	paste "$TMP/j" "$TMP/c" | awk -F'\t' 'NF == 2 && $1 != "" && !($1 == $2 && $1 ~ /:$/)' >>"$TMP/$src.raw"
}

SOURCES=()
add_source() { # add_source NAME: keep it if it has names
	if [ -s "$TMP/$1.raw" ]; then
		awk -F'\t' '!seen[$1]++' "$TMP/$1.raw" >"$TMP/$1.pairs"
		SOURCES+=("$1")
	else
		echo "SKIPPED: $1: no names (not installed?)"
	fi
}

# libLLVM: the shared library's dynamic symbols (its static table is
# stripped) and the static libraries.
LLVMLIB=/usr/lib/llvm-22/lib
shopt -s nullglob
pairs libLLVM -D "$LLVMLIB"/libLLVM.so.22*
pairs libLLVM "" "$LLVMLIB"/libLLVM*.a
add_source libLLVM
pairs libclang-cpp -D "$LLVMLIB"/libclang-cpp.so.22*
add_source libclang-cpp
pairs libstdc++ -D /usr/lib/x86_64-linux-gnu/libstdc++.so.6
add_source libstdc++

if command -v rustc >/dev/null; then
	SYSROOT="$(rustc --print sysroot)"
	mapfile -t RFILES < <(find "$SYSROOT/lib/rustlib" -type f \( -name '*.rlib' -o -name '*.a' -o -name '*.so' \) | sort)
	pairs Rust "" "${RFILES[@]}"
	pairs Rust -D "${RFILES[@]}"
	add_source Rust
	if [ "$RUSTC_LIBS" = 1 ]; then
		mapfile -t CFILES < <(find "$SYSROOT/lib" -maxdepth 1 -type f -name '*.so*' | sort)
		pairs rustc -D "${CFILES[@]}"
		add_source rustc
	fi
else
	echo "SKIPPED: Rust: rustc not found"
fi

if command -v "$CLANGXX" >/dev/null; then
	"$CLANGXX" --target=x86_64-linux-gnu -std=c++17 -O1 -c "$TD/src/prog.cpp" -o "$TMP/prog.o"
	"$CLANGXX" --target=x86_64-linux-gnu -std=c++17 -O0 -c "$TD/src/small.cpp" -o "$TMP/small.o"
	pairs program "" "$TMP/prog.o" "$TMP/small.o"
	"$CLANGXX" --target=x86_64-linux-gnu -std=c++20 -O0 -w -c "$TD/src/edge.cpp" -o "$TMP/edge.o"
	pairs program "" "$TMP/edge.o"
	add_source program
else
	echo "SKIPPED: program: $CLANGXX not found"
fi

# The extra names: one global symbol each, assembled, then listed.
if command -v "$CLANG" >/dev/null; then
	grep -v -e '^$' "$TD/extra-names.txt" | awk '!seen[$0]++' >"$TMP/extra.names"
	{
		echo '.text'
		while IFS= read -r n; do
			printf '.globl "%s"\n"%s":\n\tnop\n' "$n" "$n"
		done <"$TMP/extra.names"
	} >"$TMP/extra.s"
	"$CLANG" --target=x86_64-linux-gnu -c "$TMP/extra.s" -o "$TMP/extra.o"
	pairs extra "" "$TMP/extra.o"
	add_source extra
fi

# Ours, on every distinct name at once.
for s in "${SOURCES[@]}"; do cut -f1 "$TMP/$s.pairs"; done | awk '!seen[$0]++' >"$TMP/all.names"
(cd "$ROOT" && BCX_DEMANGLE_IN="$TMP/all.names" BCX_DEMANGLE_OUT="$TMP/all.ours" \
	go test -count=1 -run '^TestNamesFile$' ./internal/demangle >"$TMP/gotest.log" 2>&1) || {
	cat "$TMP/gotest.log" >&2
	exit 1
}
paste "$TMP/all.names" "$TMP/all.ours" >"$TMP/all.ours.pairs"

# One pass over every source: per source, the names, those we print
# differently, and those of them that known-differences.txt lists with
# exactly our text; then the same over all distinct names. A difference
# not listed goes to $TMP/SOURCE.diffs.
PAIRS=()
for s in "${SOURCES[@]}"; do PAIRS+=("$TMP/$s.pairs"); done
awk -F'\t' -v tmp="$TMP" '
	FILENAME == ARGV[1] { k[$1] = substr($0, length($1) + 2); next }
	FILENAME == ARGV[2] { o[$1] = substr($0, length($1) + 2); next }
	FNR == 1 { src = FILENAME; sub(/.*\//, "", src); sub(/\.pairs$/, "", src); order[++ns] = src }
	{
		want = substr($0, length($1) + 2)
		first = !($1 in all)
		all[$1] = 1
		n[src]++; if (first) n["all"]++
		if (o[$1] == want) next
		d[src]++; if (first) d["all"]++
		if (($1 in k) && k[$1] == o[$1]) { kn[src]++; if (first) kn["all"]++; next }
		printf "%s\n  llvm: %s\n  ours: %s\n", $1, want, o[$1] > (tmp "/" src ".diffs")
	}
	END {
		order[++ns] = "all"
		for (i = 1; i <= ns; i++) { s = order[i]; printf "%s %d %d %d\n", s, n[s], d[s], kn[s] }
	}' "$TD/known-differences.txt" "$TMP/all.ours.pairs" "${PAIRS[@]}" >"$TMP/counts"

printf '%-14s %8s %8s %8s %8s\n' source names differ known unknown
while read -r s n d kn; do
	printf '%-14s %8d %8d %8d %8d\n' "$s" "$n" "$d" "$kn" "$((d - kn))"
	if [ "$s" != all ] && [ "$d" != "$kn" ] && [ "$MAXDIFFS" -gt 0 ]; then
		head -n $((3 * MAXDIFFS)) "$TMP/$s.diffs" | sed 's/^/    /'
	fi
	if [ "$s" = all ]; then
		total=$n unknown=$((d - kn))
	fi
done <"$TMP/counts"
echo "demangle: $((total - unknown)) passed, $unknown failed"
[ "$unknown" = 0 ]
