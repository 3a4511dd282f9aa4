#!/usr/bin/env bash
# conformance_minllvm.sh - the "min llvm" 'bcextract inspect' says of each
# module against the readers of LLVM 13, 14, 15, 16, 19 and 22 (those of
# them installed, llvm-N).
#
# Usage: scripts/conformance_minllvm.sh [--bcextract PATH] [--jobs N] [FILE...]
#
# Inputs: the FILEs given, else every single-module bitcode file under
# testdata/ and ir/*/testdata/ that llvm-dis-22 reads (fixtures of LLVM 3.x
# to 22). For each input F and each installed N that decides (those from
# F's min_llvm on, and the newest below it), LLVM N reads F correctly when
#   llvm-dis-N F                 reads it, its summary too (no error, no
#                                invalid debug info dropped), for F with
#                                a summary (opt reads no summary; what
#                                else llvm-dis-N would read, opt-N does)
#   opt-N F -o BACK              reads and verifies it (no error, no
#                                invalid debug info dropped), and, for N older than F's
#                                producer, N's reader then its writer:
#                                llvm-dis-22 of BACK is llvm-dis-22 of
#                                `opt-22 F` (ModuleID, attribute group
#                                numbers aside, and where N's upgrades of
#                                old intrinsics wrote otherwise what reads
#                                the same: no-op bitcasts between
#                                pointers, the numbers that make local
#                                names unique, a splat's undef vector, and
#                                for N <= 13 the attributes of memcpy,
#                                memmove and memset calls; see norm): N
#                                misread nothing LLVM 22 reads back. (An N
#                                as new as the producer or newer upgrades
#                                what it reads in its own way, not LLVM
#                                22's: not a misreading.)
# and N misreads F when F declares an intrinsic of LLVM 22 that N lacks or
# takes for another one (scripts/decl_names.py, the names as F's records
# give them; scripts/intrinsics_known.py, through the C API of N and 22):
# N reads a call of it as one of an unknown function, or of that other
# intrinsic, which the round trip does not show.
# The min_llvm of inspect --json (M) is true when every installed N >= M
# reads F correctly and the newest installed N < M does not. Exit status: 0
# when it is true of every input, 1 otherwise (each disagreement listed).
set -euo pipefail
BCX=""
JOBS=$(nproc 2>/dev/null || echo 2)
FILES=()
while [[ $# -gt 0 ]]; do
	case "$1" in
	--bcextract) BCX=$(realpath "${2:?}"); shift 2 ;;
	--jobs) JOBS=${2:?}; shift 2 ;;
	-h | --help) sed -n '2,/^set -e/{/^set -e/d;s/^# \{0,1\}//;p}' "$0"; exit 0 ;;
	-*) echo "conformance_minllvm.sh: unknown argument $1" >&2; exit 2 ;;
	*) FILES+=("$(realpath "$1")"); shift ;;
	esac
done
REPO="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
export PATH="$PATH:/usr/local/go/bin"
for t in opt-22 llvm-dis-22; do
	if ! command -v "$t" >/dev/null 2>&1; then
		echo "SKIPPED: conformance_minllvm: $t not found - min_llvm NOT checked"
		exit 0
	fi
done
VERSIONS=()
for n in 13 14 15 16 19 22; do
	if command -v "opt-$n" >/dev/null 2>&1 && command -v "llvm-dis-$n" >/dev/null 2>&1; then
		VERSIONS+=("$n")
	else
		echo "SKIPPED: conformance_minllvm: llvm-$n not installed - min_llvm NOT checked against it"
	fi
done
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
if [[ -z $BCX ]]; then
	(cd "$REPO" && go build -o "$WORK/bcextract" ./cmd/bcextract)
	BCX="$WORK/bcextract"
fi
if [[ ${#FILES[@]} -eq 0 ]]; then
	mapfile -t FILES < <(cd "$REPO" && find testdata ir -path '*/fuzz' -prune -o -name '*.bc' -print | sort | sed "s|^|$REPO/|")
fi

# One line per input: FILE MIN N:ok|err|mis...
check() {
	local f=$1 w
	w=$(mktemp -d "$WORK/f.XXXXXX")
	# norm FILE [--mem-call-attrs]: llvm-dis-22 of FILE, the ModuleID,
	# attribute group numbers (and "; Function Attrs" comments) aside, the
	# lines sorted; LLVM 22's upgrade of an older lifetime call drops the
	# call's attributes, and it reads the memory effects of a release that
	# has no target memory as none there: aside too. So is the data
	# layout, which LLVM 22 fills in for a module without one as it reads
	# it only when the module's DATALAYOUT record is there, empty.
	# Before the lines are sorted, older_losses.py --minllvm sets aside,
	# in both texts, what an older N's upgrades of old intrinsics write
	# otherwise than LLVM 22's and that reads the same (the minllvm_text
	# there): the no-op bitcasts between pointers of one address space
	# that typed pointers needed (LLVM 13 keeps those it inserts; LLVM 22
	# reads them back as `bitcast ptr %a to ptr`), taken out, their uses
	# made of what they cast and the unnamed values renumbered; the
	# numbers LLVM appends to make a local name unique, which follow the
	# order the upgrades ran in (the named results of a function renamed
	# by base name and order: cvt10 and cvt alike); the undef vector that
	# LLVM 13 builds a splat on (LLVM 22: poison), made poison only where
	# no lane of it is seen (a chain of single-use insertelements that
	# writes every lane). With --mem-call-attrs (N <= 13), the parameter
	# attributes but align and the call-site attributes of llvm.memcpy,
	# memmove and memset calls: LLVM 13's upgrade of the old calls keeps
	# only their alignment, a weaker reading, not a wrong one (as the
	# lifetime calls above). Should older_losses.py fail, the text says so
	# and which FILE: unlike any other.
	norm() {
		llvm-dis-22 "$1" -o - 2>/dev/null | tail -n +2 |
			{ python3 -S "$REPO/scripts/older_losses.py" --minllvm "${@:2}" || echo "older_losses.py --minllvm failed on $1"; } |
			sed -E 's/ #[0-9]+/ #N/g' |
			sed -E '/call void @llvm\.lifetime\.(start|end)\./{s/ #N//;s/\(ptr [a-z ]*%/(ptr %/}' |
			grep -v -e '^declare void @llvm\.lifetime\.' -e '^; Function Attrs: ' -e '^$' -e '^target datalayout = ' |
			sed -E 's/^attributes #N = /attributes = /; s/, target_mem[01]: none//g' | sort -u
	}
	if ! opt-22 "$f" -o "$w/ref.bc" 2>"$w/err" || [[ -s $w/err ]] ||
		! llvm-dis-22 "$f" -o /dev/null 2>"$w/err" || [[ -s $w/err ]]; then
		rm -rf "$w"
		return # not an input LLVM 22 reads cleanly
	fi
	local min
	min=$(grep -F -m 1 "$f	" "$WORK/mins" | cut -f 2)
	if [[ -z $min ]]; then
		rm -rf "$w"
		return # several modules, or none read
	fi
	local summary=${min##* }
	min=${min% *}
	local producer=${min#* }
	min=${min% *}
	local line="$f $min" n m=${min/none/23} below=0 aside
	# The versions that decide: those from min_llvm on, and the newest
	# below it.
	for n in "${VERSIONS[@]}"; do
		if [[ $n -lt $m ]]; then below=$n; fi
	done
	for n in "${VERSIONS[@]}"; do
		if [[ $n -lt $below ]]; then
			continue
		fi
		aside=""
		if [[ $n -le 13 ]]; then
			aside=--mem-call-attrs # see norm
		fi
		if grep -qxF -- "$f" "$WORK/unknown.$n"; then
			line="$line $n:mis" # an intrinsic N lacks or takes for another
			continue
		fi
		# A reader that hangs (opt-16 and opt-19 do, at random, on some
		# SVE tuple upgrades) counts as one that fails.
		if [[ $summary == 1 ]] && { ! timeout 300 "llvm-dis-$n" "$f" -o /dev/null >"$w/err" 2>&1 || grep -q 'ignoring invalid debug info' "$w/err"; }; then
			line="$line $n:err" # llvm-dis also reads the summary, opt does not
		elif [[ $n -ge $producer && $producer -gt 0 ]]; then
			# As new as the producer: read and verified is enough.
			if timeout 300 "opt-$n" -disable-output "$f" >"$w/err" 2>&1 && ! grep -q 'ignoring invalid debug info' "$w/err"; then
				line="$line $n:ok"
			else
				line="$line $n:err"
			fi
		elif ! timeout 300 "opt-$n" "$f" -o "$w/back.bc" >"$w/err" 2>&1 || grep -q 'ignoring invalid debug info' "$w/err"; then
			line="$line $n:err"
		elif { [[ -f $w/ref$aside.ll ]] || norm "$w/ref.bc" ${aside:+"$aside"} >"$w/ref$aside.ll"; } &&
			norm "$w/back.bc" ${aside:+"$aside"} | cmp -s - "$w/ref$aside.ll"; then
			line="$line $n:ok"
		else
			line="$line $n:mis"
		fi
	done
	echo "$line"
	rm -rf "$w"
}
# mins: FILE, TAB, "MIN PRODUCER SUMMARY" (PRODUCER the major version of
# an LLVM producer, else 0; SUMMARY 1 for a module with a summary, else
# 0) of each input of one module, from one inspect --json.
"$BCX" inspect --json "${FILES[@]}" 2>/dev/null | python3 -c '
import json, sys
d = json.load(sys.stdin)
mods = {}
for p in d.get("payloads", []):
    mods.setdefault(p["file"], []).extend(p["modules"])
for f, ms in mods.items():
    if len(ms) == 1:
        m = ms[0]
        p = m["producer"][4:].split(".")[0] if m["producer"].startswith("LLVM") else ""
        v = "none" if m["min_llvm"] is None else m["min_llvm"]
        print("%s\t%s %s %d" % (f, v, p if p.isdigit() else 0, 1 if (m.get("summary") or {}).get("kind", "none") != "none" else 0))
' >"$WORK/mins" || true
# unknown.N: the inputs that declare an intrinsic LLVM N lacks or takes
# for another (see above).
# (64 files a process, $JOBS processes at a time: each runs
# llvm-bcanalyzer-22 -dump on its files.)
mkdir -p "$WORK/decls.d"
printf '%s\0' "${FILES[@]}" | xargs -0 -n 64 -P "$JOBS" bash -c 'out=$(mktemp "$1.d/XXXXXX"); shift; python3 -S "$0/scripts/decl_names.py" "$@" >"$out" 2>/dev/null || true' "$REPO" "$WORK/decls" || true
cat "$WORK"/decls.d/* >"$WORK/decls" 2>/dev/null || true
for n in "${VERSIONS[@]}"; do
	python3 "$REPO/scripts/intrinsics_known.py" "$n" <"$WORK/decls" | cut -d' ' -f1 | sort -u >"$WORK/unknown.$n" ||
		echo "conformance_minllvm: intrinsics_known.py $n failed: intrinsics not checked against LLVM $n" >&2
done
export -f check
export BCX WORK REPO
export VERSIONS_S="${VERSIONS[*]}"
printf '%s\n' "${FILES[@]}" | xargs -P "$JOBS" -I{} bash -c 'VERSIONS=($VERSIONS_S); check "$1" 2>/dev/null' _ {} >"$WORK/results"

# EXPECTED: inputs whose min_llvm is known not to be true, each with why
# (what decides it is not in the records the rules see); listed, counted,
# not failed.
cat >"$WORK/expected" <<'EOF2'
EOF2

python3 - "$WORK/results" "$REPO/" "$WORK/expected" <<'PY'
import sys
rows = [l.split() for l in open(sys.argv[1]) if l.strip()]
repo = sys.argv[2]
expected = dict(l.rstrip("\n").split("\t", 1) for l in open(sys.argv[3]) if l.strip())
good = bad = known = 0
for r in sorted(rows):
    f, m, st = r[0].replace(repo, ""), r[1], dict(x.split(":") for x in r[2:])
    m = 23 if m == "none" else int(m)
    vs = sorted(int(v) for v in st)
    above = [v for v in vs if v >= m]
    below = [v for v in vs if v < m]
    wrong = [v for v in above if st[str(v)] != "ok"]
    if below and st[str(below[-1])] == "ok":
        wrong.append(below[-1])
    said = f"min_llvm {m if m <= 22 else 'none'}: {f}: " + " ".join(f"{v}:{st[str(v)]}" for v in vs)
    if wrong and f in expected:
        known += 1
        print(f"  expected: {said}: {expected[f]}")
    elif wrong:
        bad += 1
        print(f"  WRONG {said}")
    else:
        good += 1
        if f in expected:
            print(f"  now true (take it out of EXPECTED): {f}")
versions = sorted({int(k) for r in rows for k in dict(x.split(":") for x in r[2:])})
total = good + bad + known
print(f"== min_llvm: {good} of {total} modules true against LLVM {', '.join(map(str, versions))}; "
      f"{known} known not to be (listed above), {bad} wrong")
sys.exit(1 if bad else 0)
PY
