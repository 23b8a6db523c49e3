package pipeline

import (
	"strings"
	"testing"

	"github.com/evalpress/evalpress/internal/provenance"
)

// TestPlanRelease: a release's name is free only if no earlier release
// has it in any case (v1 and V1 are one folder on a case-insensitive
// disk, as macOS and Windows keep them), and its number follows the
// highest.
func TestPlanRelease(t *testing.T) {
	t.Parallel()
	earlier := []earlierRelease{
		{record: provenance.Record{Release: &provenance.Release{Name: "v1", Number: 1}}},
		{record: provenance.Record{Release: &provenance.Release{Name: "beta", Number: 4}}},
	}
	tests := []struct {
		name   string
		number int    // 0 when refused
		err    string // in the error
	}{
		{"v2", 5, ""},
		{"v1", 0, `release "v1" exists`},
		{"V1", 0, `release "V1" exists (as "v1"`},
		{"BETA", 0, `release "BETA" exists (as "beta"`},
	}
	for _, tt := range tests {
		r, err := planRelease(tt.name, earlier)
		switch {
		case tt.err == "" && (err != nil || r.Number != tt.number):
			t.Errorf("%s: %v, %v; want number %d", tt.name, r, err, tt.number)
		case tt.err != "" && (err == nil || !strings.Contains(err.Error(), tt.err)):
			t.Errorf("%s: error %v, want %q", tt.name, err, tt.err)
		}
	}
}
