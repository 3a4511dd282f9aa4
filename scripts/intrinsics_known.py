#!/usr/bin/env python3
"""Print the intrinsics LLVM N reads otherwise than the other LLVMs.

Usage: intrinsics_known.py N < LIST

LIST holds lines "FILE NAME", NAME the name of a function FILE declares
(llvm.va_start.p0, ...). NAME is printed, "FILE NAME", when LLVM N takes
it for no intrinsic while a later LLVM installed (of 13, 14, 15, 16, 19,
22) takes it for one (through the C API's LLVMLookupIntrinsicID; one only
an earlier LLVM takes for one is N's reader's to upgrade): LLVM N would
read a call of it as one of an external function of that name (llc-16
emits "callq llvm.va_start.p0@PLT" for a varargs function convert --llvm
16 wrote with LLVM 22's name before the names of intrinsicsFixed were
given). So is one N takes for an intrinsic whose name (LLVMIntrinsicGetName)
begins that of the one a later LLVM takes it for, and a dot: N took it for
another intrinsic (LLVM 16 takes llvm.amdgcn.global.atomic.fmax.num.f32.p1.f32
of LLVM 19 for its llvm.amdgcn.global.atomic.fmax). Exit status 0; 2 when
the libLLVM of N or 22 cannot be loaded (apt-get install llvm-N).
"""
import ctypes
import glob
import sys


def lib(v):
    # The llvm-N-dev links, else the libllvmN package's library itself
    # (libLLVM-16.so.1; LLVM 22's libLLVM.so.22.1), which llvm-N needs.
    paths = (sorted(glob.glob(f"/usr/lib/llvm-{v}/lib/libLLVM-{v}*.so*")) + sorted(glob.glob(f"/usr/lib/llvm-{v}/lib/libLLVM.so*")) +
             sorted(glob.glob(f"/usr/lib/*/libLLVM-{v}.so*")) + sorted(glob.glob(f"/usr/lib/*/libLLVM.so.{v}*")))
    if not paths:
        sys.exit(2)
    l = ctypes.CDLL(paths[0])
    l.LLVMLookupIntrinsicID.restype = ctypes.c_uint
    l.LLVMLookupIntrinsicID.argtypes = [ctypes.c_char_p, ctypes.c_size_t]
    l.LLVMIntrinsicGetName.restype = ctypes.c_char_p
    l.LLVMIntrinsicGetName.argtypes = [ctypes.c_uint, ctypes.POINTER(ctypes.c_size_t)]
    return l


def base(l, iid):
    """The name of intrinsic iid of library l (without type suffixes)."""
    n = ctypes.c_size_t()
    return l.LLVMIntrinsicGetName(iid, ctypes.byref(n))[:n.value]


def main():
    n = int(sys.argv[1])
    libs = {}
    for v in (13, 14, 15, 16, 19, 22):
        try:
            libs[v] = lib(v)
        except SystemExit:
            if v in (n, 22):
                raise
    for line in sys.stdin:
        f, _, name = line.rstrip("\n").rpartition(" ")
        b = name.encode()
        bases = {}
        for v, l in libs.items():
            iid = l.LLVMLookupIntrinsicID(b, len(b))
            bases[v] = base(l, iid) if iid else None
        mine = bases[n]
        # A later LLVM's: an earlier one that has the name and N not
        # (riscv.sm4ks.i32 of LLVM 14, which 19 and 22 upgrade) is N's
        # reader upgrading it.
        others = [x for v, x in bases.items() if v > n and x]
        if (mine is None and others) or (mine is not None and any(x.startswith(mine + b".") for x in others)):
            print(f"{f} {name}")


main()
