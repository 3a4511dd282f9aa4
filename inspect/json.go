package inspect

import (
	"fmt"

	"github.com/bcextract/bcextract/ir"
	"github.com/bcextract/bcextract/ir/bitcode"
	"github.com/bcextract/bcextract/ir/minllvm"
	"github.com/bcextract/bcextract/llvmir"
)

// Payload is one payload's object in the document 'inspect --json'
// prints; see README for every key.
type Payload struct {
	Path    string       `json:"path"`
	File    string       `json:"file"`
	Kind    string       `json:"kind"`
	Offset  int64        `json:"offset"`
	Size    int64        `json:"size"`
	Wrapper *jsonWrapper `json:"wrapper"`
	Modules []jsonModule `json:"modules"`
	Symtab  *jsonSymtab  `json:"symtab"`
	Symbols []jsonSymbol `json:"symbols"`
	Cmdline []string     `json:"cmdline"`
	Bundle  *jsonBundle  `json:"bundle"`
	Notes   []string     `json:"notes"`
	Error   *string      `json:"error"`
}

type jsonWrapper struct {
	Version uint32 `json:"version"`
	Offset  uint32 `json:"offset"`
	Size    uint32 `json:"size"`
	CPUType uint32 `json:"cputype"`
}

type jsonModule struct {
	Offset         int64             `json:"offset"`
	Producer       string            `json:"producer"`
	Epoch          uint64            `json:"epoch"`
	Version        uint64            `json:"version"`
	MinLLVM        *int              `json:"min_llvm"`
	MinLLVMNeeds   string            `json:"min_llvm_needs"`
	Triple         string            `json:"triple"`
	DataLayout     string            `json:"datalayout"`
	SourceFileName string            `json:"source_filename"`
	Hash           *string           `json:"hash"`
	AsmSize        int               `json:"asm_size"`
	Summary        jsonSummary       `json:"summary"`
	Idents         []string          `json:"idents"`
	CompileUnits   []jsonCompileUnit `json:"compile_units"`
	Globals        []jsonGlobal      `json:"globals"`
}

type jsonSummary struct {
	Kind    string   `json:"kind"`
	Version uint64   `json:"version"`
	Flags   []string `json:"flags"`
}

type jsonCompileUnit struct {
	Language  string `json:"language"`
	Producer  string `json:"producer"`
	File      string `json:"file"`
	Directory string `json:"directory"`
	Optimized bool   `json:"optimized"`
	SysRoot   string `json:"sysroot"`
	SDK       string `json:"sdk"`
}

type jsonGlobal struct {
	Name        string `json:"name"`
	Kind        string `json:"kind"`
	Linkage     string `json:"linkage"`
	Visibility  string `json:"visibility"`
	DLLStorage  string `json:"dll_storage"`
	Defined     bool   `json:"defined"`
	ThreadLocal string `json:"thread_local"`
	Constant    bool   `json:"constant"`
	Section     string `json:"section"`
	Executable  bool   `json:"executable"`
}

type jsonSymtab struct {
	Version            uint32             `json:"version"`
	Producer           string             `json:"producer"`
	TargetTriple       string             `json:"target_triple"`
	SourceFileName     string             `json:"source_filename"`
	COFFLinkerOpts     string             `json:"coff_linker_opts"`
	DependentLibraries []string           `json:"dependent_libraries"`
	Modules            []jsonSymtabModule `json:"modules"`
	Comdats            []jsonComdat       `json:"comdats"`
	Symbols            []jsonSymtabSymbol `json:"symbols"`
}

type jsonSymtabModule struct {
	Begin         uint32 `json:"begin"`
	End           uint32 `json:"end"`
	UncommonBegin uint32 `json:"uncommon_begin"`
}

type jsonComdat struct {
	Name          string `json:"name"`
	SelectionKind uint32 `json:"selection_kind"`
}

type jsonSymtabSymbol struct {
	Name        string   `json:"name"`
	IRName      string   `json:"ir_name"`
	ComdatIndex int32    `json:"comdat_index"`
	Visibility  string   `json:"visibility"`
	Flags       []string `json:"flags"`
	CommonSize  uint32   `json:"common_size,omitempty"`
	CommonAlign uint32   `json:"common_align,omitempty"`
	// COFFWeakExternFallbackName and SectionName are uncommon fields.
	COFFWeakExternFallbackName string `json:"coff_weak_external_fallback_name,omitempty"`
	SectionName                string `json:"section_name,omitempty"`
}

// jsonSymbol is one line of llvm-nm's listing.
type jsonSymbol struct {
	Name string `json:"name"`
	Type string `json:"type"`
	// Demangled is the name as llvm-nm -C prints it (the name itself when
	// it is not mangled), with -C only.
	Demangled *string `json:"demangled,omitempty"`
}

// JSON returns the payload's object of 'inspect --json'.
func (it *Inspected) JSON() Payload {
	p := &it.Payload
	j := Payload{Path: p.Path, File: p.File, Kind: p.Kind.String(), Offset: p.Off, Size: p.Size,
		Modules: []jsonModule{}, Symbols: []jsonSymbol{}, Notes: []string{}, Bundle: newJSONBundle(p.Bundle)}
	if len(p.Cmdline) > 0 {
		j.Cmdline = CmdlineArgs(p.Cmdline)
	}
	if it.Err != nil {
		msg := it.Err.Error()
		j.Error = &msg
	}
	f := it.Inventory
	if f == nil {
		return j
	}
	if h := f.Wrapper; h != nil {
		j.Wrapper = &jsonWrapper{h.Version, h.Offset, h.Size, h.CPUType}
	}
	j.Notes = append(j.Notes, f.Notes...)
	for i := range f.Modules {
		jm := newJSONModule(&f.Modules[i])
		if i < len(it.MinLLVM) {
			n := it.MinLLVM[i]
			jm.MinLLVMNeeds = n.What
			if n.Version <= minllvm.Latest {
				jm.MinLLVM = &n.Version
			}
		} else if it.MinLLVMErr != nil {
			jm.MinLLVMNeeds = it.minLLVMText(i)
		}
		j.Modules = append(j.Modules, jm)
	}
	if st := f.Symtab; st != nil {
		j.Symtab = newJSONSymtab(st)
	}
	for _, s := range f.NMSymbols() {
		js := jsonSymbol{Name: s.Name, Type: string(s.Type)}
		if it.Demangle != nil {
			d := it.Demangle(s.Name)
			js.Demangled = &d
		}
		j.Symbols = append(j.Symbols, js)
	}
	return j
}

func newJSONModule(m *bitcode.ModuleInfo) jsonModule {
	jm := jsonModule{Offset: m.Off, Producer: m.Producer, Epoch: m.Epoch, Version: m.Version,
		Triple: m.Triple, DataLayout: m.DataLayout, SourceFileName: m.SourceFileName, AsmSize: m.AsmSize,
		Summary:      jsonSummary{Kind: m.Summary.Kind.String(), Version: m.Summary.Version, Flags: m.Summary.Flags.Names()},
		Idents:       append([]string{}, m.Idents...),
		CompileUnits: []jsonCompileUnit{}, Globals: make([]jsonGlobal, 0, len(m.Globals))}
	if h := m.HashString(); h != "" {
		jm.Hash = &h
	}
	for _, cu := range m.CompileUnits {
		jm.CompileUnits = append(jm.CompileUnits, jsonCompileUnit{llvmir.LanguageName(cu.Language),
			cu.Producer, cu.File, cu.Directory, cu.Optimized, cu.SysRoot, cu.SDK})
	}
	for i := range m.Globals {
		g := &m.Globals[i]
		jm.Globals = append(jm.Globals, jsonGlobal{g.Name, g.Kind.String(), g.Linkage.String(),
			visibilityName(g.Visibility), dllStorageName(g.DLLStorage), g.Defined, threadLocalName(g.ThreadLocal),
			g.Constant, g.Section, g.Executable})
	}
	return jm
}

func newJSONSymtab(st *bitcode.Symtab) *jsonSymtab {
	js := &jsonSymtab{Version: st.Version, Producer: st.Producer, TargetTriple: st.TargetTriple,
		SourceFileName: st.SourceFileName, COFFLinkerOpts: st.COFFLinkerOpts,
		DependentLibraries: append([]string{}, st.DependentLibraries...),
		Modules:            make([]jsonSymtabModule, 0, len(st.Modules)),
		Comdats:            make([]jsonComdat, 0, len(st.Comdats)),
		Symbols:            make([]jsonSymtabSymbol, 0, len(st.Symbols))}
	for _, m := range st.Modules {
		js.Modules = append(js.Modules, jsonSymtabModule{m.Begin, m.End, m.UncBegin})
	}
	for _, c := range st.Comdats {
		js.Comdats = append(js.Comdats, jsonComdat{c.Name, c.SelectionKind})
	}
	for i := range st.Symbols {
		s := &st.Symbols[i]
		js.Symbols = append(js.Symbols, jsonSymtabSymbol{Name: s.Name, IRName: s.IRName,
			ComdatIndex: s.ComdatIndex, Visibility: visibilityName(s.Flags.Visibility()), Flags: s.Flags.Names(),
			CommonSize: s.CommonSize, CommonAlign: s.CommonAlign,
			COFFWeakExternFallbackName: s.COFFWeakExternFallbackName, SectionName: s.SectionName})
	}
	return js
}

// visibilityName spells a visibility as the JSON documents do.
func visibilityName(v ir.Visibility) string {
	switch v {
	case ir.DefaultVisibility:
		return "default"
	case ir.HiddenVisibility:
		return "hidden"
	case ir.ProtectedVisibility:
		return "protected"
	}
	return fmt.Sprintf("Visibility(%d)", uint8(v))
}

// dllStorageName spells a DLL storage class as the JSON documents do.
func dllStorageName(d ir.DLLStorage) string {
	switch d {
	case ir.DefaultStorage:
		return "default"
	case ir.DLLImport:
		return "dllimport"
	case ir.DLLExport:
		return "dllexport"
	}
	return fmt.Sprintf("DLLStorage(%d)", uint8(d))
}

// threadLocalNames are the thread-local modes as LLVM assembly writes
// them, "" when not thread-local.
var threadLocalNames = [...]string{ir.NotThreadLocal: "", ir.GeneralDynamicTLS: "thread_local",
	ir.LocalDynamicTLS: "thread_local(localdynamic)", ir.InitialExecTLS: "thread_local(initialexec)",
	ir.LocalExecTLS: "thread_local(localexec)"}

// threadLocalName spells a thread-local mode as the JSON documents do.
func threadLocalName(t ir.ThreadLocalMode) string {
	if int(t) < len(threadLocalNames) {
		return threadLocalNames[t]
	}
	return fmt.Sprintf("ThreadLocalMode(%d)", uint8(t))
}
