#!/usr/bin/env bash
# regen.sh - regenerate the fixtures of testdata/ir/legacy/ and their goldens.
#
# Usage: testdata/ir/legacy/regen.sh   (from any directory; no arguments)
#
# The record layouts of LLVM 3.x writers, which no installed LLVM writes:
# each src/NAME.ll is assembled by llvm-as-13 (typed pointers) and the module
# rewritten by mklegacy (go run ./mklegacy) into a version 1 module as those
# writers wrote it: no IDENTIFICATION, STRTAB or SYMTAB block, names in the
# module's value symbol table, global variables, functions and aliases
# (MODULE_CODE_ALIAS_OLD) that give their pointer type only,
# TYPE_CODE_FUNCTION_OLD, attribute lists as PARAMATTR_CODE_ENTRY_OLD raw
# bits, and instructions without explicit types (bodies found by order).
#
#   legacy-globals   global variables (address spaces, TLS, comdats, sections,
#                    unnamed), functions, aliases (old layout; a GEP aliasee),
#                    old weak/linkonce linkage codes without a comdat field
#                    (an implicit comdat of the object's name)
#   legacy-darwin    the same on Mach-O, which has no COMDATs: none
#   legacy-bodies    function bodies: loads, stores, GEPs, calls, invokes and
#                    allocas without explicit types (LLVM 3.6 and older),
#                    CMPXCHG_OLD (LLVM 3.4's, without failure ordering and weak
#                    flag, and 3.5's), ATOMICRMW_OLD without alignment,
#                    LANDINGPAD_OLD naming the personality; constant GEPs
#                    without their pointee type (scalar and vector bases);
#                    inline asm in the three old layouts (INLINEASM_OLD,
#                    _OLD2, _OLD3: the function type SETTYPE's pointee)
#   legacy-metadata  metadata as LLVM 3.5 wrote it: METADATA_STRING_OLD, tuples
#                    as METADATA_OLD_NODE (type, value) pairs with values inline
#   legacy-di38      LLVM 3.8's debug info: a unit listing its subprograms,
#                    subprograms naming their functions (the list after the
#                    unit: invalid, stripped); mklegacy's subprograms.go
#   legacy-di39      LLVM 3.9's global variables: DIGlobalVariable version 0
#                    naming its global, units listing the variables; LLVM 22
#                    makes DIGlobalVariableExpressions (mklegacy's
#                    subprograms.go, asked for by !old.globals)
#   legacy-attrs     parameter, return and function attributes in the raw
#                    encoding, which LLVM 22 upgrades (readnone/readonly to
#                    memory(...), nocapture to captures(none), alignment)
#
# NAME.dis is the standard output of `llvm-dis-22 NAME.bc -o -` run from this
# folder with the bare file name.
#
# Tools can be overridden: LLVM_AS13=llvm-as-13 LLVM_DIS=llvm-dis-22 GO=go.
set -euo pipefail

DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
LLVM_AS13="${LLVM_AS13:-llvm-as-13}"
LLVM_DIS="${LLVM_DIS:-llvm-dis-22}"
GO="${GO:-go}"
for t in "$LLVM_AS13" "$LLVM_DIS" "$GO"; do
	command -v "$t" >/dev/null 2>&1 || { echo "regen.sh: $t not found" >&2; exit 1; }
done

TMP="$(mktemp -d)"
trap 'rm -rf "$TMP"' EXIT

cd "$DIR"
rm -f ./*.bc ./*.dis
for ll in src/*.ll; do
	name=$(basename "$ll" .ll)
	(cd src && "$LLVM_AS13" "$name.ll" -o "$TMP/$name.bc")
	(cd ../../.. && "$GO" run ./testdata/ir/legacy/mklegacy "$TMP/$name.bc" "$DIR/$name.bc")
	"$LLVM_DIS" "$name.bc" -o - >"$name.dis"
done
case "$(cat ./*.dis)" in *"$DIR"*) echo "regen.sh: an absolute path leaked into a golden" >&2; exit 1 ;; esac
