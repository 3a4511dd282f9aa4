#!/usr/bin/env bash
# conformance_oldclang.sh - `bcextract dis` and `convert` on the bitcode of
# clang 3.9 to 12, producers older than the package archive's: the C units of
# zlib (15) and Lua (33), from Debian's source packages, built by each
# clang (scripts/archive_clang.sh fetches them: Ubuntu focal's and Debian
# bullseye's packages, unpacked, never installed) at -O0 -g, -O2 and
# -O2 -g. Each module must print as llvm-dis-22 prints it (exit 0), and,
# with --write, be written by the bitcode writer as opt-22 writes it
# (scripts/conformance_write.sh --dir over the modules: byte for byte, or
# the same module in another use-list order).
#
# Usage: scripts/conformance_oldclang.sh [--bcextract PATH] [--write]
#            [--keep DIR] [VERSION...]
#
#   VERSION       3.9, 4, 5, 6, 7 to 12 (default: 7 to 12).
#   --write       also compare convert with opt-22 (a few minutes more).
#   --keep DIR    build the modules in DIR and keep them.
#
# Not in .ci/run (six toolchains to fetch, 864 modules to build): run by
# hand; the README gives its last counts. Prints one line per module that
# is not the same, and counts per producer; exits 1 on any difference.
# Prints a loud SKIPPED line (exit 0) when the toolchains, LLVM 22 or the
# sources cannot be had.
set -euo pipefail

BCX=""
WRITE=0
KEEP=""
VERSIONS=()
while [[ $# -gt 0 ]]; do
	case "$1" in
	--bcextract) BCX=${2:?}; shift 2 ;;
	--write) WRITE=1; shift ;;
	--keep) KEEP=${2:?}; shift 2 ;;
	-h | --help) sed -n '2,/^set -e/{/^set -e/d;s/^# \{0,1\}//;p}' "$0"; exit 0 ;;
	3.9 | 4 | 5 | 6 | 7 | 8 | 9 | 10 | 11 | 12) VERSIONS+=("$1"); shift ;;
	*) echo "conformance_oldclang.sh: unknown argument $1" >&2; exit 2 ;;
	esac
done
[[ ${#VERSIONS[@]} -gt 0 ]] || VERSIONS=(7 8 9 10 11 12)

REPO="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
export PATH="$PATH:/usr/local/go/bin"
skip() {
	echo "###################################################################"
	echo "SKIPPED: conformance_oldclang: $*"
	echo "###################################################################"
	exit 0
}
for t in llvm-dis-22 apt-get tar curl dpkg; do
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
SRC=$(debsrc_programs "$WORK") || skip "the sources of zlib and Lua (Debian's source packages) could not be fetched"
clangs=$("$REPO/scripts/archive_clang.sh" "${VERSIONS[@]}") || skip "clang ${VERSIONS[*]} could not be had"
eval "$clangs"
OUT=${KEEP:-$WORK/out}
mkdir -p "$OUT"

start=$SECONDS
fail=0
for v in "${VERSIONS[@]}"; do
	cc=CLANG${v/./}
	same=0 reported=0 different=0 built=0
	for cfg in "-O0 -g" "-O2" "-O2 -g"; do
		d="$OUT/llvm$v$(echo "$cfg" | tr -d ' -')"
		mkdir -p "$d"
		for prog in zlib lua; do
			# shellcheck disable=SC2046
			for c in $(debsrc_units "$SRC" $prog); do
				b=$prog-$(basename "$c" .c)
				# shellcheck disable=SC2046,SC2086
				"${!cc}" -w -c -emit-llvm $cfg $(debsrc_cflags "$SRC" $prog) "$c" -o "$d/$b.bc" || {
					echo "  clang-$v $cfg cannot build $c" >&2
					continue
				}
				built=$((built + 1))
				(cd "$d" && llvm-dis-22 "$b.bc" -o "$WORK/ref.ll")
				if (cd "$d" && "$BCX" dis "$b.bc" -o - >"$WORK/ours.ll" 2>"$WORK/err"); then
					if cmp -s "$WORK/ref.ll" "$WORK/ours.ll"; then
						same=$((same + 1))
					else
						different=$((different + 1))
						echo "  DIFFERENT: clang-$v $cfg $b ($(diff "$WORK/ref.ll" "$WORK/ours.ll" | grep -c '^[<>]') lines)"
					fi
				else
					reported=$((reported + 1))
					echo "  REPORTED: clang-$v $cfg $b: $(head -n 1 "$WORK/err" | cut -c1-200)"
				fi
			done
		done
	done
	echo "clang-$v: $built modules: $same the same, $reported reported, $different different"
	[[ $reported -eq 0 && $different -eq 0 && $built -gt 0 ]] || fail=1
done
echo "dis: $((SECONDS - start)) s"
if [[ $WRITE -eq 1 ]]; then
	"$REPO/scripts/conformance_write.sh" --no-rust --dir "$OUT" || fail=1
fi
exit $fail
