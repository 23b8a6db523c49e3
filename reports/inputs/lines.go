package inputs

import (
	"bufio"
	"bytes"
	"errors"
	"io"
	"unicode/utf8"

	"github.com/evalpress/evalpress/internal/textcheck"
)

var utf8BOM = []byte{0xEF, 0xBB, 0xBF}

// line is one line of a file as the reference splits it (/\r?\n/): without
// its "\n" and without a "\r" that precedes that "\n".
type line struct {
	text   []byte // valid until the next call to next
	number int    // 1-based
	start  int64  // byte offset of the line's first byte
	end    int64  // byte offset just past the line's terminator
}

// lineReader reads a file line by line, keeping byte offsets, checking that
// every line is UTF-8 and skipping a leading byte-order mark. Memory is
// bounded by the longest line, or, for a file already in memory
// (wholeFile), the lines are slices of its bytes, read without a copy.
type lineReader struct {
	r       *bufio.Reader
	buf     []byte
	offset  int64
	number  int
	sawBOM  bool
	started bool

	data []byte // the whole file, when it is in memory
	// valid is set when data is all UTF-8, so its lines need no check.
	valid bool
}

// wholeFile is a file's bytes, read whole, given to a parser: its lines are
// read from the bytes, not copied through a buffer.
type wholeFile struct {
	*bytes.Reader
	data []byte
}

func newWholeFile(data []byte) wholeFile { return wholeFile{bytes.NewReader(data), data} }

func newLineReader(r io.Reader) *lineReader {
	if m, ok := r.(wholeFile); ok {
		return &lineReader{data: m.data, valid: utf8.Valid(m.data)}
	}
	return &lineReader{r: bufio.NewReaderSize(r, 256<<10)}
}

// errInvalidUTF8 reports the 1-based column (in bytes) of the first invalid byte.
type errInvalidUTF8 struct{ column int }

func (e errInvalidUTF8) Error() string { return "invalid UTF-8" }

// next returns the next line, or io.EOF after the last one. A file that ends
// with "\n" has no empty line after it.
func (lr *lineReader) next() (line, error) {
	if lr.r == nil {
		return lr.nextInMemory()
	}
	if !lr.started {
		lr.started = true
		if head, err := lr.r.Peek(3); err == nil && bytes.Equal(head, utf8BOM) {
			lr.r.Discard(3)
			lr.offset = 3
			lr.sawBOM = true
		}
	}
	lr.buf = lr.buf[:0]
	for {
		chunk, err := lr.r.ReadSlice('\n')
		lr.buf = append(lr.buf, chunk...)
		if errors.Is(err, bufio.ErrBufferFull) {
			continue
		}
		if err != nil && !errors.Is(err, io.EOF) {
			return line{}, err
		}
		if len(lr.buf) == 0 {
			return line{}, io.EOF
		}
		break
	}
	return lr.cut(lr.buf, true)
}

// nextInMemory is next for a file in memory.
func (lr *lineReader) nextInMemory() (line, error) {
	if !lr.started {
		lr.started = true
		if bytes.HasPrefix(lr.data, utf8BOM) {
			lr.offset = 3
			lr.sawBOM = true
		}
	}
	rest := lr.data[lr.offset:]
	if len(rest) == 0 {
		return line{}, io.EOF
	}
	if i := bytes.IndexByte(rest, '\n'); i >= 0 {
		rest = rest[:i+1]
	}
	return lr.cut(rest, !lr.valid)
}

// skipToHash skips, in a file in memory that is all UTF-8, the lines before
// the next one that starts with "#", counting them, so that a parser to
// which they are text it need not read (a section's body) does not take
// them one by one. It does nothing to a file read through a buffer, whose
// lines must each be checked.
func (lr *lineReader) skipToHash() {
	if lr.r != nil || !lr.valid || !lr.started {
		return
	}
	rest := lr.data[lr.offset:]
	if len(rest) == 0 || rest[0] == '#' {
		return
	}
	skip := len(rest)
	if i := bytes.Index(rest, []byte("\n#")); i >= 0 {
		skip = i + 1
	}
	lines := bytes.Count(rest[:skip], []byte("\n"))
	if skip == len(rest) && rest[skip-1] != '\n' {
		lines++ // the last line, without its "\n"
	}
	lr.number += lines
	lr.offset += int64(skip)
}

// cut returns raw, the next line with its terminator, as a line, checking
// it is UTF-8 when check is set.
func (lr *lineReader) cut(raw []byte, check bool) (line, error) {
	lr.number++
	l := line{number: lr.number, start: lr.offset}
	lr.offset += int64(len(raw))
	l.end = lr.offset
	text := raw
	if n := len(text); n > 0 && text[n-1] == '\n' {
		text = text[:n-1]
		if n := len(text); n > 0 && text[n-1] == '\r' {
			text = text[:n-1]
		}
	}
	l.text = text
	if check && !utf8.Valid(text) {
		return l, errInvalidUTF8{column: textcheck.FirstInvalid(text) + 1}
	}
	return l, nil
}

// isBlank reports whether the line holds only characters JavaScript's trim removes.
func isBlank(text []byte) bool {
	for len(text) > 0 {
		r, size := utf8.DecodeRune(text)
		if !jsSpace(r) {
			return false
		}
		text = text[size:]
	}
	return true
}
