package diag

import (
	"errors"
	"strings"
	"testing"
)

// TestJoin: errors found apart print one a line, nested joins flattened,
// with the warnings that came with any of them.
func TestJoin(t *testing.T) {
	a, b, c := Errorf("models.toml", 3, "a"), Errorf("labellers.toml", 5, "b"), Errorf("findings.md", 7, "c")
	w := Warnf("sections.md", 1, "w")
	for _, tc := range []struct {
		name     string
		in       []error
		want     []error
		warnings int
	}{
		{"none", []error{nil, nil}, nil, 0},
		{"one", []error{nil, a}, []error{a}, 0},
		{"nested", []error{&WithWarnings{Err: errors.Join(a, b), Before: List{w}}, c}, []error{a, b, c}, 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := Join(tc.in...)
			var got []error
			var j interface{ Unwrap() []error }
			switch {
			case err == nil:
			case errors.As(err, &j):
				got = j.Unwrap()
			default:
				got = []error{errors.Unwrap(err)}
				if got[0] == nil {
					got[0] = err
				}
			}
			if len(got) != len(tc.want) {
				t.Fatalf("Join = %v, want %v", got, tc.want)
			}
			for i := range got {
				if got[i] != tc.want[i] {
					t.Errorf("error %d: %v, want %v", i, got[i], tc.want[i])
				}
			}
			if n := len(Warnings(err)); n != tc.warnings {
				t.Errorf("%d warnings, want %d", n, tc.warnings)
			}
		})
	}
}

// TestWriteError: the warnings that came with an error first, each joined
// error on a line of its own, then the first hint or the fallback.
func TestWriteError(t *testing.T) {
	t.Parallel()
	w := Warnf("sections.md", 1, "w")
	a := Errorf("models.toml", 3, "a").WithHint("h")
	for _, tc := range []struct {
		name string
		err  error
		want string
	}{
		{"one", a, "evalpress: models.toml:3: a\nhint: h\n"},
		{"joined, with warnings", Join(&WithWarnings{Err: errors.Join(Errorf("x.md", 2, "b"), Errorf("y.md", 0, "c")), Before: List{w}}),
			"evalpress: sections.md:1: warning: w\nevalpress: x.md:2: b\nevalpress: y.md: c\nhint: fall\n"},
		{"plain", errors.New("plain"), "evalpress: plain\nhint: fall\n"},
	} {
		var b strings.Builder
		WriteError(&b, tc.err, "fall")
		if b.String() != tc.want {
			t.Errorf("%s: wrote\n%s\nwant\n%s", tc.name, b.String(), tc.want)
		}
	}
}
