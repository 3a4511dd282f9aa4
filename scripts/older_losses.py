#!/usr/bin/env python3
"""older_losses.py - whether two llvm-dis-22 texts differ only where
`bcextract convert --llvm N` said it dropped or rewrote something.

Usage: older_losses.py REF BACK ERR

REF is the text of LLVM 22's own round trip of a module (opt-22 F), BACK
the text of LLVM N's round trip of what convert --llvm N wrote (opt-N
OUT), both as conformance_older.sh's norm() prints them (attribute groups
set aside); ERR is convert's stderr, whose lines "PATH: for LLVM N: K x
KIND" say what it dropped or rewrote.

For each reported KIND that a rule below knows, what the kind names is set
aside in both texts (a dropped flag or attribute taken out of REF; the
bitcasts between pointers that typed pointers needed, which LLVM 22 reads
back as `bitcast ptr %a to ptr`, taken out of BACK, and the values
renumbered): the texts must then be the same. Prints one line:
  same                  the same once the reported losses are set aside
  folded                the same but for constant getelementptrs LLVM N's
                        constant folder made others of (as for "read as
                        written")
  rewritten KIND...     different, and a reported kind is a rewrite no
                        rule sets aside (llvm.is.fpclass as bit tests, an
                        atomicrmw as a cmpxchg loop...): not compared
  different N LINE      different beyond what was reported: N lines of
                        REF, the first that differs
Exit status 0 for same, folded or rewritten, 1 for different.

Usage: older_losses.py --minllvm [--mem-call-attrs] <TEXT >TEXT

conformance_minllvm.sh's mode: a filter of one llvm-dis-22 text (see
minllvm_text), the artifacts of comparing LLVM N's round trip with LLVM
22's set aside.
"""
import re
import sys

# Flags of instructions and constant expressions: the kind, and the text
# taken out of REF (a regular expression, replaced by its group 1).
FLAG_RULES = {
    "icmp samesign flag (dropped)": [(r"\b(icmp )samesign ", r"\1")],
    "zext nneg flag (dropped)": [(r"\b(zext )nneg ", r"\1")],
    "uitofp nneg flag (dropped)": [(r"\b(uitofp )nneg ", r"\1")],
    "trunc nuw/nsw flags (dropped)": [(r"\b(trunc )(?:nuw |nsw )+", r"\1")],
    "or disjoint flag (dropped)": [(r"\b(or )disjoint ", r"\1")],
    "getelementptr nuw flag (dropped)": [(r"\b(getelementptr (?:inbounds |nusw )?)nuw ", r"\1")],
    "getelementptr nusw flag (dropped)": [(r"\b(getelementptr )nusw ", r"\1")],
    "getelementptr inrange (dropped)": [(r"\b(getelementptr [^(]*?)inrange\(-?\d+, -?\d+\) ", r"\1")],
    "fast-math flags on fpext (dropped)": [(r"\b(fpext )(?:(?:fast|nnan|ninf|nsz|arcp|contract|afn|reassoc) )+", r"\1")],
    "fast-math flags on fptrunc (dropped)": [(r"\b(fptrunc )(?:(?:fast|nnan|ninf|nsz|arcp|contract|afn|reassoc) )+", r"\1")],
    "ptrtoaddr (written as ptrtoint)": [(r"\bptrtoaddr\b", "ptrtoint")],
    "module flag behaviour min (written as max)": [(r"^(!\d+ = !\{)i32 8, ", r"\1i32 7, ")],
    "DILocation atomGroup/atomRank (dropped)": [(r", atomGroup: \d+, atomRank: \d+", "")],
    "DISubprogram keyInstructions (dropped)": [(r", keyInstructions: true", "")],
    "DILabel column (dropped)": [(r"(!DILabel\(.*?), column: \d+", r"\1")],
    "DILabel isArtificial (dropped)": [(r"(!DILabel\(.*?), isArtificial: true", r"\1")],
    'branch_weights origin ("expected") (dropped)': [(r'(!\{!"branch_weights", )!"expected", ', r"\1")],
    "global sanitizer metadata (dropped)": [
        (r", (?:no_sanitize_address|no_sanitize_hwaddress|sanitize_memtag|sanitize_address_dyninit)\b", "")],
    "captures(...) attribute other than none (dropped)": [(r" captures\((?!none\))[^)]*\)", "")],
    "DILabel coroSuspendIdx (dropped)": [(r", coroSuspendIdx: \d+", "")],
    "DIBasicType dataSize (dropped)": [(r"(!DIBasicType\(.*?), dataSize: \d+", r"\1")],
    "DIDerivedType static member DW_TAG_variable (written as DW_TAG_member)": [
        (r"(!DIDerivedType\(tag: )DW_TAG_variable(?=.*DIFlagStaticMember)", r"\1DW_TAG_member")],
    "llvm.fake.use call (dropped)": [(r"^  (?:notail )?call void \(\.\.\.\) @llvm\.fake\.use\(.*$", None),
                                     (r"^declare void @llvm\.fake\.use\(\.\.\.\).*$", None)],
    "llvm.fake.use declaration (taken out: its calls dropped)": [(r"^declare void @llvm\.fake\.use\(\.\.\.\).*$", None)],
    "global code_model (dropped)": [(r'^(@.*), code_model "\w+"', r"\1")],
    # Convergence control tokens and assume's separate_storage bundles,
    # for a reader that lacks them (13 to 16; 13 to 15): what was dropped
    # taken out of both texts (the calls that used a token were made
    # convergent: an attribute, set aside).
    "llvm.experimental.convergence.* call (dropped)": [
        (r"^  %[-\w.]+ = call token @llvm\.experimental\.convergence\.\w+\(.*$", None)],
    "llvm.experimental.convergence.* declaration (taken out: its calls dropped, and the convergencectrl bundles)": [
        (r"^declare token @llvm\.experimental\.convergence\.\w+\(.*$", None)],
    "convergencectrl operand bundle (dropped)": [
        (r' \[ "convergencectrl"\(token %[-\w.]+\) \]', ""),
        (r', "convergencectrl"\(token %[-\w.]+\)', ""),
        (r'"convergencectrl"\(token %[-\w.]+\), ', "")],
    "separate_storage operand bundle (dropped)": [
        (r' \[ "separate_storage"\(ptr [^,()]+, ptr [^()]+\) \]', ""),
        (r', "separate_storage"\(ptr [^,()]+, ptr [^()]+\)', ""),
        (r'"separate_storage"\(ptr [^,()]+, ptr [^()]+\), ', "")],
    "llvm.ldexp (written as llvm.amdgcn.ldexp)": [(r"@llvm\.ldexp\.(f\d+|v\d+f\d+)\.i32\b", r"@llvm.amdgcn.ldexp.\1")],
    # (A declaration both names then stand for is one: canonical() keeps
    # each declaration once.)
    "llvm.memset.inline (written as llvm.memset: it may become a call of memset)": [
        (r"@llvm\.memset\.inline\.", "@llvm.memset.")],
    "ptrauth constant (written as its pointer, unsigned)": [
        (r"ptrauth \(ptr(?: addrspace\(\d+\))? (@[-\w.$\"]+|null), [^()]*\)", r"\1")],
    "no_cfi (written as the function itself: under CFI, the address of its jump table entry)": [
        (r"\bno_cfi (?=@)", "")],
    # (For LLVM 13; whichever of the two is reported, what is left aligned
    # above 2^29 is of that kind.)
    "alignment of a memory access above 2^29 (written as 2^29)": [
        (r", align (?:1073741824|2147483648|4294967296)\b", ", align 536870912")],
    "alignment of a global, function or alloca above 2^29 (written as 2^29: it may be placed less aligned than its code assumes)": [
        (r", align (?:1073741824|2147483648|4294967296)\b", ", align 536870912"),
        (r"\) align (?:1073741824|2147483648|4294967296)\b", ") align 536870912")],
    "DIFixedPointType kind, factor and rational scale (written as a DIBasicType)": [
        (r"!DIFixedPointType\((.*?), kind: \w+(?:, factor: -?\d+|, numerator: -?\d+, denominator: -?\d+)?\)$",
         r"!DIBasicType(\1)")],
}
# The coroutine await intrinsics given, for a reader before LLVM 19, as
# calls of their wrappers.
for ret in ["void", "bool"]:
    FLAG_RULES["llvm.coro.await.suspend.%s call (as a call of its await_suspend wrapper, as clang 18 called await_suspend)" % ret] = [
        (r"@llvm\.coro\.await\.suspend\.%s\((ptr [^,]+, ptr [^,]+), ptr (@[-\w.$\"]+)\)" % ret, r"\2(\1)"),
        (r"^declare \w+ @llvm\.coro\.await\.suspend\.%s\(.*$" % ret, None)]

# The math intrinsics given, for a reader that lacks them, as the C
# library's functions (float: f suffix).
for fn in ["tan", "asin", "acos", "atan", "sinh", "cosh", "tanh", "exp10", "atan2", "ldexp"]:
    rules = [(r"@llvm\.%s\.f64\b(?:\.i32)?" % fn, "@" + fn), (r"@llvm\.%s\.f32\b(?:\.i32)?" % fn, "@" + fn + "f")]
    FLAG_RULES["llvm.%s (written as a call of @%s)" % (fn, fn)] = rules
    FLAG_RULES["llvm.%s (written as a call of @%sf)" % (fn, fn)] = rules

# A debug record whose expression the reader's verifier does not take is
# given a kill location (the value poison, the expression but its
# fragment dropped): on both sides, such a record and a kill location
# become KILLED.
_KILL_OPS = ["eq", "ne", "lt", "le", "gt", "ge", "abs", "neg", "rot", "LLVM_extract_bits_sext", "LLVM_extract_bits_zext"]
_KILL_RULES = [
    (r"^(\s+#dbg_(?:value|declare|assign)\()(.+?), (!\d+), !DIExpression\([^()]*\bDW_OP_(?:%s)\b[^()]*\)(.*)$"
     % "|".join(_KILL_OPS), r"\1KILLED, \3, KILLED\4"),
    (r"^(\s+#dbg_(?:value|declare|assign)\().+? poison, (!\d+), !DIExpression\((?:DW_OP_LLVM_fragment, \d+, \d+)?\)(.*)$",
     r"\1KILLED, \2, KILLED\3"),
]
for op in _KILL_OPS:
    FLAG_RULES["debug record of a DIExpression with DW_OP_%s (written as a kill location: the variable optimized out)"
               % op] = _KILL_RULES

# An imported entity of a function's scope, left out of its subprogram's
# retainedNodes for a reader before LLVM 17: taken out of LLVM 22's text
# (the node, and its place in the tuples that list it).
LOCAL_IMPORT_KIND = "DIImportedEntity of a local scope in retainedNodes (dropped)"
_NODE = re.compile(r"^(!\d+) = (.*)$")
_LOCAL_SCOPE = re.compile(r"^(?:distinct )?!DI(?:Subprogram|LexicalBlock|LexicalBlockFile)\(")


# !annotation tuples (a string and its parameters) written, for a reader
# before LLVM 17, as their strings: in LLVM 22's text, each tuple in a
# node an !annotation attachment names becomes its string, and the tuple
# goes if nothing else names it.
ANNOTATION_KIND = "!annotation parameters (dropped)"
_ANNOTATION_USE = re.compile(r"!annotation !(\d+)\b")
_MD_OPERAND = re.compile(r'!"(?:[^"\\]|\\.)*"|![0-9]+|[^,\s][^,]*')


def drop_annotation_params(lines):
    defs = {}
    for i, line in enumerate(lines):
        m = _NODE.match(line)
        if m:
            defs[m.group(1)] = i
    lists = {"!" + n for line in lines for n in _ANNOTATION_USE.findall(line)}
    tuples = set()
    out = list(lines)
    for n in lists:
        i = defs.get(n)
        body = _NODE.match(out[i]).group(2) if i is not None else ""
        if not (body.startswith("!{") and body.endswith("}")):
            continue
        ops = []
        for op in _MD_OPERAND.findall(body[2:-1]):
            j = defs.get(op)
            t = _NODE.match(out[j]).group(2) if j is not None else ""
            m = re.match(r'^!\{(!"(?:[^"\\]|\\.)*")(?:, .*)?\}$', t)
            if m:
                ops.append(m.group(1))
                tuples.add(op)
            else:
                ops.append(op)
        out[i] = n + " = !{" + ", ".join(ops) + "}"
    return drop_unnamed(out, tuples)


def drop_unnamed(lines, nodes):
    """lines without the definitions of those of nodes no other line
    names, and then of the nodes only those named."""
    while nodes:
        named, gone = set(), set()
        for line in lines:
            m = _NODE.match(line)
            named.update("!" + n for n in MDREF.findall(m.group(2) if m else line))
        out = []
        for line in lines:
            m = _NODE.match(line)
            if m and m.group(1) in nodes - named:
                gone.update("!" + n for n in MDREF.findall(m.group(2)))
            else:
                out.append(line)
        lines, nodes = out, gone
    return lines


# !memprof attachments dropped (a reader before LLVM 17): taken out of
# LLVM 22's text, with the nodes they alone name.
MEMPROF_KIND = "!memprof metadata (dropped)"


# Assignment tracking, for a reader before LLVM 17 (LLVM 19 before debug
# records for llvm.dbg.assign): each #dbg_assign written as the
# llvm.dbg.value of its value, variable, expression and location, and the
# DIAssignID attachments dropped; in LLVM 22's text the records become
# those #dbg_value, the attachments go, and so do the DIAssignID nodes.
DBG_ASSIGN_KIND = "#dbg_assign record (written as llvm.dbg.value)"
ASSIGN_ID_KIND = "!DIAssignID attachment (dropped)"
_DBG_ASSIGN = re.compile(r"^(\s+)#dbg_assign\((.*)\)$")


def dbg_assign_as_value(lines):
    out = []
    for line in lines:
        m = _DBG_ASSIGN.match(line)
        if m:
            args, depth, start = [], 0, 0
            body = m.group(2)
            for j, c in enumerate(body):
                if c == "(":
                    depth += 1
                elif c == ")":
                    depth -= 1
                elif c == "," and depth == 0:
                    args.append(body[start:j].strip())
                    start = j + 1
            args.append(body[start:].strip())
            if len(args) == 7:
                line = "%s#dbg_value(%s)" % (m.group(1), ", ".join(args[:3] + args[6:]))
        out.append(line)
    ids = {m.group(1) for l in out if (m := _NODE.match(l)) and m.group(2) == "distinct !DIAssignID()"}
    return drop_unnamed(out, ids)


def drop_assign_ids(lines):
    out = [re.sub(r", !DIAssignID !\d+", "", l) for l in lines]
    ids = {m.group(1) for l in out if (m := _NODE.match(l)) and m.group(2) == "distinct !DIAssignID()"}
    return drop_unnamed(out, ids)


def drop_local_imports(lines):
    defs = {}
    for line in lines:
        m = _NODE.match(line)
        if m:
            defs[m.group(1)] = m.group(2)
    local = set()
    for k, v in defs.items():
        scope = re.search(r"\bscope: (!\d+)", v) if v.startswith("!DIImportedEntity(") else None
        if scope and _LOCAL_SCOPE.match(defs.get(scope.group(1), "")):
            local.add(k)
    if not local:
        return lines
    out = []
    for line in lines:
        m = _NODE.match(line)
        if m and m.group(1) in local:
            continue
        if m and m.group(2).startswith("!{") and m.group(2).endswith("}"):
            ops = [o for o in m.group(2)[2:-1].split(", ") if o and o not in local]
            line = "%s = !{%s}" % (m.group(1), ", ".join(ops))
        out.append(line)
    # What only those entities named (their namespace, say) is no longer
    # printed either.
    ref = re.compile(r"!\d+\b")
    while True:
        used = set()
        for line in out:
            m = _NODE.match(line)
            used.update(ref.findall(m.group(2) if m else line))
        kept = [l for l in out if not (_NODE.match(l) and _NODE.match(l).group(1) not in used)]
        if len(kept) == len(out):
            return out
        out = kept


# Kinds that change nothing llvm-dis-22 prints once attribute groups are
# set aside (function attributes), or nothing at all (the summary, which
# opt-22 drops too).
SILENT = {
    "module summary (not written)",
    "memory attribute with per-location accesses (written as the legacy attributes of their union)",
    "memory attribute: errnomem effects beyond other memory's (merged into other memory)",
    "memory attribute: target_mem effects beyond inaccessible memory's (merged into inaccessible memory)",
    'uwtable(sync) attribute (written as uwtable, read back as async)',
    '"frame-pointer"="non-leaf-no-reserve" (written as "non-leaf")',
    "bitcast constant expressions made between typed pointers",  # LLVM 22 folds them away
    "call with a convergencectrl bundle (made convergent)",  # a call-site attribute
    '"ptrauth" operand bundle (kept; LLVM 14 and older know no meaning of it)',  # read back as it was
}

# A call of llvm.threadlocal.address, given for a reader before LLVM 16
# as its variable; and its declaration, taken out of the module.
AE_ALIAS_KIND = "available_externally alias (written as an external declaration)"
AE_ALIAS = re.compile(r'^(@[-\w.$]+|@"[^"]*") = available_externally .*\balias ')
DECLARED = re.compile(r'^(?:(@[-\w.$]+|@"[^"]*") = external .*\bglobal |declare .*?(@[-\w.$]+|@"[^"]*")\()')


def drop_ae_aliases(ref, back):
    """ref without its available_externally aliases, and back without the
    external declarations written in their places (a global variable's
    among the globals, a function's among the declarations)."""
    names = {m.group(1) for l in ref if (m := AE_ALIAS.match(l))}

    def declared(l):
        m = DECLARED.match(l)
        return m is not None and (m.group(1) or m.group(2)) in names
    return [l for l in ref if not AE_ALIAS.match(l)], [l for l in back if not declared(l)]


GVE_KIND = re.compile(r"^DIGlobalVariableExpression with (DW_OP_\w+) \(the variable optimized out: "
                      r"its expression emptied, its global's !dbg dropped\)$")
_GVE = re.compile(r"^(!\d+) = !DIGlobalVariableExpression\((.*)expr: !DIExpression\(([^)]*)\)\)$")
_FRAGMENT = re.compile(r"DW_OP_LLVM_fragment, \d+, \d+")


def kill_global_exprs(ref, op):
    """ref with each global variable expression whose expression holds op
    as convert writes it for an older reader: the expression but its
    fragment emptied, and the global's !dbg attachment of it dropped."""
    killed, out = set(), []
    for l in ref:
        m = _GVE.match(l)
        if m and re.search(r"\b%s\b" % op, m.group(3)):
            killed.add(m.group(1))
            frag = _FRAGMENT.search(m.group(3))
            l = "%s = !DIGlobalVariableExpression(%sexpr: !DIExpression(%s))" % (
                m.group(1), m.group(2), frag.group(0) if frag else "")
        out.append(l)
    if not killed:
        return out
    att = re.compile(r", !dbg (%s)\b" % "|".join(re.escape(k) for k in killed))
    return [att.sub("", l) if l.startswith("@") else l for l in out]


TLS_KIND = "llvm.threadlocal.address call (its variable used in its place)"
TLS_DECL_KIND = "llvm.threadlocal.address declaration (taken out: its calls given as their variables)"
TLS_DECL = re.compile(r"^declare (?:\w+ )*ptr(?: addrspace\(\d+\))? @llvm\.threadlocal\.address\.")

# The bitcasts typed pointers need, which LLVM 22 reads back as
# instructions of no effect.
TYPED_CASTS = "bitcast instructions inserted between typed pointers (LLVM 22 reads them back as bitcast of ptr to ptr)"

ATTR_KIND = re.compile(r"^(\S+) attribute \(dropped(?:;[^)]*)?\)$")


def kinds(err):
    out = set()
    for line in open(err, errors="replace"):
        m = re.search(r": for LLVM \d+: \d+ x (.*)$", line.rstrip("\n"))
        if m:
            out.add(m.group(1))
    return out


def past_parens(line, j):
    """The index past the parenthesis that closes the one at line[j]
    (the end of the line when none does)."""
    depth = 0
    while j < len(line):
        if line[j] == "(":
            depth += 1
        elif line[j] == ")":
            depth -= 1
            if depth == 0:
                return j + 1
        j += 1
    return j


def drop_attr(text, name):
    """Takes parameter, return and call-site attribute `name` (with its
    parenthesized argument, if any) out of the lines of IR (not metadata)."""
    pat = re.compile(r" " + re.escape(name) + r"(?=[ (,)])")
    out = []
    for line in text:
        if line.startswith("!") or name not in line:
            out.append(line)
            continue
        i = 0
        res = []
        for m in pat.finditer(line):
            if m.start() < i:
                continue
            j = m.end()
            if j < len(line) and line[j] == "(":
                j = past_parens(line, j)
            res.append(line[i:m.start()])
            i = j
        res.append(line[i:])
        out.append("".join(res))
    return out


CAST = re.compile(r"^  (?P<dst>%[-\w.$]+) = bitcast (ptr(?: addrspace\(\d+\))?) (?P<src>%[-\w.$]+|@[-\w.$]+) to \2$")
# A call of llvm.threadlocal.address, which a reader before LLVM 16 is
# given the variable in place of.
TLS = re.compile(r"^  (?P<dst>%[-\w.$]+) = (?:tail |notail )?call (?:align \d+ )?ptr(?: addrspace\(\d+\))? "
                 r"@llvm\.threadlocal\.address\.p\d+\(ptr(?: addrspace\(\d+\))? (?:nonnull )?(?:align \d+ )?(?P<src>@[-\w.$\"]+)\)(?:, !.*)?$")
BLOCKADDRESS = re.compile(r"blockaddress\((@[-\w.$\"]+), %(\d+)\)")
LOCAL = re.compile(r"%(\d+)\b")
LABEL = re.compile(r"^(\d+):")


def drop_casts(text, pattern=CAST):
    """Takes the instructions pattern matches (`bitcast ptr %a to ptr`)
    out of each function of the text, their uses made of what they stand
    for (group src), and renumbers the unnamed values (in the blockaddress
    constants of the function's blocks too)."""
    out, body, renums = [], None, {}
    for line in text:
        if line.startswith("define "):
            body = [line]
            continue
        if body is not None:
            body.append(line)
            if line == "}":
                fixed, renum = fix_function(body, pattern)
                out.extend(fixed)
                m = re.search(r" (@[-\w.$\"]+)\(", body[0])
                if m and renum:
                    renums[m.group(1)] = renum
                body = None
            continue
        out.append(line)
    if body:
        out.extend(body)
    if renums:
        def sub(m):
            renum = renums.get(m.group(1), {})
            n = int(m.group(2))
            return f"blockaddress({m.group(1)}, %{renum.get(n, n)})"
        out = [BLOCKADDRESS.sub(sub, l) if "blockaddress(" in l else l for l in out]
    return out


def fix_function(lines, pattern):
    subst = {}
    kept = []
    for line in lines:
        m = pattern.match(line)
        if m:
            src = m.group("src")
            subst[m.group("dst")] = subst.get(src, src)
            continue
        kept.append(line)
    if not subst:
        return lines, None
    name = re.compile(r"(%[-\w.$]+)")
    kept = [name.sub(lambda m: subst.get(m.group(1), m.group(1)), l) if "%" in l else l for l in kept]
    # Renumber the unnamed values: arguments, results and blocks are
    # numbered in the order they are defined.
    defined = []
    head = kept[0]
    defined += [int(n) for n in re.findall(r"%(\d+)(?=[,)])", head[head.find("("):])]
    if len(kept) > 1 and not re.match(r"^[-\w.$\"]+:", kept[1]):
        defined.append(len(defined))  # the entry block, unnamed: no label printed
    for line in kept[1:]:
        m = re.match(r"^  %(\d+) = ", line) or LABEL.match(line)
        if m:
            defined.append(int(m.group(1)))
    renum = {d: i for i, d in enumerate(sorted(set(defined)))}
    if all(k == v for k, v in renum.items()):
        return kept, None
    res = []
    for line in kept:
        line = LOCAL.sub(lambda m: "%" + str(renum.get(int(m.group(1)), int(m.group(1)))), line)
        m = LABEL.match(line)
        if m and int(m.group(1)) in renum:
            line = str(renum[int(m.group(1))]) + line[len(m.group(1)):]
        res.append(line)
    return res, renum


MDDEF = re.compile(r"^!(\d+) = (.*)$")
MDREF = re.compile(r"!(\d+)\b")


def canonical(text, depth=4):
    """The text with metadata numbers set aside: each !N becomes a label
    made of what node N holds, to a depth (nodes that the losses made
    alike, which LLVM merges and numbers anew, get one label), attribute
    group references go, declarations are sorted and the node
    definitions become a sorted set of their labelled texts."""
    defs = {}
    for line in text:
        m = MDDEF.match(line)
        if m:
            defs[m.group(1)] = m.group(2)
    memo = {}

    def label(n, d):
        key = (n, d)
        if key in memo:
            return memo[key]
        body = defs.get(n)
        if body is None:
            lab = "?"
        elif d == 0:
            lab = body.split("(", 1)[0].split("{", 1)[0]
        else:
            lab = MDREF.sub(lambda m: "!<" + label(m.group(1), d - 1) + ">", body)
            if len(lab) > 64:
                lab = str(hash(lab))
        memo[key] = lab
        return lab

    body, decls, nodes = [], [], set()
    for line in text:
        line = line.replace(" #N", "")
        if "; preds = " in line:
            # The order of a block's predecessors is its use-list
            # order, which LLVM N's writer keeps otherwise.
            # The padding before it follows the label's width.
            head, preds = line.split("; preds = ", 1)
            line = head.rstrip() + " ; preds = " + ", ".join(sorted(preds.split(", ")))
        m = MDDEF.match(line)
        if m:
            nodes.add(label(m.group(1), depth))
            continue
        if "!" in line:
            line = MDREF.sub(lambda m: "!<" + label(m.group(1), depth) + ">", line)
        (decls if line.startswith("declare ") else body).append(line)
    return body + sorted(set(decls)) + sorted(nodes)


CGEP = re.compile(r"getelementptr (?:inbounds |nusw |nuw |inrange\(-?\d+, -?\d+\) )*\(")


def constant_geps(line):
    """The line with each constant getelementptr expression (and a vector
    of them) set aside: LLVM 13 to 16's constant folder makes another of
    the same address of some on reading (as conformance_older.sh's
    gepOnly allows)."""
    while True:
        m = CGEP.search(line)
        if not m:
            # A vector of them, which the folder makes of one of a
            # vector.
            return re.sub(r"<ptr(?: addrspace\(\d+\))? GEP(?:, ptr(?: addrspace\(\d+\))? GEP)*>", "GEP", line)
        line = line[:m.start()] + "GEP" + line[past_parens(line, m.end() - 1):]


def sub_lines(r, rep, lines):
    """[r.sub(rep, l) for l in lines], made in one pass over the lines
    joined (a call a line costs seconds on a program's text) unless a
    match there spans lines, when it is made line by line."""
    crossed = False
    text = "\n".join(lines)
    pat = r.pattern
    # A leading \b before a word (\b(icmp )samesign) keeps re from
    # scanning for the word's letters: it is checked on each match.
    word = re.match(r"\\b\(?[A-Za-z_]", pat) is not None
    if word:
        pat = pat[2:]

    def one(m):
        nonlocal crossed
        i = m.start()
        if word and i > 0 and (text[i - 1].isalnum() or text[i - 1] == "_"):
            return m.group(0)
        crossed = crossed or "\n" in m.group(0)
        return m.expand(rep)
    out = re.compile(pat, r.flags | re.M).sub(one, text)
    if crossed:
        return [r.sub(rep, l) for l in lines]
    return out.split("\n") if lines else []


def set_aside(ref, back, reported):
    """ref and back with what each reported kind names set aside, and
    the kinds that are rewrites no rule sets aside."""
    rewritten = []
    for k in sorted(reported):
        if k in FLAG_RULES:
            for pat, rep in FLAG_RULES[k]:
                r = re.compile(pat)
                if rep is None:  # the line goes
                    ref = [l for l in ref if not r.match(l)]
                    back = [l for l in back if not r.match(l)]
                    continue
                ref = sub_lines(r, rep, ref)
                back = sub_lines(r, rep, back)
        elif k == TYPED_CASTS:
            back = drop_casts(back)
        elif k == TLS_KIND:
            # The calls' locations go with them, if nothing else names them.
            locs = {m.group(1) for l in ref if TLS.match(l) and (m := re.search(r"!dbg (!\d+)", l))}
            ref = drop_unnamed([l for l in drop_casts(ref, TLS) if not TLS_DECL.match(l)], locs)
        elif GVE_KIND.match(k):
            ref = kill_global_exprs(ref, GVE_KIND.match(k).group(1))
        elif k == AE_ALIAS_KIND:
            ref, back = drop_ae_aliases(ref, back)
        elif k == TLS_DECL_KIND:
            ref = [l for l in ref if not TLS_DECL.match(l)]
        elif k == LOCAL_IMPORT_KIND:
            ref = drop_local_imports(ref)
        elif k == MEMPROF_KIND:
            nodes = {"!" + n for l in ref for n in re.findall(r", !memprof !(\d+)", l)}
            ref = drop_unnamed([re.sub(r", !memprof !\d+", "", l) for l in ref], nodes)
        elif k == ANNOTATION_KIND:
            ref = drop_annotation_params(ref)
        elif k == DBG_ASSIGN_KIND:
            ref = dbg_assign_as_value(ref)
        elif k == ASSIGN_ID_KIND:
            ref = drop_assign_ids(ref)
        elif ATTR_KIND.match(k):
            name = ATTR_KIND.match(k).group(1)
            ref = drop_attr(ref, name)
            back = drop_attr(back, name)
        elif k not in SILENT:
            rewritten.append(k)
    return ref, back, rewritten


def main():
    ref = open(sys.argv[1], errors="replace").read().splitlines()
    back = open(sys.argv[2], errors="replace").read().splitlines()
    ref, back, rewritten = set_aside(ref, back, kinds(sys.argv[3]))
    if ref == back:
        print("same")
        return 0
    ref, back = canonical(ref), canonical(back)
    if ref == back:
        print("same")
        return 0
    if [constant_geps(l) for l in ref] == [constant_geps(l) for l in back]:
        print("folded")
        return 0
    if rewritten:
        print("rewritten " + "; ".join(rewritten))
        return 0
    n = sum(1 for a, b in zip(ref, back) if a != b) + abs(len(ref) - len(back))
    first = next((a for a, b in zip(ref, back) if a != b), ref[len(back)] if len(ref) > len(back) else "")
    print(f"different {n} {first}")
    return 1


# conformance_minllvm.sh's comparison: the text of LLVM N's round trip
# of a module (opt-N F, read by llvm-dis-22) against LLVM 22's (opt-22 F),
# each put through minllvm_text, then sorted. What it sets aside is what
# N's upgrade of old intrinsics made otherwise than LLVM 22's, and reads
# the same.

# A bitcast between pointers of the same address space, which typed
# pointers needed (LLVM 13's upgrades insert them, and any module of typed
# pointers has them) and LLVM 22 reads back as a no-op `bitcast ptr %a to
# ptr`; with its debug location, if any.
MINLLVM_CAST = re.compile(r"^  (?P<dst>%[-\w.$]+) = bitcast (ptr(?: addrspace\(\d+\))?) "
                          r"(?P<src>%[-\w.$]+|@[-\w.$]+) to \2(?:, !.*)?$")
# An insertelement of a constant lane of a fixed vector: its result, lane
# count, vector operand and lane.
INSERT = re.compile(r"^  (%[-\w.$]+) = insertelement <(\d+) x [^>]+> (undef|poison|%[-\w.$]+), .*, i\d+ (\d+)(?:, !.*)?$")
VALUE = re.compile(r"%[-\w.$]+")
# A call of llvm.memcpy, llvm.memmove or llvm.memset.
MEMCALL = re.compile(r"^  (?:%[-\w.$]+ = )?(?:tail |notail |musttail )?call void @llvm\.(?:memcpy|memmove|memset)\.p\d[.\w]*\(")
# A call argument: type, parameter attributes (align kept apart), value.
ARG_ATTRS = re.compile(r"^(ptr(?: addrspace\(\d+\))?|i\d+) ((?:(?:noalias|nonnull|nocapture|noundef|readonly|writeonly|"
                       r"readnone|returned|nofree|signext|zeroext|inreg|immarg|align \d+|dereferenceable(?:_or_null)?\(\d+\)|"
                       r"captures\([^)]*\)) )+)")
GROUP_REF = re.compile(r"#(\d+)\b")


def functions(text, fix):
    """The text with each function definition's lines (define to })
    replaced by fix(lines)."""
    out, body = [], None
    for line in text:
        if body is None and line.startswith("define "):
            body = [line]
        elif body is not None:
            body.append(line)
            if line == "}":
                out.extend(fix(body))
                body = None
        else:
            out.append(line)
    return out + (body or [])


def full_splats(lines):
    """The function's lines with the vector operand of an insertelement
    chain written as poison where it is undef and no lane of it is seen:
    the chain's first insertelement takes undef, each but the last is used
    once, by the next, and their lanes are all the vector's. (LLVM 13's
    upgrades build a splat so on undef, LLVM 22's on poison: the same.)"""
    uses, by_operand, inserts = {}, {}, {}
    for i, line in enumerate(lines):
        names = VALUE.findall(line)
        if re.match(r"^  %[-\w.$]+ = ", line):
            names = names[1:]
        for n in names:
            uses[n] = uses.get(n, 0) + 1
        m = INSERT.match(line)
        if m:
            inserts[m.group(1)] = (i, int(m.group(2)), m.group(3), int(m.group(4)))
            by_operand.setdefault(m.group(3), []).append(m.group(1))
    out = list(lines)
    for dst, (i, width, operand, lane) in inserts.items():
        if operand != "undef":
            continue
        cur, lanes = dst, {lane}
        while len(lanes) < width and uses.get(cur) == 1 and len(by_operand.get(cur, [])) == 1:
            cur = by_operand[cur][0]
            lanes.add(inserts[cur][3])
        if lanes == set(range(width)):
            out[i] = out[i].replace("> undef, ", "> poison, ", 1)
    return out


def local_names(lines):
    """The function's lines with each named instruction result renamed
    base~K: its name without the number LLVM appends to make a name unique
    (cvt10 is cvt), K how many results of that base come before it. (The
    numbers follow the order in which the upgrades made the values, which
    was LLVM 13's otherwise than LLVM 22's.)"""
    rename, count = {}, {}
    for line in lines[1:]:
        m = re.match(r"^  %([-\w.$]+) = ", line)
        if m and not m.group(1).isdigit():
            base = re.sub(r"\d+$", "", m.group(1))
            rename["%" + m.group(1)] = "%%%s~%d" % (base, count.get(base, 0))
            count[base] = count.get(base, 0) + 1
    if not rename:
        return lines
    return [VALUE.sub(lambda m: rename.get(m.group(0), m.group(0)), l) if "%" in l else l for l in lines]


def mem_call_attrs(text):
    """The text with the parameter attributes but align, and the
    call-site attribute group, of the calls of llvm.memcpy, llvm.memmove
    and llvm.memset taken out, and the attribute groups only they used.
    (LLVM 13's upgrade of the old calls, which had an alignment argument,
    keeps only the alignment: a weaker reading, not a wrong one.)"""
    def refs(lines):
        return {n for l in lines if not l.startswith("attributes #") for n in GROUP_REF.findall(l)}
    before = refs(text)
    out = []
    for line in text:
        m = MEMCALL.match(line)
        if m:
            end = past_parens(line, m.end() - 1)
            args, depth, start = [], 0, m.end()
            for j in range(m.end(), end - 1):
                c = line[j]
                if c in "([<{":
                    depth += 1
                elif c in ")]>}":
                    depth -= 1
                elif c == "," and depth == 0:
                    args.append(line[start:j].strip())
                    start = j + 1
            args.append(line[start:end - 1].strip())
            fixed = []
            for a in args:
                am = ARG_ATTRS.match(a)
                if am:
                    kept = "".join(re.findall(r"align \d+ ", am.group(2)))
                    a = am.group(1) + " " + kept + a[am.end():]
                fixed.append(a)
            rest = re.sub(r"^ #\d+", "", line[end:])
            line = line[:m.end()] + ", ".join(fixed) + ")" + rest
        out.append(line)
    gone = before - refs(out)
    return [l for l in out if not (l.startswith("attributes #") and l.split()[1][1:] in gone)]


def minllvm_text(text, old_mem_calls=False):
    """conformance_minllvm.sh's text of a module (see above): in each
    function the no-op bitcasts between pointers taken out (their uses
    made of what they cast, the values renumbered), splats on undef made
    on poison, and the named values renamed by base name and order; with
    old_mem_calls (the reader is LLVM 13 or older), the attributes of
    llvm.memcpy/memmove/memset calls as mem_call_attrs says."""
    text = drop_casts(text, MINLLVM_CAST)
    text = functions(text, lambda f: local_names(full_splats(f)))
    return mem_call_attrs(text) if old_mem_calls else text


if __name__ == "__main__":
    if sys.argv[1:2] == ["--minllvm"]:
        lines = sys.stdin.buffer.read().decode("utf-8", "surrogateescape").splitlines()
        out = minllvm_text(lines, old_mem_calls="--mem-call-attrs" in sys.argv[2:])
        sys.stdout.buffer.write("".join(l + "\n" for l in out).encode("utf-8", "surrogateescape"))
        sys.exit(0)
    sys.exit(main())
