#!/usr/bin/env python3
"""Compare `bcextract inspect` with LLVM 22's tools.

Usage: inspect_check.py --bcextract BCX [--jobs N] FILE...

FILE is a bitcode file, or a container (an .rlib, an object) whose bitcode
modules are first extracted with `bcextract extract`. For every bitcode file:

  symbols  `bcextract inspect --symbols F` == `llvm-nm-22 F`, byte for byte
  -C       `bcextract inspect --symbols -C F` == `llvm-nm-22 -C F`, byte for
           byte but for the names of internal/demangle/testdata/
           known-differences.txt, on which our demangler is known to differ
           from LLVM's (README, "Known differences"): a line with such a name
           must hold our known text where llvm-nm has LLVM's
  facts    scripts/ir_facts.py bcextract F == scripts/ir_facts.py llvm F
           (producer, triple, data layout, source file name, summary kind,
           llvm.ident, compile units: see ir_facts.py)

One exception, counted apart: llvm-dis prints the data layout after LLVM's
auto-upgrade, which adds specifications to layouts written by older LLVMs
(e.g. "-i128:128" on x86 for LLVM 14 bitcode). bcextract reports the layout
as stored; the two must then differ only by specifications inserted.

Prints FAIL lines with a diff, then "inspect: P passed, F failed, U
upgraded data layouts, K known demangler differences". Exit status 1 if
anything failed.
"""
import argparse
import concurrent.futures
import difflib
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
FACTS = os.path.join(HERE, "ir_facts.py")
DEMANGLE = os.path.join(HERE, "..", "internal", "demangle", "testdata")


def known_differences():
    """{LLVM's demangled text: ours} for the names we demangle differently."""
    def pairs(name):
        with open(os.path.join(DEMANGLE, name), encoding="utf-8") as f:
            return dict(line.rstrip("\n").split("\t", 1) for line in f if "\t" in line)
    llvm, ours = pairs("llvm22.txt"), pairs("known-differences.txt")
    return {llvm[m]: o for m, o in ours.items() if m in llvm}


KNOWN = known_differences()


def same_demangled(ours, theirs):
    """(same, known): the listings agree but for known differences, and how many."""
    ol, tl = ours.splitlines(), theirs.splitlines()
    if len(ol) != len(tl):
        return False, 0
    known = 0
    for o, t in zip(ol, tl):
        if o == t:
            continue
        # "ADDRESS TYPE NAME" (blanks for the address of undefined symbols).
        m = re.match(r"^([-0-9a-f]+| +) (\S) (.*)$", t)
        if m and m.group(3) in KNOWN and o == t[:m.start(3)] + KNOWN[m.group(3)]:
            known += 1
            continue
        return False, 0
    return True, known


def run(cmd, env=None):
    p = subprocess.run(cmd, capture_output=True, env=env)
    return p.returncode, p.stdout.decode("utf-8", "surrogateescape")


def is_bitcode(path):
    with open(path, "rb") as f:
        head = f.read(4)
    return head in (b"BC\xc0\xde", b"\xde\xc0\x17\x0b")


def upgraded_only(ours, theirs):
    """theirs is ours with specifications inserted."""
    a, b = ours.split("-"), theirs.split("-")
    it = iter(b)
    return all(spec in it for spec in a) and len(b) > len(a)


def check(bcx, path):
    """Returns (passed, failed, upgraded, known, messages)."""
    msgs, passed, failed, upgraded, known = [], 0, 0, 0, 0
    _, ours = run([bcx, "inspect", "--symbols", path])
    _, theirs = run(["llvm-nm-22", path])
    if ours == theirs:
        passed += 1
    else:
        failed += 1
        msgs.append("FAIL: symbols %s\n%s" % (path, "".join(difflib.unified_diff(
            theirs.splitlines(True), ours.splitlines(True), "llvm-nm-22", "bcextract", n=1))[:3000]))
    _, ours = run([bcx, "inspect", "--symbols", "-C", path])
    _, theirs = run(["llvm-nm-22", "-C", path])
    same, k = same_demangled(ours, theirs)
    if same:
        passed += 1
        known += k
    else:
        failed += 1
        msgs.append("FAIL: symbols -C %s\n%s" % (path, "".join(difflib.unified_diff(
            theirs.splitlines(True), ours.splitlines(True), "llvm-nm-22 -C", "bcextract -C", n=1))[:3000]))
    env = dict(os.environ, BCEXTRACT=bcx)
    rc1, ours = run([sys.executable, FACTS, "bcextract", path], env)
    rc2, theirs = run([sys.executable, FACTS, "llvm", path], env)
    ol, tl = ours.splitlines(), theirs.splitlines()
    if rc1 == 0 and rc2 == 0 and len(ol) == len(tl):
        same = True
        for o, t in zip(ol, tl):
            if o == t:
                continue
            if o.startswith("datalayout ") and t.startswith("datalayout ") and upgraded_only(o[11:], t[11:]):
                upgraded += 1
                continue
            same = False
        if same:
            passed += 1
            return passed, failed, upgraded, known, msgs
    failed += 1
    msgs.append("FAIL: facts %s (exit %d/%d)\n%s" % (path, rc1, rc2, "".join(difflib.unified_diff(
        theirs.splitlines(True), ours.splitlines(True), "llvm", "bcextract", n=1))[:3000]))
    return passed, failed, upgraded, known, msgs


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--bcextract", required=True)
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 2)
    ap.add_argument("files", nargs="+")
    a = ap.parse_args()
    bcx = os.path.abspath(a.bcextract)
    with tempfile.TemporaryDirectory() as tmp:
        inputs = []
        for i, f in enumerate(a.files):
            if is_bitcode(f):
                inputs.append(f)
                continue
            d = os.path.join(tmp, "%d" % i)
            os.mkdir(d)
            run([bcx, "extract", "--kind", "bitcode", "-d", d, f])
            for root, _, names in os.walk(d):
                inputs += sorted(os.path.join(root, n) for n in names)
        totals = [0, 0, 0, 0]
        with concurrent.futures.ThreadPoolExecutor(a.jobs) as ex:
            for p, fl, up, kn, msgs in ex.map(lambda f: check(bcx, f), inputs):
                totals[0] += p
                totals[1] += fl
                totals[2] += up
                totals[3] += kn
                for m in msgs:
                    print(m)
    print("inspect: %d passed, %d failed, %d upgraded data layouts, %d known demangler differences (%d bitcode files)" % (
        totals[0], totals[1], totals[2], totals[3], len(inputs)))
    sys.exit(1 if totals[1] else 0)


if __name__ == "__main__":
    main()
