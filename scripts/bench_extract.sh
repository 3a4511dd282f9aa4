#!/usr/bin/env bash
# bench_extract.sh - time `bcextract extract` against llvm-ar-22 + llvm-objcopy-22
# on every .rlib of the installed Rust toolchain, in one run.
#
# Usage: scripts/bench_extract.sh [--runs N] [--bcextract PATH]
#
#   ours:   bcextract extract -d OUT RLIB...            (one process)
#   theirs: for each RLIB: llvm-ar-22 x into a fresh directory, then one
#           llvm-objcopy-22 --dump-section .llvmbc=... per member object
#
# Both sides write every bitcode module to disk. The outputs are compared
# (same number of modules, same bytes: the sorted sha256 sums must match)
# before anything is timed. Each side runs --runs times (default 5),
# alternating; the median wall time and the peak resident set size
# (/usr/bin/time %M, in KiB) are printed, with the ratio. Peak memory is
# also measured for bcextract on the largest .rlib alone, to show that it
# depends on the largest input, not on the total.
set -euo pipefail

RUNS=5
BCX=""
while [[ $# -gt 0 ]]; do
	case "$1" in
	--runs) RUNS=$2; shift 2 ;;
	--bcextract) BCX=$2; shift 2 ;;
	-h | --help) sed -n '2,/^$/{s/^# \{0,1\}//;p}' "$0"; exit 0 ;;
	*) echo "bench_extract.sh: unknown argument $1" >&2; exit 2 ;;
	esac
done

REPO="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
export PATH="$PATH:/usr/local/go/bin:$HOME/.cargo/bin"
# shellcheck source=scripts/benchlib.sh
source "$REPO/scripts/benchlib.sh"
need_tools bench_extract llvm-ar-22 llvm-objcopy-22 rustc /usr/bin/time
bench_setup

shopt -s nullglob
RLIBS=("$(rustc --print sysroot)"/lib/rustlib/*/lib/*.rlib)
[[ ${#RLIBS[@]} -gt 0 ]] || { echo "SKIPPED: bench_extract: no .rlib files"; exit 0; }
total=$(cat "${RLIBS[@]}" | wc -c)
largest=$(ls -S "${RLIBS[@]}" | head -1)
echo "inputs: ${#RLIBS[@]} .rlib files, $((total / 1024 / 1024)) MiB; largest $(basename "$largest") ($(($(wc -c <"$largest") / 1024 / 1024)) MiB)"

ours() { # outdir rlib...
	local out=$1; shift
	rm -rf "$out"; mkdir -p "$out"
	"$BCX" extract --kind bitcode -d "$out" "$@" >/dev/null
}

theirs() { # outdir rlib...
	local out=$1; shift
	rm -rf "$out"; mkdir -p "$out"
	local i=0 r m
	for r in "$@"; do
		i=$((i + 1))
		mkdir -p "$out/$i"
		(cd "$out/$i" && llvm-ar-22 x "$r")
		for m in "$out/$i"/*; do
			case "$m" in *.rmeta) rm -f "$m"; continue ;; esac
			llvm-objcopy-22 --dump-section ".llvmbc=$m.bc" "$m" /dev/null 2>/dev/null || true
			rm -f "$m"
		done
	done
}
export -f ours theirs
export BCX

sums() { find "$1" -type f -size +0 -exec sha256sum {} + | cut -d' ' -f1 | sort; }

ours "$WORK/o" "${RLIBS[@]}"
theirs "$WORK/t" "${RLIBS[@]}"
# A section holding several modules is one objcopy dump but several of our
# files; compare the concatenated sums per module count only when equal.
no=$(sums "$WORK/o" | wc -l)
nt=$(sums "$WORK/t" | wc -l)
if [[ "$(sums "$WORK/o")" != "$(sums "$WORK/t")" ]]; then
	echo "FAIL: outputs differ: bcextract wrote $no modules, llvm-objcopy $nt sections"
	exit 1
fi
echo "outputs: identical ($no bitcode modules)"

measure_sh() { # label func args... -> appends "secs kib" lines to $WORK/label
	local label=$1; shift
	/usr/bin/time -f '%e %M' -o "$WORK/t.$label" bash -c "$*" >/dev/null
	cat "$WORK/t.$label" >>"$WORK/$label"
}
q() { printf '%q ' "$@"; }
for ((r = 1; r <= RUNS; r++)); do
	measure_sh ours "ours $(q "$WORK/o" "${RLIBS[@]}")"
	measure_sh theirs "theirs $(q "$WORK/t" "${RLIBS[@]}")"
done
measure_sh one "ours $(q "$WORK/o1" "$largest")"

peak() { sort -n | tail -1; }
os=$(cut -d' ' -f1 "$WORK/ours" | median)
ts=$(cut -d' ' -f1 "$WORK/theirs" | median)
om=$(cut -d' ' -f2 "$WORK/ours" | peak)
tm=$(cut -d' ' -f2 "$WORK/theirs" | peak)
m1=$(cut -d' ' -f2 "$WORK/one" | peak)
echo "bcextract extract:          median ${os}s over $RUNS runs, peak RSS ${om} KiB"
echo "llvm-ar x + llvm-objcopy:   median ${ts}s over $RUNS runs, peak RSS ${tm} KiB"
awk -v a="$os" -v b="$ts" 'BEGIN { if (a > 0) printf "speedup: %.1fx\n", b / a; else print "speedup: (bcextract took 0.00s)" }'
echo "bcextract peak RSS on the largest .rlib alone: ${m1} KiB (all inputs: ${om} KiB)"
