#!/usr/bin/env bash
# conformance_llvmtests.sh - `bcextract dis` against llvm-dis-22 on LLVM's
# own bitcode compatibility tests: every .bc file of llvm/test/Bitcode
# (and its Inputs/) of LLVM 21.1 (bitcode written by LLVM 3.2 to 21 that
# LLVM keeps to check its reader), from Debian's llvm-toolchain-21 source
# package (sid); when that cannot be had, LLVM 14.0.6's from
# llvm-toolchain-14 (bookworm), which holds fewer. Downloaded with an apt
# state of the script's own (`apt-get source --download-only`; the upstream
# tarball is enough), kept in $BCX_CORPUS (default
# ~/.cache/bcextract-corpus), or taken from --src DIR, an unpacked
# llvm/test/Bitcode.
#
# Usage: scripts/conformance_llvmtests.sh [--src DIR] [--bcextract PATH]
#
# Each file llvm-dis-22 reads (many are invalid on purpose: those are
# counted apart) must print, by `bcextract dis`, what llvm-dis-22 prints
# (the ModuleID line aside). A file bcextract refuses (exit 1, the reason
# on stderr) is a failure unless it is one of EXPECTED below, each with
# why; a file printed differently is always a failure. Prints a summary;
# exits 1 on a failure; prints a loud SKIPPED line (exit 0) when LLVM 22
# or the sources cannot be had.
set -euo pipefail

SRC=""
BCX=""
while [[ $# -gt 0 ]]; do
	case "$1" in
	--src) SRC=${2:?}; shift 2 ;;
	--bcextract) BCX=${2:?}; shift 2 ;;
	-h | --help) sed -n '2,/^set -e/{/^set -e/d;s/^# \{0,1\}//;p}' "$0"; exit 0 ;;
	*) echo "conformance_llvmtests.sh: unknown argument $1" >&2; exit 2 ;;
	esac
done

# The files bcextract reports rather than prints, and why.
declare -A EXPECTED=(
	[Inputs/padding-garbage.bc]="bytes after the last block: llvm-dis-22 ignores up to 8 of them, bcextract says the file is cut (README)"
	[Inputs/invalid-no-proper-module.bc]="no MODULE_BLOCK (a block of ID 40): llvm-dis-22 prints nothing, bcextract says no module was found"
)

REPO="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
export PATH="$PATH:/usr/local/go/bin"
skip() {
	echo "###################################################################"
	echo "SKIPPED: conformance_llvmtests: $*"
	echo "###################################################################"
	exit 0
}
for t in llvm-dis-22 apt-get tar xz; do
	command -v "$t" >/dev/null 2>&1 || skip "$t not found"
done
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
if [[ -z $BCX ]]; then
	(cd "$REPO" && go build -o "$WORK/bcextract" ./cmd/bcextract)
	BCX="$WORK/bcextract"
fi
# shellcheck source=scripts/debsrc.sh
source "$REPO/scripts/debsrc.sh"
# fetch DIR VERSION SUITE: llvm/test/Bitcode of Debian's
# llvm-toolchain-VERSION (from SUITE) into DIR. apt-get may fail on the
# Debian parts of the package where a mirror lacks them: the upstream
# tarball is what counts.
fetch() {
	local dir=$1 v=$2 suite=$3 apt="$WORK/apt$2"
	mkdir -p "$apt/dl"
	debsrc_download "$apt/dl" "$suite" "llvm-toolchain-$v" || true
	compgen -G "$apt/dl/llvm-toolchain-${v}_*.orig.tar.xz" >/dev/null || return 1
	(cd "$apt/dl" && tar -xJf llvm-toolchain-"${v}"_*.orig.tar.xz --wildcards '*/llvm/test/Bitcode/*') || return 1
	rm -rf "$dir"
	mkdir -p "$(dirname "$dir")"
	mv "$apt"/dl/llvm-toolchain-"${v}"_*/llvm/test/Bitcode "$dir"
}
LLVMV=""
if [[ -z $SRC ]]; then
	CORPUS=${BCX_CORPUS:-$HOME/.cache/bcextract-corpus}
	for try in "21 sid" "14 bookworm"; do
		set -- $try
		SRC=$CORPUS/llvm$1-test-bitcode
		if [[ -f $SRC/compatibility-3.6.ll.bc ]]; then
			LLVMV=$1
			break
		fi
		for attempt in 1 2 3; do
			if fetch "$SRC" "$1" "$2"; then
				LLVMV=$1
				break
			fi
			sleep $((attempt * 5))
		done
		[[ -n $LLVMV ]] && break
		echo "  (LLVM $1's llvm/test/Bitcode could not be fetched)"
	done
	[[ -n $LLVMV ]] || skip "LLVM's llvm/test/Bitcode (Debian's llvm-toolchain-21 or -14 source package) could not be fetched"
fi

cd "$SRC"
same=0
refused=0
expected=0
different=0
unread=0
declare -A seen=()
while IFS= read -r f; do
	f=${f#./}
	out="$WORK/$(echo "$f" | tr '/' '_')"
	if ! llvm-dis-22 "$f" -o "$out.ref" 2>/dev/null; then
		unread=$((unread + 1))
		continue
	fi
	if ! "$BCX" dis -o - "$f" >"$out.ours" 2>"$out.err"; then
		if [[ -n ${EXPECTED[$f]:-} ]]; then
			expected=$((expected + 1))
			seen[$f]=1
			echo "  reported, as expected: $f: ${EXPECTED[$f]}"
		else
			refused=$((refused + 1))
			echo "  REFUSED: $f: $(head -n 1 "$out.err" | cut -c1-200)"
		fi
		continue
	fi
	if diff <(tail -n +2 "$out.ref") <(tail -n +2 "$out.ours") >"$out.diff"; then
		same=$((same + 1))
		if [[ -n ${EXPECTED[$f]:-} ]]; then
			seen[$f]=1
			echo "  now the same (take it out of EXPECTED): $f"
		fi
	else
		different=$((different + 1))
		echo "  DIFFERENT: $f ($(wc -l <"$out.diff") diff lines; first:)"
		head -n 6 "$out.diff" | cut -c1-160 | sed 's/^/    /'
	fi
done < <(find . -name '*.bc' | sort)
for f in "${!EXPECTED[@]}"; do
	[[ -n ${seen[$f]:-} ]] || echo "  (expected file not met: $f)"
done
echo "llvm/test/Bitcode${LLVMV:+ of LLVM $LLVMV} vs llvm-dis-22: $((same + expected + refused + different)) files llvm-dis-22 reads ($unread it refuses): same $same, reported as expected $expected, refused $refused, different $different"
[[ $refused == 0 && $different == 0 ]]
