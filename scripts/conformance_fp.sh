#!/usr/bin/env bash
# conformance_fp.sh - compare how `bcextract dis` spells floating-point
# constants with llvm-dis-22, on thousands of generated constants.
#
# Usage:
#   scripts/conformance_fp.sh [--bcextract PATH] [--seed N] [--count N]
#                             [--emit] [--keep]
#
#   --bcextract PATH   use a prebuilt bcextract instead of building
#                      ./cmd/bcextract with `go build` into a temp dir.
#   --seed N           the generator's seed (default 27): a run is
#                      reproducible from its seed.
#   --count N          how many random draws of each kind (default 400;
#                      about 25 constants come of each, ~50,000 in all).
#   --emit             print the generated assembly and stop.
#   --keep             keep the scratch directory.
#
# The generated module (one line per constant or group) holds, for every
# FP type: random bit patterns; and for double and float short decimals
# (1 to 8 digits at every exponent: 0.95, 1e-6, 123456.7), six-digit
# decimals with a 5 after them (the rounding boundary), powers of ten,
# integers, each with the neighbours one and two ulps away; subnormals;
# zeros, infinities, the largest and smallest values, quiet and signaling
# NaNs with payloads and both signs. They appear as global initializers,
# in vectors, in splats, as instruction operands (store, fadd) and as
# metadata (!{double ...}). llvm-as-22 assembles it, and the output of
# `bcextract dis` is compared with llvm-dis-22's line by line; every FP
# literal is counted by type and by place.
#
# Output: a line per type with the constants compared and how many differ,
# the first differences, and "fp constants: N compared, M differ".
# Exit status: 1 on any difference (FP literal or any other line), 0
# otherwise; 2 for usage errors. If llvm-as-22 or llvm-dis-22 is missing
# the script prints a line starting with "SKIPPED:" and exits 0. The tools
# can be overridden: LLVM_AS=llvm-as-22 LLVM_DIS=llvm-dis-22.

set -euo pipefail

LLVM_AS="${LLVM_AS:-llvm-as-22}"
LLVM_DIS="${LLVM_DIS:-llvm-dis-22}"
BCX=""
SEED=27
COUNT=400
EMIT=0
KEEP=0

usage() {
	sed -n '2,/^$/{s/^# \{0,1\}//;p}' "$0"
}

while [[ $# -gt 0 ]]; do
	case $1 in
	--bcextract) BCX=$2; shift 2 ;;
	--seed) SEED=$2; shift 2 ;;
	--count) COUNT=$2; shift 2 ;;
	--emit) EMIT=1; shift ;;
	--keep) KEEP=1; shift ;;
	-h | --help) usage; exit 0 ;;
	*) echo "conformance_fp.sh: unknown argument $1" >&2; usage >&2; exit 2 ;;
	esac
done
if ! [[ $SEED =~ ^[0-9]+$ && $COUNT =~ ^[0-9]+$ ]]; then
	echo "conformance_fp.sh: --seed and --count take numbers" >&2
	exit 2
fi

# generate SEED COUNT: the module, on stdout.
generate() {
	python3 - "$1" "$2" <<'EOF'
import math, random, struct, sys

seed, count = int(sys.argv[1]), int(sys.argv[2])
r = random.Random(seed)

def d2b(x): return struct.unpack('<Q', struct.pack('<d', x))[0]
def b2d(u): return struct.unpack('<d', struct.pack('<Q', u))[0]
def f2b(x): return struct.unpack('<I', struct.pack('<f', x))[0]

def widen(u):
    """A float's bits as the double LLVM's assembly writes for it."""
    s, e, m = u >> 31, (u >> 23) & 0xff, u & 0x7fffff
    if e == 0xff:
        return s << 63 | 0x7ff << 52 | m << 29
    return d2b(struct.unpack('<f', struct.pack('<I', u))[0])

# Spelling of each type's bits in assembly (hexadecimal: exact).
spell = {
    'double': lambda u: '0x%016X' % u,
    'float': lambda u: '0x%016X' % widen(u),
    'half': lambda u: '0xH%04X' % u,
    'bfloat': lambda u: '0xR%04X' % u,
    'x86_fp80': lambda u: '0xK%04X%016X' % (u >> 64, u & (1 << 64) - 1),
    'fp128': lambda u: '0xL%016X%016X' % (u & (1 << 64) - 1, u >> 64),
    'ppc_fp128': lambda u: '0xM%016X%016X' % (u & (1 << 64) - 1, u >> 64),
}

def near(u, bits, ulps=(1, 2)):
    """u and its neighbours of the same sign, within the type's range."""
    out = [u]
    for k in ulps:
        for v in (u + k, u - k):
            if 0 <= v < 1 << bits and v >> (bits - 1) == u >> (bits - 1):
                out.append(v)
    return out

def decimal(digits_max, lo, hi):
    n = r.randint(1, digits_max)
    d = r.randint(10 ** (n - 1), 10 ** n - 1)
    return '%de%d' % (d, r.randint(lo, hi))

def double_values():
    v = []
    for _ in range(count):
        v.append(r.getrandbits(64))
        v.append(r.getrandbits(1) << 63 | r.randint(1023 - 40, 1023 + 40) << 52 | r.getrandbits(52))
        for lo, hi in ((-12, 12), (-330, 310)):
            x = float(decimal(8, lo, hi))
            if x != 0 and not math.isinf(x):
                v += near(d2b(x), 64)
        # Six digits and a 5: the rounding boundary.
        x = float('%d5e%d' % (r.randint(100000, 999999), r.randint(-30, 30)))
        v += near(d2b(x), 64)
        v += near(d2b(float(r.randint(1, 1 << r.randint(1, 64)))), 64)
        v.append(r.getrandbits(r.randint(1, 52)))  # subnormal
        v.append(0x7ff << 52 | r.getrandbits(52) | 1)  # NaN
        v.append(1 << 63 | 0x7ff << 52 | r.getrandbits(52) | 1 << 51)
    for k in range(-325, 309):
        x = float('1e%d' % k)
        if x != 0:
            v += near(d2b(x), 64)
    v += [0, 1 << 63, 1, 0x000FFFFFFFFFFFFF, 0x0010000000000000, 0x7FEFFFFFFFFFFFFF,
          0x7FF0000000000000, 0xFFF0000000000000, 0x7FF8000000000000, 0xFFF8000000000000,
          0x7FF0000000000001, 0x7FF4000000000000, 0x7FFFFFFFFFFFFFFF, 0x3FF0000000000000,
          0x4340000000000000, 0x433FFFFFFFFFFFFF, 0x8000000000000001]
    return v

def float_values():
    v = []
    def add(x, ulps=(1, 2)):
        try:
            u = f2b(x)
        except OverflowError:
            return
        if u & 0x7fffffff and (u >> 23) & 0xff != 0xff:
            v.extend(near(u, 32, ulps))
    for _ in range(count):
        v.append(r.getrandbits(32))
        v.append(r.getrandbits(1) << 31 | r.randint(127 - 30, 127 + 30) << 23 | r.getrandbits(23))
        add(float(decimal(8, -12, 12)))
        add(float(decimal(8, -46, 38)))
        add(float('%d5e%d' % (r.randint(100000, 999999), r.randint(-20, 20))))
        add(float(r.randint(1, 1 << r.randint(1, 64))))
        v.append(r.getrandbits(r.randint(1, 23)))  # subnormal
        v.append(0xff << 23 | r.getrandbits(23) | 1)  # NaN
        v.append(1 << 31 | 0xff << 23 | r.getrandbits(23) | 1 << 22)
    for k in range(-45, 39):
        add(float('1e%d' % k))
    v += [0, 1 << 31, 1, 0x007FFFFF, 0x00800000, 0x7F7FFFFF, 0x7F800000, 0xFF800000,
          0x7FC00000, 0xFFC00000, 0x7F800001, 0x7FA00000, 0x7FFFFFFF, 0x3F800000, 0x80000001]
    return v

def small_values(bits, exp_bits):
    mant = bits - 1 - exp_bits
    v = [r.getrandbits(bits) for _ in range(count * 4)]
    top = (1 << exp_bits) - 1
    for s in (0, 1):
        for e, m in ((0, 0), (0, 1), (0, (1 << mant) - 1), (1, 0), (top - 1, (1 << mant) - 1),
                     (top, 0), (top, 1), (top, 1 << (mant - 1)), (top, (1 << mant) - 1)):
            v.append(s << (bits - 1) | e << mant | m)
    return v

def fp80_values():
    v = []
    for _ in range(count * 2):
        v.append(r.getrandbits(80))
        v.append(r.getrandbits(1) << 79 | r.randint(16383 - 60, 16383 + 60) << 64 | 1 << 63 | r.getrandbits(63))
    for s in (0, 1):
        for e, m in ((0, 0), (0, 1), (0, 1 << 63), (1, 1 << 63), (16383, 1 << 63), (0x7fff, 1 << 63),
                     (0x7fff, 3 << 62), (0x7fff, 1 << 63 | 1), (0x7fff, 1 << 62), (0x7fff, 0),
                     (16383, 1), (0, (1 << 63) - 1)):
            v.append(s << 79 | e << 64 | m)
    return v

def wide_values(exp_bits):
    v = []
    for _ in range(count * 2):
        v.append(r.getrandbits(128))
    for s in (0, 1):
        for e, m in ((0, 0), (0, 1), (1, 0), ((1 << exp_bits) - 1, 0), ((1 << exp_bits) - 1, 1),
                     ((1 << exp_bits) - 1, 1 << (127 - exp_bits - 1)), ((1 << exp_bits) - 2, (1 << (127 - exp_bits)) - 1)):
            v.append(s << 127 | e << (127 - exp_bits) | m)
    return v

def ppc_values():
    v = [r.getrandbits(128) for _ in range(count * 2)]
    for _ in range(count):
        hi = d2b(float(decimal(8, -20, 20)))
        lo = d2b(b2d(hi) * 2.0 ** -60 * r.random())
        v.append(lo << 64 | hi)
    v += [0, 1 << 63, 0x3FF0000000000000, 0x7FF0000000000000, 0x7FF8000000000000,
          0x7FF0000000000001 | 1 << 64, 1 << 127 | 0x3FF0000000000000]
    return v

values = {
    'double': double_values(), 'float': float_values(),
    'half': small_values(16, 5), 'bfloat': small_values(16, 8),
    'x86_fp80': fp80_values(), 'fp128': wide_values(15), 'ppc_fp128': ppc_values(),
}

out = []
w = out.append
w('source_filename = "fp-conformance"')
w('')
for t, vs in values.items():
    for i, u in enumerate(vs):
        w('@%s_%d = global %s %s' % (t, i, t, spell[t](u)))
    # Vectors of four, and splats, of a sample.
    sample = r.sample(vs, min(len(vs), count))
    for i in range(0, len(sample) - 3, 4):
        w('@%s_vec_%d = global <4 x %s> <%s>' % (t, i // 4, t, ', '.join('%s %s' % (t, spell[t](u)) for u in sample[i:i + 4])))
    for i, u in enumerate(sample[:count // 4]):
        w('@%s_splat_%d = global <2 x %s> splat (%s %s)' % (t, i, t, t, spell[t](u)))
w('')
mds = []
for t, vs in values.items():
    sample = r.sample(vs, min(len(vs), count))
    w('define void @use_%s(ptr %%p, %s %%x) {' % (t, t))
    for i, u in enumerate(sample):
        if i % 2:
            w('  store %s %s, ptr %%p' % (t, spell[t](u)))
        else:
            w('  %%r%d = fadd %s %%x, %s' % (i, t, spell[t](u)))
            w('  store %s %%r%d, ptr %%p' % (t, i))
    w('  ret void')
    w('}')
    w('')
    mds += ['!{%s %s}' % (t, spell[t](u)) for u in r.sample(vs, min(len(vs), count // 2))]
w('!fp = !{%s}' % ', '.join('!%d' % i for i in range(len(mds))))
for i, md in enumerate(mds):
    w('!%d = %s' % (i, md))
print('\n'.join(out))
EOF
}

if [[ $EMIT == 1 ]]; then
	generate "$SEED" "$COUNT"
	exit 0
fi

for tool in "$LLVM_AS" "$LLVM_DIS" python3; do
	if ! command -v "$tool" >/dev/null 2>&1; then
		echo "###################################################################"
		echo "SKIPPED: conformance_fp.sh: $tool is not installed; FP constants were NOT compared"
		echo "###################################################################"
		exit 0
	fi
done

SCRATCH=$(mktemp -d "${TMPDIR:-/tmp}/conformance_fp.XXXXXX")
if [[ $KEEP == 1 ]]; then
	echo "scratch: $SCRATCH"
else
	trap 'rm -rf "$SCRATCH"' EXIT
fi
if [[ -z $BCX ]]; then
	(cd "$(dirname "$0")/.." && go build -o "$SCRATCH/bcextract" ./cmd/bcextract)
	BCX=$SCRATCH/bcextract
fi
BCX=$(cd "$(dirname "$BCX")" && pwd)/$(basename "$BCX")

generate "$SEED" "$COUNT" >"$SCRATCH/fp.ll"
cd "$SCRATCH"
"$LLVM_AS" fp.ll -o fp.bc
"$LLVM_DIS" fp.bc -o theirs.ll
rc=0
"$BCX" dis fp.bc >ours.ll 2>ours.err || rc=$?
if [[ $rc -ne 0 ]]; then
	echo "FAIL: bcextract dis exited with $rc: $(head -n 3 ours.err)"
fi

python3 - theirs.ll ours.ll "$rc" <<'EOF'
import re, sys
theirs = open(sys.argv[1]).read().split('\n')
ours = open(sys.argv[2]).read().split('\n')
rc = int(sys.argv[3])
types = ['double', 'float', 'half', 'bfloat', 'x86_fp80', 'fp128', 'ppc_fp128']
places = ['global', 'vector', 'splat', 'operand', 'metadata']
lit = re.compile(r'(?<![\w.])(-?[0-9]\.[0-9]+e[-+][0-9]+|0x[KLMHR]?[0-9A-F]+)(?![\w.])')
typ = re.compile(r'\b(double|float|half|bfloat|x86_fp80|fp128|ppc_fp128)\b')
total = {t: 0 for t in types}
bad = {t: {p: 0 for p in places} for t in types}
examples, other = [], []

def place(line):
    if line.startswith('!'):
        return 'metadata'
    if line.startswith('  '):
        return 'operand'
    if ' splat (' in line:
        return 'splat'
    if ' <' in line:
        return 'vector'
    return 'global'

if len(theirs) != len(ours):
    other.append('line counts: llvm-dis-22 %d, bcextract %d' % (len(theirs), len(ours)))
for n, (a, b) in enumerate(zip(theirs, ours), 1):
    la, lb = lit.findall(a), lit.findall(b)
    m = typ.search(a)
    if la and m:
        t = m.group(1)
        total[t] += len(la)
        if len(la) == len(lb):
            for x, y in zip(la, lb):
                if x != y:
                    bad[t][place(a)] += 1
                    if len(examples) < 20:
                        examples.append('  line %d (%s %s): llvm-dis-22 %s, bcextract %s' % (n, t, place(a), x, y))
    if (lit.sub('#', a) != lit.sub('#', b) or len(la) != len(lb)) and len(other) < 20:
        other.append('  line %d:\n    llvm-dis-22: %s\n    bcextract:   %s' % (n, a[:200], b[:200]))

nbad = 0
for t in types:
    k = sum(bad[t].values())
    nbad += k
    where = ', '.join('%s %d' % (p, bad[t][p]) for p in places if bad[t][p])
    print('%-10s %6d constants, %5d differ%s' % (t, total[t], k, ' (' + where + ')' if where else ''))
if examples:
    print('first differences:')
    print('\n'.join(examples))
if other:
    print('other differences:')
    print('\n'.join(other))
print('fp constants: %d compared, %d differ' % (sum(total.values()), nbad))
sys.exit(1 if nbad or other or rc else 0)
EOF
