#!/usr/bin/env python3
"""Generate ir/typedptr/intrinsics_gen.go: for each intrinsic of LLVM 14
(all targets) that has a pointer result or parameter whose pointee is not
i8, the rules that give those pointees, so that ir/typedptr can give such
a pointer the type LLVM 14's verifier wants ("Intrinsic has incorrect
argument type!") instead of i8*.

Usage: scripts/gen_typedptr_intrinsics.py [-v]

Needs LLVM 14's TableGen and intrinsic definitions (apt-get install
llvm-14-dev llvm-14-tools; CI does not run this script). It does not parse
the .td files itself: it runs

    llvm-tblgen-14 -I /usr/lib/llvm-14/include \\
        /usr/lib/llvm-14/include/llvm/IR/Intrinsics.td --dump-json

and reads the fully expanded Intrinsic records (RetTypes, ParamTypes).
The environment variables LLVM_TBLGEN and LLVM_INCLUDE override the
tool and the include directory. -v prints what is left out and why.

How the LLVMType records of LLVM 14's Intrinsics.td map to the rules:

  LLVMQualPointerType<T, AS> (LLVMPointerType, llvm_ptr_ty, ...): a
      pointer to T, checked by the verifier. T = i8: no rule; T =
      LLVMMatchType<N>: ptrToType; another fixed T: ptrToFixed.
  LLVMAnyPointerType<T> (an overloaded pointer): the verifier's signature
      match checks only that it is a pointer (code of its own checks some,
      like llvm.masked.load's), but the intrinsic is declared (and clang 14
      mangles its name) with pointee T. T = i8 (llvm_anyptr_ty), or an
      overloaded T (llvm_any_ty, llvm_anyint_ty: any pointee): no rule;
      T = LLVMMatchType<N>: ptrToType; another fixed T: ptrToFixed.
  LLVMPointerTo<N>: ptrToType. LLVMPointerToElt<N>: ptrToElt.
  LLVMVectorOfAnyPointersToElt<N>: vecOfPtrToElt.
  llvm_externref_ty (WebAssembly's externref, {} addrspace(10)* in LLVM
      14): ptrToFixed "{}". (llvm_funcref_ty is i8 addrspace(20)*.)
  LLVMMatchType<N> (exactly): the same rule as the position defining N,
      if that has one.

Overload numbers: N counts the types of RetTypes then ParamTypes that are
not LLVMMatchType (nor one of its subclasses) and whose VT is overloaded
(Any, iAny, fAny, vAny, iPTRAny), in that order, as CodeGenIntrinsic does
in LLVM 14 (forward references, like AArch64's ld2, allowed). A rule's
ref is the position (0 the result, i >= 1 the i-th parameter) holding
overloaded type N: the one defining it, else the first one matching it
exactly (LLVMMatchType<N>). An intrinsic with several results has a
struct result; a rule on one of its members, or a ref to a type that only
a member holds, cannot be expressed, and such rules are left out.
"""
import json
import os
import shutil
import subprocess
import sys
import tempfile

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "ir", "typedptr", "intrinsics_gen.go")

OVERLOADED = {"Any", "iAny", "fAny", "vAny", "iPTRAny"}

# LLVM assembly for the fixed (non-vector) value types a pointee may have.
SCALARS = {
    "i1": "i1", "i8": "i8", "i16": "i16", "i32": "i32", "i64": "i64", "i128": "i128",
    "f16": "half", "bf16": "bfloat", "f32": "float", "f64": "double",
    "f80": "x86_fp80", "f128": "fp128", "ppcf128": "ppc_fp128",
    "x86mmx": "x86_mmx", "x86amx": "x86_amx",
}


def tblgen():
    tool = os.environ.get("LLVM_TBLGEN")
    if not tool:
        for cand in ("llvm-tblgen-14", "/usr/lib/llvm-14/bin/llvm-tblgen"):
            if shutil.which(cand) or os.path.exists(cand):
                tool = cand
                break
    if not tool:
        sys.exit("gen_typedptr_intrinsics.py: no llvm-tblgen-14 (apt-get install llvm-14-tools llvm-14-dev)")
    ver = subprocess.run([tool, "--version"], capture_output=True, text=True).stdout
    if "version 14." not in ver:
        sys.exit(f"gen_typedptr_intrinsics.py: {tool} is not LLVM 14's:\n{ver}")
    inc = os.environ.get("LLVM_INCLUDE", "/usr/lib/llvm-14/include")
    td = os.path.join(inc, "llvm", "IR", "Intrinsics.td")
    if not os.path.exists(td):
        sys.exit(f"gen_typedptr_intrinsics.py: no {td} (apt-get install llvm-14-dev)")
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "intrinsics.json")
        subprocess.run([tool, "-I", inc, td, "--dump-json", "-o", out], check=True)
        with open(out) as f:
            return json.load(f)


class Unexpressible(Exception):
    pass


class Gen:
    def __init__(self, recs):
        self.recs = recs
        self.left_out = []  # (intrinsic, why)
        self.free = set()  # (intrinsic, pos, what): any-pointers of any pointee
        self.unchecked = set()  # (intrinsic, pos): rules from LLVMAnyPointerType

    def rec(self, ref):
        return self.recs[ref["def"]]

    @staticmethod
    def isa(r, cls):
        return cls in r["!superclasses"]

    def vt(self, r):
        return r["VT"]["def"]

    def is_i8(self, r):
        return not self.isa(r, "LLVMMatchType") and not self.isa(r, "LLVMQualPointerType") \
            and not self.isa(r, "LLVMAnyPointerType") and self.vt(r) == "i8"

    def text(self, r):
        """The LLVM assembly of fixed type record r."""
        sc = r["!superclasses"]
        if "LLVMMatchType" in sc or "LLVMAnyPointerType" in sc or self.vt(r) in OVERLOADED:
            raise Unexpressible(f"a pointee {r['!name']} that is neither fixed nor LLVMMatchType<N>")
        if "LLVMQualPointerType" in sc:
            t = self.text(self.rec(r["ElTy"]))
            return t + (f" addrspace({r['AddrSpace']})" if r["AddrSpace"] else "") + "*"
        vt = self.vt(r)
        if r["!name"] == "llvm_empty_ty":
            return "{}"
        if vt == "externref":
            return "{} addrspace(10)*"
        if vt == "funcref":
            return "i8 addrspace(20)*"
        if vt in SCALARS:
            return SCALARS[vt]
        # vNiM, vNfM, nxvNiM...
        scalable = vt.startswith("nxv")
        body = vt[3:] if scalable else vt[1:] if vt.startswith("v") else None
        if body:
            n = ""
            while body and body[0].isdigit():
                n, body = n + body[0], body[1:]
            if n and body in SCALARS:
                return f"<{'vscale x ' if scalable else ''}{n} x {SCALARS[body]}>"
        raise Unexpressible(f"a pointee of value type {vt} ({r['!name']})")

    def intrinsic(self, name):
        r = self.recs[name]
        llvm = r["LLVMName"] or "llvm." + name[len("int_"):].replace("_", ".")
        rets = [self.rec(t) for t in r["RetTypes"]]
        params = [self.rec(t) for t in r["ParamTypes"]]
        struct = len(rets) > 1
        # Slots: (pos, record, is a member of a struct result).
        slots = [(0, t, struct) for t in rets] + [(i + 1, t, False) for i, t in enumerate(params)]

        # Overloaded types, numbered as in CodeGenIntrinsic.
        defs = []  # slot index defining overload N
        for si, (_, t, _) in enumerate(slots):
            if not self.isa(t, "LLVMMatchType") and self.vt(t) in OVERLOADED:
                defs.append(si)
            elif self.isa(t, "LLVMQualPointerType"):
                # LLVM 14's IntrinsicEmitter would count an overloaded
                # type nested in a fixed pointer, CodeGenIntrinsic not.
                e = t
                while self.isa(e, "LLVMQualPointerType"):
                    e = self.rec(e["ElTy"])
                if not self.isa(e, "LLVMMatchType") and self.vt(e) in OVERLOADED:
                    raise Unexpressible(f"an overloaded type nested in a fixed pointer ({t['!name']})")

        def ref(n):
            if n >= len(defs):
                raise Unexpressible(f"overload number {n} out of range")
            si = defs[n]
            pos, _, member = slots[si]
            if not member:
                return pos
            for pos, t, member in slots:
                if not member and t["!superclasses"] == ["LLVMType", "LLVMMatchType"] and t["Number"] == n:
                    return pos
            raise Unexpressible(f"its overloaded type {n} is only in a member of its struct result")

        def rule(si, seen=()):
            """(kind, ref, fixed) for slot si, or None."""
            pos, t, _ = slots[si]
            sc = t["!superclasses"]
            if "LLVMQualPointerType" in sc or "LLVMAnyPointerType" in sc:
                e = self.rec(t["ElTy"])
                anyptr = "LLVMAnyPointerType" in sc
                if self.is_i8(e):
                    return None
                if anyptr and not self.isa(e, "LLVMMatchType") and self.vt(e) in OVERLOADED:
                    self.free.add((llvm, pos, f"LLVMAnyPointerType<{e['!name']}>"))
                    return None
                if anyptr:
                    self.unchecked.add((llvm, pos))
                if self.isa(e, "LLVMMatchType"):
                    if e["!superclasses"] != ["LLVMType", "LLVMMatchType"]:
                        raise Unexpressible(f"a pointer to {e['!superclasses'][-1]}<{e['Number']}>")
                    return ("ptrToType", ref(e["Number"]), None)
                return ("ptrToFixed", None, self.text(e))
            if self.vt(t) == "externref":
                # WebAssembly's externref, {} addrspace(10)* in LLVM 14
                # (funcref, i8 addrspace(20)*, wants no rule).
                return ("ptrToFixed", None, "{}")
            if "LLVMPointerTo" in sc:
                return ("ptrToType", ref(t["Number"]), None)
            if "LLVMPointerToElt" in sc:
                return ("ptrToElt", ref(t["Number"]), None)
            if "LLVMVectorOfAnyPointersToElt" in sc:
                return ("vecOfPtrToElt", ref(t["Number"]), None)
            if sc == ["LLVMType", "LLVMMatchType"]:
                d = defs[t["Number"]]
                if d in seen:
                    return None
                return rule(d, seen + (si,))
            return None

        try:
            rules = []
            for si, (pos, t, member) in enumerate(slots):
                ru = rule(si)
                if ru is None:
                    continue
                if member:
                    raise Unexpressible(f"member {si} of its struct result is a pointer to a type other than i8")
                rules.append((pos,) + ru)
        except Unexpressible as e:
            self.left_out.append((llvm, str(e)))
            return llvm, None
        return llvm, rules


HEADER = """\
// Code generated by scripts/gen_typedptr_intrinsics.py from LLVM 14's intrinsics. DO NOT EDIT.

package typedptr

// A pointeeRule gives the type of the pointer at position pos of an intrinsic's signature (0 the result, i >= 1 the i-th parameter).
type pointeeRule struct {
	pos   int8
	kind  pointeeKind
	ref   int8   // the position whose type the rule derives from (ptrToType, ptrToElt, vecOfPtrToElt)
	fixed string // ptrToFixed: the pointee, as LLVM assembly type text ("i32", "i8*", "<4 x i32>", "{ i8*, i32 }")
}

// A pointeeKind says how a pointeeRule derives its pointer's type.
type pointeeKind uint8

const (
	ptrToType     pointeeKind = iota // a pointer to the type at ref
	ptrToElt                         // a pointer to the element type of the vector at ref
	vecOfPtrToElt                    // a vector, as long as the one at ref, of pointers to its element type
	ptrToFixed                       // a pointer to the fixed type in fixed
)

// intrinsicPointees are, for each intrinsic of LLVM 14 (by its name
// without overload suffixes, e.g. "llvm.masked.load") that has a pointer
// whose pointee is not i8, the rules giving those pointees.
var intrinsicPointees = map[string][]pointeeRule{
"""


def gostr(s):
    return json.dumps(s)  # a JSON string of ASCII text is a Go string literal


def main():
    verbose = "-v" in sys.argv[1:]
    recs = tblgen()
    g = Gen(recs)
    table = {}
    for name in recs["!instanceof"]["Intrinsic"]:
        llvm, rules = g.intrinsic(name)
        if rules:
            if llvm in table:
                sys.exit(f"gen_typedptr_intrinsics.py: {llvm} twice")
            table[llvm] = rules
    lines = [HEADER]
    for llvm in sorted(table):
        parts = []
        for pos, kind, ref, fixed in table[llvm]:
            if kind == "ptrToFixed":
                parts.append(f"{{pos: {pos}, kind: {kind}, fixed: {gostr(fixed)}}}")
            else:
                parts.append(f"{{pos: {pos}, kind: {kind}, ref: {ref}}}")
        lines.append(f"\t{gostr(llvm)}: {{{', '.join(parts)}}},\n")
    lines.append("}\n")
    gofmt = shutil.which("gofmt")
    if not gofmt:
        sys.exit("gen_typedptr_intrinsics.py: no gofmt")
    src = subprocess.run([gofmt], input="".join(lines), capture_output=True, text=True, check=True).stdout
    with open(OUT, "w") as f:
        f.write(src)

    kinds = {}
    for rules in table.values():
        for r in rules:
            kinds[r[1]] = kinds.get(r[1], 0) + 1
    print(f"{len(table)} intrinsics, {sum(kinds.values())} rules: " +
          ", ".join(f"{k} {v}" for k, v in sorted(kinds.items())))
    print(f"left out (cannot be expressed): {len(g.left_out)}")
    if verbose:
        for llvm, why in g.left_out:
            print(f"  {llvm}: {why}")
        print(f"any-pointers with any pointee (no rule): {len(g.free)}")
        for llvm, pos, what in sorted(g.free):
            print(f"  {llvm} pos {pos}: {what}")
        unchecked = sorted(u for u in g.unchecked if u[0] in table)
        print("rules from LLVMAnyPointerType (declared; not checked by the verifier's"
              f" signature match, only by code of its own for some): {len(unchecked)}")
        for llvm, pos in unchecked:
            print(f"  {llvm} pos {pos}")


if __name__ == "__main__":
    main()
