#!/usr/bin/env bash
# bench_mdmem.sh - peak memory and wall time of bcextract on metadata-heavy
# valid modules, against llvm-dis-22 on the same module.
#
# Usage: scripts/bench_mdmem.sh [--runs N] [--bcextract PATH] [--base PATH]
#                               [--shapes "S ..."] [--scale F]
#
# Inputs (made with llvm-as-22 under a scratch directory in /tmp):
#   distinct  2,000,000 `distinct !{}` nodes under one named node (~12 MB)
#   chain     a 300,000-long chain of tuples, each naming the one before
#             (`!1 = !{!0}`, ...), the last under a named node
#   dchain    the same chain of distinct tuples
#   blocks    300,000 nested distinct DILexicalBlocks, the innermost the
#             scope of the location of @f's only instruction
#   inlined   a 300,000-long DILocation inlinedAt chain on that instruction
# --scale F multiplies the node counts (e.g. 0.1 for a quick look).
# Each module also has a twin with one more function (@g), so that `diff`
# reads both sides (equal bytes pair unread).
#
# For each module and command:
#   dis        bcextract dis M
#   funcs      bcextract funcs M
#   callgraph  bcextract callgraph M
#   diff       bcextract diff M TWIN
#   llvm-dis   llvm-dis-22 M -o - (stack limit lifted, as it recurses)
# run --runs times (default 1), all output to /dev/null, the median wall time
# and peak RSS (/usr/bin/time %M) printed with RSS/input (goal: <= 40) and
# RSS/llvm-dis-22 (goal: <= 1). With --base, a second bcextract (say, one
# built from main) is measured too, in the columns "before". Whether `dis`
# prints what llvm-dis-22 prints is checked first.
set -euo pipefail

RUNS=1
BCX=""
BASE=""
SHAPES="distinct chain dchain blocks inlined"
SCALE=1
while [[ $# -gt 0 ]]; do
	case "$1" in
	--runs) RUNS=${2:?}; shift 2 ;;
	--bcextract) BCX=${2:?}; shift 2 ;;
	--base) BASE=$(realpath "${2:?}"); shift 2 ;;
	--shapes) SHAPES=${2:?}; shift 2 ;;
	--scale) SCALE=${2:?}; shift 2 ;;
	-h | --help) sed -n '2,/^set -e/{/^set -e/d;s/^# \{0,1\}//;p}' "$0"; exit 0 ;;
	*) echo "bench_mdmem.sh: unknown argument $1" >&2; exit 2 ;;
	esac
done

REPO="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
export PATH="$PATH:/usr/local/go/bin"
# shellcheck source=scripts/benchlib.sh
source "$REPO/scripts/benchlib.sh"
need_tools bench_mdmem llvm-dis-22 llvm-as-22 awk /usr/bin/time
bench_setup

# gen SHAPE N EXTRA: the module's assembly on stdout. Nodes refer only to
# nodes defined before them, so that llvm-as-22 does not recurse over
# forward references.
gen() {
	awk -v shape="$1" -v n="$2" -v extra="$3" '
	function fn() {
		print "define void @f() {\n  ret void\n}"
	}
	function dihead() {
		print "!llvm.dbg.cu = !{!0}\n!llvm.module.flags = !{!4}"
		print "!0 = distinct !DICompileUnit(language: DW_LANG_C99, file: !1, producer: \"gen\", isOptimized: false, runtimeVersion: 0, emissionKind: FullDebug)"
		print "!1 = !DIFile(filename: \"a.c\", directory: \".\")"
		print "!2 = !DISubroutineType(types: !{null})"
		print "!3 = distinct !DISubprogram(name: \"f\", scope: !1, file: !1, line: 1, type: !2, scopeLine: 1, spFlags: DISPFlagDefinition, unit: !0)"
		print "!4 = !{i32 2, !\"Debug Info Version\", i32 3}"
	}
	BEGIN {
		if (extra) print "define void @g() {\n  ret void\n}"
		if (shape == "distinct") {
			fn()
			printf "!named = !{"
			for (i = 0; i < n; i++) printf "%s!%d", (i ? ", " : ""), i
			print "}"
			for (i = 0; i < n; i++) printf "!%d = distinct !{}\n", i
		} else if (shape == "chain" || shape == "dchain") {
			d = shape == "dchain" ? "distinct " : ""
			fn()
			printf "!named = !{!%d}\n", n - 1
			printf "!0 = %s!{}\n", d
			for (i = 1; i < n; i++) printf "!%d = %s!{!%d}\n", i, d, i - 1
		} else if (shape == "blocks") {
			print "define void @f() !dbg !3 {\n  ret void, !dbg !" (n + 5) "\n}"
			dihead()
			p = 3
			for (i = 0; i < n; i++) {
				printf "!%d = distinct !DILexicalBlock(scope: !%d, file: !1, line: %d, column: 1)\n", 5 + i, p, i + 2
				p = 5 + i
			}
			printf "!%d = !DILocation(line: 1, column: 1, scope: !%d)\n", n + 5, p
		} else if (shape == "inlined") {
			print "define void @f() !dbg !3 {\n  ret void, !dbg !" (n + 4) "\n}"
			dihead()
			print "!5 = !DILocation(line: 1, column: 1, scope: !3)"
			for (i = 1; i < n; i++) printf "!%d = !DILocation(line: %d, column: 1, scope: !3, inlinedAt: !%d)\n", 5 + i, i + 1, 4 + i
		} else {
			print "unknown shape " shape > "/dev/stderr"
			exit 1
		}
	}'
}

count() {
	local n
	case $1 in
	distinct) n=2000000 ;;
	*) n=300000 ;;
	esac
	awk -v n="$n" -v s="$SCALE" 'BEGIN { printf "%d", n * s < 2 ? 2 : n * s }'
}

ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (b > 0) printf "%.1f", a / b; else print "n/a" }'; }
med() { cut -d' ' -f"$2" "$WORK/times.$1" | median; }

# run LABEL CMD...: run CMD --runs times (stdout discarded, a non-zero exit
# allowed: diff finds @g), appending "seconds peak-KiB" to $WORK/times.LABEL.
run() {
	local label=$1 r t0 t1
	shift
	rm -f "$WORK/times.$label"
	for ((r = 1; r <= RUNS; r++)); do
		t0=$EPOCHREALTIME
		/usr/bin/time -f '%M' -o "$WORK/m" "$@" >/dev/null || true
		t1=$EPOCHREALTIME
		echo "$(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.2f", b - a }') $(tail -n 1 "$WORK/m")" >>"$WORK/times.$label"
	done
}

# bcx BIN CMD M TWIN: the bcextract command line of CMD.
bcx() {
	case $2 in
	diff) echo "$1 diff $3 $4" ;;
	*) echo "$1 $2 $3" ;;
	esac
}

ulimit -s unlimited 2>/dev/null || true
printf '%-9s %8s %-9s %9s %10s %7s %7s' shape input command wall RSS_KiB xinput xdis
[[ -n $BASE ]] && printf ' | %9s %10s %7s %7s' wall RSS_KiB xinput xdis
echo
[[ -n $BASE ]] && printf '%-9s %8s %-9s %36s | %s\n' "" "" "" "after" "before"
for s in $SHAPES; do
	n=$(count "$s")
	gen "$s" "$n" "" >"$WORK/$s.ll"
	gen "$s" "$n" 1 >"$WORK/$s.twin.ll"
	llvm-as-22 "$WORK/$s.ll" -o "$WORK/$s.bc"
	llvm-as-22 "$WORK/$s.twin.ll" -o "$WORK/$s.twin.bc"
	rm -f "$WORK/$s.ll" "$WORK/$s.twin.ll"
	m="$WORK/$s.bc"
	kib=$(($(wc -c <"$m") / 1024))
	if ! cmp -s <(cd "$WORK" && "$BCX" dis "$s.bc" 2>&1) <(cd "$WORK" && llvm-dis-22 "$s.bc" -o -); then
		echo "$s: bcextract dis does not print what llvm-dis-22 prints"
	fi
	run llvm llvm-dis-22 "$m" -o -
	dkib=$(med llvm 2)
	printf '%-9s %8s %-9s %9s %10s %7s %7s\n' "$s" "${kib}K" llvm-dis "$(med llvm 1)" "$dkib" "$(ratio "$dkib" "$kib")" 1.0
	for c in dis funcs callgraph diff; do
		# shellcheck disable=SC2046
		run after $(bcx "$BCX" "$c" "$m" "$WORK/$s.twin.bc")
		printf '%-9s %8s %-9s %9s %10s %7s %7s' "$s" "${kib}K" "$c" "$(med after 1)" "$(med after 2)" \
			"$(ratio "$(med after 2)" "$kib")" "$(ratio "$(med after 2)" "$dkib")"
		if [[ -n $BASE ]]; then
			# shellcheck disable=SC2046
			run before $(bcx "$BASE" "$c" "$m" "$WORK/$s.twin.bc")
			printf ' | %9s %10s %7s %7s' "$(med before 1)" "$(med before 2)" \
				"$(ratio "$(med before 2)" "$kib")" "$(ratio "$(med before 2)" "$dkib")"
		fi
		echo
	done
	rm -f "$m" "$WORK/$s.twin.bc"
done
