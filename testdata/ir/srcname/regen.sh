#!/usr/bin/env bash
# regen.sh - regenerate the source_filename fixtures of testdata/ir/srcname.
#
# Usage: testdata/ir/srcname/regen.sh        (from any directory; no arguments)
#
#   nosrc.bc   llvm-as-22 of nosrc.ll (which writes a SOURCE_FILENAME record
#              'nosrc.ll', as it always does), then the record made a
#              DEPLIB record, which LLVM reads and ignores: the literal
#              code 16 of the abbreviation the record is written with (a
#              DEFINE_ABBREV of the module block: literal 16, array of
#              char6) is found by its bits and set to 6. A module without
#              the record, as LLVM before 3.9 and other producers write.
#   empty.bc   llvm-as-22 of empty.ll: a SOURCE_FILENAME record of no
#              characters.
#   NAME.dis   `llvm-dis-22 NAME.bc -o -` run from this folder.
#
# Deterministic; tools can be overridden: LLVM_AS=llvm-as-22
# LLVM_DIS=llvm-dis-22 LLVM_BCANALYZER=llvm-bcanalyzer-22.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")"
LLVM_AS="${LLVM_AS:-llvm-as-22}"
LLVM_DIS="${LLVM_DIS:-llvm-dis-22}"
LLVM_BCANALYZER="${LLVM_BCANALYZER:-llvm-bcanalyzer-22}"

"$LLVM_AS" empty.ll -o empty.bc
"$LLVM_AS" nosrc.ll -o nosrc.bc
python3 - nosrc.bc <<'PY'
import sys

def fixed(v, w):
    return [(v >> i) & 1 for i in range(w)]

def vbr(v, w):
    out = []
    while True:
        c, v = v & ((1 << (w - 1)) - 1), v >> (w - 1)
        if v:
            c |= 1 << (w - 1)
        out += fixed(c, w)
        if not v:
            return out

def abbrev(code):
    # DEFINE_ABBREV (2, in the module block's 3-bit abbreviation width),
    # 3 operands: literal CODE, array, char6.
    return (fixed(2, 3) + vbr(3, 5) + fixed(1, 1) + vbr(code, 8) +
            fixed(0, 1) + fixed(3, 3) + fixed(0, 1) + fixed(4, 3))

path = sys.argv[1]
data = open(path, 'rb').read()
bits = [(b >> i) & 1 for b in data for i in range(8)]
old, new = abbrev(16), abbrev(6)
hits = [i for i in range(len(bits) - len(old) + 1) if bits[i:i + len(old)] == old]
if len(hits) != 1:
    sys.exit('regen.sh: the source_filename abbreviation found %d times' % len(hits))
bits[hits[0]:hits[0] + len(old)] = new
open(path, 'wb').write(bytes(sum(bits[j * 8 + i] << i for i in range(8)) for j in range(len(data))))
PY
if "$LLVM_BCANALYZER" -dump nosrc.bc | grep -q SOURCE_FILENAME; then
	echo "regen.sh: nosrc.bc still has a SOURCE_FILENAME record" >&2
	exit 1
fi

for bc in empty.bc nosrc.bc; do
	"$LLVM_DIS" "$bc" -o "${bc%.bc}.dis"
done
