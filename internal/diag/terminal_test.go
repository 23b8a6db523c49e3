package diag

import (
	"strings"
	"testing"
)

func TestTerminalMasksWholeLines(t *testing.T) {
	t.Parallel()
	mask := func(s string) string { return strings.ReplaceAll(s, "haiku", "[model]") }
	tests := []struct {
		name   string
		writes []string
		want   string
	}{
		{"a path", []string{"evalpress: in/judged/haiku.md:3: bad\n"}, "evalpress: in/judged/[model].md:3: bad\n"},
		{"lines apart", []string{"evalpress: a haiku\nx haiku\n"}, "evalpress: a [model]\nx [model]\n"},
		{"a line in pieces", []string{"evalpress: in/judged/hai", "ku.md:3: bad\nhint: x\n"}, "evalpress: in/judged/[model].md:3: bad\nhint: x\n"},
		{"a last line without its end", []string{"evalpress: in\\haiku.md"}, "evalpress: in\\[model].md"},
	}
	for _, tc := range tests {
		var b strings.Builder
		term := NewTerminal(&b, mask)
		for _, w := range tc.writes {
			if _, err := term.Write([]byte(w)); err != nil {
				t.Fatal(err)
			}
		}
		if err := term.Flush(); err != nil {
			t.Fatal(err)
		}
		if b.String() != tc.want {
			t.Errorf("%s: %q, want %q", tc.name, b.String(), tc.want)
		}
	}
	var b strings.Builder
	term := NewTerminal(&b, nil)
	MaskPaths(term, mask)
	_, _ = term.Write([]byte("x/haiku\n"))
	if b.String() != "x/[model]\n" {
		t.Errorf("MaskPaths did not take: %q", b.String())
	}
}
