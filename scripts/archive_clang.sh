#!/usr/bin/env bash
# archive_clang.sh - clang 3.9 to 12, producers older than the package
# archive's (bookworm has 13 on): Ubuntu bionic's llvm-toolchain-3.9, -4.0
# and -5.0, focal's -6.0, -7, -8, -10 and -12 and Debian bullseye's -9 and
# -11 packages, fetched from archive.ubuntu.com and deb.debian.org and
# unpacked (never installed) under a cache folder, with the libffi6,
# libffi7, libtinfo5 and libjsoncpp1 they need.
#
# Usage: scripts/archive_clang.sh [--dir DIR] [VERSION...]
#
# VERSION is 3.9, 4, 5, 6, 7, 8, 9, 10, 11 or 12 (7 to 12 when none is
# given; CLANG39 names clang 3.9). DIR
# defaults to ~/.cache/bcextract-corpus/archive-clang ($BCX_CORPUS for
# ~/.cache/bcextract-corpus). Prints the lines to give to a shell:
#   export LD_LIBRARY_PATH=...
#   CLANG7=.../clang CLANG8=.../clang ...
# e.g. eval "$(scripts/archive_clang.sh 9 11)" before
# testdata/ir/upgrade/regen.sh. Exit status 1 (and nothing on stdout) when
# the packages cannot be had.
set -euo pipefail

DIR="${BCX_CORPUS:-$HOME/.cache/bcextract-corpus}/archive-clang"
VERSIONS=()
while [[ $# -gt 0 ]]; do
	case "$1" in
	--dir) DIR=${2:?}; shift 2 ;;
	-h | --help) sed -n '2,/^set -e/{/^set -e/d;s/^# \{0,1\}//;p}' "$0"; exit 0 ;;
	3.9 | 4 | 5 | 6 | 7 | 8 | 9 | 10 | 11 | 12) VERSIONS+=("$1"); shift ;;
	*) echo "archive_clang.sh: unknown argument $1" >&2; exit 2 ;;
	esac
done
[[ ${#VERSIONS[@]} -gt 0 ]] || VERSIONS=(7 8 9 10 11 12)

DEBIAN=http://deb.debian.org/debian/pool/main
UBUNTU=http://archive.ubuntu.com/ubuntu/pool
FOCAL12=12.0.0-3ubuntu1~20.04.5
# What clang 3.9 to 6 need besides: bionic's libffi6 and libtinfo5, focal's
# libjsoncpp1.
OLDLIBS=("$UBUNTU/main/libf/libffi/libffi6_3.2.1-8_amd64.deb" "$UBUNTU/main/n/ncurses/libtinfo5_6.1-1ubuntu1_amd64.deb"
	"$UBUNTU/main/libj/libjsoncpp/libjsoncpp1_1.7.4-3.1ubuntu2_amd64.deb")
# The packages of each version: clang, its headers, its libraries.
pkgs() {
	case "$1" in
	3.9) echo "$UBUNTU/universe/l/llvm-toolchain-3.9/"{clang-3.9,libclang-common-3.9-dev}_3.9.1-19ubuntu1_amd64.deb \
		"$UBUNTU/main/l/llvm-toolchain-3.9/libllvm3.9_3.9.1-19ubuntu1_amd64.deb" "${OLDLIBS[@]}" ;;
	4) echo "$UBUNTU/universe/l/llvm-toolchain-4.0/"{clang-4.0,libclang-common-4.0-dev,libllvm4.0}_4.0.1-10_amd64.deb "${OLDLIBS[@]}" ;;
	5) echo "$UBUNTU/universe/l/llvm-toolchain-5.0/"{clang-5.0,libclang-common-5.0-dev,libllvm5.0}_5.0.1-4_amd64.deb "${OLDLIBS[@]}" ;;
	6) echo "$UBUNTU/universe/l/llvm-toolchain-6.0/"{clang-6.0,libclang-common-6.0-dev,libllvm6.0}_6.0.1-14_amd64.deb "${OLDLIBS[@]}" ;;
	7) echo "$UBUNTU/universe/l/llvm-toolchain-7/"{clang-7,libclang-common-7-dev,libllvm7}_7.0.1-12_amd64.deb ;;
	8) echo "$UBUNTU/universe/l/llvm-toolchain-8/"{clang-8,libclang-common-8-dev,libllvm8}_8.0.1-9_amd64.deb ;;
	9) echo "$DEBIAN/l/llvm-toolchain-9/"{clang-9,libclang-common-9-dev,libclang-cpp9,libllvm9}_9.0.1-16.1_amd64.deb ;;
	10) echo "$UBUNTU/universe/l/llvm-toolchain-10/"{clang-10,libclang-common-10-dev,libclang-cpp10}_10.0.0-4ubuntu1_amd64.deb \
		"$UBUNTU/main/l/llvm-toolchain-10/libllvm10_10.0.0-4ubuntu1_amd64.deb" ;;
	11) echo "$DEBIAN/l/llvm-toolchain-11/"{clang-11,libclang-common-11-dev,libclang-cpp11,libllvm11}_11.0.1-2_amd64.deb ;;
	12) echo "$UBUNTU/universe/l/llvm-toolchain-12/"{clang-12,libclang-common-12-dev,libclang-cpp12}_${FOCAL12}_amd64.deb \
		"$UBUNTU/main/l/llvm-toolchain-12/libllvm12_${FOCAL12}_amd64.deb" ;;
	esac
}

fetch() { # URL: the .deb in DIR/debs, unpacked in DIR/root
	local f
	f="$DIR/debs/$(basename "$1")"
	if [[ ! -s $f ]]; then
		for _ in 1 2 3; do
			if curl -fsS -m 300 -o "$f.part" "$1"; then
				mv "$f.part" "$f"
				break
			fi
			sleep 5
		done
		if [[ ! -s $f ]]; then
			rm -f "$f.part"
			echo "archive_clang.sh: cannot fetch $1" >&2
			exit 1
		fi
	fi
	[[ -e "$DIR/root/.$(basename "$1")" ]] || { dpkg -x "$f" "$DIR/root" && touch "$DIR/root/.$(basename "$1")"; }
}

mkdir -p "$DIR/debs" "$DIR/root"
fetch "$DEBIAN/libf/libffi/libffi7_3.3-6_amd64.deb"
R="$DIR/root/usr/lib"
LIBS=$R/x86_64-linux-gnu:$DIR/root/lib/x86_64-linux-gnu
VARS=
for v in "${VERSIONS[@]}"; do
	for p in $(pkgs "$v"); do
		fetch "$p"
	done
	d=llvm-$v
	case $v in 4 | 5 | 6) d=llvm-$v.0 ;; esac
	L="$DIR/root/lib/x86_64-linux-gnu"
	LD_LIBRARY_PATH="$R/x86_64-linux-gnu:$L:$R/$d/lib" "$R/$d/bin/clang" --version >/dev/null 2>&1 || {
		echo "archive_clang.sh: clang-$v does not run here" >&2
		exit 1
	}
	LIBS=$LIBS:$R/$d/lib
	VARS="$VARS${VARS:+ }CLANG${v/./}=$R/$d/bin/clang"
done
echo "export LD_LIBRARY_PATH=$LIBS\${LD_LIBRARY_PATH:+:\$LD_LIBRARY_PATH}"
echo "$VARS"
