package incremental

import (
	"bytes"
	"crypto/sha256"
	"encoding/gob"
	"encoding/hex"
	"fmt"
	"math"

	"github.com/evalpress/evalpress/internal/cachefile"
	"github.com/evalpress/evalpress/redact/public"
	"github.com/evalpress/evalpress/site/figures"
)

// Figures are one build's use of the cached figures (site/figures): the
// permutation tests of the two-way decomposition, which depend on the cells'
// measures and not on the verdict thresholds, so that a threshold-only
// rebuild reuses them as it reuses the cell pages' bodies.
type Figures struct {
	dir  string
	seal []byte
	key  string
	// Cached are the figures read from the cache; nil when it has none for
	// this view.
	Cached *figures.Spreads
}

// OpenFigures reads the figures cached in the folder dir, sealed with seal,
// for the view p.
func OpenFigures(dir string, seal []byte, p *public.Public) *Figures {
	f := &Figures{dir: dir, seal: seal, key: figuresKey(p)}
	f.Cached = cachedFigures(dir, seal, f.key)
	return f
}

// Store caches s, the figures this build computed, unless they came from
// the cache.
func (f *Figures) Store(s figures.Spreads) error {
	if f.Cached != nil {
		return nil
	}
	return storeFigures(f.dir, f.seal, f.key, s)
}

// figuresKind names the cached figures (see cachefile).
const figuresKind = "figures"

// figuresKey names the figures of the view p (figures.Compute): the binary
// that computes them and all they are computed from, the writers, the
// sections and each cell's writer, section, example and measures. The
// verdict thresholds are not part of it: a threshold-only rebuild reuses
// the figures, whose permutation tests take a tenth of a second on the
// bench corpus.
func figuresKey(p *public.Public) string {
	h := sha256.New()
	fmt.Fprintf(h, "evalpress-figures-1\n%s\n", cachefile.Executable())
	for _, w := range p.Writers {
		fmt.Fprintf(h, "w %q\n", w.Alias)
	}
	for _, s := range p.Sections {
		fmt.Fprintf(h, "s %q\n", s)
	}
	for _, c := range p.Cells {
		fmt.Fprintf(h, "c %q %q %t %d %x\n", c.Writer, c.Section, c.HasExample, c.Run, math.Float64bits(c.Overlap))
	}
	return hex.EncodeToString(h.Sum(nil))[:32]
}

// cachedFigures returns the figures cached under key, or nil.
func cachedFigures(cacheDir string, seal []byte, key string) *figures.Spreads {
	data, ok := cachefile.Read(cacheDir, figuresKind, key, seal)
	if !ok {
		return nil
	}
	var s figures.Spreads
	if gob.NewDecoder(bytes.NewReader(data)).Decode(&s) != nil {
		return nil
	}
	return &s
}

// storeFigures caches the figures s under key.
func storeFigures(cacheDir string, seal []byte, key string, s figures.Spreads) error {
	var enc bytes.Buffer
	if err := gob.NewEncoder(&enc).Encode(s); err != nil {
		return err
	}
	return cachefile.Write(cacheDir, figuresKind, key, seal, enc.Bytes())
}
