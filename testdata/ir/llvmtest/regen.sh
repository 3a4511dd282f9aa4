#!/usr/bin/env bash
# regen.sh - copy the fixtures of this directory from LLVM's own bitcode
# compatibility tests (llvm/test/Bitcode of LLVM 14.0.6, from Debian's
# llvm-toolchain-14 source package, fetched with an apt state of the
# script's own; or from --src DIR, an unpacked llvm/test/Bitcode) and make
# each golden: NAME.dis is what `llvm-dis-22 NAME.bc -o -` prints. The
# files are LLVM's, under the Apache License 2.0 with LLVM Exceptions (see
# README.md). FILES lists them: the name in llvm/test/Bitcode, then ours.
set -euo pipefail
cd "$(dirname "$0")"
FILES=(
	"DIExpression-4.0.ll.bc DIExpression-4.0.bc"
	"DIExpression-aggresult.ll.bc DIExpression-aggresult.bc"
	"DIExpression-deref.ll.bc DIExpression-deref.bc"
	"dilocalvariable-3.9.ll.bc dilocalvariable-3.9.bc"
	"upgrade-importedentity.ll.bc upgrade-importedentity.bc"
	"upgrade-pointer-address-space.ll.bc upgrade-pointer-address-space.bc"
	"upgrade-elementtype.ll.bc upgrade-elementtype.bc"
	"upgrade-inline-asm-elementtype.ll.bc upgrade-inline-asm-elementtype.bc"
	"Inputs/linker-options.bc linker-options.bc"
	"Inputs/branch-weight.bc branch-weight.bc"
	"aarch64-addp-upgrade.bc aarch64-addp-upgrade.bc"
	"case-ranges-3.3.ll.bc case-ranges-3.3.bc"
	"terminatorInstructions.3.2.ll.bc terminatorInstructions.3.2.bc"
	"compatibility-3.6.ll.bc compatibility-3.6.bc"
	"memInstructions.3.2.ll.bc memInstructions.3.2.bc"
	"upgrade-loop-metadata.ll.bc upgrade-loop-metadata.bc"
	"function-local-metadata.3.5.ll.bc function-local-metadata.3.5.bc"
	"callbr.ll.bc callbr.bc"
	"dityperefs-3.8.ll.bc dityperefs-3.8.bc"
)
SRC=""
[[ ${1:-} == --src ]] && SRC=${2:?}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
if [[ -z $SRC ]]; then
	# shellcheck source=../../../scripts/debsrc.sh
	source ../../../scripts/debsrc.sh
	mkdir -p "$tmp/dl"
	debsrc_download "$tmp/dl" bookworm llvm-toolchain-14
	(cd "$tmp/dl" && tar -xJf llvm-toolchain-14_*.orig.tar.xz --wildcards '*/llvm/test/Bitcode/*')
	SRC=$(echo "$tmp"/dl/llvm-toolchain-14_*/llvm/test/Bitcode)
fi
for f in "${FILES[@]}"; do
	set -- $f
	cp "$SRC/$1" "$2"
	llvm-dis-22 "$2" -o "${2%.bc}.dis"
done
