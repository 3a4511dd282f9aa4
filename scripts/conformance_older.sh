#!/usr/bin/env bash
# conformance_older.sh - `bcextract convert --llvm N` against LLVM N's own
# reader, for each N convert writes for that is installed (llvm-N).
#
# Usage: scripts/conformance_older.sh [--bcextract PATH] [--src DIR] [--llvm "N..."] [--sample K/M] [--keep]
#
#   --llvm "N..." the versions to check (default: 13 14 15 16 19).
#   --sample K/M  check the K-th of M parts (0 <= K < M) of the zlib and
#               Lua units (the Kth, K+Mth, ... in name order) and of the
#               PostgreSQL modules below (default 0/1: all); every
#               fixture and every linked program is checked whatever K/M
#               (they hold every unit's code). .ci/run checks a third a
#               day, the part turning with the day.
#   --src DIR   the sources of zlib/ and lua/ (as conformance_link.sh
#               fetches them; default $BCX_CORPUS/link-src, or
#               ~/.cache/bcextract-corpus/link-src), built with clang-22
#               at -O0 -g and -O2 (and Lua at -O1 -ffast-math with
#               AddressSanitizer and UBSan); without them only the fixtures
#               are used (said loudly).
#
# Inputs: every module under testdata/ and ir/bcwrite/testdata/decl/ (the
# writer's fixtures) an LLVM 22 producer wrote (that
# opt-22 and llvm-dis-22 read without a word on stderr), and the
# units of zlib and Lua built by clang-22, and each library's units linked
# into one module by bcextract link (but Lua's built with the sanitizers,
# whose link, of 4 MB, is only written: see link --llvm N below). For
# each input F and each N:
#   convert --llvm N F -o OUT        refused: counted apart, with the reason
#   llvm-dis-N OUT                   must read it
#   opt-N OUT -o BACK                must verify it (opt verifies what
#                                    it reads); LLVM N's reader, then its
#                                    writer
#   llvm-dis-22 BACK  vs  llvm-dis-22 of `opt-22 F`
#                                    "same" (ModuleID and attribute groups
#                                    aside), or different where convert
#                                    said what it dropped or rewrote
#                                    ("reported"); a difference it did not
#                                    report is a failure. Where it reported
#                                    some, scripts/older_losses.py sets
#                                    aside what each reported kind names
#                                    (a dropped flag, attribute or
#                                    debug-info field, the typed pointers'
#                                    bitcasts, metadata renumbered by
#                                    merged nodes): the texts must then be
#                                    the same ("aside"), unless a kind is
#                                    a rewrite no rule sets aside (an
#                                    atomicrmw as a cmpxchg loop,
#                                    llvm.is.fpclass as bit tests, checked
#                                    by running them) - a difference
#                                    beyond what was reported is a failure.
#   llvm-dis-22 OUT  vs  llvm-dis-22 BACK
#                                    "read as written": LLVM N took what
#                                    convert wrote as convert meant it
#                                    (the reported losses are on both
#                                    sides), or but for constant
#                                    getelementptrs N's constant folder
#                                    rewrote to others of the same address
#                                    (LLVM 13 to 16 do on reading), or the
#                                    same declarations in another order
#                                    (N remangled an intrinsic's name, and
#                                    LLVM 22 remangled it back); any
#                                    other difference is a misread, a
#                                    failure.
# The bitcode of Debian's packages (other producers: LLVM 14 to 19), when
# conformance_dis.sh --packages fetched it, must be read, verified and
# read as written (there is no opt-22 round trip of theirs to compare).
# Every intrinsic the outputs' bodies use (as llvm-dis-N prints them) must
# be one LLVM N knows if LLVM 22 does (scripts/intrinsics_known.py, through
# their C APIs): a name N does not know is read as an external function's.
# And `link --llvm N` of each library's units must write the module
# `convert --llvm N` writes of their link (the bytes, or the same text of
# llvm-dis-22: see below), and `inspect` must say of every
# output that LLVM N (or an older one) reads it (its min llvm).
# Outputs known not to pass yet are listed in EXPECTED, with why.
# Exit status: 0 when every other output is read and verified, none is
# misread and no difference is unreported; 1 otherwise. The share that is the same is
# printed against issue 33's goal (90%).
set -euo pipefail
BCX=""
SRC=""
KEEP=0
VERSIONS="13 14 15 16 19"
SAMPLE=0/1
JOBS=$(nproc 2>/dev/null || echo 2)
while [[ $# -gt 0 ]]; do
	case "$1" in
	--bcextract) BCX=$(realpath "${2:?}"); shift 2 ;;
	--src) SRC=$(realpath "${2:?}"); shift 2 ;;
	--llvm) VERSIONS="${2:?}"; shift 2 ;;
	--sample) SAMPLE="${2:?}"; shift 2 ;;
	--keep) KEEP=1; shift ;;
	-h | --help) sed -n '2,/^set -e/{/^set -e/d;s/^# \{0,1\}//;p}' "$0"; exit 0 ;;
	*) echo "conformance_older.sh: unknown argument $1" >&2; exit 2 ;;
	esac
done
if ! [[ $SAMPLE =~ ^([0-9]+)/([0-9]+)$ ]] || [[ ${BASH_REMATCH[1]} -ge ${BASH_REMATCH[2]} ]]; then
	echo "conformance_older.sh: --sample K/M needs 0 <= K < M" >&2
	exit 2
fi
PART=${BASH_REMATCH[1]} PARTS=${BASH_REMATCH[2]}
REPO="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
export PATH="$PATH:/usr/local/go/bin"
for t in opt-22 llvm-dis-22 clang-22; do
	if ! command -v "$t" >/dev/null 2>&1; then
		echo "SKIPPED: conformance_older: $t not found - convert --llvm NOT checked"
		exit 0
	fi
done
WORK=$(mktemp -d)
cleanup() { if [[ $KEEP -eq 0 ]]; then rm -rf "$WORK"; else echo "kept $WORK"; fi; }
trap cleanup EXIT
if [[ -z $BCX ]]; then
	(cd "$REPO" && go build -o "$WORK/bcextract" ./cmd/bcextract)
	BCX="$WORK/bcextract"
fi

# --- inputs ------------------------------------------------------------------
# units LIB-TAG: the units of a program (Lua's interpreter without luac's
# and the test library's, which define main and clash).
units() {
	find "$WORK/units" -name "$1-*.bc" ! -name '*-luac.bc' ! -name '*-ltests.bc' | sort
}
mkdir -p "$WORK/in" "$WORK/progs" "$WORK/units"
n=0
while IFS= read -r f; do
	if "$BCX" inspect "$f" 2>/dev/null | grep -q 'LLVM22\.'; then
		n=$((n + 1))
		cp "$f" "$WORK/in/fx$n-$(basename "$f")"
	fi
done < <(cd "$REPO" && find testdata ir/bcwrite/testdata/decl -name '*.bc' | sort | sed "s|^|$REPO/|")
[[ -n $SRC ]] || SRC=${BCX_CORPUS:-$HOME/.cache/bcextract-corpus}/link-src
if [[ -f $SRC/zlib/zlib.h && -f $SRC/lua/lua.h ]]; then
	# One line per compile (flags, source, output), $JOBS at a time.
	{
		for cfg in "-O0 -g" "-O2"; do
			tag=$(echo "$cfg" | tr -d ' -')
			for u in "$SRC"/zlib/*.c; do
				echo "$cfg -I$SRC/zlib -DHAVE_UNISTD_H	$u	$WORK/units/zlib-$tag-$(basename "$u" .c).bc"
			done
			for u in "$SRC"/lua/l*.c; do
				echo "$cfg -I$SRC/lua -DLUA_USE_LINUX	$u	$WORK/units/lua-$tag-$(basename "$u" .c).bc"
			done
		done
		# Lua instrumented by AddressSanitizer and UBSan (their
		# metadata, such as !annotation with parameters, and runtime
		# calls), at -ffast-math (math intrinsics: llvm.tan, llvm.acos,
		# ...).
		for u in "$SRC"/lua/l*.c; do
			echo "-O1 -fsanitize=address,undefined -ffast-math -I$SRC/lua -DLUA_USE_LINUX	$u	$WORK/units/lua-asan-$(basename "$u" .c).bc"
		done
	} | xargs -d '\n' -P "$JOBS" -I{} bash -c '
		IFS=$'"'"'\t'"'"' read -r flags u out <<<"$1"
		clang-22 $flags -c -emit-llvm "$u" -o "$out" 2>/dev/null || true' _ {}
	# Whole programs: each library's units linked into one module by
	# bcextract link (an input like the others but Lua's with the
	# sanitizers; link --llvm N below).
	for prog in zlib-O0g lua-O0g zlib-O2 lua-O2 lua-asan; do
		units "$prog" >"$WORK/units-$prog"
		dir=in
		[[ $prog != lua-asan ]] || dir=progs # not an input (see above)
		xargs -a "$WORK/units-$prog" -d '\n' "$BCX" link -o "$WORK/$dir/prog-$prog.bc" >/dev/null
		echo "$prog" >>"$WORK/programs"
	done
	# The units checked: every one, or the part --sample names.
	find "$WORK/units" -name '*.bc' | sort | awk -v k="$PART" -v m="$PARTS" '(NR - 1) % m == k' |
		xargs -r cp -t "$WORK/in"
	[[ $PARTS -eq 1 ]] || echo "conformance_older: part $PART of $PARTS of the units and of PostgreSQL's modules (--sample)"
else
	echo "SKIPPED: conformance_older: no zlib/lua sources under $SRC (run scripts/conformance_link.sh first) - fixtures only"
fi
echo "conformance_older: $(find "$WORK/in" -name '*.bc' | wc -l) modules"
# Bitcode Debian ships, of other producers (LLVM 14 to 19), when
# conformance_dis.sh --packages fetched it: ROCm's device libraries,
# every 20th of PostgreSQL 15's JIT modules, two of libclc's. Only read,
# verified and read as written are checked of these (their producers'
# modules are not opt-22's round trip to compare with).
CORPUS=${BCX_CORPUS:-$HOME/.cache/bcextract-corpus}
# (Resolved, as libclc's files are below: their names keep the part after it.)
[[ -d $CORPUS ]] && CORPUS=$(realpath "$CORPUS")
mkdir -p "$WORK/deb"
{
	# (A corpus not fetched is no error: find's status is set aside.)
	{ find "$CORPUS/rocm-device-libs" -name 'o[cp]*.bc' ! -name 'oclc_isa_version_*' 2>/dev/null || true; } | sort
	{ find "$CORPUS/postgresql-15" -name '*.bc' ! -name '*.index.bc' 2>/dev/null || true; } | sort | awk -v k="$PART" -v m="$PARTS" 'NR % 20 == 1 && (NR - 1) / 20 % m == k'
	# libclc's library for NVPTX (8 MB) and for one R600 (4 MB), the
	# targets ROCm's libraries are not (its others, AMDGCN and more of
	# these two, 10 and 8 MB each, would add minutes and no other target).
	for f in nvptx--nvidiacl cedar-r600--; do
		if [[ -f $CORPUS/libclc-19/usr/lib/clc/$f.bc ]]; then echo "$CORPUS/libclc-19/usr/lib/clc/$f.bc"; fi
	done
} | while IFS= read -r f; do
	cp "$f" "$WORK/deb/deb-$(echo "${f#"$CORPUS"/}" | tr '/' '_')"
done
ndeb=$(find "$WORK/deb" -name '*.bc' | wc -l)
if [[ $ndeb -eq 0 ]]; then
	echo "  (no Debian bitcode in $CORPUS: scripts/conformance_dis.sh --packages fetches it)"
else
	echo "conformance_older: $ndeb modules of Debian's packages"
fi

# norm FILE: llvm-dis-22 of FILE, ModuleID and attribute groups (and the
# "; Function Attrs:" comments that print them) aside, blank lines too.
# LLVM 22's upgrade of an older lifetime call (AutoUpgrade.cpp) makes a
# new call without the old one's attributes: those are set aside too.
norm() {
	llvm-dis-22 "$1" -o - | tail -n +2 | grep -v '^attributes #' | sed -E 's/ #[0-9]+/ #N/g' |
		sed -E '/call void @llvm\.lifetime\.(start|end)\./{s/ #N//;s/\(ptr [a-z ]*%/(ptr %/}' |
		grep -v -e '^declare void @llvm\.lifetime\.' -e '^; Function Attrs: ' -e '^$'
}

# EXPECTED: outputs known not to pass yet (fixture name, without the
# fxN- prefix), each with why; they are counted and listed, not failed.
declare -A EXPECTED=()
for n in 13 14 15 16 19; do
	EXPECTED[$n:dupnames-nvptx]="LLVM 22's reader upgrades an NVPTX data layout (p6) LLVM $n's writer wrote back without it"
done
# A block whose blockaddress only other functions' metadata holds: its
# use-list order is not written for N (reported), and LLVM 15 to 19's
# readers, which materialize a block's users from BLOCKADDR_USERS, add the
# blockaddress's use at another time than LLVM 22's: the "; preds =" order
# differs, nothing else (a use-list order has no meaning).
for n in 15 16 19; do
	EXPECTED[$n:blockaddr-made]="LLVM $n's reader adds the use of a blockaddress other bodies' metadata hold at another time than LLVM 22's: a block's preds order differs"
done
# expected N NAME WHAT: a known failure (counted) or not.
expected() {
	local key="$1:${2#fx*-}"
	if [[ -n ${EXPECTED[$key]:-} ]]; then
		known=$((known + 1))
		echo "  expected ($3): ${2#fx*-}: ${EXPECTED[$key]}"
		return 0
	fi
	return 1
}

# LLVM 22's own round trip of each input, once: opt-22 F, and its text.
export -f norm
mkdir -p "$WORK/ref"
ls "$WORK"/in/*.bc | xargs -P "$JOBS" -I{} bash -c '
	b=$(basename "$1" .bc)
	if opt-22 "$1" -o "$2/ref/$b.bc" 2>"$2/ref/$b.err" && [[ ! -s $2/ref/$b.err ]] &&
		llvm-dis-22 "$1" -o /dev/null 2>"$2/ref/$b.err" && [[ ! -s $2/ref/$b.err ]]; then
		norm "$2/ref/$b.bc" >"$2/ref/$b.txt"
	else
		# Not an input LLVM 22 reads cleanly: a fixture of what it
		# refuses, or of debug info it strips as invalid (and LLVM N
		# would again).
		rm -f "$2/ref/$b.bc"
	fi' _ {} "$WORK"

# check_one N F: convert --llvm N of input F against LLVM N, one line of
# result: refused REASON, unread ERR, unverified ERR, same, reported, or
# different DIFF-LINES (then the diff's first lines).
check_one() {
	local N="$1" f="$2" b out
	b=$(basename "$f" .bc)
	out="$WORK/$N/$b.bc"
	[[ -f $WORK/ref/$b.bc || $b == deb-* ]] || return 0
	if ! "$BCX" convert --llvm "$N" -o "$out" "$f" >/dev/null 2>"$WORK/$N/$b.err"; then
		echo "refused $b $(grep -v ': for LLVM ' "$WORK/$N/$b.err" | head -n 1 | sed 's/.*not converted: //; s/.*: //')"
		return 0
	fi
	# A reader that drops debug info it finds invalid (with a warning)
	# misreads the module.
	if ! "llvm-dis-$N" "$out" -o "$WORK/$N/$b.n.ll" >"$WORK/$N/$b.rd" 2>&1 || grep -q 'ignoring invalid debug info' "$WORK/$N/$b.rd"; then
		echo "unread $b $(head -n 1 "$WORK/$N/$b.rd" | cut -c1-160)"
		return 0
	fi
	# The intrinsics its bodies use, as LLVM N reads them.
	grep -v '^declare ' "$WORK/$N/$b.n.ll" | grep -o '@llvm\.[A-Za-z0-9_.]*(' | sort -u |
		sed "s/^@/$b /; s/($//" >"$WORK/$N/$b.decls" || true
	rm -f "$WORK/$N/$b.n.ll"
	# opt verifies the module it reads before it writes it back ("input
	# module is broken!" otherwise, exit 1).
	if ! "opt-$N" "$out" -o "$WORK/$N/$b.back.bc" 2>"$WORK/$N/$b.rd"; then
		echo "unverified $b $(head -n 1 "$WORK/$N/$b.rd" | cut -c1-160)"
		return 0
	fi
	norm "$WORK/$N/$b.back.bc" >"$WORK/$N/$b.back.txt"
	# How LLVM N read what convert wrote: llvm-dis-22 of OUT against
	# llvm-dis-22 of N's round trip: "exact", "folded" (the lines that
	# differ are constant getelementptrs N's constant folder made
	# another of the same address on reading), or "misread".
	local how=exact
	norm "$out" >"$WORK/$N/$b.out.txt"
	if ! diff "$WORK/$N/$b.out.txt" "$WORK/$N/$b.back.txt" >"$WORK/$N/$b.read.diff"; then
		if gepOnly "$WORK/$N/$b.read.diff"; then
			how=folded
		elif diff <(grep -v '^declare ' "$WORK/$N/$b.out.txt") <(grep -v '^declare ' "$WORK/$N/$b.back.txt") >/dev/null &&
			diff <(grep '^declare ' "$WORK/$N/$b.out.txt" | sed -E 's/ #N$//' | sort) \
				<(grep '^declare ' "$WORK/$N/$b.back.txt" | sed -E 's/ #N$//' | sort) >/dev/null; then
			# The same declarations in another order: N took an
			# intrinsic's name for one it mangles otherwise and
			# remangled it, which LLVM 22 remangles back, last. Or
			# some given an attribute group where they had none: N
			# gave an intrinsic's declaration of a type LLVM 22's
			# does not take (llvm.coro.end of LLVM 19's type,
			# llvm.x86.rdrand.32 returning i32), which no call uses,
			# the attributes of its own (attribute groups are set
			# aside everywhere here).
			how=reordered
		else
			how=misread
		fi
	fi
	rm -f "$WORK/$N/$b.out.txt"
	if [[ $b == deb-* ]]; then
		echo "written $b $how"
	elif diff "$WORK/ref/$b.txt" "$WORK/$N/$b.back.txt" >"$WORK/$N/$b.diff"; then
		echo "same $b $how"
	elif grep -q ': for LLVM ' "$WORK/$N/$b.err"; then
		# The same once what convert reported is set aside ("aside"),
		# different by a reported rewrite no rule sets aside
		# ("rewritten"), or different beyond what it reported.
		local aside
		aside=$(python3 -S "$REPO/scripts/older_losses.py" "$WORK/ref/$b.txt" "$WORK/$N/$b.back.txt" "$WORK/$N/$b.err" 2>&1 | head -c 400 || true)
		case $aside in
		same | folded) echo "reported $b $how aside" ;;
		rewritten*) echo "reported $b $how rewritten ${aside#rewritten }" ;;
		*) echo "reported $b $how beyond ${aside#different }" ;;
		esac
	else
		echo "different $b $how $(wc -l <"$WORK/$N/$b.diff")"
	fi
}

# gepOnly DIFF: whether each hunk of a diff changes lines one for one,
# each pair the same once their constant getelementptr expressions are
# set aside (and holding one).
gepOnly() {
	python3 -S - "$1" <<'PY'
import re, sys
def strip(line):
    out, i = [], 0
    while True:
        j = line.find("getelementptr", i)
        if j < 0:
            return "".join(out) + line[i:]
        k = line.find("(", j)
        if k < 0:
            return "".join(out) + line[i:]
        depth, e = 0, k
        while e < len(line):
            depth += {"(": 1, ")": -1}.get(line[e], 0)
            if depth == 0:
                break
            e += 1
        out.append(line[i:j] + "GEP")
        i = e + 1
def norm(line):
    # A vector GEP the folder made a vector of GEPs, one per lane.
    return re.sub(r"<(ptr( addrspace\(\d+\))? GEP(, )?)+>", "GEP", strip(line))
old, new, ok = [], [], True
def flush():
    global ok
    if len(old) != len(new) or any("getelementptr" not in a or norm(a) != norm(b) for a, b in zip(old, new)):
        ok = False
    old.clear(); new.clear()
for line in open(sys.argv[1]):
    if re.match(r"^[0-9]", line):
        flush()
        if "c" not in line:
            ok = False
    elif line.startswith("< "):
        old.append(line[2:])
    elif line.startswith("> "):
        new.append(line[2:])
flush()
sys.exit(0 if ok else 1)
PY
}
export -f check_one gepOnly
export WORK BCX REPO

status=0
for N in $VERSIONS; do
	if ! command -v "opt-$N" >/dev/null 2>&1 || ! command -v "llvm-dis-$N" >/dev/null 2>&1; then
		echo "SKIPPED: conformance_older: llvm-$N not installed - convert --llvm $N NOT checked"
		continue
	fi
	t0=$SECONDS
	refused=0 unread=0 unverified=0 same=0 reported=0 unreported=0 known=0
	aside=0 rewritten=0 beyond=0
	asread=0 folded=0 reordered=0 misread=0
	mkdir -p "$WORK/$N"
	: >"$WORK/$N/refused"
	ls "$WORK"/in/*.bc | xargs -P "$JOBS" -I{} bash -c 'check_one "$1" "$2"' _ "$N" {} >"$WORK/$N/results"
	while read -r what b rest; do
		case $what in
		refused)
			refused=$((refused + 1))
			echo "$rest" >>"$WORK/$N/refused"
			;;
		unread)
			expected "$N" "$b" "not read" && continue
			unread=$((unread + 1))
			echo "  NOT READ by llvm-dis-$N: $b: $rest"
			;;
		unverified)
			expected "$N" "$b" "not verified" && continue
			unverified=$((unverified + 1))
			echo "  NOT VERIFIED by opt-$N: $b: $rest"
			;;
		same | reported | different)
			how=${rest%% *}
			if [[ $how == misread && -n ${EXPECTED[$N:${b#fx*-}]:-} ]]; then
				echo "  expected (misread): ${b#fx*-}: ${EXPECTED[$N:${b#fx*-}]}"
			elif [[ $how == misread ]]; then
				misread=$((misread + 1))
				echo "  MISREAD by LLVM $N: $b (llvm-dis-22 of the output and of opt-$N's round trip differ; first:)"
				head -n 6 "$WORK/$N/$b.read.diff" | cut -c1-160 | sed 's/^/    /'
			fi
			;;&
		same | reported) [[ $how == misread ]] || asread=$((asread + 1)) ;;&
		same | reported) [[ $how != folded ]] || folded=$((folded + 1)) ;;&
		same | reported) [[ $how != reordered ]] || reordered=$((reordered + 1)) ;;&
		same) same=$((same + 1)) ;;
		reported)
			reported=$((reported + 1))
			read -r _ kind _ <<<"$rest"
			case $kind in
			aside) aside=$((aside + 1)) ;;
			rewritten) rewritten=$((rewritten + 1)) ;;
			*)
				expected "$N" "$b" "different beyond what was reported" && continue
				beyond=$((beyond + 1))
				echo "  DIFFERENT beyond what convert reported: $b (${rest#* beyond })" | cut -c1-220
				;;
			esac
			;;
		different)
			expected "$N" "$b" "different" && continue
			unreported=$((unreported + 1))
			echo "  DIFFERENT, not reported: $b (${rest#* } diff lines; first:)"
			head -n 6 "$WORK/$N/$b.diff" | cut -c1-160 | sed 's/^/    /'
			;;
		esac
	done < <(sort -k2 "$WORK/$N/results")
	# link --llvm N of a program's units: the module convert --llvm N
	# wrote of the program bcextract link made (or refused both); the
	# bytes, or where they differ the text of llvm-dis-22: a module linked
	# in memory may list a function's names (its VALUE_SYMTAB) in another
	# order than the same module read from a file, as LLVM's hash table
	# holds them (llvm-link-22's output and opt-22's rewrite of it differ
	# so, for Lua built with the sanitizers).
	tin=$((SECONDS - t0))
	linked=0 linksame=0
	if [[ -f $WORK/programs ]]; then
		while IFS= read -r prog; do
			linked=$((linked + 1))
			if [[ -f $WORK/progs/prog-$prog.bc ]]; then
				"$BCX" convert --llvm "$N" -o "$WORK/$N/prog-$prog.bc" "$WORK/progs/prog-$prog.bc" >/dev/null 2>&1 || true
			fi
			if xargs -a "$WORK/units-$prog" -d '\n' "$BCX" link --llvm "$N" -o "$WORK/$N/link-$prog.bc" >/dev/null 2>&1; then
				if cmp -s "$WORK/$N/link-$prog.bc" "$WORK/$N/prog-$prog.bc" ||
					cmp -s <(llvm-dis-22 "$WORK/$N/link-$prog.bc" -o - | tail -n +2) <(llvm-dis-22 "$WORK/$N/prog-$prog.bc" -o - | tail -n +2); then
					linksame=$((linksame + 1))
				else
					echo "  link --llvm $N of $prog: not the module convert --llvm $N wrote of its link"
					status=1
				fi
			elif [[ ! -f $WORK/$N/prog-$prog.bc ]]; then
				linksame=$((linksame + 1)) # refused by both
			else
				echo "  link --llvm $N of $prog: failed where convert --llvm $N wrote its link"
				status=1
			fi
		done <"$WORK/programs"
	fi
	# What inspect says of each output: LLVM N, or an older one, reads it
	# (its min llvm; the two check each other). But for an intrinsic N
	# lacks that the output declares and nothing calls, which convert
	# writes (and says so) and min llvm counts all the same: it goes by
	# the declarations, which N takes for an unknown function's.
	tlink=$((SECONDS - t0 - tin))
	above=0
	if compgen -G "$WORK/$N/*.bc" >/dev/null; then
		above=$(find "$WORK/$N" -name '*.bc' ! -name '*.ref.bc' ! -name '*.back.bc' -print0 |
			{ xargs -0 "$BCX" inspect --json 2>/dev/null || true; } | python3 -c '
import json, os, sys
n = int(sys.argv[1])
def uncalled(f):
    err = f[:-len(".bc")] + ".err"
    return os.path.exists(err) and "declaration of an intrinsic the reader does not have, not called" in open(err, errors="replace").read()
bad = [(p["file"], m["min_llvm"], m["min_llvm_needs"]) for p in json.load(sys.stdin)["payloads"]
       for m in p["modules"] if (m["min_llvm"] is None or m["min_llvm"] > n) and
       not (m["min_llvm_needs"].startswith("intrinsic ") and uncalled(p["file"]))]
for f, v, w in bad:
    print(f"  MIN LLVM {v} of an output for LLVM {n}: {f.split(chr(47))[-1]}: {w}", file=sys.stderr)
print(len(bad))
' "$N")
	fi
	tabove=$((SECONDS - t0 - tin - tlink))
	written=$((same + reported + unreported + unread + unverified + known))
	echo "== LLVM $N: $written written, $refused refused; $known expected failures (listed above)"
	checked=$((written - known))
	echo "   of the $checked not expected to fail: read by llvm-dis-$N: $((checked - unread)); verified by opt-$N: $((checked - unread - unverified))"
	echo "   same after opt-$N's round trip: $same; different where convert reported a loss: $reported; different, unreported: $unreported"
	if [[ $linked -gt 0 ]]; then
		echo "   link --llvm $N: $linksame of $linked programs as convert --llvm $N writes their link (the same text)"
	fi
	if [[ $refused -gt 0 ]]; then
		echo "   refused:"
		sort "$WORK/$N/refused" | uniq -c | sort -rn | sed 's/^/     /'
	fi
	if [[ $written -gt 0 ]]; then
		pct=$((same * 100 / written))
		if [[ $pct -ge 90 ]]; then
			echo "   same: $pct% (goal >= 90%: met)"
		else
			echo "   same: $pct% (goal >= 90%: NOT MET - the rest differ where convert reported a loss)"
		fi
		# What LLVM N can say of the module: the same once the reported
		# losses are set aside (scripts/older_losses.py: each dropped
		# flag, attribute, debug-info field taken out of LLVM 22's
		# text, the typed pointers' bitcasts out of LLVM N's).
		pct=$(((same + aside) * 100 / written))
		echo "   same once what convert reported is set aside: $((same + aside)) ($pct%; goal >= 90%: $([[ $pct -ge 90 ]] && echo met || echo NOT MET)); different by a reported rewrite (not compared): $rewritten; different beyond what convert reported: $beyond"
		echo "   read by LLVM $N as written (llvm-dis-22 of the output = of opt-$N's round trip): $asread ($((asread * 100 / written))%), of which $folded with constant getelementptrs LLVM $N's folder made others of the same address, $reordered with declarations reordered or given attributes; misread: $misread"
	fi
	echo "   outputs inspect says need an LLVM newer than $N: $above"
	# Debian's bitcode: read, verified, read as written.
	if [[ $ndeb -gt 0 ]]; then
		: >"$WORK/$N/deb-refused"
		ls "$WORK"/deb/*.bc | xargs -P "$JOBS" -I{} bash -c 'check_one "$1" "$2"' _ "$N" {} >"$WORK/$N/deb-results"
		dw=0 dr=0 dbad=0 dmis=0 dfold=0 dre=0
		while read -r what b rest; do
			case $what in
			refused)
				dr=$((dr + 1))
				echo "$rest" >>"$WORK/$N/deb-refused"
				;;
			unread | unverified)
				dbad=$((dbad + 1))
				echo "  NOT $(echo "$what" | tr a-z A-Z) by LLVM $N: $b: $rest"
				;;
			written)
				dw=$((dw + 1))
				case $rest in
				folded) dfold=$((dfold + 1)) ;;
				reordered) dre=$((dre + 1)) ;;
				misread)
					dmis=$((dmis + 1))
					echo "  MISREAD by LLVM $N: $b (first:)"
					head -n 6 "$WORK/$N/$b.read.diff" | cut -c1-160 | sed 's/^/    /'
					;;
				esac
				;;
			esac
		done < <(sort -k2 "$WORK/$N/deb-results")
		echo "   Debian's bitcode: $((dw + dbad)) written, $dr refused; not read or not verified: $dbad; read as written: $((dw - dmis)) (of which $dfold with constant getelementptrs folded, $dre with declarations reordered or given attributes); misread: $dmis"
		if [[ $dr -gt 0 ]]; then
			sort "$WORK/$N/deb-refused" | uniq -c | sort -rn | sed 's/^/     refused: /'
		fi
		if [[ $dbad -gt 0 || $dmis -gt 0 ]]; then
			status=1
		fi
	fi
	# Every intrinsic an output's bodies use (fixtures, programs,
	# Debian's) is one LLVM N knows, if LLVM 22 does: N would read a call of one
	# it does not know as a call of an external function of that name
	# (the names LLVM 22 overloads and N does not: llvm.va_start.p0).
	tdeb=$((SECONDS - t0 - tin - tlink - tabove))
	unknown=$(find "$WORK/$N" -name '*.decls' -exec cat {} + | python3 "$REPO/scripts/intrinsics_known.py" "$N") ||
		unknown="(intrinsics_known.py failed: libLLVM of LLVM $N or 22 not found)"
	if [[ -n $unknown ]]; then
		echo "  INTRINSICS LLVM $N DOES NOT KNOW, called by outputs:"
		echo "$unknown" | head -n 20 | sed 's/^/    /'
		status=1
	else
		echo "   intrinsics the outputs call that LLVM $N does not know: 0"
	fi
	if [[ $unread -gt 0 || $unverified -gt 0 || $unreported -gt 0 || $beyond -gt 0 || $misread -gt 0 || $above -gt 0 ]]; then
		status=1
	fi
	echo "   ($((SECONDS - t0)) s for LLVM $N: $tin checking the outputs, $tlink linking, $tabove inspect, $tdeb Debian's, $((SECONDS - t0 - tin - tlink - tabove - tdeb)) intrinsics)"
done
exit $status
