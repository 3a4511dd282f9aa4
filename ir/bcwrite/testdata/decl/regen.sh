#!/usr/bin/env bash
# regen.sh - rebuild the .bc fixtures of this folder from their .ll sources:
# llvm-as-22, then opt-22 (LLVM 22's reader and writer), whose output the
# writer must reproduce byte for byte. The summary-* modules are written
# with the summary and module hash opt-22 computes (--module-summary
# --module-hash), and must be a fixed point of opt-22: a function's names
# that share a bucket of LLVM's symbol table swap places at each round
# trip, and the writer reproduces the file opt-22 reads, not its output.
set -euo pipefail
cd "$(dirname "$0")"
for ll in *.ll; do
	bc=${ll%.ll}.bc
	llvm-as-22 "$ll" -o "/tmp/regen-$$.bc"
	flags=()
	case $ll in summary-*) flags=(--module-summary --module-hash) ;; esac
	opt-22 "/tmp/regen-$$.bc" "${flags[@]}" -o "$bc"
	opt-22 "$bc" "${flags[@]}" -o "/tmp/regen-$$.bc"
	cmp -s "$bc" "/tmp/regen-$$.bc" || echo "regen.sh: $bc is not a fixed point of opt-22" >&2
	rm -f "/tmp/regen-$$.bc"
done
