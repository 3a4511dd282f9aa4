#!/usr/bin/env python3
"""intrinsic_wrappers.py - a C file that calls every inline intrinsic
function of a compiler's headers once, each from a wrapper of its own:
w_NAME(args) { return NAME(args); }.

Usage: scripts/intrinsic_wrappers.py x86|neon|sve|rvv HEADER_DIR > wrappers.c

x86: the static inline functions of every *intrin.h of HEADER_DIR
(clang's resource include folder) but the umbrella ones; neon: the __ai
functions of arm_neon.h; sve: the functions arm_sve.h declares as
aliases of builtins (clang 11 on; their parameters have no names), each
once by name; rvv: the functions riscv_vector.h declares as aliases of
builtins (clang 13 and 14; later ones declare them by a pragma), each
overload once by builtin and types (w_NAME_K, K counting NAME's). Macros
(the intrinsics that take an immediate) are left
out; the SVE ones that take an immediate the compiler refuses. Used by
scripts/conformance_intrinsics.sh.
"""
import os
import re
import sys

X86 = re.compile(r'static\s+__inline__?\s+([\w\s\*]+?)\s+__DEFAULT_FN_ATTRS\w*\s*\n?\s*(_mm\w+)\s*\(([^)]*)\)\s*\{')
SVE = re.compile(r'__clang_arm_builtin_alias\(__builtin_sve_\w+\)\)\)\s*([\w\s\*]+?)\s+(sv\w+)\s*\(([^)]*)\);')
RVV = re.compile(r'__attribute__\(\((?:__)?clang_builtin_alias(?:__)?\((__builtin_rvv_\w+)\)\)\)\s*\n([\w\s\*]+?)\s+(\w+)\s*\(([^)]*)\);')
NEON = re.compile(r'^__ai\s+([\w\s\*]+?)\s+(v\w+)\s*\(([^)]*)\)\s*\{', re.M)
UMBRELLA = {'immintrin.h', 'x86intrin.h', 'intrin.h', 'x86gprintrin.h'}


def wrappers(text, pattern, seen):
    out = []
    for m in pattern.finditer(text):
        ret = m.group(1).replace('__inline__', '').replace('__inline', '').strip()
        name, params = m.group(2), m.group(3).strip()
        if name in seen:
            continue
        seen.add(name)
        if params in ('', 'void'):
            plist, args = 'void', ''
        else:
            decl, call = [], []
            for i, p in enumerate(x.strip() for x in params.split(',')):
                if pattern is SVE:
                    decl.append(f'{p} a{i}')
                    call.append(f'a{i}')
                    continue
                mm = re.match(r'(.*?)(\w+)$', p)
                if not mm:
                    break
                decl.append(f'{mm.group(1)} a{i}')
                call.append(f'a{i}')
            else:
                plist, args = ', '.join(decl), ', '.join(call)
                body = f'{name}({args});' if ret == 'void' else f'return {name}({args});'
                out.append(f'{ret} w_{name}({plist}) {{ {body} }}')
    return out


def rvv_wrappers(text):
    out, seen, count = [], set(), {}
    for m in RVV.finditer(text):
        builtin, ret, name, params = m.groups()
        ps = [p.strip() for p in params.split(',')] if params.strip() not in ('', 'void') else []
        types = [re.sub(r'\s*\bop\d+$', '', p) for p in ps]
        key = (builtin, tuple(types), ret)
        if key in seen:
            continue
        seen.add(key)
        k = count.get(name, 0)
        count[name] = k + 1
        plist = ', '.join(f'{t} a{i}' for i, t in enumerate(types)) or 'void'
        args = ', '.join(f'a{i}' for i in range(len(types)))
        body = f'{name}({args});' if ret.strip() == 'void' else f'return {name}({args});'
        out.append(f'{ret} w_{name}_{k}({plist}) {{ {body} }}')
    return out


def main():
    if len(sys.argv) != 3 or sys.argv[1] not in ('x86', 'neon', 'sve', 'rvv'):
        sys.exit(__doc__)
    kind, hdir = sys.argv[1], sys.argv[2]
    seen, out = set(), []
    if kind == 'x86':
        print('#include <x86intrin.h>')
        for f in sorted(os.listdir(hdir)):
            if f.endswith('intrin.h') and f not in UMBRELLA and 'arm' not in f:
                with open(os.path.join(hdir, f), errors='replace') as h:
                    out += wrappers(h.read(), X86, seen)
    elif kind == 'sve':
        print('#include <arm_sve.h>')
        with open(os.path.join(hdir, 'arm_sve.h'), errors='replace') as h:
            out += wrappers(h.read(), SVE, seen)
    elif kind == 'rvv':
        print('#include <riscv_vector.h>')
        with open(os.path.join(hdir, 'riscv_vector.h'), errors='replace') as h:
            out += rvv_wrappers(h.read())
    else:
        print('#include <arm_neon.h>')
        with open(os.path.join(hdir, 'arm_neon.h'), errors='replace') as h:
            out += wrappers(h.read(), NEON, seen)
    print('\n'.join(out))


if __name__ == '__main__':
    main()
