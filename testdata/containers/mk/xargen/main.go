// Command xargen writes a bitcode bundle, a xar archive as Apple's linker
// (ld64) writes into the __LLVM,__bundle section of an image linked with
// -bitcode_bundle, through package xartest (see there for the layout).
// gen.sh uses it to make the bundle fixtures, since no LLVM 22 tool writes
// one.
//
// Usage:
//
//	xargen -o OUT [-arch A] [-platform P] [-sdk V] [-dylib D]... [-option O]...
//	       [-corrupt NAME] [-lie NAME=OFFSET] [-truncate N] MEMBER...
//
// A MEMBER is NAME=FILE[,type=FILETYPE][,enc=none|zlib|gzip][,cmd=CMDFILE]:
// the file NAME of the archive holds the bytes of FILE, with ld64's
// <file-type> FILETYPE (default Bitcode), stored as is (none, the default)
// or encoded as "application/x-gzip": a zlib stream as libxar writes it
// (zlib), or a gzip stream (gzip). CMDFILE holds NUL-terminated arguments
// (a __LLVM,__cmdline section), recorded as <clang><cmd>…</cmd></clang>.
//
// Faults, for the malformed fixtures: -corrupt flips the last archived byte
// of a member after its checksums are taken; -lie makes the TOC give another
// heap offset for a member's data; -truncate drops the archive's last N
// bytes.
package main

import (
	"flag"
	"fmt"
	"log"
	"os"
	"strconv"
	"strings"

	"github.com/bcextract/bcextract/container/xar"
	"github.com/bcextract/bcextract/container/xar/xartest"
)

type list []string

func (l *list) String() string     { return strings.Join(*l, " ") }
func (l *list) Set(s string) error { *l = append(*l, s); return nil }

func main() {
	log.SetFlags(0)
	log.SetPrefix("xargen: ")
	out := flag.String("o", "", "output `file`")
	ld := &xar.Ld{Version: "1.0"}
	flag.StringVar(&ld.Architecture, "arch", "arm64", "<architecture>")
	flag.StringVar(&ld.Platform, "platform", "macOS", "<platform>")
	flag.StringVar(&ld.SDKVersion, "sdk", "11.0.0", "<sdkversion>")
	flag.Var((*list)(&ld.Dylibs), "dylib", "a <dylibs><lib> (repeatable)")
	flag.Var((*list)(&ld.LinkOptions), "option", "a <link-options><option> (repeatable)")
	b := &xartest.Bundle{Ld: ld}
	flag.StringVar(&b.CreationTime, "time", "2026-01-01T00:00:00", "<creation-time>")
	corrupt := flag.String("corrupt", "", "flip the last archived byte of member `NAME`")
	lie := flag.String("lie", "", "`NAME=OFFSET`: the TOC gives heap offset OFFSET for NAME's data")
	truncate := flag.Int("truncate", 0, "drop the last `N` bytes")
	flag.Usage = func() {
		fmt.Fprintln(flag.CommandLine.Output(), "usage: xargen -o OUT [flags] NAME=FILE[,type=T][,enc=none|zlib|gzip][,cmd=F]...")
		flag.PrintDefaults()
	}
	flag.Parse()
	if *out == "" || flag.NArg() == 0 {
		flag.Usage()
		os.Exit(2)
	}
	lieName, lieOff, _ := strings.Cut(*lie, "=")
	for _, arg := range flag.Args() {
		m := member(arg)
		m.Corrupt = m.Name == *corrupt
		if m.Name == lieName {
			v, err := strconv.ParseInt(lieOff, 0, 64)
			if err != nil {
				log.Fatalf("-lie %s: %v", *lie, err)
			}
			m.LieOffset = v
		}
		b.Members = append(b.Members, m)
	}
	file := b.Bytes()
	if *truncate > len(file) {
		log.Fatalf("-truncate %d: the archive has %d bytes", *truncate, len(file))
	}
	if err := os.WriteFile(*out, file[:len(file)-*truncate], 0o644); err != nil {
		log.Fatal(err)
	}
}

// member reads a MEMBER argument.
func member(arg string) xartest.Member {
	spec, opts, _ := strings.Cut(arg, ",")
	name, path, ok := strings.Cut(spec, "=")
	if !ok {
		log.Fatalf("member %q: want NAME=FILE[,...]", arg)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		log.Fatal(err)
	}
	m := xartest.Member{Name: name, FileType: "Bitcode", Data: data}
	for opt := range strings.SplitSeq(opts, ",") {
		k, v, _ := strings.Cut(opt, "=")
		switch k {
		case "":
		case "type":
			m.FileType = v
		case "enc":
			encs := map[string]xartest.Encoding{"none": xartest.Stored, "zlib": xartest.Zlib, "gzip": xartest.Gzip}
			if m.Encoding, ok = encs[v]; !ok {
				log.Fatalf("member %q: unknown encoding %q", arg, v)
			}
		case "cmd":
			cmd, err := os.ReadFile(v)
			if err != nil {
				log.Fatal(err)
			}
			m.Cmd = strings.Split(strings.TrimSuffix(string(cmd), "\x00"), "\x00")
		default:
			log.Fatalf("member %q: unknown option %q", arg, k)
		}
	}
	return m
}
