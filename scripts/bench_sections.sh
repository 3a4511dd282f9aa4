#!/usr/bin/env bash
# bench_sections.sh - time `bcextract sections --bb-addr-map` against
# `llvm-readobj-22 --bb-addr-map` on a generated executable, in one run.
#
# Usage: scripts/bench_sections.sh [--funcs N] [--runs N] [--bcextract PATH]
#
# Generates a C file of N functions (default 5000) with loops, branches and
# calls, compiles it with clang-22 -O1 -fbasic-block-address-map, links it with
# ld.lld-22, checks that both tools print the same thing (also with
# --pretty-pgo-analysis-map), then runs each --runs times (default 5),
# alternating (each run times a loop of 10 invocations), and prints the
# median wall time per invocation, peak RSS and the ratio.
set -euo pipefail

FUNCS=5000
RUNS=5
BCX=""
while [[ $# -gt 0 ]]; do
	case "$1" in
	--funcs) FUNCS=$2; shift 2 ;;
	--runs) RUNS=$2; shift 2 ;;
	--bcextract) BCX=$2; shift 2 ;;
	-h | --help) sed -n '2,/^$/{s/^# \{0,1\}//;p}' "$0"; exit 0 ;;
	*) echo "bench_sections.sh: unknown argument $1" >&2; exit 2 ;;
	esac
done
REPO="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
export PATH="$PATH:/usr/local/go/bin"
# shellcheck source=scripts/benchlib.sh
source "$REPO/scripts/benchlib.sh"
need_tools bench_sections clang-22 ld.lld-22 llvm-readobj-22 /usr/bin/time
bench_setup

{
	echo "int sink;"
	for ((i = 0; i < FUNCS; i++)); do
		prev=$((i > 0 ? i - 1 : 0))
		cat <<C
__attribute__((noinline)) int f$i(int n) {
	int s = 0;
	for (int k = 0; k < n; k++) {
		if (k % 3 == $((i % 3))) s += k * $i; else s -= k;
		if (s > 1000) break;
	}
	return $( ((i > 0)) && echo "s + f$prev(n - 1)" || echo "s" );
}
C
	done
	echo "int main(void) { return f$((FUNCS - 1))(sink); }"
} >"$WORK/big.c"
(cd "$WORK" && clang-22 -O1 -ffreestanding -fno-inline -fbasic-block-address-map -c big.c -o big.o &&
	ld.lld-22 -e main -static big.o -o big)
size=$(wc -c <"$WORK/big")
echo "input: executable with $FUNCS functions, $size bytes"

for flags in "--bb-addr-map" "--bb-addr-map --pretty-pgo-analysis-map"; do
	# shellcheck disable=SC2086
	if ! cmp -s <(cd "$WORK" && "$BCX" sections $flags big) <(cd "$WORK" && llvm-readobj-22 $flags big); then
		echo "FAIL: outputs differ for $flags"
		exit 1
	fi
done
lines=$(cd "$WORK" && "$BCX" sections --bb-addr-map big | wc -l)
echo "outputs: identical ($lines lines)"

# Wall time of one invocation, from a loop of 10 (EPOCHREALTIME resolution);
# peak RSS from /usr/bin/time on one more.
measure10() { # label cmd...
	local label=$1; shift
	local t0 t1 i
	t0=$EPOCHREALTIME
	for i in 1 2 3 4 5 6 7 8 9 10; do (cd "$WORK" && "$@" >/dev/null); done
	t1=$EPOCHREALTIME
	(cd "$WORK" && /usr/bin/time -f '%M' -o "$WORK/m" "$@" >/dev/null)
	echo "$(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.4f", (b - a) / 10 }') $(cat "$WORK/m")" >>"$WORK/$label"
}
for ((r = 1; r <= RUNS; r++)); do
	measure10 ours "$BCX" sections --bb-addr-map big
	measure10 theirs llvm-readobj-22 --bb-addr-map big
done
os=$(cut -d' ' -f1 "$WORK/ours" | median)
ts=$(cut -d' ' -f1 "$WORK/theirs" | median)
om=$(cut -d' ' -f2 "$WORK/ours" | sort -n | tail -1)
tm=$(cut -d' ' -f2 "$WORK/theirs" | sort -n | tail -1)
echo "bcextract sections --bb-addr-map:  median ${os}s over $RUNS runs (of 10 each), peak RSS ${om} KiB"
echo "llvm-readobj-22 --bb-addr-map:     median ${ts}s over $RUNS runs (of 10 each), peak RSS ${tm} KiB"
awk -v a="$os" -v b="$ts" 'BEGIN { if (b > 0) printf "ratio: %.2f of llvm-readobj-22'"'"'s time\n", a / b }'
