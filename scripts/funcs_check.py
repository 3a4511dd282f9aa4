#!/usr/bin/env python3
"""funcs_check.py - the parsing and comparing half of conformance_funcs.sh.

Reads what LLVM's tools say about one bitcode module and what
`bcextract funcs --json --all` and `bcextract callgraph --format json` say
about it, and compares them. Standard library only.

Subcommands:

  compare --dis DIS.ll --funcs FUNCS.jsonl --callgraph CG.json
          [--opt-cg OPT.txt | --opt-cg-error WHY]
          [--props PROPS.txt] [--label NAME]
      One module. Prints one result line on stdout,
        RESULT<TAB>PASS|FAIL<TAB>FUNCS<TAB>EDGES<TAB>EDGES_STATUS<TAB>NOTE
      (FUNCS: functions compared; EDGES: direct call sites compared;
      EDGES_STATUS: checked|skipped), then, for a failure, details (the first
      differing function and a short diff). Exit 0 in both cases; 2 when an
      input cannot be read at all.

  parse-dis DIS.ll
      What the llvm-dis text parser extracts: "define NAME BLOCKS INSTRS"
      and "declare NAME" lines (names as JSON strings).

  parse-opt-cg OPT.txt
      What the print-callgraph parser extracts: "CALLER -> CALLEE xCOUNT"
      and "CALLER call-sites N".

  check-parser DIS.ll PROPS.txt
      The llvm-dis text parser against opt-22 -passes='print<func-properties>'
      (BasicBlockCount, TotalInstructionCount): an independent count. Exit 1
      if they disagree.

  emulate-funcs DIS.ll OPT.txt PATH / emulate-callgraph DIS.ll OPT.txt PATH
      Stand-ins for the two bcextract commands made from LLVM's outputs
      (used by conformance_funcs.sh --llvm-as-bcextract to test the
      plumbing; not a check of anything).

The llvm-dis text rules (checked against LLVM 22's output):
  * a function body runs from a line starting with "define " to a line "}";
  * a label line starts in column 0 ("name:", "N:", '"quoted name":',
    optionally followed by a "; preds = ..." or "; No predecessors!"
    comment); the entry block has a label line only when it is named, so
    blocks = label lines, plus one if the body does not start with a label;
  * an instruction starts with exactly two spaces then something that is
    not "]" (the end of a switch's case list), not ";" (a comment), not
    "#dbg_" (a debug record) and not "uselistorder"; continuation lines of
    multi-line instructions (switch cases, landingpad and catchswitch
    clauses, the "to label ... unwind label ..." line of invoke, callbr's
    destinations) and debug records are indented further.
"""

import collections
import json
import re
import sys

MAX_DIFF_LINES = 12

# ---------------------------------------------------------------------------
# Names.
# ---------------------------------------------------------------------------

_BARE_NAME = re.compile(r'[-a-zA-Z$._0-9]+')


def unescape_ir_name(raw):
    """The bytes of a name as llvm-dis prints it between the quotes of
    @"..." (\\XX is a byte in hex, \\\\ a backslash), decoded as Go's encoding/json would
    present them (invalid UTF-8 becomes U+FFFD)."""
    out = bytearray()
    i = 0
    b = raw.encode('utf-8', 'surrogateescape')
    while i < len(b):
        c = b[i]
        if c == 0x5C and i + 1 < len(b) and b[i + 1] == 0x5C:
            out.append(0x5C)
            i += 2
            continue
        if c == 0x5C and i + 2 < len(b) and _is_hex2(b[i + 1:i + 3]):
            out.append(int(b[i + 1:i + 3], 16))
            i += 3
            continue
        out.append(c)
        i += 1
    return bytes(out).decode('utf-8', 'replace')


def _is_hex2(bs):
    return len(bs) == 2 and all(ch in b'0123456789abcdefABCDEF' for ch in bs)


def global_name_in(line, start):
    """The function name of a define/declare line: the first @name that is
    not inside a quoted string (types such as %"struct.a@b" are skipped).
    Returns (name, unnamed) where unnamed is True for @N (no name)."""
    i = start
    n = len(line)
    while i < n:
        c = line[i]
        if c == '"':
            j = line.find('"', i + 1)
            if j < 0:
                break
            i = j + 1
            continue
        if c == '@':
            if i + 1 < n and line[i + 1] == '"':
                j = line.find('"', i + 2)
                if j < 0:
                    raise ValueError('unterminated quoted name: ' + line[:200])
                return unescape_ir_name(line[i + 2:j]), False
            m = _BARE_NAME.match(line, i + 1)
            if not m:
                raise ValueError('no name after @: ' + line[:200])
            name = m.group(0)
            if name.isdigit():
                return '', True
            return name, False
        i += 1
    raise ValueError('no @name in: ' + line[:200])


# ---------------------------------------------------------------------------
# llvm-dis text.
# ---------------------------------------------------------------------------

class DisModule:
    def __init__(self):
        self.defs = collections.OrderedDict()  # name -> (blocks, instrs)
        self.decls = []                        # names, in order
        self.unnamed_defs = 0
        self.unnamed_decls = 0
        self.duplicates = []


def _is_instruction_line(line):
    # Exactly two spaces, then the instruction.
    if len(line) < 3 or line[0] != ' ' or line[1] != ' ' or line[2] == ' ':
        return False
    rest = line[2:]
    if rest[0] in '];':
        return False
    if rest.startswith('#dbg_'):
        return False
    if rest.startswith('uselistorder'):
        return False
    return True


def parse_dis(text):
    mod = DisModule()
    name = None
    unnamed = False
    blocks = instrs = 0
    first = True
    for lineno, line in enumerate(text.split('\n'), 1):
        if name is None:
            if line.startswith('define '):
                name, unnamed = global_name_in(line, len('define '))
                if not line.rstrip().endswith('{'):
                    raise ValueError('line %d: define line without "{": %s' % (lineno, line[:200]))
                blocks = instrs = 0
                first = True
            elif line.startswith('declare '):
                dname, dunnamed = global_name_in(line, len('declare '))
                if dunnamed:
                    mod.unnamed_decls += 1
                else:
                    mod.decls.append(dname)
            continue
        if line == '}':
            if first:
                raise ValueError('line %d: empty body of @%s' % (lineno, name))
            if unnamed:
                mod.unnamed_defs += 1
            elif name in mod.defs:
                mod.duplicates.append(name)
            else:
                mod.defs[name] = (blocks, instrs)
            name = None
            continue
        if not line.strip():
            continue
        if line[0] != ' ':
            # A label line.
            if ':' not in line:
                raise ValueError('line %d: unexpected column-0 line in @%s: %s' % (lineno, name, line[:200]))
            blocks += 1
            first = False
            continue
        if first:
            blocks += 1  # the unnamed entry block has no label line
            first = False
        if _is_instruction_line(line):
            instrs += 1
    if name is not None:
        raise ValueError('unterminated body of @%s' % name)
    return mod


# ---------------------------------------------------------------------------
# opt-22 -passes=print-callgraph.
# ---------------------------------------------------------------------------

# The names are printed raw: they may hold quotes and newlines, so the text
# is scanned as a whole rather than line by line.
_CG_ITEM = re.compile(
    r"^(?:Call graph node for function: '(?P<node>.*?)'<<0x[0-9a-fA-F]+>>  #uses=-?\d+$"
    r"|(?P<null>Call graph node <<null function>><<0x[0-9a-fA-F]+>>  #uses=-?\d+)$"
    r"|  CS<(?P<cs>None|0x[0-9a-fA-F]+)> calls (?:function '(?P<callee>.*?)'|(?P<ext>external node))"
    r"(?=\n(?:  CS<|\n|Call graph node)|\n?\Z))",
    re.S | re.M)


class OptCallGraph:
    def __init__(self):
        self.edges = collections.OrderedDict()  # caller -> Counter(callee)
        self.order = {}                         # caller -> [callees in order]
        self.sites = {}                         # caller -> call sites
        self.unnamed = 0


def parse_opt_cg(text):
    cg = OptCallGraph()
    caller = None
    skip = True
    for m in _CG_ITEM.finditer(text):
        if m.group('null') is not None:
            caller, skip = None, True
            continue
        if m.group('node') is not None:
            caller = m.group('node')
            skip = caller == ''
            if skip:
                cg.unnamed += 1
                continue
            cg.edges.setdefault(caller, collections.Counter())
            cg.order.setdefault(caller, [])
            cg.sites.setdefault(caller, 0)
            continue
        if skip or m.group('cs') == 'None':
            continue
        cg.sites[caller] += 1
        callee = m.group('callee')
        if callee is None or callee == '':
            continue  # an external node (indirect, alias, ...) or an unnamed function
        if callee not in cg.edges[caller]:
            cg.order[caller].append(callee)
        cg.edges[caller][callee] += 1
    return cg


# ---------------------------------------------------------------------------
# opt-22 -passes='print<func-properties>'.
# ---------------------------------------------------------------------------

_FP_ITEM = re.compile(
    r"^Printing analysis results of CFA for function '(?P<name>.*?)':\n"
    r"(?P<body>(?:[A-Za-z_]+: -?\d+(?:\n|\Z))*)",
    re.S | re.M)


def parse_props(text):
    out = collections.OrderedDict()
    for m in _FP_ITEM.finditer(text):
        d = out.setdefault(m.group('name'), {})
        for line in m.group('body').split('\n'):
            k, sep, v = line.partition(': ')
            if sep:
                d[k] = int(v)
    return out


# ---------------------------------------------------------------------------
# bcextract's outputs.
# ---------------------------------------------------------------------------

FUNCS_KEYS = ['path', 'name', 'linkage', 'defined', 'blocks', 'instructions',
              'call_sites', 'callees', 'file', 'line', 'attrs', 'hash']


def load_funcs(text):
    rows = []
    problems = []
    for i, line in enumerate(text.split('\n'), 1):
        if not line.strip():
            continue
        try:
            obj = json.loads(line, object_pairs_hook=collections.OrderedDict)
        except ValueError as e:
            problems.append('funcs line %d: not JSON (%s): %s' % (i, e, line[:120]))
            continue
        if not isinstance(obj, dict):
            problems.append('funcs line %d: not an object' % i)
            continue
        keys = [k for k in obj.keys() if k != 'demangled']
        if keys != FUNCS_KEYS:
            if len(problems) < 3:
                problems.append('funcs line %d: keys %s, spec: %s' % (i, keys, FUNCS_KEYS))
        rows.append(obj)
    return rows, problems


def load_callgraph(text):
    obj = json.loads(text)
    if not isinstance(obj, dict) or 'nodes' not in obj or 'edges' not in obj:
        raise ValueError('callgraph JSON lacks "nodes" or "edges"')
    return obj


# ---------------------------------------------------------------------------
# compare.
# ---------------------------------------------------------------------------

def _q(name):
    return json.dumps(name, ensure_ascii=False)


def _list(names, limit=5):
    names = list(names)
    s = ', '.join(_q(n) for n in names[:limit])
    if len(names) > limit:
        s += ', ... (%d in all)' % len(names)
    return s


def compare(dis_text, funcs_text, cg_text, opt_text, opt_error, props_text):
    """Returns (ok, nfuncs, nedges, edges_status, note, details)."""
    details = []
    notes = []
    ok = True

    def fail(msg, *more):
        nonlocal ok
        ok = False
        details.append(msg)
        details.extend('    ' + m for m in more)

    dis = parse_dis(dis_text)
    if dis.duplicates:
        fail('llvm-dis text defines a name twice: ' + _list(dis.duplicates))
    if dis.unnamed_defs or dis.unnamed_decls:
        notes.append('%d unnamed function(s) not compared' % (dis.unnamed_defs + dis.unnamed_decls))

    # Our own parser against an independent count, when we have one: a
    # disagreement here is this checker's problem, not bcextract's.
    if props_text is not None:
        perr = check_parser_against_props(dis, parse_props(props_text))
        if perr:
            fail('CHECKER: the llvm-dis text parser disagrees with opt-22 print<func-properties> '
                 '(fix scripts/funcs_check.py):', *perr[:MAX_DIFF_LINES])

    rows, problems = load_funcs(funcs_text)
    if problems:
        fail('bcextract funcs --json output:', *problems)
    paths = collections.OrderedDict((r.get('path'), 1) for r in rows)
    if len(paths) > 1:
        fail('bcextract funcs: rows of %d modules for a one-module file: %s' % (len(paths), _list(paths)))

    ours_def = collections.OrderedDict()
    ours_decl = []
    ours_dups = []
    unnamed_rows = 0
    for r in rows:
        name = r.get('name')
        if name == '' or name is None:
            unnamed_rows += 1
            continue
        if r.get('defined') is True:
            if name in ours_def:
                ours_dups.append(name)
            ours_def[name] = r
        elif r.get('defined') is False:
            ours_decl.append(name)
        else:
            fail('bcextract funcs: row %s has "defined": %r' % (_q(name), r.get('defined')))
    if ours_dups:
        fail('bcextract funcs: a defined name twice: ' + _list(ours_dups))
    if unnamed_rows != dis.unnamed_defs + dis.unnamed_decls:
        notes.append('unnamed rows: bcextract %d, llvm-dis %d' % (unnamed_rows, dis.unnamed_defs + dis.unnamed_decls))

    # 1. definitions: names, blocks, instructions.
    missing = [n for n in dis.defs if n not in ours_def]
    extra = [n for n in ours_def if n not in dis.defs]
    if missing:
        fail('defined in llvm-dis text, no defined row in bcextract funcs: ' + _list(missing))
    if extra:
        fail('defined row in bcextract funcs, not defined in llvm-dis text: ' + _list(extra))
    ndiff = 0
    diffs = []
    for name, (b, n) in dis.defs.items():
        r = ours_def.get(name)
        if r is None:
            continue
        if r.get('blocks') != b or r.get('instructions') != n:
            ndiff += 1
            if len(diffs) < 5:
                diffs.append('%s: bcextract blocks=%s instructions=%s, llvm-dis-22 blocks=%d instructions=%d'
                             % (_q(name), r.get('blocks'), r.get('instructions'), b, n))
    if ndiff:
        fail('%d of %d function(s) differ in blocks/instructions; the first:' % (ndiff, len(dis.defs)), *diffs)
    nfuncs = sum(1 for n in dis.defs if n in ours_def)

    # Declarations.
    dset, oset = set(dis.decls), set(ours_decl)
    if len(ours_decl) != len(oset):
        fail('bcextract funcs: a declared name twice: ' +
             _list([n for n, c in collections.Counter(ours_decl).items() if c > 1]))
    if dset != oset:
        fail('declarations differ:',
             *(['declared in llvm-dis text only: ' + _list(sorted(dset - oset))] if dset - oset else []) +
             (['defined==false in bcextract only: ' + _list(sorted(oset - dset))] if oset - dset else []))

    # 2. direct call edges.
    if opt_error is not None:
        return ok, nfuncs, 0, 'skipped', '; '.join(notes + ['edges skipped: ' + opt_error]), details
    opt = parse_opt_cg(opt_text)
    try:
        cg = load_callgraph(cg_text)
    except ValueError as e:
        fail('bcextract callgraph --format json: ' + str(e))
        return ok, nfuncs, 0, 'checked', '; '.join(notes), details
    names = {}
    for node in cg.get('nodes', []):
        if not isinstance(node, dict) or 'id' not in node:
            fail('bcextract callgraph: a node without an id: %r' % (node,))
            continue
        if node['id'] in names:
            fail('bcextract callgraph: node id %s twice' % _q(node['id']))
        names[node['id']] = node.get('name')
    ours = collections.OrderedDict()
    ours_all = collections.defaultdict(set)  # caller -> callees incl. via alias
    bad_edges = []
    for e in cg.get('edges', []):
        c, d = e.get('caller'), e.get('callee')
        if c not in names or (d != '<indirect>' and d not in names):
            bad_edges.append('edge %s -> %s: unknown node id' % (_q(c), _q(d)))
            continue
        if d == '<indirect>':
            continue
        sites, via = e.get('sites'), e.get('via_alias')
        if not isinstance(sites, int) or not isinstance(via, int) or via < 0 or via > sites or sites <= 0:
            bad_edges.append('edge %s -> %s: sites=%r via_alias=%r' % (_q(c), _q(d), sites, via))
            continue
        cn, dn = names[c], names[d]
        if not cn or not dn:
            continue  # unnamed functions: not compared
        ours_all[cn].add(dn)
        if sites - via > 0:
            ours.setdefault(cn, collections.Counter())[dn] += sites - via
    if bad_edges:
        fail('bcextract callgraph: malformed edges:', *bad_edges[:5])

    nedges = 0
    cdiffs = []
    ncdiff = 0
    callers = list(opt.edges.keys()) + [c for c in ours if c not in opt.edges]
    for caller in callers:
        theirs = +opt.edges.get(caller, collections.Counter())
        mine = +ours.get(caller, collections.Counter())
        nedges += sum(theirs.values())
        if theirs != mine:
            ncdiff += 1
            if len(cdiffs) < 3:
                cdiffs.append('caller %s:' % _q(caller))
                for callee in list(theirs) + [x for x in mine if x not in theirs]:
                    if theirs[callee] != mine[callee]:
                        cdiffs.append('  -> %s: bcextract %d (sites - via_alias), opt-22 %d'
                                      % (_q(callee), mine[callee], theirs[callee]))
                        if len(cdiffs) >= MAX_DIFF_LINES:
                            break
    if ncdiff:
        fail('%d caller(s) whose direct call edges differ from opt-22 print-callgraph; the first:' % ncdiff,
             *cdiffs[:MAX_DIFF_LINES])

    # The funcs rows agree with the call graph: call_sites against opt's
    # call sites (direct or not), callees against the callgraph's edges
    # (and their order against opt's where no alias is involved).
    sdiffs = []
    nsdiff = 0
    for name, r in ours_def.items():
        if name not in opt.sites:
            continue
        problems = []
        if r.get('call_sites') != opt.sites[name]:
            problems.append('call_sites=%s, opt-22 call sites %d' % (r.get('call_sites'), opt.sites[name]))
        callees = r.get('callees')
        if not isinstance(callees, list):
            problems.append('callees=%r' % (callees,))
        else:
            callees = [c for c in callees if c != '']  # unnamed functions: not compared
            if set(callees) != ours_all.get(name, set()):
                problems.append('callees %s, callgraph edges to %s' % (
                    _list(callees, 4), _list(sorted(ours_all.get(name, set())), 4)))
            elif set(callees) == set(opt.order.get(name, [])) and callees != opt.order.get(name, []):
                problems.append('callees order %s, first calls in order %s' % (
                    _list(callees, 4), _list(opt.order.get(name, []), 4)))
        if problems:
            nsdiff += 1
            if len(sdiffs) < 5:
                sdiffs.append('%s: %s' % (_q(name), '; '.join(problems)))
    if nsdiff:
        fail('%d function(s) whose call_sites/callees disagree; the first:' % nsdiff, *sdiffs)

    return ok, nfuncs, nedges, 'checked', '; '.join(notes), details


def check_parser_against_props(dis, props):
    errs = []
    for name, (b, n) in dis.defs.items():
        p = props.get(name)
        if p is None:
            errs.append('%s: not in print<func-properties>' % _q(name))
            continue
        pb, pn = p.get('BasicBlockCount'), p.get('TotalInstructionCount')
        if (pb, pn) != (b, n):
            errs.append('%s: parser blocks=%d instructions=%d, func-properties blocks=%s instructions=%s'
                        % (_q(name), b, n, pb, pn))
    named = [k for k in props if k]
    if len(named) != len(dis.defs) and not errs:
        errs.append('func-properties lists %d named functions, the parser %d' % (len(named), len(dis.defs)))
    return errs


# ---------------------------------------------------------------------------
# Stand-ins for bcextract (plumbing test only).
# ---------------------------------------------------------------------------

def emulate_funcs(dis_text, opt_text, path):
    dis = parse_dis(dis_text)
    opt = parse_opt_cg(opt_text)
    out = []
    for name, (b, n) in dis.defs.items():
        out.append(collections.OrderedDict([
            ('path', path), ('name', name), ('linkage', 'external'), ('defined', True),
            ('blocks', b), ('instructions', n), ('call_sites', opt.sites.get(name, 0)),
            ('callees', opt.order.get(name, [])), ('file', ''), ('line', 0), ('attrs', []),
            ('hash', '0' * 32)]))
    for name in dis.decls:
        out.append(collections.OrderedDict([
            ('path', path), ('name', name), ('linkage', 'external'), ('defined', False),
            ('blocks', 0), ('instructions', 0), ('call_sites', 0), ('callees', []),
            ('file', ''), ('line', 0), ('attrs', []), ('hash', '')]))
    return ''.join(json.dumps(o) + '\n' for o in out)


def emulate_callgraph(dis_text, opt_text, path):
    dis = parse_dis(dis_text)
    opt = parse_opt_cg(opt_text)
    nodes = [{'id': n, 'name': n, 'module': path, 'local': False, 'defined': True} for n in dis.defs]
    nodes += [{'id': n, 'name': n, 'module': '', 'local': False, 'defined': False} for n in dis.decls]
    edges = []
    for caller, cnt in opt.edges.items():
        for callee, k in cnt.items():
            edges.append({'caller': caller, 'callee': callee, 'sites': k, 'via_alias': 0})
    return json.dumps({'nodes': nodes, 'edges': edges}) + '\n'


# ---------------------------------------------------------------------------
# main.
# ---------------------------------------------------------------------------

def read_text(path):
    with open(path, 'rb') as f:
        return f.read().decode('utf-8', 'replace')


def _arg(argv, flag, default=None):
    if flag in argv:
        i = argv.index(flag)
        if i + 1 >= len(argv):
            raise SystemExit('funcs_check.py: %s needs a value' % flag)
        return argv[i + 1]
    return default


def main(argv):
    if len(argv) < 2 or argv[1] in ('-h', '--help'):
        sys.stdout.write(__doc__)
        return 0
    cmd = argv[1]
    if cmd == 'parse-dis':
        mod = parse_dis(read_text(argv[2]))
        for name, (b, n) in mod.defs.items():
            print('define %s %d %d' % (_q(name), b, n))
        for name in mod.decls:
            print('declare %s' % _q(name))
        return 0
    if cmd == 'parse-opt-cg':
        cg = parse_opt_cg(read_text(argv[2]))
        for caller, cnt in cg.edges.items():
            print('%s call-sites %d' % (_q(caller), cg.sites[caller]))
            for callee in cg.order[caller]:
                print('%s -> %s x%d' % (_q(caller), _q(callee), cnt[callee]))
        return 0
    if cmd == 'check-parser':
        dis = parse_dis(read_text(argv[2]))
        errs = check_parser_against_props(dis, parse_props(read_text(argv[3])))
        for e in errs[:20]:
            print(e)
        print('%s: %d functions, %d blocks, %d instructions: %s' % (
            argv[2], len(dis.defs), sum(b for b, _ in dis.defs.values()),
            sum(n for _, n in dis.defs.values()), 'MISMATCH' if errs else 'agrees'))
        return 1 if errs else 0
    if cmd in ('emulate-funcs', 'emulate-callgraph'):
        f = emulate_funcs if cmd == 'emulate-funcs' else emulate_callgraph
        sys.stdout.write(f(read_text(argv[2]), read_text(argv[3]), argv[4]))
        return 0
    if cmd == 'compare':
        opt_path = _arg(argv, '--opt-cg')
        opt_error = _arg(argv, '--opt-cg-error')
        props = _arg(argv, '--props')
        label = _arg(argv, '--label', '?')
        try:
            dis_text = read_text(_arg(argv, '--dis'))
            funcs_text = read_text(_arg(argv, '--funcs'))
            cg_text = read_text(_arg(argv, '--callgraph'))
            opt_text = read_text(opt_path) if opt_path and opt_error is None else ''
            props_text = read_text(props) if props else None
        except (OSError, TypeError) as e:
            print('funcs_check.py: %s: %s' % (label, e), file=sys.stderr)
            return 2
        try:
            ok, nf, ne, est, note, details = compare(dis_text, funcs_text, cg_text, opt_text, opt_error, props_text)
        except ValueError as e:
            ok, nf, ne, est, note, details = False, 0, 0, 'checked', '', ['cannot compare: %s' % e]
        print('RESULT\t%s\t%d\t%d\t%s\t%s' % ('PASS' if ok else 'FAIL', nf, ne, est, note.replace('\t', ' ')))
        for d in details:
            print(d[:400])
        return 0
    print('funcs_check.py: unknown subcommand %s (see --help)' % cmd, file=sys.stderr)
    return 2


if __name__ == '__main__':
    sys.exit(main(sys.argv))
