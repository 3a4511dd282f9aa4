#!/usr/bin/env bash
# regen.sh - regenerate the floating-point fixtures of testdata/ir/fp.
#
# Usage: testdata/ir/fp/regen.sh        (from any directory; no arguments)
#
#   decimal.bc   llvm-as-22 of decimal.ll: doubles and floats on both sides
#                of the decimal/hexadecimal choice (APFloat::toString
#                truncates before it rounds), subnormals, NaNs, infinities,
#                the other FP types, in globals, vectors, splats, aggregates,
#                instruction operands and metadata.
#   fp80.bc      llvm-as-22 of fp80.ll, then four x86_fp80 constants
#                rewritten in the bitcode into encodings llvm-as-22 does not
#                write (unnormals, pseudo-denormals; see fp80.ll): the
#                CST_CODE_FLOAT record's first operand (the sign, the
#                exponent and the top 48 bits of the significand), a VBR6
#                field, is found by its bits and replaced by one of the same
#                length.
#   NAME.dis     `llvm-dis-22 NAME.bc -o -` run from this folder.
#
# Deterministic; tools can be overridden: LLVM_AS=llvm-as-22
# LLVM_DIS=llvm-dis-22.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")"
LLVM_AS="${LLVM_AS:-llvm-as-22}"
LLVM_DIS="${LLVM_DIS:-llvm-dis-22}"

"$LLVM_AS" decimal.ll -o decimal.bc

"$LLVM_AS" fp80.ll -o fp80.bc
python3 - fp80.bc \
	0x3FFF800000000000:0x3FFF000000000000 \
	0xBFFE800000000000:0xBFFE000000000000 \
	0x0001800000000000:0x0000800000000000 \
	0x8001800000000000:0x8000800000000000 <<'PY'
import sys

def vbr6(v):
    """The bits (first written first) of v as a VBR6 field."""
    out = []
    while True:
        c, v = v & 31, v >> 5
        if v:
            c |= 32
        out += [(c >> i) & 1 for i in range(6)]
        if not v:
            return out

path = sys.argv[1]
data = open(path, 'rb').read()
bits = [(b >> i) & 1 for b in data for i in range(8)]
for pair in sys.argv[2:]:
    old, new = (vbr6(int(x, 0)) for x in pair.split(':'))
    assert len(old) == len(new), pair
    hits = [i for i in range(len(bits) - len(old) + 1) if bits[i:i + len(old)] == old]
    if len(hits) != 1:
        sys.exit('regen.sh: %s found %d times in %s' % (pair, len(hits), path))
    bits[hits[0]:hits[0] + len(old)] = new
open(path, 'wb').write(bytes(sum(bits[j * 8 + i] << i for i in range(8)) for j in range(len(data))))
PY

for bc in decimal.bc fp80.bc; do
	"$LLVM_DIS" "$bc" -o "${bc%.bc}.dis"
done
grep -q '0xK7FFF0000000000000001' fp80.dis || { echo "regen.sh: fp80.bc was not rewritten" >&2; exit 1; }
