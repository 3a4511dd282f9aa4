#!/usr/bin/env python3
"""readme_check.py - run the examples of README.md and compare their output.

Usage: scripts/readme_check.py [--bcextract PATH] [--keep] [README]

Every fenced block of the README that holds lines starting with "$ " is a
session: each "$ COMMAND" line is run by bash (in one shell per block, so
that a "cd" carries over to the next command), with stdout and stderr
together, and the lines after it, up to the next "$ " line, are the output
it must print. Each block starts at the top of one scratch copy of the
repository's files, with the bcextract under test first on the PATH.

An expected line that is "..." (indented or not) stands for any number of
lines. Timings in scan's summary ("in 0.00s (4040 files/s, 9.6 MB/s)") are
compared as a pattern. A command whose first word is not installed (GNU
parallel, say) is skipped with a note, and so are the commands after it in
its block. The last line says how many commands
passed and failed; the exit status is 1 if one failed.
"""

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile

MARK = "@@README-CHECK-END@@"
TIMING = re.compile(r"in [0-9.]+s \([0-9.]+ files/s, [0-9.]+ MB/s\)")


def sessions(text):
    """Yields (line number, [(command, [expected lines])]) per block."""
    block, start, in_block = [], 0, False
    for n, line in enumerate(text.splitlines(), 1):
        if line.startswith("```"):
            if in_block:
                cmds = parse(block)
                if cmds:
                    yield start, cmds
                block = []
            else:
                start = n
            in_block = not in_block
            continue
        if in_block:
            block.append(line)


def parse(lines):
    cmds = []
    for line in lines:
        if line.startswith("$ "):
            cmds.append((line[2:], []))
        elif cmds:
            cmds[-1][1].append(line)
    return cmds


def matches(want, got):
    """Reports whether the lines got match want, "..." matching any run."""
    if not want:
        return not got
    w = want[0]
    if w.strip() == "...":
        return any(matches(want[1:], got[i:]) for i in range(len(got) + 1))
    if not got:
        return False
    g = got[0]
    if TIMING.search(w):
        w, g = TIMING.sub("TIMING", w), TIMING.sub("TIMING", g)
    return w == g and matches(want[1:], got[1:])


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bcextract", help="the binary to test (default: go build ./cmd/bcextract)")
    ap.add_argument("--keep", action="store_true", help="keep the scratch directory")
    ap.add_argument("readme", nargs="?", default="README.md")
    a = ap.parse_args()
    repo = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    scratch = tempfile.mkdtemp(prefix="readme-check-")
    try:
        bindir = os.path.join(scratch, "bin")
        os.mkdir(bindir)
        if a.bcextract:
            shutil.copy(a.bcextract, os.path.join(bindir, "bcextract"))
        else:
            subprocess.run(["go", "build", "-o", bindir, "./cmd/bcextract"], cwd=repo, check=True)
        env = dict(os.environ, PATH=bindir + os.pathsep + os.environ["PATH"], LC_ALL="C")
        text = open(os.path.join(repo, a.readme), encoding="utf-8").read()
        passed = failed = skipped = 0
        top = os.path.join(scratch, "repo")
        files = subprocess.run(["git", "ls-files", "-z"], cwd=repo, check=True, capture_output=True).stdout
        for f in files.decode().split("\0"):
            if f and os.path.lexists(os.path.join(repo, f)):
                os.makedirs(os.path.join(top, os.path.dirname(f)), exist_ok=True)
                shutil.copy2(os.path.join(repo, f), os.path.join(top, f), follow_symlinks=False)
        for start, cmds in sessions(text):
            run, script = [], ["cd " + shlex_quote(top), "exec 2>&1"]
            missing = ""
            for cmd, want in cmds:
                first = cmd.split()[0]
                if first != "cd" and shutil.which(first, path=env["PATH"]) is None:
                    missing = first
                if missing:
                    # What follows may need what it would have made.
                    print("SKIPPED: README.md:%d: %s (no %s here)" % (start, cmd, missing))
                    skipped += 1
                    continue
                # The marker keeps $? for the next command.
                script.append("%s\n__rc=$?; echo; echo %s; (exit $__rc)" % (cmd, MARK))
                run.append((cmd, want))
            r = subprocess.run(["bash", "-c", "\n".join(script)], env=env, capture_output=True, timeout=300,
                               stdin=subprocess.DEVNULL)
            outs = r.stdout.decode("utf-8", "replace").split("\n%s\n" % MARK)
            for k, (cmd, want) in enumerate(run):
                body = outs[k] if k < len(outs) else ""
                if body.endswith("\n"):
                    body = body[:-1]  # the echo's newline; a last line without one has none
                got = body.split("\n") if body else []
                if matches(want, got):
                    passed += 1
                else:
                    failed += 1
                    print("FAIL: README.md:%d: $ %s" % (start, cmd))
                    print("  want:\n    " + "\n    ".join(want))
                    print("  got:\n    " + "\n    ".join(got))
        print("readme: %d passed, %d failed, %d skipped" % (passed, failed, skipped))
        return 1 if failed else 0
    finally:
        if a.keep:
            print("scratch directory kept:", scratch)
        else:
            shutil.rmtree(scratch, ignore_errors=True)


def shlex_quote(s):
    return "'" + s.replace("'", "'\\''") + "'"


if __name__ == "__main__":
    sys.exit(main())
