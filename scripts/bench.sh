#!/usr/bin/env bash
# bench.sh - time bcextract against llvm-bcanalyzer-22.
#
# Usage:
#   scripts/bench.sh [--bcextract PATH] [--runs N] [--cache DIR]
#                    [--min-big-mb N] [--only std|big] [--strict]
#
#   --bcextract PATH  use a prebuilt bcextract instead of building
#                     ./cmd/bcextract with `go build` into a temp dir.
#   --runs N          timed runs per tool and mode (default 7, at least 5).
#   --cache DIR       where generated inputs are kept between runs (default
#                     $BCX_BENCH_CACHE or ${TMPDIR:-/tmp}/bcextract-bench-cache).
#   --min-big-mb N    minimum size of the generated large module in MiB
#                     (default 20).
#   --only std|big    benchmark one input only.
#   --strict          exit 1 if a target below is missed.
#
# Modes (stdout to /dev/null):
#   dump   bcextract dump FILE    vs  llvm-bcanalyzer-22 -dump FILE
#   stats  bcextract stats FILE   vs  llvm-bcanalyzer-22 FILE
# Runs alternate (ours, theirs, ours, theirs, ...) after one untimed warm-up
# run of each, which also checks that both outputs are identical.  Each run
# goes through `/usr/bin/time -f '%e %M'` for its peak RSS (KB); wall time is
# taken around it with a nanosecond clock because %e has only 10 ms
# resolution.  Reported: median wall seconds, maximum peak RSS.
#
# Inputs:
#   std  the .llvmbc section of Rust's libstd (the largest single module in
#        the host target's std-*.rlib, about 5 MB); skipped without rustc.
#   big  one module of at least --min-big-mb MB: llvm-link-22 of the bitcode
#        of every host .rlib module (when rustc is there) plus a generated C
#        file compiled with clang-22 -g -O0 -emit-llvm, grown until big enough.
#
# Targets (ours/theirs): dump time <= 0.67 with peak RSS <= 1.00;
#                        stats time <= 0.50.
# If llvm-bcanalyzer-22 is missing, prints "SKIPPED: ..." and exits 0.

set -euo pipefail
shopt -s inherit_errexit

ANALYZER=llvm-bcanalyzer-22
LLVM_AR=llvm-ar-22
LLVM_OBJCOPY=llvm-objcopy-22
LLVM_LINK=llvm-link-22
CLANG=clang-22
GEN_VERSION=1 # bump when the generator below changes (invalidates cache)

DUMP_TIME_TARGET=0.67
DUMP_MEM_TARGET=1.00
STATS_TIME_TARGET=0.50

BCX=""
RUNS=7
CACHE=${BCX_BENCH_CACHE:-${TMPDIR:-/tmp}/bcextract-bench-cache}
MIN_BIG_MB=20
ONLY=""
STRICT=0

usage() {
	sed -n '2,/^$/{s/^# \{0,1\}//;p}' "$0"
}

while [[ $# -gt 0 ]]; do
	case "$1" in
	--bcextract)
		BCX=${2:?--bcextract needs a path}
		shift 2
		;;
	--bcextract=*)
		BCX=${1#*=}
		shift
		;;
	--runs)
		RUNS=${2:?--runs needs a number}
		shift 2
		;;
	--cache)
		CACHE=${2:?--cache needs a directory}
		shift 2
		;;
	--min-big-mb)
		MIN_BIG_MB=${2:?--min-big-mb needs a number}
		shift 2
		;;
	--only)
		ONLY=${2:?--only needs std or big}
		shift 2
		;;
	--strict)
		STRICT=1
		shift
		;;
	-h | --help)
		usage
		exit 0
		;;
	*)
		echo "bench.sh: unknown argument $1 (see --help)" >&2
		exit 2
		;;
	esac
done
if [[ $RUNS -lt 5 ]]; then
	echo "bench.sh: --runs must be at least 5" >&2
	exit 2
fi
case "$ONLY" in "" | std | big) ;; *)
	echo "bench.sh: --only takes std or big" >&2
	exit 2
	;;
esac

SCRIPT_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
REPO=$(cd "$SCRIPT_DIR/.." && pwd)

if ! command -v "$ANALYZER" >/dev/null 2>&1; then
	echo "SKIPPED: $ANALYZER not found on PATH - benchmark NOT run"
	exit 0
fi

if [[ ! -x /usr/bin/time ]]; then
	echo "/usr/bin/time missing; installing the 'time' package ..."
	if [[ $(id -u) -eq 0 ]] && command -v apt-get >/dev/null 2>&1; then
		apt-get install -y time >/dev/null 2>&1 ||
			{ apt-get update >/dev/null 2>&1 && apt-get install -y time >/dev/null 2>&1; } || true
	fi
	if [[ ! -x /usr/bin/time ]]; then
		echo "bench.sh: /usr/bin/time is required (apt-get install -y time)" >&2
		exit 1
	fi
fi

WORK=$(mktemp -d "${TMPDIR:-/tmp}/bcx-bench.XXXXXX")
trap 'rm -rf "$WORK"' EXIT
mkdir -p "$CACHE"

if [[ -z $BCX ]]; then
	echo "building bcextract ..."
	(cd "$REPO" && go build -o "$WORK/bcextract" ./cmd/bcextract)
	BCX="$WORK/bcextract"
elif [[ $BCX != /* ]]; then
	BCX="$PWD/$BCX"
fi

log() { echo "$@" >&2; }

# ---------------------------------------------------------------------------
# Inputs.
# ---------------------------------------------------------------------------

HAVE_RUST=0
RLIB_DIR=""
if command -v rustc >/dev/null 2>&1 && command -v "$LLVM_AR" >/dev/null 2>&1 &&
	command -v "$LLVM_OBJCOPY" >/dev/null 2>&1; then
	host=$(rustc -vV | sed -n 's/^host: //p')
	RLIB_DIR="$(rustc --print sysroot)/lib/rustlib/$host/lib"
	if compgen -G "$RLIB_DIR/libstd-*.rlib" >/dev/null; then
		HAVE_RUST=1
	fi
fi

# extract_rlib_bitcode RLIB OUTDIR: write the .llvmbc section (or the raw
# bitcode) of every member of RLIB into OUTDIR/NNN-member.bc.  Repeated
# member names are extracted one instance at a time.
extract_rlib_bitcode() {
	local rlib=$1 out=$2 i=0 k m d mf magic
	local -A seen=()
	mkdir -p "$out"
	while IFS= read -r m; do
		i=$((i + 1))
		k=$((${seen[$m]:-0} + 1))
		seen[$m]=$k
		[[ $m == *.rmeta ]] && continue
		d="$out/tmp.$i"
		mkdir -p "$d"
		"$LLVM_AR" xN "$k" --output="$d" "$rlib" "$m"
		mf="$d/$(basename "$m")"
		if [[ -f $mf ]]; then
			magic=$(head -c 4 "$mf" | od -An -tx1 | tr -d ' \n')
			if [[ $magic == 4243c0de || $magic == dec0170b ]]; then
				mv "$mf" "$out/$(printf '%03d' "$i")-$(basename "$m").bc"
			else
				"$LLVM_OBJCOPY" --dump-section \
					".llvmbc=$out/$(printf '%03d' "$i")-$(basename "$m").bc" \
					"$mf" /dev/null 2>/dev/null || true
			fi
		fi
		rm -rf "$d"
	done < <("$LLVM_AR" t "$rlib")
}

# Tag for the cache: the std rlib's file name carries the toolchain hash.
rust_tag() {
	local f
	f=$(compgen -G "$RLIB_DIR/libstd-*.rlib" | head -n 1)
	basename "$f" .rlib
}

make_std_input() { # prints the path of the std bitcode
	local tag out tmp
	tag=$(rust_tag)
	out="$CACHE/$tag.llvmbc.bc"
	if [[ ! -s $out ]]; then
		log "extracting the bitcode of $tag ..."
		tmp="$WORK/std"
		extract_rlib_bitcode "$(compgen -G "$RLIB_DIR/libstd-*.rlib" | head -n 1)" "$tmp"
		# largest single module
		local best
		best=$(find "$tmp" -name '*.bc' -size +0 -printf '%s\t%p\n' | sort -n | tail -n 1 | cut -f2)
		if [[ -z $best ]]; then
			log "bench.sh: no .llvmbc found in the std rlib"
			return 1
		fi
		"$ANALYZER" "$best" >/dev/null
		cp "$best" "$out.part" && mv "$out.part" "$out"
	fi
	echo "$out"
}

# gen_c N: a C file with N functions, each with its own struct type, a
# table, a loop, a switch, recursion and a string, for clang -g.
gen_c() {
	awk -v n="$1" 'BEGIN {
	  print "extern int printf(const char *, ...);"
	  for (i = 0; i < n; i++) {
	    m = 4 + i % 5
	    printf "struct S%d { int a%d; long b; double c[%d]; const char *name; struct S%d *next; };\n", i, i, (i % 7) + 1, i
	    printf "static int tbl%d[%d] = {", i, m
	    for (j = 0; j < m; j++) printf "%s%d", (j ? "," : ""), (i * 31 + j * 7) % 1000
	    print "};"
	    printf "long fn%d(struct S%d *p, int k, double x) {\n", i, i
	    printf "  long acc = %d;\n", i
	    printf "  for (int j = 0; j < k; j++) {\n"
	    printf "    switch ((j + %d) %% 4) {\n", i
	    printf "    case 0: acc += p->a%d * j + tbl%d[j %% %d]; break;\n", i, i, m
	    printf "    case 1: acc ^= (long)(p->c[j %% %d] * x); break;\n", (i % 7) + 1
	    printf "    case 2: if (p->next) acc += fn%d(p->next, k - 1, x * 0.5); break;\n", i
	    printf "    default: acc -= p->b >> (j & 7);\n"
	    printf "    }\n  }\n"
	    if (i > 0) printf "  acc += fn%d(0, 0, x);\n", i - 1
	    printf "  if (acc < 0) printf(\"fn%d negative %%ld %%s\\n\", acc, p->name);\n", i
	    printf "  return acc;\n}\n"
	  }
	}'
}

make_big_input() { # prints the path of the large module
	local tag="norust" out min rust_bc="" size n triple
	[[ $HAVE_RUST -eq 1 ]] && tag=$(rust_tag)
	out="$CACHE/big-v$GEN_VERSION-$tag-${MIN_BIG_MB}mb.bc"
	min=$((MIN_BIG_MB * 1024 * 1024))
	if [[ -s $out && $(stat -c %s "$out") -ge $min ]]; then
		echo "$out"
		return 0
	fi
	for t in "$LLVM_LINK" "$CLANG"; do
		if ! command -v "$t" >/dev/null 2>&1; then
			log "bench.sh: $t is needed to build the large module"
			return 1
		fi
	done
	triple=""
	if [[ $HAVE_RUST -eq 1 ]]; then
		log "linking the bitcode of every $RLIB_DIR/*.rlib module ..."
		local rlib mods=()
		for rlib in "$RLIB_DIR"/*.rlib; do
			# panic_abort and panic_unwind define the same symbols.
			[[ $(basename "$rlib") == libpanic_abort-* ]] && continue
			extract_rlib_bitcode "$rlib" "$WORK/rlibs/$(basename "$rlib" .rlib)"
		done
		mapfile -t mods < <(find "$WORK/rlibs" -name '*.bc' -size +0 | LC_ALL=C sort)
		if [[ ${#mods[@]} -gt 0 ]] && "$LLVM_LINK" "${mods[@]}" -o "$WORK/rust.bc" 2>"$WORK/link.err"; then
			rust_bc="$WORK/rust.bc"
			triple=$(rustc -vV | sed -n 's/^host: //p')
		else
			log "warning: llvm-link of the rlib modules failed; using generated C only:"
			head -n 5 "$WORK/link.err" >&2 || true
		fi
	fi
	size=0
	[[ -n $rust_bc ]] && size=$(stat -c %s "$rust_bc")
	# About 2 KB of bitcode per generated function.
	n=$(((min - size) / 1800 + 500))
	while :; do
		log "generating a C module with $n functions ..."
		gen_c "$n" >"$WORK/gen.c"
		"$CLANG" ${triple:+--target="$triple"} -g -O0 -c -emit-llvm -w "$WORK/gen.c" -o "$WORK/gen.bc"
		if [[ -n $rust_bc ]]; then
			"$LLVM_LINK" "$rust_bc" "$WORK/gen.bc" -o "$WORK/big.bc"
		else
			cp "$WORK/gen.bc" "$WORK/big.bc"
		fi
		size=$(stat -c %s "$WORK/big.bc")
		[[ $size -ge $min ]] && break
		n=$((n + (min - size) / 1500 + 500))
	done
	"$ANALYZER" "$WORK/big.bc" >/dev/null
	mv "$WORK/big.bc" "$out"
	echo "$out"
}

INPUTS=()
if [[ -z $ONLY || $ONLY == std ]]; then
	if [[ $HAVE_RUST -eq 1 ]]; then
		std_bc=$(make_std_input)
		INPUTS+=("std=$std_bc")
	else
		echo "SKIPPED: rustc (or its host libstd rlib, llvm-ar-22, llvm-objcopy-22) not found - libstd input NOT benchmarked"
	fi
fi
if [[ -z $ONLY || $ONLY == big ]]; then
	big_bc=$(make_big_input)
	INPUTS+=("big=$big_bc")
fi

# ---------------------------------------------------------------------------
# Timing.
# ---------------------------------------------------------------------------

# timed OUTFILE CMD...: run CMD with stdout to /dev/null; append
# "seconds rss_kb" to OUTFILE.  Fails if CMD fails.
timed() {
	local out=$1 t0 t1 rc=0
	shift
	t0=$(date +%s%N)
	/usr/bin/time -f '%e %M' -o "$WORK/time.txt" "$@" >/dev/null 2>"$WORK/stderr.txt" || rc=$?
	t1=$(date +%s%N)
	if [[ $rc -ne 0 ]]; then
		log "bench.sh: '$*' failed with status $rc:"
		head -n 5 "$WORK/stderr.txt" >&2
		return 1
	fi
	# The last line of the -o file is "%e %M" (earlier lines may be
	# warnings from time itself).
	printf '%s %s\n' "$(((t1 - t0) / 1000))" "$(tail -n 1 "$WORK/time.txt" | awk '{print $2}')" >>"$out"
}

median_s() { # file of "usec rss" -> median seconds (3 decimals)
	sort -n -k1,1 "$1" | awk '{ v[NR] = $1 } END {
		m = (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2
		printf "%.3f", m / 1e6 }'
}

max_rss() { # file of "usec rss" -> max rss
	awk 'BEGIN { m = 0 } $2 > m { m = $2 } END { print m }' "$1"
}

ROWS=()
RATIOS=()
FAILED=0
MISSED=0
cd "$WORK"
for entry in "${INPUTS[@]}"; do
	name=${entry%%=*}
	file=${entry#*=}
	# Same relative path for both tools (stats print it).
	ln -sf "$file" "$WORK/$name.bc"
	rel="$name.bc"
	size=$(stat -L -c %s "$rel")
	for mode in dump stats; do
		if [[ $mode == dump ]]; then
			ours=("$BCX" dump "$rel")
			theirs=("$ANALYZER" -dump "$rel")
		else
			ours=("$BCX" stats "$rel")
			theirs=("$ANALYZER" "$rel")
		fi
		# Warm-up, and check that the outputs are identical.
		same=yes
		"${ours[@]}" >"$WORK/ours.out" 2>/dev/null || same="NO (bcextract failed)"
		"${theirs[@]}" >"$WORK/theirs.out" 2>/dev/null || same="NO (llvm-bcanalyzer failed)"
		if [[ $same == yes ]] && ! cmp -s "$WORK/ours.out" "$WORK/theirs.out"; then
			same="NO (outputs differ)"
		fi
		rm -f "$WORK/ours.out" "$WORK/theirs.out"
		log "$name $mode: $RUNS alternating runs each (identical output: $same) ..."
		: >"$WORK/ours.t"
		: >"$WORK/theirs.t"
		ok=1
		for ((r = 0; r < RUNS; r++)); do
			timed "$WORK/ours.t" "${ours[@]}" || {
				ok=0
				break
			}
			timed "$WORK/theirs.t" "${theirs[@]}" || {
				ok=0
				break
			}
		done
		if [[ $ok -eq 0 ]]; then
			FAILED=1
			RATIOS+=("$(printf '%-5s %-6s FAILED (a run exited non-zero)' "$name" "$mode")")
			continue
		fi
		mo=$(median_s "$WORK/ours.t")
		mt=$(median_s "$WORK/theirs.t")
		ro=$(max_rss "$WORK/ours.t")
		rt=$(max_rss "$WORK/theirs.t")
		ROWS+=("$(printf '%-5s %10s  %-6s %-18s %9s %12s' "$name" "$size" "$mode" bcextract "$mo" "$ro")")
		ROWS+=("$(printf '%-5s %10s  %-6s %-18s %9s %12s' "$name" "$size" "$mode" "$ANALYZER" "$mt" "$rt")")
		tr=$(awk -v a="$mo" -v b="$mt" 'BEGIN { printf "%.3f", (b > 0) ? a / b : 0 }')
		mr=$(awk -v a="$ro" -v b="$rt" 'BEGIN { printf "%.3f", (b > 0) ? a / b : 0 }')
		if [[ $mode == dump ]]; then
			verdict=$(awk -v t="$tr" -v m="$mr" -v tt="$DUMP_TIME_TARGET" -v mt="$DUMP_MEM_TARGET" \
				'BEGIN { print (t <= tt && m <= mt) ? "meets" : "MISSES" }')
			target="time <= $DUMP_TIME_TARGET, rss <= $DUMP_MEM_TARGET"
		else
			verdict=$(awk -v t="$tr" -v tt="$STATS_TIME_TARGET" 'BEGIN { print (t <= tt) ? "meets" : "MISSES" }')
			target="time <= $STATS_TIME_TARGET"
		fi
		[[ $verdict == MISSES ]] && MISSED=1
		RATIOS+=("$(printf '%-5s %-6s time %6s  rss %6s   target: %-28s %-7s identical output: %s' \
			"$name" "$mode" "$tr" "$mr" "$target" "$verdict" "$same")")
	done
done

echo
echo "bcextract vs $ANALYZER: median of $RUNS alternating runs, stdout to /dev/null"
echo "($(nproc) cores; bcextract: $BCX)"
printf '%-5s %10s  %-6s %-18s %9s %12s\n' input bytes mode tool median_s peak_rss_kb
printf '%s\n' "${ROWS[@]}"
echo
echo "ratios ours/theirs:"
printf '%s\n' "${RATIOS[@]}"
for entry in "${INPUTS[@]}"; do
	echo "input ${entry%%=*}: ${entry#*=}"
done

if [[ $FAILED -eq 1 ]]; then
	exit 1
fi
if [[ $STRICT -eq 1 && $MISSED -eq 1 ]]; then
	exit 1
fi
exit 0
