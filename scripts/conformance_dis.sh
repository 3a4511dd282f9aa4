#!/usr/bin/env bash
# conformance_dis.sh - compare `bcextract dis` with llvm-dis-22, byte for byte.
#
# Usage:
#   scripts/conformance_dis.sh [--bcextract PATH] [--llvm-dis-as-bcextract]
#                              [--no-rust] [--packages] [--package-max N]
#                              [--strict-packages] [--strict-all] [--jobs N]
#                              [--timeout SECS] [--keep]
#
#   --bcextract PATH   use a prebuilt bcextract instead of building
#                      ./cmd/bcextract with `go build` into a temp dir.
#   --llvm-dis-as-bcextract
#                      stand llvm-dis-22 in for bcextract (a small wrapper
#                      that behaves as `bcextract dis` is specified to): tests
#                      this script's plumbing; everything must pass.
#   --no-rust          skip the Rust toolchain part.
#   --packages         also compare the bitcode that Debian packages ship
#                      (see "packages" below); downloads them once into
#                      $BCX_CORPUS (default ~/.cache/bcextract-corpus).
#   --package-max N    at most N files of each package, evenly spaced in
#                      name order (default: all; CI takes a sample).
#   --package-mb M     fewer still where a package's files are large: about
#                      M megabytes of each (as many files as M MB holds of
#                      the package's average, at least one; libclc's 11
#                      of 4 to 10 MB each, one per target, make 3 at 25:
#                      AMDGCN, R600, NVPTX). Default: no limit.
#   --strict-packages  a package file printed silently different (exit 0,
#                      output not llvm-dis-22's) is fatal; one reported on
#                      stderr with exit 1 is counted only.
#   --strict-all       every failure is fatal (default: only the fixtures'
#                      and containers' are; the rlib modules, which change
#                      with the installed toolchain, are counted).
#   --jobs N           parallel comparisons (default: 2).
#   --timeout SECS     per-invocation time limit (default: 300); running out
#                      of time is a failure.
#   --keep             keep the scratch directory (outputs of failures).
#
# Inputs and what is compared (stdout byte for byte, and the exit status
# zero vs non-zero; stderr is not compared):
#
#   fixtures    every testdata/ir/*.bc holding one module: from testdata/ir,
#               `bcextract dis NAME.bc` against `llvm-dis-22 NAME.bc -o -`
#               (so both print "; ModuleID = 'NAME.bc'"). Split in three
#               counts: plain (no debug info, no summary), di-*.bc (debug
#               info) and summary-*.bc (a module summary); see
#               testdata/ir/README.md.
#   containers  testdata/ir/embed-*.o (a .llvmbc section) and multi.bc (two
#               modules): the modules llvm-dis-22 prints (each .llvmbc
#               payload extracted with llvm-objcopy-22 and disassembled
#               under its container path, e.g. 'embed-x86_64.o:.llvmbc#1',
#               as its ModuleID; for multi.bc the NAME.N.ll files llvm-dis
#               writes), against `bcextract dis FILE` with its
#               `==> PATH <==` lines removed; blank lines are ignored here,
#               since the separator between modules is bcextract's choice.
#               The number of `==>` lines must equal the number of modules
#               for embed-*.o.
#   deep        modules made here with llvm-as-22 whose constant expressions
#               nest 50,000 deep (a getelementptr chain used by a global,
#               by a ret and as a callee; a ptrauth chain), which llvm-dis-22
#               prints when its stack is unlimited (both run under
#               `ulimit -s unlimited`); skipped, saying so, when the stack
#               limit cannot be raised. Failures are fatal.
#   rust        every .llvmbc module of the installed Rust toolchain's
#               rlibs ($(rustc --print sysroot)/lib/rustlib/*/lib/*.rlib,
#               unpacked with llvm-ar-22, the section dumped with
#               llvm-objcopy-22), compared like the fixtures. Failures are
#               also counted by whether llvm-dis-22's output holds "!DI"
#               and/or a module summary ("^N = " lines; rustc writes one
#               into every module), and how many hold neither.
#   packages    (--packages) every bitcode file of Debian packages that ship
#               bitcode nobody here wrote: libclc 13-19 (OpenCL builtins for
#               AMD and NVIDIA GPUs), libomp 13-19's libomptarget device
#               runtimes, pocl's kernel libraries, ROCm's device libraries,
#               PostgreSQL 15's JIT bitcode (clang-14). The packages are
#               fetched with `apt-get download` and unpacked, not installed
#               (several conflict). Counted per package, never fatal but
#               with --strict-all.
#
# A file llvm-dis-22 prints and bcextract does not, exiting with 1 and
# saying why on stderr, is REPORTED: a failure, but not a silent one; the
# counts tell the two apart.
#
# Output: a FAIL block per failing file with the first lines of the diff
# (bounded), then the counts, e.g.
#   fixtures (no debug info, no summary): 41 passed, 0 failed
#   fixtures with debug info (di-*):       3 passed, 0 failed
#   fixtures with a summary (summary-*):   2 passed, 0 failed
#   containers (embed-*.o, multi.bc):      2 passed, 0 failed
#   rust rlib modules:                     291 passed, 0 failed (of the failures: 0 hold !DI, 0 a summary, 0 neither)
# Exit status: 1 if a fixture or container failed (any failure with --strict-all),
# 0 otherwise; 2 for usage errors. If llvm-dis-22 is missing the script
# prints a line starting with "SKIPPED:" and exits 0.

set -euo pipefail

LLVM_DIS=llvm-dis-22
LLVM_AR=llvm-ar-22
LLVM_AS=llvm-as-22
LLVM_OBJCOPY=llvm-objcopy-22

usage() {
	sed -n '2,/^$/{s/^# \{0,1\}//;p}' "$0"
}

# show_diff THEIRS OURS: the first lines of a diff around the first
# difference, without running diff over huge outputs.
show_diff() {
	local theirs=$1 ours=$2 line start end
	line=$(cmp -- "$theirs" "$ours" 2>/dev/null | grep -o 'line [0-9]*' | head -n 1 | grep -o '[0-9]*' || true)
	if [[ -z $line ]]; then
		local a b
		a=$(wc -l <"$theirs")
		b=$(wc -l <"$ours")
		line=$(((a < b ? a : b) + 1))
	fi
	start=$((line > 3 ? line - 3 : 1))
	end=$((line + 8))
	echo "    sizes: llvm-dis-22 $(wc -l <"$theirs") lines, bcextract $(wc -l <"$ours") lines; first difference at line $line"
	diff -u --label llvm-dis-22 --label bcextract \
		<(sed -n "${start},${end}p" -- "$theirs") \
		<(sed -n "${start},${end}p" -- "$ours") |
		awk -v off=$((start - 1)) '
			/^@@ / {
				split($2, a, ","); split($3, b, ",")
				a[1] = "-" (substr(a[1], 2) + off); b[1] = "+" (substr(b[1], 2) + off)
				$2 = a[1] (2 in a ? "," a[2] : ""); $3 = b[1] (2 in b ? "," b[2] : "")
			}
			{ print }' |
		head -n 24 | cut -c1-240 | sed 's/^/      /' || true
}

# ---------------------------------------------------------------------------
# Worker mode, run in parallel through xargs:
#   conformance_dis.sh --worker "CWD<TAB>REL<TAB>CATEGORY<TAB>ID"
# Writes "PASS|FAIL CATEGORY REL DI" to $CD_RESULTS/ID.res and the details
# of a failure to ID.fail.
# ---------------------------------------------------------------------------

# expected_container CWD REL OUT: what llvm-dis-22 prints for every module
# of container REL (header lines included for .llvmbc sections), into OUT;
# prints the number of modules.
expected_container() {
	local cwd=$1 rel=$2 out=$3 tmp
	tmp=$(mktemp -d "$CD_SCRATCH/cont.XXXXXX")
	: >"$out"
	case "$rel" in
	*.o)
		"$LLVM_OBJCOPY" --dump-section ".llvmbc=$tmp/m.bc" "$cwd/$rel" /dev/null
		mkdir -p "$tmp/d/$(dirname "$rel")"
		cp "$tmp/m.bc" "$tmp/d/$rel:.llvmbc#1"
		echo "==> $rel:.llvmbc#1 <==" >>"$out"
		(cd "$tmp/d" && "$LLVM_DIS" "$rel:.llvmbc#1" -o -) >>"$out"
		echo 1
		;;
	*)
		mkdir -p "$tmp/d/$(dirname "$rel")"
		cp "$cwd/$rel" "$tmp/d/$rel"
		(cd "$tmp/d" && "$LLVM_DIS" "$rel")
		local base=${rel%.bc} i=0
		while [[ -f $tmp/d/$base.$i.ll ]]; do
			cat "$tmp/d/$base.$i.ll" >>"$out"
			i=$((i + 1))
		done
		echo "$i"
		;;
	esac
	rm -rf "$tmp"
}

worker() {
	local line=$1 cwd rel cat id rc_o rc_t status reason di nmod
	IFS=$'\t' read -r cwd rel cat id <<<"$line"
	local res="$CD_RESULTS/$id.res" fail="$CD_RESULTS/$id.fail" tmp="$CD_RESULTS/$id.tmp"
	mkdir -p "$tmp"
	if [[ $cat == deep ]]; then
		# llvm-dis-22 prints a deep constant by recursion (and so does
		# the stand-in of --llvm-dis-as-bcextract).
		ulimit -s unlimited
	fi
	rc_o=0
	(cd "$cwd" && exec timeout "$CD_TIMEOUT" "$CD_BCX" dis "$rel") \
		>"$tmp/ours.out" 2>"$tmp/ours.err" </dev/null || rc_o=$?
	rc_t=0
	if [[ $cat == container ]]; then
		nmod=$(expected_container "$cwd" "$rel" "$tmp/theirs.full" 2>"$tmp/theirs.err") || rc_t=$?
	else
		(cd "$cwd" && exec timeout "$CD_TIMEOUT" "$LLVM_DIS" "$rel" -o -) \
			>"$tmp/theirs.out" 2>"$tmp/theirs.err" </dev/null || rc_t=$?
	fi
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
	# Not silent: llvm-dis-22 read it, bcextract said on stderr what it
	# does not handle and exited with 1.
	if [[ $status == PASS || $reason == "exit status" ]] && [[ $rc_o -eq 1 && $rc_t -eq 0 && -s $tmp/ours.err ]]; then
		status=REPORTED
		reason="exit status 1: $(head -c 200 "$tmp/ours.err" | head -n 1)"
	fi
	if [[ $cat == container ]]; then
		local nhead
		nhead=$(grep -c '^==> .* <==$' "$tmp/ours.out" || true)
		grep -v '^==> .* <==$' "$tmp/ours.out" | sed '/^$/d' >"$tmp/ours.cmp" || true
		grep -v '^==> .* <==$' "$tmp/theirs.full" | sed '/^$/d' >"$tmp/theirs.out" || true
		mv "$tmp/ours.cmp" "$tmp/ours.out"
		if [[ $rel == *.o && $nhead -ne ${nmod:-0} ]]; then
			status=FAIL
			reason="${reason:+$reason, }$nhead '==>' lines for ${nmod:-0} modules"
		fi
	fi
	# A refusal met in a function body comes after dis has printed what
	# comes before it: for refused/, failing is what counts.
	if [[ $cat == refused && $rc_o -ne 0 && $rc_t -ne 0 && $status == PASS ]]; then
		: >"$tmp/ours.out"
	fi
	if [[ $status != REPORTED ]] && ! cmp -s "$tmp/theirs.out" "$tmp/ours.out"; then
		status=FAIL
		reason="${reason:+$reason, }stdout"
	fi
	# What llvm-dis-22 printed beyond this issue's scope: debug info and/or a
	# module summary.
	di=""
	if grep -q '!DI' "$tmp/theirs.out" 2>/dev/null; then
		di=di
	fi
	if grep -q '^\^[0-9]* = ' "$tmp/theirs.out" 2>/dev/null; then
		di="${di:+$di+}summary"
	fi
	di=${di:-none}
	printf '%s\t%s\t%s\t%s\n' "$status" "$cat" "$rel" "$di" >"$res"
	if [[ $status != PASS ]]; then
		{
			echo "$status [$cat] $cwd/$rel (differs in: $reason)"
			echo "    (cd $cwd && bcextract dis $rel)  -> exit $rc_o"
			if [[ -s $tmp/ours.err ]]; then
				echo "    bcextract stderr: $(head -c 300 "$tmp/ours.err" | head -n 3 | tr '\n' ' ')"
			fi
			if [[ -s $tmp/theirs.err ]]; then
				echo "    llvm-dis-22 stderr: $(head -c 300 "$tmp/theirs.err" | head -n 3 | tr '\n' ' ')"
			fi
			if ! cmp -s "$tmp/theirs.out" "$tmp/ours.out"; then
				show_diff "$tmp/theirs.out" "$tmp/ours.out"
			fi
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
SELFTEST=0
RUST=1
PACKAGES=0
PACKAGE_MAX=0
PACKAGE_MB=0
STRICT_PACKAGES=0
STRICT=0
JOBS=2
TIMEOUT=300
KEEP=0
while [[ $# -gt 0 ]]; do
	case "$1" in
	--bcextract) BCX=${2:?--bcextract needs a path}; shift 2 ;;
	--bcextract=*) BCX=${1#*=}; shift ;;
	--llvm-dis-as-bcextract) SELFTEST=1; shift ;;
	--no-rust) RUST=0; shift ;;
	--packages) PACKAGES=1; shift ;;
	--package-max) PACKAGE_MAX=${2:?--package-max needs a number}; shift 2 ;;
	--package-mb) PACKAGE_MB=${2:?--package-mb needs a number}; shift 2 ;;
	--strict-packages) STRICT_PACKAGES=1; shift ;;
	--strict-all) STRICT=1; shift ;;
	--jobs) JOBS=${2:?--jobs needs a number}; shift 2 ;;
	--timeout) TIMEOUT=${2:?--timeout needs a number}; shift 2 ;;
	--keep) KEEP=1; shift ;;
	-h | --help) usage; exit 0 ;;
	*) echo "conformance_dis.sh: unknown argument $1 (see --help)" >&2; exit 2 ;;
	esac
done

SCRIPT_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
REPO=$(cd "$SCRIPT_DIR/.." && pwd)
SELF="$SCRIPT_DIR/$(basename "${BASH_SOURCE[0]}")"
IRDIR="$REPO/testdata/ir"

for t in "$LLVM_DIS" "$LLVM_OBJCOPY"; do
	if ! command -v "$t" >/dev/null 2>&1; then
		echo "SKIPPED: $t not found on PATH - dis conformance NOT checked (install llvm-22)"
		exit 0
	fi
done

WORK=$(mktemp -d "${TMPDIR:-/tmp}/bcx-conformance-dis.XXXXXX")
cleanup() {
	if [[ $KEEP -eq 1 ]]; then
		echo "scratch directory kept: $WORK" >&2
	else
		rm -rf "$WORK"
	fi
}
trap cleanup EXIT

if [[ $SELFTEST -eq 1 ]]; then
	# A stand-in that behaves as `bcextract dis FILE` is specified to, made
	# of LLVM's tools: checks this script, not bcextract.
	BCX="$WORK/llvm-dis-as-bcextract"
	cat >"$BCX" <<'EOF'
#!/usr/bin/env bash
set -euo pipefail
[[ $1 == dis ]] || exit 2
f=$2
case "$f" in
*.o)
	t=$(mktemp -d)
	trap 'rm -rf "$t"' EXIT
	llvm-objcopy-22 --dump-section ".llvmbc=$t/m.bc" "$f" /dev/null
	mkdir -p "$t/d/$(dirname "$f")"
	cp "$t/m.bc" "$t/d/$f:.llvmbc#1"
	echo "==> $f:.llvmbc#1 <=="
	(cd "$t/d" && llvm-dis-22 "$f:.llvmbc#1" -o -)
	;;
*)
	# llvm-dis-22 FILE -o - on a multi-module file prints nothing and
	# writes -.0, -.1 ... into the current directory: let it write its
	# NAME.ll or NAME.N.ll files into a scratch directory instead.
	t=$(mktemp -d)
	trap 'rm -rf "$t"' EXIT
	mkdir -p "$t/$(dirname "$f")"
	cp "$f" "$t/$f"
	(cd "$t" && llvm-dis-22 "$f")
	if [[ -f $t/${f%.bc}.ll ]]; then
		cat "$t/${f%.bc}.ll"
		exit 0
	fi
	i=0
	while [[ -f $t/${f%.bc}.$i.ll ]]; do
		[[ $i -gt 0 ]] && echo
		echo "==> $f#$((i + 1)) <=="
		cat "$t/${f%.bc}.$i.ll"
		i=$((i + 1))
	done
	[[ $i -gt 0 ]]
	;;
esac
EOF
	chmod +x "$BCX"
	echo "bcextract: llvm-dis-22 stand-in (--llvm-dis-as-bcextract)"
elif [[ -z $BCX ]]; then
	echo "building bcextract ..."
	(cd "$REPO" && go build -o "$WORK/bcextract" ./cmd/bcextract)
	BCX="$WORK/bcextract"
else
	[[ $BCX == /* ]] || BCX="$PWD/$BCX"
	[[ -x $BCX ]] || { echo "conformance_dis.sh: $BCX is not an executable" >&2; exit 2; }
fi

RESULTS="$WORK/results"
mkdir -p "$RESULTS" "$WORK/scratch"
JOBLIST="$WORK/jobs"
: >"$JOBLIST"
NJOBS=0
add_job() { # cwd rel category
	NJOBS=$((NJOBS + 1))
	printf '%s\t%s\t%s\t%06d\n' "$1" "$2" "$3" "$NJOBS" >>"$JOBLIST"
}

# --- fixtures -----------------------------------------------------------------
nfix=0
shopt -s nullglob
for f in "$IRDIR"/*.bc "$IRDIR"/*.o "$IRDIR"/*/*.bc; do
	rel=$(basename "$f")
	dir=$(dirname "$f")
	case "$(basename "$dir")" in
	newer | src) continue ;;
	esac
	case "$rel" in
	multi*.bc | *.o) cat=container ;;
	di-* | llvm*-di-*) cat=di ;;
	summary-*) cat=summary ;;
	*) cat=plain ;;
	esac
	# refused/: what llvm-dis-22 refuses; bcextract must refuse it too
	# (exit status non-zero; what it printed before does not count).
	[[ $(basename "$dir") == refused ]] && cat=refused
	add_job "$dir" "$rel" "$cat"
	nfix=$((nfix + 1))
done
shopt -u nullglob
if [[ $nfix -eq 0 ]]; then
	echo "conformance_dis.sh: ERROR: no fixtures under $IRDIR (run testdata/ir/regen.sh)" >&2
	exit 1
fi
echo "inputs: $nfix fixture file(s) under testdata/ir"

# --- deep constant expressions, made here ---------------------------------------
# repeat S N: S written N times.
repeat() {
	local out
	printf -v out "%.0s$1" $(seq "$2")
	printf '%s' "$out"
}
DEEPDIR="$WORK/deep"
if ! command -v "$LLVM_AS" >/dev/null 2>&1; then
	echo "SKIPPED: $LLVM_AS not found - deep constant expressions NOT checked"
elif ! (ulimit -s unlimited) 2>/dev/null; then
	echo "SKIPPED: the stack limit cannot be raised (llvm-dis-22 needs it) - deep constant expressions NOT checked"
else
	mkdir -p "$DEEPDIR"
	N=50000
	gep="$(repeat 'getelementptr (i8, ptr ' $N)@g$(repeat ', i64 1)' $N)"
	printf '@g = global i8 0\n@p = global ptr %s\n' "$gep" >"$DEEPDIR/deep-gep.ll"
	printf '@g = global i8 0\n\ndefine ptr @f() {\n  ret ptr %s\n}\n\ndefine void @h() {\n  call void %s()\n  ret void\n}\n' \
		"$gep" "${gep/@g/@h}" >"$DEEPDIR/deep-gep-func.ll"
	printf '@g = global i8 0\n@p = global ptr %s@g%s\n' "$(repeat 'ptrauth (ptr ' $N)" "$(repeat ', i32 1)' $N)" >"$DEEPDIR/deep-ptrauth.ll"
	ndeep=0
	for ll in "$DEEPDIR"/*.ll; do
		bc=$(basename "$ll" .ll).bc
		if ! (cd "$DEEPDIR" && ulimit -s unlimited && "$LLVM_AS" "$(basename "$ll")" -o "$bc"); then
			echo "conformance_dis.sh: ERROR: $LLVM_AS failed on $ll" >&2
			exit 1
		fi
		add_job "$DEEPDIR" "$bc" deep
		ndeep=$((ndeep + 1))
	done
	echo "inputs: $ndeep module(s) with constant expressions $N deep, made with $LLVM_AS"
fi

# --- Rust toolchain rlibs -------------------------------------------------------
is_raw_bitcode() {
	local magic
	magic=$(head -c 4 -- "$1" | od -An -tx1 | tr -d ' \n')
	[[ $magic == 4243c0de || $magic == dec0170b ]]
}
if [[ $RUST -eq 1 ]]; then
	if ! command -v rustc >/dev/null 2>&1; then
		echo "SKIPPED: rustc not found on PATH - Rust toolchain modules NOT checked"
		RUST=0
	elif ! command -v "$LLVM_AR" >/dev/null 2>&1; then
		echo "SKIPPED: $LLVM_AR not found - Rust toolchain modules NOT checked"
		RUST=0
	else
		SYSROOT=$(rustc --print sysroot)
		RUSTDIR="$WORK/rust"
		mkdir -p "$RUSTDIR/ar" "$RUSTDIR/bc"
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
			# Member names may repeat: extract instance k of each name.
			declare -A seen=()
			i=0
			for m in "${members[@]}"; do
				i=$((i + 1))
				k=$((${seen[$m]:-0} + 1))
				seen[$m]=$k
				[[ $m == *.rmeta ]] && continue
				d="$exdir/$i"
				mkdir -p "$d"
				"$LLVM_AR" xN "$k" --output="$d" "$rlib" "$m"
				mf="$d/$(basename "$m")"
				[[ -f $mf ]] || continue
				rel="$target/$base/$(printf '%03d' "$i")-$(basename "$m").bc"
				if is_raw_bitcode "$mf"; then
					mv -- "$mf" "$RUSTDIR/bc/$rel"
				elif ! "$LLVM_OBJCOPY" --dump-section ".llvmbc=$RUSTDIR/bc/$rel" "$mf" /dev/null 2>/dev/null; then
					rm -rf "$d"
					continue
				fi
				rm -rf "$d"
				if [[ ! -s $RUSTDIR/bc/$rel ]]; then
					rm -f "$RUSTDIR/bc/$rel"
					continue
				fi
				add_job "$RUSTDIR/bc" "$rel" rust
				nmod=$((nmod + 1))
			done
			unset seen
		done
		shopt -u nullglob
		if [[ $nrlib -eq 0 ]]; then
			echo "SKIPPED: no .rlib under $SYSROOT/lib/rustlib/*/lib - Rust toolchain modules NOT checked"
			RUST=0
		else
			echo "inputs: $nmod bitcode module(s) from $nrlib .rlib file(s) under $SYSROOT"
		fi
	fi
fi

# --- Debian packages that ship bitcode --------------------------------------------
PKGS=(libclc-13 libclc-14 libclc-15 libclc-16 libclc-19 libomp-13-dev libomp-14-dev
	libomp-15-dev libomp-16-dev libomp-19-dev libpocl2 rocm-device-libs postgresql-15)
if [[ $PACKAGES -eq 1 ]]; then
	CORPUS=${BCX_CORPUS:-$HOME/.cache/bcextract-corpus}
	mkdir -p "$CORPUS/debs"
	for p in "${PKGS[@]}"; do
		[[ -d $CORPUS/$p ]] && continue
		deb=""
		for attempt in 1 2 3; do
			if (cd "$CORPUS/debs" && apt-get download -qq "$p" >/dev/null 2>&1); then
				deb=$(ls "$CORPUS/debs/${p}"_*.deb 2>/dev/null | head -n 1)
				break
			fi
			# The package lists may be missing or stale on a fresh machine.
			[[ $attempt -eq 1 ]] && apt-get update -qq >/dev/null 2>&1
			sleep $((attempt * 5))
		done
		if [[ -z $deb ]]; then
			echo "SKIPPED: package $p could not be downloaded - its bitcode NOT checked"
			continue
		fi
		mkdir -p "$CORPUS/$p.tmp" && dpkg-deb -x "$deb" "$CORPUS/$p.tmp" && mv "$CORPUS/$p.tmp" "$CORPUS/$p"
	done
	npkg=0
	for p in "${PKGS[@]}"; do
		[[ -d $CORPUS/$p ]] || continue
		files=()
		while IFS= read -r -d '' f; do
			is_raw_bitcode "$f" && files+=("$f")
		done < <(find "$CORPUS/$p" -type f -name '*.bc' -print0 | sort -z)
		step=1 most=$PACKAGE_MAX
		if [[ $PACKAGE_MB -gt 0 && ${#files[@]} -gt 0 ]]; then
			bytes=$(stat -c %s -- "${files[@]}" | awk '{ s += $1 } END { print s }')
			bymb=$((PACKAGE_MB * 1048576 * ${#files[@]} / bytes))
			bymb=$((bymb > 0 ? bymb : 1))
			if [[ $most -eq 0 || $bymb -lt $most ]]; then most=$bymb; fi
		fi
		if [[ $most -gt 0 && ${#files[@]} -gt $most ]]; then
			step=$(((${#files[@]} + most - 1) / most))
		fi
		for ((i = 0; i < ${#files[@]}; i += step)); do
			add_job "$CORPUS/$p" "${files[i]#"$CORPUS/$p/"}" "pkg:$p"
			npkg=$((npkg + 1))
		done
	done
	echo "inputs: $npkg bitcode file(s) from Debian packages under $CORPUS"
fi

# --- run ------------------------------------------------------------------------
export CD_RESULTS="$RESULTS" CD_BCX="$BCX" CD_TIMEOUT="$TIMEOUT" CD_SCRATCH="$WORK/scratch"
export LLVM_DIS LLVM_OBJCOPY
echo "running $NJOBS comparison(s) with $JOBS parallel job(s) ..."
start=$SECONDS
xargs_rc=0
# Largest inputs first, so that one big module does not finish last.
while IFS=$'\t' read -r cwd rel rest; do
	printf '%s\t%s\t%s\t%s\n' "$(wc -c <"$cwd/$rel" 2>/dev/null || echo 0)" "$cwd" "$rel" "$rest"
done <"$JOBLIST" | LC_ALL=C sort -t $'\t' -k1,1nr | cut -f2- |
	xargs -d '\n' -n 1 -P "$JOBS" "$BASH" "$SELF" --worker || xargs_rc=$?

declare -A pass=() fail=() reported=()
rust_fail_di=0
rust_fail_sum=0
rust_fail_none=0
shown=0
MAXSHOWN=${CD_MAX_SHOWN:-25}
for id in $(seq -f '%06g' 1 "$NJOBS"); do
	res="$RESULTS/$id.res"
	if [[ ! -f $res ]]; then
		line=$(grep -P "\t$id\$" "$JOBLIST" || true)
		cat=$(cut -f3 <<<"$line")
		echo "FAIL: worker did not report: $line"
		fail[$cat]=$((${fail[$cat]:-0} + 1))
		continue
	fi
	IFS=$'\t' read -r status cat rel di <"$res"
	if [[ $status == PASS ]]; then
		pass[$cat]=$((${pass[$cat]:-0} + 1))
		continue
	fi
	if [[ $status == REPORTED ]]; then
		reported[$cat]=$((${reported[$cat]:-0} + 1))
	fi
	fail[$cat]=$((${fail[$cat]:-0} + 1))
	if [[ $cat == rust ]]; then
		[[ $di == di* ]] && rust_fail_di=$((rust_fail_di + 1))
		[[ $di == *summary ]] && rust_fail_sum=$((rust_fail_sum + 1))
		[[ $di == none ]] && rust_fail_none=$((rust_fail_none + 1))
	fi
	if [[ -f $RESULTS/$id.fail ]]; then
		# Bounded output: every failing file gets a line, the first
		# $MAXSHOWN also their diff.
		if [[ $shown -lt $MAXSHOWN ]]; then
			cat "$RESULTS/$id.fail"
		else
			head -n 1 "$RESULTS/$id.fail"
		fi
		shown=$((shown + 1))
	fi
done
[[ $xargs_rc -ne 0 ]] && echo "note: xargs exited with status $xargs_rc"

count() {
	local r=${reported[$1]:-0} f=${fail[$1]:-0} more=""
	[[ $f -gt 0 ]] && more=" ($r reported on stderr with exit 1, $((f - r)) silently different)"
	echo "${pass[$1]:-0} passed, $f failed$more"
}
echo "elapsed: $((SECONDS - start))s"
echo "fixtures (no debug info, no summary): $(count plain)"
echo "fixtures with debug info (di-*):       $(count di)"
echo "fixtures with a summary (summary-*):   $(count summary)"
echo "containers (embed-*.o, multi.bc):      $(count container)"
echo "refused by llvm-dis-22 (refused/):     $(count refused)"
echo "deep constant expressions (made here): $(count deep)"
for p in "${PKGS[@]}"; do
	[[ $PACKAGES -eq 1 && -n ${pass[pkg:$p]:-}${fail[pkg:$p]:-} ]] || continue
	printf 'package %-30s %s\n' "$p:" "$(count "pkg:$p")"
done
if [[ $RUST -eq 1 ]]; then
	echo "rust rlib modules:                     $(count rust) (of the failures: $rust_fail_di hold !DI, $rust_fail_sum a summary, $rust_fail_none neither)"
fi

total_fail=0
for c in "${!fail[@]}"; do total_fail=$((total_fail + ${fail[$c]})); done
fixture_fail=$((${fail[plain]:-0} + ${fail[di]:-0} + ${fail[summary]:-0} + ${fail[container]:-0} + ${fail[refused]:-0} + ${fail[deep]:-0}))
if [[ $fixture_fail -gt 0 ]]; then
	echo "conformance_dis: FAILED ($fixture_fail fixture(s) differ)"
	exit 1
fi
if [[ $STRICT_PACKAGES -eq 1 ]]; then
	silent=0
	for p in "${PKGS[@]}"; do
		silent=$((silent + ${fail[pkg:$p]:-0} - ${reported[pkg:$p]:-0}))
	done
	if [[ $silent -gt 0 ]]; then
		echo "conformance_dis: FAILED (--strict-packages: $silent package file(s) silently different)"
		exit 1
	fi
fi
if [[ $STRICT -eq 1 && $total_fail -gt 0 ]]; then
	echo "conformance_dis: FAILED (--strict-all: $total_fail failure(s))"
	exit 1
fi
echo "conformance_dis: OK"
