#!/usr/bin/env python3
"""payload_check.py - compare the payloads bcextract finds with llvm-objcopy-22.

Usage: payload_check.py --bcextract BIN [--objcopy T] [--ar T] [--lipo T] FILE...

For every FILE, runs `BIN list --json FILE` and groups the payloads by
section (a container path minus its "#N" module suffix). For each section it
rebuilds the object that holds it with LLVM's own tools (llvm-lipo-22 -thin
for a universal slice "[arch]", llvm-ar-22 xN for an archive member
"(name)" or "(name@N)"), dumps the section with
`llvm-objcopy-22 --dump-section`, and checks that:

  * the bytes of the file at the section's first payload are the dumped
    section, byte for byte;
  * the payloads lie inside the section, in order, without overlap, and
    whatever lies between them is zero padding;
  * a bitcode file or member (no section) is the whole member/file.

A compressed ELF section (SHF_COMPRESSED; list --json says "compressed")
is checked twice: as stored, its payloads all locate the whole section,
whose bytes are the dump of the compressed section; decompressed, the dump
of the section after `llvm-objcopy-22 --compress-sections NAME=none` holds
the payloads' bytes (their SHA-256 and size from `BIN scan --json --kind
all`), in order, with zero padding between modules (offload images are
found through their binaries' headers).

A file of a Mach-O bitcode bundle ("...:__LLVM,__bundle/NAME", a member of
the xar archive in that section) is checked against the dumped section read
as a xar archive here, independently of bcextract: its offset and size are
those of the archived bytes the table of contents gives for NAME, and those
bytes match the TOC's archived checksum. (No LLVM tool reads xar.)

Prints one FAIL line per difference, then "payloads: N passed, M failed";
exits 1 if M > 0.
"""
import argparse
import hashlib
import json
import os
import re
import struct
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET
import zlib

ELEM = re.compile(r'\(([^()]*)\)|\[([^\[\]]*)\]')


def split_path(path, file):
    """Split a container path into (elements, section, bundle file)."""
    assert path.startswith(file), (path, file)
    rest = path[len(file):]
    elems = []
    while rest and rest[0] in '([':
        m = ELEM.match(rest)
        if not m:
            break
        elems.append(('member', m.group(1)) if m.group(1) is not None else ('arch', m.group(2)))
        rest = rest[m.end():]
    section, member = None, None
    if rest.startswith(':'):
        section = rest[1:]
        section = re.sub(r'#\d+$', '', section)
        if section.startswith('__LLVM,__bundle') and '/' in section:
            section, member = section.split('/', 1)
    else:
        rest = re.sub(r'#\d+$', '', rest)
        assert rest == '', (path, rest)
    return elems, section, member


def xar_file(xar, name):
    """Return (offset in the archive, length, checksum style, checksum) of
    the archived bytes of the file NAME of a xar archive."""
    _, hsize, _, zlen, _, _ = struct.unpack('>4sHHQQI', xar[:28])
    heap = hsize + zlen
    toc = ET.fromstring(zlib.decompress(xar[hsize:heap]))

    def files(elem, prefix):
        for f in elem.findall('file'):
            path = prefix + (f.findtext('name') or '')
            yield path, f
            yield from files(f, path + '/')
    for path, f in files(toc.find('toc'), ''):
        if path == name:
            d = f.find('data')
            s = d.find('archived-checksum')
            return heap + int(d.findtext('offset')), int(d.findtext('length')), s.get('style'), s.text.strip()
    raise RuntimeError('no file %r in the bundle' % name)


class Materializer:
    def __init__(self, tools, tmp):
        self.tools, self.tmp, self.cache, self.n = tools, tmp, {}, 0

    def get(self, file, elems):
        key = (file, tuple(elems))
        if key in self.cache:
            return self.cache[key]
        if not elems:
            return file
        parent = self.get(file, elems[:-1])
        kind, label = elems[-1]
        self.n += 1
        d = os.path.join(self.tmp, str(self.n))
        os.makedirs(d)
        if kind == 'arch':
            out = os.path.join(d, 'slice')
            run([self.tools.lipo, parent, '-thin', label, '-output', out])
        else:
            name, k = label, 1
            m = re.match(r'^(.*)@(\d+)$', label)
            if m:
                name, k = m.group(1), int(m.group(2))
            run([self.tools.ar, 'xN', str(k), '--output=' + d, parent, name])
            out = os.path.join(d, os.path.basename(name))
        self.cache[key] = out
        return out


def run(cmd):
    r = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    if r.returncode != 0:
        raise RuntimeError('%s: %s' % (' '.join(cmd), r.stderr.decode(errors='replace').strip()))
    return r.stdout


def offload_images(b):
    """Yield (offset, size) of the images of the offload binaries in b."""
    pos = 0
    while pos + 32 <= len(b):
        magic, _, size, eoff, esize = struct.unpack_from('<IIQQQ', b, pos)
        if magic != 0xad10ff10 or size == 0:
            break
        for e in range(eoff, eoff + esize, 40):
            ioff, isize = struct.unpack_from('<QQ', b, pos + e + 24)
            yield pos + ioff, isize
        pos += (size + 7) // 8 * 8


def check_decompressed(ps, want, scanned):
    """Check the payloads ps of a compressed section against want, the
    section decompressed by llvm-objcopy; return None or a message."""
    def sha(b):
        return hashlib.sha256(b).hexdigest()
    got = []
    for p in ps:
        if p['path'] not in scanned:
            return '%s: not in scan --json' % p['path']
        got.append((p, scanned[p['path']]))
    section = ps[0]['section']
    if section.startswith('.llvm.offloading'):
        places = list(offload_images(want))
    elif len(ps) == 1 and ps[0].get('module', 0) == 0:
        places = [(0, len(want))]
    else:
        places, pos = [], 0
        for p, (_, size) in got:
            if p['kind'] in ('bitcode', 'lto'):
                while pos < len(want) and want[pos] == 0:
                    pos += 1
            places.append((pos, size))
            pos += size
        if any(want[pos:]):
            return 'non-zero bytes after the last payload of the decompressed section'
    if len(places) != len(got):
        return '%d payloads, the decompressed section has %d' % (len(got), len(places))
    for (p, (digest, size)), (off, n) in zip(got, places):
        if p.get('decompressed_size') != size or n != size or sha(want[off:off + n]) != digest:
            return '%s: %d bytes (sha256 %s), llvm-objcopy decompressed [0x%x,+%d)' % (p['path'], size, digest[:12], off, n)
    return None


def check_file(args, file, tmp, results):
    out = subprocess.run([args.bcextract, 'list', '--json', file], stdout=subprocess.PIPE)
    doc = json.loads(out.stdout)
    scanned = None  # path -> (sha256, size) of each payload's bytes, for compressed sections
    if doc['errors']:
        for e in doc['errors']:
            results.append((False, file, 'bcextract error: ' + e['message']))
        return
    groups = {}
    for p in doc['payloads']:
        key = re.sub(r'#\d+$', '', p['path'])
        groups.setdefault(key, []).append(p)
    if not groups:
        results.append((False, file, 'no payloads found'))
    mat = Materializer(args, tmp)
    data_cache = {}
    for key, ps in groups.items():
        try:
            elems, section, member = split_path(key, file)
            if ps[0]['file'] != file and len(elems) == 1 and elems[0][0] == 'member':
                obj = ps[0]['file']  # a thin archive's member: its own file
            else:
                obj = mat.get(file, elems)
            if section is None:
                want = open(obj, 'rb').read()
            else:
                dump = os.path.join(tmp, 'dump')
                sec = re.sub(r'@\d+$', '', section)
                run([args.objcopy, '--dump-section', '%s=%s' % (sec, dump), obj, os.path.join(tmp, 'objcopy.out')])
                want = open(dump, 'rb').read()
            ps.sort(key=lambda p: p['offset'])
            f = ps[0]['file']
            if f not in data_cache:
                data_cache[f] = open(f, 'rb').read()
            data = data_cache[f]
            start = ps[0]['section_offset']
            if member is not None:
                p = ps[0]
                off, length, style, value = xar_file(want, re.sub(r'@\d+$', '', member))
                msg = None
                if len(ps) != 1 or p['offset'] != start + off or p['size'] != length:
                    msg = '%s at [0x%x,+%d), the TOC says [0x%x,+%d)' % (p['path'], p['offset'], p['size'], start + off, length)
                elif data[start:start + len(want)] != want:
                    msg = 'section bytes differ from llvm-objcopy'
                elif hashlib.new(style, want[off:off + length]).hexdigest() != value:
                    msg = '%s: archived bytes do not match the TOC\'s %s checksum' % (p['path'], style)
                results.append((msg is None, key, msg or ''))
                continue
            if ps[0].get('compressed'):
                msg = None
                if data[start:start + len(want)] != want:
                    msg = 'stored section bytes differ from llvm-objcopy (size %d)' % len(want)
                for p in ps:
                    if not msg and (p['offset'] != start or p['size'] != len(want) or p.get('compressed') != ps[0]['compressed']):
                        msg = '%s [0x%x,+%d) is not the whole stored section' % (p['path'], p['offset'], p['size'])
                if not msg:
                    plain, dump = os.path.join(tmp, 'plain'), os.path.join(tmp, 'dump')
                    run([args.objcopy, '--compress-sections', '%s=none' % sec, obj, plain])
                    run([args.objcopy, '--dump-section', '%s=%s' % (sec, dump), plain, os.path.join(tmp, 'objcopy.out')])
                    if scanned is None:
                        lines = run([args.bcextract, 'scan', '--json', '--kind', 'all', file]).decode().splitlines()
                        scanned = {}
                        for line in lines:
                            j = json.loads(line)
                            if 'sha256' in j:
                                scanned[j['path']] = (j['sha256'], j['size'])
                    msg = check_decompressed(ps, open(dump, 'rb').read(), scanned)
                results.append((msg is None, key + ' (compressed)', msg or ''))
                continue
            # Offload images sit among their binaries' headers; only split
            # modules and command lines have zero padding between them.
            padded = ps[0]['format'] != 'offload' and not (section or '').startswith('.llvm.offloading')
            got = data[start:start + len(want)]
            msg = None
            if got != want:
                msg = 'section bytes differ from llvm-objcopy (size %d vs %d)' % (len(got), len(want))
            pos = start
            for p in ps:
                if msg:
                    break
                if p['offset'] < pos or p['offset'] + p['size'] > start + len(want):
                    msg = '%s [0x%x,+%d) outside the section or overlapping' % (p['path'], p['offset'], p['size'])
                elif padded and any(data[pos:p['offset']]):
                    msg = 'non-zero bytes between payloads before %s' % p['path']
                pos = p['offset'] + p['size']
            if not msg and padded and any(data[pos:start + len(want)]):
                msg = 'non-zero bytes after the last payload of the section'
            results.append((msg is None, key, msg or ''))
        except Exception as e:  # a tool failed: report, go on
            results.append((False, key, str(e)))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--bcextract', required=True)
    ap.add_argument('--objcopy', default='llvm-objcopy-22')
    ap.add_argument('--ar', default='llvm-ar-22')
    ap.add_argument('--lipo', default='llvm-lipo-22')
    ap.add_argument('--verbose', action='store_true')
    ap.add_argument('files', nargs='+')
    args = ap.parse_args()
    results = []
    with tempfile.TemporaryDirectory() as tmp:
        for i, f in enumerate(args.files):
            d = os.path.join(tmp, str(i))
            os.makedirs(d)
            check_file(args, f, d, results)
    failed = 0
    for ok, key, msg in results:
        if not ok:
            failed += 1
            print('FAIL: %s: %s' % (key, msg))
        elif args.verbose:
            print('PASS: %s' % key)
    print('payloads: %d passed, %d failed' % (len(results) - failed, failed))
    sys.exit(1 if failed else 0)


if __name__ == '__main__':
    main()
