// Package pieces cuts a stream of text into pieces of whole lines, each
// with the lines just before it, so that a file too large to hold at once
// can be read a bounded piece at a time by code that reads whole texts (the
// leak scan).
package pieces

import (
	"bytes"
	"unicode/utf8"
)

// A Writer hands what is written to it to fn in pieces of whole lines of
// about Size bytes (a line of up to 4 Size is one piece; a longer one is
// cut inside, between characters). Each piece
// starts with at least Overlap bytes of the one before, so that anything
// shorter than Overlap that straddles a cut is whole in one piece. fn gets the piece and the number of lines before its first
// line in the stream; the piece is only valid during the call. A piece
// starts at a line's start, unless that line would add more than Overlap
// bytes: the piece then starts inside it.
type Writer struct {
	size, overlap int
	fn            func(piece []byte, linesBefore int) error
	buf           []byte
	fresh         int // buf[fresh:] has not been handed to fn yet
	lines         int // lines before buf[0]
	err           error
}

// NewWriter returns a Writer that hands pieces of about size bytes, with
// overlap bytes of the lines before, to fn.
func NewWriter(size, overlap int, fn func(piece []byte, linesBefore int) error) *Writer {
	return &Writer{size: size, overlap: overlap, fn: fn}
}

// Write adds p to the stream; it returns fn's first error.
func (w *Writer) Write(p []byte) (int, error) {
	if w.err != nil {
		return 0, w.err
	}
	w.buf = append(w.buf, p...)
	for w.err == nil && len(w.buf)-w.fresh >= w.size {
		// The last line's end within size bytes, or the end of the line
		// that crosses it; a line longer than 4 sizes is cut inside, at a
		// character's start.
		cut := bytes.LastIndexByte(w.buf[w.fresh:w.fresh+w.size], '\n') + 1
		if cut == 0 {
			long := min(len(w.buf)-w.fresh, 4*w.size)
			if i := bytes.IndexByte(w.buf[w.fresh+w.size:w.fresh+long], '\n'); i >= 0 {
				cut = w.size + i + 1
			} else if long < 4*w.size {
				break // a long line: it waits for its end
			} else {
				for cut = w.size; cut > 1 && !utf8.RuneStart(w.buf[w.fresh+cut]); cut-- {
				}
			}
		}
		w.hand(w.fresh + cut)
	}
	return len(p), w.err
}

// Close hands the rest of the stream to fn; it returns fn's first error.
func (w *Writer) Close() error {
	if w.err == nil && len(w.buf) > w.fresh {
		w.hand(len(w.buf))
	}
	return w.err
}

// hand gives buf[:cut] to fn and keeps, before what follows it, its last
// lines for the next piece.
func (w *Writer) hand(cut int) {
	if w.err = w.fn(w.buf[:cut], w.lines); w.err != nil {
		return
	}
	// The kept part starts at the start of the line overlap bytes back,
	// or, when that line starts more than twice as far back, inside it.
	keep := max(cut-w.overlap, 0)
	if line := bytes.LastIndexByte(w.buf[:keep], '\n') + 1; cut-line <= 2*w.overlap {
		keep = line
	}
	for keep > 0 && !utf8.RuneStart(w.buf[keep]) {
		keep--
	}
	w.lines += bytes.Count(w.buf[:keep], []byte{'\n'})
	n := copy(w.buf, w.buf[keep:])
	w.buf = w.buf[:n]
	w.fresh = cut - keep
	if cap(w.buf) > 4*w.size && n < w.size {
		w.buf = append(make([]byte, 0, 2*w.size), w.buf...) // a long line's room goes
	}
}
