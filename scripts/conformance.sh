#!/usr/bin/env bash
# conformance.sh - compare bcextract with llvm-bcanalyzer-22, byte for byte.
#
# Usage:
#   scripts/conformance.sh [--bcextract PATH] [--no-rust] [--quick]
#                          [--rust-variants "V..."] [--jobs N]
#                          [--timeout SECS] [--keep] [FILE...]
#
#   --bcextract PATH  use a prebuilt bcextract binary instead of building
#                     ./cmd/bcextract with `go build` into a temp dir.
#   --no-rust         skip the Rust toolchain part (.llvmbc of every .rlib).
#   --quick           Rust part: only the `dump` and `stats` variants, and
#                     only the first bitcode module of each .rlib.
#                     (testdata/bc is always checked with every variant.)
#   --rust-variants "V..."  Rust part: these variants only (of those
#                     below; .ci/run: dump, stats and one of the other five,
#                     turning with the day).
#   --jobs N          parallel comparisons (default: nproc).
#   --timeout SECS    per-invocation time limit (default: 300); a tool that
#                     runs out of time counts as a failure.
#   --keep            keep the scratch directory (outputs of failures).
#   FILE...           compare these files (paths as given, relative to the
#                     current directory) instead of every file under
#                     testdata/bc/; the Rust part still runs unless --no-rust.
#
# For every input file and every variant the two tools are run with the same
# relative path string (stats print it), and their stdout (byte for byte) and
# exit status (zero vs non-zero) must agree.  stderr is not compared.
#
#   variant          bcextract                           llvm-bcanalyzer-22
#   dump             dump FILE                           -dump FILE
#   stats            stats FILE                          FILE
#   dump-nonsym      dump --non-symbolic FILE            -dump -non-symbolic FILE
#   dump-blobs       dump --show-binary-blobs FILE       -dump -show-binary-blobs FILE
#   dump-blockinfo   dump --dump-blockinfo FILE          -dump -dump-blockinfo FILE
#   dump-nohist      dump --disable-histogram FILE       -dump -disable-histogram FILE
#   stats-nohist     stats --disable-histogram FILE      -disable-histogram FILE
#
# Rust part: every .rlib under $(rustc --print sysroot)/lib/rustlib/*/lib is
# unpacked with llvm-ar-22 (repeated member names are extracted one instance
# at a time), and the .llvmbc section of each member (or the member itself if
# it is raw bitcode) is compared like the files above.
#
# Payload part (not with FILE...): every well-formed fixture under
# testdata/containers and every Rust .rlib is listed with `bcextract list
# --json`, and each section holding payloads is compared byte for byte with
# llvm-objcopy-22 --dump-section (scripts/payload_check.py; needs python3,
# llvm-ar-22 and llvm-lipo-22); a compressed section also with its dump
# after llvm-objcopy-22 --compress-sections NAME=none, which must hold the
# decompressed payloads.
#
# Inspect part (not with FILE...): every bitcode fixture of testdata/inspect
# (and the well-formed ones of testdata/bc) and every bitcode module of the
# Rust .rlibs: `bcextract inspect --symbols` against llvm-nm-22 and the
# module facts against llvm-dis-22 and llvm-bcanalyzer-22
# (scripts/inspect_check.py; needs python3).
#
# Writer part (not with FILE...; needs go): every Rust module above, read
# entry by entry and written again by bitstream.Writer with the same
# abbreviations, must come out byte for byte as LLVM wrote it.
#
# Libraries part (not with FILE...; needs jq): every file under
# /usr/lib/x86_64-linux-gnu, /usr/lib/llvm-*/lib and the Rust toolchain
# that has an LLVM extension section: `bcextract sections` against
# llvm-readobj-22 with all its LLVM views at once.
#
# If llvm-bcanalyzer-22 is missing the script prints a line starting with
# "SKIPPED:" and exits 0; if rustc is missing only the Rust part is skipped
# (again with a "SKIPPED:" line).  On a difference it prints the file, the
# variant and the first lines of the diff.  The last line is always
#   conformance: N passed, M failed
# and the exit status is non-zero if M > 0.

set -euo pipefail

ANALYZER=llvm-bcanalyzer-22
LLVM_AR=llvm-ar-22
LLVM_OBJCOPY=llvm-objcopy-22

ALL_VARIANTS="dump stats dump-nonsym dump-blobs dump-blockinfo dump-nohist stats-nohist"
QUICK_VARIANTS="dump stats"

usage() {
	sed -n '2,/^$/{s/^# \{0,1\}//;p}' "$0"
}

# ---------------------------------------------------------------------------
# Worker mode: compare one file for a list of variants.  Invoked (in
# parallel) by the main script through xargs as
#   conformance.sh --worker LINE
# where LINE is "CWD<TAB>RELPATH<TAB>VARIANTS<TAB>ID".  Writes one result
# line per variant to $CONF_RESULTS/ID.res and diff details to ID.fail.
# ---------------------------------------------------------------------------

variant_args() { # variant -> sets OURS_ARGS and THEIRS_ARGS
	case "$1" in
	dump) OURS_ARGS=(dump) THEIRS_ARGS=(-dump) ;;
	stats) OURS_ARGS=(stats) THEIRS_ARGS=() ;;
	dump-nonsym) OURS_ARGS=(dump --non-symbolic) THEIRS_ARGS=(-dump -non-symbolic) ;;
	dump-blobs) OURS_ARGS=(dump --show-binary-blobs) THEIRS_ARGS=(-dump -show-binary-blobs) ;;
	dump-blockinfo) OURS_ARGS=(dump --dump-blockinfo) THEIRS_ARGS=(-dump -dump-blockinfo) ;;
	dump-nohist) OURS_ARGS=(dump --disable-histogram) THEIRS_ARGS=(-dump -disable-histogram) ;;
	stats-nohist) OURS_ARGS=(stats --disable-histogram) THEIRS_ARGS=(-disable-histogram) ;;
	*)
		echo "conformance.sh: unknown variant $1" >&2
		return 1
		;;
	esac
}

# describe_rc RC -> "ok" / "exit N" / "TIMEOUT"
describe_rc() {
	case "$1" in
	0) echo "exit 0" ;;
	124) echo "TIMEOUT (${CONF_TIMEOUT}s)" ;;
	*) echo "exit $1" ;;
	esac
}

# show_diff THEIRS OURS: print the first lines of a diff, localized around
# the first difference so that huge outputs never go through a full diff.
show_diff() {
	local theirs=$1 ours=$2 cmpout line start end
	cmpout=$(cmp -- "$theirs" "$ours" 2>&1 || true)
	cmpout=${cmpout//$theirs/llvm-bcanalyzer-output}
	cmpout=${cmpout//$ours/bcextract-output}
	line=$(printf '%s\n' "$cmpout" | grep -o 'line [0-9]*' | head -n 1 | grep -o '[0-9]*' || true)
	if [[ -z $line ]]; then
		# "cmp: EOF on X" without a line number (older cmp): use the
		# shorter file's line count.
		local a b
		a=$(wc -l <"$theirs")
		b=$(wc -l <"$ours")
		line=$((a < b ? a : b))
		line=$((line + 1))
	fi
	start=$((line > 5 ? line - 5 : 1))
	end=$((line + 15))
	echo "    $cmpout"
	echo "    sizes: llvm-bcanalyzer $(wc -c <"$theirs") bytes / $(wc -l <"$theirs") lines," \
		"bcextract $(wc -c <"$ours") bytes / $(wc -l <"$ours") lines"
	echo "    diff -u llvm-bcanalyzer-22 bcextract, around line $line:"
	diff -u --label llvm-bcanalyzer-22 --label bcextract \
		<(sed -n "${start},${end}p" -- "$theirs") \
		<(sed -n "${start},${end}p" -- "$ours") |
		awk -v off=$((start - 1)) '
			/^@@ / {
				# Renumber the hunk header to real line numbers.
				split($2, a, ","); split($3, b, ",")
				a[1] = "-" (substr(a[1], 2) + off); b[1] = "+" (substr(b[1], 2) + off)
				$2 = a[1] (2 in a ? "," a[2] : ""); $3 = b[1] (2 in b ? "," b[2] : "")
			}
			{ print }' |
		head -n 40 | cut -c1-300 | sed 's/^/      /' || true
}

worker() {
	local line=$1 cwd rel variants id v rc_o rc_t status reason
	IFS=$'\t' read -r cwd rel variants id <<<"$line"
	local res="$CONF_RESULTS/$id.res" fail="$CONF_RESULTS/$id.fail"
	local tmp="$CONF_RESULTS/$id.tmp"
	mkdir -p "$tmp"
	: >"$res"
	for v in $variants; do
		variant_args "$v"
		rc_o=0
		(cd "$cwd" && exec timeout "$CONF_TIMEOUT" "$CONF_BCX" "${OURS_ARGS[@]}" "$rel") \
			>"$tmp/ours.out" 2>"$tmp/ours.err" </dev/null || rc_o=$?
		rc_t=0
		(cd "$cwd" && exec timeout "$CONF_TIMEOUT" "$ANALYZER" "${THEIRS_ARGS[@]}" "$rel") \
			>"$tmp/theirs.out" 2>"$tmp/theirs.err" </dev/null || rc_t=$?
		status=PASS
		reason=""
		if [[ $rc_o -eq 124 || $rc_t -eq 124 ]]; then
			status=FAIL
			reason="timeout"
		fi
		if [[ $((rc_o == 0)) -ne $((rc_t == 0)) ]]; then
			status=FAIL
			reason="${reason:+$reason, }exit status"
		fi
		if ! cmp -s "$tmp/theirs.out" "$tmp/ours.out"; then
			status=FAIL
			reason="${reason:+$reason, }stdout"
		fi
		printf '%s\t%s\t%s\n' "$status" "$rel" "$v" >>"$res"
		if [[ $status == FAIL ]]; then
			{
				echo "FAIL: $rel [$v] (differs in: $reason)"
				echo "    (cd $cwd && bcextract ${OURS_ARGS[*]} $rel)  -> $(describe_rc "$rc_o")"
				echo "    (cd $cwd && $ANALYZER ${THEIRS_ARGS[*]:+${THEIRS_ARGS[*]} }$rel)  -> $(describe_rc "$rc_t")"
				if [[ -s $tmp/ours.err ]]; then
					echo "    bcextract stderr: $(head -c 300 "$tmp/ours.err" | head -n 3 | tr '\n' ' ')"
				fi
				if [[ -s $tmp/theirs.err ]]; then
					echo "    llvm-bcanalyzer-22 stderr: $(head -c 300 "$tmp/theirs.err" | head -n 3 | tr '\n' ' ')"
				fi
				if ! cmp -s "$tmp/theirs.out" "$tmp/ours.out"; then
					show_diff "$tmp/theirs.out" "$tmp/ours.out"
				fi
				echo
			} >>"$fail"
		fi
	done
	rm -rf "$tmp"
}

if [[ ${1:-} == --worker ]]; then
	shift
	worker "$1"
	exit 0
fi

# ---------------------------------------------------------------------------
# Main.
# ---------------------------------------------------------------------------

BCX=""
RUST=1
QUICK=0
RUST_VARIANTS=""
JOBS=$(nproc 2>/dev/null || echo 2)
TIMEOUT=300
KEEP=0
FILES=()
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
	--no-rust)
		RUST=0
		shift
		;;
	--quick)
		QUICK=1
		shift
		;;
	--rust-variants)
		RUST_VARIANTS=${2:?--rust-variants needs a list}
		for v in $RUST_VARIANTS; do
			[[ " $ALL_VARIANTS " == *" $v "* ]] || { echo "conformance.sh: no variant $v (variants: $ALL_VARIANTS)" >&2; exit 2; }
		done
		shift 2
		;;
	--jobs)
		JOBS=${2:?--jobs needs a number}
		shift 2
		;;
	--timeout)
		TIMEOUT=${2:?--timeout needs a number}
		shift 2
		;;
	--keep)
		KEEP=1
		shift
		;;
	-h | --help)
		usage
		exit 0
		;;
	--)
		shift
		FILES+=("$@")
		break
		;;
	-*)
		echo "conformance.sh: unknown option $1 (see --help)" >&2
		exit 2
		;;
	*)
		FILES+=("$1")
		shift
		;;
	esac
done

SCRIPT_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
REPO=$(cd "$SCRIPT_DIR/.." && pwd)
SELF="$SCRIPT_DIR/$(basename "${BASH_SOURCE[0]}")"

if ! command -v "$ANALYZER" >/dev/null 2>&1; then
	echo "SKIPPED: $ANALYZER not found on PATH - conformance NOT checked (install llvm-22 / llvm-22-tools)"
	exit 0
fi

WORK=$(mktemp -d "${TMPDIR:-/tmp}/bcx-conformance.XXXXXX")
cleanup() {
	if [[ $KEEP -eq 1 ]]; then
		echo "scratch directory kept: $WORK" >&2
	else
		rm -rf "$WORK"
	fi
}
trap cleanup EXIT

if [[ -z $BCX ]]; then
	echo "building bcextract ..."
	(cd "$REPO" && go build -o "$WORK/bcextract" ./cmd/bcextract)
	BCX="$WORK/bcextract"
else
	if [[ $BCX != /* ]]; then
		BCX="$PWD/$BCX"
	fi
	if [[ ! -x $BCX ]]; then
		echo "conformance.sh: $BCX is not an executable" >&2
		exit 2
	fi
fi

RESULTS="$WORK/results"
mkdir -p "$RESULTS"
JOBLIST="$WORK/jobs"
: >"$JOBLIST"
NJOBS=0

add_job() { # cwd rel variants
	NJOBS=$((NJOBS + 1))
	printf '%s\t%s\t%s\t%06d\n' "$1" "$2" "$3" "$NJOBS" >>"$JOBLIST"
}

# --- testdata/bc (or the files given) --------------------------------------

if [[ ${#FILES[@]} -gt 0 ]]; then
	for f in "${FILES[@]}"; do
		if [[ ! -f $f ]]; then
			echo "conformance.sh: no such file: $f" >&2
			exit 2
		fi
		add_job "$PWD" "$f" "$ALL_VARIANTS"
	done
	echo "inputs: ${#FILES[@]} file(s) given on the command line"
else
	n=0
	if [[ -d $REPO/testdata/bc ]]; then
		# Every regular file, except documentation and generator sources
		# that may sit next to the fixtures.
		while IFS= read -r f; do
			case "$f" in
			*/README* | *.md | *.txt | *.sh | *.go | *.py | *.c | *.cpp | *.ll | *.rs | *.json) continue ;;
			esac
			add_job "$REPO" "$f" "$ALL_VARIANTS"
			n=$((n + 1))
		done < <(cd "$REPO" && find testdata/bc -type f | LC_ALL=C sort)
	fi
	if [[ $n -eq 0 ]]; then
		echo "conformance.sh: ERROR: no fixtures found under $REPO/testdata/bc" >&2
		exit 1
	fi
	echo "inputs: $n file(s) under testdata/bc"
fi

# --- Rust toolchain rlibs --------------------------------------------------

is_raw_bitcode() { # file -> 0 if it starts with the bitcode or wrapper magic
	local magic
	magic=$(head -c 4 -- "$1" | od -An -tx1 | tr -d ' \n')
	[[ $magic == 4243c0de || $magic == dec0170b ]]
}

if [[ $RUST -eq 1 ]]; then
	if ! command -v rustc >/dev/null 2>&1; then
		echo "SKIPPED: rustc not found on PATH - Rust toolchain .rlib bitcode NOT checked"
	elif ! command -v "$LLVM_AR" >/dev/null 2>&1 || ! command -v "$LLVM_OBJCOPY" >/dev/null 2>&1; then
		echo "SKIPPED: $LLVM_AR or $LLVM_OBJCOPY not found - Rust toolchain .rlib bitcode NOT checked"
	else
		SYSROOT=$(rustc --print sysroot)
		RUSTDIR="$WORK/rust"
		mkdir -p "$RUSTDIR/ar" "$RUSTDIR/bc"
		rust_variants=$ALL_VARIANTS
		[[ $QUICK -eq 1 ]] && rust_variants=$QUICK_VARIANTS
		[[ -z $RUST_VARIANTS ]] || rust_variants=$RUST_VARIANTS
		nrlib=0
		nmod=0
		shopt -s nullglob
		for rlib in "$SYSROOT"/lib/rustlib/*/lib/*.rlib; do
			nrlib=$((nrlib + 1))
			target=$(basename "$(dirname "$(dirname "$rlib")")")
			base=$(basename "$rlib" .rlib)
			exdir="$RUSTDIR/ar/$target/$base"
			mkdir -p "$exdir" "$RUSTDIR/bc/$target/$base"
			mapfile -t members < <("$LLVM_AR" t "$rlib")
			# Member names may repeat: extract instance k of each name
			# into its own directory.
			declare -A seen=()
			i=0
			taken=0
			for m in "${members[@]}"; do
				i=$((i + 1))
				k=$((${seen[$m]:-0} + 1))
				seen[$m]=$k
				[[ $m == lib.rmeta || $m == *.rmeta ]] && continue
				d="$exdir/$i"
				mkdir -p "$d"
				"$LLVM_AR" xN "$k" --output="$d" "$rlib" "$m"
				mf="$d/$(basename "$m")"
				[[ -f $mf ]] || continue
				rel="$target/$base/$(printf '%03d' "$i")-$(basename "$m").bc"
				if is_raw_bitcode "$mf"; then
					mv -- "$mf" "$RUSTDIR/bc/$rel"
				elif "$LLVM_OBJCOPY" --dump-section ".llvmbc=$RUSTDIR/bc/$rel" "$mf" /dev/null 2>/dev/null; then
					:
				else
					rm -rf "$d"
					continue
				fi
				rm -rf "$d"
				add_job "$RUSTDIR/bc" "$rel" "$rust_variants"
				nmod=$((nmod + 1))
				taken=$((taken + 1))
				if [[ $QUICK -eq 1 && $taken -ge 1 ]]; then
					break
				fi
			done
			unset seen
		done
		shopt -u nullglob
		if [[ $nrlib -eq 0 ]]; then
			echo "SKIPPED: no .rlib under $SYSROOT/lib/rustlib/*/lib - Rust toolchain bitcode NOT checked"
		else
			echo "inputs: $nmod bitcode module(s) from $nrlib .rlib file(s) under $SYSROOT (variants: $rust_variants)"
		fi
	fi
fi

# --- run --------------------------------------------------------------------

export CONF_RESULTS="$RESULTS" CONF_BCX="$BCX" CONF_TIMEOUT="$TIMEOUT"
echo "running $NJOBS file(s) with $JOBS parallel job(s) ..."
start=$SECONDS
# Biggest inputs first, so that one large module does not finish last.
xargs_rc=0
while IFS=$'\t' read -r cwd rel rest; do
	printf '%s\t%s\t%s\t%s\n' "$(wc -c <"$cwd/$rel" 2>/dev/null || echo 0)" "$cwd" "$rel" "$rest"
done <"$JOBLIST" | LC_ALL=C sort -t $'\t' -k1,1nr | cut -f2- |
	xargs -d '\n' -n 1 -P "$JOBS" "$BASH" "$SELF" --worker || xargs_rc=$?

passed=0
failed=0
for id in $(seq -f '%06g' 1 "$NJOBS"); do
	res="$RESULTS/$id.res"
	if [[ ! -f $res ]]; then
		line=$(grep -P "\t$id\$" "$JOBLIST" || true)
		echo "FAIL: worker did not report: $line" | tee -a "$RESULTS/missing"
		failed=$((failed + 1))
		continue
	fi
	p=$(grep -c '^PASS' "$res" || true)
	f=$(grep -c '^FAIL' "$res" || true)
	passed=$((passed + p))
	failed=$((failed + f))
	if [[ -f $RESULTS/$id.fail ]]; then
		cat "$RESULTS/$id.fail"
	fi
done
if [[ $xargs_rc -ne 0 && $failed -eq 0 ]]; then
	echo "FAIL: xargs exited with status $xargs_rc"
	failed=$((failed + 1))
fi

if [[ $failed -gt 0 ]]; then
	echo "failing (file, variant):"
	find "$RESULTS" -name '*.res' -print0 | LC_ALL=C sort -z | xargs -0 -r cat |
		grep '^FAIL' | cut -f2- | sed 's/^/  /' || true
	if [[ -f $RESULTS/missing ]]; then
		sed 's/^FAIL: /  /' "$RESULTS/missing"
	fi
fi
echo "elapsed: $((SECONDS - start))s"

# --- the bitstream writer against LLVM's -----------------------------------
# Every Rust toolchain module extracted above (unless --no-rust), read entry
# by entry and written again with the same abbreviations by
# bitstream.Writer: the bytes must be the module's, as LLVM's writer made
# them (bitstream's TestCopyDirs; the fixtures are its TestCopyFixtures).
if [[ $RUST -eq 1 && -n ${RUSTDIR:-} && -d $RUSTDIR/bc && ${#FILES[@]} -eq 0 ]]; then
	wstart=$SECONDS
	wlog="$WORK/writer.log"
	if (cd "$REPO" && BCX_COPY_DIRS="$RUSTDIR/bc" go test ./bitstream -run '^TestCopyDirs$' -count=1 -v) >"$wlog" 2>&1; then
		n=$(grep -o '[0-9]* of [0-9]* streams copied byte for byte' "$wlog" | head -1)
		echo "bitstream writer vs LLVM's: ${n:-?} ($((SECONDS - wstart))s)"
		passed=$((passed + 1))
	else
		grep -E 'differs|copying|FAIL|error' "$wlog" | head -20
		echo "FAIL: bitstream writer vs LLVM's (see above)"
		failed=$((failed + 1))
	fi
fi

# --- payloads against llvm-objcopy-22 ---------------------------------------
# Every section holding a payload, in every well-formed container fixture and
# (unless --no-rust) every Rust toolchain .rlib, rebuilt from what bcextract
# finds and compared with llvm-objcopy-22 --dump-section (see payload_check.py).
if [[ ${#FILES[@]} -eq 0 ]]; then
	if ! command -v python3 >/dev/null 2>&1; then
		echo "SKIPPED: python3 not found - payloads NOT compared with llvm-objcopy-22"
	else
		pstart=$SECONDS
		mapfile -t pfiles < <(cd "$REPO/testdata/containers" && find . -maxdepth 2 -type f \
			! -name 'bad-*' ! -name 'evil.a' ! -name '*.sh' ! -name '*.md' ! -name '*.golden' \
			! -path './thin/objs/*' ! -path './src/*' | sed 's|^\./||' | LC_ALL=C sort)
		plog="$WORK/payloads.fixtures"
		(cd "$REPO/testdata/containers" && python3 "$REPO/scripts/payload_check.py" --bcextract "$BCX" "${pfiles[@]}") >"$plog" 2>&1 || true
		if [[ $RUST -eq 1 && -n ${SYSROOT:-} ]]; then
			shopt -s nullglob
			rlibs=("$SYSROOT"/lib/rustlib/*/lib/*.rlib)
			shopt -u nullglob
			if [[ ${#rlibs[@]} -gt 0 ]]; then
				python3 "$REPO/scripts/payload_check.py" --bcextract "$BCX" "${rlibs[@]}" >>"$plog" 2>&1 || true
			fi
		fi
		grep '^FAIL' "$plog" || true
		pp=$(awk '/^payloads:/ {s += $2} END {print s + 0}' "$plog")
		pf=$(awk '/^payloads:/ {s += $4} END {print s + 0}' "$plog")
		if ! grep -q '^payloads:' "$plog"; then
			cat "$plog"
			pf=1
		fi
		echo "payloads vs llvm-objcopy-22: $pp passed, $pf failed (${#pfiles[@]} fixtures${rlibs:+, ${#rlibs[@]} rlibs}; $((SECONDS - pstart))s)"
		passed=$((passed + pp))
		failed=$((failed + pf))
	fi
fi
# --- extension sections against llvm-readobj-22 -----------------------------
# Every fixture under testdata/sections, with every flag set, run from that
# directory: stdout byte for byte and the exit status must agree, except
# where llvm-readobj-22 is wrong (SECTIONS_EXCEPTIONS; each says why).
SECTIONS_EXCEPTIONS=(
	# llvm-readobj-22 cannot read REL relocations for a BB address map and
	# prints it empty; bcextract reads the implicit addends.
	"bbmap-i686.o --bb-addr-map"
	"bbmap-i686.o --bb-addr-map --pretty-pgo-analysis-map"
	"bbmap-i686.o --dependent-libraries --elf-linker-options --cg-profile --bb-addr-map --addrsig"
	# llvm-readobj-22 decompresses a compressed BB address map, but decodes
	# a compressed .llvm_addrsig, .llvm.call-graph-profile, .deplibs or
	# .linker-options as stored (compression header and all); bcextract
	# decompresses them (TestSectionsCompressed: as for the originals).
	"bbmap-zstd.o --addrsig"
	"bbmap-zstd.o --dependent-libraries --elf-linker-options --cg-profile --bb-addr-map --addrsig"
	"cgprofile-zlib.o --cg-profile"
	"cgprofile-zlib.o --dependent-libraries --elf-linker-options --cg-profile --bb-addr-map --addrsig"
	"deplibs-zstd.o --dependent-libraries"
	"deplibs-zstd.o --dependent-libraries --elf-linker-options --cg-profile --bb-addr-map --addrsig"
	"linkeropts-zlib.o --elf-linker-options"
	"linkeropts-zlib.o --dependent-libraries --elf-linker-options --cg-profile --bb-addr-map --addrsig"
	"bbmap-zstd.o -C --addrsig"
	"cgprofile-zlib.o -C --cg-profile"
	"bbmap-zstd.o -C --dependent-libraries --elf-linker-options --cg-profile --bb-addr-map --addrsig"
	"cgprofile-zlib.o -C --dependent-libraries --elf-linker-options --cg-profile --bb-addr-map --addrsig"
	"deplibs-zstd.o -C --dependent-libraries --elf-linker-options --cg-profile --bb-addr-map --addrsig"
	"linkeropts-zlib.o -C --dependent-libraries --elf-linker-options --cg-profile --bb-addr-map --addrsig"
	"bbmap-i686.o -C --bb-addr-map"
	"bbmap-i686.o -C --dependent-libraries --elf-linker-options --cg-profile --bb-addr-map --addrsig"
)
# compare_sections DIR FILE FLAGS: runs both tools on FILE from DIR and
# counts a pass (sp) or a failure (sf), with the diff's start.
compare_sections() {
	local ours theirs
	# shellcheck disable=SC2086 # FLAGS is a word list
	ours=$(cd "$1" && "$BCX" sections $3 "$2" 2>/dev/null; echo "exit=$(($? != 0))")
	# shellcheck disable=SC2086
	theirs=$(cd "$1" && llvm-readobj-22 $3 "$2" 2>/dev/null; echo "exit=$(($? != 0))")
	if [[ "$ours" == "$theirs" ]]; then
		sp=$((sp + 1))
	else
		sf=$((sf + 1))
		echo "FAIL: sections $3 ${1#"$REPO"/testdata/}/$2"
		diff <(echo "$theirs") <(echo "$ours") | head -10 || true
	fi
}
if [[ ${#FILES[@]} -eq 0 && -d $REPO/testdata/sections ]]; then
	sp=0
	sf=0
	sx=0
	while IFS= read -r f; do
		for flags in "--bb-addr-map" "--bb-addr-map --pretty-pgo-analysis-map" "--cg-profile" "--addrsig" \
			"--dependent-libraries" "--elf-linker-options" \
			"--dependent-libraries --elf-linker-options --cg-profile --bb-addr-map --addrsig" \
			"-C --bb-addr-map" "-C --cg-profile" "-C --addrsig" \
			"-C --dependent-libraries --elf-linker-options --cg-profile --bb-addr-map --addrsig"; do
			skip=0
			for x in "${SECTIONS_EXCEPTIONS[@]}"; do [[ "$f $flags" == "$x" ]] && skip=1; done
			if [[ $skip -eq 1 ]]; then
				sx=$((sx + 1))
				continue
			fi
			compare_sections "$REPO/testdata/sections" "$f" "$flags"
		done
	done < <(cd "$REPO/testdata/sections" && find . -maxdepth 1 -type f \( -name '*.o' -o -name '*.obj' -o -name 'bbmap-x86_64' -o -name 'cxx-plt*' -o -name '*.so' \) | sed 's|^\./||' | LC_ALL=C sort)
	# The well-formed objects, archives and universal files of the container
	# fixtures, with every view at once: one File block per slice or member.
	for f in universal.o libuniversal.a lib-bsd.a lib-gnu.a macho-x86_64.o macho-arm64.o coff-x86_64.obj coff-arm64.obj \
		coff-i386.obj elf-x86_64.o elf-aarch64.o elf-i686.o elf-mips32be.o elf-ppc64be.o elf-ext.o; do
		compare_sections "$REPO/testdata/containers" "$f" "--dependent-libraries --elf-linker-options --cg-profile --bb-addr-map --addrsig"
	done
	echo "sections vs llvm-readobj-22: $sp passed, $sf failed, $sx known llvm-readobj-22 bugs skipped"
	passed=$((passed + sp))
	failed=$((failed + sf))
fi
# --- extension sections of real libraries against llvm-readobj-22 ----------
# Objects nobody here wrote: every file under /usr/lib/x86_64-linux-gnu,
# /usr/lib/llvm-*/lib (LLVM's own static libraries and compiler-rt, which
# installing llvm-22 brings) and the Rust toolchain that has an LLVM
# extension section (found with `bcextract scan --kind extension`), dumped
# with every llvm-readobj view at once. Their .llvm_addrsig tables name
# section symbols, which the fixtures above had missed for long.
if [[ ${#FILES[@]} -eq 0 ]] && command -v jq >/dev/null 2>&1; then
	lstart=$SECONDS
	ldirs=()
	for d in /usr/lib/x86_64-linux-gnu /usr/lib/llvm-*/lib ${SYSROOT:+"$SYSROOT/lib/rustlib"}; do
		[[ -d $d ]] && ldirs+=("$d")
	done
	mapfile -t lfiles < <(if ((${#ldirs[@]})); then "$BCX" scan --kind extension --json "${ldirs[@]}" 2>/dev/null | jq -r '.file' | LC_ALL=C sort -u; fi)
	lflags="--dependent-libraries --elf-linker-options --cg-profile --bb-addr-map --addrsig"
	export BCX lflags
	# One line per file: PASS or FAIL, then the file.
	# shellcheck disable=SC2016 # expanded by the inner shell
	lcheck='ours=$("$BCX" sections $lflags "$1" 2>/dev/null | md5sum; echo "exit=${PIPESTATUS[0]}")
		theirs=$(llvm-readobj-22 $lflags "$1" 2>/dev/null | md5sum; echo "exit=${PIPESTATUS[0]}")
		if [[ $ours == "$theirs" ]]; then echo "PASS $1"; else echo "FAIL $1"; fi'
	lout=$(printf '%s\0' "${lfiles[@]}" | xargs -0 -r -n 1 -P "$JOBS" bash -c "$lcheck" _)
	lp=$(grep -c '^PASS' <<<"$lout" || true)
	lf=$(grep -c '^FAIL' <<<"$lout" || true)
	{ grep '^FAIL' <<<"$lout" || true; } | head -10 | while read -r _ f; do
		echo "FAIL: sections $lflags $f"
		# shellcheck disable=SC2086
		diff <(llvm-readobj-22 $lflags "$f" 2>&1) <("$BCX" sections $lflags "$f" 2>&1) | head -6 || true
	done
	echo "sections vs llvm-readobj-22 on system and Rust libraries: $lp passed, $lf failed (${#ldirs[@]} directories; $((SECONDS - lstart))s)"
	passed=$((passed + lp))
	failed=$((failed + lf))
fi
# --- file summaries of shared objects against llvm-readobj-22 ---------------
# The scan above only finds files with an extension section, which linked
# shared objects seldom keep: their LoadName (DT_SONAME) line went unchecked
# and printed <Not found> for libz.so.1 and libLLVM-22.so. Every ELF shared
# object (*.so, *.so.*) under the same directories, dumped with --addrsig
# (the summary and an empty list), in batches of 256 files per invocation:
# stdout and warnings must agree. (llvm-readobj stops at the first file it
# cannot read, so only files with the ELF magic are given.)
if [[ ${#FILES[@]} -eq 0 ]]; then
	sstart=$SECONDS
	sdirs=()
	for d in /usr/lib/x86_64-linux-gnu /usr/lib/llvm-*/lib; do
		[[ -d $d ]] && sdirs+=("$d")
	done
	sfiles=()
	while IFS= read -r -d '' f; do
		magic=""
		IFS= read -r -d '' -n 4 magic <"$f" 2>/dev/null || true
		[[ $magic == $'\x7fELF' ]] && sfiles+=("$f")
	done < <(if ((${#sdirs[@]})); then find "${sdirs[@]}" -type f \( -name '*.so' -o -name '*.so.*' \) -print0 | LC_ALL=C sort -z; fi)
	sout=$(mktemp -d)
	printf '%s\0' "${sfiles[@]}" | xargs -0 -r -n 256 llvm-readobj-22 --addrsig >"$sout/theirs" 2>"$sout/theirs.err" || true
	printf '%s\0' "${sfiles[@]}" | xargs -0 -r -n 256 "$BCX" sections --addrsig >"$sout/ours" 2>"$sout/ours.err" || true
	sed -i 's/^llvm-readobj-22: /TOOL: /' "$sout/theirs.err"
	sed -i 's/^bcextract: /TOOL: /' "$sout/ours.err"
	# One line per file (its block, newlines escaped), so that a failure
	# counts files; then the warnings, one line each.
	oneline() { awk 'BEGIN { RS = "" } { gsub(/\n/, "\\n"); print }' "$1"; }
	sn=$(grep -c '^File: ' "$sout/theirs" || true)
	sf=$( (diff <(oneline "$sout/theirs") <(oneline "$sout/ours"); diff "$sout/theirs.err" "$sout/ours.err") | grep -c '^>' || true)
	sp=$((sn > sf ? sn - sf : 0))
	if ((sf > 0)); then
		echo "FAIL: sections --addrsig on shared objects"
		{ diff "$sout/theirs" "$sout/ours"; diff "$sout/theirs.err" "$sout/ours.err"; } | head -10 || true
	fi
	rm -rf "$sout"
	echo "sections file summaries vs llvm-readobj-22 on ${#sfiles[@]} shared objects: $sp passed, $sf failed ($((SECONDS - sstart))s)"
	passed=$((passed + sp))
	failed=$((failed + sf))
fi
# --- inspect against llvm-nm-22 and llvm-dis-22 ------------------------------
# Every bitcode fixture of testdata/inspect and testdata/bc that LLVM reads,
# and (unless --no-rust) every bitcode module of the Rust toolchain's rlibs:
# `inspect --symbols` against llvm-nm-22, and the producer, triple, data
# layout, source file name, summary kind, llvm.ident and compile units
# against llvm-dis-22 and llvm-bcanalyzer-22 (scripts/inspect_check.py).
if [[ ${#FILES[@]} -eq 0 ]]; then
	if ! command -v python3 >/dev/null 2>&1 || ! command -v llvm-dis-22 >/dev/null 2>&1 ||
		! command -v llvm-nm-22 >/dev/null 2>&1; then
		echo "SKIPPED: python3, llvm-dis-22 or llvm-nm-22 not found - inspect NOT compared"
	else
		istart=$SECONDS
		ifiles=("$REPO"/testdata/inspect/*.bc "$REPO"/testdata/bc/{plain,debug,thinlto,darwin,darwin-arm64,multi,llvm14,wrapped-odd}.bc)
		if [[ $RUST -eq 1 && -n ${SYSROOT:-} ]]; then
			shopt -s nullglob
			ifiles+=("$SYSROOT"/lib/rustlib/*/lib/*.rlib)
			shopt -u nullglob
		fi
		ilog="$WORK/inspect.log"
		python3 "$REPO/scripts/inspect_check.py" --bcextract "$BCX" --jobs "$JOBS" "${ifiles[@]}" >"$ilog" 2>&1 || true
		grep -A12 '^FAIL' "$ilog" | head -60 || true
		if ! grep -q '^inspect:' "$ilog"; then
			cat "$ilog"
			echo "inspect: 0 passed, 1 failed"
			failed=$((failed + 1))
		else
			ip=$(awk '/^inspect:/ {print $2}' "$ilog")
			if_=$(awk '/^inspect:/ {print $4}' "$ilog")
			echo "$(grep '^inspect:' "$ilog") ($((SECONDS - istart))s)"
			passed=$((passed + ip))
			failed=$((failed + if_))
		fi
	fi
fi
echo "conformance: $passed passed, $failed failed"
[[ $failed -eq 0 ]]
