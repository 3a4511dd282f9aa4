package readobj

import (
	"errors"

	"github.com/bcextract/bcextract/container"
	"github.com/bcextract/bcextract/container/archive"
	"github.com/bcextract/bcextract/container/macho"
)

// A File is one object file to dump: a file, an archive's member named
// "lib.a(member.o)" as llvm-readobj names it, or a slice of a universal
// file, which llvm-readobj names as the file.
type File struct {
	// Name is what the dump's "File:" line shows and warnings name.
	Name string
	// Path is the file's container path ("lib.a(m.o)", "fat.o[arm64]"),
	// for errors.
	Path string
	// Base is the byte offset of Data in the file on disk.
	Base int64
	// Data holds the object file's bytes.
	Data []byte

	file string // the file on disk, for errors; Name if empty
}

// Files returns the object files in data, the contents of the file name,
// in file order: the file itself, the members of an archive, or the slices
// of a universal file (and their archives' members), as llvm-readobj-22
// dumps them. Members that are no object file (bitcode, text) are skipped
// as llvm-readobj skips them. The error, if any, joins *container.Error
// values: for a malformed archive or universal file, and for an input or
// member that is not an ELF, COFF or Mach-O object (a PE image or a
// WebAssembly object, whose summary llvm-readobj prints, is said not to be
// dumped); the files found are returned with it.
func Files(name string, data []byte) ([]File, error) {
	return appendFiles(nil, name, name, name, 0, data, true)
}

// appendFiles appends the object files of data, at byte base of the file,
// to out; name is what llvm-readobj calls it, path its container path and
// file the file on disk.
// A universal file's slices are followed if fat.
func appendFiles(out []File, name, path, file string, base int64, data []byte, fat bool) ([]File, error) {
	switch container.Detect(data) {
	case container.ELF, container.COFF, container.MachO:
		return append(out, File{Name: name, Path: path, Base: base, Data: data, file: file}), nil
	case container.Archive:
		a, err := archive.Parse(data)
		var errs []error
		if a != nil {
			for _, m := range a.Members {
				if m.Data == nil {
					continue
				}
				mname, mpath := name+"("+m.Name+")", path+"("+m.Name+")"
				// llvm-readobj skips the members that are no object
				// file (bitcode, text) in silence; it dumps the summary
				// of a PE image or WebAssembly object, which is said
				// here not to be dumped.
				switch k := container.Detect(m.Data); k {
				case container.ELF, container.COFF, container.MachO:
					out = append(out, File{Name: mname, Path: mpath, Base: base + m.Off, Data: m.Data, file: file})
				case container.PE, container.Wasm:
					errs = append(errs, &container.Error{Path: mpath, File: mname, Off: base + m.Off, Err: notDumped(k)})
				}
			}
		}
		if err != nil {
			errs = append(errs, container.NewError(path, name, base, err))
		}
		return out, errors.Join(errs...)
	case container.Universal:
		if !fat {
			break
		}
		arches, err := macho.ParseFat(data)
		if err != nil {
			return out, container.NewError(path, name, base, err)
		}
		var errs []error
		for _, a := range arches {
			if out, err = appendFiles(out, name, path+"["+a.Arch+"]", file, base+a.Off, data[a.Off:a.Off+a.Size], false); err != nil {
				errs = append(errs, err)
			}
		}
		return out, errors.Join(errs...)
	}
	return out, &container.Error{Path: path, File: name, Off: base, Err: notDumped(container.Detect(data))}
}

// errNotObject is the cause of the error for an input that is neither an
// object nor an archive or universal file of them.
var errNotObject = errors.New("not an ELF, COFF or Mach-O object, or an archive or universal file of them")

// notDumped returns the cause of the error for an input (or archive
// member) of format k, which is not dumped: more specific than
// errNotObject for the formats llvm-readobj-22 dumps a summary of.
func notDumped(k container.Format) error {
	switch k {
	case container.PE:
		return errors.New("a PE image, which sections does not dump (llvm-readobj-22 prints its file summary)")
	case container.Wasm:
		return errors.New("a WebAssembly object, which sections does not dump (llvm-readobj-22 prints its file summary)")
	}
	return errNotObject
}
