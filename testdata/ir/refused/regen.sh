#!/usr/bin/env bash
# regen.sh - regenerate the fixtures of testdata/ir/refused/: bitcode that
# llvm-dis-22 refuses as invalid.
#
# Usage: testdata/ir/refused/regen.sh        (from any directory; no arguments)
#
# Inputs, hand-written LLVM assembly under src/, assembled by an older
# llvm-as (LLVM 19 for init-mul: mul constant expressions; LLVM 16 for the
# other constant expressions LLVM 22 no longer has) or by llvm-as-22 and
# then rewritten by ../bodies/bcedit (atomic-*-align0: -atomicalign0).
#
# Outputs, in testdata/ir/refused/:
#   NAME.bc    the fixture
#   NAME.err   llvm-dis-22's message (its standard error, run from this
#              directory with the bare file name); the script stops if
#              llvm-dis-22 accepts the file
#   NAME.want  (kept, not written here) the words bcextract's error must
#              hold
#
# Tools can be overridden: LLVM_AS=llvm-as-22 LLVM_AS16=llvm-as-16
# LLVM_AS19=llvm-as-19 LLVM_DIS=llvm-dis-22 GO=go.
set -euo pipefail

DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ROOT="$(cd "$DIR/../../.." && pwd)"
LLVM_AS="${LLVM_AS:-llvm-as-22}"
LLVM_AS16="${LLVM_AS16:-llvm-as-16}"
LLVM_AS19="${LLVM_AS19:-llvm-as-19}"
LLVM_DIS="${LLVM_DIS:-llvm-dis-22}"
GO="${GO:-go}"

TMP="$(mktemp -d)"
trap 'rm -rf "$TMP"' EXIT
(cd "$ROOT" && "$GO" build -o "$TMP/bcedit" ./testdata/ir/bodies/bcedit)

cd "$DIR"
rm -f ./*.bc ./*.err

"$LLVM_AS19" src/init-mul.ll -o init-mul.bc
for n in init-zext init-icmp aliasee-lshr landingpad-mul; do
	"$LLVM_AS16" "src/$n.ll" -o "$n.bc"
done
for n in atomic-load-align0 atomic-store-align0; do
	"$LLVM_AS" "src/$n.ll" -o "$TMP/$n.bc"
	"$TMP/bcedit" -atomicalign0 "$TMP/$n.bc" "$n.bc"
done

for bc in ./*.bc; do
	n="$(basename "$bc" .bc)"
	if "$LLVM_DIS" "$n.bc" -o /dev/null 2>"$n.err"; then
		echo "regen.sh: llvm-dis-22 accepts $n.bc" >&2
		exit 1
	fi
done
