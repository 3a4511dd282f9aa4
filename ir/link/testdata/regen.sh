#!/usr/bin/env bash
# regen.sh - rebuild the linker's fixtures from src/*.ll (each assembled
# by llvm-as-22 into NAME.bc) and src/*.cpp (each compiled by clang++-22
# with -g into NAME.bc: debug info whose composite types have ODR
# identifiers), and for each case of cases.txt the module llvm-link-22
# makes of its inputs, as llvm-dis-22 prints it (CASE.ll, ModuleID
# 'linked.bc'), or llvm-link-22's error (CASE.err).
# The test links the same inputs with package link, writes the result
# with ir/bcwrite, reads it back and prints it: the text must be the same.
set -euo pipefail
cd "$(dirname "$0")"
for ll in src/*.ll; do
	# A first line "; llvm-as flags: ..." gives flags (-disable-verify for
	# what the verifier refuses and llvm-link-22 drops).
	read -r -a flags <<<"$(sed -n '1s/^; llvm-as flags: //p' "$ll")"
	llvm-as-22 ${flags[@]+"${flags[@]}"} "$ll" -o "$(basename "${ll%.ll}").bc"
done
for cc in src/*.cpp; do
	clang++-22 -g -O0 -c -emit-llvm -fno-ident -ffile-prefix-map="$PWD"=. "$cc" -o "$(basename "${cc%.cpp}").bc"
done
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
grep -v -e '^#' -e '^$' cases.txt | while read -r name args; do
	inputs=()
	for a in $args; do
		case $a in
		--*) inputs+=("$a") ;;
		*+*)
			members=()
			for m in ${a//+/ }; do members+=("$m.bc"); done
			rm -f "$tmp/$a.a"
			llvm-ar-22 rc "$tmp/$a.a" "${members[@]}"
			inputs+=("$tmp/$a.a")
			;;
		*) inputs+=("$a.bc") ;;
		esac
	done
	rm -f "$name.ll" "$name.err"
	if llvm-link-22 "${inputs[@]}" -o "$tmp/linked.bc" 2>"$tmp/err"; then
		(cd "$tmp" && llvm-dis-22 linked.bc -o -) >"$name.ll"
	else
		# A module llvm-link-22's verifier refuses: its messages, then
		# "llvm-link-22: error: linked module is broken!".
		sed -e 's/^error: //' -e 's/^llvm-link-22: error: //' "$tmp/err" >"$name.err"
	fi
done
# The bytes llvm-link-22 writes for the asm case (cmd/bcextract's
# TestLinkModuleAsm: no IR symbol table beside module-level assembly).
llvm-link-22 asm-a.bc asm-b.bc -o asm-linked.bc
