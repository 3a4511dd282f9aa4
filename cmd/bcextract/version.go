package main

import (
	"fmt"
	"runtime"
	"runtime/debug"
	"strings"

	"github.com/spf13/pflag"
)

func versionCommand() *command {
	return &command{
		Name:  "version",
		Usage: "version",
		Short: "print the version, and the VCS revision it was built from (also --version)",
		Long: `
Version prints one line: the version (set at link time with -ldflags
"-X main.version=...", else the module version of "go install ...@VERSION",
else "devel"), the VCS revision and time the binary was built from, and
"modified" when the tree had changes, then the Go toolchain and platform.
"bcextract --version" and "bcextract -V" print the same.

Example:

	$ bcextract version
	bcextract v0.3.0 (revision 532ffda1c2e3, 2026-11-24T21:26:28Z), go1.26.8 linux/amd64
`,
		Flags: pflag.NewFlagSet("version", pflag.ContinueOnError),
		Run: func(e *env, args []string) error {
			if len(args) > 0 {
				return usagef("no arguments expected, got %q", args[0])
			}
			_, err := fmt.Fprintln(e.stdout, versionLine(debug.ReadBuildInfo()))
			return err
		},
	}
}

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
