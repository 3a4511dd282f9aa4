#!/usr/bin/env bash
# bullseye_clang.sh - clang-9 and clang-11, producers older than the package
# archive's (bookworm has 13 on): Debian bullseye's llvm-toolchain-9 and -11
# packages, fetched from deb.debian.org and unpacked (never installed) under
# a cache folder, with the bullseye libffi7 they need.
#
# Usage: scripts/bullseye_clang.sh [--dir DIR]
#
# DIR defaults to ~/.cache/bcextract-corpus/bullseye-clang ($BCX_CORPUS
# for ~/.cache/bcextract-corpus). Prints the lines to give to a shell:
#   export LD_LIBRARY_PATH=...
#   CLANG9=.../clang CLANG11=.../clang
# e.g. eval "$(scripts/bullseye_clang.sh)" before testdata/ir/upgrade/regen.sh.
# Exit status 1 (and nothing on stdout) when the packages cannot be had.
set -euo pipefail

DIR="${BCX_CORPUS:-$HOME/.cache/bcextract-corpus}/bullseye-clang"
while [[ $# -gt 0 ]]; do
	case "$1" in
	--dir) DIR=${2:?}; shift 2 ;;
	-h | --help) sed -n '2,/^set -e/{/^set -e/d;s/^# \{0,1\}//;p}' "$0"; exit 0 ;;
	*) echo "bullseye_clang.sh: unknown argument $1" >&2; exit 2 ;;
	esac
done

MIRROR=http://deb.debian.org/debian
PKGS=(
	pool/main/libf/libffi/libffi7_3.3-6_amd64.deb
	pool/main/l/llvm-toolchain-9/clang-9_9.0.1-16.1_amd64.deb
	pool/main/l/llvm-toolchain-9/libclang-common-9-dev_9.0.1-16.1_amd64.deb
	pool/main/l/llvm-toolchain-9/libclang-cpp9_9.0.1-16.1_amd64.deb
	pool/main/l/llvm-toolchain-9/libllvm9_9.0.1-16.1_amd64.deb
	pool/main/l/llvm-toolchain-11/clang-11_11.0.1-2_amd64.deb
	pool/main/l/llvm-toolchain-11/libclang-common-11-dev_11.0.1-2_amd64.deb
	pool/main/l/llvm-toolchain-11/libclang-cpp11_11.0.1-2_amd64.deb
	pool/main/l/llvm-toolchain-11/libllvm11_11.0.1-2_amd64.deb
)
mkdir -p "$DIR/debs" "$DIR/root"
for p in "${PKGS[@]}"; do
	f="$DIR/debs/$(basename "$p")"
	if [[ ! -s $f ]]; then
		ok=0
		for _ in 1 2 3; do
			if curl -fsS -m 300 -o "$f.part" "$MIRROR/$p"; then
				mv "$f.part" "$f"
				ok=1
				break
			fi
			sleep 5
		done
		if [[ $ok -eq 0 ]]; then
			rm -f "$f.part"
			echo "bullseye_clang.sh: cannot fetch $MIRROR/$p" >&2
			exit 1
		fi
	fi
	[[ -e "$DIR/root/.$(basename "$p")" ]] || { dpkg -x "$f" "$DIR/root" && touch "$DIR/root/.$(basename "$p")"; }
done
R="$DIR/root/usr/lib"
for v in 9 11; do
	LD_LIBRARY_PATH="$R/x86_64-linux-gnu:$R/llvm-$v/lib" "$R/llvm-$v/bin/clang" --version >/dev/null 2>&1 || {
		echo "bullseye_clang.sh: clang-$v does not run here" >&2
		exit 1
	}
done
echo "export LD_LIBRARY_PATH=$R/x86_64-linux-gnu:$R/llvm-9/lib:$R/llvm-11/lib\${LD_LIBRARY_PATH:+:\$LD_LIBRARY_PATH}"
echo "CLANG9=$R/llvm-9/bin/clang CLANG11=$R/llvm-11/bin/clang"
