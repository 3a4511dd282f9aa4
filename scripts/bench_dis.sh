#!/usr/bin/env bash
# bench_dis.sh - time `bcextract dis` against llvm-dis-22: wall time and peak
# resident set size on large modules.
#
# Usage: scripts/bench_dis.sh [--runs N] [--bcextract PATH] [--module FILE]...
#
# Inputs (made under a scratch directory in /tmp, never in the repository):
#   big-nodi.bc  the largest module without debug info we can make here: the
#                40 largest bitcode modules of the installed Rust toolchain's
#                rlibs, each stripped of debug info (opt-22 --strip-debug),
#                linked into one (llvm-link-22). Must be >= 5 MB of bitcode
#                and hold no "!DI" (checked).
#   libstd.bc    the largest module of Rust's libstd .rlib, as shipped (with
#                debug info and a summary).
#   --module F   any other bitcode file, added (repeatable).
#
# For each input both tools write to /dev/null:
#   bcextract dis FILE        llvm-dis-22 FILE -o -
# alternating, --runs times each (default 5); the median wall time (from a
# microsecond clock) and the median peak RSS (/usr/bin/time %M, KiB) are
# printed with the ratios bcextract/llvm-dis (the goal is <= 0.4 on both,
# issue 29).
# Whether the two outputs are identical is reported first, so a fast but
# wrong result is visible.
set -euo pipefail

RUNS=5
BCX=""
EXTRA=()
while [[ $# -gt 0 ]]; do
	case "$1" in
	--runs) RUNS=${2:?}; shift 2 ;;
	--bcextract) BCX=${2:?}; shift 2 ;;
	--module) EXTRA+=("$(realpath "${2:?}")"); shift 2 ;;
	-h | --help) sed -n '2,/^set -e/{/^set -e/d;s/^# \{0,1\}//;p}' "$0"; exit 0 ;;
	*) echo "bench_dis.sh: unknown argument $1" >&2; exit 2 ;;
	esac
done

REPO="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
export PATH="$PATH:/usr/local/go/bin:$HOME/.cargo/bin"
# shellcheck source=scripts/benchlib.sh
source "$REPO/scripts/benchlib.sh"
need_tools bench_dis llvm-dis-22 opt-22 llvm-link-22 rustc /usr/bin/time
bench_setup

# --- inputs ------------------------------------------------------------------
shopt -s nullglob
RLIBS=("$(rustc --print sysroot)"/lib/rustlib/*/lib/*.rlib)
shopt -u nullglob
[[ ${#RLIBS[@]} -gt 0 ]] || { echo "SKIPPED: bench_dis: no .rlib files"; exit 0; }
mkdir -p "$WORK/mods" "$WORK/strip"
"$BCX" extract --kind bitcode -d "$WORK/mods" "${RLIBS[@]}" >/dev/null

mapfile -t largest < <(find "$WORK/mods" -name '*.bc' -size +20k -printf '%s\t%p\n' | sort -nr | head -n 40 | cut -f2)
i=0
for m in "${largest[@]}"; do
	i=$((i + 1))
	opt-22 --strip-debug "$m" -o "$WORK/strip/$i.bc"
done
llvm-link-22 "$WORK"/strip/*.bc -o "$WORK/big-nodi.bc"
rm -rf "$WORK/strip"
size=$(wc -c <"$WORK/big-nodi.bc")
if [[ $size -lt $((5 * 1024 * 1024)) ]]; then
	echo "bench_dis.sh: big-nodi.bc is only $size bytes (< 5 MB)" >&2
	exit 1
fi
if llvm-dis-22 "$WORK/big-nodi.bc" -o - | grep -q '!DI'; then
	echo "bench_dis.sh: big-nodi.bc still holds debug info" >&2
	exit 1
fi
std=$(find "$WORK/mods" -name '*libstd-*' -printf '%s\t%p\n' | sort -nr | head -n 1 | cut -f2)
INPUTS=("$WORK/big-nodi.bc")
if [[ -n $std ]]; then
	cp "$std" "$WORK/libstd.bc"
	INPUTS+=("$WORK/libstd.bc")
fi
INPUTS+=("${EXTRA[@]}")
rm -rf "$WORK/mods"

# --- runs --------------------------------------------------------------------
ours() { "$BCX" dis "$1"; }
theirs() { llvm-dis-22 "$1" -o -; }

ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (b > 0) printf "%.2f", a / b; else print "n/a" }'; }

for f in "${INPUTS[@]}"; do
	label=$(basename "$f" .bc)
	echo "== $label: $(($(wc -c <"$f") / 1024)) KiB of bitcode"
	if cmp -s <(cd "$(dirname "$f")" && ours "$(basename "$f")" 2>/dev/null) <(cd "$(dirname "$f")" && theirs "$(basename "$f")"); then
		echo "outputs: identical"
	else
		echo "outputs: DIFFERENT (bcextract dis does not match llvm-dis-22 yet; timings below are indicative only)"
	fi
	rm -f "$WORK/times.ours" "$WORK/times.theirs"
	for ((r = 1; r <= RUNS; r++)); do
		measure ours "$BCX" dis "$f" || true
		measure theirs llvm-dis-22 "$f" -o - || true
	done
	os=$(cut -d' ' -f1 "$WORK/times.ours" | median)
	om=$(cut -d' ' -f2 "$WORK/times.ours" | median)
	ts=$(cut -d' ' -f1 "$WORK/times.theirs" | median)
	tm=$(cut -d' ' -f2 "$WORK/times.theirs" | median)
	printf '  bcextract dis:  median %ss, peak RSS %s KiB (over %d runs)\n' "$os" "$om" "$RUNS"
	printf '  llvm-dis-22:    median %ss, peak RSS %s KiB (over %d runs)\n' "$ts" "$tm" "$RUNS"
	echo "  ratio bcextract/llvm-dis-22: wall $(ratio "$os" "$ts"), peak RSS $(ratio "$om" "$tm") (goal: <= 0.4 on both)"
done
