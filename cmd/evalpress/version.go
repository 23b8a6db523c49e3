package main

import (
	"runtime"
	"runtime/debug"
	"strings"
)

// versionLine is what --version prints: the module's version and the
// commit the binary was built from, as the Go toolchain recorded them
// (runtime/debug.ReadBuildInfo), and the Go version.
func versionLine() string {
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return "evalpress (no build information) " + runtime.Version()
	}
	return describeBuild(info)
}

// describeBuild words a binary's build information: "evalpress v1.2.0
// (commit 0123abcd4567, 2026-12-01T10:00:00Z, modified) go1.26.8".
func describeBuild(info *debug.BuildInfo) string {
	version := info.Main.Version
	if version == "" || version == "(devel)" {
		version = "(development build)"
	}
	settings := map[string]string{}
	for _, s := range info.Settings {
		settings[s.Key] = s.Value
	}
	var commit []string
	if rev := settings["vcs.revision"]; rev != "" {
		commit = append(commit, "commit "+rev[:min(12, len(rev))])
		if t := settings["vcs.time"]; t != "" {
			commit = append(commit, t)
		}
		if settings["vcs.modified"] == "true" {
			commit = append(commit, "modified")
		}
	} else {
		commit = append(commit, "commit unknown: built without version control information")
	}
	goVersion := info.GoVersion
	if goVersion == "" {
		goVersion = runtime.Version()
	}
	return "evalpress " + version + " (" + strings.Join(commit, ", ") + ") " + goVersion
}
