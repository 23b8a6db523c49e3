package version

import (
	"runtime/debug"
	"testing"
)

func TestString(t *testing.T) {
	t.Parallel()
	tests := []struct {
		info *debug.BuildInfo
		want string
	}{
		{&debug.BuildInfo{GoVersion: "go1.26.8", Main: debug.Module{Path: "github.com/evalpress/evalpress", Version: "v1.2.0"},
			Settings: []debug.BuildSetting{{Key: "vcs.revision", Value: "0123456789abcdef0123"}, {Key: "vcs.time", Value: "2026-12-01T10:00:00Z"}, {Key: "vcs.modified", Value: "true"}}},
			"evalpress v1.2.0 (commit 0123456789ab, 2026-12-01T10:00:00Z, modified) go1.26.8"},
		{&debug.BuildInfo{GoVersion: "go1.26.8", Main: debug.Module{Version: "(devel)"}},
			"evalpress (development build) (commit unknown: built without version control information) go1.26.8"},
	}
	for _, tt := range tests {
		if got := Of(tt.info).String(); got != tt.want {
			t.Errorf("Of(...).String() = %q, want %q", got, tt.want)
		}
	}
}

func TestSame(t *testing.T) {
	t.Parallel()
	a := Tool{Version: "v1.2.0", Commit: "0123", Go: "go1.26.8"}
	for _, tt := range []struct {
		b    Tool
		want bool
	}{
		{a, true},
		{Tool{Version: "v1.2.1", Commit: "0123", Go: "go1.26.8"}, false},
		{Tool{Version: "v1.2.0", Commit: "4567", Go: "go1.26.8"}, false},
		{Tool{Version: "v1.2.0", Commit: "0123", Go: "go1.26.9"}, false},
		{Tool{Version: "v1.2.0", Commit: "0123", Modified: true, Go: "go1.26.8"}, false},
	} {
		if got := a.Same(tt.b); got != tt.want {
			t.Errorf("Same(%v) = %v, want %v", tt.b, got, tt.want)
		}
	}
}
