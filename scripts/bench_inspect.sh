#!/usr/bin/env bash
# bench_inspect.sh - time `bcextract inspect` against llvm-dis-22.
#
# Usage: scripts/bench_inspect.sh [--bcextract PATH] [--runs N] [--cache DIR]
#
# Inputs are scripts/bench.sh's (same cache, built by running it once when
# missing): the 5 MB .llvmbc module of Rust's libstd and the generated large
# module (20 MiB or more, with debug info). For each, runs alternate
#   bcextract inspect FILE         (reads identification, globals, metadata,
#                                   symbol table; skips function bodies)
#   llvm-dis-22 FILE -o /dev/null  (what a user runs today to read the same)
# after one untimed warm-up each, and the script prints median wall seconds,
# peak RSS (KB, /usr/bin/time) and the ratio ours/theirs. Also
#   bcextract inspect --json --symbols FILE   (everything, every global)
# as a second "ours" line.
set -euo pipefail

REPO=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
RUNS=7
CACHE=${BCX_BENCH_CACHE:-${TMPDIR:-/tmp}/bcextract-bench-cache}
BCX=
while [[ $# -gt 0 ]]; do
	case $1 in
	--bcextract) BCX=${2:?}; shift 2 ;;
	--runs) RUNS=${2:?}; shift 2 ;;
	--cache) CACHE=${2:?}; shift 2 ;;
	*) echo "usage: $0 [--bcextract PATH] [--runs N] [--cache DIR]" >&2; exit 2 ;;
	esac
done
if ! command -v llvm-dis-22 >/dev/null; then
	echo "SKIPPED: llvm-dis-22 not found - inspect NOT benchmarked"
	exit 0
fi
# shellcheck source=scripts/benchlib.sh
source "$REPO/scripts/benchlib.sh"
need_tools bench_inspect /usr/bin/time
bench_setup
shopt -s nullglob
inputs=("$CACHE"/libstd-*.llvmbc.bc "$CACHE"/big-v*-*mb.bc)
if [[ ${#inputs[@]} -lt 2 ]]; then
	echo "building the inputs with scripts/bench.sh ..." >&2
	BCX_BENCH_CACHE=$CACHE "$REPO/scripts/bench.sh" --bcextract "$BCX" --runs 5 >/dev/null
	inputs=("$CACHE"/libstd-*.llvmbc.bc "$CACHE"/big-v*-*mb.bc)
fi

printf '%-28s %-30s %10s %10s\n' input tool seconds peak-KB
for f in "${inputs[@]}"; do
	name=$(basename "$f")
	"$BCX" inspect "$f" >/dev/null
	llvm-dis-22 "$f" -o /dev/null
	rm -f "$WORK"/times.*
	for _ in $(seq "$RUNS"); do
		measure a "$BCX" inspect "$f"
		measure b llvm-dis-22 "$f" -o /dev/null
		measure c "$BCX" inspect --json --symbols "$f"
	done
	ta=$(cut -d' ' -f1 "$WORK/times.a" | median); tb=$(cut -d' ' -f1 "$WORK/times.b" | median); tc=$(cut -d' ' -f1 "$WORK/times.c" | median)
	ra=$(cut -d' ' -f2 "$WORK/times.a" | sort -n | tail -1); rb=$(cut -d' ' -f2 "$WORK/times.b" | sort -n | tail -1); rc=$(cut -d' ' -f2 "$WORK/times.c" | sort -n | tail -1)
	printf '%-28.28s %-30s %10.4f %10s\n' "$name" "bcextract inspect" "$ta" "$ra"
	printf '%-28.28s %-30s %10.4f %10s\n' "$name" "bcextract inspect --json" "$tc" "$rc"
	printf '%-28.28s %-30s %10.4f %10s\n' "$name" "llvm-dis-22" "$tb" "$rb"
	awk -v a="$ta" -v b="$tb" -v n="$name" -v s="$(wc -c <"$f")" \
		'BEGIN {printf "%s (%.1f MB): inspect/llvm-dis time ratio %.4f (%.0fx faster)\n", n, s/1048576, a/b, b/a}'
done
