#!/usr/bin/env bash
# regen.sh - regenerate the function-body fixtures of testdata/ir/bodies/.
#
# Usage: testdata/ir/bodies/regen.sh        (from any directory; no arguments)
#
# Inputs, hand-written LLVM assembly under src/:
#   phi-constexpr.ll, constexpr-order.ll   assembled by llvm-as-16 (LLVM 16
#       still has mul, shl, lshr, icmp, select and zext constant
#       expressions, which llvm-dis-22 turns into instructions)
#   phi-named.ll, blockaddr-*.ll           assembled by llvm-as-22
#   llvm19-blockaddr-*.ll                  assembled by llvm-as-19 (their
#       lifetime markers make the reader read each body twice)
#   llvm19-di-constexpr.ll                 assembled by llvm-as-19 (debug
#       info: counted with the di-* fixtures)
#   align0-TARGET.ll                       assembled by llvm-as-22, then
#       rewritten by bcedit -align0 (memory instructions without alignment)
#   dupnames.ll, dupnames-nvptx.ll         assembled by llvm-as-22, then
#       rewritten by bcedit -dupnames (several values named alike)
#   interp.c                               compiled by clang-22 -O2
#       -ffast-math -march=x86-64-v3 (interp-O2: a computed-goto
#       interpreter; its labels' use lists hold the dispatch table's uses)
# bcedit (./bcedit, run with the Go toolchain from the module root) writes
# records no installed LLVM writes; see its doc comment.
#
# Outputs, in testdata/ir/bodies/: NAME.bc and its golden NAME.dis, the
# standard output of `llvm-dis-22 NAME.bc -o -` run from this directory
# with the bare file name. Two runs give byte-identical files.
#
# Tools can be overridden: LLVM_AS=llvm-as-22 LLVM_AS16=llvm-as-16
# LLVM_AS19=llvm-as-19 LLVM_DIS=llvm-dis-22 CLANG=clang-22 GO=go.
set -euo pipefail

DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ROOT="$(cd "$DIR/../../.." && pwd)"
LLVM_AS="${LLVM_AS:-llvm-as-22}"
LLVM_AS16="${LLVM_AS16:-llvm-as-16}"
LLVM_AS19="${LLVM_AS19:-llvm-as-19}"
LLVM_DIS="${LLVM_DIS:-llvm-dis-22}"
CLANG="${CLANG:-clang-22}"
GO="${GO:-go}"

TMP="$(mktemp -d)"
trap 'rm -rf "$TMP"' EXIT
(cd "$ROOT" && "$GO" build -o "$TMP/bcedit" ./testdata/ir/bodies/bcedit)

cd "$DIR"
rm -f ./*.bc ./*.dis

for n in phi-constexpr constexpr-order; do
	"$LLVM_AS16" "src/$n.ll" -o "$n.bc"
done
for n in phi-named blockaddr-uses blockaddr-local blockaddr-made; do
	"$LLVM_AS" "src/$n.ll" -o "$n.bc"
done
for n in llvm19-blockaddr-uses llvm19-blockaddr-local llvm19-blockaddr-reload llvm19-di-constexpr; do
	"$LLVM_AS19" "src/$n.ll" -o "$n.bc"
done
"$CLANG" --target=x86_64-unknown-linux-gnu -c -emit-llvm -O2 -ffast-math -march=x86-64-v3 \
	src/interp.c -o interp-O2.bc
for src in src/align0-*.ll; do
	n="$(basename "$src" .ll)"
	"$LLVM_AS" "$src" -o "$TMP/$n.bc"
	"$TMP/bcedit" -align0 "$TMP/$n.bc" "$n.bc"
done
for n in dupnames dupnames-nvptx; do
	"$LLVM_AS" "src/$n.ll" -o "$TMP/$n.bc"
	"$TMP/bcedit" -dupnames "$TMP/$n.bc" "$n.bc"
done

for bc in ./*.bc; do
	n="$(basename "$bc" .bc)"
	"$LLVM_DIS" "$n.bc" -o - >"$n.dis"
done
