package pipeline

import (
	"math"
	"os"
	"runtime/debug"
	"testing"

	"github.com/evalpress/evalpress/reports/inputs"
)

// TestLargeSiteBuildLimitsItsMemory: a build of more cells than
// maxKeptCellPages sets its soft memory limit, a few KB a cell and never
// under minStreamedMemory, in place of any limit set before (the command's
// budget), and restores that limit when done; a smaller build, or
// GOMEMLIMIT, leave the limit as it is.
func TestLargeSiteBuildLimitsItsMemory(t *testing.T) {
	defer func(keep int) { maxKeptCellPages = keep }(maxKeptCellPages)
	defer debug.SetMemoryLimit(debug.SetMemoryLimit(-1))
	maxKeptCellPages = 10
	tests := []struct {
		name   string
		cells  int
		env    string // GOMEMLIMIT
		before int64
		during int64
	}{
		{"small site", 10, "", math.MaxInt64, math.MaxInt64},
		{"large site", 11, "", math.MaxInt64, minStreamedMemory},
		{"very large site", 1_000_000, "", math.MaxInt64, 1_000_000 * streamedMemoryPerCell},
		{"GOMEMLIMIT set", 11, "2GiB", math.MaxInt64, math.MaxInt64},
		{"budget set", 11, "", 320 << 20, minStreamedMemory},
		{"higher limit set", 11, "", 8 << 30, minStreamedMemory},
	}
	for _, tt := range tests {
		t.Setenv("GOMEMLIMIT", tt.env) // restored after the test
		if tt.env == "" {
			os.Unsetenv("GOMEMLIMIT")
		}
		debug.SetMemoryLimit(tt.before)
		b := &build{folder: &inputs.Folder{Sections: make([]inputs.Section, tt.cells)}}
		restore := b.limitMemory()
		if got := debug.SetMemoryLimit(-1); got != tt.during {
			t.Errorf("%s: limit %d during the build, want %d", tt.name, got, tt.during)
		}
		restore()
		if got := debug.SetMemoryLimit(-1); got != tt.before {
			t.Errorf("%s: limit %d after the build, want %d as before", tt.name, got, tt.before)
		}
	}
}
