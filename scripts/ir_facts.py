#!/usr/bin/env python3
"""Print the facts `bcextract inspect` claims about a bitcode file, as LLVM's
own tools state them or as bcextract states them, in one normalized form so
that the two can be diffed.

Usage:
  ir_facts.py llvm FILE        facts from llvm-dis-22 and llvm-bcanalyzer-22
  ir_facts.py bcextract FILE   facts from `bcextract inspect --json FILE`

Environment: LLVM_DIS (llvm-dis-22), BCANALYZER (llvm-bcanalyzer-22),
BCEXTRACT (bcextract).

The facts, per module in order:
  module N
  producer S           IDENTIFICATION string (bcanalyzer's record string)
  triple S / datalayout S / source_filename S   (llvm-dis's module header)
  summary none|thinlto|full-lto   (which summary block bcanalyzer lists)
  ident S              each string of !llvm.ident
  compile_unit LANG PRODUCER   each DICompileUnit
"""
import json
import os
import re
import subprocess
import sys
import tempfile


def unescape(s):
    """Undo LLVM's printEscapedString: \\XX hex escapes."""
    out = bytearray()
    i = 0
    b = s.encode("utf-8", "surrogateescape")
    while i < len(b):
        if b[i] == 0x5C and i + 2 < len(b) and re.match(rb"[0-9A-Fa-f]{2}", b[i + 1:i + 3]):
            out.append(int(b[i + 1:i + 3], 16))
            i += 3
        else:
            out.append(b[i])
            i += 1
    return out.decode("utf-8", "surrogateescape")


def show(s):
    """Print a fact value on one line whatever it holds."""
    return s.encode("unicode_escape").decode("ascii")


def dis_modules(path):
    """The text of each module llvm-dis writes for path."""
    tool = os.environ.get("LLVM_DIS", "llvm-dis-22")
    with tempfile.TemporaryDirectory() as d:
        out = os.path.join(d, "out.ll")
        subprocess.run([tool, path, "-o", out], check=True, stderr=subprocess.DEVNULL)
        if os.path.exists(out):
            files = [out]
        else:
            files, i = [], 0
            while os.path.exists("%s.%d" % (out, i)):
                files.append("%s.%d" % (out, i))
                i += 1
        texts = []
        for f in files:
            with open(f, encoding="utf-8", errors="surrogateescape") as fh:
                texts.append(fh.read())
        return texts


MD_LINE = re.compile(r'^!(\d+) = (?:distinct )?(.*)$', re.M)


def dis_facts(text):
    facts = []
    for key, pat in (("triple", r'^target triple = "(.*)"$'),
                     ("datalayout", r'^target datalayout = "(.*)"$'),
                     ("source_filename", r'^source_filename = "(.*)"$')):
        m = re.search(pat, text, re.M)
        facts.append((key, unescape(m.group(1)) if m else ""))
    nodes = {m.group(1): m.group(2) for m in MD_LINE.finditer(text)}
    idents = []
    m = re.search(r'^!llvm\.ident = !\{(.*)\}$', text, re.M)
    if m:
        for ref in re.findall(r'!(\d+)', m.group(1)):
            n = re.fullmatch(r'!\{!"(.*)"\}', nodes.get(ref, ""))
            if n:
                idents.append(unescape(n.group(1)))
    cus = []
    for body in nodes.values():
        if body.startswith("!DICompileUnit("):
            lang = re.search(r'language: (\w+)', body)
            prod = re.search(r'producer: "((?:[^"\\]|\\.)*)"', body)
            cus.append(((lang.group(1) if lang else "?"), unescape(prod.group(1)) if prod else ""))
    # The metadata numbering is not the file's order: sort for a stable
    # comparison.
    return facts, idents, sorted(cus)


def bcanalyzer_modules(path):
    """Producer and summary kind of each module, from the bcanalyzer dump."""
    tool = os.environ.get("BCANALYZER", "llvm-bcanalyzer-22")
    dump = subprocess.run([tool, "-dump", path], check=True, capture_output=True,
                          text=True, errors="surrogateescape").stdout
    mods, producer = [], ""
    cur = None
    for line in dump.splitlines():
        if line.startswith("<IDENTIFICATION_BLOCK_ID"):
            producer = ""
        if cur is None and re.match(r"\s+<STRING ", line):
            ops = re.findall(r" op\d+=(-?\d+)", line.split("/>")[0])
            producer = "".join(chr(int(v) & 0xFF) for v in ops)
        if line.startswith("<MODULE_BLOCK"):
            cur = {"producer": producer, "summary": "none"}
            producer = ""
        elif line.startswith("</MODULE_BLOCK>"):
            mods.append(cur)
            cur = None
        elif cur is not None and line.startswith("  <GLOBALVAL_SUMMARY_BLOCK"):
            cur["summary"] = "thinlto"
        elif cur is not None and line.startswith("  <FULL_LTO_GLOBALVAL_SUMMARY_BLOCK"):
            cur["summary"] = "full-lto"
    return mods


def llvm_facts(path):
    out = []
    dis = dis_modules(path)
    bca = bcanalyzer_modules(path)
    for i, text in enumerate(dis):
        facts, idents, cus = dis_facts(text)
        b = bca[i] if i < len(bca) else {"producer": "?", "summary": "?"}
        out.append("module %d" % (i + 1))
        out.append("producer " + show(b["producer"]))
        for k, v in facts:
            out.append("%s %s" % (k, show(v)))
        out.append("summary " + b["summary"])
        out += ["ident " + show(s) for s in idents]
        out += ["compile_unit %s %s" % (lang, show(p)) for lang, p in cus]
    return out


def bcextract_facts(path):
    tool = os.environ.get("BCEXTRACT", "bcextract")
    doc = json.loads(subprocess.run([tool, "inspect", "--json", path], capture_output=True,
                                    check=False, text=True).stdout)
    out, n = [], 0
    for p in doc["payloads"]:
        for m in p["modules"]:
            n += 1
            out.append("module %d" % n)
            out.append("producer " + show(m["producer"]))
            out.append("triple " + show(m["triple"]))
            out.append("datalayout " + show(m["datalayout"]))
            # Without a SOURCE_FILENAME record LLVM names the source after
            # the module, which llvm-dis names after the file.
            out.append("source_filename " + show(m["source_filename"] or path))
            out.append("summary " + m["summary"]["kind"])
            out += ["ident " + show(s) for s in m["idents"]]
            out += ["compile_unit %s %s" % (lang, show(p)) for lang, p in
                    sorted((c["language"], c["producer"]) for c in m["compile_units"])]
    return out


def main():
    if len(sys.argv) != 3 or sys.argv[1] not in ("llvm", "bcextract"):
        sys.exit(__doc__)
    facts = llvm_facts(sys.argv[2]) if sys.argv[1] == "llvm" else bcextract_facts(sys.argv[2])
    sys.stdout.write("".join(f + "\n" for f in facts))


if __name__ == "__main__":
    main()
