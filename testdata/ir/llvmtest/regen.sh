#!/usr/bin/env bash
# regen.sh - copy the fixtures of this directory from LLVM's own bitcode
# compatibility tests (llvm/test/Bitcode of LLVM 21.1.8 and, for the files
# a later release rewrote, 14.0.6; from Debian's llvm-toolchain-21 (sid)
# and llvm-toolchain-14 (bookworm) source packages, fetched with an apt
# state of the script's own) and make each golden: NAME.dis is what
# `llvm-dis-22 NAME.bc -o -` prints. The files are LLVM's, under the
# Apache License 2.0 with LLVM Exceptions (see README.md). FILES lists
# them: the LLVM release, the name in llvm/test/Bitcode, then ours.
set -euo pipefail
cd "$(dirname "$0")"
FILES=(
	"21 DIExpression-4.0.ll.bc DIExpression-4.0.bc"
	"21 DIExpression-aggresult.ll.bc DIExpression-aggresult.bc"
	"21 DIExpression-deref.ll.bc DIExpression-deref.bc"
	"21 dilocalvariable-3.9.ll.bc dilocalvariable-3.9.bc"
	"21 upgrade-importedentity.ll.bc upgrade-importedentity.bc"
	"21 upgrade-pointer-address-space.ll.bc upgrade-pointer-address-space.bc"
	"21 upgrade-elementtype.ll.bc upgrade-elementtype.bc"
	"21 upgrade-inline-asm-elementtype.ll.bc upgrade-inline-asm-elementtype.bc"
	"21 Inputs/linker-options.bc linker-options.bc"
	"21 Inputs/branch-weight.bc branch-weight.bc"
	"21 aarch64-addp-upgrade.bc aarch64-addp-upgrade.bc"
	"21 case-ranges-3.3.ll.bc case-ranges-3.3.bc"
	"21 terminatorInstructions.3.2.ll.bc terminatorInstructions.3.2.bc"
	"21 compatibility-3.6.ll.bc compatibility-3.6.bc"
	"21 memInstructions.3.2.ll.bc memInstructions.3.2.bc"
	"21 upgrade-loop-metadata.ll.bc upgrade-loop-metadata.bc"
	"21 function-local-metadata.3.5.ll.bc function-local-metadata.3.5.bc"
	"14 callbr.ll.bc callbr.bc"
	"21 dityperefs-3.8.ll.bc dityperefs-3.8.bc"
	"21 constexpr-scalable-vector-gep.ll.bc constexpr-scalable-vector-gep.bc"
	"21 intrinsics-struct-upgrade.ll.bc intrinsics-struct-upgrade.bc"
	"21 upgrade-dbg-addr.ll.bc upgrade-dbg-addr.bc"
	"21 aarch64-bf16-upgrade.ll.bc aarch64-bf16-upgrade.bc"
	"21 arm-bf16-upgrade.ll.bc arm-bf16-upgrade.bc"
	"21 Inputs/thinlto-function-summary-callgraph-pgo.1.bc summary-llvm4-pgo.bc"
	"21 Inputs/thinlto-function-summary-callgraph-pgo-combined.1.bc summary-llvm4-pgo-combined.bc"
)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# shellcheck source=../../../scripts/debsrc.sh
source ../../../scripts/debsrc.sh
# tests VERSION SUITE: the directory of llvm-toolchain-VERSION's
# llvm/test/Bitcode, fetched once (apt-get may fail on the Debian parts
# where a mirror lacks them: the upstream tarball is what counts).
tests() {
	local d="$tmp/$1"
	if [[ ! -d $d ]]; then
		mkdir -p "$d"
		debsrc_download "$d" "$2" "llvm-toolchain-$1" || true
		(cd "$d" && tar -xJf llvm-toolchain-"$1"_*.orig.tar.xz --wildcards '*/llvm/test/Bitcode/*')
	fi
	echo "$d"/llvm-toolchain-"$1"_*/llvm/test/Bitcode
}
T21=$(tests 21 sid)
T14=$(tests 14 bookworm)
for f in "${FILES[@]}"; do
	set -- $f
	src=$T21
	[[ $1 == 14 ]] && src=$T14
	cp "$src/$2" "$3"
	llvm-dis-22 "$3" -o "${3%.bc}.dis"
done
