package ir

import (
	"testing"
	"unsafe"
)

// TestSpecializedNodeAccessors reads a DISubprogram as a reader makes it
// (fields at their defaults left out) through the typed accessors.
func TestSpecializedNodeAccessors(t *testing.T) {
	f := func(name string, k FieldKind, i int64, md Metadata) Field {
		return Field{Name: FieldNameOf(name), Kind: k, Int: i, MD: md}
	}
	file := &SpecializedNode{Kind: "DIFile", Fields: []Field{
		f("filename", FieldString, 0, &MDString{Value: "a.c"}), f("directory", FieldString, 0, &MDString{Value: "."}),
	}}
	cu := &SpecializedNode{Kind: "DICompileUnit", Distinct: true, Fields: []Field{
		f("file", FieldMD, 0, file), f("producer", FieldString, 0, &MDString{Value: "clang version 22"}),
		f("flags", FieldString, 0, &MDString{Value: "-O2"}),
	}}
	sp := &SpecializedNode{Kind: "DISubprogram", Distinct: true, Fields: []Field{
		f("name", FieldString, 0, &MDString{Value: "main"}), f("linkageName", FieldString, 0, &MDString{Value: "_Z4mainv"}),
		f("scope", FieldMD, 0, file), f("file", FieldMD, 0, file), f("line", FieldUint, 3, nil),
		f("flags", FieldDIFlags, 1<<8, nil), f("spFlags", FieldSPFlags, 1<<3, nil), f("unit", FieldMD, 0, cu),
	}}
	if sp.Name() != "main" || sp.LinkageName() != "_Z4mainv" || sp.Line() != 3 {
		t.Errorf("Name, LinkageName, Line = %q, %q, %d", sp.Name(), sp.LinkageName(), sp.Line())
	}
	if sp.File() != file || sp.Scope() != file || sp.Unit() != cu {
		t.Errorf("File, Scope, Unit = %p, %p, %p", sp.File(), sp.Scope(), sp.Unit())
	}
	if sp.Flags() != 1<<8 || sp.SPFlags() != 1<<3 {
		t.Errorf("Flags, SPFlags = %#x, %#x", sp.Flags(), sp.SPFlags())
	}
	if file.Filename() != "a.c" || file.Directory() != "." || file.Line() != 0 || file.File() != nil {
		t.Errorf("DIFile: %q %q %d %p", file.Filename(), file.Directory(), file.Line(), file.File())
	}
	// A unit's flags are its command line, not DIFlags.
	if cu.Producer() != "clang version 22" || cu.Flags() != 0 {
		t.Errorf("Producer, Flags = %q, %#x", cu.Producer(), cu.Flags())
	}
	var none *SpecializedNode
	if none.Line() != 0 || none.Name() != "" || none.File() != nil {
		t.Error("a nil node has fields")
	}
}

// TestFieldSize keeps a Field in 32 bytes: a module's debug info can hold
// millions of them.
func TestFieldSize(t *testing.T) {
	if n := unsafe.Sizeof(Field{}); n != 32 {
		t.Errorf("Field is %d bytes, want 32", n)
	}
}
