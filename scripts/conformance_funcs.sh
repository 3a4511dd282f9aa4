#!/usr/bin/env bash
# conformance_funcs.sh - check `bcextract funcs --json --all` and
# `bcextract callgraph --format json` against LLVM 22's own view of the
# same modules.
#
# Usage:
#   scripts/conformance_funcs.sh [--bcextract PATH] [--llvm-stand-in]
#                                [--no-rust] [--strict-all] [--jobs N]
#                                [--timeout SECS] [--keep]
#
#   --bcextract PATH   use a prebuilt bcextract instead of building
#                      ./cmd/bcextract with `go build` into a temp dir.
#   --llvm-stand-in    answer `funcs` and `callgraph` with a stand-in made of
#                      LLVM's outputs (scripts/funcs_check.py emulate-*):
#                      tests this script's plumbing, everything must pass.
#                      bcextract is still built (or taken from --bcextract)
#                      to unpack the rlibs.
#   --no-rust          skip the Rust toolchain part.
#   --strict-all       every failure is fatal (default: only the fixtures'
#                      are; the rlib modules, which change with the
#                      installed toolchain, are counted).
#   --jobs N           modules checked in parallel (default: 2).
#   --timeout SECS     per-invocation time limit (default: 300); running out
#                      of time is a failure.
#   --keep             keep the scratch directory.
#
# Inputs (one bitcode module per file):
#
#   fixtures    testdata/ir/*.bc (not testdata/ir/newer/; multi.bc, two
#               modules written by llvm-cat, is left out with a note).
#   old         testdata/ir/legacy/*.bc and testdata/ir/upgrade/*.bc: the
#               modules of older producers (LLVM 3.x to 21), read with
#               LLVM 22's upgrades; checked as the fixtures are.
#   irdiff      testdata/irdiff/**/*.bc, when that directory exists.
#   rust        every bitcode module of the installed Rust toolchain's
#               rlibs ($(rustc --print sysroot)/lib/rustlib/*/lib/*.rlib),
#               written to .bc files by `bcextract extract --kind bitcode`.
#
# What is compared, per module M.bc (scripts/funcs_check.py does the
# parsing and comparing; see its --help for the llvm-dis text rules):
#
#   1. the functions defined in `llvm-dis-22 M.bc -o -` (names unescaped)
#      are exactly the rows of `bcextract funcs --json --all M.bc` with
#      "defined": true, with equal "blocks" and "instructions" (debug
#      records are not instructions); the declarations are exactly the rows
#      with "defined": false. The text parser itself is checked against
#      opt-22 -passes='print<func-properties>' (BasicBlockCount,
#      TotalInstructionCount): a disagreement there is reported as a
#      CHECKER problem.
#   2. per caller, the direct call sites `opt-22 -passes=print-callgraph`
#      prints ("CS<0x...> calls function 'NAME'") equal, callee by callee,
#      the edges of `bcextract callgraph --format json M.bc` (names from the
#      nodes' "name"), counted as sites - via_alias; edges to <indirect>
#      are ignored. Also: each defined row's "call_sites" equals the number
#      of call sites opt-22 lists for it, and its "callees" are the
#      callgraph's callees of that function (in opt-22's order of first
#      call when no alias is involved).
#   Unnamed functions (@0) are not compared. When opt-22 fails on a module
#   (or llvm-dis-22 does), that part is SKIPPED for the module, with the
#   reason, and not counted as a failure.
#
#   3. `bcextract diff DIR DIR2`, DIR2 holding every module of DIR written
#      again by opt-22 (no passes: other bytes, the same IR), finds nothing:
#      the structural hash sees through LLVM's re-encoding and upgrades.
#
# Output: a FAIL block for at most 5 failing modules per group (the first
# differing function and a short diff), then per group, e.g.
#   fixtures (testdata/ir/*.bc): 55/55 modules passed (functions compared: 612, direct call sites: 498)
#   rust rlib modules:           291/291 modules passed (functions compared: 81234, direct call sites: 15839)
# Exit status: 1 if a fixture failed (any failure with --strict-all), 0
# otherwise; 2 for usage errors. If llvm-dis-22, opt-22 or python3 is
# missing the script prints a line starting with "SKIPPED:" and exits 0.

set -euo pipefail

LLVM_DIS=llvm-dis-22
OPT=opt-22
PYTHON=python3
MAX_LISTED=5

usage() {
	sed -n '2,/^$/{s/^# \{0,1\}//;p}' "$0"
}

# ---------------------------------------------------------------------------
# Worker mode, run in parallel through xargs:
#   conformance_funcs.sh --worker "CWD<TAB>REL<TAB>GROUP<TAB>ID"
# Writes "STATUS<TAB>GROUP<TAB>REL<TAB>FUNCS<TAB>SITES<TAB>EDGES<TAB>NOTE" to
# $CF_RESULTS/ID.res (STATUS: PASS, FAIL or SKIP; EDGES: checked or
# skipped) and the details of a failure to ID.fail.
# ---------------------------------------------------------------------------

worker() {
	local line=$1 cwd rel group id rc
	IFS=$'\t' read -r cwd rel group id <<<"$line"
	local res="$CF_RESULTS/$id.res" fail="$CF_RESULTS/$id.fail" tmp="$CF_RESULTS/$id.tmp"
	mkdir -p "$tmp"
	run() { # OUT ERR CMD...: run CMD in $cwd with the time limit; prints its status
		local out=$1 err=$2 r=0
		shift 2
		(cd "$cwd" && exec timeout "$CF_TIMEOUT" "$@") >"$out" 2>"$err" </dev/null || r=$?
		echo "$r"
	}
	firstline() { head -c 300 "$1" | head -n 2 | tr '\n' ' '; }

	rc=$(run "$tmp/dis.ll" "$tmp/dis.err" "$LLVM_DIS" "$rel" -o -)
	if [[ $rc -ne 0 ]]; then
		printf 'SKIP\t%s\t%s\t0\t0\tskipped\t%s\n' "$group" "$rel" \
			"llvm-dis-22 exit $rc: $(firstline "$tmp/dis.err")" >"$res"
		rm -rf "$tmp"
		return
	fi
	# One opt-22 run prints both the call graph and the function properties
	# (on stderr).
	local optargs=() opt_rc
	opt_rc=$(run /dev/null "$tmp/opt.txt" "$OPT" '-passes=print-callgraph,function(print<func-properties>)' -disable-output "$rel")
	if [[ $opt_rc -eq 0 ]]; then
		optargs=(--opt-cg "$tmp/opt.txt" --props "$tmp/opt.txt")
	else
		optargs=(--opt-cg-error "opt-22 exit $opt_rc: $(firstline "$tmp/opt.txt")")
	fi

	local status=PASS reasons=() rc_f rc_c
	rc_f=$(run "$tmp/funcs.jsonl" "$tmp/funcs.err" "$CF_BCX" funcs --json --all "$rel")
	rc_c=$(run "$tmp/cg.json" "$tmp/cg.err" "$CF_BCX" callgraph --format json "$rel")
	[[ $rc_f -eq 0 ]] || reasons+=("bcextract funcs exit $rc_f: $(firstline "$tmp/funcs.err")")
	[[ $rc_c -eq 0 ]] || reasons+=("bcextract callgraph exit $rc_c: $(firstline "$tmp/cg.err")")

	"$PYTHON" "$CF_CHECK" compare --label "$rel" --dis "$tmp/dis.ll" --funcs "$tmp/funcs.jsonl" \
		--callgraph "$tmp/cg.json" "${optargs[@]}" >"$tmp/cmp.out" 2>"$tmp/cmp.err" || true
	local result nf ns est note
	result=$(grep -m 1 '^RESULT' "$tmp/cmp.out" || true)
	if [[ -z $result ]]; then
		status=FAIL
		reasons+=("funcs_check.py did not report: $(firstline "$tmp/cmp.err")")
		nf=0 ns=0 est=checked note=""
	else
		IFS=$'\t' read -r _ status nf ns est note <<<"$result"
	fi
	[[ ${#reasons[@]} -eq 0 ]] || status=FAIL
	printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$status" "$group" "$rel" "$nf" "$ns" "$est" "$note" >"$res"
	if [[ $status == FAIL ]]; then
		{
			echo "FAIL [$group] $rel"
			echo "    (cd $cwd && bcextract funcs --json --all $rel; bcextract callgraph --format json $rel)"
			local r
			for r in "${reasons[@]}"; do echo "    $r"; done
			grep -v '^RESULT' "$tmp/cmp.out" | head -n 30 | cut -c1-300 | sed 's/^/    /' || true
			echo
		} >"$fail"
	fi
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
STANDIN=0
RUST=1
STRICT=0
JOBS=2
TIMEOUT=300
KEEP=0
while [[ $# -gt 0 ]]; do
	case "$1" in
	--bcextract) BCX=${2:?--bcextract needs a path}; shift 2 ;;
	--bcextract=*) BCX=${1#*=}; shift ;;
	--llvm-stand-in) STANDIN=1; shift ;;
	--no-rust) RUST=0; shift ;;
	--strict-all) STRICT=1; shift ;;
	--jobs) JOBS=${2:?--jobs needs a number}; shift 2 ;;
	--timeout) TIMEOUT=${2:?--timeout needs a number}; shift 2 ;;
	--keep) KEEP=1; shift ;;
	-h | --help) usage; exit 0 ;;
	*) echo "conformance_funcs.sh: unknown argument $1 (see --help)" >&2; exit 2 ;;
	esac
done

SCRIPT_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
REPO=$(cd "$SCRIPT_DIR/.." && pwd)
SELF="$SCRIPT_DIR/$(basename "${BASH_SOURCE[0]}")"
CHECK="$SCRIPT_DIR/funcs_check.py"
IRDIR="$REPO/testdata/ir"

for t in "$LLVM_DIS" "$OPT" "$PYTHON"; do
	if ! command -v "$t" >/dev/null 2>&1; then
		echo "SKIPPED: $t not found on PATH - funcs/callgraph conformance NOT checked (needs llvm-22 and python3)"
		exit 0
	fi
done

WORK=$(mktemp -d "${TMPDIR:-/tmp}/bcx-conformance-funcs.XXXXXX")
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
	[[ $BCX == /* ]] || BCX="$PWD/$BCX"
	[[ -x $BCX ]] || { echo "conformance_funcs.sh: $BCX is not an executable" >&2; exit 2; }
fi
EXTRACT_BCX=$BCX
if [[ $STANDIN -eq 1 ]]; then
	# funcs and callgraph made of LLVM's outputs: checks this script, not
	# bcextract.
	BCX="$WORK/llvm-stand-in"
	cat >"$BCX" <<EOF
#!/usr/bin/env bash
set -euo pipefail
t=\$(mktemp -d)
trap 'rm -rf "\$t"' EXIT
f=\${!#}
$LLVM_DIS "\$f" -o "\$t/dis.ll"
$OPT -passes=print-callgraph -disable-output "\$f" 2>"\$t/cg.txt"
case "\$1" in
funcs) exec $PYTHON "$CHECK" emulate-funcs "\$t/dis.ll" "\$t/cg.txt" "\$f#1" ;;
callgraph) exec $PYTHON "$CHECK" emulate-callgraph "\$t/dis.ll" "\$t/cg.txt" "\$f#1" ;;
*) exit 2 ;;
esac
EOF
	chmod +x "$BCX"
	echo "bcextract funcs/callgraph: LLVM stand-in (--llvm-stand-in)"
fi

RESULTS="$WORK/results"
mkdir -p "$RESULTS"
JOBLIST="$WORK/jobs"
: >"$JOBLIST"
NJOBS=0
add_job() { # cwd rel group
	NJOBS=$((NJOBS + 1))
	printf '%s\t%s\t%s\t%06d\n' "$1" "$2" "$3" "$NJOBS" >>"$JOBLIST"
}
declare -A notes=()

# --- fixtures -------------------------------------------------------------------
nfix=0
shopt -s nullglob
for f in "$IRDIR"/*.bc; do
	rel=$(basename "$f")
	case "$rel" in
	multi*.bc)
		notes[fixtures]+="${notes[fixtures]:+; }$rel left out (several modules)"
		continue
		;;
	esac
	add_job "$IRDIR" "$rel" fixtures
	nfix=$((nfix + 1))
done
shopt -u nullglob
if [[ $nfix -eq 0 ]]; then
	echo "conformance_funcs.sh: ERROR: no fixtures under $IRDIR (run testdata/ir/regen.sh)" >&2
	exit 1
fi
echo "inputs: $nfix fixture module(s) under testdata/ir"
# Modules of older producers (LLVM 3.x to 21: testdata/ir/legacy, and the
# upgrade fixtures of testdata/ir/upgrade), read with LLVM 22's upgrades.
nold=0
for d in legacy upgrade; do
	for f in "$IRDIR/$d"/*.bc; do
		[[ -f $f ]] || continue
		add_job "$IRDIR" "$d/$(basename "$f")" old
		nold=$((nold + 1))
	done
done
echo "inputs: $nold module(s) of older producers under testdata/ir/legacy and testdata/ir/upgrade"
nirdiff=0
if [[ -d $REPO/testdata/irdiff ]]; then
	while IFS= read -r -d '' f; do
		add_job "$REPO/testdata/irdiff" "${f#"$REPO"/testdata/irdiff/}" irdiff
		nirdiff=$((nirdiff + 1))
	done < <(find "$REPO/testdata/irdiff" -name '*.bc' -type f -print0 | LC_ALL=C sort -z)
	echo "inputs: $nirdiff module(s) under testdata/irdiff"
fi

# --- Rust toolchain rlibs -------------------------------------------------------
if [[ $RUST -eq 1 ]]; then
	if ! command -v rustc >/dev/null 2>&1; then
		echo "SKIPPED: rustc not found on PATH - Rust toolchain modules NOT checked"
		RUST=0
	else
		SYSROOT=$(rustc --print sysroot)
		shopt -s nullglob
		rlibs=("$SYSROOT"/lib/rustlib/*/lib/*.rlib)
		shopt -u nullglob
		if [[ ${#rlibs[@]} -eq 0 ]]; then
			echo "SKIPPED: no .rlib under $SYSROOT/lib/rustlib/*/lib - Rust toolchain modules NOT checked"
			RUST=0
		else
			RUSTDIR="$WORK/rust"
			xrc=0
			"$EXTRACT_BCX" extract --kind bitcode -d "$RUSTDIR" "${rlibs[@]}" >/dev/null 2>"$WORK/extract.err" || xrc=$?
			if [[ $xrc -ne 0 ]]; then
				echo "note: bcextract extract exited $xrc: $(head -n 3 "$WORK/extract.err" | tr '\n' ' ')"
			fi
			nmod=0
			if [[ -d $RUSTDIR ]]; then
				while IFS= read -r -d '' f; do
					add_job "$RUSTDIR" "$(basename "$f")" rust
					nmod=$((nmod + 1))
				done < <(find "$RUSTDIR" -maxdepth 1 -name '*.bc' -type f -print0 | LC_ALL=C sort -z)
			fi
			echo "inputs: $nmod bitcode module(s) from ${#rlibs[@]} .rlib file(s) under $SYSROOT"
			if [[ $nmod -eq 0 ]]; then
				echo "SKIPPED: bcextract extract wrote no module - Rust toolchain modules NOT checked"
				RUST=0
			fi
		fi
	fi
fi

# --- run ------------------------------------------------------------------------
export CF_RESULTS="$RESULTS" CF_BCX="$BCX" CF_TIMEOUT="$TIMEOUT" CF_CHECK="$CHECK"
export LLVM_DIS OPT PYTHON
echo "checking $NJOBS module(s) with $JOBS parallel job(s) ..."
start=$SECONDS
xargs_rc=0
# Largest inputs first, so that one big module does not finish last.
while IFS=$'\t' read -r cwd rel rest; do
	printf '%s\t%s\t%s\t%s\n' "$(wc -c <"$cwd/$rel" 2>/dev/null || echo 0)" "$cwd" "$rel" "$rest"
done <"$JOBLIST" | LC_ALL=C sort -t $'\t' -k1,1nr | cut -f2- |
	xargs -d '\n' -n 1 -P "$JOBS" "$BASH" "$SELF" --worker || xargs_rc=$?

declare -A pass=() fail=() skip=() funcs=() sites=() eskip=() listed=() unlisted=()
for id in $(seq -f '%06g' 1 "$NJOBS"); do
	res="$RESULTS/$id.res"
	if [[ ! -f $res ]]; then
		line=$(grep -P "\t$id\$" "$JOBLIST" || true)
		group=$(cut -f3 <<<"$line")
		echo "FAIL: worker did not report: $line"
		fail[$group]=$((${fail[$group]:-0} + 1))
		continue
	fi
	IFS=$'\t' read -r status group rel nf ns est note <"$res"
	funcs[$group]=$((${funcs[$group]:-0} + nf))
	sites[$group]=$((${sites[$group]:-0} + ns))
	case $status in
	PASS) pass[$group]=$((${pass[$group]:-0} + 1)) ;;
	SKIP)
		skip[$group]=$((${skip[$group]:-0} + 1))
		echo "SKIPPED [$group] $rel: $note"
		continue
		;;
	*)
		fail[$group]=$((${fail[$group]:-0} + 1))
		if [[ ${listed[$group]:-0} -lt $MAX_LISTED && -f $RESULTS/$id.fail ]]; then
			cat "$RESULTS/$id.fail"
			listed[$group]=$((${listed[$group]:-0} + 1))
		else
			unlisted[$group]=$((${unlisted[$group]:-0} + 1))
		fi
		;;
	esac
	if [[ $est == skipped ]]; then
		eskip[$group]=$((${eskip[$group]:-0} + 1))
		echo "SKIPPED call edges [$group] $rel: ${note##*edges skipped: }"
	fi
done
[[ $xargs_rc -ne 0 ]] && echo "note: xargs exited with status $xargs_rc"
for g in "${!unlisted[@]}"; do
	echo "[$g] ... and ${unlisted[$g]} more failing module(s), not listed"
done

summary() { # group label
	local g=$1 total
	total=$((${pass[$g]:-0} + ${fail[$g]:-0} + ${skip[$g]:-0}))
	printf '%-30s %d/%d modules passed (functions compared: %d, direct call sites: %d)' \
		"$2:" "${pass[$g]:-0}" "$total" "${funcs[$g]:-0}" "${sites[$g]:-0}"
	[[ ${fail[$g]:-0} -eq 0 ]] || printf ', %d FAILED' "${fail[$g]}"
	[[ ${skip[$g]:-0} -eq 0 ]] || printf ', %d SKIPPED' "${skip[$g]}"
	[[ ${eskip[$g]:-0} -eq 0 ]] || printf ', call edges skipped in %d' "${eskip[$g]}"
	[[ -z ${notes[$g]:-} ]] || printf ' [%s]' "${notes[$g]}"
	echo
}
echo "elapsed: $((SECONDS - start))s"
summary fixtures "fixtures (testdata/ir/*.bc)"
summary old "older producers (testdata/ir/legacy, upgrade)"
[[ $nirdiff -eq 0 ]] || summary irdiff "fixtures (testdata/irdiff)"
[[ $RUST -eq 0 ]] || summary rust "rust rlib modules"

# --- diff against LLVM's re-encoding -------------------------------------------
# Every module written again by opt-22 (no passes: the same IR, other bytes,
# LLVM 22's upgrades applied) must hash the same, function by function:
# `bcextract diff ORIGINALS REENCODED` finds nothing. Fatal for the fixtures,
# counted for the rlib modules.
reencode() { # SRCDIR DSTDIR: opt-22 every .bc; those opt-22 refuses are dropped from both
	local src=$1 dst=$2 f
	mkdir -p "$dst"
	for f in "$src"/*.bc; do
		"$OPT" "$f" -o "$dst/$(basename "$f")" 2>/dev/null || rm -f "$f" "$dst/$(basename "$f")"
	done
}
diffcheck() { # LABEL SRCDIR DSTDIR: prints a line; returns 1 when something differs
	local rc=0 n
	n=$(find "$2" -name '*.bc' | wc -l)
	"$BCX" diff "$2" "$3" >"$WORK/reenc.out" 2>&1 || rc=$?
	if [[ $rc -eq 0 && ! -s $WORK/reenc.out ]]; then
		printf '%-30s %d modules re-encoded by opt-22: nothing differs\n' "$1:" "$n"
		return 0
	fi
	printf '%-30s %d modules re-encoded by opt-22: diff exit %d, %d line(s):\n' "$1:" "$n" "$rc" "$(wc -l <"$WORK/reenc.out")"
	head -n 10 "$WORK/reenc.out"
	return 1
}
reenc_fixture_fail=0
reenc_rust_fail=0
mkdir -p "$WORK/reenc/fx"
find "$REPO/testdata/ir" "$REPO/testdata/irdiff" -maxdepth 1 -name '*.bc' ! -name multi.bc -exec cp {} "$WORK/reenc/fx/" \;
reencode "$WORK/reenc/fx" "$WORK/reenc/fx-opt"
diffcheck "diff, fixtures" "$WORK/reenc/fx" "$WORK/reenc/fx-opt" || reenc_fixture_fail=1
mkdir -p "$WORK/reenc/old"
find "$REPO/testdata/ir/legacy" "$REPO/testdata/ir/upgrade" -maxdepth 1 -name '*.bc' -exec cp {} "$WORK/reenc/old/" \;
reencode "$WORK/reenc/old" "$WORK/reenc/old-opt"
diffcheck "diff, older producers" "$WORK/reenc/old" "$WORK/reenc/old-opt" || reenc_fixture_fail=1
if [[ $RUST -ne 0 ]]; then
	cp -r "$RUSTDIR" "$WORK/reenc/rust"
	reencode "$WORK/reenc/rust" "$WORK/reenc/rust-opt"
	diffcheck "diff, rust rlib modules" "$WORK/reenc/rust" "$WORK/reenc/rust-opt" || reenc_rust_fail=1
fi

total_fail=$reenc_rust_fail
for g in "${!fail[@]}"; do total_fail=$((total_fail + ${fail[$g]})); done
fixture_fail=$((${fail[fixtures]:-0} + ${fail[old]:-0} + ${fail[irdiff]:-0} + reenc_fixture_fail))
if [[ $fixture_fail -gt 0 ]]; then
	echo "conformance_funcs: FAILED ($fixture_fail fixture module(s) differ)"
	exit 1
fi
if [[ $STRICT -eq 1 && $total_fail -gt 0 ]]; then
	echo "conformance_funcs: FAILED (--strict-all: $total_fail failure(s))"
	exit 1
fi
echo "conformance_funcs: OK"
