#!/usr/bin/env bash
# bench_bbmap.sh - measure `bcextract bbmap` on a large executable: address
# lookups per second, and `bbmap --disasm` against `llvm-objdump-22 -d` on the
# same file, in one run.
#
# Usage: scripts/bench_bbmap.sh [--funcs N] [--runs N] [--lookups N] [--bcextract PATH]
#
# Generates a C file of N functions (default 6000; each has a loop, a switch
# and branches, about 20 basic blocks), compiles it with clang-22 -O1
# -fbasic-block-address-map and links it with ld.lld-22 (cached under
# /tmp/bcextract-bbmap-bench/, keyed by N and the clang version). It checks
# that the map has at least 100,000 blocks and that every instruction
# `bbmap --disasm` decodes starts where llvm-objdump-22 -d has one, then:
#
#   - runs BenchmarkLookup of ./bbmap (131,072 blocks in memory) and prints
#     its lookups/s (one core);
#   - times `bbmap --addr-file` on --lookups random addresses of the text
#     (default 1,000,000) and prints lookups/s end to end (parsing and
#     printing included);
#   - times `bcextract bbmap --disasm` and `llvm-objdump-22 -d` on the file,
#     --runs times each (default 5), alternating, and prints the median wall
#     time, the peak RSS (/usr/bin/time) and the ratio.
set -euo pipefail

FUNCS=6000
RUNS=5
LOOKUPS=1000000
BCX=""
while [[ $# -gt 0 ]]; do
	case "$1" in
	--funcs) FUNCS=$2; shift 2 ;;
	--runs) RUNS=$2; shift 2 ;;
	--lookups) LOOKUPS=$2; shift 2 ;;
	--bcextract) BCX=$2; shift 2 ;;
	-h | --help) sed -n '2,/^set/{/^set/d;s/^# \{0,1\}//;p}' "$0"; exit 0 ;;
	*) echo "bench_bbmap.sh: unknown argument $1" >&2; exit 2 ;;
	esac
done
REPO="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
export PATH="$PATH:/usr/local/go/bin"
export LC_ALL=C
# shellcheck source=scripts/benchlib.sh
source "$REPO/scripts/benchlib.sh"
need_tools bench_bbmap clang-22 ld.lld-22 llvm-objdump-22 jq go /usr/bin/time
bench_setup

# --- the input, cached ---------------------------------------------------------------------
CACHE=/tmp/bcextract-bbmap-bench
mkdir -p "$CACHE"
key=$(printf '%s\n' "v1 $FUNCS" "$(clang-22 --version | head -1)" | cksum | cut -d' ' -f1)
BIG="$CACHE/big-$FUNCS-$key"
if [[ ! -s $BIG ]]; then
	{
		echo "int sink[64];"
		for ((i = 0; i < FUNCS; i++)); do
			cat <<C
__attribute__((noinline)) int f$i(int n, int m) {
	int s = $i;
	for (int k = 0; k < n; k++) {
		switch ((k ^ m) & 15) {
		case 0: s += k * $((i % 7 + 2)); break;
		case 1: s -= sink[k & 63]; break;
		case 2: s ^= k << $((i % 5)); break;
		case 3: if (s > $((i % 100))) s /= 3; else s *= 5; break;
		case 5: s += sink[(s ^ k) & 63]; break;
		case 8: return s + k;
		case 11: s = s > 0 ? s - k : s + k; break;
		default: s += $((i % 13)); break;
		}
		if (s > 100000) break;
		if ((s & 7) == 3) s++;
	}
	return $( ((i > 0)) && echo "s + f$((i - 1))(n - 1, s)" || echo "s");
}
C
		done
		echo "int main(void) { return f$((FUNCS - 1))(sink[0], sink[1]); }"
	} >"$WORK/big.c"
	(cd "$WORK" && clang-22 -O1 -ffreestanding -nostdlib -fno-inline -fbasic-block-address-map \
		-fuse-ld=lld -static -Wl,-e,main -Wl,--build-id=none big.c -o big)
	mv "$WORK/big" "$BIG"
fi
size=$(wc -c <"$BIG")
"$BCX" bbmap --json "$BIG" >"$WORK/map.json"
blocks=$(jq '[.functions[].ranges[].blocks | length] | add' "$WORK/map.json")
nfuncs=$(jq '.functions | length' "$WORK/map.json")
echo "input: $BIG ($size bytes, $nfuncs functions, $blocks basic blocks)"
if ((blocks < 100000)); then
	echo "FAIL: fewer than 100,000 blocks; use a larger --funcs"
	exit 1
fi

# --- instruction boundaries against llvm-objdump ------------------------------------------------
"$BCX" bbmap --disasm --json "$BIG" | jq -r '.functions[].ranges[].blocks[]
	| .instructions[] | [.address, (if .bad then 1 else 0 end), (if .crosses_end then 1 else 0 end)] | @tsv' >"$WORK/ours.tsv"
cut -f1 "$WORK/ours.tsv" | sort -u >"$WORK/ours" # comm wants lexical order
llvm-objdump-22 -d -z "$BIG" | awk '
	function hex(s,    i, v) { v = 0; for (i = 1; i <= length(s); i++) v = v * 16 + index("0123456789abcdef", substr(s, i, 1)) - 1; return v }
	/^ *[0-9a-f]+: / { a = $1; sub(/:$/, "", a); printf "%.0f\n", hex(a) }' | sort -n -u >"$WORK/theirs"
# llvm-objdump's instruction starts that lie inside a block (a sweep over
# both sorted lists; blocks do not overlap).
jq -r '.functions[].ranges[].blocks[] | select(.size > 0) | "\(.address) \(.address + .size)"' "$WORK/map.json" |
	sort -n -k1,1 >"$WORK/blocks"
awk 'NR == FNR { lo[++n] = $1; hi[n] = $2; next }
	{ while (b < n && hi[b + 1] <= $1) b++; if (b < n && lo[b + 1] <= $1) print }' \
	"$WORK/blocks" "$WORK/theirs" | sort -u >"$WORK/theirs.inblocks"
ninst=$(wc -l <"$WORK/ours")
nbad=$(awk '$2 == 1' "$WORK/ours.tsv" | wc -l)
ncross=$(awk '$3 == 1' "$WORK/ours.tsv" | wc -l)
nours=$(comm -23 "$WORK/ours" "$WORK/theirs.inblocks" | wc -l)
ntheirs=$(comm -13 "$WORK/ours" "$WORK/theirs.inblocks" | wc -l)
echo "boundaries: $ninst instructions in blocks; $nours start where llvm-objdump-22 has none, $ntheirs of llvm-objdump-22's are missing; $nbad (bad), $ncross crossing a block end"
if ((nours + ntheirs + ncross > 0)); then
	echo "FAIL: instruction boundaries differ from llvm-objdump-22 (< bcextract only, > llvm-objdump-22 only), e.g. at:"
	comm -3 "$WORK/ours" "$WORK/theirs.inblocks" | head -5 | awk -F'\t' '{ if ($1 != "") printf "  < 0x%x\n", $1; else printf "  > 0x%x\n", $2 }'
	exit 1
fi

# --- lookups -------------------------------------------------------------------------------------
echo "BenchmarkLookup (./bbmap, in memory, one core):"
(cd "$REPO" && go test -run '^$' -bench '^BenchmarkLookup$' -benchtime 2s -cpu 1 ./bbmap) |
	awk '/^BenchmarkLookup/ { for (i = 1; i <= NF; i++) if ($(i + 1) == "lookups/s") printf "  %.1f million lookups/s (%s ns/op)\n", $i / 1e6, $3 }'
lo=$(jq '[.functions[].address] | min' "$WORK/map.json")
hi=$(jq '[.functions[].ranges[].blocks[] | .address + .size] | max' "$WORK/map.json")
awk -v n="$LOOKUPS" -v lo="$lo" -v hi="$hi" 'BEGIN { srand(1); for (i = 0; i < n; i++) printf "0x%x\n", lo + int(rand() * (hi - lo)) }' >"$WORK/addrs"
t0=$EPOCHREALTIME
"$BCX" bbmap --addr-file "$WORK/addrs" "$BIG" >"$WORK/lookups.txt"
t1=$EPOCHREALTIME
inside=$(grep -vc 'outside every block' "$WORK/lookups.txt" || true)
awk -v a="$t0" -v b="$t1" -v n="$LOOKUPS" -v in_="$((inside - 1))" 'BEGIN {
	printf "bbmap --addr-file: %d lookups (%d in a block) in %.3fs: %.2f million lookups/s end to end\n", n, in_, b - a, n / (b - a) / 1e6 }'

# --- --disasm against llvm-objdump -d ------------------------------------------------------------
for ((r = 1; r <= RUNS; r++)); do
	measure ours "$BCX" bbmap --disasm "$BIG"
	measure theirs llvm-objdump-22 -d "$BIG"
done
os=$(cut -d' ' -f1 "$WORK/times.ours" | median)
ts=$(cut -d' ' -f1 "$WORK/times.theirs" | median)
om=$(cut -d' ' -f2 "$WORK/times.ours" | sort -n | tail -1)
tm=$(cut -d' ' -f2 "$WORK/times.theirs" | sort -n | tail -1)
ol=$("$BCX" bbmap --disasm "$BIG" | wc -l)
tl=$(llvm-objdump-22 -d "$BIG" | wc -l)
echo "bcextract bbmap --disasm: median ${os}s over $RUNS runs, peak RSS ${om} KiB, $ol lines"
echo "llvm-objdump-22 -d:       median ${ts}s over $RUNS runs, peak RSS ${tm} KiB, $tl lines"
awk -v a="$os" -v b="$ts" 'BEGIN { if (b > 0) printf "ratio: %.2f of llvm-objdump-22'"'"'s time\n", a / b }'
