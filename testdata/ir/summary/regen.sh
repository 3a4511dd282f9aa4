#!/usr/bin/env bash
# regen.sh - regenerate the module summary fixtures of testdata/ir/summary/
# and their goldens.
#
# Usage: testdata/ir/summary/regen.sh     (from any directory; no arguments)
#
# Every fixture is named summary-NAME.bc (it holds a ThinLTO module summary,
# "^N = ..." lines); NAME.dis is `llvm-dis-22 NAME.bc -o -` run from this
# folder with the bare file name. Sources are in src/:
#
#   summary-memprof        src/memprof.cpp, clang-22 -flto=thin with the
#                          MemProf profile src/memprof.yaml (llvm-profdata-22
#                          merge makes it binary): allocs: and callsites:,
#                          contexts in a radix tree, sizes of the hinted
#                          contexts (FS_ALLOC_CONTEXT_IDS). -gmlt: the
#                          profile is matched by line.
#   summary-memprof-llvm16 src/memprof-old.ll, opt-16 -module-summary:
#                          summary version 9 (64-bit stack ids, no MIB count)
#   summary-memprof-llvm19 the same by opt-19: version 10 (MIB count)
#   summary-memtag         src/memtag.c, clang-22 -fsanitize=memtag-stack for
#                          aarch64-linux-android: params: with calls, empty
#                          offset ranges ([0, -1]) and negative ones
#   summary-wpd            src/wpd.cpp, clang-22 -fwhole-program-vtables
#                          -fno-split-lto-unit: typeIdInfo: (type tests,
#                          virtual calls with and without constant
#                          arguments), vTableFuncs:, vcall_visibility,
#                          typeidCompatibleVTable entries, writeonly refs
#   summary-pgo            src/pgo.c with the profile src/pgo.proftext
#                          (-fprofile-instr-use): call hotness, tail calls
#   summary-relbf-llvm13   src/pgo.c by clang-13 -mllvm
#                          -write-relbf-to-summary: FS_PERMODULE_RELBF
#   summary-hand           src/hand.ll, a summary written by hand,
#                          llvm-as-22: hotness hot and critical, every
#                          MemProf allocation type, all four kinds of virtual
#                          calls, readonly/writeonly refs, an alias, a vtable
#   summary-hand-relbf     src/hand-relbf.ll, llvm-as-22
#                          -write-relbf-to-summary: relbf values up to 2^28-1
#                          with and without the tail flag
#
# Combined indexes (summary-combined-NAME.bc; llvm-dis-22 prints the
# summary after a source_filename line naming the file, the module
# identifier of a module without a source_filename record):
#
#   summary-combined-memprof  the thin link (llvm-lto2-22
#                             -thinlto-distributed-indexes, MemProf context
#                             disambiguation) of summary-memprof.bc and
#                             src/consume.c: allocs: with versions,
#                             callsites: with clones, allocs without context
#   summary-combined-memprof-ctx  the same thin link with
#                             -combined-index-memprof-context: allocs with
#                             their contexts (FS_COMBINED_ALLOC_INFO) in a
#                             context radix tree
#   summary-combined-wpd      the thin link of src/wpd-use.cpp and
#                             src/wpd-impl.cpp: typeid: with singleImpl
#   summary-combined-cfi      the thin link of src/cfi.c (-fsanitize=cfi-icall):
#                             FS_CFI_FUNCTION_DEFS, typeid: allOnes
#   summary-combined-llvm13   the thin link by llvm-lto2-13 of src/link-a.c and
#                             src/link-b.c (clang-13): summary version 9
#   summary-combined-hand     src/combined.ll, written by hand (llvm-as-22):
#                             the regular LTO module, two summaries of one
#                             GUID, aliases (one null), null callees, every
#                             type test and devirtualization resolution kind
#
# Compiles run in a scratch copy of src/ on bare file names, with
# -fdebug-compilation-dir=. where there is debug info, so two runs give
# byte-identical files. Tools can be overridden: CLANG=clang-22
# CLANGXX=clang++-22 CLANG13=clang-13 LLVM_AS=llvm-as-22 LLVM_DIS=llvm-dis-22
# LLVM_PROFDATA=llvm-profdata-22 OPT16=opt-16 OPT19=opt-19 LLVM_LTO2=llvm-lto2-22
# LLVM_LTO2_13=llvm-lto2-13 LLVM_NM=llvm-nm-22.
set -euo pipefail

DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
CLANG="${CLANG:-clang-22}"
CLANGXX="${CLANGXX:-clang++-22}"
CLANG13="${CLANG13:-clang-13}"
LLVM_AS="${LLVM_AS:-llvm-as-22}"
LLVM_DIS="${LLVM_DIS:-llvm-dis-22}"
LLVM_PROFDATA="${LLVM_PROFDATA:-llvm-profdata-22}"
OPT16="${OPT16:-opt-16}"
OPT19="${OPT19:-opt-19}"
LLVM_LTO2="${LLVM_LTO2:-llvm-lto2-22}"
LLVM_LTO2_13="${LLVM_LTO2_13:-llvm-lto2-13}"
LLVM_NM="${LLVM_NM:-llvm-nm-22}"
for t in "$CLANG" "$CLANGXX" "$CLANG13" "$LLVM_AS" "$LLVM_DIS" "$LLVM_PROFDATA" "$OPT16" "$OPT19" \
	"$LLVM_LTO2" "$LLVM_LTO2_13" "$LLVM_NM"; do
	command -v "$t" >/dev/null 2>&1 || { echo "regen.sh: $t not found" >&2; exit 1; }
done

TMP="$(mktemp -d)"
trap 'rm -rf "$TMP"' EXIT
cp "$DIR"/src/* "$TMP/"
cd "$TMP"
X86=(--target=x86_64-pc-linux-gnu)

"$LLVM_PROFDATA" merge memprof.yaml -o memprof.memprofdata
"$CLANGXX" "${X86[@]}" -O1 -gmlt -fdebug-info-for-profiling -fdebug-compilation-dir=. -flto=thin \
	-fmemory-profile-use=memprof.memprofdata -mllvm -memprof-report-hinted-sizes \
	-c memprof.cpp -o summary-memprof.bc
"$OPT16" -module-summary memprof-old.ll -o summary-memprof-llvm16.bc
"$OPT19" -module-summary memprof-old.ll -o summary-memprof-llvm19.bc
"$CLANG" --target=aarch64-linux-android -march=armv8.5-a+memtag -fsanitize=memtag-stack -O1 -flto=thin \
	-c memtag.c -o summary-memtag.bc
"$CLANGXX" "${X86[@]}" -O2 -flto=thin -fvisibility=hidden -fwhole-program-vtables -fno-split-lto-unit \
	-c wpd.cpp -o summary-wpd.bc
"$LLVM_PROFDATA" merge pgo.proftext -o pgo.profdata
"$CLANG" "${X86[@]}" -O2 -flto=thin -fprofile-instr-use=pgo.profdata -c pgo.c -o summary-pgo.bc
"$CLANG13" "${X86[@]}" -O2 -flto=thin -mllvm -write-relbf-to-summary -c pgo.c -o summary-relbf-llvm13.bc
"$LLVM_AS" hand.ll -o summary-hand.bc
"$LLVM_AS" -write-relbf-to-summary hand-relbf.ll -o summary-hand-relbf.bc

# resolutions OBJ... prints the -r options of a thin link of OBJ...: each
# global symbol defined first here prevails, is kept and visible outside
# (px), a later definition of it does not (x); undefined ones have none.
resolutions() {
	local o a b c
	declare -A seen=()
	for o in "$@"; do
		while read -r a b c; do
			if [[ $a == U ]]; then
				echo "-r=$o,$b,"
			elif [[ $b =~ ^[A-Z]$ ]]; then
				if [[ -n ${seen[$c]:-} ]]; then echo "-r=$o,$c,x"; else seen[$c]=1; echo "-r=$o,$c,px"; fi
			fi
		done < <("$LLVM_NM" "$o")
	done
}

# thinlink LTO2 NAME OBJ...: the combined index of OBJ[0] in NAME.bc.
thinlink() {
	local lto2=$1 name=$2
	shift 2
	# shellcheck disable=SC2046 # one word per option
	"$lto2" run "$@" -o "$name.out" -thinlto-distributed-indexes $(resolutions "$@") $EXTRA
	mv "$1.thinlto.bc" "$name.bc"
}
cp summary-memprof.bc memprof.o
"$CLANG" "${X86[@]}" -O1 -flto=thin -c consume.c -o consume.o
EXTRA="-enable-memprof-context-disambiguation -supports-hot-cold-new" thinlink "$LLVM_LTO2" summary-combined-memprof memprof.o consume.o
EXTRA="-enable-memprof-context-disambiguation -supports-hot-cold-new -combined-index-memprof-context" \
	thinlink "$LLVM_LTO2" summary-combined-memprof-ctx memprof.o consume.o
for u in use impl; do
	"$CLANGXX" "${X86[@]}" -O2 -flto=thin -fvisibility=hidden -fwhole-program-vtables -c "wpd-$u.cpp" -o "wpd-$u.o"
done
EXTRA=-whole-program-visibility thinlink "$LLVM_LTO2" summary-combined-wpd wpd-use.o wpd-impl.o
"$CLANG" "${X86[@]}" -O2 -flto=thin -fvisibility=hidden -fsanitize=cfi-icall -c cfi.c -o cfi.o
EXTRA= thinlink "$LLVM_LTO2" summary-combined-cfi cfi.o
for u in a b; do
	"$CLANG13" "${X86[@]}" -O2 -flto=thin -c "link-$u.c" -o "link-$u.o"
done
EXTRA= thinlink "$LLVM_LTO2_13" summary-combined-llvm13 link-a.o link-b.o
"$LLVM_AS" combined.ll -o summary-combined-hand.bc

rm -f "$DIR"/*.bc "$DIR"/*.dis
for bc in summary-*.bc; do
	name=${bc%.bc}
	if ! "$LLVM_DIS" "$bc" -o - >"$name.dis" 2>err; then
		echo "regen.sh: llvm-dis-22 rejects $bc: $(cat err)" >&2
		exit 1
	fi
	grep -q '^\^[0-9]* = ' "$name.dis" || { echo "regen.sh: $bc has no summary" >&2; exit 1; }
	cp "$bc" "$name.dis" "$DIR/"
done
# What each fixture is for must be in it.
grep -q 'allocs: ((versions: (none), memProf: ((type: cold' "$DIR/summary-memprof.dis"
grep -q 'callsites: ((callee: ' "$DIR/summary-memprof-llvm16.dis"
grep -q 'offset: \[0, -1\]' "$DIR/summary-memtag.dis"
grep -q 'vTableFuncs: ' "$DIR/summary-wpd.dis"
grep -q 'hotness: cold' "$DIR/summary-pgo.dis"
grep -q 'relbf: ' "$DIR/summary-relbf-llvm13.dis"
grep -q 'type: hot' "$DIR/summary-hand.dis"
grep -q 'versions: (notcold, cold)' "$DIR/summary-combined-memprof.dis"
grep -q 'memProf: ((type: cold, stackIds: ([0-9]' "$DIR/summary-combined-memprof-ctx.dis"
grep -q 'kind: singleImpl' "$DIR/summary-combined-wpd.dis"
grep -q 'kind: allOnes' "$DIR/summary-combined-cfi.dis"
grep -q 'aliasee: null' "$DIR/summary-combined-hand.dis"
