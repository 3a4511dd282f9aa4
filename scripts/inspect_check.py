#!/usr/bin/env python3
"""Compare `bcextract inspect` with LLVM 22's tools.

Usage: inspect_check.py --bcextract BCX [--jobs N] FILE...

FILE is a bitcode file, or a container (an .rlib, an object) whose bitcode
modules are first extracted with `bcextract extract`. For every bitcode file:

  symbols  `bcextract inspect --symbols F` == `llvm-nm-22 F`, byte for byte
  facts    scripts/ir_facts.py bcextract F == scripts/ir_facts.py llvm F
           (producer, triple, data layout, source file name, summary kind,
           llvm.ident, compile units: see ir_facts.py)

One exception, counted apart: llvm-dis prints the data layout after LLVM's
auto-upgrade, which adds specifications to layouts written by older LLVMs
(e.g. "-i128:128" on x86 for LLVM 14 bitcode). bcextract reports the layout
as stored; the two must then differ only by specifications inserted.

Prints FAIL lines with a diff, then "inspect: P passed, F failed, U
upgraded data layouts". Exit status 1 if anything failed.
"""
import argparse
import concurrent.futures
import difflib
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
FACTS = os.path.join(HERE, "ir_facts.py")


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
    """Returns (passed, failed, upgraded, messages)."""
    msgs, passed, failed, upgraded = [], 0, 0, 0
    _, ours = run([bcx, "inspect", "--symbols", path])
    _, theirs = run(["llvm-nm-22", path])
    if ours == theirs:
        passed += 1
    else:
        failed += 1
        msgs.append("FAIL: symbols %s\n%s" % (path, "".join(difflib.unified_diff(
            theirs.splitlines(True), ours.splitlines(True), "llvm-nm-22", "bcextract", n=1))[:3000]))
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
            return passed, failed, upgraded, msgs
    failed += 1
    msgs.append("FAIL: facts %s (exit %d/%d)\n%s" % (path, rc1, rc2, "".join(difflib.unified_diff(
        theirs.splitlines(True), ours.splitlines(True), "llvm", "bcextract", n=1))[:3000]))
    return passed, failed, upgraded, msgs


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
        totals = [0, 0, 0]
        with concurrent.futures.ThreadPoolExecutor(a.jobs) as ex:
            for p, fl, up, msgs in ex.map(lambda f: check(bcx, f), inputs):
                totals[0] += p
                totals[1] += fl
                totals[2] += up
                for m in msgs:
                    print(m)
    print("inspect: %d passed, %d failed, %d upgraded data layouts (%d bitcode files)" % (
        totals[0], totals[1], totals[2], len(inputs)))
    sys.exit(1 if totals[1] else 0)


if __name__ == "__main__":
    main()
