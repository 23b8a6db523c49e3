package measure

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"

	"github.com/evalpress/evalpress/reports/inputs"
)

// cacheVersion changes whenever the measurement or the Result format does,
// so that an old cache is never read as a new one.
const cacheVersion = "evalpress-measure-1"

// CacheKey identifies a measurement: the bytes of every input that changes
// it (sections, examples, mandated phrases, by SHA-256) and the n-gram size.
// Thresholds are not part of it: verdicts are re-applied without measuring.
func CacheKey(folder *inputs.Folder, ngram int) string {
	h := sha256.New()
	fmt.Fprintf(h, "%s\nngram=%d\n", cacheVersion, ngram)
	for _, name := range []string{inputs.SectionsFile, inputs.ExamplesFile, inputs.PhrasesFile} {
		fmt.Fprintf(h, "%s=%s\n", name, folder.Digests[name])
	}
	return hex.EncodeToString(h.Sum(nil))[:32]
}

// digest returns the SHA-256 of a cache entry.
func digest(data []byte) string {
	sum := sha256.Sum256(data)
	return hex.EncodeToString(sum[:])
}

// Cache stores measurements in a folder, one file per key.
type Cache struct{ Dir string }

func (c Cache) path(key string) string { return filepath.Join(c.Dir, "measure-"+key+".json") }

// Load returns the cached measurement for key, or false. A missing, unreadable
// or corrupt entry is a miss, never an error: the caller measures again.
func (c Cache) Load(key string) (*Result, bool) {
	data, err := os.ReadFile(c.path(key))
	if err != nil {
		return nil, false
	}
	var r Result
	if err := json.Unmarshal(data, &r); err != nil || r.NGram < 1 {
		return nil, false
	}
	r.Digest = digest(data)
	return &r, true
}

// Store writes r under key, atomically.
func (c Cache) Store(key string, r *Result) error {
	if err := os.MkdirAll(c.Dir, 0o755); err != nil {
		return fmt.Errorf("failed to create cache folder: %w", err)
	}
	data, err := json.Marshal(r)
	if err != nil {
		return fmt.Errorf("failed to encode measurement: %w", err)
	}
	r.Digest = digest(data)
	tmp, err := os.CreateTemp(c.Dir, ".measure-*")
	if err != nil {
		return fmt.Errorf("failed to write cache: %w", err)
	}
	defer os.Remove(tmp.Name())
	if _, err := tmp.Write(data); err != nil {
		tmp.Close()
		return fmt.Errorf("failed to write cache: %w", err)
	}
	if err := tmp.Close(); err != nil {
		return fmt.Errorf("failed to write cache: %w", err)
	}
	return os.Rename(tmp.Name(), c.path(key))
}
