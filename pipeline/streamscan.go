package pipeline

import (
	"fmt"

	"github.com/evalpress/evalpress/internal/pieces"
	"github.com/evalpress/evalpress/redact"
	"github.com/evalpress/evalpress/site"
)

// A streamed file (site.File.Stream) is scanned in pieces of whole lines
// of about streamPiece bytes, each with streamOverlap bytes of the piece
// before: a term or passage that straddles a cut is whole in one piece
// unless it spans more than streamOverlap bytes of the file. Pieces stay
// under the scanner's large-file size, so their buffers are reused.
var (
	streamPiece   = 512 << 10
	streamOverlap = 32 << 10
)

// scanStream scans a streamed file's name and every byte of its content,
// a piece at a time, and returns what it found with the file's lines.
func scanStream(s *redact.Scanner, f site.File) ([]redact.Leak, error) {
	leaks := s.ScanOutput(f.Path, nil)
	seen := map[string]bool{}
	w := pieces.NewWriter(streamPiece, streamOverlap, func(piece []byte, lines int) error {
		for _, l := range s.ScanFile(f.Path, piece) {
			if l.Line > 0 {
				l.Line += lines
			}
			if key := l.String(); !seen[key] { // the overlap is scanned twice
				seen[key] = true
				leaks = append(leaks, l)
			}
		}
		return nil
	})
	if err := f.Stream(w); err != nil {
		return nil, fmt.Errorf("%s: %w", f.Path, err)
	}
	return leaks, w.Close()
}
