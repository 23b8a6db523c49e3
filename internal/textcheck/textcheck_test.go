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
