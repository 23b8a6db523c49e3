package textcheck

import "testing"

func TestFirstInvalid(t *testing.T) {
	for in, want := range map[string]int{"": 0, "abc": 3, "ab\xffc": 2, "é\xc3": 2, "\xe2\x82": 0} {
		if got := FirstInvalid([]byte(in)); got != want {
			t.Errorf("FirstInvalid(%q) = %d, want %d", in, got, want)
		}
	}
}

func TestFirstDifference(t *testing.T) {
	if d := FirstDifference("a\nb\n", "a\nb\n"); d != "" {
		t.Errorf("equal texts: %q", d)
	}
	if d := FirstDifference("a\nb\n", "a\nc\n"); d != "line 2\n  want: \"b\"\n  got:  \"c\"" {
		t.Errorf("got %q", d)
	}
	if d := FirstDifference("a", "a\nextra"); d == "" {
		t.Error("a longer text is not a difference")
	}
}

func TestFirstImpossible(t *testing.T) {
	t.Parallel()
	tests := []struct {
		s  string
		at int
	}{
		{"Orla Brennick", -1},
		{"tab\there", -1},
		{"é and 日本", -1},
		{"Orla Bren\x00nick", 9},
		{"\x1b[1m", 0},
		{"é\x1fb", 2},
		{"a\x7f and nel\u0085x, as a text may hold", -1},
		{"x\ufffe", 1},
		{"x\uffff", 1},
	}
	for _, tt := range tests {
		if at := FirstImpossible(tt.s); at != tt.at {
			t.Errorf("FirstImpossible(%q) = %d, want %d", tt.s, at, tt.at)
		}
	}
}

func TestFirstDifferingLine(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		a, b string
		want int
	}{
		{"", "", 0},
		{"a\nb\n", "a\nb\n", 0},
		{"a\nb\n", "a\nc\n", 2},
		{"x", "y", 1},
		{"a\nb\n", "a\nb\nc\n", 3},
		{"a\nb\nc\n", "a\n", 2},
	} {
		if got := FirstDifferingLine([]byte(tt.a), []byte(tt.b)); got != tt.want {
			t.Errorf("FirstDifferingLine(%q, %q) = %d, want %d", tt.a, tt.b, got, tt.want)
		}
	}
}
