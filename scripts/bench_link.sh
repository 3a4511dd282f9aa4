#!/usr/bin/env bash
# bench_link.sh - time `bcextract link` against `llvm-link-22` on the
# largest program of scripts/conformance_link.sh: yaml-cpp 0.7 (31 C++
# units) built by clang++-22 at -O2 -g, linked from its unit .bc files.
#
# Usage: scripts/bench_link.sh [--runs N] [--src DIR] [--bcextract PATH]
#
# The sources are those conformance_link.sh fetches (DIR/yaml-cpp; DIR
# defaults to ~/.cache/bcextract-corpus/link-src, or $BCX_CORPUS/link-src):
# run it first. The two commands alternate, --runs times each (default
# 5); the script prints the median wall time and peak RSS of each and the
# ratios link/llvm-link-22 (goal: <= 0.5 on both), and checks that
# llvm-dis-22 prints the two outputs the same.
set -euo pipefail

RUNS=5
BCX=""
SRC=""
while [[ $# -gt 0 ]]; do
	case "$1" in
	--runs) RUNS=${2:?}; shift 2 ;;
	--src) SRC=${2:?}; shift 2 ;;
	--bcextract) BCX=${2:?}; shift 2 ;;
	-h | --help) sed -n '2,/^set -e/{/^set -e/d;s/^# \{0,1\}//;p}' "$0"; exit 0 ;;
	*) echo "bench_link.sh: unknown argument $1" >&2; exit 2 ;;
	esac
done

REPO="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
export PATH="$PATH:/usr/local/go/bin"
# shellcheck source=scripts/benchlib.sh
source "$REPO/scripts/benchlib.sh"
need_tools bench_link llvm-link-22 llvm-dis-22 clang++-22 /usr/bin/time
SRC=${SRC:-${BCX_CORPUS:-$HOME/.cache/bcextract-corpus}/link-src}
[[ -f $SRC/yaml-cpp/include/yaml-cpp/yaml.h ]] || {
	echo "SKIPPED: bench_link: no yaml-cpp sources in $SRC (scripts/conformance_link.sh fetches them)"
	exit 0
}
bench_setup

units=()
for c in "$SRC"/yaml-cpp/src/*.cpp "$SRC"/yaml-cpp/src/contrib/*.cpp; do
	b="$WORK/$(basename "$c" .cpp).bc"
	clang++-22 -w -c -emit-llvm -O2 -g -std=c++17 -I"$SRC/yaml-cpp/include" -I"$SRC/yaml-cpp/src" "$c" -o "$b"
	units+=("$b")
done

ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (b > 0) printf "%.2f", a / b; else print "n/a" }'; }
med() { cut -d' ' -f"$2" "$WORK/times.$1" | median; }

echo "== link: yaml-cpp -O2 -g, ${#units[@]} units, $(($(cat "${units[@]}" | wc -c) / 1024)) KiB of bitcode"
for ((r = 1; r <= RUNS; r++)); do
	measure link "$BCX" link --force -o "$WORK/ours.bc" "${units[@]}"
	measure llvm-link llvm-link-22 "${units[@]}" -o "$WORK/ref.bc"
done
if diff -q <(llvm-dis-22 "$WORK/ours.bc" -o - | tail -n +2) <(llvm-dis-22 "$WORK/ref.bc" -o - | tail -n +2) >/dev/null; then
	same="the same text"
else
	same="DIFFERENT text"
fi
printf '  bcextract link: median %ss, peak RSS %s KiB (over %d runs)\n' "$(med link 1)" "$(med link 2)" "$RUNS"
printf '  llvm-link-22:   median %ss, peak RSS %s KiB (over %d runs)\n' "$(med llvm-link 1)" "$(med llvm-link 2)" "$RUNS"
echo "  ratio link/llvm-link-22: wall $(ratio "$(med link 1)" "$(med llvm-link 1)"), peak RSS $(ratio "$(med link 2)" "$(med llvm-link 2)") (goal: <= 0.5 each); outputs: $same"
