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
