package main

import (
	"runtime"
	"runtime/debug"
	"strings"
)

// version is the program's version when set at link time with
// -ldflags "-X main.version=..."; otherwise the module version from the
// build information is used.
var version = ""

// versionLine is what "bcextract version" prints: the version, the VCS
// revision and time the binary was built from (and whether the tree had
// changes), and the Go toolchain, e.g.
//
//	bcextract v0.3.0 (revision 532ffda1c2e3, 2026-11-24T21:26:28Z), go1.26.8 linux/amd64
func versionLine(bi *debug.BuildInfo, ok bool) string {
	v := version
	var vcs []string
	if ok {
		if v == "" && bi.Main.Version != "" && bi.Main.Version != "(devel)" {
			v = bi.Main.Version
		}
		var rev, at, modified string
		for _, s := range bi.Settings {
			switch s.Key {
			case "vcs.revision":
				rev = s.Value
			case "vcs.time":
				at = s.Value
			case "vcs.modified":
				modified = s.Value
			}
		}
		if rev != "" {
			vcs = append(vcs, "revision "+rev[:min(12, len(rev))])
		}
		if at != "" {
			vcs = append(vcs, at)
		}
		if modified == "true" {
			vcs = append(vcs, "modified")
		}
	}
	if v == "" {
		v = "devel"
	}
	line := "bcextract " + v
	if len(vcs) > 0 {
		line += " (" + strings.Join(vcs, ", ") + ")"
	}
	return line + ", " + runtime.Version() + " " + runtime.GOOS + "/" + runtime.GOARCH
}
