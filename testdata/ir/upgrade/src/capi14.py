#!/usr/bin/env python3
"""capi14.py NAME OUT.bc - write fixture NAME with LLVM 14's C API.

What LLVM's own assembler upgrades while parsing (module flags, old TBAA
tags) cannot come from llvm-as: other producers build such modules through
the C API, which writes them as they are. This script does the same, with
libLLVM-14.so.1 through ctypes.
"""
import ctypes
import sys

L = ctypes.CDLL("libLLVM-14.so.1")
vp, sz = ctypes.c_void_p, ctypes.c_size_t
for name, res, args in [
    ("LLVMContextCreate", vp, []),
    ("LLVMModuleCreateWithNameInContext", vp, [ctypes.c_char_p, vp]),
    ("LLVMSetSourceFileName", None, [vp, ctypes.c_char_p, sz]),
    ("LLVMIntTypeInContext", vp, [vp, ctypes.c_uint]),
    ("LLVMVoidTypeInContext", vp, [vp]),
    ("LLVMPointerType", vp, [vp, ctypes.c_uint]),
    ("LLVMFunctionType", vp, [vp, ctypes.POINTER(vp), ctypes.c_uint, ctypes.c_int]),
    ("LLVMAddFunction", vp, [vp, ctypes.c_char_p, vp]),
    ("LLVMGetParam", vp, [vp, ctypes.c_uint]),
    ("LLVMAppendBasicBlockInContext", vp, [vp, vp, ctypes.c_char_p]),
    ("LLVMCreateBuilderInContext", vp, [vp]),
    ("LLVMPositionBuilderAtEnd", None, [vp, vp]),
    ("LLVMBuildLoad2", vp, [vp, vp, vp, ctypes.c_char_p]),
    ("LLVMBuildStore", vp, [vp, vp, vp]),
    ("LLVMBuildRetVoid", vp, [vp]),
    ("LLVMConstInt", vp, [vp, ctypes.c_ulonglong, ctypes.c_int]),
    ("LLVMValueAsMetadata", vp, [vp]),
    ("LLVMMetadataAsValue", vp, [vp, vp]),
    ("LLVMMDStringInContext2", vp, [vp, ctypes.c_char_p, sz]),
    ("LLVMMDNodeInContext2", vp, [vp, ctypes.POINTER(vp), sz]),
    ("LLVMGetMDKindIDInContext", ctypes.c_uint, [vp, ctypes.c_char_p, ctypes.c_uint]),
    ("LLVMSetMetadata", None, [vp, ctypes.c_uint, vp]),
    ("LLVMAddModuleFlag", None, [vp, ctypes.c_int, ctypes.c_char_p, sz, vp]),
    ("LLVMWriteBitcodeToFile", ctypes.c_int, [vp, ctypes.c_char_p]),
    ("LLVMBuildCall2", vp, [vp, vp, vp, ctypes.POINTER(vp), ctypes.c_uint, ctypes.c_char_p]),
    ("LLVMSetTailCall", None, [vp, ctypes.c_int]),
    ("LLVMGetEnumAttributeKindForName", ctypes.c_uint, [ctypes.c_char_p, sz]),
    ("LLVMCreateEnumAttribute", vp, [vp, ctypes.c_uint, ctypes.c_ulonglong]),
    ("LLVMAddCallSiteAttribute", None, [vp, ctypes.c_int, vp]),
    ("LLVMVectorType", vp, [vp, ctypes.c_uint]),
    ("LLVMFloatTypeInContext", vp, [vp]),
    ("LLVMConstNull", vp, [vp]),
    ("LLVMMetadataTypeInContext", vp, [vp]),
    ("LLVMCreateDIBuilder", vp, [vp]),
    ("LLVMDIBuilderFinalize", None, [vp]),
    ("LLVMDIBuilderCreateFile", vp, [vp, ctypes.c_char_p, sz, ctypes.c_char_p, sz]),
    ("LLVMDIBuilderCreateCompileUnit", vp, [vp, ctypes.c_int, vp, ctypes.c_char_p, sz, ctypes.c_int,
                                            ctypes.c_char_p, sz, ctypes.c_uint, ctypes.c_char_p, sz,
                                            ctypes.c_int, ctypes.c_uint, ctypes.c_int, ctypes.c_int,
                                            ctypes.c_char_p, sz, ctypes.c_char_p, sz]),
    ("LLVMDIBuilderCreateSubroutineType", vp, [vp, vp, ctypes.POINTER(vp), ctypes.c_uint, ctypes.c_int]),
    ("LLVMDIBuilderCreateFunction", vp, [vp, vp, ctypes.c_char_p, sz, ctypes.c_char_p, sz, vp,
                                         ctypes.c_uint, vp, ctypes.c_int, ctypes.c_int, ctypes.c_uint,
                                         ctypes.c_int, ctypes.c_int]),
    ("LLVMSetSubprogram", None, [vp, vp]),
    ("LLVMDIBuilderCreateBasicType", vp, [vp, ctypes.c_char_p, sz, ctypes.c_uint64, ctypes.c_uint,
                                          ctypes.c_int]),
    ("LLVMDIBuilderCreateAutoVariable", vp, [vp, vp, ctypes.c_char_p, sz, vp, ctypes.c_uint, vp,
                                             ctypes.c_int, ctypes.c_int, ctypes.c_uint32]),
    ("LLVMDIBuilderCreateExpression", vp, [vp, ctypes.POINTER(ctypes.c_uint64), sz]),
    ("LLVMDIBuilderCreateDebugLocation", vp, [vp, ctypes.c_uint, ctypes.c_uint, vp, vp]),
    ("LLVMInstructionSetDebugLoc", None, [vp, vp]),
    ("LLVMSetOperand", None, [vp, ctypes.c_uint, vp]),
    ("LLVMDoubleTypeInContext", vp, [vp]),
    ("LLVMGetNamedFunction", vp, [vp, ctypes.c_char_p]),
    ("LLVMScalableVectorType", vp, [vp, ctypes.c_uint]),
]:
    f = getattr(L, name)
    f.restype, f.argtypes = res, args

# LLVMModuleFlagBehavior: 0 Error, 1 Warning, 2 Require, 3 Override, ...
ERROR, OVERRIDE = 0, 3


def objc_flags(C, M):
    """Module flags as LLVM 4 wrote them (UpgradeModuleFlags)."""
    i32 = L.LLVMIntTypeInContext(C, 32)

    def flag(behavior, key, md):
        L.LLVMAddModuleFlag(M, behavior, key, len(key), md)

    def const(v):
        return L.LLVMValueAsMetadata(L.LLVMConstInt(i32, v, 0))

    def string(v):
        return L.LLVMMDStringInContext2(C, v, len(v))

    flag(ERROR, b"Objective-C Version", const(2))
    flag(ERROR, b"Objective-C Image Info Version", const(0))
    flag(ERROR, b"Objective-C Image Info Section",
         string(b"__DATA, __objc_imageinfo, regular, no_dead_strip"))
    # Swift 5.1, ABI 7, in the upper bytes; GC flags 0x40 in the low one.
    flag(OVERRIDE, b"Objective-C Garbage Collection", const(0x05010740))
    flag(ERROR, b"PIE Level", const(2))
    flag(ERROR, b"PIC Level", const(2))


def tbaa_old(C, M):
    """Old scalar TBAA tags (UpgradeTBAANode), one of them also given in
    its struct-path form, which the upgrade finds uniqued."""
    i32 = L.LLVMIntTypeInContext(C, 32)
    i64 = L.LLVMIntTypeInContext(C, 64)
    p32 = L.LLVMPointerType(i32, 0)
    params = (vp * 1)(p32)
    fn = L.LLVMAddFunction(M, b"f", L.LLVMFunctionType(L.LLVMVoidTypeInContext(C), params, 1, 0))
    p = L.LLVMGetParam(fn, 0)
    b = L.LLVMCreateBuilderInContext(C)
    L.LLVMPositionBuilderAtEnd(b, L.LLVMAppendBasicBlockInContext(C, fn, b"entry"))

    def node(*ops):
        arr = (vp * len(ops))(*ops)
        return L.LLVMMDNodeInContext2(C, arr, len(ops))

    def string(v):
        return L.LLVMMDStringInContext2(C, v, len(v))

    def const(t, v):
        return L.LLVMValueAsMetadata(L.LLVMConstInt(t, v, 0))

    kind = L.LLVMGetMDKindIDInContext(C, b"tbaa", 4)

    def tag(inst, md):
        L.LLVMSetMetadata(inst, kind, L.LLVMMetadataAsValue(C, md))

    root = node(string(b"root"))
    int_ = node(string(b"int"), root)
    short = node(string(b"short"), root, const(i64, 1))
    v = L.LLVMBuildLoad2(b, i32, p, b"v")
    tag(v, int_)
    w = L.LLVMBuildLoad2(b, i32, p, b"w")
    tag(w, short)
    tag(L.LLVMBuildStore(b, v, p), node(int_, int_, const(i64, 0)))
    tag(L.LLVMBuildStore(b, w, p), int_)
    L.LLVMBuildRetVoid(b)


def mem_align(C, M):
    """llvm.memcpy, llvm.memmove and llvm.memset with their alignment
    argument, as LLVM 6 and older declared and called them."""
    i1, i8, i32, i64 = (L.LLVMIntTypeInContext(C, n) for n in (1, 8, 32, 64))
    p8 = L.LLVMPointerType(i8, 0)
    void = L.LLVMVoidTypeInContext(C)

    def arr(*a):
        return (vp * len(a))(*a)

    def fntype(ret, *params):
        return L.LLVMFunctionType(ret, arr(*params), len(params), 0)

    def const(t, v):
        return L.LLVMConstInt(t, v, 0)

    def attr(name, val=0):
        kind = L.LLVMGetEnumAttributeKindForName(name, len(name))
        return L.LLVMCreateEnumAttribute(C, kind, val)

    cpy_t = fntype(void, p8, p8, i64, i32, i1)
    cpy = L.LLVMAddFunction(M, b"llvm.memcpy.p0i8.p0i8.i64", cpy_t)
    mov_t = fntype(void, p8, p8, i32, i32, i1)
    mov = L.LLVMAddFunction(M, b"llvm.memmove.p0i8.p0i8.i32", mov_t)
    set_t = fntype(void, p8, i8, i64, i32, i1)
    set_ = L.LLVMAddFunction(M, b"llvm.memset.p0i8.i64", set_t)
    fn = L.LLVMAddFunction(M, b"f", fntype(void, p8, p8))
    a, b = L.LLVMGetParam(fn, 0), L.LLVMGetParam(fn, 1)
    bld = L.LLVMCreateBuilderInContext(C)
    L.LLVMPositionBuilderAtEnd(bld, L.LLVMAppendBasicBlockInContext(C, fn, b"entry"))

    def call(ft, callee, *args):
        return L.LLVMBuildCall2(bld, ft, callee, arr(*args), len(args), b"")

    call(cpy_t, cpy, a, b, const(i64, 16), const(i32, 4), const(i1, 0))
    # No alignment (0), volatile, a tail call with argument attributes:
    # the tail marker goes, the attributes of the arguments kept stay.
    c = call(cpy_t, cpy, a, b, const(i64, 16), const(i32, 0), const(i1, 1))
    L.LLVMSetTailCall(c, 1)
    L.LLVMAddCallSiteAttribute(c, 1, attr(b"nonnull"))
    L.LLVMAddCallSiteAttribute(c, 2, attr(b"noalias"))
    # An align attribute of the destination gives way to the argument's.
    c = call(mov_t, mov, a, b, const(i32, 3), const(i32, 1), const(i1, 0))
    L.LLVMAddCallSiteAttribute(c, 1, attr(b"align", 16))
    L.LLVMAddCallSiteAttribute(c, -1, attr(b"nounwind"))
    call(set_t, set_, a, const(i8, 0), const(i64, 8), const(i32, 8), const(i1, 0))
    L.LLVMBuildRetVoid(bld)


def old_generic(C, M):
    """Generic intrinsics as LLVM 12 and older declared them: llvm.ctlz and
    llvm.cttz without their flag (LLVM 3.0), the vector reductions under
    llvm.experimental (LLVM 12 and older; fadd and fmul without v2 are
    left as they are), llvm.var.annotation and llvm.ptr.annotation without
    their fifth argument and llvm.annotation with typed pointers (LLVM 13
    and older)."""
    i8, i32, i64 = (L.LLVMIntTypeInContext(C, n) for n in (8, 32, 64))
    f32 = L.LLVMFloatTypeInContext(C)
    p8 = L.LLVMPointerType(i8, 0)
    v4i32, v4f32 = L.LLVMVectorType(i32, 4), L.LLVMVectorType(f32, 4)
    void = L.LLVMVoidTypeInContext(C)

    def arr(*a):
        return (vp * len(a))(*a)

    def fntype(ret, *params):
        return L.LLVMFunctionType(ret, arr(*params), len(params), 0)

    def attr(name, val=0):
        kind = L.LLVMGetEnumAttributeKindForName(name, len(name))
        return L.LLVMCreateEnumAttribute(C, kind, val)

    fn = L.LLVMAddFunction(M, b"f", fntype(void, p8, i32, v4i32, v4f32, f32, i64))
    p, n, vi, vf, x, w = (L.LLVMGetParam(fn, k) for k in range(6))
    bld = L.LLVMCreateBuilderInContext(C)
    L.LLVMPositionBuilderAtEnd(bld, L.LLVMAppendBasicBlockInContext(C, fn, b"entry"))
    decls = {}

    def call(name, ret, args, types, res=b"r"):
        if name not in decls:
            ft = fntype(ret, *types)
            decls[name] = (ft, L.LLVMAddFunction(M, name, ft))
        ft, d = decls[name]
        return L.LLVMBuildCall2(bld, ft, d, arr(*args), len(args), res if ret != void else b"")

    # A tail call with attributes: rebuilt, it keeps its name only.
    c = call(b"llvm.ctlz.i32", i32, [n], [i32], b"clz")
    L.LLVMSetTailCall(c, 1)
    L.LLVMAddCallSiteAttribute(c, 0, attr(b"noundef"))
    call(b"llvm.cttz.i64", i64, [w], [i64])
    call(b"llvm.ctlz.v4i32", v4i32, [vi], [v4i32])
    for op in (b"add", b"mul", b"and", b"or", b"xor", b"smax", b"smin", b"umax", b"umin"):
        c = call(b"llvm.experimental.vector.reduce." + op + b".i32.v4i32", i32, [vi], [v4i32])
    # A renamed one keeps all: its tail marker and attributes.
    L.LLVMSetTailCall(c, 1)
    L.LLVMAddCallSiteAttribute(c, 0, attr(b"noundef"))
    for op in (b"fmax", b"fmin"):
        call(b"llvm.experimental.vector.reduce." + op + b".f32.v4f32", f32, [vf], [v4f32])
    for op in (b"fadd", b"fmul"):
        call(b"llvm.experimental.vector.reduce.v2." + op + b".f32.v4f32", f32, [x, vf], [f32, v4f32])
        call(b"llvm.experimental.vector.reduce." + op + b".f32.v4f32", f32, [x, vf], [f32, v4f32])
    call(b"llvm.var.annotation", void, [p, p, p, n], [p8, p8, p8, i32])
    call(b"llvm.ptr.annotation.p0i8", p8, [p, p, p, n], [p8, p8, p8, i32])
    call(b"llvm.annotation.i32", i32, [n, p, p, n], [i32, p8, p8, i32])
    L.LLVMBuildRetVoid(bld)


def dbg_value_offset(C, M):
    """llvm.dbg.value with the offset operand of LLVM 5 and older: a zero
    offset makes a #dbg_value of the other three operands, any other offset
    drops the call (LLVM 22's upgrade)."""
    i32, i64 = L.LLVMIntTypeInContext(C, 32), L.LLVMIntTypeInContext(C, 64)
    void, md = L.LLVMVoidTypeInContext(C), L.LLVMMetadataTypeInContext(C)
    p32 = L.LLVMPointerType(i32, 0)
    D = L.LLVMCreateDIBuilder(M)
    file = L.LLVMDIBuilderCreateFile(D, b"a.c", 3, b".", 1)
    # Language 1 is DW_LANG_C; emission kind 1 is FullDebug.
    L.LLVMDIBuilderCreateCompileUnit(D, 1, file, b"x", 1, 0, b"", 0, 0, b"", 0, 1, 0, 0, 0, b"", 0, b"", 0)
    sub = L.LLVMDIBuilderCreateSubroutineType(D, file, None, 0, 0)
    fn = L.LLVMAddFunction(M, b"f", L.LLVMFunctionType(void, (vp * 2)(p32, i32), 2, 0))
    sp = L.LLVMDIBuilderCreateFunction(D, file, b"f", 1, b"", 0, file, 1, sub, 0, 1, 1, 0, 0)
    L.LLVMSetSubprogram(fn, sp)
    int_ = L.LLVMDIBuilderCreateBasicType(D, b"int", 3, 32, 5, 0)
    x = L.LLVMDIBuilderCreateAutoVariable(D, sp, b"x", 1, file, 1, int_, 0, 0, 0)
    y = L.LLVMDIBuilderCreateAutoVariable(D, sp, b"y", 1, file, 2, int_, 0, 0, 0)
    empty = L.LLVMDIBuilderCreateExpression(D, None, 0)
    loc = L.LLVMDIBuilderCreateDebugLocation(C, 1, 1, sp, None)
    dv_t = L.LLVMFunctionType(void, (vp * 4)(md, i64, md, md), 4, 0)
    dv = L.LLVMAddFunction(M, b"llvm.dbg.value", dv_t)
    bld = L.LLVMCreateBuilderInContext(C)
    L.LLVMPositionBuilderAtEnd(bld, L.LLVMAppendBasicBlockInContext(C, fn, b"entry"))

    def mdv(m):
        return L.LLVMMetadataAsValue(C, m)

    p, n = L.LLVMGetParam(fn, 0), L.LLVMGetParam(fn, 1)
    for val, off, var in ((n, 0, x), (p, 8, y), (p, 0, y)):
        args = (vp * 4)(mdv(L.LLVMValueAsMetadata(val)), L.LLVMConstInt(i64, off, 0), mdv(var), mdv(empty))
        L.LLVMInstructionSetDebugLoc(L.LLVMBuildCall2(bld, dv_t, dv, args, 4, b""), loc)
    L.LLVMInstructionSetDebugLoc(L.LLVMBuildRetVoid(bld), loc)
    L.LLVMDIBuilderFinalize(D)
    L.LLVMAddModuleFlag(M, 1, b"Debug Info Version", 18, L.LLVMValueAsMetadata(L.LLVMConstInt(i32, 3, 0)))


def declare_and_call(C, M, specs):
    """Declares each (name, ret, params) of specs and calls it from @f, whose
    parameters are (ptr, i32, <4 x float>, i64); the others get zeros."""
    i8, i32, i64 = (L.LLVMIntTypeInContext(C, n) for n in (8, 32, 64))
    p8 = L.LLVMPointerType(i8, 0)
    v4f32 = L.LLVMVectorType(L.LLVMFloatTypeInContext(C), 4)
    void = L.LLVMVoidTypeInContext(C)
    fn = L.LLVMAddFunction(M, b"f", L.LLVMFunctionType(void, (vp * 4)(p8, i32, v4f32, i64), 4, 0))
    args = {p8: L.LLVMGetParam(fn, 0), i32: L.LLVMGetParam(fn, 1), v4f32: L.LLVMGetParam(fn, 2),
            i64: L.LLVMGetParam(fn, 3)}
    bld = L.LLVMCreateBuilderInContext(C)
    L.LLVMPositionBuilderAtEnd(bld, L.LLVMAppendBasicBlockInContext(C, fn, b"entry"))
    results = []
    for name, ret, params in specs:
        ret = {"void": void, "i64": i64, "i32": i32, "ptr": p8, "v4f32": v4f32}[ret]
        params = [{"i32": i32, "i64": i64, "ptr": p8, "v4f32": v4f32, "i8": i8}[t] for t in params]
        ft = L.LLVMFunctionType(ret, (vp * len(params))(*params), len(params), 0)
        d = L.LLVMAddFunction(M, name, ft)
        ops = [args.get(t) or L.LLVMConstNull(t) for t in params]
        results.append(L.LLVMBuildCall2(bld, ft, d, (vp * len(ops))(*ops), len(ops),
                                        b"r" if ret != void else b""))
    L.LLVMBuildRetVoid(bld)
    return results


def x86_old(C, M):
    """x86 intrinsics LLVM 22 still has under an older type or name:
    rdtscp storing TSC_AUX through a pointer (LLVM 7 and older),
    llvm.x86.seh.recoverfp (LLVM 5 and older, now llvm.eh.recoverfp),
    ptest of <4 x float> (LLVM 3.2 and older), and 8-bit immediates as
    i32 (LLVM 3.6 and older; a constant one is truncated)."""
    r = declare_and_call(C, M, [(b"llvm.x86.rdtscp", "i64", ["ptr"]),
                                (b"llvm.x86.seh.recoverfp", "ptr", ["ptr", "ptr"]),
                                (b"llvm.x86.sse41.ptestc", "i32", ["v4f32", "v4f32"]),
                                (b"llvm.x86.sse41.ptestz", "i32", ["v4f32", "v4f32"]),
                                (b"llvm.x86.sse41.insertps", "v4f32", ["v4f32", "v4f32", "i32"]),
                                (b"llvm.x86.sse41.dpps", "v4f32", ["v4f32", "v4f32", "i32"])])
    # A constant immediate: 300 is 44 as an i8.
    i32 = L.LLVMIntTypeInContext(C, 32)
    L.LLVMSetOperand(r[5], 2, L.LLVMConstInt(i32, 300, 0))


def x86_mistyped(C, M):
    """Intrinsics under the older types LLVM 22 upgrades: xop.vfrcz.ss with
    its pass-through first operand (the call rebuilt with the second), and
    llvm.stackprotectorcheck (its calls and declaration go)."""
    declare_and_call(C, M, [(b"llvm.x86.xop.vfrcz.ss", "v4f32", ["v4f32", "v4f32"]),
                            (b"llvm.stackprotectorcheck", "void", ["ptr"])])


def tail_call(M, bld, name, ret, params, ops):
    """Declares name as ret(params) and adds a tail call %r of it on ops."""
    ft = L.LLVMFunctionType(ret, (vp * len(params))(*params), len(params), 0)
    d = L.LLVMAddFunction(M, name, ft)
    c = L.LLVMBuildCall2(bld, ft, d, (vp * len(ops))(*ops), len(ops), b"r")
    L.LLVMSetTailCall(c, 1)


def arm_old(C, M):
    """ARM and AArch64 intrinsics of older LLVMs that LLVM 22 replaces with
    generic ones: NEON saturating arithmetic (renamed, the calls kept),
    vcnt, vclz, rbit and thread.pointer (the calls rebuilt), frintn."""
    i8, i32 = L.LLVMIntTypeInContext(C, 8), L.LLVMIntTypeInContext(C, 32)
    v8i8, v4f32 = L.LLVMVectorType(i8, 8), L.LLVMVectorType(L.LLVMFloatTypeInContext(C), 4)
    void, p8 = L.LLVMVoidTypeInContext(C), L.LLVMPointerType(i8, 0)
    fn = L.LLVMAddFunction(M, b"f", L.LLVMFunctionType(void, (vp * 3)(v8i8, v4f32, i32), 3, 0))
    args = {v8i8: L.LLVMGetParam(fn, 0), v4f32: L.LLVMGetParam(fn, 1), i32: L.LLVMGetParam(fn, 2)}
    bld = L.LLVMCreateBuilderInContext(C)
    L.LLVMPositionBuilderAtEnd(bld, L.LLVMAppendBasicBlockInContext(C, fn, b"entry"))
    for name, ret, params in [(b"llvm.arm.neon.vqadds.v8i8", v8i8, [v8i8, v8i8]),
                              (b"llvm.arm.neon.vqaddu.v8i8", v8i8, [v8i8, v8i8]),
                              (b"llvm.arm.neon.vqsubs.v8i8", v8i8, [v8i8, v8i8]),
                              (b"llvm.arm.neon.vqsubu.v8i8", v8i8, [v8i8, v8i8]),
                              (b"llvm.arm.neon.vcnt.v8i8", v8i8, [v8i8]),
                              (b"llvm.arm.neon.vclz.v8i8", v8i8, [v8i8]),
                              (b"llvm.arm.rbit", i32, [i32]),
                              (b"llvm.arm.thread.pointer", p8, []),
                              (b"llvm.aarch64.neon.frintn.v4f32", v4f32, [v4f32]),
                              (b"llvm.aarch64.neon.rbit.v8i8", v8i8, [v8i8]),
                              (b"llvm.aarch64.rbit.i32", i32, [i32]),
                              (b"llvm.aarch64.thread.pointer", p8, [])]:
        # Tail calls: a call kept keeps its marker, a rebuilt one loses it.
        tail_call(M, bld, name, ret, params, [args[t] for t in params])
    L.LLVMBuildRetVoid(bld)


def x86_ir(C, M):
    """x86 intrinsics of LLVM 3.x to 7 that LLVM 22 rewrites into plain IR
    or generic intrinsics: unaligned stores, packed compares, square roots,
    integer min/max, absolute values, saturating arithmetic, conversions,
    pmovsx/pmovzx, crc32 of 64 bits, scalar arithmetic, pmuludq/pmuldq,
    shuffles by an immediate (pshufd, pshuflw/hw, vpermilps/pd, blends,
    vinsertf128, vextractf128, vperm2f128, one with a zeroed half),
    broadcasts (of a load and of a register), vmovnt stores, byte shifts
    (psrl.dq, psll.dq)."""
    i8, i16, i32, i64 = (L.LLVMIntTypeInContext(C, n) for n in (8, 16, 32, 64))
    f32, f64 = L.LLVMFloatTypeInContext(C), L.LLVMDoubleTypeInContext(C)
    V = L.LLVMVectorType
    ty = {"v16i8": V(i8, 16), "v8i16": V(i16, 8), "v4i32": V(i32, 4), "v2i64": V(i64, 2),
          "v4f32": V(f32, 4), "v2f64": V(f64, 2), "v8f32": V(f32, 8), "v32i8": V(i8, 32),
          "v16i16": V(i16, 16), "ptr": L.LLVMPointerType(i8, 0), "void": L.LLVMVoidTypeInContext(C),
          "v4f64": V(f64, 4), "i64": i64, "i8": i8, "i32": i32, "v4i64": V(i64, 4)}
    params = ["ptr", "v16i8", "v8i16", "v4i32", "v2i64", "v4f32", "v2f64", "v8f32", "v32i8", "v16i16", "i64", "v4f64",
              "i8", "v4i64"]
    fn = L.LLVMAddFunction(M, b"f", L.LLVMFunctionType(ty["void"], (vp * len(params))(*[ty[p] for p in params]),
                                                       len(params), 0))
    arg = {p: L.LLVMGetParam(fn, k) for k, p in enumerate(params)}

    def imm(p):
        """An immediate written "i8:27": that constant."""
        if ":" not in p:
            return None
        t, v = p.split(":")
        return L.LLVMConstInt(ty[t], int(v), 0)
    bld = L.LLVMCreateBuilderInContext(C)
    L.LLVMPositionBuilderAtEnd(bld, L.LLVMAppendBasicBlockInContext(C, fn, b"entry"))
    for name, ret, ps in [
            ("sse.storeu.ps", "void", ["ptr", "v4f32"]), ("sse2.storeu.dq", "void", ["ptr", "v16i8"]),
            ("avx.storeu.ps.256", "void", ["ptr", "v8f32"]),
            ("sse2.pcmpeq.b", "v16i8", ["v16i8", "v16i8"]), ("sse2.pcmpgt.d", "v4i32", ["v4i32", "v4i32"]),
            ("avx2.pcmpgt.b", "v32i8", ["v32i8", "v32i8"]),
            ("sse.sqrt.ss", "v4f32", ["v4f32"]), ("sse2.sqrt.pd", "v2f64", ["v2f64"]),
            ("avx.sqrt.ps.256", "v8f32", ["v8f32"]), ("sse2.sqrt.sd", "v2f64", ["v2f64"]),
            ("ssse3.pabs.w.128", "v8i16", ["v8i16"]), ("avx2.pabs.b", "v32i8", ["v32i8"]),
            ("sse2.pmaxs.w", "v8i16", ["v8i16", "v8i16"]), ("sse41.pmaxud", "v4i32", ["v4i32", "v4i32"]),
            ("sse41.pminsb", "v16i8", ["v16i8", "v16i8"]), ("sse2.pminu.b", "v16i8", ["v16i8", "v16i8"]),
            ("avx2.pmaxs.w", "v16i16", ["v16i16", "v16i16"]),
            ("sse2.padds.w", "v8i16", ["v8i16", "v8i16"]), ("sse2.psubus.b", "v16i8", ["v16i8", "v16i8"]),
            ("avx2.paddus.w", "v16i16", ["v16i16", "v16i16"]), ("sse2.psubs.b", "v16i8", ["v16i8", "v16i8"]),
            ("sse2.pmaxs.w", "v8i16", ["v8i16", "v8i16"]),
            ("sse2.cvtdq2pd", "v2f64", ["v4i32"]), ("sse2.cvtps2pd", "v2f64", ["v4f32"]),
            ("avx.cvtdq2.pd.256", "v4f64", ["v4i32"]), ("avx.cvt.ps2.pd.256", "v4f64", ["v4f32"]),
            ("sse41.pmovsxbd", "v4i32", ["v16i8"]), ("sse41.pmovzxwd", "v4i32", ["v8i16"]),
            ("avx2.pmovsxbw", "v16i16", ["v16i8"]),
            ("sse42.crc32.64.8", "i64", ["i64", "i8"]),
            ("sse.add.ss", "v4f32", ["v4f32", "v4f32"]), ("sse2.mul.sd", "v2f64", ["v2f64", "v2f64"]),
            ("sse.div.ss", "v4f32", ["v4f32", "v4f32"]), ("sse2.sub.sd", "v2f64", ["v2f64", "v2f64"]),
            ("sse2.pmulu.dq", "v2i64", ["v4i32", "v4i32"]), ("sse41.pmuldq", "v2i64", ["v4i32", "v4i32"]),
            ("sse2.pshuf.d", "v4i32", ["v4i32", "i8:27"]), ("sse2.pshufl.w", "v8i16", ["v8i16", "i8:177"]),
            ("sse2.pshufh.w", "v8i16", ["v8i16", "i8:78"]), ("avx.vpermil.ps", "v4f32", ["v4f32", "i8:57"]),
            ("avx.vpermil.pd.256", "v4f64", ["v4f64", "i8:5"]),
            ("sse41.pblendw", "v8i16", ["v8i16", "v8i16", "i32:165"]),
            ("sse41.blendps", "v4f32", ["v4f32", "v4f32", "i32:6"]),
            ("avx.blend.ps.256", "v8f32", ["v8f32", "v8f32", "i32:240"]),
            ("avx.vinsertf128.ps.256", "v8f32", ["v8f32", "v4f32", "i8:1"]),
            ("avx.vinsertf128.pd.256", "v4f64", ["v4f64", "v2f64", "i8:2"]),
            ("avx.vextractf128.ps.256", "v4f32", ["v8f32", "i8:1"]),
            ("avx.vperm2f128.ps.256", "v8f32", ["v8f32", "v8f32", "i8:33"]),
            ("avx.vperm2f128.pd.256", "v4f64", ["v4f64", "v4f64", "i8:24"]),
            ("avx.vbroadcast.ss.256", "v8f32", ["ptr"]), ("avx.vbroadcast.sd.256", "v4f64", ["ptr"]),
            ("avx2.pbroadcastw.128", "v8i16", ["v8i16"]), ("avx2.vbroadcast.ss.ps", "v4f32", ["v4f32"]),
            ("avx.movnt.ps.256", "void", ["ptr", "v8f32"]), ("avx.movnt.dq.256", "void", ["ptr", "v4i64"]),
            ("sse2.psrl.dq", "v2i64", ["v2i64", "i32:64"]), ("sse2.psll.dq.bs", "v2i64", ["v2i64", "i32:3"]),
            ("avx2.psrl.dq", "v4i64", ["v4i64", "i32:24"]), ("avx2.psll.dq", "v4i64", ["v4i64", "i32:40"])]:
        ft = L.LLVMFunctionType(ty[ret], (vp * len(ps))(*[ty[p.split(":")[0]] for p in ps]), len(ps), 0)
        full = ("llvm.x86." + name).encode()
        d = L.LLVMGetNamedFunction(M, full) or L.LLVMAddFunction(M, full, ft)
        L.LLVMBuildCall2(bld, ft, d, (vp * len(ps))(*[imm(p) or arg[p] for p in ps]), len(ps),
                         b"" if ret == "void" else b"r")
    L.LLVMBuildRetVoid(bld)


def sve_addqv(C, M):
    """LLVM 18's llvm.aarch64.sve.addqv of floating point, which LLVM 19
    made faddqv (the calls kept), beside an integer one LLVM 22 keeps; and
    one of a floating-point result and an integer operand, which LLVM 22
    renames all the same (it looks at the result alone)."""
    i1, i32 = L.LLVMIntTypeInContext(C, 1), L.LLVMIntTypeInContext(C, 32)
    f32 = L.LLVMFloatTypeInContext(C)
    pg, vf, vi = (L.LLVMScalableVectorType(t, 4) for t in (i1, f32, i32))
    rf, ri = L.LLVMVectorType(f32, 4), L.LLVMVectorType(i32, 4)
    void = L.LLVMVoidTypeInContext(C)
    fn = L.LLVMAddFunction(M, b"f", L.LLVMFunctionType(void, (vp * 3)(pg, vf, vi), 3, 0))
    args = {pg: L.LLVMGetParam(fn, 0), vf: L.LLVMGetParam(fn, 1), vi: L.LLVMGetParam(fn, 2)}
    bld = L.LLVMCreateBuilderInContext(C)
    L.LLVMPositionBuilderAtEnd(bld, L.LLVMAppendBasicBlockInContext(C, fn, b"entry"))
    for name, ret, params in [(b"llvm.aarch64.sve.addqv.v4f32.nxv4f32", rf, [pg, vf]),
                              (b"llvm.aarch64.sve.addqv.v4i32.nxv4i32", ri, [pg, vi]),
                              (b"llvm.aarch64.sve.addqv.v4f32.nxv4i32", rf, [pg, vi])]:
        tail_call(M, bld, name, ret, params, [args[t] for t in params])
    L.LLVMBuildRetVoid(bld)


def objectsize_vector(C, M):
    """llvm.objectsize of a vector of integers (anyint: the verifiers
    take it), under its typed-pointer name: LLVM 22 remangles it and makes
    each call again, without its tail marker, as for a scalar."""
    i1, i8, i32 = (L.LLVMIntTypeInContext(C, n) for n in (1, 8, 32))
    v4i32, p8 = L.LLVMVectorType(i32, 4), L.LLVMPointerType(i8, 0)
    void = L.LLVMVoidTypeInContext(C)
    fn = L.LLVMAddFunction(M, b"f", L.LLVMFunctionType(void, (vp * 1)(p8), 1, 0))
    bld = L.LLVMCreateBuilderInContext(C)
    L.LLVMPositionBuilderAtEnd(bld, L.LLVMAppendBasicBlockInContext(C, fn, b"entry"))
    for name, ret in [(b"llvm.objectsize.v4i32.p0i8", v4i32), (b"llvm.objectsize.i32.p0i8", i32)]:
        tail_call(M, bld, name, ret, [p8, i1, i1, i1], [L.LLVMGetParam(fn, 0)] + [L.LLVMConstInt(i1, 0, 0)] * 3)
    L.LLVMBuildRetVoid(bld)


FIXTURES = {"objc-flags-llvm14": objc_flags, "tbaa-old-llvm14": tbaa_old, "memalign-llvm14": mem_align,
            "oldgeneric-llvm14": old_generic, "di-dbgvalue-offset-llvm14": dbg_value_offset,
            "x86-old-llvm14": x86_old, "x86-mistyped-llvm14": x86_mistyped, "arm-old-llvm14": arm_old,
            "x86-ir-llvm14": x86_ir, "aarch64-sve-addqv-llvm14": sve_addqv,
            "objectsize-vector-llvm14": objectsize_vector}


def main():
    name, out = sys.argv[1], sys.argv[2]
    C = L.LLVMContextCreate()
    M = L.LLVMModuleCreateWithNameInContext(name.encode(), C)
    src = ("src/capi14.py:" + name).encode()
    L.LLVMSetSourceFileName(M, src, len(src))
    FIXTURES[name](C, M)
    if L.LLVMWriteBitcodeToFile(M, out.encode()) != 0:
        sys.exit("capi14.py: cannot write " + out)


if __name__ == "__main__":
    main()
