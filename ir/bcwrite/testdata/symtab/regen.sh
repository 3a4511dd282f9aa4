#!/usr/bin/env bash
# regen.sh - rebuild the .bc fixtures of this folder: each .ll source through
# llvm-as-22 and opt-22 (LLVM 22's reader and writer, whose SYMTAB and STRTAB
# blobs buildSymtab must reproduce byte for byte), and a few of the
# repository's LLVM-written modules through opt-22 alone.
set -euo pipefail
cd "$(dirname "$0")"
tmp=$(mktemp)
trap 'rm -f "$tmp"' EXIT
for ll in *.ll; do
	llvm-as-22 "$ll" -o "$tmp"
	opt-22 "$tmp" -o "${ll%.ll}.bc"
done
for m in names instr-eh funclets switch-O2 llvm14-darwin-O2; do
	opt-22 "../../../../testdata/ir/$m.bc" -o "ir-$m.bc"
done
