package ir

import (
	"math"
	"sync"
	"sync/atomic"
)

// Metadata is a metadata operand: an [*MDString], a node ([*MDTuple], a
// [*DILocation], or a [*SpecializedNode] for other debug info), a
// [*ValueAsMetadata], or nil for a null operand.
type Metadata interface {
	isMetadata()
}

// An MDNode is a metadata node: something printed as !N (or inline) with
// operands. A printer numbers nodes by identity.
type MDNode interface {
	Metadata
	// IsDistinct reports whether the node is distinct.
	IsDistinct() bool
}

// An MDString is a metadata string, !"...".
type MDString struct {
	Value string
}

// An MDTuple is a generic metadata node, !{...}. A nil operand is null.
type MDTuple struct {
	Ops []Metadata
	// ID is a number a reader gives each node it makes, unique within a
	// module and counting from 1, so that a printer can index tables by
	// it rather than hash nodes; 0 when not set. It is a hint: nodes are
	// still told apart by identity.
	ID       uint32
	Distinct bool
}

// A ValueAsMetadata is a value used as metadata: a constant (i32 1, ptr
// @g) or, in a function, a local value (ptr %x).
type ValueAsMetadata struct {
	Value Value
}

// A DIArgList is !DIArgList(...), a list of values for a debug record; it is
// never numbered.
type DIArgList struct {
	Args []*ValueAsMetadata
}

// A DILocation is a source location, !DILocation(line: L, column: C,
// scope: !S, ...): most nodes of a module with debug info are locations, so
// they have a compact type of their own rather than being a
// [SpecializedNode]. Scope and InlinedAt are nil for null.
type DILocation struct {
	Scope     Metadata
	InlinedAt Metadata
	AtomGroup uint64
	Line      uint32
	Column    uint16
	AtomRank  uint8
	Distinct  bool
	// ImplicitCode is isImplicitCode: true.
	ImplicitCode bool
	// ID is as [MDTuple.ID].
	ID uint32
}

// A SpecializedNode is a metadata node of a kind other than a tuple (the
// DI... nodes of debug info): its kind name and its fields, in the order
// LLVM assembly prints them. A field at its zero value (null metadata, "",
// 0, false) may be absent and reads as zero: package bitcode stores the
// fields that are not zero, and those of LLVM's optional fields (a
// DIDerivedType's dwarfAddressSpace, a DILabel's coroSuspendIdx, a
// DICompositeType's enumKind, a DIFile's checksum, ...) that are set, even
// at zero. Which fields are printed at zero, and which are left out at
// another value, is a printer's to know (package assembly's schemas of the
// node kinds), not the node's. The methods Line, Name, File, Flags, ...
// read the common fields by meaning.
// Values are kept as numbers, which a printer spells: flag sets, the
// enumerations of [DIEnum] (DWARF tags, encodings, languages, ...), and a
// DIExpression's elements, which are its Fields: unnamed FieldUints, the
// operations (DW_OP_*, numbered as package llvmir/dwarf's Op) and their
// arguments in order.
type SpecializedNode struct {
	Kind     string // "DISubprogram", "DIFile", ...
	Distinct bool
	Fields   []Field
	// Refs are the node's metadata operands in LLVM's operand order,
	// the order a printer numbers the nodes they refer to in. When nil,
	// the FieldMD and FieldConstInt fields are taken in order.
	Refs []Metadata
	// ID is as [MDTuple.ID].
	ID uint32
	// ValueWidth is a DIEnumerator's width in bits (LLVM keeps its value
	// as an APInt of that width, which its bitcode records); 0 for other
	// kinds.
	ValueWidth uint32
}

// A Field is one name: value of a specialized node, in 32 bytes: a
// module's debug info can hold millions of fields.
type Field struct {
	// MD is the value of a field of kind FieldMD, FieldConstInt,
	// FieldSize or FieldMDList (nil is null), and the *MDString holding
	// the text of a FieldString or FieldRaw (nil is ""): see Text.
	MD Metadata
	// Int is the value of a FieldInt, FieldUint, FieldBool, FieldDIFlags
	// or FieldSPFlags, and the width in bits of a FieldRaw that is an
	// APInt of LLVM's (a DIFixedPointType's numerator and denominator;
	// 0 for other raw fields).
	Int  int64
	Name FieldName
	// Kind says which of MD, Int and Text holds the value.
	Kind FieldKind
	// Enum is the enumeration of a FieldEnum's Int.
	Enum DIEnum
}

// A DIEnum names an enumeration of debug info whose values a field of kind
// FieldEnum holds as numbers and a printer spells by name.
type DIEnum uint8

// The enumerations.
const (
	_                  DIEnum = iota
	EnumChecksumKind          // DIFile's checksumkind: DIFile::ChecksumKind (1 is CSK_MD5)
	EnumEmissionKind          // DICompileUnit's emissionKind (1 is FullDebug)
	EnumNameTableKind         // DICompileUnit's nameTableKind (1 is GNU)
	EnumMacinfoType           // DIMacro's type: DW_MACINFO_* (1 is DW_MACINFO_define)
	EnumFixedPointKind        // DIFixedPointType's kind (0 is Binary, 1 Decimal, 2 Rational)
	// EnumDWTag is a DWARF tag, DW_TAG_* (0x24 is DW_TAG_base_type): a
	// node's tag. Zero prints as 0, not as DW_TAG_null.
	EnumDWTag
	// EnumDWATE is a base type encoding, DW_ATE_* (5 is DW_ATE_signed): a
	// DIBasicType's, DIFixedPointType's or DIStringType's encoding.
	EnumDWATE
	// EnumDWLang is a source language, DW_LANG_* (0x21 is
	// DW_LANG_C_plus_plus_14): a DICompileUnit's language, a
	// DICompositeType's runtimeLang.
	EnumDWLang
	// EnumDWLName is a DWARF 6 source language name, DW_LNAME_* (4 is
	// DW_LNAME_C_plus_plus): a DICompileUnit's sourceLanguageName.
	EnumDWLName
	// EnumDWCC is a calling convention, DW_CC_* (0xc0 is
	// DW_CC_LLVM_vectorcall): a DISubroutineType's cc.
	EnumDWCC
	// EnumDWAppleEnumKind is a DW_APPLE_ENUM_KIND_* (0 is
	// DW_APPLE_ENUM_KIND_Closed): a DICompositeType's enumKind.
	EnumDWAppleEnumKind
)

// Text returns the text of a field of kind FieldString or FieldRaw: the
// value of its MD, "" when MD is not an *MDString.
func (f *Field) Text() string {
	if s, ok := f.MD.(*MDString); ok && s != nil {
		return s.Value
	}
	return ""
}

// field returns n's field named name, nil when it has none.
func (n *SpecializedNode) field(name FieldName) *Field {
	if n == nil {
		return nil
	}
	for i := range n.Fields {
		if n.Fields[i].Name == name {
			return &n.Fields[i]
		}
	}
	return nil
}

// intField returns the Int of n's field named name, 0 when it has none.
func (n *SpecializedNode) intField(name FieldName) uint64 {
	if f := n.field(name); f != nil && f.MD == nil {
		return uint64(f.Int)
	}
	return 0
}

// textField returns the text of n's string field named name, "" when it
// has none.
func (n *SpecializedNode) textField(name FieldName) string {
	if f := n.field(name); f != nil {
		return f.Text()
	}
	return ""
}

// nodeField returns the node n's field named name refers to, nil when it
// has none or it refers to no specialized node.
func (n *SpecializedNode) nodeField(name FieldName) *SpecializedNode {
	if f := n.field(name); f != nil {
		if m, ok := f.MD.(*SpecializedNode); ok {
			return m
		}
	}
	return nil
}

// The accessors below read a debug-info node's fields by meaning rather
// than by name: each returns the zero value when the node has no such
// field (or it is zero, which a reader leaves out) or n is nil.

// Line returns the source line of a node that has one (DISubprogram,
// DIGlobalVariable, DILocalVariable, DILabel, a type, ...).
func (n *SpecializedNode) Line() uint64 { return n.intField(fieldLine) }

// Name returns the name of a node that has one (DISubprogram, a variable,
// a type, ...).
func (n *SpecializedNode) Name() string { return n.textField(fieldName) }

// LinkageName returns the linkage name of a DISubprogram or
// DIGlobalVariable.
func (n *SpecializedNode) LinkageName() string { return n.textField(fieldLinkageName) }

// File returns the DIFile a node names (its file: field).
func (n *SpecializedNode) File() *SpecializedNode { return n.nodeField(fieldFile) }

// Filename returns a DIFile's file name, as the debug info records it.
func (n *SpecializedNode) Filename() string { return n.textField(fieldFilename) }

// Directory returns a DIFile's directory.
func (n *SpecializedNode) Directory() string { return n.textField(fieldDirectory) }

// Flags returns a node's DIFlags (DIFlagPrototyped is 1<<8, ...).
func (n *SpecializedNode) Flags() uint64 {
	if f := n.field(fieldFlags); f != nil && f.Kind == FieldDIFlags {
		return uint64(f.Int)
	}
	return 0
}

// SPFlags returns a DISubprogram's DISPFlags (DISPFlagDefinition is 1<<3,
// ...).
func (n *SpecializedNode) SPFlags() uint64 {
	if f := n.field(fieldSPFlags); f != nil && f.Kind == FieldSPFlags {
		return uint64(f.Int)
	}
	return 0
}

// Scope returns the scope a node names (a DISubprogram's, a
// DILexicalBlock's, a variable's), nil when it is null or not a
// specialized node.
func (n *SpecializedNode) Scope() *SpecializedNode { return n.nodeField(fieldScope) }

// Unit returns the DICompileUnit of a DISubprogram.
func (n *SpecializedNode) Unit() *SpecializedNode { return n.nodeField(fieldUnit) }

// Producer returns a DICompileUnit's producer ("clang version ...").
func (n *SpecializedNode) Producer() string { return n.textField(fieldProducer) }

// A FieldName is the name of a field ("scope", "line", ...): an index into
// one table of names for the whole program, which FieldNameOf adds to. The
// zero FieldName is "", the name of a field printed without one (the
// elements of a DIExpression).
type FieldName uint16

// fieldNameTable is a snapshot of the table of field names, read without
// a lock; a name added since the last snapshot is found in fieldNamesAll,
// under fieldNamesMu, until the next.
type fieldNameTable struct {
	names []string
	index map[string]FieldName
}

var (
	fieldNames    atomic.Pointer[fieldNameTable]
	fieldNamesMu  sync.Mutex
	fieldNamesAll fieldNameTable // every name, under fieldNamesMu
	// fieldNamesAdded counts the names added since the last snapshot,
	// and fieldNameRepeats the lookups of names among them, under
	// fieldNamesMu.
	fieldNamesAdded, fieldNameRepeats int
	// fieldNameSnapshots counts the snapshots made, under fieldNamesMu.
	fieldNameSnapshots int
)

// The names of the fields the accessors of SpecializedNode read, first in
// the table so that they are constants.
const (
	fieldLine FieldName = iota + 1
	fieldName
	fieldLinkageName
	fieldFile
	fieldFilename
	fieldDirectory
	fieldFlags
	fieldSPFlags
	fieldScope
	fieldUnit
	fieldProducer
)

func init() {
	names := []string{"", "line", "name", "linkageName", "file", "filename", "directory", "flags", "spFlags",
		"scope", "unit", "producer"}
	fieldNamesAll = fieldNameTable{names: names, index: make(map[string]FieldName, len(names))}
	for i, s := range names {
		fieldNamesAll.index[s] = FieldName(i)
	}
	snapshotFieldNames()
}

// snapshotFieldNames publishes a copy of fieldNamesAll, under fieldNamesMu.
func snapshotFieldNames() {
	t := &fieldNameTable{names: fieldNamesAll.names[:len(fieldNamesAll.names):len(fieldNamesAll.names)],
		index: make(map[string]FieldName, len(fieldNamesAll.index))}
	for k, v := range fieldNamesAll.index {
		t.index[k] = v
	}
	fieldNames.Store(t)
	fieldNamesAdded, fieldNameRepeats = 0, 0
	fieldNameSnapshots++
}

// FieldNameOf returns the FieldName of name, adding name to the table when
// it is new. It is safe for concurrent use. Names are the program's own
// (readers name fields with LLVM's names, never with their input): it
// panics past 65,536 of them.
func FieldNameOf(name string) FieldName {
	if n, ok := fieldNames.Load().index[name]; ok {
		return n
	}
	fieldNamesMu.Lock()
	defer fieldNamesMu.Unlock()
	n, ok := fieldNamesAll.index[name]
	if !ok {
		if len(fieldNamesAll.names) > math.MaxUint16 {
			panic("ir: more than 65536 field names")
		}
		n = FieldName(len(fieldNamesAll.names))
		fieldNamesAll.names = append(fieldNamesAll.names, name)
		fieldNamesAll.index[name] = n
		fieldNamesAdded++
	} else {
		fieldNameRepeats++
	}
	// A new snapshot costs a copy of the table. It is made once the
	// names added since the last are a quarter of them, so that adding n
	// names costs O(n), or once names added since are looked up again
	// a few times, so that a name in use soon stops taking the lock.
	if fieldNamesAdded >= max(8, len(fieldNamesAll.names)/4) || fieldNameRepeats >= 8 {
		snapshotFieldNames()
	}
	return n
}

// String returns the name.
func (n FieldName) String() string {
	if names := fieldNames.Load().names; int(n) < len(names) {
		return names[n]
	}
	fieldNamesMu.Lock()
	defer fieldNamesMu.Unlock()
	if int(n) < len(fieldNamesAll.names) {
		return fieldNamesAll.names[n]
	}
	return ""
}

// A FieldKind says which member of a [Field] holds its value.
type FieldKind uint8

// The field kinds.
const (
	FieldMD     FieldKind = iota // MD
	FieldInt                     // Int, signed decimal
	FieldUint                    // Int as unsigned decimal
	FieldString                  // Text, quoted and escaped
	FieldRaw                     // Text, as is
	FieldBool                    // Int != 0 as true/false
	// FieldConstInt is MD, except that a ValueAsMetadata holding an
	// integer constant prints as the constant's signed value alone.
	FieldConstInt
	// FieldSize is FieldConstInt, except that the field is left out
	// when MD is null or an integer constant zero (sizes and offsets).
	FieldSize
	// FieldMDList is MD, an *MDTuple whose operands print inline as
	// {op, ...} (GenericDINode's operands).
	FieldMDList
	// FieldDIFlags is Int, a set of DIFlags (DINode::DIFlags, the low 32
	// bits), which a printer spells by name (DIFlagPrototyped | ...).
	FieldDIFlags
	// FieldSPFlags is Int, a set of DISPFlags (DISubprogram::DISPFlags,
	// the low 32 bits), spelled by name as FieldDIFlags.
	FieldSPFlags
	// FieldEnum is Int, a value of the enumeration Enum, which a printer
	// spells by name (a number when it has none).
	FieldEnum
)

// A NamedMetadata is !name = !{!N, ...}.
type NamedMetadata struct {
	Name string
	Ops  []MDNode
}

// An Attachment is a metadata attachment !kind !N of a global, function or
// instruction.
type Attachment struct {
	Kind string // without "!"
	Node MDNode
}

func (*MDString) isMetadata()        {}
func (*MDTuple) isMetadata()         {}
func (*ValueAsMetadata) isMetadata() {}
func (*DIArgList) isMetadata()       {}
func (*SpecializedNode) isMetadata() {}
func (*DILocation) isMetadata()      {}

// IsDistinct reports whether the tuple is distinct.
func (n *MDTuple) IsDistinct() bool { return n.Distinct }

// IsDistinct reports whether the node is distinct.
func (n *SpecializedNode) IsDistinct() bool { return n.Distinct }

// IsDistinct reports whether the location is distinct.
func (n *DILocation) IsDistinct() bool { return n.Distinct }

// IsDebugInfo reports whether md is debug info: a specialized DI node
// (!DISubprogram(...), ...), a [DILocation] or a [DIArgList]. Tools that
// compare code leave these out.
func IsDebugInfo(md Metadata) bool {
	switch md.(type) {
	case *SpecializedNode, *DILocation, *DIArgList:
		return true
	}
	return false
}

// EachOperand calls fn with each metadata operand of md, nil ones too: a
// tuple's operands, a specialized node's fields and then its Refs (so an
// operand may come twice), a location's scope and inlinedAt, an argument
// list's values.
func EachOperand(md Metadata, fn func(Metadata)) {
	switch n := md.(type) {
	case *MDTuple:
		for _, o := range n.Ops {
			fn(o)
		}
	case *SpecializedNode:
		for _, f := range n.Fields {
			fn(f.MD)
		}
		for _, o := range n.Refs {
			fn(o)
		}
	case *DILocation:
		fn(n.Scope)
		fn(n.InlinedAt)
	case *DIArgList:
		for _, a := range n.Args {
			fn(a)
		}
	}
}

// IsNilMetadata reports whether m is nil or a nil pointer of one of the
// metadata types.
func IsNilMetadata(m Metadata) bool {
	switch m := m.(type) {
	case nil:
		return true
	case *MDTuple:
		return m == nil
	case *SpecializedNode:
		return m == nil
	case *DILocation:
		return m == nil
	case *MDString:
		return m == nil
	case *ValueAsMetadata:
		return m == nil
	case *DIArgList:
		return m == nil
	}
	return false
}
