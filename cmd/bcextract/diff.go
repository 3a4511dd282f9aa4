package main

import (
	"bufio"
	"crypto/sha256"
	"errors"
	"io"
	"runtime/debug"
	"strings"

	"github.com/bcextract/bcextract/container"
	"github.com/bcextract/bcextract/ir/bitcode"
	"github.com/bcextract/bcextract/ir/irdiff"
	"github.com/bcextract/bcextract/ir/structhash"
	"github.com/spf13/pflag"
)

// errDiffers is returned by diff when the builds differ: exit status 1,
// as diff(1)'s.
var errDiffers = errors.New("builds differ")

// errTrouble is returned by diff when an input could not be read in full,
// every problem having been reported: exit status 2, as diff(1)'s.
var errTrouble = errors.New("trouble")

func diffCommand() *command {
	var jsonOut bool
	var context int
	fs := pflag.NewFlagSet("diff", pflag.ContinueOnError)
	fs.BoolVar(&jsonOut, "json", false, "print one JSON document: {\"added\", \"removed\", \"changed\"}")
	fs.IntVarP(&context, "unified", "U", -1, "after each changed function, a unified diff of its IR with `N` lines of context")
	return &command{
		Name:  "diff",
		Usage: "diff [--json] [-U N] OLD NEW",
		Short: "report the functions added, removed and changed between two builds",
		Long: `
Diff compares the functions of two builds. OLD and NEW are anything
bcextract reads: bitcode files, objects and binaries with embedded bitcode,
archives, or directories standing for every such file under them.

The modules of OLD and NEW are paired by their source file name
(source_filename), or by container path when they have none, so the same
program built in another directory, archived under other member names or in
another order still pairs. Modules whose bitcode is byte for byte the same
pair at once, unread. Functions are paired by name, and a function defined
on both sides is changed when its structural hash differs (see 'bcextract
help funcs'): local value names, slot and metadata numbering and debug info
do not count, any instruction, operand, type, flag, constant, attribute or
callee does. The output is a line per function:

	added   PATH: NAME
	removed PATH: NAME
	changed PATH: NAME

PATH being the container path of the module in NEW (in OLD for a removed
function). With -U N each changed function is followed by a unified diff of
its IR with N lines of context, both sides printed with local values
numbered in order, debug info dropped, and attribute groups and metadata
numbered within the function, so that only real changes show.

--json prints one document:
	{"added": [{"path", "name"}], "removed": [...], "changed": [...]}

The exit status is 0 when nothing differs, 1 when something does, and 2 on
trouble (an input or a module that could not be read in full: what could be
read is still compared).

Examples:

	bcextract diff old/prog new/prog
	bcextract diff -U 3 libfoo-1.2.a libfoo-1.3.a
	bcextract diff --json build-a/ build-b/ | jq '.changed[].name'
`,
		Flags: fs,
		Run: func(e *env, args []string) error {
			if len(args) != 2 {
				return usagef("want OLD and NEW, got %d argument(s)", len(args))
			}
			return runDiff(e, args[0], args[1], jsonOut, context)
		},
	}
}

// A diffSide is one build: the digests of its module payloads, and its
// modules as Compare takes them.
type diffSide struct {
	arg     string
	digests map[[32]byte]int    // payload digest -> how many payloads have it
	byPath  map[string][32]byte // container path -> its payload's digest
	modules []*irdiff.Module
}

func runDiff(e *env, oldArg, newArg string, jsonOut bool, context int) error {
	defer debug.SetGCPercent(debug.SetGCPercent(gcPercent))
	// Each input is read two or three times, opened once.
	cache := newInputCache()
	defer cache.closeAll()
	e = &env{stdin: e.stdin, stdout: e.stdout, stderr: e.stderr, inputs: cache}
	old, new := &diffSide{arg: oldArg}, &diffSide{arg: newArg}
	// Pass 1: the digest of every module payload, silently (pass 2
	// reports the problems).
	quiet := &env{stdin: e.stdin, stdout: io.Discard, stderr: io.Discard, inputs: e.inputs}
	for _, s := range []*diffSide{old, new} {
		s.digests = make(map[[32]byte]int)
		s.byPath = make(map[string][32]byte)
		files, _ := expandInputs(quiet, []string{s.arg})
		for _, f := range files {
			walkInput(quiet, f.name, nil, func(in *input, p *container.Payload) error {
				if p.Kind.IsModule() {
					in.guard(func() error {
						d := sha256.Sum256(p.Data)
						s.digests[d]++
						s.byPath[p.Path] = d
						return nil
					})
				}
				return nil
			})
		}
	}
	// Payloads found once on each side with the same bytes pair unread.
	identical := func(s, other *diffSide, p *container.Payload) bool {
		d, ok := s.byPath[p.Path]
		if !ok {
			d = sha256.Sum256(p.Data)
		}
		return s.digests[d] == 1 && other.digests[d] == 1
	}
	// Pass 2: hash the functions of the other modules.
	trouble := false
	var h structhash.Hasher
	for _, sides := range [][2]*diffSide{{old, new}, {new, old}} {
		s, other := sides[0], sides[1]
		skip := func(p *container.Payload) bool { return identical(s, other, p) }
		failed, err := eachModuleWith(e, []string{s.arg}, moduleWalk{skip: skip, opts: analysisOptions}, func(md *module) error {
			m := &irdiff.Module{Path: md.path, Source: md.m.SourceFilename}
			var errs []error
			for _, f := range md.m.Functions {
				if f == nil || !f.HasBody {
					continue
				}
				if err := md.r.LoadBody(f); err != nil {
					if isReread(err) {
						return err // read again (eachModuleWith)
					}
					errs = append(errs, err)
					continue
				}
				m.Funcs = append(m.Funcs, irdiff.Func{Name: f.Name, Hash: h.Function(f)})
				f.Params, f.Blocks = nil, nil
			}
			for _, err := range errs {
				reportf(e.stderr, "%v", disError(md.p, err))
				trouble = true
			}
			s.modules = append(s.modules, m)
			return nil
		})
		if err != nil {
			return err
		}
		trouble = trouble || failed
	}
	r := irdiff.Compare(old.modules, new.modules)

	w := bufio.NewWriterSize(e.stdout, outBufSize)
	var err error
	switch {
	case jsonOut:
		err = r.WriteJSON(w)
	case context >= 0 && len(r.Changed) > 0:
		var texts map[string]string
		texts, err = canonicalTexts(e, old, new, r.Changed)
		if err == nil {
			err = r.WriteText(w, func(c irdiff.Change) (string, error) {
				var b strings.Builder
				a, n := texts["o\x00"+c.OldPath+"\x00"+c.Name], texts["n\x00"+c.Path+"\x00"+c.Name]
				err := irdiff.Unified(&b, c.OldPath+": "+c.Name, c.Path+": "+c.Name, a, n, context)
				return b.String(), err
			})
		}
	default:
		err = r.WriteText(w, nil)
	}
	if err == nil {
		err = w.Flush()
	}
	switch {
	case err != nil:
		return err
	case trouble:
		return errTrouble
	case !r.Empty():
		return errDiffers
	}
	return nil
}

// canonicalTexts returns the canonical text (see irdiff.Canonical) of each
// changed function on both sides, keyed "o"/"n", NUL, path, NUL, name.
func canonicalTexts(e *env, old, new *diffSide, changed []irdiff.Change) (map[string]string, error) {
	want := make(map[string]map[string]bool) // side+path -> names
	for _, c := range changed {
		for _, k := range []string{"o\x00" + c.OldPath, "n\x00" + c.Path} {
			if want[k] == nil {
				want[k] = make(map[string]bool)
			}
			want[k][c.Name] = true
		}
	}
	texts := make(map[string]string)
	quiet := &env{stdin: e.stdin, stdout: io.Discard, stderr: io.Discard, inputs: e.inputs}
	for _, s := range []struct {
		tag  string
		side *diffSide
	}{{"o", old}, {"n", new}} {
		_, err := eachModuleWith(quiet, []string{s.side.arg}, moduleWalk{opts: bitcode.Options{Reread: true}}, func(md *module) error {
			names := want[s.tag+"\x00"+md.path]
			if names == nil {
				return nil
			}
			for _, f := range md.m.Functions {
				if f == nil || !f.HasBody || !names[f.Name] {
					continue
				}
				if err := md.r.LoadBody(f); err != nil {
					if isReread(err) {
						return err // read again, as in pass 2
					}
					continue // reported by pass 2
				}
				var b strings.Builder
				if err := irdiff.Canonical(&b, md.m, f); err != nil && b.Len() == 0 {
					continue
				}
				f.Params, f.Blocks = nil, nil
				texts[s.tag+"\x00"+md.path+"\x00"+f.Name] = b.String()
			}
			return nil
		})
		if err != nil {
			return nil, err
		}
	}
	return texts, nil
}
