package main

import (
	"runtime"
	"runtime/debug"
	"strings"
	"testing"
)

func TestVersionLine(t *testing.T) {
	goVer := ", " + runtime.Version() + " " + runtime.GOOS + "/" + runtime.GOARCH
	vcs := []debug.BuildSetting{
		{Key: "vcs", Value: "git"},
		{Key: "vcs.revision", Value: "532ffda1c2e3f00d00000000000000000000000"},
		{Key: "vcs.time", Value: "2026-11-24T21:26:28Z"},
		{Key: "vcs.modified", Value: "true"},
	}
	tests := []struct {
		bi   *debug.BuildInfo
		ok   bool
		want string
	}{
		{nil, false, "bcextract devel"},
		{&debug.BuildInfo{Main: debug.Module{Version: "(devel)"}}, true, "bcextract devel"},
		{&debug.BuildInfo{Main: debug.Module{Version: "v0.3.0"}}, true, "bcextract v0.3.0"},
		{&debug.BuildInfo{Main: debug.Module{Version: "(devel)"}, Settings: vcs}, true, "bcextract devel (revision 532ffda1c2e3, 2026-11-24T21:26:28Z, modified)"},
		{&debug.BuildInfo{Main: debug.Module{Version: "v0.3.0"}, Settings: vcs[:3]}, true, "bcextract v0.3.0 (revision 532ffda1c2e3, 2026-11-24T21:26:28Z)"},
	}
	for _, tt := range tests {
		if got := versionLine(tt.bi, tt.ok); got != tt.want+goVer {
			t.Errorf("versionLine(%+v) = %q, want %q", tt.bi, got, tt.want+goVer)
		}
	}
	// -ldflags "-X main.version=..." wins.
	defer func(v string) { version = v }(version)
	version = "1.0-rc1"
	if got := versionLine(&debug.BuildInfo{Main: debug.Module{Version: "v0.3.0"}}, true); got != "bcextract 1.0-rc1"+goVer {
		t.Errorf("with main.version set: %q", got)
	}
	for _, arg := range []string{"version", "--version", "-V"} {
		code, out, _ := runCmd(t, arg)
		if code != exitOK || !strings.HasPrefix(out, "bcextract ") || !strings.HasSuffix(out, goVer+"\n") {
			t.Errorf("bcextract %s: exit %d, %q", arg, code, out)
		}
	}
	if _, out, _ := runCmd(t, "help"); !strings.Contains(out, "\tversion     print the version") || !strings.Contains(out, "\tcompletion  print a shell") {
		t.Errorf("help does not list version:\n%s", out)
	}
}
