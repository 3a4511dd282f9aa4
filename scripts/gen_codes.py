#!/usr/bin/env python3
"""Generate llvmir/codes_gen.go from LLVM 22's LLVMBitCodes.h and
FixedMetadataKinds.def.

Usage: scripts/gen_codes.py [LLVM_INCLUDE_DIR]

LLVM_INCLUDE_DIR defaults to /usr/lib/llvm-22/include. The script reads the
name = value pairs of each enumeration of llvm/Bitcode/LLVMBitCodes.h that
TYPES lists, and writes one Go type per enumeration: its constants (for the
types not declared by hand in llvmir/records.go) and a String method giving
LLVM's name. It runs gofmt on the output. CI does not run it: the generated
file is committed. It also writes the fixed metadata kinds of
llvm/IR/FixedMetadataKinds.def as MetadataKindID. The doc comments and the operand layouts are ours
(DOCS, LAYOUTS below), not LLVM's text.
"""
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
INC = sys.argv[1] if len(sys.argv) > 1 else "/usr/lib/llvm-22/include"
OUT = os.path.join(ROOT, "llvmir", "codes_gen.go")

# (LLVM enum, Go type, declared by hand in records.go, doc comment)
TYPES = [
    ("IdentificationCodes", "IdentificationCode", True, None),
    ("ModuleCodes", "ModuleCode", True, None),
    ("AttributeCodes", "AttributeCode", False,
     "AttributeCode is a record code inside PARAMATTR_BLOCK_ID (ID 9) and\n"
     "PARAMATTR_GROUP_BLOCK_ID (ID 10)."),
    ("TypeCodes", "TypeCode", False,
     "TypeCode is a record code inside TYPE_BLOCK_ID_NEW (ID 17): one type\n"
     "table entry per record, except NUMENTRY and STRUCT_NAME."),
    ("OperandBundleTagCode", "OperandBundleTagCode", False,
     "OperandBundleTagCode is a record code inside\n"
     "OPERAND_BUNDLE_TAGS_BLOCK_ID (ID 21)."),
    ("SyncScopeNameCode", "SyncScopeNameCode", False,
     "SyncScopeNameCode is a record code inside SYNC_SCOPE_NAMES_BLOCK_ID\n"
     "(ID 26)."),
    ("ValueSymtabCodes", "ValueSymtabCode", False,
     "ValueSymtabCode is a record code inside VALUE_SYMTAB_BLOCK_ID (ID 14)."),
    ("ModulePathSymtabCodes", "ModulePathSymtabCode", False,
     "ModulePathSymtabCode is a record code inside MODULE_STRTAB_BLOCK_ID\n"
     "(ID 19), the module paths of a combined summary."),
    ("GlobalValueSummarySymtabCodes", "SummaryCode", False,
     "SummaryCode is a record code inside GLOBALVAL_SUMMARY_BLOCK_ID (ID 20)\n"
     "and FULL_LTO_GLOBALVAL_SUMMARY_BLOCK_ID (ID 24): the FS_* codes of a\n"
     "ThinLTO summary, per-module or combined."),
    ("MetadataCodes", "MetadataCode", True, None),
    ("ConstantsCodes", "ConstantsCode", False,
     "ConstantsCode is a record code inside CONSTANTS_BLOCK_ID (ID 11). Each\n"
     "record but SETTYPE makes one constant of the current type."),
    ("CastOpcodes", "CastOpcode", False,
     "CastOpcode is the encoded cast of a FUNC_CODE_INST_CAST or\n"
     "CST_CODE_CE_CAST record; the values are not those of LLVM's in-memory\n"
     "opcodes."),
    ("UnaryOpcodes", "UnaryOpcode", False,
     "UnaryOpcode is the encoded operation of a FUNC_CODE_INST_UNOP or\n"
     "CST_CODE_CE_UNOP record."),
    ("BinaryOpcodes", "BinaryOpcode", False,
     "BinaryOpcode is the encoded operation of a FUNC_CODE_INST_BINOP or\n"
     "CST_CODE_CE_BINOP record. SDIV, UDIV, SREM and the others that have a\n"
     "floating-point twin (ADD is fadd, SDIV is fdiv, SREM is frem ...) mean\n"
     "it when the operands are floating point."),
    ("RMWOperations", "RMWOperation", False,
     "RMWOperation is the encoded operation of an atomicrmw instruction."),
    ("OverflowingBinaryOperatorOptionalFlags", "OverflowingFlag", False,
     "OverflowingFlag is a bit number in the optional flags operand of an\n"
     "add, sub, mul or shl (binop record): 1<<OBO_NO_SIGNED_WRAP is nsw."),
    ("TruncInstOptionalFlags", "TruncFlag", False,
     "TruncFlag is a bit number in the optional flags operand of a trunc\n"
     "(cast record)."),
    ("FastMathMap", "FastMathFlag", False,
     "FastMathFlag is a bit mask in the fast-math flags operand of a\n"
     "floating-point instruction or call (the encoding of LLVM 5 and later)."),
    ("PossiblyNonNegInstOptionalFlags", "NonNegFlag", False,
     "NonNegFlag is a bit number in the optional flags operand of a zext or\n"
     "uitofp (cast record)."),
    ("PossiblyExactOperatorOptionalFlags", "ExactFlag", False,
     "ExactFlag is a bit number in the optional flags operand of a udiv,\n"
     "sdiv, lshr or ashr (binop record)."),
    ("PossiblyDisjointInstOptionalFlags", "DisjointFlag", False,
     "DisjointFlag is a bit number in the optional flags operand of an or\n"
     "(binop record)."),
    ("MetadataOperandBundleValueMarker", "OperandBundleMarker", False,
     "OperandBundleMarker marks an operand of a FUNC_CODE_OPERAND_BUNDLE\n"
     "record as metadata rather than a value (ORed into the operand)."),
    ("GetElementPtrOptionalFlags", "GEPFlag", False,
     "GEPFlag is a bit number in the flags operand of a FUNC_CODE_INST_GEP or\n"
     "CST_CODE_CE_GEP record."),
    ("ICmpOptionalFlags", "ICmpFlag", False,
     "ICmpFlag is a bit number in the optional flags operand of an icmp\n"
     "(FUNC_CODE_INST_CMP2 record)."),
    ("AtomicOrderingCodes", "AtomicOrderingCode", False,
     "AtomicOrderingCode is the encoded memory ordering of an atomic load,\n"
     "store, cmpxchg, atomicrmw or fence."),
    ("CallMarkersFlags", "CallMarkersFlag", False,
     "CallMarkersFlag is a bit number in the calling-convention operand of a\n"
     "FUNC_CODE_INST_CALL record: the bits CALL_CCONV and up hold the\n"
     "calling convention, the others the markers named here."),
    ("FunctionCodes", "FunctionCode", False,
     "FunctionCode is a record code inside FUNCTION_BLOCK_ID (ID 12): one\n"
     "instruction per INST record, plus block count, debug locations, debug\n"
     "records and operand bundles."),
    ("UseListCodes", "UseListCode", False,
     "UseListCode is a record code inside USELIST_BLOCK_ID (ID 18)."),
    ("AttributeKindCodes", "AttributeKindCode", False,
     "AttributeKindCode is the encoded kind of an attribute in a\n"
     "PARAMATTR_GRP_CODE_ENTRY record. Package ir/bitcode maps it to\n"
     "ir.AttrKind."),
    ("ComdatSelectionKindCodes", "ComdatSelectionKindCode", False,
     "ComdatSelectionKindCode is the encoded selection kind of a\n"
     "MODULE_CODE_COMDAT record. Codes outside 1-5 read as any."),
    ("StrtabCodes", "StrtabCode", True, None),
    ("SymtabCodes", "SymtabCode", True, None),
]

# One-line comments on codes whose operands are worth knowing, in our words.
LAYOUTS = {
    "FUNC_CODE_DECLAREBLOCKS": "[nblocks]",
    "FUNC_CODE_INST_BINOP": "[lhs, rhs, opcode, flags?]",
    "FUNC_CODE_INST_CAST": "[val, destty, opcode, flags?]",
    "FUNC_CODE_INST_SELECT": "old select: [ty, true, false, cond]",
    "FUNC_CODE_INST_CMP": "[lhs, rhs, pred]",
    "FUNC_CODE_INST_RET": "[val?]",
    "FUNC_CODE_INST_BR": "[truebb, falsebb, cond] or [bb]",
    "FUNC_CODE_INST_SWITCH": "[opty, cond, defaultbb, (caseval, bb)...]",
    "FUNC_CODE_INST_INVOKE": "[attrs, cc, normalbb, unwindbb, fnty?, callee, args...]",
    "FUNC_CODE_INST_PHI": "[ty, (signed val, bb)..., flags?]",
    "FUNC_CODE_INST_ALLOCA": "[instty, opty, size, align/flags, addrspace?]",
    "FUNC_CODE_INST_LOAD": "[ptr, ty, align, volatile]",
    "FUNC_CODE_INST_CMP2": "[lhs, rhs, pred, flags?]",
    "FUNC_CODE_INST_VSELECT": "[true, false, cond, flags?]",
    "FUNC_CODE_INST_CALL": "[attrs, cc, fmf?, fnty?, callee, args...]",
    "FUNC_CODE_DEBUG_LOC": "[line, col, scope, inlinedat, implicit, atomgroup?, atomrank?]",
    "FUNC_CODE_INST_FENCE": "[ordering, syncscope]",
    "FUNC_CODE_INST_LOADATOMIC": "[ptr, ty, align, volatile, ordering, syncscope]",
    "FUNC_CODE_INST_GEP": "[flags, srcty, ptr, indices...]",
    "FUNC_CODE_INST_STORE": "[ptr, val, align, volatile]",
    "FUNC_CODE_INST_STOREATOMIC": "[ptr, val, align, volatile, ordering, syncscope]",
    "FUNC_CODE_INST_CMPXCHG": "[ptr, cmp, new, volatile, success, syncscope, failure, weak, align?]",
    "FUNC_CODE_INST_ATOMICRMW": "[ptr, val, op, volatile, ordering, syncscope, align?]",
    "FUNC_CODE_OPERAND_BUNDLE": "[tag, values...] (one per bundle, before its call)",
    "FUNC_CODE_INST_UNOP": "[val, opcode, flags?]",
    "FUNC_CODE_INST_FREEZE": "[val]",
    "FUNC_CODE_BLOCKADDR_USERS": "[values...] that use a blockaddress of this function",
    "FUNC_CODE_DEBUG_RECORD_VALUE": "[loc, var, expr, value-as-metadata]",
    "FUNC_CODE_DEBUG_RECORD_DECLARE": "[loc, var, expr, value-as-metadata]",
    "FUNC_CODE_DEBUG_RECORD_ASSIGN": "[loc, var, expr, value, assignid, addrexpr, addr]",
    "FUNC_CODE_DEBUG_RECORD_VALUE_SIMPLE": "[loc, var, expr, value]",
    "FUNC_CODE_DEBUG_RECORD_LABEL": "[loc, label]",
    "FUNC_CODE_DEBUG_RECORD_DECLARE_VALUE": "[loc, var, expr, value-as-metadata]",
    "CST_CODE_SETTYPE": "[typeid] sets the type of the records that follow",
    "CST_CODE_INTEGER": "[signed-vbr value]",
    "CST_CODE_WIDE_INTEGER": "[signed-vbr words...], least significant first",
    "CST_CODE_FLOAT": "[bits...]",
    "CST_CODE_AGGREGATE": "[valueids...]",
    "CST_CODE_STRING": "[chars...]",
    "CST_CODE_CSTRING": "[chars...] plus an implied NUL",
    "CST_CODE_CE_BINOP": "[opcode, lhs, rhs, flags?]",
    "CST_CODE_CE_CAST": "[opcode, opty, val]",
    "CST_CODE_CE_CMP": "[opty, lhs, rhs, pred]",
    "CST_CODE_BLOCKADDRESS": "[fnty, fn, bb]",
    "CST_CODE_DATA": "[elements...]",
    "CST_CODE_CE_UNOP": "[opcode, val]",
    "CST_CODE_DSO_LOCAL_EQUIVALENT": "[gvty, gv]",
    "CST_CODE_NO_CFI_VALUE": "[fnty, fn]",
    "CST_CODE_INLINEASM": "[fnty, flags, asmlen, asm..., conslen, cons...]",
    "CST_CODE_CE_GEP_WITH_INRANGE": "[srcty, flags, rangebits, range..., (ty, val)...]",
    "CST_CODE_CE_GEP": "[srcty, flags, (ty, val)...]",
    "CST_CODE_PTRAUTH": "[ptr, key, disc, addrdisc]",
    "CST_CODE_PTRAUTH2": "[ptr, key, disc, addrdisc, deactivationsym]",
    "TYPE_CODE_NUMENTRY": "[count] of the table's entries",
    "TYPE_CODE_INTEGER": "[width]",
    "TYPE_CODE_POINTER": "typed pointer: [pointee, addrspace?]",
    "TYPE_CODE_FUNCTION_OLD": "[vararg, attrs, ret, params...]",
    "TYPE_CODE_ARRAY": "[len, elem]",
    "TYPE_CODE_VECTOR": "[len, elem, scalable?]",
    "TYPE_CODE_X86_MMX": "read as <1 x i64> by LLVM 22",
    "TYPE_CODE_STRUCT_ANON": "[packed, fields...]",
    "TYPE_CODE_STRUCT_NAME": "[chars...] names the next entry",
    "TYPE_CODE_STRUCT_NAMED": "[packed, fields...]",
    "TYPE_CODE_FUNCTION": "[vararg, ret, params...]",
    "TYPE_CODE_OPAQUE_POINTER": "[addrspace]",
    "TYPE_CODE_TARGET_TYPE": "[ntypes, types..., ints...], named by STRUCT_NAME",
    "PARAMATTR_CODE_ENTRY_OLD": "[paramidx, attrbits...] (LLVM 3.2 and older)",
    "PARAMATTR_CODE_ENTRY": "[groupids...]",
    "PARAMATTR_GRP_CODE_ENTRY": "[groupid, paramidx, (encoding, kind, values...)...]",
    "VST_CODE_ENTRY": "[valueid, chars...]",
    "VST_CODE_BBENTRY": "[bbid, chars...]",
    "VST_CODE_FNENTRY": "[valueid, offset, chars...]",
    "VST_CODE_COMBINED_ENTRY": "[valueid, refguid]",
    "MST_CODE_ENTRY": "[modid, chars...]",
    "MST_CODE_HASH": "[5 x i32] of the entry before it",
    "USELIST_CODE_DEFAULT": "[indexes..., valueid]",
    "USELIST_CODE_BB": "[indexes..., bbid]",
    "OPERAND_BUNDLE_TAG": "[chars...]",
    "SYNC_SCOPE_NAME": "[chars...]",
}

ENUM_RE = re.compile(r"enum\s+(\w+)\s*(?::\s*\w+\s*)?\{(.*?)\};", re.S)
ITEM_RE = re.compile(r"^\s*(\w+)\s*=\s*(?:\(\s*)?(0x[0-9a-fA-F]+|\d+)(?:\s*<<\s*(\d+)\s*\))?", re.M)


def strip_comments(s):
    s = re.sub(r"/\*.*?\*/", "", s, flags=re.S)
    return re.sub(r"//[^\n]*", "", s)


def parse(path):
    text = strip_comments(open(path).read())
    enums = {}
    for m in ENUM_RE.finditer(text):
        items = []
        for part in m.group(2).split(","):
            im = ITEM_RE.match(part.strip())
            if not im:
                continue
            v = int(im.group(2), 0)
            if im.group(3):
                v <<= int(im.group(3))
            items.append((im.group(1), v))
        enums[m.group(1)] = items
    return enums


def comment(text, indent=""):
    return "".join(f"{indent}// {line}\n" for line in text.split("\n"))


def metadata_kinds(path):
    """The fixed metadata kinds of LLVMContext, from FixedMetadataKinds.def."""
    text = strip_comments(open(path).read())
    kinds = [(m.group(1), m.group(2), int(m.group(3))) for m in
             re.finditer(r'LLVM_FIXED_MD_KIND\(\s*(\w+)\s*,\s*"([^"]*)"\s*,\s*(\d+)\s*\)', text)]
    if [v for _, _, v in kinds] != list(range(len(kinds))):
        sys.exit("FixedMetadataKinds.def: IDs are not 0, 1, 2, ...")
    o = ["// MetadataKindID is the ID LLVM 22 gives a fixed metadata kind in memory\n",
         "// (LLVMContext::MD_*, FixedMetadataKinds.def). A file's METADATA_KIND\n",
         "// records give their own IDs to kind names; llvm-dis orders the\n",
         "// attachments of an instruction by these IDs, then the other kinds in the\n",
         "// order the file names them.\n",
         "type MetadataKindID uint32\n\n",
         "// The fixed metadata kinds of LLVM 22.\nconst (\n"]
    for name, _, v in kinds:
        o.append(f"\t{name} MetadataKindID = {v}\n")
    o.append(")\n\n")
    o.append(f"// NumFixedMetadataKinds is the number of fixed metadata kinds of LLVM 22:\n// the first ID LLVM gives another kind.\nconst NumFixedMetadataKinds = {len(kinds)}\n\n")
    o.append("// metadataKindNames holds the names of the fixed metadata kinds, by ID.\n")
    o.append("var metadataKindNames = [...]string{\n")
    for name, s, _ in kinds:
        o.append(f'\t{name}: "{s}",\n')
    o.append("}\n\n")
    o.append('// String returns the name of kind k as IR spells it after "!" ("dbg",\n'
             '// "tbaa.struct"), or "MetadataKindID(n)" for an ID past the fixed kinds.\n'
             "func (k MetadataKindID) String() string {\n"
             "\tif int(k) < len(metadataKindNames) {\n\t\treturn metadataKindNames[k]\n\t}\n"
             '\treturn "MetadataKindID(" + strconv.FormatUint(uint64(k), 10) + ")"\n}\n\n')
    o.append("// FixedMetadataKind returns the ID of the fixed metadata kind named name,\n"
             "// and false when name is not one of them. It does not allocate.\n"
             "func FixedMetadataKind(name string) (MetadataKindID, bool) {\n"
             "\tfor i, n := range metadataKindNames {\n\t\tif n == name {\n"
             "\t\t\treturn MetadataKindID(i), true\n\t\t}\n\t}\n\treturn 0, false\n}\n")
    return "".join(o)


def main():
    enums = parse(os.path.join(INC, "llvm/Bitcode/LLVMBitCodes.h"))
    out = ["// Code generated by scripts/gen_codes.py from LLVM 22's LLVMBitCodes.h and FixedMetadataKinds.def. DO NOT EDIT.\n\n",
           "package llvmir\n\n", 'import "strconv"\n\n']
    for enum, gotype, byhand, doc in TYPES:
        items = enums[enum]
        if not items:
            sys.exit(f"enum {enum}: no items")
        if not byhand:
            out.append(comment(doc))
            out.append(f"type {gotype} uint32\n\n")
            out.append(f"// {gotype} values (LLVM's {enum}).\nconst (\n")
            for name, v in items:
                if name in LAYOUTS:
                    out.append(f"\t// {name} {LAYOUTS[name]}.\n")
                out.append(f"\t{name} {gotype} = {v:#x}\n" if v >= 1 << 16 else f"\t{name} {gotype} = {v}\n")
            out.append(")\n\n")
        table = gotype[0].lower() + gotype[1:] + "Names"
        maxv = max(v for _, v in items)
        if maxv < 256:
            out.append(f"// {table} holds LLVM's names of the {gotype} values, by value.\n")
            out.append(f"var {table} = [...]string{{\n")
            for name, v in items:
                out.append(f'\t{name}: "{name}",\n')
            out.append("}\n\n")
            out.append(f"// String returns LLVM's name of c, or \"{gotype}(n)\" for a value it\n// does not define.\n")
            out.append(f"func (c {gotype}) String() string {{\n")
            out.append(f'\tif int(c) < len({table}) && {table}[c] != "" {{\n\t\treturn {table}[c]\n\t}}\n')
        else:
            out.append(f"// String returns LLVM's name of c, or \"{gotype}(n)\" for a value it\n// does not define.\n")
            out.append(f"func (c {gotype}) String() string {{\n\tswitch c {{\n")
            for name, v in items:
                out.append(f'\tcase {name}:\n\t\treturn "{name}"\n')
            out.append("\t}\n")
        out.append(f'\treturn "{gotype}(" + strconv.FormatUint(uint64(c), 10) + ")"\n}}\n\n')
    out.append(metadata_kinds(os.path.join(INC, "llvm/IR/FixedMetadataKinds.def")))
    with open(OUT, "w") as f:
        f.write("".join(out))
    subprocess.run(["gofmt", "-w", OUT], check=True)


if __name__ == "__main__":
    main()
