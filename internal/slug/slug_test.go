package slug

import "testing"

func TestMakeIsSafeAndStable(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]string{"Model 1": "model-1", "ACT 1: Nobody": "act-1-nobody", "Überblick!": "überblick", "---": "x"} {
		if got := Make(in); got != want {
			t.Errorf("Make(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestUniqueNumbersRepeats(t *testing.T) {
	t.Parallel()
	seen := map[string]int{}
	for i, want := range []string{"a", "b", "a-2", "a-3"} {
		if got := Unique(seen, []string{"a", "b", "a", "a"}[i]); got != want {
			t.Errorf("use %d: %q, want %q", i, got, want)
		}
	}
}
