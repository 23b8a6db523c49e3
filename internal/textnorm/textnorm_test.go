package textnorm

import (
	"strings"
	"testing"
	"unsafe"
)

func TestText(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ name, in, want string }{
		{"already normal", "one two\n\nthree", "one two\n\nthree"},
		{"last section, one newline", "one two\n", "one two"},
		{"other sections, a blank line", "one two\n\n", "one two"},
		{"blank lines before", "\n  \n\tone two", "\tone two"},
		{"windows line ends", "one\r\ntwo\r\n\r\nthree\r\n", "one\ntwo\n\nthree"},
		{"old mac line ends", "one\rtwo", "one\ntwo"},
		{"spaces at line ends", "one  \ntwo\t\n \nthree ", "one\ntwo\n\nthree"},
		{"no-break space at a line end", "one\u00a0\ntwo", "one\ntwo"},
		{"blank lines in a row", "one\n\n\n\ntwo\n \n\t\nthree", "one\n\ntwo\n\nthree"},
		{"indentation kept", "one\n    two", "one\n    two"},
		{"empty", "", ""},
		{"only space", " \r\n\n ", ""},
	} {
		if got := Text(tc.in); got != tc.want {
			t.Errorf("%s: Text(%q) = %q, want %q", tc.name, tc.in, got, tc.want)
		}
		if got := Text(tc.want); got != tc.want {
			t.Errorf("%s: Text(%q) = %q: not idempotent", tc.name, tc.want, got)
		}
	}
}

// TestTextDoesNotCopyANormalText: most texts need their ends trimmed only,
// which is a part of the file's bytes, not a copy of them.
func TestTextDoesNotCopyANormalText(t *testing.T) {
	t.Parallel()
	in := "\n" + strings.Repeat("a line of words\n", 100) + "\n\n"
	got := Text(in)
	if unsafe.StringData(got) != unsafe.StringData(in[1:]) {
		t.Error("a text in the layout was copied")
	}
}

// TestLinesKeepsEveryLine: Lines drops the spaces at the ends of lines,
// carriage returns among them, and keeps every line, so line numbers
// stay; a file with none is returned as it is.
func TestLinesKeepsEveryLine(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ in, want string }{
		{"# A\n## B\nwords\n", "# A\n## B\nwords\n"},
		{"# A\r\n## B \r\nwords\t\r\n\r\n", "# A\n## B\nwords\n\n"},
		{"one\u00a0\ntwo\u3000", "one\ntwo"},
		{"a\rb\n", "a\rb\n"}, // a lone carriage return is no line end: Text's to read
		{"\xff \n", "\xff\n"},
		{"# \n## \t\r\n###  \n#  x  \n#\t\n", "# \n## \n### \n#  x\n#\n"}, // a heading of no name stays one
	} {
		got := Lines([]byte(tc.in))
		if string(got) != tc.want {
			t.Errorf("Lines(%q) = %q, want %q", tc.in, got, tc.want)
		}
		if strings.Count(string(got), "\n") != strings.Count(tc.in, "\n") {
			t.Errorf("Lines(%q) changed the number of lines", tc.in)
		}
	}
	in := []byte("no space\nat any end\n")
	if got := Lines(in); &got[0] != &in[0] {
		t.Error("a file with no space at a line's end was copied")
	}
}

// BenchmarkText times a section in the layout, as most are: its ends
// trimmed, the rest checked.
func BenchmarkText(b *testing.B) {
	s := strings.Repeat("harbour light boat net crew storm tide rope sail gull\n", 60) + "\n"
	b.SetBytes(int64(len(s)))
	for b.Loop() {
		Text(s)
	}
}
