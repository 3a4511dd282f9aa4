#!/usr/bin/env python3
"""Generate ir/intrinsics_table.go: LLVM 22's attributes of every intrinsic.

Usage: scripts/gen_intrinsics.py [--from-cache]

Run scripts/gen_attrkinds.py first (this script reads ir/attrkinds.go). It
takes a few minutes (one fork per declaration tried) and keeps what it found
in $TMPDIR/gen_intrinsics_entries.json; --from-cache rewrites the Go file
from that. scripts/gen_intrinsics_sample.py then checks the table against
llvm-dis-22.

How the data is found (LLVM 22 installed; CI does not run this script):
  - The intrinsics, their names and whether they are overloaded come from
    libLLVM-22 itself, through its C API (LLVMIntrinsicGetName,
    LLVMIntrinsicIsOverloaded), for every ID 1 .. num_intrinsics-1.
  - Their attributes are found by experiment: for each ID the script asks
    libLLVM to declare the intrinsic (LLVMGetIntrinsicDeclaration, which
    runs Function's constructor and so Intrinsic::getAttributes when the
    signature is valid) and reads the attributes back (kinds and integer
    values through the C API). Overloaded intrinsics need concrete types:
    candidates are tried by the overloaded types' kinds (llvm_anyint_ty,
    ...) that llvm-tblgen-22 -dump-json reports for Intrinsics.td; the first
    candidate whose declaration gets attributes wins.
  - range(...) bounds, which the C API does not expose, come from the
    intrinsic's Range<Index, Lo, Hi> property in the same JSON dump. LLVM
    builds them as APInt(BitWidth, value, signed) of the argument's scalar
    width, so the table keeps the signed values and IntrinsicAttrs
    truncates them to the type at hand.
  - Whether a declaration's function type is a valid signature for the
    intrinsic (LLVM only replaces the attributes then) is decided by the
    intrinsic's TypeSig (its IIT type string), from the JSON dump.

LLVM 22 attaches an intrinsic's attributes to a declaration only when the
declaration's type is a valid signature (Function's constructor checks
Intrinsic::isSignatureValid; AutoUpgrade does the same), and they depend on
the type only through the width of range(...) bounds.
"""
import ctypes
import json
import os
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
INC = "/usr/lib/llvm-22/include"
LIB = "/usr/lib/llvm-22/lib/libLLVM.so"
ATTR_RANGE = 100  # Attribute::Range; checked against ir/attrkinds.go below

L = ctypes.CDLL(LIB)
P = ctypes.c_void_p
for fn, res, args in [
    ("LLVMContextCreate", P, []),
    ("LLVMModuleCreateWithNameInContext", P, [ctypes.c_char_p, P]),
    ("LLVMDisposeModule", None, [P]),
    ("LLVMIntrinsicGetName", ctypes.c_char_p, [ctypes.c_uint, ctypes.POINTER(ctypes.c_size_t)]),
    ("LLVMIntrinsicIsOverloaded", ctypes.c_int, [ctypes.c_uint]),
    ("LLVMGetIntrinsicDeclaration", P, [P, ctypes.c_uint, ctypes.POINTER(P), ctypes.c_size_t]),
    ("LLVMGetAttributeCountAtIndex", ctypes.c_uint, [P, ctypes.c_uint]),
    ("LLVMGetAttributesAtIndex", None, [P, ctypes.c_uint, ctypes.POINTER(P)]),
    ("LLVMIsEnumAttribute", ctypes.c_int, [P]),
    ("LLVMIsStringAttribute", ctypes.c_int, [P]),
    ("LLVMIsTypeAttribute", ctypes.c_int, [P]),
    ("LLVMGetEnumAttributeKind", ctypes.c_uint, [P]),
    ("LLVMGetEnumAttributeValue", ctypes.c_uint64, [P]),
    ("LLVMGetEnumAttributeKindForName", ctypes.c_uint, [ctypes.c_char_p, ctypes.c_size_t]),
    ("LLVMPrintValueToString", ctypes.c_char_p, [P]),
    ("LLVMPrintTypeToString", ctypes.c_char_p, [P]),
    ("LLVMGetReturnType", P, [P]),
    ("LLVMGetParamTypes", None, [P, ctypes.POINTER(P)]),
    ("LLVMGetValueName2", ctypes.c_char_p, [P, ctypes.POINTER(ctypes.c_size_t)]),
    ("LLVMGlobalGetValueType", P, [P]),
    ("LLVMCountParamTypes", ctypes.c_uint, [P]),
    ("LLVMIsFunctionVarArg", ctypes.c_int, [P]),
    ("LLVMInt1TypeInContext", P, [P]),
    ("LLVMInt8TypeInContext", P, [P]),
    ("LLVMInt16TypeInContext", P, [P]),
    ("LLVMInt32TypeInContext", P, [P]),
    ("LLVMInt64TypeInContext", P, [P]),
    ("LLVMHalfTypeInContext", P, [P]),
    ("LLVMFloatTypeInContext", P, [P]),
    ("LLVMDoubleTypeInContext", P, [P]),
    ("LLVMPointerTypeInContext", P, [P, ctypes.c_uint]),
    ("LLVMVectorType", P, [P, ctypes.c_uint]),
    ("LLVMScalableVectorType", P, [P, ctypes.c_uint]),
]:
    f = getattr(L, fn)
    f.restype = res
    f.argtypes = args

FN_INDEX = 0xFFFFFFFF


def num_intrinsics():
    with open(os.path.join(INC, "llvm/IR/IntrinsicEnums.inc")) as f:
        for line in f:
            if "num_intrinsics = " in line:
                return int(line.split("=")[1].strip().rstrip(","))
    sys.exit("gen_intrinsics: no num_intrinsics")


def tblgen():
    out = os.path.join(tempfile.gettempdir(), "gen_intrinsics_td.json")
    subprocess.run(["llvm-tblgen-22", "-dump-json", "-I", INC,
                    os.path.join(INC, "llvm/IR/Intrinsics.td"), "-o", out], check=True)
    with open(out) as f:
        d = json.load(f)
    byname = {}
    for rec in d["!instanceof"]["Intrinsic"]:
        r = d[rec]
        name = r["LLVMName"] or "llvm." + rec[len("int_"):].replace("_", ".")
        byname[name] = r
    return d, byname


class Types:
    def __init__(self, ctx):
        c = ctx
        self.i1 = L.LLVMInt1TypeInContext(c)
        self.i8 = L.LLVMInt8TypeInContext(c)
        self.i16 = L.LLVMInt16TypeInContext(c)
        self.i32 = L.LLVMInt32TypeInContext(c)
        self.i64 = L.LLVMInt64TypeInContext(c)
        self.half = L.LLVMHalfTypeInContext(c)
        self.float = L.LLVMFloatTypeInContext(c)
        self.double = L.LLVMDoubleTypeInContext(c)
        self.ptr = L.LLVMPointerTypeInContext(c, 0)
        v, s = L.LLVMVectorType, L.LLVMScalableVectorType
        vecs = [v(self.i32, 4), v(self.float, 4), s(self.i32, 4), s(self.float, 4),
                v(self.i64, 2), v(self.double, 2), v(self.i16, 8), v(self.i8, 16),
                s(self.i1, 16), s(self.i8, 16), s(self.i16, 8), s(self.i64, 2),
                s(self.double, 2), s(self.half, 8), v(self.i1, 4), v(self.half, 8),
                v(self.ptr, 4), v(self.i32, 8), v(self.i8, 8), v(self.i32, 2),
                v(self.i64, 4), v(self.float, 2), s(self.i1, 4), s(self.i1, 2),
                s(self.i1, 8), v(self.i16, 4), v(self.i64, 1), v(self.float, 8)]
        self.cands = {
            "llvm_anyint_ty": [self.i64, self.i32, v(self.i32, 4), self.i16, self.i8, self.i1,
                               s(self.i32, 4), v(self.i64, 2), v(self.i1, 4), s(self.i1, 16),
                               v(self.i16, 8), v(self.i8, 16)],
            "llvm_anyfloat_ty": [self.double, self.float, v(self.float, 4), self.half,
                                 s(self.float, 4), v(self.double, 2)],
            "llvm_anyptr_ty": [self.ptr, L.LLVMPointerTypeInContext(c, 1),
                               L.LLVMPointerTypeInContext(c, 3)],
            "llvm_anyvector_ty": vecs,
            "llvm_any_ty": [self.i64, self.i32, self.ptr, self.float, self.double,
                            v(self.i32, 4)] + vecs,
        }


def read_attrs(fn):
    """Returns {index: [(kind, int)]} of fn's attributes, index -1 for fn."""
    got = {}
    nparams = L.LLVMCountParamTypes(L.LLVMGlobalGetValueType(fn))
    for idx in [FN_INDEX] + list(range(0, nparams + 1)):
        n = L.LLVMGetAttributeCountAtIndex(fn, idx)
        if not n:
            continue
        arr = (P * n)()
        L.LLVMGetAttributesAtIndex(fn, idx, arr)
        lst = []
        for a in arr:
            if L.LLVMIsStringAttribute(a) or L.LLVMIsTypeAttribute(a):
                sys.exit("gen_intrinsics: unexpected string or type attribute")
            # Enum, int and constant-range attributes all have a kind.
            lst.append((L.LLVMGetEnumAttributeKind(a),
                        L.LLVMGetEnumAttributeValue(a) if L.LLVMIsEnumAttribute(a) else 0))
        got[-1 if idx == FN_INDEX else idx] = lst
    return got


def try_decl(ctx, iid, tys):
    """Declares intrinsic iid with overload types tys in a child process
    (a bad combination may crash libLLVM); returns (attrs, decl) or None."""
    r, w = os.pipe()
    pid = os.fork()
    if pid == 0:
        os.close(r)
        try:
            m = L.LLVMModuleCreateWithNameInContext(b"m", ctx)
            arr = (P * len(tys))(*tys)
            fn = L.LLVMGetIntrinsicDeclaration(m, iid, arr, len(tys))
            res = None
            if fn:
                ft = L.LLVMGlobalGetValueType(fn)
                np = L.LLVMCountParamTypes(ft)
                pts = (P * max(np, 1))()
                L.LLVMGetParamTypes(ft, pts)
                ln = ctypes.c_size_t()
                sig = dict(name=L.LLVMGetValueName2(fn, ctypes.byref(ln)).decode(),
                           ret=L.LLVMPrintTypeToString(L.LLVMGetReturnType(ft)).decode(),
                           params=[L.LLVMPrintTypeToString(pts[i]).decode() for i in range(np)],
                           vararg=bool(L.LLVMIsFunctionVarArg(ft)))
                res = (read_attrs(fn), L.LLVMPrintValueToString(fn).decode(), sig)
            os.write(w, json.dumps(res).encode())
        finally:
            os._exit(0)
    os.close(w)
    data = b""
    while True:
        b = os.read(r, 1 << 16)
        if not b:
            break
        data += b
    os.close(r)
    os.waitpid(pid, 0)
    if not data:
        return None
    res = json.loads(data)
    if res is None:
        return None
    return {int(k): v for k, v in res[0].items()}, res[1], res[2]


def candidates(types, kinds, limit=60):
    """Yields overload type lists: first all-first-choice, then varying one
    position at a time, then pairs."""
    lists = [types.cands.get(k, types.cands["llvm_any_ty"]) for k in kinds]
    base = [l[0] for l in lists]
    yield base
    n = 1
    for i, l in enumerate(lists):
        for t in l[1:]:
            c = list(base)
            c[i] = t
            yield c
            n += 1
    # Same choice index for all positions (vectors of matching shape).
    for j in range(1, max(len(l) for l in lists)):
        yield [l[min(j, len(l) - 1)] for l in lists]
    if len(lists) == 2:
        for a in lists[0]:
            for b in lists[1]:
                if n > limit * 4:
                    return
                n += 1
                yield [a, b]


def ranges_of(d, rec):
    """Range<idx, lo, hi> properties of a record: {attrindex: (lo, hi)}."""
    out = {}
    for p in rec["IntrProperties"]:
        r = d.get(p["def"]) if p.get("kind") == "def" else None
        if r is None or "Range" not in r["!superclasses"]:
            continue
        idx = d[r["ArgNo"]["def"]]["Value"] if isinstance(r.get("ArgNo"), dict) else r["ArgNo"]
        out[idx] = (r["Lower"], r["Upper"])
    return out


def main():
    if sys.argv[1:2] == ["--from-cache"]:
        with open(os.path.join(tempfile.gettempdir(), "gen_intrinsics_entries.json")) as f:
            entries = json.load(f)
        d, byname = tblgen()
        write_go(entries, d, byname)
        return
    d, byname = tblgen()
    ctx = L.LLVMContextCreate()
    types = Types(ctx)
    if L.LLVMGetEnumAttributeKindForName(b"range", 5) != ATTR_RANGE:
        sys.exit("gen_intrinsics: Attribute::Range is not %d" % ATTR_RANGE)
    n = num_intrinsics()
    entries = []
    failed = []
    for iid in range(1, n):
        ln = ctypes.c_size_t()
        name = L.LLVMIntrinsicGetName(iid, ctypes.byref(ln)).decode()
        ov = bool(L.LLVMIntrinsicIsOverloaded(iid))
        rec = byname.get(name)
        if rec is None:
            sys.exit("gen_intrinsics: %s not in Intrinsics.td dump" % name)
        ti = d[rec["TypeInfo"]["def"]]
        kinds = [t["def"] for t in ti["ACTys"]]
        res = None
        if not ov:
            res = try_decl(ctx, iid, [])
        else:
            for tys in candidates(types, kinds):
                r = try_decl(ctx, iid, tys)
                if r and r[0]:
                    res = r
                    break
        attrs, decl, sig = res if res else ({}, None, None)
        if ov and not attrs:
            failed.append(name)
        rng = ranges_of(d, rec)
        sets = {}
        for idx, lst in attrs.items():
            s = []
            for kind, val in lst:
                if kind == ATTR_RANGE:
                    if idx not in rng:
                        sys.exit("gen_intrinsics: %s: range without Range<>" % name)
                    s.append((kind, 0, rng[idx]))
                else:
                    s.append((kind, val, None))
            sets[idx] = sorted(s)
        entries.append(dict(name=name, ov=ov,
                            sets=sets, decl=decl, sig=sig))
        if iid % 1000 == 0:
            print("gen_intrinsics: %d/%d" % (iid, n - 1), file=sys.stderr)
    with open(os.path.join(tempfile.gettempdir(), "gen_intrinsics_entries.json"), "w") as f:
        json.dump(entries, f)
    print("gen_intrinsics: %d intrinsics, %d overloaded without a valid candidate: %s"
          % (len(entries), len(failed), " ".join(failed[:50])), file=sys.stderr)
    write_go(entries, d, byname)


def kind_names():
    """AttrKind number -> Go constant name, from ir/attrkinds.go."""
    import re
    with open(os.path.join(ROOT, "ir/attrkinds.go")) as f:
        return {int(n): c for c, n in re.findall(r"^\t(Attr\w+) AttrKind = (\d+)$", f.read(), re.M)}


def write_go(entries, d, byname):
    knames = kind_names()
    if knames.get(ATTR_RANGE) != "AttrRange":
        sys.exit("gen_intrinsics: ir/attrkinds.go disagrees on AttrRange")
    sets, setidx = [], {}
    combos, comboidx = [], {}
    sigs, sigidx = [], {}

    def set_id(s):
        key = json.dumps(s)
        if key not in setidx:
            setidx[key] = len(sets)
            sets.append(s)
        return setidx[key]

    names, infos = [], []
    for e in sorted(entries, key=lambda e: e["name"]):
        items = sorted((int(k), set_id(v)) for k, v in e["sets"].items())
        key = json.dumps(items)
        if key not in comboidx:
            comboidx[key] = len(combos)
            combos.append(items)
        name = e["name"]
        if not name.startswith("llvm.") or " " in name or "\n" in name:
            sys.exit("gen_intrinsics: odd name %r" % name)
        sig = bytes(d[byname[name]["TypeInfo"]["def"]]["TypeSig"])
        if sig not in sigidx:
            sigidx[sig] = len(sigs)
            sigs.append(sig)
        names.append(name)
        infos.append((comboidx[key], sigidx[sig], e["ov"]))
    if len(combos) >= 1 << 16 or len(sets) >= 1 << 16:
        sys.exit("gen_intrinsics: too many attribute lists")

    out = []
    w = out.append
    w("// Code generated by scripts/gen_intrinsics.py from LLVM 22. DO NOT EDIT.\n\n")
    w("package ir\n\n")
    w("// intrinsicSets are the distinct attribute sets of LLVM 22's intrinsics.\n")
    w("var intrinsicSets = [...][]intrinsicAttr{\n")
    for i, s in enumerate(sets):
        parts = []
        for kind, val, rng in s:
            if rng:
                parts.append("{kind: %s, lo: %d, hi: %d}" % (knames[kind], rng[0], rng[1]))
            elif val:
                parts.append("{kind: %s, val: %d}" % (knames[kind], val))
            else:
                parts.append("{kind: %s}" % knames[kind])
        w("\t%d: {%s},\n" % (i, ", ".join(parts)))
    w("}\n\n")
    w("// intrinsicLists are the distinct attribute lists of LLVM 22's\n")
    w("// intrinsics: pairs of an attribute index (-1 the function, 0 the\n")
    w("// return value, i+1 parameter i) and an index into intrinsicSets.\n")
    w("var intrinsicLists = [...][]intrinsicSlot{\n")
    for i, c in enumerate(combos):
        w("\t%d: {%s},\n" % (i, ", ".join("{%d, %d}" % (a, b) for a, b in c)))
    w("}\n\n")
    write_names(w, names, infos, sigs)
    path = os.path.join(ROOT, "ir/intrinsics_table.go")
    with open(path, "w") as f:
        f.write("".join(out))
    subprocess.run(["gofmt", "-w", path], check=True)
    print("gen_intrinsics: wrote ir/intrinsics_table.go: %d intrinsics, %d attribute lists, %d sets"
          % (len(names), len(combos), len(sets)), file=sys.stderr)


def write_names(w, names, infos, sigs):
    """Write the tables of intrinsic names, infos and signatures: static
    data of the binary, which a lookup reads in place (nothing is decoded
    onto the heap)."""
    if len(sigs) >= 1 << 15 or any(l >= 1 << 16 for l, _, _ in infos):
        sys.exit("gen_intrinsics: too many signatures or attribute lists")

    def numbers(vals, per):
        for i in range(0, len(vals), per):
            w("\t" + " ".join("%d," % v for v in vals[i:i + per]) + "\n")

    w("// intrinsicNameText lists LLVM 22's intrinsics in name order, one a\n")
    w("// line; intrinsicNameStarts[i] is where name i starts, so that it ends\n")
    w("// one byte (its newline) before intrinsicNameStarts[i+1].\n")
    w("const intrinsicNameText = `" + "".join(n + "\n" for n in names) + "`\n\n")
    starts, off = [], 0
    for n in names:
        starts.append(off)
        off += len(n) + 1
    starts.append(off)
    w("var intrinsicNameStarts = [numIntrinsics + 1]uint32{\n")
    numbers(starts, 12)
    w("}\n\n")
    w("// intrinsicInfos holds, for intrinsic i, its index into intrinsicLists\n")
    w("// (the high 16 bits), into intrinsicSigStarts (the next 15) and whether it is\n")
    w("// overloaded (the low bit).\n")
    w("var intrinsicInfos = [numIntrinsics]uint32{\n")
    numbers([l << 16 | s << 1 | (1 if o else 0) for l, s, o in infos], 12)
    w("}\n\n")
    w("// intrinsicSigText holds the distinct signatures of LLVM 22's\n")
    w("// intrinsics one after another: the TypeSig lists of Intrinsics.td (see\n")
    w("// intrinsics_sig.go); signature i is intrinsicSigText[intrinsicSigStarts[i]:\n")
    w("// intrinsicSigStarts[i+1]].\n")
    w("const intrinsicSigText = \"\" +\n")
    for i in range(0, len(sigs), 16):
        chunk = "".join("".join("\\x%02x" % c for c in sig) for sig in sigs[i:i + 16])
        w("\t\"" + chunk + "\"" + (" +\n" if i + 16 < len(sigs) else "\n"))
    w("\n")
    sstarts, off = [], 0
    for sig in sigs:
        sstarts.append(off)
        off += len(sig)
    sstarts.append(off)
    w("var intrinsicSigStarts = [numIntrinsicSigs + 1]uint32{\n")
    numbers(sstarts, 12)
    w("}\n\n")
    w("// numIntrinsicSigs is the number of signatures in intrinsicSigText.\n")
    w("const numIntrinsicSigs = %d\n\n" % len(sigs))
    w("// numIntrinsics is the number of intrinsics in intrinsicNameText.\n")
    w("const numIntrinsics = %d\n" % len(names))


if __name__ == "__main__":
    main()
