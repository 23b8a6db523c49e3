package natural

import (
	"slices"
	"testing"
)

func TestCompare(t *testing.T) {
	for _, tc := range []struct {
		a, b string
		want int
	}{
		{"Model 2", "Model 10", -1},
		{"Model 10", "Model 2", 1},
		{"Model 1", "Model 1", 0},
		{"Model 9", "Model 10", -1},
		{"Model 02", "Model 2", -1}, // same value: by bytes
		{"Model 2", "Model 2b", -1},
		{"Model 2b", "Model 10", -1},
		{"Model A", "Model B", -1},
		{"Model", "Model 1", -1},
		{"Writer 1", "Model 2", 1},
		{"a10b2", "a10b10", -1},
		{"", "a", -1},
	} {
		if got := Compare(tc.a, tc.b); got != tc.want {
			t.Errorf("Compare(%q, %q) = %d, want %d", tc.a, tc.b, got, tc.want)
		}
		if got := Compare(tc.b, tc.a); got != -tc.want {
			t.Errorf("Compare(%q, %q) = %d, want %d", tc.b, tc.a, got, -tc.want)
		}
	}
}

func TestSortsAliases(t *testing.T) {
	got := []string{"Model 10", "Model 3", "Model 1", "Model 20", "Model 2", "Model 11"}
	slices.SortFunc(got, Compare)
	want := []string{"Model 1", "Model 2", "Model 3", "Model 10", "Model 11", "Model 20"}
	if !slices.Equal(got, want) {
		t.Errorf("sorted %q, want %q", got, want)
	}
}
