package assembly

import (
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/bcextract/bcextract/ir"
)

// Options control [Write].
type Options struct {
	// ModuleID is printed as "; ModuleID = 'ModuleID'"; nothing is printed
	// when it is empty or holds a newline. It is also the source_filename
	// of a module that has none (ir.Module.NoSourceFilename), as LLVM
	// takes the module identifier for it, newline or not.
	ModuleID string
	// Loader, when set, is called for each function with HasBody just
	// before it is printed (and, when struct types are met only inside
	// function bodies, once more beforehand to find them). After printing,
	// Write sets the function's Params and Blocks to nil to free them.
	Loader ir.BodyLoader
	// Functions, when set, selects the function definitions to print:
	// Write then prints those alone, each as it appears in the whole
	// module's text (same numbering), separated by blank lines, and
	// nothing else.
	Functions func(*ir.Function) bool
	// Prefetch, when positive, has the bodies of the functions loaded
	// through Loader by a goroutine of their own, up to Prefetch
	// functions ahead of the one being printed, so that loading and
	// printing take two processors. Loader is still never called from
	// two goroutines at once. It is not used with Functions.
	Prefetch int
}

// initialBudget and itemBudget set printer.budget: the inline nodes
// allowed at the start, and those each global or instruction adds.
const (
	initialBudget = 1 << 22
	itemBudget    = 1 << 10
)

// flushSize is how much output is gathered before it is written.
const flushSize = 64 << 10

// Write writes m as LLVM assembly, exactly as llvm-dis-22 does, to w. An
// error from opt.Loader or from w stops the output and is returned.
func Write(w io.Writer, m *ir.Module, opt Options) error {
	if m == nil {
		return fmt.Errorf("assembly: nil module")
	}
	p := newPrinter(w, m, opt)
	p.printModule()
	p.flush()
	if p.err == nil && p.incomplete {
		return ErrLimit
	}
	return p.err
}

// ErrLimit is returned by Write, once the whole module is written, when a
// type or metadata node was nested more deeply than the printer follows
// (2000 levels), a constant more than 1,048,576 levels deep (a cycle in a
// model built by hand; from bitcode, a chain of over a million constant
// expressions, some 9 MB of records), or a module's constants and types,
// printed inline, would have taken more than a budget that grows with the
// module's globals and instructions (what a model whose constants share
// operands costs, printed in full, can be exponential). The output holds a
// marker, such as <recursive constant> or <constant too large>, in their
// place.
var ErrLimit = errors.New("assembly: a type, constant or metadata node nested too deeply or too large to print: marked in the output")

// limited writes marker in place of what the printer will not follow and
// remembers that the output is incomplete.
func (p *printer) limited(marker string) {
	p.str(marker)
	p.incomplete = true
}

// A printer holds the state of one Write: the output buffer and the
// numbering of types, values, attribute sets and metadata nodes.
type printer struct {
	out io.Writer
	b   []byte
	err error
	// incomplete says a marker of ErrLimit was printed.
	incomplete bool
	// discard says what is gathered is dropped rather than written: the
	// parts of the module that Options.Functions leaves out.
	discard bool
	// printed counts the functions Options.Functions selected.
	printed int

	m      *ir.Module
	opt    Options
	progAS uint32 // the program address space of the data layout

	// Identified struct types: the unnamed ones numbered, the named ones in
	// the order they are printed.
	typeNums   map[*ir.Type]int
	typeOrder  []*ir.Type
	namedTypes []*ir.Type

	// Module slots of unnamed global values.
	gslots map[ir.Value]int

	// Function slots of the function being printed.
	fn     *ir.Function
	aslots map[*ir.Argument]int
	bslots map[*ir.Block]int
	islots map[*ir.Instruction]int

	// Attribute-set slots (#N).
	asSlots map[string]int
	asCache map[attrSetID]int
	asList  []ir.AttrSet

	// Metadata slots (!N).
	// mdByID holds each numbered node's number plus one by its ID;
	// mdOther the numbers of nodes that have no usable ID (see
	// setMDSlot). mdAddr holds, by number, the address of each node
	// numbered: its identity, which does not keep it alive (see
	// nodeAddr). mdPending are the nodes numbered from mdDone on, whose
	// definitions renderMD has yet to write into md; mdWrite says whether
	// it writes them (the metadata is printed).
	mdByID    paged[int32]
	mdOther   map[ir.MDNode]int
	mdAddr    paged[uintptr]
	mdPending []ir.MDNode
	mdDone    int
	mdTry     int // the count of nodes waiting at which mdSlot renders some
	mdWrite   bool
	md        mdText
	mdStack   []ir.MDNode
	// mdScratch holds the text of a definition renderMD records as text.
	mdScratch []byte

	// Comdats printed, in the order global objects use them.
	comdats []*ir.Comdat

	// budget bounds how many aggregate and expression constants and
	// composite types are printed inline: a model whose constants or types
	// share operands (a DAG) could otherwise print exponentially. It grows
	// with every global and instruction printed.
	budget int64
	// cstack holds the frames of the composite constants being written
	// (see composite).
	cstack []constFrame

	// blockRefs are the block names of functions other than the one
	// being printed, for blockaddress constants.
	blockRefs map[*ir.Function][]string

	// bodies loads function bodies through opt.Loader (nil without one).
	bodies *bodySource
}

// attrSetID identifies an attribute set by its backing array, so that a
// set shared by many calls is keyed once.
type attrSetID struct {
	p *ir.Attribute
	n int
}

func newPrinter(w io.Writer, m *ir.Module, opt Options) *printer {
	p := &printer{
		out:     w,
		b:       make([]byte, 0, flushSize+4096),
		m:       m,
		opt:     opt,
		gslots:  make(map[ir.Value]int),
		aslots:  make(map[*ir.Argument]int),
		bslots:  make(map[*ir.Block]int),
		islots:  make(map[*ir.Instruction]int),
		asSlots: make(map[string]int),
		asCache: make(map[attrSetID]int),
		mdOther: make(map[ir.MDNode]int),
	}
	if opt.Loader != nil {
		p.bodies = newBodySource(opt.Loader)
	}
	p.progAS = programAddrSpace(m.DataLayout)
	p.budget = initialBudget
	return p
}

// programAddrSpace returns the P<n> component of a data layout string.
func programAddrSpace(dl string) uint32 {
	for len(dl) > 0 {
		var part string
		part, dl, _ = strings.Cut(dl, "-")
		if len(part) > 1 && part[0] == 'P' {
			if n, err := strconv.ParseUint(part[1:], 10, 32); err == nil {
				return uint32(n)
			}
		}
	}
	return 0
}

// flush writes out what has been gathered, unless it is to be discarded.
func (p *printer) flush() {
	if p.err == nil && len(p.b) > 0 && !p.discard {
		_, p.err = p.out.Write(p.b)
	}
	p.b = p.b[:0]
}

// maybeFlush writes out the buffer when it is large; it is called at line
// ends only, so that column arithmetic stays within the buffer.
func (p *printer) maybeFlush() {
	if len(p.b) >= flushSize {
		p.flush()
	}
}

func (p *printer) str(s string) { p.b = append(p.b, s...) }
func (p *printer) byte1(c byte) { p.b = append(p.b, c) }
func (p *printer) int(v int64)  { p.b = strconv.AppendInt(p.b, v, 10) }
func (p *printer) uint(v uint64) {
	p.b = strconv.AppendUint(p.b, v, 10)
}

// column returns the current output column (0-based).
func (p *printer) column() int {
	for i := len(p.b) - 1; i >= 0; i-- {
		if p.b[i] == '\n' {
			return len(p.b) - 1 - i
		}
	}
	return len(p.b) // the buffer is flushed at line ends only
}

// padToColumn pads with spaces to column n, at least one space.
func (p *printer) padToColumn(n int) {
	c := p.column()
	k := n - c
	if k < 1 {
		k = 1
	}
	for ; k > 0; k-- {
		p.b = append(p.b, ' ')
	}
}

func (p *printer) printModule() {
	m := p.m
	p.findTypes()
	if p.err != nil {
		return
	}
	// The bodies are loaded from now on (findTypes may have loaded some
	// before), while the rest of the module's head is printed.
	fns := m.Functions
	if p.bodies != nil && p.opt.Prefetch > 0 && p.opt.Functions == nil {
		p.bodies.prefetch(fns, p.opt.Prefetch)
		defer p.bodies.stop()
	}
	p.mdWrite = p.opt.Functions == nil
	p.numberModule()
	p.renderMD()
	p.collectComdats()
	p.discard = p.opt.Functions != nil

	if id := p.opt.ModuleID; id != "" && !strings.Contains(id, "\n") {
		p.str("; ModuleID = '")
		p.str(id)
		p.str("'\n")
	}
	src := m.SourceFilename
	if m.NoSourceFilename {
		src = p.opt.ModuleID
	}
	if src != "" {
		p.str("source_filename = \"")
		p.escaped(src)
		p.str("\"\n")
	}
	if m.DataLayout != "" {
		p.str("target datalayout = \"")
		p.str(m.DataLayout)
		p.str("\"\n")
	}
	if m.Triple != "" {
		p.str("target triple = \"")
		p.str(m.Triple)
		p.str("\"\n")
	}
	// The lines are the module asm split at every newline, the text after
	// the last one included; LLVM prints a line per newline-terminated
	// part, and the rest when it is not empty.
	if asm := strings.Join(m.Asm, "\n"); asm != "" {
		p.byte1('\n')
		for {
			line, rest, _ := strings.Cut(asm, "\n")
			p.str("module asm \"")
			p.escaped(line)
			p.str("\"\n")
			if rest == "" {
				break
			}
			asm = rest
		}
	}
	p.printTypeIdentities()

	if len(p.comdats) > 0 {
		p.byte1('\n')
	}
	for i, c := range p.comdats {
		p.comdatName(c.Name)
		p.str(" = comdat ")
		p.str(comdatSelectionName(c.Selection))
		p.byte1('\n')
		if i != len(p.comdats)-1 {
			p.byte1('\n')
		}
	}

	if len(m.Globals) > 0 {
		p.byte1('\n')
	}
	for _, g := range m.Globals {
		p.budget += itemBudget
		if g != nil {
			if a, ok := g.Init.(*ir.ConstAggregate); ok && a != nil {
				p.budget += 16 * int64(len(a.Elems))
			}
		}
		p.printGlobal(g)
		p.byte1('\n')
		p.maybeFlush()
	}
	if len(m.Aliases) > 0 {
		p.byte1('\n')
	}
	for _, a := range m.Aliases {
		p.printAlias(a)
		p.maybeFlush()
	}
	if len(m.IFuncs) > 0 {
		p.byte1('\n')
	}
	for _, i := range m.IFuncs {
		p.printIFunc(i)
		p.maybeFlush()
	}
	for _, f := range fns {
		if f == nil {
			continue
		}
		if p.opt.Functions != nil {
			p.selectFunction(f)
		} else {
			p.byte1('\n')
		}
		p.printFunction(f)
		if p.err != nil {
			return
		}
		p.maybeFlush()
	}
	if p.opt.Functions != nil {
		p.flush()
		return
	}

	if len(p.asList) > 0 {
		p.byte1('\n')
		for i, s := range p.asList {
			p.str("attributes #")
			p.int(int64(i))
			p.str(" = { ")
			p.attrSet(s, true)
			p.str(" }\n")
			p.maybeFlush()
		}
	}

	if len(m.NamedMetadata) > 0 {
		p.byte1('\n')
	}
	for _, nmd := range m.NamedMetadata {
		if nmd == nil {
			continue
		}
		p.printNamedMetadata(nmd)
		p.maybeFlush()
	}

	if p.mdAddr.len() > 0 {
		p.byte1('\n')
		p.renderMD()
		p.writeMD()
	}
	if m.Summary != nil {
		p.printSummary(m.Summary)
	}
}

func comdatSelectionName(s ir.ComdatSelection) string {
	if s > ir.ComdatSameSize {
		return "any"
	}
	return s.String()
}

// collectComdats lists the comdats of the global objects (functions, then
// global variables), each once, as LLVM's AssemblyWriter does.
func (p *printer) collectComdats() {
	seen := make(map[*ir.Comdat]bool)
	add := func(c *ir.Comdat) {
		if c != nil && !seen[c] {
			seen[c] = true
			p.comdats = append(p.comdats, c)
		}
	}
	for _, f := range p.m.Functions {
		if f != nil {
			add(f.Comdat)
		}
	}
	for _, g := range p.m.Globals {
		if g != nil {
			add(g.Comdat)
		}
	}
}

func (p *printer) printTypeIdentities() {
	if len(p.typeOrder) == 0 && len(p.namedTypes) == 0 {
		return
	}
	p.byte1('\n')
	for i, t := range p.typeOrder {
		p.byte1('%')
		p.int(int64(i))
		p.str(" = type ")
		p.structBody(t)
		p.byte1('\n')
	}
	for _, t := range p.namedTypes {
		p.llvmName('%', t.Name)
		p.str(" = type ")
		p.structBody(t)
		p.byte1('\n')
		p.maybeFlush()
	}
}

// linkage writes a linkage keyword and a space, nothing for external.
func (p *printer) linkage(l ir.Linkage) {
	if l == ir.ExternalLinkage {
		return
	}
	p.str(l.String())
	p.byte1(' ')
}

func isImplicitDSOLocal(h *ir.GlobalHeader) bool {
	return h.Linkage.IsLocal() || (h.Visibility != ir.DefaultVisibility && h.Linkage != ir.ExternalWeakLinkage)
}

// headerProps writes dso_local, visibility and DLL storage class.
func (p *printer) headerProps(h *ir.GlobalHeader, dll bool) {
	if h.DSOLocal && !isImplicitDSOLocal(h) {
		p.str("dso_local ")
	}
	switch h.Visibility {
	case ir.HiddenVisibility:
		p.str("hidden ")
	case ir.ProtectedVisibility:
		p.str("protected ")
	}
	if dll {
		switch h.DLLStorage {
		case ir.DLLImport:
			p.str("dllimport ")
		case ir.DLLExport:
			p.str("dllexport ")
		}
	}
}

func (p *printer) threadLocal(m ir.ThreadLocalMode) {
	switch m {
	case ir.GeneralDynamicTLS:
		p.str("thread_local ")
	case ir.LocalDynamicTLS:
		p.str("thread_local(localdynamic) ")
	case ir.InitialExecTLS:
		p.str("thread_local(initialexec) ")
	case ir.LocalExecTLS:
		p.str("thread_local(localexec) ")
	}
}

func unnamedAddrName(u ir.UnnamedAddr) string {
	switch u {
	case ir.LocalUnnamedAddr:
		return "local_unnamed_addr"
	case ir.GlobalUnnamedAddr:
		return "unnamed_addr"
	}
	return ""
}

// globalRef writes a global value's name or number.
func (p *printer) globalRef(v ir.Value, name string) {
	if name != "" {
		p.llvmName('@', name)
		return
	}
	if n, ok := p.gslots[v]; ok {
		p.byte1('@')
		p.int(int64(n))
		return
	}
	p.str("<badref>")
}

func (p *printer) printGlobal(g *ir.GlobalVar) {
	if g == nil {
		p.str("<null global>")
		return
	}
	p.globalRef(g, g.Name)
	p.str(" = ")
	if g.Init == nil && g.Linkage == ir.ExternalLinkage {
		p.str("external ")
	}
	p.linkage(g.Linkage)
	p.headerProps(&g.GlobalHeader, true)
	p.threadLocal(g.ThreadLocal)
	if s := unnamedAddrName(g.UnnamedAddr); s != "" {
		p.str(s)
		p.byte1(' ')
	}
	if g.Typ != nil && g.Typ.AddrSpace != 0 {
		p.str("addrspace(")
		p.uint(uint64(g.Typ.AddrSpace))
		p.str(") ")
	}
	if g.ExternallyInitialized {
		p.str("externally_initialized ")
	}
	if g.Constant {
		p.str("constant ")
	} else {
		p.str("global ")
	}
	p.typ(g.ValueType)
	if g.Init != nil {
		p.byte1(' ')
		p.operand(g.Init, false)
	}
	if g.Section != "" {
		p.str(", section \"")
		p.escaped(g.Section)
		p.byte1('"')
	}
	if g.Partition != "" {
		p.str(", partition \"")
		p.escaped(g.Partition)
		p.byte1('"')
	}
	if g.CodeModel != ir.NoCodeModel {
		p.str(", code_model \"")
		switch g.CodeModel {
		case ir.TinyCodeModel:
			p.str("tiny")
		case ir.SmallCodeModel:
			p.str("small")
		case ir.KernelCodeModel:
			p.str("kernel")
		case ir.MediumCodeModel:
			p.str("medium")
		case ir.LargeCodeModel:
			p.str("large")
		}
		p.byte1('"')
	}
	if g.Sanitizer.NoAddress {
		p.str(", no_sanitize_address")
	}
	if g.Sanitizer.NoHWAddress {
		p.str(", no_sanitize_hwaddress")
	}
	if g.Sanitizer.Memtag {
		p.str(", sanitize_memtag")
	}
	if g.Sanitizer.IsDynInit {
		p.str(", sanitize_address_dyninit")
	}
	if c := g.Comdat; c != nil {
		p.str(", comdat")
		if c.Name != g.Name {
			p.byte1('(')
			p.comdatName(c.Name)
			p.byte1(')')
		}
	}
	if g.Align != 0 {
		p.str(", align ")
		p.uint(g.Align)
	}
	p.attachments(g.Metadata, ", ")
	if len(g.Attrs) > 0 {
		p.str(" #")
		p.int(int64(p.attrSetSlot(g.Attrs)))
	}
}

func (p *printer) printAlias(a *ir.Alias) {
	if a == nil {
		return
	}
	p.globalRef(a, a.Name)
	p.str(" = ")
	p.linkage(a.Linkage)
	p.headerProps(&a.GlobalHeader, true)
	p.threadLocal(a.ThreadLocal)
	if s := unnamedAddrName(a.UnnamedAddr); s != "" {
		p.str(s)
		p.byte1(' ')
	}
	p.str("alias ")
	p.typ(a.ValueType)
	p.str(", ")
	p.indirectTail(a.Aliasee, &a.GlobalHeader, " <<NULL ALIASEE>>")
}

func (p *printer) printIFunc(i *ir.IFunc) {
	if i == nil {
		return
	}
	p.globalRef(i, i.Name)
	p.str(" = ")
	p.linkage(i.Linkage)
	p.headerProps(&i.GlobalHeader, false)
	p.str("ifunc ")
	p.typ(i.ValueType)
	p.str(", ")
	p.indirectTail(i.Resolver, &i.GlobalHeader, " <<NULL RESOLVER>>")
}

// indirectTail ends the line of an alias or ifunc: its aliasee or resolver
// (the type written only when it is not a constant expression; h's type
// and null when it is missing), then its partition.
func (p *printer) indirectTail(target ir.Constant, h *ir.GlobalHeader, null string) {
	if target != nil {
		_, isCE := target.(*ir.ConstExpr)
		p.operand(target, !isCE)
	} else {
		p.typ(h.Typ)
		p.str(null)
	}
	if h.Partition != "" {
		p.str(", partition \"")
		p.escaped(h.Partition)
		p.byte1('"')
	}
	p.byte1('\n')
}

// callingConv writes a calling convention's keyword.
func (p *printer) callingConv(cc ir.CallingConv) {
	if int(cc) < len(ccNames) && ccNames[cc] != "" {
		p.str(ccNames[cc])
		return
	}
	if cc >= 112 && cc <= 123 {
		p.str("riscv_vls_cc(")
		p.uint(32 << (cc - 112))
		p.byte1(')')
		return
	}
	p.str("cc")
	p.uint(uint64(cc))
}

// ccNames are the calling conventions that llvm-dis-22 prints by name.
var ccNames = [...]string{
	8: "fastcc", 9: "coldcc", 10: "ghccc", 13: "anyregcc", 14: "preserve_mostcc", 15: "preserve_allcc",
	16: "swiftcc", 17: "cxx_fast_tlscc", 18: "tailcc", 19: "cfguard_checkcc", 20: "swifttailcc",
	21: "preserve_nonecc", 64: "x86_stdcallcc", 65: "x86_fastcallcc", 66: "arm_apcscc", 67: "arm_aapcscc",
	68: "arm_aapcs_vfpcc", 69: "msp430_intrcc", 70: "x86_thiscallcc", 71: "ptx_kernel", 72: "ptx_device",
	75: "spir_func", 76: "spir_kernel", 77: "intel_ocl_bicc", 78: "x86_64_sysvcc", 79: "win64cc",
	80: "x86_vectorcallcc", 81: "hhvmcc", 82: "hhvm_ccc", 83: "x86_intrcc", 84: "avr_intrcc ",
	85: "avr_signalcc ", 87: "amdgpu_vs", 88: "amdgpu_gs", 89: "amdgpu_ps", 90: "amdgpu_cs",
	91: "amdgpu_kernel", 92: "x86_regcallcc", 93: "amdgpu_hs", 95: "amdgpu_ls", 96: "amdgpu_es",
	97: "aarch64_vector_pcs", 98: "aarch64_sve_vector_pcs", 100: "amdgpu_gfx",
	102: "aarch64_sme_preservemost_from_x0", 103: "aarch64_sme_preservemost_from_x2",
	104: "amdgpu_cs_chain", 105: "amdgpu_cs_chain_preserve", 106: "m68k_rtdcc", 107: "graalcc",
	110: "riscv_vector_cc", 111: "aarch64_sme_preservemost_from_x1", 124: "amdgpu_gfx_whole_wave",
	125: "cheriot_compartmentcallcc", 126: "cheriot_compartmentcalleecc", 127: "cheriot_librarycallcc",
}

func (p *printer) printFunction(f *ir.Function) {
	if p.bodies != nil && f.HasBody {
		if _, err := p.bodies.load(f); err != nil {
			p.flush()
			if p.err == nil {
				p.err = fmt.Errorf("assembly: loading @%s: %w", f.Name, err)
			}
			return
		}
		defer p.bodies.release(f)
	}

	if len(f.Attrs.Fn) > 0 {
		start := len(p.b)
		p.str("; Function Attrs: ")
		mark := len(p.b)
		for i := range f.Attrs.Fn {
			a := &f.Attrs.Fn[i]
			if a.Kind == ir.AttrNone {
				continue
			}
			if len(p.b) > mark {
				p.byte1(' ')
			}
			p.attr(a, false)
		}
		if len(p.b) == mark {
			p.b = p.b[:start]
		} else {
			p.byte1('\n')
		}
	}

	if strings.HasPrefix(f.Name, "llvm.") {
		if _, ok := ir.IntrinsicName(f.Name); !ok {
			p.str("; Unknown intrinsic\n")
		}
	}

	p.incorporateFunction(f)
	defer p.purgeFunction()
	p.renderMD()

	sig := f.Sig
	if sig == nil || sig.Kind != ir.FunctionType {
		sig = f.ValueType
	}
	decl := !f.HasBody
	if decl {
		p.str("declare")
		p.attachments(f.Metadata, " ")
		p.byte1(' ')
	} else {
		p.str("define ")
	}
	p.linkage(f.Linkage)
	p.headerProps(&f.GlobalHeader, true)
	if f.CallConv != 0 {
		p.callingConv(f.CallConv)
		p.byte1(' ')
	}
	if len(f.Attrs.Ret) > 0 {
		p.attrSet(f.Attrs.Ret, false)
		p.byte1(' ')
	}
	var params []*ir.Type
	varArg := false
	if sig != nil && sig.Kind == ir.FunctionType {
		p.typ(sig.Ret)
		params = sig.Params
		varArg = sig.VarArg
	} else {
		p.str("<bad function type>")
	}
	p.byte1(' ')
	p.globalRef(f, f.Name)
	p.byte1('(')
	if decl || len(f.Params) != len(params) {
		for i, t := range params {
			if i > 0 {
				p.str(", ")
			}
			p.typ(t)
			if as := f.Attrs.Param(i); len(as) > 0 {
				p.byte1(' ')
				p.attrSet(as, false)
			}
		}
	} else {
		for i, a := range f.Params {
			if i > 0 {
				p.str(", ")
			}
			if a == nil {
				p.str("<null operand!>")
				continue
			}
			p.typ(a.Typ)
			if as := f.Attrs.Param(i); len(as) > 0 {
				p.byte1(' ')
				p.attrSet(as, false)
			}
			p.byte1(' ')
			p.localRef(a)
		}
	}
	if varArg {
		if len(params) > 0 {
			p.str(", ")
		}
		p.str("...")
	}
	p.byte1(')')
	if s := unnamedAddrName(f.UnnamedAddr); s != "" {
		p.byte1(' ')
		p.str(s)
	}
	if as := fnAddrSpace(f); as != 0 || p.progAS != 0 {
		p.str(" addrspace(")
		p.uint(uint64(as))
		p.byte1(')')
	}
	if len(f.Attrs.Fn) > 0 {
		p.str(" #")
		p.int(int64(p.attrSetSlot(f.Attrs.Fn)))
	}
	if f.Section != "" {
		p.str(" section \"")
		p.escaped(f.Section)
		p.byte1('"')
	}
	if f.Partition != "" {
		p.str(" partition \"")
		p.escaped(f.Partition)
		p.byte1('"')
	}
	if c := f.Comdat; c != nil {
		p.str(" comdat")
		if c.Name != f.Name {
			p.byte1('(')
			p.comdatName(c.Name)
			p.byte1(')')
		}
	}
	if f.Align != 0 {
		p.str(" align ")
		p.uint(f.Align)
	}
	if f.GC != "" {
		p.str(" gc \"")
		p.str(f.GC)
		p.byte1('"')
	}
	if f.Prefix != nil {
		p.str(" prefix ")
		p.operand(f.Prefix, true)
	}
	if f.Prologue != nil {
		p.str(" prologue ")
		p.operand(f.Prologue, true)
	}
	if f.Personality != nil {
		p.str(" personality ")
		p.operand(f.Personality, true)
	}
	if decl {
		p.byte1('\n')
		return
	}
	p.attachments(f.Metadata, " ")
	p.str(" {")
	for i, b := range f.Blocks {
		if b == nil {
			continue
		}
		p.printBlock(b, i == 0)
	}
	p.str("}\n")
}

func fnAddrSpace(f *ir.Function) uint32 {
	if f.Typ != nil && f.Typ.Kind == ir.PointerType {
		return f.Typ.AddrSpace
	}
	return 0
}

func (p *printer) printBlock(b *ir.Block, entry bool) {
	if b.Name != "" {
		p.byte1('\n')
		p.llvmName(0, b.Name)
		p.byte1(':')
	} else if !entry {
		p.byte1('\n')
		if n, ok := p.bslots[b]; ok {
			p.int(int64(n))
			p.byte1(':')
		} else {
			p.str("<badref>:")
		}
	}
	if !entry {
		p.padToColumn(50)
		p.byte1(';')
		if len(b.Preds) == 0 {
			p.str(" No predecessors!")
		} else {
			p.str(" preds = ")
			for i, pb := range b.Preds {
				if i > 0 {
					p.str(", ")
				}
				p.blockRef(pb)
			}
		}
	}
	p.byte1('\n')
	for _, in := range b.Instrs {
		if in == nil {
			p.str("  <null instruction!>\n")
			continue
		}
		for _, r := range in.DebugRecords {
			if r != nil {
				p.str("    ")
				p.debugRecord(r)
				p.byte1('\n')
			}
		}
		p.budget += itemBudget
		p.instruction(in)
		p.byte1('\n')
		p.maybeFlush()
	}
}
