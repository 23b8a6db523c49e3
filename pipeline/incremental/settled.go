package incremental

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"slices"
	"sync"

	"github.com/evalpress/evalpress/internal/cachefile"
	"github.com/evalpress/evalpress/redact"
)

// The leak scan's settled verdicts: a file other than a cell page that
// passed on what it holds alone (redact.Scanner.ScanSettled) passes again
// in a build with the same binary, inputs and settings but for the verdict
// thresholds (the page cache's key), however its permits change. The
// build keeps each such file's digest, and the next one takes the verdict
// of a file with the same path and bytes rather than scan it again. Of a
// threshold-only rebuild's files, the chart library, the stylesheets and
// scripts, the CSV when no verdict changed, and the documents that state
// no verdict are such files: on the bench, a tenth of the build's CPU.
//
// A digest names a path and its bytes, both published: the file of the
// digests stays in the cache, which is private and sealed.

// settledKind names the cache file of the settled verdicts (see cachefile).
const settledKind = "settled"

// settled is what one build knows of settled verdicts.
type settled struct {
	before map[fileDigest]bool // the previous build's, when its key is this build's
	mu     sync.Mutex
	now    map[fileDigest]bool // this build's, for the next one
}

// fileDigest is the SHA-256 of a file's path, by its length, and bytes.
type fileDigest [sha256.Size]byte

// digestOf returns the digest of the file f holding data. The path's
// length comes first: a separator byte alone would let a path ending in it
// and bytes starting with it ("a\x00" and "b", "a" and "\x00b") share a
// digest, and one file take the other's verdict.
func digestOf(f string, data []byte) fileDigest {
	h := sha256.New()
	h.Write(binary.BigEndian.AppendUint64(nil, uint64(len(f))))
	h.Write([]byte(f))
	h.Write(data)
	var d fileDigest
	h.Sum(d[:0])
	return d
}

// loadSettled reads the settled verdicts stored in dir for key, sealed
// with seal; none when there are none, or they are damaged or foreign.
func loadSettled(dir, key string, seal []byte) *settled {
	s := &settled{before: map[fileDigest]bool{}, now: map[fileDigest]bool{}}
	data, ok := cachefile.Read(dir, settledKind, key, seal)
	if !ok || len(data)%sha256.Size != 0 {
		return s
	}
	for len(data) > 0 {
		s.before[fileDigest(data[:sha256.Size])] = true
		data = data[sha256.Size:]
	}
	return s
}

// scan scans the file f with sc, or takes its verdict from the previous
// build when it passed settled there; it keeps a settled pass for the
// next build.
func (s *settled) scan(sc *redact.Scanner, f string, data []byte) []redact.Leak {
	d := digestOf(f, data)
	if !s.before[d] {
		leaks, ok := sc.ScanSettled(f, data)
		if !ok {
			return leaks
		}
	}
	s.mu.Lock()
	s.now[d] = true
	s.mu.Unlock()
	return nil
}

// store writes this build's settled verdicts into dir for key, sealed with
// seal, in place of the previous build's.
func (s *settled) store(dir, key string, seal []byte) error {
	digests := make([]fileDigest, 0, len(s.now))
	for d := range s.now {
		digests = append(digests, d)
	}
	slices.SortFunc(digests, func(a, b fileDigest) int { return bytes.Compare(a[:], b[:]) })
	data := make([]byte, 0, len(digests)*sha256.Size)
	for _, d := range digests {
		data = append(data, d[:]...)
	}
	return cachefile.Write(dir, settledKind, key, seal, data)
}
