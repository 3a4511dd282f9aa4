#!/usr/bin/env bash
# bench_convert.sh - time `bcextract convert` against `opt-22 FILE -o OUT`
# (LLVM's reader and writer) on a large Rust module.
#
# Usage: scripts/bench_convert.sh [--runs N] [--bcextract PATH]
#
# The module is Rust's libstd module when convert writes it, else the
# largest module of the Rust toolchain's rlibs that it writes (libstd holds
# what the writer refuses yet: see the README's convert section); convert
# runs with --drop-summary, as opt-22 drops the summary. The two commands
# alternate, --runs times each (default 5); the script prints the median
# wall time and peak RSS of each and the ratios convert/opt-22 (goal: <= 0.5
# on both), and checks that the two outputs are the same bytes. It also
# times convert --llvm 14 (typed pointers) in the same alternation, and
# gives its ratio to convert (goal: <= 1.5; what is lost for LLVM 14 kept
# off the terminal).
set -euo pipefail

RUNS=5
BCX=""
while [[ $# -gt 0 ]]; do
	case "$1" in
	--runs) RUNS=${2:?}; shift 2 ;;
	--bcextract) BCX=${2:?}; shift 2 ;;
	-h | --help) sed -n '2,/^set -e/{/^set -e/d;s/^# \{0,1\}//;p}' "$0"; exit 0 ;;
	*) echo "bench_convert.sh: unknown argument $1" >&2; exit 2 ;;
	esac
done

REPO="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
export PATH="$PATH:/usr/local/go/bin:$HOME/.cargo/bin"
# shellcheck source=scripts/benchlib.sh
source "$REPO/scripts/benchlib.sh"
need_tools bench_convert opt-22 rustc /usr/bin/time
bench_setup

shopt -s nullglob
RLIBS=("$(rustc --print sysroot)"/lib/rustlib/*/lib/*.rlib)
shopt -u nullglob
[[ ${#RLIBS[@]} -gt 0 ]] || { echo "SKIPPED: bench_convert: no .rlib files"; exit 0; }
mkdir -p "$WORK/mods"
"$BCX" extract --kind bitcode -d "$WORK/mods" "${RLIBS[@]}" >/dev/null
f=""
while read -r size path; do
	if "$BCX" convert --drop-summary -o "$WORK/probe.bc" "$path" >/dev/null 2>"$WORK/probe.err"; then
		f=$path
		break
	fi
	echo "  (not $(basename "$path"): $(tail -n 1 "$WORK/probe.err" | sed 's/.*not converted: //'))"
	rm -f "$WORK/probe.bc"
done < <(find "$WORK/mods" -name '*.bc' -printf '%s %p\n' | sort -nr | head -n 5)
[[ -n $f ]] || { echo "SKIPPED: bench_convert: convert writes none of the 5 largest modules"; exit 0; }

ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (b > 0) printf "%.2f", a / b; else print "n/a" }'; }
med() { cut -d' ' -f"$2" "$WORK/times.$1" | median; }

echo "== convert: $(basename "$f"), $(($(wc -c <"$f") / 1024)) KiB of bitcode"
for ((r = 1; r <= RUNS; r++)); do
	rm -f "$WORK/ours.bc" "$WORK/opt.bc" "$WORK/ours14.bc"
	measure convert "$BCX" convert --drop-summary -o "$WORK/ours.bc" "$f"
	measure opt opt-22 "$f" -o "$WORK/opt.bc"
	measure convert14 bash -c 'exec "$0" "$@" 2>/dev/null' "$BCX" convert --drop-summary --llvm 14 -o "$WORK/ours14.bc" "$f"
done
if cmp -s "$WORK/ours.bc" "$WORK/opt.bc"; then same="the same bytes"; else same="DIFFERENT bytes"; fi
printf '  bcextract convert: median %ss, peak RSS %s KiB (over %d runs)\n' "$(med convert 1)" "$(med convert 2)" "$RUNS"
printf '  opt-22:            median %ss, peak RSS %s KiB (over %d runs)\n' "$(med opt 1)" "$(med opt 2)" "$RUNS"
echo "  ratio convert/opt-22: wall $(ratio "$(med convert 1)" "$(med opt 1)"), peak RSS $(ratio "$(med convert 2)" "$(med opt 2)") (goal: <= 0.5 each); outputs: $same"
printf '  convert --llvm 14: median %ss, peak RSS %s KiB (over %d runs)\n' "$(med convert14 1)" "$(med convert14 2)" "$RUNS"
echo "  ratio convert --llvm 14/convert: wall $(ratio "$(med convert14 1)" "$(med convert 1)") (goal: <= 1.5, issue 33)"
