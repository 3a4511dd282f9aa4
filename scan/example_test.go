package scan_test

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"

	"github.com/bcextract/bcextract/container"
	"github.com/bcextract/bcextract/scan"
)

// Scan a linked executable and an archive for their bitcode modules, in
// walk order.
func ExampleScanner_Scan() {
	s := &scan.Scanner{Kinds: map[container.Kind]bool{container.KindBitcode: true}, Sorted: true}
	st, err := s.Scan(context.Background(), []string{"../testdata/containers/prog", "../testdata/containers/lib-bsd.a"}, func(r *scan.Result) error {
		for _, p := range r.Payloads {
			fmt.Printf("%s %x %s %s\n", p.Path[len("../testdata/containers/"):], p.SHA256[:4], p.Triple, p.SourceFilename)
		}
		return nil
	})
	if err != nil {
		fmt.Println(err)
	}
	fmt.Println(st.Files, "files,", st.NumPayloads(), "modules")
	// Output:
	// prog:.llvmbc#1 669ea7a3 x86_64-unknown-linux-gnu src/main.c
	// prog:.llvmbc#2 2e9a1376 x86_64-unknown-linux-gnu src/util.c
	// prog:.llvmbc#3 10715481 x86_64-unknown-linux-gnu src/math.c
	// lib-bsd.a(a_long_member_name_for_bsd.o):__LLVM,__bitcode#1 f65263ba x86_64-apple-macosx11.0.0 src/util.c
	// lib-bsd.a(math.o):__LLVM,__bitcode#1 8bfdee96 x86_64-apple-macosx11.0.0 src/math.c
	// 2 files, 5 modules
}

// Split the files of a tree between 4 machines: each runs the scan with
// its own Shard, and each file falls in exactly one shard.
func ExampleShardOf() {
	for _, rel := range []string{"lib/libfoo.a", "lib/libbar.a", "bin/app"} {
		fmt.Println(rel, scan.ShardOf(rel, 4))
	}
	// Output:
	// lib/libfoo.a 1
	// lib/libbar.a 0
	// bin/app 2
}

// Scan a directory: a thin archive and the two objects it refers to. Sorted
// makes the results come in walk order (entries in lexical order, depth
// first) whatever the number of workers, so the output is the same on every
// run. Each Result is one file; its problems are in r.Errors, never in
// Scan's error.
func ExampleScanner() {
	const dir = "../testdata/containers/thin"
	s := &scan.Scanner{Sorted: true}
	st, err := s.Scan(context.Background(), []string{dir}, func(r *scan.Result) error {
		rel := func(path string) string { return strings.TrimPrefix(filepath.ToSlash(path), dir+"/") }
		fmt.Printf("%s (%v)\n", rel(r.File), r.Format)
		for _, p := range r.Payloads {
			fmt.Printf("  %-8v %s", p.Kind, rel(p.Path))
			if p.File != r.File {
				fmt.Printf(", bytes in %s", rel(p.File)) // a thin archive's member
			}
			fmt.Println()
		}
		for _, e := range r.Errors {
			fmt.Println("  error:", e)
		}
		return nil
	})
	if err != nil {
		fmt.Println(err)
	}
	fmt.Printf("%d files, %d skipped, %d payloads, %d errors\n", st.Files, st.Skipped, st.NumPayloads(), st.Errors)
	// Output:
	// lib-thin.a (archive)
	//   bitcode  lib-thin.a(objs/t1.o):.llvmbc#1, bytes in objs/t1.o
	//   cmdline  lib-thin.a(objs/t1.o):.llvmcmd#1, bytes in objs/t1.o
	//   bitcode  lib-thin.a(objs/t2.o):.llvmbc#1, bytes in objs/t2.o
	//   cmdline  lib-thin.a(objs/t2.o):.llvmcmd#1, bytes in objs/t2.o
	// objs/t1.o (elf)
	//   bitcode  objs/t1.o:.llvmbc#1
	//   cmdline  objs/t1.o:.llvmcmd#1
	// objs/t2.o (elf)
	//   bitcode  objs/t2.o:.llvmbc#1
	//   cmdline  objs/t2.o:.llvmcmd#1
	// 3 files, 0 skipped, 8 payloads, 0 errors
}
