package scan

import (
	"crypto/sha256"
	"errors"
	"runtime/debug"

	"github.com/bcextract/bcextract/container"
	"github.com/bcextract/bcextract/container/coff"
	"github.com/bcextract/bcextract/ir/bitcode"
	"github.com/bcextract/bcextract/mmap"
	"github.com/bcextract/bcextract/sections"
)

// PrefixSize is how many bytes of a file are read to decide from its magic
// number whether it can hold payloads, before it is mapped.
const PrefixSize = 4096

// readPrefixFunc is the signature of readPrefix.
type readPrefixFunc func(name string, buf []byte) (n int, size int64, err error)

// A fileWorker scans files, one at a time, reusing its buffers.
type fileWorker struct {
	s          *Scanner
	readPrefix readPrefixFunc
	prefix     []byte
	w          container.Walker
}

func newFileWorker(s *Scanner) *fileWorker {
	fw := &fileWorker{s: s, readPrefix: s.readPrefix, prefix: make([]byte, PrefixSize)}
	if fw.readPrefix == nil {
		fw.readPrefix = readPrefix
	}
	return fw
}

// process scans the file of j, or passes on its problem.
func (fw *fileWorker) process(j job) *Result {
	if j.err != nil {
		j.err.seq = j.seq
		return j.err
	}
	r := &Result{File: j.path, seq: j.seq}
	n, size, err := fw.readPrefix(j.path, fw.prefix)
	r.Size = size
	if err != nil {
		r.Errors = append(r.Errors, container.FileError(j.path, err))
		return r
	}
	if !MayHold(fw.prefix[:n], r.Size) {
		return r
	}
	m, err := mmap.Map(j.path)
	if err != nil {
		r.Errors = append(r.Errors, container.FileError(j.path, err))
		return r
	}
	defer m.Close()
	if fw.s.afterMap != nil {
		fw.s.afterMap(j.path)
	}
	fw.walk(r, m.Bytes)
	return r
}

// MayHold reports whether a file of size bytes that starts with prefix (at
// least its first PrefixSize bytes, or all of it) may be a format that
// container.Detect recognizes, and so may hold payloads. It may say yes to
// a file Detect rejects, never the reverse.
func MayHold(prefix []byte, size int64) bool {
	if container.Detect(prefix) != container.Unknown {
		return true
	}
	if int64(len(prefix)) >= size {
		return false // prefix is the whole file
	}
	// Two checks of Detect depend on more than the first bytes: a PE
	// image's signature is where the DOS header's e_lfanew points, and a
	// COFF object's section table must fit in the file.
	if len(prefix) >= 2 && prefix[0] == 'M' && prefix[1] == 'Z' {
		return true
	}
	if len(prefix) >= 20 {
		var h [20]byte
		copy(h[:], prefix)
		h[2], h[3] = 0, 0 // NumberOfSections: no section table to fit
		return coff.IsObject(h[:])
	}
	return false
}

// walk walks the mapped data of r's file and fills r. A file truncated
// while mapped faults when its lost pages are read; that is reported as an
// error of the file instead of crashing the scan.
func (fw *fileWorker) walk(r *Result, data []byte) {
	r.Size = int64(len(data))
	r.Format = container.Detect(data)
	if r.Format == container.Unknown {
		return
	}
	defer debug.SetPanicOnFault(debug.SetPanicOnFault(true))
	defer func() {
		if e := recover(); e != nil {
			fault, ok := e.(interface{ Addr() uintptr })
			if !ok {
				panic(e)
			}
			r.Errors = append(r.Errors, &container.Error{Path: r.File, File: r.File, Off: mmap.FaultOffset(data, fault.Addr()), Err: mmap.ErrFault})
		}
	}()
	defer fw.w.Close()
	werr := fw.w.Walk(r.File, data, func(p *container.Payload) error {
		if fw.s.Kinds != nil && !fw.s.Kinds[p.Kind] {
			return nil
		}
		r.Payloads = append(r.Payloads, fw.payload(r, p))
		return nil
	})
	for _, err := range container.Errors(werr) {
		var ce *container.Error
		if !errors.As(err, &ce) {
			ce = &container.Error{Path: r.File, File: r.File, Off: -1, Err: err}
		}
		r.Errors = append(r.Errors, ce)
	}
}

// payload describes p, reading what its module records; problems go to
// r.Errors.
func (fw *fileWorker) payload(r *Result, p *container.Payload) Payload {
	sp := Payload{
		File: p.File, Path: p.Path, Kind: p.Kind, Format: p.Format, Arch: p.Arch,
		Section: p.Section, Off: p.Off, Size: int64(len(p.Data)), SHA256: sha256.Sum256(p.Data),
		Triple: p.Triple, OffloadArch: p.OffloadArch, Compression: p.Compression,
	}
	if p.Kind.IsModule() {
		id, err := bitcode.ReadIdent(p.Data)
		if err != nil && !p.Malformed { // else the walk reports it
			r.Errors = append(r.Errors, container.PayloadError(p, "reading the module's producer, triple and source file name", err))
		}
		sp.Producer, sp.SourceFilename = id.Producer, id.SourceFilename
		if id.Triple != "" {
			sp.Triple = id.Triple
		}
	}
	cmd := p.Cmdline
	if p.Kind == container.KindCmdline {
		cmd = p.Data
	}
	if cl := sections.DecodeCmdlines(cmd); len(cl) > 0 {
		sp.Cmdline = cl[0]
	}
	if fw.s.Extract != nil {
		stored, err := fw.s.Extract(&sp, p.Data)
		if err != nil {
			r.Errors = append(r.Errors, &container.Error{Path: p.Path, File: p.File, Off: -1, Err: err})
		}
		sp.Stored = stored
	}
	return sp
}
