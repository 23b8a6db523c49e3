package diag

import (
	"bytes"
	"io"
	"strings"
	"sync"
)

// Terminal is where evalpress reports, as a command's standard error: it
// writes whole lines to its writer, each passed through its mask first
// (matcher.MaskLine: the paths in it, and any private term a message
// quotes though it should not). A path the author chose can name what must stay private (a
// judge's reply file named after its id, "judged/haiku.md"; an episode's
// folder), and terminal output ends up in public CI logs. The mask starts
// as what is private whatever the inputs (NewTerminal's), and a build
// narrows it to its own private terms once it has read them (MaskPaths).
// It is safe for concurrent use.
type Terminal struct {
	mu      sync.Mutex
	w       io.Writer
	mask    func(string) string
	partial []byte // the last line, until its end is written
}

// NewTerminal returns a Terminal writing to w, with mask (nil: none) on
// every path.
func NewTerminal(w io.Writer, mask func(string) string) *Terminal {
	return &Terminal{w: w, mask: mask}
}

// MaskPaths makes mask the mask of w's paths when w is a Terminal, and
// does nothing otherwise (a test's buffer).
func MaskPaths(w io.Writer, mask func(string) string) {
	if t, ok := w.(*Terminal); ok {
		t.mu.Lock()
		t.mask = mask
		t.mu.Unlock()
	}
}

// Write writes the whole lines of p, masked, and keeps the rest until its
// line ends (Flush).
func (t *Terminal) Write(p []byte) (int, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.partial = append(t.partial, p...)
	end := bytes.LastIndexByte(t.partial, '\n')
	if end < 0 {
		return len(p), nil
	}
	lines := string(t.partial[:end+1])
	t.partial = append(t.partial[:0], t.partial[end+1:]...)
	if _, err := io.WriteString(t.w, t.maskLines(lines)); err != nil {
		return 0, err
	}
	return len(p), nil
}

// Flush writes a last line that has no end yet.
func (t *Terminal) Flush() error {
	t.mu.Lock()
	defer t.mu.Unlock()
	if len(t.partial) == 0 {
		return nil
	}
	_, err := io.WriteString(t.w, t.maskLines(string(t.partial)))
	t.partial = t.partial[:0]
	return err
}

// maskLines passes every line of text through the mask.
func (t *Terminal) maskLines(text string) string {
	if t.mask == nil {
		return text
	}
	lines := strings.SplitAfter(text, "\n")
	for i, l := range lines {
		if l != "" {
			lines[i] = t.mask(l)
		}
	}
	return strings.Join(lines, "")
}
