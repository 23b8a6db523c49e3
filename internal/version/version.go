// Package version says which evalpress made something: the module's
// version and the commit the binary was built from, as the Go toolchain
// recorded them (runtime/debug.ReadBuildInfo). --version prints it, and a
// site records it so that verify can tell a site made by another version.
package version

import (
	"runtime"
	"runtime/debug"
	"strings"
)

// Tool is the build of one evalpress binary.
type Tool struct {
	Version  string `json:"version"`            // "v1.2.0", or "(development build)"
	Commit   string `json:"commit,omitempty"`   // the full revision; "" when unknown
	Time     string `json:"time,omitempty"`     // the commit's time, RFC 3339
	Modified bool   `json:"modified,omitempty"` // built from a tree with uncommitted changes
	Go       string `json:"go"`                 // "go1.26.8"
}

// Current is the running binary's build.
func Current() Tool {
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return Tool{Version: "(development build)", Go: runtime.Version()}
	}
	return Of(info)
}

// Of is the build info's tool.
func Of(info *debug.BuildInfo) Tool {
	t := Tool{Version: info.Main.Version, Go: info.GoVersion}
	if t.Version == "" || t.Version == "(devel)" {
		t.Version = "(development build)"
	}
	if t.Go == "" {
		t.Go = runtime.Version()
	}
	for _, s := range info.Settings {
		switch s.Key {
		case "vcs.revision":
			t.Commit = s.Value
		case "vcs.time":
			t.Time = s.Value
		case "vcs.modified":
			t.Modified = s.Value == "true"
		}
	}
	return t
}

// Same reports whether t and u are the same program: the same version,
// commit and Go. A site made by another is not expected to equal this
// one's rebuild byte for byte.
func (t Tool) Same(u Tool) bool { return t == u }

// String words the build: "evalpress v1.2.0 (commit 0123abcd4567,
// 2026-12-01T10:00:00Z, modified) go1.26.8".
func (t Tool) String() string {
	var commit []string
	if t.Commit != "" {
		commit = append(commit, "commit "+t.Commit[:min(12, len(t.Commit))])
		if t.Time != "" {
			commit = append(commit, t.Time)
		}
		if t.Modified {
			commit = append(commit, "modified")
		}
	} else {
		commit = append(commit, "commit unknown: built without version control information")
	}
	return "evalpress " + t.Version + " (" + strings.Join(commit, ", ") + ") " + t.Go
}
