package container

import (
	"bytes"
	"strconv"

	"github.com/bcextract/bcextract/sections"
	"github.com/bcextract/bcextract/wrapper"
)

// modules reports one payload per module of whole, which holds one or more
// bitcode files back to back, calling set (if not nil) on each before it is
// reported, with its 1-based number. If they cannot be told apart, whole is
// reported as it is and the error too.
func (s *walk) modules(n node, whole Payload, set func(m int, p *Payload)) {
	count, err := splitCount(whole.Data)
	if err != nil {
		s.failIn(n, &whole, err)
		whole.Malformed = true
		s.emitCopy(whole)
		return
	}
	m := 0
	p := &s.payload
	for sp := range wrapper.Spans(whole.Data) {
		if sp.Kind == wrapper.Padding {
			continue
		}
		m++
		path, ok := s.join(n, whole.at(sp.Off), n.path, "#", strconv.Itoa(m))
		if !ok || s.stop != nil {
			return
		}
		*p = whole
		p.Path = path
		p.Module, p.Modules = m, count
		p.Off, p.Size = whole.part(sp.Off, sp.Size)
		p.Data = whole.Data[sp.Off : sp.Off+sp.Size]
		if set != nil {
			set(m, p)
		}
		s.emit(p)
	}
	if m == 0 {
		s.failIn(n, &whole, ErrNoModule)
		whole.Malformed = true
		s.emitCopy(whole)
	}
}

// at returns the offset in File of byte off of p's Data: p.Off+off, or
// p.Off itself when Data is decoded, not File's bytes.
func (p *Payload) at(off int64) int64 {
	if p.Decoded() {
		return p.Off
	}
	return p.Off + off
}

// part returns Off and Size for the payload made of p's Data at [off,
// off+size): that range of File, or p's own when Data is decoded (a
// compressed section's modules are not in File).
func (p *Payload) part(off, size int64) (int64, int64) {
	if p.Decoded() {
		return p.Off, p.Size
	}
	return p.Off + off, size
}

// failIn reports err, met in the bytes of p: at the byte of File it names,
// or, when p's Data is decoded, at p's first byte, with the offset in the
// decoded bytes in the message.
func (s *walk) failIn(n node, p *Payload, err error) {
	if p.Decoded() {
		err = inDecoded(err)
	}
	s.fail(n, p.Off, err)
}

// splitCount returns the number of files wrapper.Split finds in data
// (padding aside), or the error that stops it.
func splitCount(data []byte) (int, error) {
	m := 0
	for sp, err := range wrapper.Spans(data) {
		if err != nil {
			return 0, err
		}
		if sp.Kind != wrapper.Padding {
			m++
		}
	}
	return m, nil
}

// countModules returns the number of payloads modules reports for a
// bitcode section holding data: its modules, or 1 when it cannot be split
// or holds none.
func countModules(data []byte) int {
	m := 0
	for sp, err := range wrapper.Spans(data) {
		if err != nil {
			return 1
		}
		if sp.Kind != wrapper.Padding {
			m++
		}
	}
	return max(m, 1)
}

// offload reports one payload per image of the offload binaries in whole
// (a .llvm.offloading section or an offload package): bitcode images as
// bitcode, others as offload images. If the binaries cannot be decoded,
// whole is reported as it is and the error too.
func (s *walk) offload(n node, whole Payload) {
	bins, err := sections.DecodeOffloading(whole.Section, whole.Data)
	if err != nil {
		s.failIn(n, &whole, err)
		whole.Malformed = true
		s.emitCopy(whole)
		return
	}
	p := &s.payload
	for i := range bins {
		b := &bins[i]
		path, ok := s.join(n, whole.at(b.Off), n.path, "#", strconv.Itoa(i+1))
		if !ok || s.stop != nil {
			return
		}
		*p = whole
		p.Path = path
		p.Module, p.Modules = i+1, len(bins)
		p.Off, p.Size = whole.part(b.ImageOff, b.ImageSize)
		p.Data = whole.Data[b.ImageOff : b.ImageOff+b.ImageSize]
		p.Triple, p.OffloadArch = b.String("triple"), b.String("arch")
		if b.ImageKind == sections.IMG_Bitcode {
			p.Kind = KindBitcode
		}
		s.emit(p)
	}
}

// cc1 starts each clang command line in a command-line section.
var cc1 = []byte("-cc1\x00")

// cmdlineStarts returns the offsets in b at which the command lines of a
// command-line section start: 0, then each "-cc1" argument after it.
func cmdlineStarts(b []byte) []int {
	n := 0
	eachCmdlineStart(b, func(int) { n++ })
	starts := make([]int, 0, n) // counted, so as not to grow it
	eachCmdlineStart(b, func(i int) { starts = append(starts, i) })
	return starts
}

// eachCmdlineStart calls fn with the offset of each command line in b, in
// order: 0 when b does not start with "-cc1" (arguments before the first
// -cc1, or an empty section), then each "-cc1" that starts an argument.
func eachCmdlineStart(b []byte, fn func(int)) {
	if !bytes.HasPrefix(b, cc1) {
		fn(0)
	}
	for i := 0; i < len(b); {
		if (i == 0 || b[i-1] == 0) && bytes.HasPrefix(b[i:], cc1) {
			fn(i)
			i += len(cc1)
			continue
		}
		j := bytes.IndexByte(b[i:], 0)
		if j < 0 {
			break
		}
		i += j + 1
	}
}

// splitCmdlines reports one payload per command line of whole: a new
// command line starts at each "-cc1" argument. Their bytes cover whole
// exactly; an empty section is reported whole, as its one command line.
func (s *walk) splitCmdlines(n node, whole Payload) {
	b := whole.Data
	if len(b) == 0 {
		s.emitCopy(whole)
		return
	}
	starts := cmdlineStarts(b)
	p := &s.payload
	for i, st := range starts {
		end := len(b)
		if i+1 < len(starts) {
			end = starts[i+1]
		}
		path, ok := s.join(n, whole.at(int64(st)), whole.Path, "#", strconv.Itoa(i+1))
		if !ok || s.stop != nil {
			return
		}
		*p = whole
		p.Path = path
		p.Module, p.Modules = i+1, len(starts)
		p.Off, p.Size = whole.part(int64(st), int64(end-st))
		p.Data = b[st:end]
		s.emit(p)
	}
}

// splitPaths reports one payload per line of whole, a section of gllvm's
// or wllvm's (.llvm_bc): each object's holds the path of its bitcode file
// and a newline, a linked program's the lines of all its objects. Empty
// lines are skipped; the payloads hold the paths without their newline.
func (s *walk) splitPaths(n node, whole Payload) {
	b := whole.Data
	// each calls fn with the start and end of each line that is not
	// empty; the lines are counted first, then reported (no list of
	// them is held: a section can hold millions).
	each := func(fn func(st, end int) bool) {
		for st := 0; st < len(b); {
			end := st + bytes.IndexByte(b[st:], '\n')
			if end < st {
				end = len(b)
			}
			if end > st && !fn(st, end) {
				return
			}
			st = end + 1
		}
	}
	count := 0
	each(func(int, int) bool { count++; return true })
	if count == 0 {
		s.emitCopy(whole)
		return
	}
	p := &s.payload
	i := 0
	each(func(st, end int) bool {
		i++
		path, ok := s.join(n, whole.at(int64(st)), whole.Path, "#", strconv.Itoa(i))
		if !ok || s.stop != nil {
			return false
		}
		*p = whole
		p.Path = path
		p.Module, p.Modules = i, count
		p.Off, p.Size = whole.part(int64(st), int64(end-st))
		p.Data = b[st:end]
		s.emit(p)
		return true
	})
}
