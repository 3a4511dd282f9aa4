#!/usr/bin/env bash
# regen.sh - rebuild the .bc fixtures of this folder from their .ll sources:
# llvm-as-22, then opt-22 (LLVM 22's reader and writer), whose output the
# writer must reproduce byte for byte.
set -euo pipefail
cd "$(dirname "$0")"
for ll in *.ll; do
	bc=${ll%.ll}.bc
	llvm-as-22 "$ll" -o "/tmp/regen-$$.bc"
	opt-22 "/tmp/regen-$$.bc" -o "$bc"
	rm -f "/tmp/regen-$$.bc"
done
