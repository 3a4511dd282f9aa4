#!/usr/bin/env python3
"""decl_names.py - the names of the functions bitcode files declare.

Usage: decl_names.py FILE...

Prints "FILE NAME" for each function each FILE (of one module, with a
string table: LLVM 5 on) declares whose name begins with "llvm.", as the
file's own records name it (the FUNCTION records of the module block and
the string table, as llvm-bcanalyzer-22 -dump prints them): the names an
older LLVM reads, before LLVM 22's reader renames any.
"""
import re
import subprocess
import sys

FUNCTION = re.compile(r"^  <FUNCTION (?:abbrevid=\d+ )?op0=(\d+) op1=(\d+) op2=\d+ op3=\d+ op4=(\d+)")
BLOB = re.compile(r"^  <BLOB (?:abbrevid=\d+)?/> blob data = '(.*)'$")


def main():
    for f in sys.argv[1:]:
        dump = subprocess.run(["llvm-bcanalyzer-22", "-dump", f], capture_output=True, text=True,
                              errors="surrogateescape").stdout.split("\n")
        decls, blob, in_strtab = [], None, False
        for line in dump:
            if line.startswith("<STRTAB_BLOCK"):
                in_strtab = True
            elif line.startswith("</STRTAB_BLOCK"):
                in_strtab = False
            elif in_strtab:
                m = BLOB.match(line)
                if m:
                    blob = m.group(1)
            else:
                m = FUNCTION.match(line)
                if m and m.group(3) != "0":
                    decls.append((int(m.group(1)), int(m.group(2))))
        if blob is None:
            continue
        for off, size in decls:
            name = blob[off:off + size]
            if name.startswith("llvm."):
                print(f"{f} {name}")


if __name__ == "__main__":
    main()
