package tomlfile

import (
	"errors"
	"testing"

	"github.com/evalpress/evalpress/internal/diag"
)

// TestDecodeErrors decodes bad config files: each error names the file,
// the line (and the column of a syntax error) and says what is wrong in
// evalpress's words. A decoder that words its messages otherwise than
// lineOfErrorKey reads them fails here.
func TestDecodeErrors(t *testing.T) {
	t.Parallel()
	type c5 struct {
		MaxRun int `toml:"max_run"`
	}
	type target struct {
		Targets map[string]int `toml:"targets"`
	}
	type file struct {
		Title string `toml:"title"`
		C5    c5     `toml:"c5"`
		G1    target `toml:"g1"`
		Items []struct {
			ID string `toml:"id"`
		} `toml:"item"`
	}
	for _, tc := range []struct {
		name, data string
		line, col  int
		message    string
	}{
		{"syntax", "title = \"x\"\n[c5\n", 2, 4, ""},
		{"type", "title = \"x\"\n[c5]\nmax_run = \"twelve\"\n", 3, 0, "c5.max_run: the value is text (in quotes); want a whole number"},
		{"quoted key", "[g1.targets]\n\"ACT 1\" = 1.5\n", 2, 0, `g1.targets."ACT 1": the value is a number with a fraction; want a whole number`},
		{"unknown", "title = \"x\"\n[c5]\nmax_runs = 3\n", 3, 0, `unknown key "c5.max_runs"`},
		{"unknown in array", "[[item]]\nid = \"a\"\n[[item]]\nid = \"b\"\nname = \"c\"\n", 5, 0, `unknown key "item.name"`},
	} {
		var v file
		f, err := Parse([]byte(tc.data), "x.toml", &v)
		if err == nil {
			err = f.Check()
		}
		var d *diag.Diagnostic
		if !errors.As(err, &d) {
			t.Errorf("%s: %v, want a diagnostic", tc.name, err)
			continue
		}
		if d.File != "x.toml" || d.Line != tc.line || d.Column != tc.col || tc.message != "" && d.Message != tc.message {
			t.Errorf("%s: %s:%d:%d: %s; want line %d, column %d, %q", tc.name, d.File, d.Line, d.Column, d.Message, tc.line, tc.col, tc.message)
		}
	}
}
