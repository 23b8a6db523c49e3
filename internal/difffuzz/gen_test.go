package difffuzz

import (
	"context"
	"testing"
	"testing/fstest"

	"github.com/evalpress/evalpress/reports/inputs"
	"github.com/evalpress/evalpress/reports/measure"
)

// TestGeneratedCasesAreWellFormed holds the generator to its promise: every
// case is deterministic in its seed and parses without error, so a mismatch
// with the reference is always a real difference.
func TestGeneratedCasesAreWellFormed(t *testing.T) {
	for seed := uint64(1); seed <= 400; seed++ {
		c := Generate(seed)
		if again := Generate(seed); again != c {
			t.Fatalf("seed %d: not deterministic", seed)
		}
		fsys := fstest.MapFS{
			inputs.SectionsFile: {Data: []byte(c.Sections)},
			inputs.ExamplesFile: {Data: []byte(c.Examples)},
		}
		if c.HasPhrases {
			fsys[inputs.PhrasesFile] = &fstest.MapFile{Data: []byte(c.Phrases)}
		}
		f, err := inputs.OpenFS(fsys, "case")
		if err != nil {
			t.Fatalf("seed %d: generated input is not well-formed: %v", seed, err)
		}
		if _, err := measure.Run(context.Background(), f, c.NGram); err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
	}
}
