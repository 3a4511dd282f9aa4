#!/usr/bin/env bash
# regen.sh - regenerate the debug-info and metadata fixtures of
# testdata/ir/debuginfo/ and their goldens.
#
# Usage: testdata/ir/debuginfo/regen.sh   (from any directory; no arguments)
#
# What llvm-dis-22 does to metadata of other writers, and of itself:
#   di-fixed-point          llvm-as-22 of src/di-fixed-point.ll: DIFixedPointType of
#                           every kind; numerator/denominator are as wide as their
#                           literals and read back signed for DW_ATE_signed_fixed
#   di-distinct-subrange    llvm-as-22 of src/di-distinct-subrange.ll: distinct
#                           DISubrange/DIGenericSubrange read as uniqued; constant
#                           bounds that are forward references
#   di-old-records          llvm-as-22 of src/di-old-records.ll, rewritten by mkold
#                           (go run ../mkold): DISubrange versions 0 and 1 and narrow
#                           DIEnumerators, signs rotated as LLVM's old writer and as
#                           Zig's writer do (the latter read one lower)
#   di-unlisted-unit        llvm-as-22 of src/di-unlisted-unit.ll: a compile unit
#                           missing from !llvm.dbg.cu that only a call to an unknown
#                           "llvm." function reaches: valid, printed in full
#   di-unlisted-unit-global llvm-as-22 of src/di-unlisted-unit-global.ll: one a
#                           global's !dbg reaches (not visited): printed in full
#   typed-ptr-md            llvm-as-14 of src/typed-ptr-md.ll: nodes that typed
#                           pointers made different are one node once all pointers
#                           are ptr (MDNode uniquing), at module level and in a body
#   llvmNN-di-nodes         llvm-as-NN (13, 14, 16, 19) of src/di-nodes.ll: many DI
#                           node kinds in the record layouts of those writers
#   llvmNN-di-imports       clang-NN (14, 15, 16) -g of src/imports.cpp: function-
#                           local `using` moves from the compile unit's imports: to
#                           the subprogram's retainedNodes:
#   llvm14-di-imports-local clang-14 -g of src/imports-local.cpp: the compile unit's
#                           imports: becomes !{}
#
# NAME.dis is the standard output of `llvm-dis-22 NAME.bc -o -` run from this
# folder with the bare file name. Inputs are compiled from src/ with bare file
# names and -fdebug-compilation-dir=., so that two runs give the same bytes.
#
# Tools can be overridden: LLVM_AS=llvm-as-22 LLVM_DIS=llvm-dis-22 GO=go, and
# the older producers LLVM_ASNN=llvm-as-NN, CLANGNN=clang-NN (all REQUIRED:
# apt-get install -y llvm-13 llvm-14 llvm-16 llvm-19 clang-14 clang-15 clang-16).
set -euo pipefail

DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
LLVM_AS="${LLVM_AS:-llvm-as-22}"
LLVM_DIS="${LLVM_DIS:-llvm-dis-22}"
GO="${GO:-go}"
LLVM_AS13="${LLVM_AS13:-llvm-as-13}"
LLVM_AS14="${LLVM_AS14:-llvm-as-14}"
LLVM_AS16="${LLVM_AS16:-llvm-as-16}"
LLVM_AS19="${LLVM_AS19:-llvm-as-19}"
CLANG14="${CLANG14:-clang-14}"
CLANG15="${CLANG15:-clang-15}"
CLANG16="${CLANG16:-clang-16}"

for t in "$LLVM_AS" "$LLVM_DIS" "$GO" "$LLVM_AS13" "$LLVM_AS14" "$LLVM_AS16" "$LLVM_AS19" "$CLANG14" "$CLANG15" "$CLANG16"; do
	command -v "$t" >/dev/null 2>&1 || { echo "regen.sh: $t not found" >&2; exit 1; }
done

TMP="$(mktemp -d)"
trap 'rm -rf "$TMP"' EXIT

cd "$DIR"
rm -f ./*.bc ./*.dis

(cd src && "$LLVM_AS" di-fixed-point.ll -o ../di-fixed-point.bc)
(cd src && "$LLVM_AS" di-distinct-subrange.ll -o ../di-distinct-subrange.bc)
(cd src && "$LLVM_AS" di-unlisted-unit.ll -o ../di-unlisted-unit.bc)
(cd src && "$LLVM_AS" di-unlisted-unit-global.ll -o ../di-unlisted-unit-global.bc)
(cd src && "$LLVM_AS" di-old-records.ll -o "$TMP/di-old-records.bc")
(cd ../../.. && "$GO" run ./testdata/ir/debuginfo/mkold "$TMP/di-old-records.bc" "$DIR/di-old-records.bc")
(cd src && "$LLVM_AS14" typed-ptr-md.ll -o ../typed-ptr-md.bc)
(cd src && "$LLVM_AS13" di-nodes.ll -o ../llvm13-di-nodes.bc)
(cd src && "$LLVM_AS14" di-nodes.ll -o ../llvm14-di-nodes.bc)
(cd src && "$LLVM_AS16" di-nodes.ll -o ../llvm16-di-nodes.bc)
(cd src && "$LLVM_AS19" di-nodes.ll -o ../llvm19-di-nodes.bc)
for v in 14 15 16; do
	cc="CLANG$v"
	(cd src && "${!cc}" -g -O0 -fdebug-compilation-dir=. -c -emit-llvm imports.cpp -o "../llvm$v-di-imports.bc")
done
(cd src && "$CLANG14" -g -O0 -fdebug-compilation-dir=. -c -emit-llvm imports-local.cpp -o ../llvm14-di-imports-local.bc)

for bc in ./*.bc; do
	name=$(basename "$bc" .bc)
	"$LLVM_DIS" "$name.bc" -o - >"$name.dis"
done
case "$(cat ./*.dis)" in *"$DIR"*) echo "regen.sh: an absolute path leaked into a golden" >&2; exit 1 ;; esac
