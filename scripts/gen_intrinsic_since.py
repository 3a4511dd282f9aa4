#!/usr/bin/env python3
"""Generate llvmir/intrinsics_since_gen.go: for each intrinsic of LLVM 22
that an older LLVM whose reader ir/bcwrite writes (or is to write) for
lacks, the first of those versions that has it (22 when none does); and,
for the intrinsics LLVM renamed without changing them (RENAMED, whose old
names LLVM 22's reader renames back, ir/bitcode's renamedIntrinsics), the
name each older version has instead.

Usage: scripts/gen_intrinsic_since.py

Needs the development headers of llvm-13, llvm-14, llvm-15, llvm-16,
llvm-19 and llvm-22 (apt-get install llvm-N-dev; CI does not run this
script), and gofmt: the intrinsics of version N are the names in the
comments of its IntrinsicEnums.inc and Intrinsics*.h
("// llvm.x86.sse2.pause"), one per intrinsic ID.
"""
import glob
import os
import re
import subprocess
import sys

# bcwrite.Versions, and LLVM 13 and 14, whose readers it is to write for.
VERSIONS = [13, 14, 15, 16, 19, 22]
# LLVM 22's name, then the names it had before (the older first). In the
# headers of the VERSIONS: llvm.flt.rounds in 13-15 (llvm.get.rounding
# from 16); llvm.experimental.stepvector in 13-19;
# llvm.experimental.vector.extract and .insert in 13 and 14 (llvm.vector.*
# from 15); llvm.experimental.vector.reverse in 13-16;
# llvm.experimental.vector.partial.reduce.add in 19 only; the NVPTX
# barriers llvm.nvvm.barrier.n, .barrier, .barrier.sync and
# .barrier.sync.cnt in 13-19 (llvm.nvvm.barrier.cta.* from 21).
RENAMED = [
    ("llvm.get.rounding", ["llvm.flt.rounds"]),
    ("llvm.stepvector", ["llvm.experimental.stepvector"]),
    ("llvm.vector.extract", ["llvm.experimental.vector.extract"]),
    ("llvm.vector.insert", ["llvm.experimental.vector.insert"]),
    ("llvm.vector.reverse", ["llvm.experimental.vector.reverse"]),
    ("llvm.vector.partial.reduce.add", ["llvm.experimental.vector.partial.reduce.add"]),
    # NVPTX's barriers, renamed in LLVM 21 (AutoUpgrade's "nvvm.barrier"
    # rules, which turn barrier0 into .aligned.all(0) too).
    ("llvm.nvvm.barrier.cta.sync.aligned.all", ["llvm.nvvm.barrier.n"]),
    ("llvm.nvvm.barrier.cta.sync.aligned.count", ["llvm.nvvm.barrier"]),
    ("llvm.nvvm.barrier.cta.sync.all", ["llvm.nvvm.barrier.sync"]),
    ("llvm.nvvm.barrier.cta.sync.count", ["llvm.nvvm.barrier.sync.cnt"]),
]
OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "llvmir", "intrinsics_since_gen.go")
FIXED_OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "llvmir", "intrinsics_fixed_gen.go")


def names(v):
    inc = f"/usr/lib/llvm-{v}/include/llvm/IR"
    files = [f"{inc}/IntrinsicEnums.inc"] + glob.glob(f"{inc}/Intrinsics*.h")
    if not os.path.exists(files[0]):
        sys.exit(f"gen_intrinsic_since.py: no {files[0]} (apt-get install llvm-{v}-dev)")
    out = set()
    for f in files:
        with open(f) as fh:
            out.update(re.findall(r"// (llvm\.[A-Za-z0-9_.]+)", fh.read()))
    return out


def libllvm(v):
    """LLVM v's shared library, with the C API calls fixed() uses."""
    import ctypes
    paths = sorted(glob.glob(f"/usr/lib/llvm-{v}/lib/libLLVM-{v}*.so")) + sorted(glob.glob(f"/usr/lib/llvm-{v}/lib/libLLVM.so"))
    if not paths:
        sys.exit(f"gen_intrinsic_since.py: no libLLVM of LLVM {v} (apt-get install llvm-{v}-dev)")
    lib = ctypes.CDLL(paths[0])
    lib.LLVMLookupIntrinsicID.restype = ctypes.c_uint
    lib.LLVMLookupIntrinsicID.argtypes = [ctypes.c_char_p, ctypes.c_size_t]
    lib.LLVMIntrinsicIsOverloaded.restype = ctypes.c_int
    lib.LLVMIntrinsicIsOverloaded.argtypes = [ctypes.c_uint]
    lib.LLVMContextCreate.restype = ctypes.c_void_p
    lib.LLVMIntrinsicGetType.restype = ctypes.c_void_p
    lib.LLVMIntrinsicGetType.argtypes = [ctypes.c_void_p, ctypes.c_uint, ctypes.c_void_p, ctypes.c_size_t]
    lib.LLVMPrintTypeToString.restype = ctypes.c_void_p
    lib.LLVMPrintTypeToString.argtypes = [ctypes.c_void_p]
    lib.LLVMGetReturnType.restype = ctypes.c_void_p
    lib.LLVMGetReturnType.argtypes = [ctypes.c_void_p]
    lib.LLVMCountParamTypes.restype = ctypes.c_uint
    lib.LLVMCountParamTypes.argtypes = [ctypes.c_void_p]
    lib.LLVMGetParamTypes.argtypes = [ctypes.c_void_p, ctypes.c_void_p]
    lib.LLVMIsFunctionVarArg.argtypes = [ctypes.c_void_p]
    return lib


def mangle(text):
    """The overload suffix LLVM 22 mangles a type printed as text with
    (the few kinds the fixed signatures hold), None for another."""
    m = re.fullmatch(r"<(\d+) x (.+)>", text)
    if m:
        inner = mangle(m.group(2))
        return inner and f"v{m.group(1)}{inner}"
    fixed = {"void": "isVoid", "half": "f16", "bfloat": "bf16", "float": "f32", "double": "f64",
             "x86_fp80": "f80", "fp128": "f128", "ppc_fp128": "ppcf128", "metadata": "Metadata", "token": "token"}
    if text in fixed:
        return fixed[text]
    if re.fullmatch(r"i\d+", text):
        return text
    m = re.fullmatch(r"ptr(?: addrspace\((\d+)\))?", text)
    if m:
        return f"p{m.group(1) or 0}"
    m = re.fullmatch(r"(.+?)(?: addrspace\((\d+)\))?\*", text)
    if m:  # a typed pointer: LLVM 14's suffix, pointee mangled
        inner = mangle(m.group(1))
        return inner and f"p{m.group(2) or 0}{inner}"
    return None


def fixed(sets):
    """For each intrinsic LLVM 22 overloads that an older version has
    without overloads: per version, its signature there as the suffixes
    of its result and parameters."""
    import ctypes
    l22 = libllvm(22)
    over22 = {n for n in sets[22]
              if (i := l22.LLVMLookupIntrinsicID(n.encode(), len(n))) and l22.LLVMIntrinsicIsOverloaded(i)}
    out = {}
    for v in VERSIONS[:-1]:
        lib = libllvm(v)
        ctx = lib.LLVMContextCreate()
        for n in sorted(over22 & sets[v]):
            i = lib.LLVMLookupIntrinsicID(n.encode(), len(n))
            if not i or lib.LLVMIntrinsicIsOverloaded(i):
                continue
            ft = lib.LLVMIntrinsicGetType(ctx, i, None, 0)
            if lib.LLVMIsFunctionVarArg(ft):
                continue
            np = lib.LLVMCountParamTypes(ft)
            params = (ctypes.c_void_p * max(np, 1))()
            lib.LLVMGetParamTypes(ft, params)
            types = [lib.LLVMGetReturnType(ft)] + [params[k] for k in range(np)]
            sig = [mangle(ctypes.string_at(lib.LLVMPrintTypeToString(t)).decode()) for t in types]
            if None in sig:
                sys.exit(f"gen_intrinsic_since.py: {n} of LLVM {v}: a type not mangled here")
            out.setdefault(n, {})[v] = sig
    return out


def listed(vs):
    """ "13, 14 and 15" """
    vs = [str(v) for v in vs]
    return vs[0] if len(vs) == 1 else ", ".join(vs[:-1]) + " and " + vs[-1]


def main():
    sets = {v: names(v) for v in VERSIONS}
    since = {}
    for n in sorted(sets[22]):
        if n in sets[VERSIONS[0]]:
            continue
        since[n] = next(v for v in VERSIONS if n in sets[v])
        # The first version that has it must keep it: a later one that
        # lacks it again would read its calls as calls of an unknown
        # function.
        later = [v for v in VERSIONS if v > since[n] and n not in sets[v]]
        if later:
            sys.exit(f"gen_intrinsic_since.py: {n} is in LLVM {since[n]} but not in LLVM {later[0]}")
    # Those an older version came to have and LLVM 22 no longer has
    # (renamed or removed; its reader upgrades them): a release before
    # lacks them all the same (llvm.vector.splice, LLVM 19's, which 22
    # splits into .left and .right; LLVM 16 has llvm.experimental.vector.splice).
    for v in VERSIONS[1:-1]:
        for n in sorted(sets[v]):
            if n not in sets[22] and n not in since and not any(n in sets[u] for u in VERSIONS if u < v):
                since[n] = v
    # Names of an older version (not overloaded: their types in the name)
    # that begin with a newer intrinsic's name and a dot: LLVM looks a
    # function's name up by the longest intrinsic name that begins it, so
    # llvm.riscv.masked.atomicrmw.add.i32 (LLVM 13) is not LLVM 22's
    # overloaded llvm.riscv.masked.atomicrmw.add.
    everyname = set().union(*(sets[v] for v in VERSIONS))
    shadow = {}
    for n in sorted(everyname):
        parts = n.split(".")
        for i in range(len(parts) - 1, 1, -1):
            p = ".".join(parts[:i])
            if p in since:
                first = next(v for v in VERSIONS if n in sets[v])
                if first < since[p]:
                    shadow[n] = first
                break
    with open(OUT, "w") as out:
        out.write(f"// Code generated by scripts/gen_intrinsic_since.py from the intrinsics of LLVM {listed(VERSIONS)}. DO NOT EDIT.\n\n")
        out.write("package llvmir\n\n")
        out.write("// intrinsicsShadowing are the intrinsics of an older LLVM whose names\n")
        out.write("// begin with that of an intrinsic of intrinsicsSince of a later one and\n")
        out.write("// a dot, by the first of those versions that has them.\n")
        out.write("var intrinsicsShadowing = map[string]int{\n")
        for n in sorted(shadow):
            out.write(f'\t"{n}": {shadow[n]},\n')
        out.write("}\n\n")
        out.write(f"// intrinsicsSince are the intrinsics of LLVM 22 that LLVM {VERSIONS[0]} lacks, by\n")
        out.write(f"// the first of LLVM {listed(VERSIONS[1:])} that has them, sorted (names\n")
        out.write("// without the suffixes that mangle overloaded types); and those of a\n")
        out.write("// release between that LLVM 22 has no more (renamed or removed: its\n")
        out.write("// reader upgrades them).\n")
        out.write("var intrinsicsSince = map[int][]string{\n")
        for v in VERSIONS[1:]:
            out.write(f"\t{v}: {{\n")
            for n in sorted(k for k, x in since.items() if x == v):
                out.write(f'\t\t"{n}",\n')
            out.write("\t},\n")
        out.write("}\n\n")
        out.write("// intrinsicOlderNames are, for intrinsics LLVM renamed, the name each\n")
        out.write("// older version whose reader lacks LLVM 22's name has for it.\n")
        out.write("var intrinsicOlderNames = map[string]map[int]string{\n")
        for new, olds in RENAMED:
            byv = {}
            for v in VERSIONS[:-1]:
                if new in sets[v]:
                    continue
                for o in olds:
                    if o in sets[v]:
                        byv[v] = o
            if byv:
                out.write(f'\t"{new}": {{' + ", ".join(f'{v}: "{o}"' for v, o in sorted(byv.items())) + "},\n")
        out.write("}\n")
    fix = fixed(sets)
    with open(FIXED_OUT, "w") as out:
        out.write(f"// Code generated by scripts/gen_intrinsic_since.py from the intrinsics of LLVM {listed(VERSIONS)}. DO NOT EDIT.\n\n")
        out.write("package llvmir\n\n")
        out.write("// intrinsicsFixed are the intrinsics LLVM 22 overloads that an older\n")
        out.write("// version has without overloads (llvm.va_start before LLVM 18, the\n")
        out.write("// AMDGPU lane operations before 19, ...): by version, the signature\n")
        out.write("// there, as the overload suffixes of its result and parameters. That\n")
        out.write("// version knows the intrinsic by its name alone, of that signature.\n")
        out.write("var intrinsicsFixed = map[string]map[int][]string{\n")
        for n in sorted(fix):
            out.write(f'\t"{n}": {{\n')
            for v, sig in sorted(fix[n].items()):
                out.write(f"\t\t{v}: {{" + ", ".join(f'"{t}"' for t in sig) + "},\n")
            out.write("\t},\n")
        out.write("}\n")
    # The map literals' alignment is gofmt's.
    subprocess.run(["gofmt", "-w", OUT, FIXED_OUT], check=True)
    print(f"{len(since)} intrinsics, {len(fix)} without overloads in an older version")


main()
