#!/usr/bin/env bash
# bench_funcs.sh - time `bcextract funcs --json` against llvm-dis-22 on Rust's
# libstd module, and `bcextract diff` of the Rust toolchain's rlibs against
# a copy of themselves.
#
# Usage: scripts/bench_funcs.sh [--runs N] [--bcextract PATH]
#
#   funcs   `bcextract funcs --json libstd.bc` and `llvm-dis-22 libstd.bc -o -`
#           (the largest module of Rust's libstd .rlib), alternating, --runs
#           times each (default 5); the median wall time and peak RSS of
#           each and the ratio funcs/llvm-dis-22 (goal: <= 0.25 on wall
#           time). funcs reads every function body, as llvm-dis does.
#   diff    `bcextract diff RLIBS COPY`, COPY being a copy of the
#           toolchain's rlib directory in another place (so every
#           container path differs): the median wall time (goal: < 2 s) and
#           whether it found nothing, as it must. Equal bytes pair unread,
#           so also (with opt-22) `bcextract diff MODS REENCODED`: every
#           module of the rlibs, and each written again by opt-22 (other
#           bytes, the same IR), so that every function of both is read
#           and hashed.
set -euo pipefail

RUNS=5
BCX=""
while [[ $# -gt 0 ]]; do
	case "$1" in
	--runs) RUNS=${2:?}; shift 2 ;;
	--bcextract) BCX=${2:?}; shift 2 ;;
	-h | --help) sed -n '2,/^set -e/{/^set -e/d;s/^# \{0,1\}//;p}' "$0"; exit 0 ;;
	*) echo "bench_funcs.sh: unknown argument $1" >&2; exit 2 ;;
	esac
done

REPO="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
export PATH="$PATH:/usr/local/go/bin:$HOME/.cargo/bin"
# shellcheck source=scripts/benchlib.sh
source "$REPO/scripts/benchlib.sh"
need_tools bench_funcs llvm-dis-22 rustc /usr/bin/time
bench_setup

shopt -s nullglob
RLIBS=("$(rustc --print sysroot)"/lib/rustlib/*/lib/*.rlib)
shopt -u nullglob
[[ ${#RLIBS[@]} -gt 0 ]] || { echo "SKIPPED: bench_funcs: no .rlib files"; exit 0; }
RLIBDIR=$(dirname "${RLIBS[0]}")
mkdir -p "$WORK/mods"
"$BCX" extract --kind bitcode -d "$WORK/mods" "${RLIBS[@]}" >/dev/null
std=$(find "$WORK/mods" -name '*libstd-*' -printf '%s\t%p\n' | sort -nr | head -n 1 | cut -f2)
[[ -n $std ]] || { echo "SKIPPED: bench_funcs: no libstd module"; exit 0; }
cp "$std" "$WORK/libstd.bc"

ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (b > 0) printf "%.2f", a / b; else print "n/a" }'; }
med() { cut -d' ' -f"$2" "$WORK/times.$1" | median; }

f="$WORK/libstd.bc"
echo "== funcs --json: libstd.bc, $(($(wc -c <"$f") / 1024)) KiB of bitcode, $("$BCX" funcs --json "$f" | wc -l) functions"
for ((r = 1; r <= RUNS; r++)); do
	measure funcs "$BCX" funcs --json "$f"
	measure dis llvm-dis-22 "$f" -o -
done
printf '  bcextract funcs --json: median %ss, peak RSS %s KiB (over %d runs)\n' "$(med funcs 1)" "$(med funcs 2)" "$RUNS"
printf '  llvm-dis-22:            median %ss, peak RSS %s KiB (over %d runs)\n' "$(med dis 1)" "$(med dis 2)" "$RUNS"
echo "  ratio funcs/llvm-dis-22: wall $(ratio "$(med funcs 1)" "$(med dis 1)") (goal: <= 0.25), peak RSS $(ratio "$(med funcs 2)" "$(med dis 2)")"

cp -r "$RLIBDIR" "$WORK/copy"
echo "== diff: $RLIBDIR (${#RLIBS[@]} rlibs, $(du -sh "$RLIBDIR" | cut -f1)) against a copy"
status=0
"$BCX" diff "$RLIBDIR" "$WORK/copy" >"$WORK/diff.out" || status=$?
echo "  exit $status, $(wc -l <"$WORK/diff.out") lines of differences (want 0 and 0)"
for ((r = 1; r <= RUNS; r++)); do
	measure diff "$BCX" diff "$RLIBDIR" "$WORK/copy" || true
done
printf '  bcextract diff: median %ss, peak RSS %s KiB (over %d runs; goal: < 2 s)\n' "$(med diff 1)" "$(med diff 2)" "$RUNS"

if command -v opt-22 >/dev/null 2>&1; then
	mkdir -p "$WORK/reenc"
	for m in "$WORK"/mods/*.bc; do
		opt-22 "$m" -o "$WORK/reenc/$(basename "$m")" 2>/dev/null || rm -f "$m"
	done
	echo "== diff: the $(find "$WORK/mods" -name '*.bc' | wc -l) rlib modules against opt-22's re-encoding of them ($(du -sh "$WORK/mods" | cut -f1) of bitcode each side)"
	status=0
	"$BCX" diff "$WORK/mods" "$WORK/reenc" >"$WORK/diff.out" || status=$?
	echo "  exit $status, $(wc -l <"$WORK/diff.out") lines of differences (want 0 and 0)"
	for ((r = 1; r <= RUNS; r++)); do
		measure rediff "$BCX" diff "$WORK/mods" "$WORK/reenc" || true
	done
	printf '  bcextract diff: median %ss, peak RSS %s KiB (over %d runs; goal: < 2 s)\n' "$(med rediff 1)" "$(med rediff 2)" "$RUNS"
fi
