#!/usr/bin/env python3
"""Find what llvm-dis-22 does with the intrinsics of an older LLVM.

Usage: scripts/probe_upgrades.py VERSION... [--out DIR]
       scripts/probe_upgrades.py --reclassify DIR VERSION...
       scripts/probe_upgrades.py --variants VERSION... [--out DIR]

For each VERSION (13, 14, 15, 16, 19: the installed libLLVM-VERSION), the
script declares every intrinsic of that LLVM through its own C API (one valid
signature each: overloaded ones get candidate types until the module
verifies), calls it from a function of its own with a tail marker, a
call-site attribute and a metadata attachment, writes the module with that
LLVM's bitcode writer, reads it back with llvm-dis-22 and sorts each
intrinsic by what LLVM 22 made of its declaration and call:

  kept     the call and the declaration's name and type are as written;
  renamed  the call is as written (same operands; typed pointers read as
           ptr) but calls a declaration of another name (typed-pointer
           remangling, or a plain rename);
  changed  anything else: the call was rebuilt (losing the tail marker,
           attributes or metadata), expanded into other instructions,
           retyped or deleted.

It writes DIR/probe-VERSION.json (default $TMPDIR): a list of
{name, decl, call, class, body, newdecls} with the declaration and call as
the old LLVM built them (printed by it) and what llvm-dis-22 printed.
scripts/gen_upgrades.py turns those files into ir/bitcode/upgrade_table.go.
A signature the old LLVM cannot verify with any candidate is listed with
class "unprobed".

--variants probes each overloaded intrinsic with every candidate signature
that verifies (16 at most) and lists those LLVM 22 keeps with some
signatures and changes with others (an upgrade that depends on the
types, such as SVE's tuple intrinsics of scalable vectors), which the
one-signature probe sorts by its first signature alone. With
BCEXTRACT=PATH in the environment, it also checks `bcextract dis` of each
intrinsic's module against llvm-dis-22: the same, or reported (exit 1),
never printed otherwise.
"""
import ctypes
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

P = ctypes.c_void_p
LIBS = {
    "13": "/usr/lib/llvm-13/lib/libLLVM-13.0.1.so",
    "14": "/usr/lib/llvm-14/lib/libLLVM-14.0.6.so",
    "15": "/usr/lib/llvm-15/lib/libLLVM-15.0.6.so",
    "16": "/usr/lib/llvm-16/lib/libLLVM-16.0.6.so",
    "19": "/usr/lib/llvm-19/lib/libLLVM-19.so",
}


def load(ver):
    L = ctypes.CDLL(LIBS[ver])
    u, i, sz = ctypes.c_uint, ctypes.c_int, ctypes.c_size_t
    cs = ctypes.c_char_p
    for fn, res, args in [
        ("LLVMContextCreate", P, []),
        ("LLVMModuleCreateWithNameInContext", P, [cs, P]),
        ("LLVMDisposeModule", None, [P]),
        ("LLVMIntrinsicGetName", cs, [u, ctypes.POINTER(sz)]),
        ("LLVMIntrinsicIsOverloaded", i, [u]),
        ("LLVMGetIntrinsicDeclaration", P, [P, u, ctypes.POINTER(P), sz]),
        ("LLVMPrintValueToString", ctypes.POINTER(ctypes.c_char), [P]),
        ("LLVMPrintTypeToString", ctypes.POINTER(ctypes.c_char), [P]),
        ("LLVMDisposeMessage", None, [ctypes.POINTER(ctypes.c_char)]),
        ("LLVMGlobalGetValueType", P, [P]),
        ("LLVMCountParamTypes", u, [P]),
        ("LLVMGetParamTypes", None, [P, ctypes.POINTER(P)]),
        ("LLVMGetReturnType", P, [P]),
        ("LLVMGetTypeKind", i, [P]),
        ("LLVMGetIntTypeWidth", u, [P]),
        ("LLVMIsFunctionVarArg", i, [P]),
        ("LLVMInt1TypeInContext", P, [P]),
        ("LLVMInt8TypeInContext", P, [P]),
        ("LLVMInt16TypeInContext", P, [P]),
        ("LLVMInt32TypeInContext", P, [P]),
        ("LLVMInt64TypeInContext", P, [P]),
        ("LLVMHalfTypeInContext", P, [P]),
        ("LLVMFloatTypeInContext", P, [P]),
        ("LLVMDoubleTypeInContext", P, [P]),
        ("LLVMVoidTypeInContext", P, [P]),
        ("LLVMPointerType", P, [P, u]),
        ("LLVMVectorType", P, [P, u]),
        ("LLVMScalableVectorType", P, [P, u]),
        ("LLVMFunctionType", P, [P, ctypes.POINTER(P), u, i]),
        ("LLVMAddFunction", P, [P, cs, P]),
        ("LLVMAppendBasicBlockInContext", P, [P, P, cs]),
        ("LLVMCreateBuilderInContext", P, [P]),
        ("LLVMPositionBuilderAtEnd", None, [P, P]),
        ("LLVMBuildCall2", P, [P, P, P, ctypes.POINTER(P), u, cs]),
        ("LLVMBuildRetVoid", P, [P]),
        ("LLVMSetTailCall", None, [P, i]),
        ("LLVMConstNull", P, [P]),
        ("LLVMConstInt", P, [P, ctypes.c_ulonglong, i]),
        ("LLVMMDStringInContext2", P, [P, cs, sz]),
        ("LLVMMDNodeInContext2", P, [P, ctypes.POINTER(P), sz]),
        ("LLVMMetadataAsValue", P, [P, P]),
        ("LLVMGetMDKindIDInContext", u, [P, cs, u]),
        ("LLVMSetMetadata", None, [P, u, P]),
        ("LLVMGetEnumAttributeKindForName", u, [cs, sz]),
        ("LLVMCreateEnumAttribute", P, [P, u, ctypes.c_uint64]),
        ("LLVMAddCallSiteAttribute", None, [P, u, P]),
        ("LLVMVerifyModule", i, [P, i, ctypes.POINTER(ctypes.POINTER(ctypes.c_char))]),
        ("LLVMWriteBitcodeToFile", i, [P, cs]),
        ("LLVMDeleteFunction", None, [P]),
        ("LLVMGetValueName2", cs, [P, ctypes.POINTER(sz)]),
    ]:
        f = getattr(L, fn)
        f.restype = res
        f.argtypes = args
    return L


def text(L, ptr):
    s = ctypes.cast(ptr, ctypes.c_char_p).value.decode(errors="replace")
    L.LLVMDisposeMessage(ptr)
    return s


def num_intrinsics(ver):
    path = "/usr/lib/llvm-%s/include/llvm/IR/IntrinsicEnums.inc" % ver
    with open(path) as f:
        for line in f:
            if "num_intrinsics = " in line:
                return int(line.split("=")[1].strip().rstrip(","))
    sys.exit("probe_upgrades: no num_intrinsics for %s" % ver)


def tblgen(ver):
    inc = "/usr/lib/llvm-%s/include" % ver
    out = os.path.join(tempfile.gettempdir(), "probe_td%s.json" % ver)
    if not os.path.exists(out):
        subprocess.run(["llvm-tblgen-%s" % ver, "-dump-json", "-I", inc,
                        os.path.join(inc, "llvm/IR/Intrinsics.td"), "-o", out], check=True)
    with open(out) as f:
        d = json.load(f)
    byname = {}
    for rec in d["!instanceof"]["Intrinsic"]:
        r = d[rec]
        name = r["LLVMName"] or "llvm." + rec[len("int_"):].replace("_", ".")
        byname[name] = r
    return d, byname


def overload_kinds(d, rec):
    """The overloaded types of an intrinsic record in order: (VT, pointee
    match number or None)."""
    if "TypeInfo" in rec:
        tys = d[rec["TypeInfo"]["def"]]["AllTypes"] if "AllTypes" in d[rec["TypeInfo"]["def"]] else []
    else:
        tys = rec["RetTypes"] + rec["ParamTypes"]
    kinds = []
    for t in tys:
        r = d[t["def"]]
        if not r.get("isAny"):
            continue
        vt = r["VT"]["def"] if isinstance(r.get("VT"), dict) else "Any"
        match = None
        el = r.get("ElTy")
        if isinstance(el, dict) and "LLVMMatchType" in d[el["def"]]["!superclasses"]:
            match = d[el["def"]]["Number"]
        kinds.append((vt, match))
    return kinds


class Types:
    def __init__(self, L, ctx):
        self.L = L
        i1, i8, i16, i32, i64 = (L.LLVMInt1TypeInContext(ctx), L.LLVMInt8TypeInContext(ctx),
                                 L.LLVMInt16TypeInContext(ctx), L.LLVMInt32TypeInContext(ctx),
                                 L.LLVMInt64TypeInContext(ctx))
        half, f32, f64 = (L.LLVMHalfTypeInContext(ctx), L.LLVMFloatTypeInContext(ctx),
                          L.LLVMDoubleTypeInContext(ctx))
        v, s, p = L.LLVMVectorType, L.LLVMScalableVectorType, L.LLVMPointerType
        self.i8 = i8
        vecs = [v(i32, 4), v(f32, 4), v(i64, 2), v(f64, 2), v(i16, 8), v(i8, 16),
                s(i32, 4), s(f32, 4), s(i1, 16), s(i8, 16), s(i16, 8), s(i64, 2),
                s(f64, 2), s(half, 8), v(i1, 4), v(half, 8), v(i32, 8), v(i8, 8),
                v(i32, 2), v(i64, 4), v(f32, 2), s(i1, 4), s(i1, 2), s(i1, 8),
                v(i16, 4), v(i64, 1), v(f32, 8), v(p(i8, 0), 4), v(i1, 8), v(i1, 16)]
        ptrs = [p(i8, 0), p(i8, 1), p(i8, 3), p(i32, 0), p(i32, 1), p(i8, 5), p(f32, 0)]
        self.cands = {
            "iAny": [i32, i64, v(i32, 4), i16, i8, i1, s(i32, 4), v(i64, 2), v(i1, 4),
                     s(i1, 16), v(i16, 8), v(i8, 16), s(i8, 16), s(i64, 2), s(i16, 8)],
            "fAny": [f32, f64, v(f32, 4), half, s(f32, 4), v(f64, 2), s(f64, 2), s(half, 8)],
            "iPTRAny": ptrs,
            "vAny": vecs,
            "Any": [i32, i64, p(i8, 0), f32, f64] + vecs,
        }
        self.pointer = p

    def lists(self, kinds):
        return [self.cands.get(vt, self.cands["Any"]) for vt, _ in kinds]


def candidates(types, kinds, limit=400):
    """Overload type lists to try: the first choices, then one position
    varied at a time, then all positions at the same index, then pairs.
    A pointer whose pointee is another overloaded type points to it."""
    lists = types.lists(kinds)
    if not lists:
        yield []
        return
    seen = set()

    def fix(c):
        c = list(c)
        for i, (vt, match) in enumerate(kinds):
            if vt == "iPTRAny" and match is not None and match < len(c):
                c[i] = types.pointer(c[match], 0)
        return c

    def emit(c):
        c = fix(c)
        key = tuple(c)
        if key in seen:
            return None
        seen.add(key)
        return c

    base = [l[0] for l in lists]
    n = 0
    for c in [base] + [base[:i] + [t] + base[i + 1:] for i, l in enumerate(lists) for t in l[1:]] + \
            [[l[min(j, len(l) - 1)] for l in lists] for j in range(1, max(len(l) for l in lists))]:
        c = emit(c)
        if c is not None:
            n += 1
            yield c
    if len(lists) >= 2:
        for a in lists[0]:
            for b in lists[1]:
                for j in range(len(lists[2:]) and max(len(l) for l in lists[2:]) or 1):
                    rest = [l[min(j, len(l) - 1)] for l in lists[2:]]
                    c = emit([a, b] + rest)
                    if c is None:
                        continue
                    n += 1
                    if n > limit:
                        return
                    yield c


KIND_VOID, KIND_INT, KIND_META, KIND_TOKEN = 0, 8, 14, 16  # LLVMTypeKind values 13..19


def build_call(L, ctx, m, decl, idx, mdkind, nounwind, ival):
    """Adds define void @tIDX() calling decl with constant arguments; the
    call has a tail marker, a nounwind attribute and !probe metadata."""
    ft = L.LLVMGlobalGetValueType(decl)
    n = L.LLVMCountParamTypes(ft)
    pts = (P * max(n, 1))()
    L.LLVMGetParamTypes(ft, pts)
    args = (P * max(n, 1))()
    for i in range(n):
        t = pts[i]
        k = L.LLVMGetTypeKind(t)
        if k == KIND_INT:
            args[i] = L.LLVMConstInt(t, ival, 0)
        elif k == KIND_META:
            s = L.LLVMMDStringInContext2(ctx, b"x", 1)
            args[i] = L.LLVMMetadataAsValue(ctx, s)
        else:
            args[i] = L.LLVMConstNull(t)
    void = L.LLVMVoidTypeInContext(ctx)
    f = L.LLVMAddFunction(m, b"t%d" % idx, L.LLVMFunctionType(void, None, 0, 0))
    bb = L.LLVMAppendBasicBlockInContext(ctx, f, b"")
    b = L.LLVMCreateBuilderInContext(ctx)
    L.LLVMPositionBuilderAtEnd(b, bb)
    ret = L.LLVMGetReturnType(ft)
    name = b"" if L.LLVMGetTypeKind(ret) == KIND_VOID else b"r"
    call = L.LLVMBuildCall2(b, ft, decl, args, n, name)
    L.LLVMSetTailCall(call, 1)
    L.LLVMAddCallSiteAttribute(call, 0xFFFFFFFF, L.LLVMCreateEnumAttribute(ctx, nounwind, 0))
    one = L.LLVMMDStringInContext2(ctx, b"p", 1)
    L.LLVMSetMetadata(call, mdkind, L.LLVMMetadataAsValue(ctx, L.LLVMMDNodeInContext2(ctx, (P * 1)(one), 1)))
    L.LLVMBuildRetVoid(b)
    return f


def first_valid(L, ctx, iid, tyl, mdkind, nounwind):
    """The first candidate (index, ival) whose module verifies, or None."""
    for ci, tys in enumerate(tyl):
        for ival in (1, 0):
            m = L.LLVMModuleCreateWithNameInContext(b"m", ctx)
            arr = (P * max(len(tys), 1))(*tys)
            decl = L.LLVMGetIntrinsicDeclaration(m, iid, arr, len(tys))
            if not decl:
                L.LLVMDisposeModule(m)
                break
            f = build_call(L, ctx, m, decl, 0, mdkind, nounwind, ival)
            ok = L.LLVMVerifyModule(m, 2, None) == 0
            if ok:
                ln = ctypes.c_size_t()
                res = (ci, ival, text(L, L.LLVMPrintValueToString(decl)).strip(),
                       text(L, L.LLVMPrintValueToString(f)).strip(),
                       L.LLVMGetValueName2(decl, ctypes.byref(ln)).decode())
            L.LLVMDisposeModule(m)
            if ok:
                return res
    return None


def all_valid(L, ctx, iid, tyl, mdkind, nounwind, limit, tries=120):
    """Every candidate (index, ival, decl, call, declname) among the first
    tries whose module verifies, at most limit of them."""
    out = []
    for ci in range(min(len(tyl), tries)):
        got = first_valid(L, ctx, iid, tyl[ci:ci + 1], mdkind, nounwind)
        if got is not None:
            out.append((ci,) + tuple(got[1:]))
            if len(out) >= limit:
                break
    return out


def try_all(L, ctx, jobs, limit=0):
    """Runs first_valid on jobs [(iid, tyl)] in child processes, a child
    going on until it dies (a bad combination may crash libLLVM); returns
    {iid: result}."""
    mdkind = L.LLVMGetMDKindIDInContext(ctx, b"probe", 5)
    nounwind = L.LLVMGetEnumAttributeKindForName(b"nounwind", 8)
    res = {}
    i = 0
    while i < len(jobs):
        r, w = os.pipe()
        pid = os.fork()
        if pid == 0:
            os.close(r)
            for iid, tyl in jobs[i:]:
                if limit:
                    got = all_valid(L, ctx, iid, tyl, mdkind, nounwind, limit)
                else:
                    got = first_valid(L, ctx, iid, tyl, mdkind, nounwind)
                os.write(w, (json.dumps([iid, got]) + "\n").encode())
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
        for line in data.decode().split("\n"):
            if line:
                iid, got = json.loads(line)
                res[iid] = got
                i += 1
        if i < len(jobs):
            print("probe: child died at %d" % jobs[i][0], file=sys.stderr)
            res[jobs[i][0]] = None
            i += 1
    return res


def setup(ver):
    """LLVM ver's library, its intrinsic records, a context, candidate
    types, and the metadata kind and attribute the probe calls carry."""
    L = load(ver)
    d, byname = tblgen(ver)
    ctx = L.LLVMContextCreate()
    return (L, d, byname, ctx, Types(L, ctx), L.LLVMGetMDKindIDInContext(ctx, b"probe", 5),
            L.LLVMGetEnumAttributeKindForName(b"nounwind", 8))


def probe(ver, outdir):
    L, d, byname, ctx, types, mdkind, nounwind = setup(ver)
    m = L.LLVMModuleCreateWithNameInContext(b"probe", ctx)
    entries = []
    n = num_intrinsics(ver)
    jobs, info = [], {}
    for iid in range(1, n):
        ln = ctypes.c_size_t()
        name = L.LLVMIntrinsicGetName(iid, ctypes.byref(ln)).decode()
        ov = bool(L.LLVMIntrinsicIsOverloaded(iid))
        rec = byname.get(name)
        kinds = overload_kinds(d, rec) if (ov and rec) else []
        tyl = list(candidates(types, kinds)) if ov else [[]]
        jobs.append((iid, tyl))
        info[iid] = name
    found = try_all(L, ctx, jobs)
    for iid, tyl in jobs:
        e = dict(name=info[iid], id=iid)
        got = found.get(iid)
        if got is None:
            e["class"] = "unprobed"
            entries.append(e)
            continue
        ci, ival, e["decl"], e["call"], e["declname"] = got
        tys = tyl[ci]
        arr = (P * max(len(tys), 1))(*tys)
        decl = L.LLVMGetIntrinsicDeclaration(m, iid, arr, len(tys))
        build_call(L, ctx, m, decl, iid, mdkind, nounwind, ival)
        entries.append(e)
    if L.LLVMVerifyModule(m, 2, None) != 0:
        print("probe %s: the whole module does not verify" % ver, file=sys.stderr)
    bc = os.path.join(outdir, "probe-%s.bc" % ver)
    L.LLVMWriteBitcodeToFile(m, bc.encode())
    classify(ver, entries, bc)
    with open(os.path.join(outdir, "probe-%s.json" % ver), "w") as f:
        json.dump(entries, f, indent=0)
    counts = {}
    for e in entries:
        counts[e["class"]] = counts.get(e["class"], 0) + 1
    print("probe %s: %s" % (ver, counts), file=sys.stderr)


def probe_variants(ver, outdir, limit=16):
    """Declares and calls each overloaded intrinsic of LLVM ver with every
    candidate signature that verifies (at most limit), and sorts each call
    as probe does: an intrinsic some of whose signatures LLVM 22 keeps and
    others it changes is upgraded by type, which a probe of one signature
    misses. Writes DIR/probe-variants-VERSION.json and prints those."""
    L, d, byname, ctx, types, mdkind, nounwind = setup(ver)
    jobs, info = [], {}
    for iid in range(1, num_intrinsics(ver)):
        if not L.LLVMIntrinsicIsOverloaded(iid):
            continue
        ln = ctypes.c_size_t()
        name = L.LLVMIntrinsicGetName(iid, ctypes.byref(ln)).decode()
        rec = byname.get(name)
        if not rec:
            continue
        jobs.append((iid, list(candidates(types, overload_kinds(d, rec)))))
        info[iid] = name
    found = try_all(L, ctx, jobs, limit)
    # A module of its own for each intrinsic: llvm-dis-22 crashes on some
    # (the upgrade of an x86 intrinsic given scalable vectors).
    entries, crashed = [], []
    bcx = os.environ.get("BCEXTRACT")
    dis_counts = {"same": 0, "reported": 0, "DIFFERENT": 0}
    reported = []
    bc = os.path.join(outdir, "probe-variants-%s.bc" % ver)
    for iid, tyl in jobs:
        m = L.LLVMModuleCreateWithNameInContext(b"probe", ctx)
        mine = []
        for k, got in enumerate(found.get(iid) or []):
            e = dict(name=info[iid], id=iid * 100 + k)
            ci, ival, e["decl"], e["call"], e["declname"] = got
            if any(int(w) == 0 or int(w) >= 1 << 23 for w in re.findall(r"\bi(\d+)\b", e["decl"])):
                continue  # i0, or wider than LLVM 22's integers (2^23 - 1 bits)
            tys = tyl[ci]
            arr = (P * max(len(tys), 1))(*tys)
            decl = L.LLVMGetIntrinsicDeclaration(m, iid, arr, len(tys))
            build_call(L, ctx, m, decl, e["id"], mdkind, nounwind, ival)
            mine.append(e)
        if mine:
            L.LLVMWriteBitcodeToFile(m, bc.encode())
            if classify(ver, mine, bc, fail=False):
                entries += mine
                if bcx:
                    # bcextract dis of the module: as llvm-dis-22 prints
                    # it, or reported (exit 1).
                    ref = subprocess.run(["llvm-dis-22", bc, "-o", "-"], capture_output=True, text=True).stdout
                    ours = subprocess.run([bcx, "dis", bc, "-o", "-"], capture_output=True, text=True)
                    if ours.returncode != 0:
                        dis_counts["reported"] += 1
                        reported.append("%s: %s" % (info[iid], (ours.stderr.split("\n") or [""])[0]))
                    elif ours.stdout == ref:
                        dis_counts["same"] += 1
                    else:
                        dis_counts["DIFFERENT"] += 1
                        keep = os.path.join(outdir, "different-%s-%s.bc" % (ver, info[iid]))
                        shutil.copyfile(bc, keep)
                        print("%s: bcextract dis prints it otherwise than llvm-dis-22 (%s)" % (info[iid], keep))
            else:
                crashed.append(info[iid])
        L.LLVMDisposeModule(m)
    for name in crashed:
        print("%s crashed llvm-dis-22" % name)
    with open(os.path.join(outdir, "probe-variants-%s.json" % ver), "w") as f:
        json.dump(entries, f, indent=0)
    byint = {}
    for e in entries:
        byint.setdefault(e["name"], []).append(e)
    mixed = 0
    for name, es in sorted(byint.items()):
        classes = {e["class"] for e in es}
        if "kept" in classes and len(classes) > 1:
            mixed += 1
            for e in es:
                print("%s %s: %s" % (name, e["class"], e["decl"]))
    print("probe-variants %s: %d intrinsics, %d calls, %d kept for some signatures only" %
          (ver, len(byint), len(entries), mixed), file=sys.stderr)
    if bcx:
        print("probe-variants %s: bcextract dis of each intrinsic's module: %s" % (ver, dis_counts), file=sys.stderr)
        with open(os.path.join(outdir, "reported-%s.txt" % ver), "w") as f:
            f.write("".join(line + "\n" for line in reported))


CALL = re.compile(r'^  (?:(%r) = )?tail call (.*) @("?[^(" ]+"?)\((.*)\) #\d+, !probe !\d+$')


def split_args(text):
    """Splits an argument list at the commas outside brackets."""
    out, depth, cur = [], 0, ""
    for ch in text:
        if ch in "<({[":
            depth += 1
        elif ch in ">)}]":
            depth -= 1
        if ch == "," and depth == 0:
            out.append(cur.strip())
            cur = ""
        else:
            cur += ch
    if cur.strip():
        out.append(cur.strip())
    return out


def ptr_type(t):
    """LLVM 22's spelling of a typed pointer type (and of vectors of
    them): i8 addrspace(1)* is ptr addrspace(1)."""
    m = re.match(r"^<(\d+) x (.*)>$", t)
    if m:
        return "<%s x %s>" % (m.group(1), ptr_type(m.group(2)))
    if not t.endswith("*"):
        return t
    m = re.search(r" addrspace\((\d+)\)\*$", t)
    return "ptr addrspace(%s)" % m.group(1) if m else "ptr"


def same_args(old_call, new_args):
    """Whether the arguments of the new call are those of the old one:
    the same values, the same types (typed pointers read as ptr), no
    attribute added."""
    m = re.search(r'@"?[^(" ]+"?\((.*)\) #\d+, !probe', old_call)
    if not m:
        return False
    olds, news = split_args(m.group(1)), split_args(new_args)
    if len(olds) != len(news):
        return False
    for o, n in zip(olds, news):
        ov, nv = o.rsplit(" ", 1), n.rsplit(" ", 1)
        if len(ov) != 2 or len(nv) != 2 or ov[1] != nv[1]:
            return False
        if ptr_type(ov[0]) != nv[0] and ov[0] != nv[0]:
            return False
    return True


def classify(ver, entries, bc, fail=True):
    out = subprocess.run(["llvm-dis-22", bc, "-o", "-"], capture_output=True, text=True)
    if out.returncode != 0:
        if not fail:
            return False
        sys.exit("probe %s: llvm-dis-22 failed: %s" % (ver, out.stderr[:500]))
    bodies, decls = {}, {}
    cur = None
    for line in out.stdout.split("\n"):
        m = re.match(r"^define void @t(\d+)\(\) \{", line)
        if m:
            cur = int(m.group(1))
            bodies[cur] = []
            continue
        if line == "}":
            cur = None
            continue
        if cur is not None:
            if line and line != "  ret void":
                bodies[cur].append(line)
            continue
        m = re.match(r"^declare .*? @(\"?[^(\" ]+\"?)\(", line)
        if m:
            decls[m.group(1).strip('"')] = re.sub(r" #\d+$", "", line)
    for e in entries:
        if e.get("class") == "unprobed":
            continue
        body = bodies.get(e["id"])
        e["body"] = body
        if body is None:
            e["class"] = "changed"
            continue
        m = CALL.match(body[0]) if len(body) == 1 else None
        callee = m.group(3).strip('"') if m else None
        e["newdecl"] = decls.get(callee) if callee else None
        if m and not same_args(e["call"], m.group(4)):
            e["class"] = "changed"
        elif m and callee == e["declname"]:
            e["class"] = "kept"
        elif m:
            e["class"] = "renamed"
        else:
            e["class"] = "changed"
    return True


def main():
    args = sys.argv[1:]
    outdir = tempfile.gettempdir()
    if args[:1] == ["--reclassify"]:
        # Sorts the entries of DIR/probe-VERSION.json again from
        # DIR/probe-VERSION.bc, without probing.
        outdir = args[1]
        for ver in args[2:]:
            p = os.path.join(outdir, "probe-%s.json" % ver)
            with open(p) as f:
                entries = json.load(f)
            classify(ver, entries, os.path.join(outdir, "probe-%s.bc" % ver))
            with open(p, "w") as f:
                json.dump(entries, f, indent=0)
        return
    if "--out" in args:
        i = args.index("--out")
        outdir = args[i + 1]
        del args[i:i + 2]
    if args[:1] == ["--variants"]:
        for ver in args[1:]:
            probe_variants(ver, outdir)
        return
    for ver in args:
        probe(ver, outdir)


if __name__ == "__main__":
    main()
