#!/usr/bin/env python3
"""Write ir/testdata/intrinsics_llvm22.json: what llvm-dis-22 prints for a
sample of intrinsic declarations, for TestIntrinsicAttrsLLVM22.

Usage: scripts/gen_intrinsics_sample.py [N [OUT]]   (after scripts/gen_intrinsics.py)

N is the sample size (default 400; 0 for every intrinsic), OUT the output
file (default ir/testdata/intrinsics_llvm22.json). To check the whole table:
  scripts/gen_intrinsics_sample.py 0 /tmp/all.json &&
  INTRINSICS_SAMPLE=/tmp/all.json go test ./ir -run LLVM22 -v

The declarations are the valid signatures that scripts/gen_intrinsics.py
found (its cache in $TMPDIR), variants of some of them with one type
changed or a parameter dropped or added, and a few hand-written ones (KEEP),
written to .ll files with no attribute but the string attribute "keep",
assembled by llvm-as-22 and printed by llvm-dis-22. llvm-dis-22 replaces
the attributes of a declaration whose type is a valid signature of a known
intrinsic with LLVM 22's own (the "keep" disappears) and leaves the others
alone (known=false in the fixture). The script parses llvm-dis-22's text
back into attribute kinds and values; the fixture keeps both.
"""
import json
import os
import random
import re
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TMP = tempfile.gettempdir()
N = int(sys.argv[1]) if len(sys.argv) > 1 else 400
OUT = sys.argv[2] if len(sys.argv) > 2 else os.path.join(ROOT, "ir/testdata/intrinsics_llvm22.json")

# Sample every intrinsic whose name contains one of these (up to PER each),
# then fill up at random.
PATTERNS = ["llvm.memcpy", "llvm.memmove", "llvm.memset", "llvm.lifetime", "llvm.dbg.",
            "llvm.vector.reduce", "llvm.experimental.", "llvm.x86.", "llvm.aarch64.",
            "llvm.nvvm.", "llvm.amdgcn.", "llvm.scmp", "llvm.ucmp", "llvm.ctlz", "llvm.abs",
            "llvm.assume", "llvm.trap", "llvm.stacksave", "llvm.masked.", "llvm.vp.",
            "llvm.coro.", "llvm.objectsize", "llvm.expect", "llvm.fma", "llvm.sadd.with",
            "llvm.var.annotation", "llvm.ptr.annotation", "llvm.eh.", "llvm.va_", "llvm.riscv.",
            "llvm.wasm.", "llvm.ppc.", "llvm.arm.", "llvm.hexagon.", "llvm.read_register",
            "llvm.threadlocal", "llvm.invariant", "llvm.launder", "llvm.is.fpclass",
            "llvm.experimental.constrained", "llvm.umul.with", "llvm.prefetch", "llvm.nvvm.read.ptx"]
PER = 8

# Declarations llvm-dis-22 keeps as written (with their attributes).
KEEP = [  # (llvm-dis-22 decides; these are meant to keep their attributes)
    ("llvm.memcpy.p1.p1.i16", "void", ["ptr", "ptr"], False),  # too few parameters
    ("llvm.trap", "void", ["i32"], False),  # too many
    ("llvm.foo.bar", "void", [], False),  # no such intrinsic
    ("llvm.x86.sse2.pause.v4i32", "void", [], False),  # suffix on a non-overloaded name
    ("llvm.va_start.p0", "void", ["ptr"], True),  # variadic, not in LLVM
    ("llvm.ctlz.i16", "i32", ["i16", "i1"], False),  # overloaded types differ
    ("llvm.memset.p0.i32", "void", ["ptr", "i32", "i32", "i1"], False),  # i8 expected
    ("llvm.x86.sse2.pause.x", "void", [], False),
    ("llvm.smax.v4i32", "<4 x i32>", ["<4 x i32>", "<4 x i16>"], False),
    ("llvm.vector.reduce.add.v4i16", "i32", ["<4 x i16>"], False),  # element type
    ("llvm.fshl.i32", "i32", ["i32", "i32", "i64"], False),
    ("llvm.umul.with.overflow.i32", "{ i32, i8 }", ["i32", "i32"], False),  # i1 expected
    ("llvm.memcpy.inline.p0.p0.i64", "void", ["ptr", "ptr", "i64", "i1", "i1"], False),
]

MEM_LOCS = {"argmem": 0, "inaccessiblemem": 1, "errnomem": 2}
MODREF = {"none": 0, "read": 1, "write": 2, "readwrite": 3}
NUM_LOCS = 6


def kinds():
    with open(os.path.join(ROOT, "ir/attrkinds.go")) as f:
        return {name: int(n) for n, name in re.findall(r'^\t(\d+):\s+"([^"]+)",$', f.read(), re.M)}


KIND = kinds()


def split_top(s, sep):
    out, depth, cur = [], 0, ""
    for c in s:
        if c in "(<{[":
            depth += 1
        elif c in ")>}]":
            depth -= 1
        if c == sep and depth == 0:
            out.append(cur)
            cur = ""
        else:
            cur += c
    if cur.strip():
        out.append(cur)
    return [x.strip() for x in out if x.strip()]


def parse_memory(arg):
    v = None
    locs = {}
    for part in [p.strip() for p in arg.split(",") if p.strip()]:
        if ":" in part:
            loc, mr = [x.strip() for x in part.split(":")]
            locs[MEM_LOCS[loc]] = MODREF[mr]
        else:
            v = MODREF[part]
    enc = 0
    for i in range(NUM_LOCS):
        mr = locs.get(i, v or 0)
        enc |= mr << (2 * i)
    return enc


def parse_attrs(text):
    """[(kind, int, lo, hi)] of an attribute list as llvm-dis prints it."""
    out = []
    toks = split_top(text, " ")
    i = 0
    while i < len(toks):
        t = toks[i]
        m = re.match(r"^([a-z_0-9]+)(?:\((.*)\))?$", t, re.S)
        if not m or m.group(1) not in KIND:
            raise ValueError("attribute %r" % t)
        k, arg = m.group(1), m.group(2)
        if k == "memory":
            out.append((KIND[k], parse_memory(arg), 0, 0))
        elif k == "captures":
            if arg != "none":
                raise ValueError("captures(%s)" % arg)
            out.append((KIND[k], 0, 0, 0))
        elif k == "range":
            rm = re.match(r"^i\d+ (-?\d+), (-?\d+)$", arg)
            out.append((KIND[k], 0, int(rm.group(1)), int(rm.group(2))))
        elif arg is None and k in ("align", "alignstack", "dereferenceable"):
            i += 1
            out.append((KIND[k], int(toks[i]), 0, 0))
        elif arg is not None:
            raise ValueError("attribute %r" % t)
        else:
            out.append((KIND[k], 0, 0, 0))
        i += 1
    return sorted(out)


MUTATE = [("i32", "i64"), ("i64", "i32"), ("i1", "i8"), ("<4 x i32>", "<8 x i32>"),
          ("<4 x i32>", "<4 x i64>"), ("ptr", "ptr addrspace(1)"), ("float", "double"),
          ("double", "float"), ("<4 x float>", "<4 x double>"), ("i16", "i32"),
          ("<vscale x 4 x i32>", "<4 x i32>"), ("<4 x i1>", "<4 x i8>"), ("i8", "i16")]


def mutate(rnd, e):
    """A variant of e's valid signature: one type changed, or a parameter
    dropped or added. llvm-dis-22 decides whether it is still valid."""
    ret, params, va = e["sig"]["ret"], list(e["sig"]["params"]), e["sig"]["vararg"]
    slots = [i for i, t in enumerate([ret] + params) if any(t == a for a, _ in MUTATE)]
    how = rnd.randrange(3)
    if how == 0 and slots:
        i = rnd.choice(slots)
        types = [ret] + params
        types[i] = rnd.choice([b for a, b in MUTATE if a == types[i]])
        ret, params = types[0], types[1:]
    elif how == 1 and params:
        params.pop()
    else:
        params.append("i32")
    return (e["sig"]["name"], ret, params, va)


def run_dis(decls, tag):
    """Assembles and disassembles decls; returns llvm-dis-22's declarations
    by name and its attribute groups."""
    ll = os.path.join(TMP, "intrinsics_%s.ll" % tag)
    with open(ll, "w") as f:
        for name, ret, params, va in decls:
            ps = params + (["..."] if va else [])
            f.write('declare %s @%s(%s) "keep"\n' % (ret, name, ", ".join(ps)))
    bc = ll[:-3] + ".bc"
    subprocess.run(["llvm-as-22", "-disable-verify", ll, "-o", bc], check=True)
    dis = subprocess.run(["llvm-dis-22", bc, "-o", "-"], check=True, capture_output=True,
                         text=True).stdout
    groups = dict(re.findall(r"^attributes (#\d+) = \{ (.*) \}$", dis, re.M))
    lines = {}
    for line in dis.splitlines():
        m = re.match(r"^declare (.*?)@([-\w.$]+)\((.*)\)( #\d+)?$", line)
        if m:
            lines[m.group(2)] = (m.group(1), m.group(3), (m.group(4) or "").strip(), line)
    return lines, groups


def record(decl, lines, groups, dropped):
    name, ret, params, va = decl
    if name not in lines:
        # llvm.dbg.* become records; upgraded or remangled ones get
        # another name.
        dropped.append(name)
        return None
    before, plist, grp, line = lines[name]
    before = before.strip()
    ptexts = split_top(plist, ",")
    if va:
        ptexts = ptexts[:-1]
    if not before.endswith(ret) or len(ptexts) != len(params) or any(
            not p.startswith(t) for t, p in zip(params, ptexts)):
        dropped.append(name)  # changed by an upgrade
        return None
    fntext = groups.get(grp, "")
    text = line + ("  ; " + grp + " = { " + fntext + " }" if grp else "")
    if '"keep"' in fntext:
        return dict(name=name, ret=ret, params=params, vararg=va, known=False, text=text)
    pattrs = [parse_attrs(p[len(t):]) for t, p in zip(params, ptexts)]
    return dict(name=name, ret=ret, params=params, vararg=va, known=True,
                fn=parse_attrs(fntext), retAttrs=parse_attrs(before[:-len(ret)]),
                paramAttrs=pattrs, text=text)


def main():
    with open(os.path.join(TMP, "gen_intrinsics_entries.json")) as f:
        entries = [e for e in json.load(f) if e.get("sig")]
    # Candidate types that fit the attributes but that llvm-as rejects.
    entries = [e for e in entries if " 0 x " not in json.dumps(e["sig"]).replace("<0 x ", " 0 x ")]
    rnd = random.Random(22)
    chosen, seen = [], set()
    for pat in PATTERNS:
        hits = [e for e in entries if pat in e["name"] and e["name"] not in seen]
        for e in rnd.sample(hits, min(PER, len(hits))):
            chosen.append(e)
            seen.add(e["name"])
    rest = [e for e in entries if e["name"] not in seen]
    if N == 0:
        chosen += rest
    else:
        chosen += rnd.sample(rest, max(0, N - len(chosen)))
    keep = set(k[0] for k in KEEP)
    valid = [(e["sig"]["name"], e["sig"]["ret"], e["sig"]["params"], e["sig"]["vararg"])
             for e in chosen if e["sig"]["name"] not in keep] + KEEP
    mutated = [mutate(rnd, e) for e in chosen[:max(N // 2, 200) if N else len(chosen)]
               if e["sig"]["name"] not in keep]

    out, dropped = [], []
    for decls, tag in [(valid, "sample"), (mutated, "mutated")]:
        lines, groups = run_dis(decls, tag)
        for d in decls:
            r = record(d, lines, groups, dropped)
            if r:
                out.append(r)
    path = OUT
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as f:
        f.write("[\n" + ",\n".join(json.dumps(o, separators=(",", ":")) for o in out) + "\n]\n")
    print("gen_intrinsics_sample: %d declarations (%d with LLVM 22's attributes, %d kept) -> %s"
          % (len(out), sum(o["known"] for o in out), sum(not o["known"] for o in out), path),
          file=sys.stderr)
    if dropped:
        print("gen_intrinsics_sample: %d not printed as declared by llvm-dis-22: %s"
              % (len(dropped), " ".join(dropped[:30])), file=sys.stderr)


if __name__ == "__main__":
    main()
