#!/usr/bin/env bash
# bench_scan.sh - time `bcextract scan` against the find/xargs/objdump
# pipelines users write today to find which files of a tree hold bitcode.
#
# Usage: scripts/bench_scan.sh [--bcextract PATH] [--runs N] [--dirs "DIR..."] [--per-file]
#
# Inputs: the rustup toolchains directory (~/.rustup/toolchains) and the
# system library directory (/usr/lib/x86_64-linux-gnu, else /usr/lib), or
# the directories of --dirs. After one untimed pass of each (which warms
# the page cache and gives the sets compared below), runs alternate
#   ours      bcextract scan --json DIRS
#   ours -j1  the same with one worker
#   file      find DIRS -type f | xargs file | (ELF, ar, Mach-O, PE, COFF,
#             WebAssembly, LLVM bitcode) | xargs llvm-objdump-22 -h
#             (the working pipeline: llvm-objdump stops at the first file
#             it does not recognize, so the others must be weeded out first)
#   literal   find DIRS -type f | xargs llvm-objdump-22 -h
#             (the pipeline as usually written: fast, and wrong, since each
#             batch stops at its first file that is not an object)
# and with --per-file, once (it takes about 25 ms a file):
#   per-file  find DIRS -type f | xargs -n 1 llvm-objdump-22 -h
# Each objdump pipeline keeps the files with a .llvmbc, .llvm.lto or
# __bitcode section (an archive for its members, from the
# "FILE(MEMBER):	file format" lines); from scan's JSON Lines, the files with
# a bitcode or lto payload, or a marker (an empty bitcode section).
#
# Prints per tool the median wall seconds of --runs runs (default 3), files/s
# and MB/s (over every regular file under DIRS, links not followed, as both
# sides count them), peak RSS (KB, /usr/bin/time), the ratio to scan, and
# the sets of files with bitcode each found: equal or not, and the
# differences.
set -euo pipefail

REPO=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
RUNS=3
BCX=
DIRS=()
PERFILE=false
while [[ $# -gt 0 ]]; do
	case $1 in
	--bcextract) BCX=${2:?}; shift 2 ;;
	--runs) RUNS=${2:?}; shift 2 ;;
	--dirs) read -r -a DIRS <<<"${2:?}"; shift 2 ;;
	--per-file) PERFILE=true; shift ;;
	*) echo "usage: $0 [--bcextract PATH] [--runs N] [--dirs \"DIR...\"] [--per-file]" >&2; exit 2 ;;
	esac
done
# shellcheck source=scripts/benchlib.sh
source "$REPO/scripts/benchlib.sh"
need_tools bench_scan llvm-objdump-22 file jq /usr/bin/time
if [[ ${#DIRS[@]} -eq 0 ]]; then
	[[ -d $HOME/.rustup/toolchains ]] && DIRS+=("$HOME/.rustup/toolchains")
	if [[ -d /usr/lib/x86_64-linux-gnu ]]; then DIRS+=(/usr/lib/x86_64-linux-gnu); else DIRS+=(/usr/lib); fi
fi
bench_setup

# The pipelines, as scripts taking the directories as arguments and
# printing the sorted set of files with bitcode sections.
cat >"$WORK/sections.awk" <<'EOF'
/:\tfile format / { f = $0; sub(/:\tfile format .*/, "", f); sub(/\([^()]*\)$/, "", f); next }
$2 ~ /^(\.llvmbc|\.llvm\.lto|__bitcode)$/ { print f }
EOF
cat >"$WORK/file.sh" <<EOF
find "\$@" -type f -print0 | xargs -0 file -N -F '	' |
	awk -F '	' '\$2 ~ /ELF|ar archive|Mach-O|PE32|COFF|WebAssembly|LLVM IR bitcode/ { print \$1 }' |
	xargs -d '\n' -r llvm-objdump-22 -h 2>/dev/null | awk -f "$WORK/sections.awk" | sort -u
EOF
cat >"$WORK/literal.sh" <<EOF
find "\$@" -type f -print0 | xargs -0 llvm-objdump-22 -h 2>/dev/null | awk -f "$WORK/sections.awk" | sort -u
EOF
cat >"$WORK/perfile.sh" <<EOF
find "\$@" -type f -print0 | xargs -0 -n 1 llvm-objdump-22 -h 2>/dev/null | awk -f "$WORK/sections.awk" | sort -u
EOF
cat >"$WORK/ours.sh" <<EOF
exec "$BCX" scan --json "\$@" 2>/dev/null
EOF
cat >"$WORK/j1.sh" <<EOF
exec "$BCX" scan --json -j 1 "\$@" 2>/dev/null
EOF
scan_set() {
	jq -r 'select(.kind == "bitcode" or .kind == "lto" or (.kind == "marker" and (.section == ".llvmbc" or .section == "__LLVM,__bitcode"))) | .file' | sort -u
}

nfiles=$(find "${DIRS[@]}" -type f | wc -l)
bytes=$(find "${DIRS[@]}" -type f -printf '%s\n' | awk '{ s += $1 } END { printf "%.0f", s }')
echo "dirs: ${DIRS[*]}"
awk -v n="$nfiles" -v b="$bytes" 'BEGIN { printf "%d regular files, %.1f MB; %d runs each, median wall time\n", n, b / 1e6, '"$RUNS"' }'

# Untimed passes: the page cache, and the sets.
# (scan exits 1 when a file is malformed; its lines are still all there)
{ "$BCX" scan --json "${DIRS[@]}" 2>"$WORK/summary" || true; } | scan_set >"$WORK/set.ours"
bash "$WORK/file.sh" "${DIRS[@]}" >"$WORK/set.file"
bash "$WORK/literal.sh" "${DIRS[@]}" >"$WORK/set.literal" || true

rm -f "$WORK"/times.*
for _ in $(seq "$RUNS"); do
	measure ours bash "$WORK/ours.sh" "${DIRS[@]}" || true
	measure j1 bash "$WORK/j1.sh" "${DIRS[@]}" || true
	measure file bash "$WORK/file.sh" "${DIRS[@]}"
	measure literal bash "$WORK/literal.sh" "${DIRS[@]}" || true
done
labels=(ours j1 file literal)
if $PERFILE; then
	bash "$WORK/perfile.sh" "${DIRS[@]}" >"$WORK/set.perfile" || true
	measure perfile bash "$WORK/perfile.sh" "${DIRS[@]}" || true
	labels+=(perfile)
fi

declare -A name=(
	[ours]="bcextract scan --json"
	[j1]="bcextract scan --json -j 1"
	[file]="find|file|xargs llvm-objdump-22 -h"
	[literal]="find|xargs llvm-objdump-22 -h"
	[perfile]="find|xargs -n1 llvm-objdump-22 -h"
)
printf '\n%-36s %9s %9s %9s %9s %8s\n' tool seconds files/s MB/s peak-KB vs-scan
tours=$(cut -d' ' -f1 "$WORK/times.ours" | median)
for l in "${labels[@]}"; do
	t=$(cut -d' ' -f1 "$WORK/times.$l" | median)
	r=$(cut -d' ' -f2 "$WORK/times.$l" | sort -n | tail -1)
	awk -v n="${name[$l]}" -v t="$t" -v r="$r" -v f="$nfiles" -v b="$bytes" -v o="$tours" \
		'BEGIN { printf "%-36s %9.3f %9.0f %9.1f %9s %7.1fx\n", n, t, f / t, b / 1e6 / t, r, t / o }'
done

echo
echo "scan summary (untimed pass):"
sed 's/^/  /' "$WORK/summary"
echo
compare() {
	local a=$1 b=$2
	if cmp -s "$WORK/set.$a" "$WORK/set.$b"; then
		echo "files with bitcode: ${name[$a]}: $(wc -l <"$WORK/set.$a"), ${name[$b]}: $(wc -l <"$WORK/set.$b"): EQUAL"
	else
		echo "files with bitcode: ${name[$a]}: $(wc -l <"$WORK/set.$a"), ${name[$b]}: $(wc -l <"$WORK/set.$b"): DIFFERENT"
		comm -23 "$WORK/set.$a" "$WORK/set.$b" >"$WORK/only.a"
		comm -13 "$WORK/set.$a" "$WORK/set.$b" >"$WORK/only.b"
		echo "  $(wc -l <"$WORK/only.a") only in scan, $(wc -l <"$WORK/only.b") only in the pipeline; the first ones:"
		head -5 "$WORK/only.a" | sed 's/^/  only scan:      /'
		head -5 "$WORK/only.b" | sed 's/^/  only pipeline:  /'
	fi
}
compare ours file
compare ours literal
$PERFILE && compare ours perfile
echo "(expected differences: bare bitcode files, archives of bitcode members and bitcode"
echo " bundles hold bitcode outside any such section and only scan finds them; the literal"
echo " pipeline misses whatever follows the first non-object file of each xargs batch)"
