#!/usr/bin/env python3
"""Print the intrinsics LLVM N does not know that LLVM 22 does.

Usage: intrinsics_known.py N < LIST

LIST holds lines "FILE NAME", NAME the name of a function FILE declares
(llvm.va_start.p0, ...). A name LLVM 22 takes for an intrinsic (its
Function::lookupIntrinsicID, through the C API's LLVMLookupIntrinsicID)
that LLVM N does not is printed, "FILE NAME": LLVM N would read a call of
it as one of an external function of that name (llc-16 emits "callq
llvm.va_start.p0@PLT" for a varargs function convert --llvm 16 wrote with
LLVM 22's name before the names of intrinsicsFixed were given). Exit
status 0; 2 when a libLLVM cannot be loaded (apt-get install llvm-N).
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
    return l


def main():
    n = int(sys.argv[1])
    older, l22 = lib(n), lib(22)
    for line in sys.stdin:
        f, _, name = line.rstrip("\n").rpartition(" ")
        b = name.encode()
        if l22.LLVMLookupIntrinsicID(b, len(b)) and not older.LLVMLookupIntrinsicID(b, len(b)):
            print(f"{f} {name}")


main()
