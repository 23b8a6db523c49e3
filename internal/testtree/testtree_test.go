package testtree

import (
	"maps"
	"testing"
)

// TestParse reads an archive's files by name, its comment left out.
func TestParse(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name, archive string
		want          map[string]string
	}{
		{"empty", "", map[string]string{}},
		{"comment only", "a note\n", map[string]string{}},
		{"two files", "note\n-- a.toml --\nx = 1\n-- d/b.md --\n# B\n\ntext\n",
			map[string]string{"a.toml": "x = 1\n", "d/b.md": "# B\n\ntext\n"}},
		{"empty file", "-- a --\n-- b --\nb\n", map[string]string{"a": "", "b": "b\n"}},
	} {
		if got := Parse(tc.archive); !maps.Equal(got, tc.want) {
			t.Errorf("%s: Parse = %q, want %q", tc.name, got, tc.want)
		}
	}
}
