package pieces

import (
	"bytes"
	"fmt"
	"strings"
	"testing"
	"unicode/utf8"
)

// TestPieces checks, for texts of short and long lines written in chunks
// of several sizes, that the pieces cover the text in order, that each
// starts where its line count says, and that every span shorter than the
// overlap is whole in some piece.
func TestPieces(t *testing.T) {
	var short, long, wide strings.Builder
	for i := range 10000 {
		fmt.Fprintf(&wide, "%d%s", i, []string{"a", "é", "€", "😀"}[i*i%4])
	}
	for i := range 2000 {
		fmt.Fprintf(&short, "line %d %s\n", i, strings.Repeat("x", i%37))
		fmt.Fprintf(&long, "%s\n", strings.Repeat(string(rune('a'+i%26)), (i*977)%3000))
	}
	tests := []struct {
		name, text    string
		size, overlap int
		chunk         int
		unterminated  bool
	}{
		{"short lines", short.String(), 4096, 256, 100, false},
		{"short lines, one write", short.String(), 4096, 256, 1 << 30, false},
		{"long lines", long.String(), 1000, 300, 777, false},
		{"no final newline", short.String() + "tail", 2048, 64, 5, true},
		{"tiny", "a\nb", 1, 1, 1, true},
		{"one line of 20 sizes, in characters of 1 to 4 bytes", wide.String() + "\nend\n", 2000, 100, 999, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			type piece struct {
				text  string
				lines int
			}
			var got []piece
			w := NewWriter(tt.size, tt.overlap, func(p []byte, lines int) error {
				got = append(got, piece{string(p), lines})
				return nil
			})
			for rest := tt.text; len(rest) > 0; {
				n := min(tt.chunk, len(rest))
				if _, err := w.Write([]byte(rest[:n])); err != nil {
					t.Fatal(err)
				}
				rest = rest[n:]
			}
			if err := w.Close(); err != nil {
				t.Fatal(err)
			}
			// Each piece is the text at some offset no earlier than the
			// last one's, ends after it, and starts after as many lines as
			// it says (or inside the line after them).
			covered, at := 0, 0
			for i, p := range got {
				start := strings.Index(tt.text[at:], p.text)
				if start < 0 {
					t.Fatalf("piece %d is not in the text after offset %d", i, at)
				}
				start += at
				if start > covered {
					t.Fatalf("piece %d starts at %d, after the text covered so far (%d)", i, start, covered)
				}
				if n := strings.Count(tt.text[:start], "\n"); n != p.lines {
					t.Fatalf("piece %d: %d lines before, said %d", i, n, p.lines)
				}
				if i > 0 && start > 0 && tt.text[start-1] != '\n' && covered-start > 2*tt.overlap {
					t.Fatalf("piece %d starts inside a line though it keeps %d bytes", i, covered-start)
				}
				if covered-start < min(tt.overlap, covered) && i > 0 {
					t.Fatalf("piece %d keeps %d bytes before the cut, want at least %d", i, covered-start, tt.overlap)
				}
				if len(p.text) > tt.size+3*tt.overlap && bytes.Count([]byte(p.text), []byte("\n")) > 2 {
					t.Fatalf("piece %d is %d bytes, size %d", i, len(p.text), tt.size)
				}
				if !utf8.ValidString(p.text) {
					t.Fatalf("piece %d cuts a character", i)
				}
				if len(p.text) > 4*tt.size+3*tt.overlap {
					t.Fatalf("piece %d is %d bytes, size %d", i, len(p.text), tt.size)
				}
				covered, at = start+len(p.text), start
			}
			if covered != len(tt.text) {
				t.Fatalf("pieces cover %d of %d bytes", covered, len(tt.text))
			}
		})
	}
}

func TestPiecesError(t *testing.T) {
	boom := fmt.Errorf("boom")
	w := NewWriter(4, 2, func([]byte, int) error { return boom })
	if _, err := w.Write([]byte("abc\ndef\n")); err != boom {
		t.Fatalf("write: %v, want fn's error", err)
	}
	if _, err := w.Write([]byte("x")); err != boom {
		t.Fatalf("write after error: %v", err)
	}
	if err := w.Close(); err != boom {
		t.Fatalf("close: %v", err)
	}
}
