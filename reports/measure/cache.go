package measure

import (
	"bytes"
	"crypto/sha256"
	"encoding/gob"
	"encoding/hex"
	"fmt"

	"github.com/evalpress/evalpress/internal/cachefile"
	"github.com/evalpress/evalpress/reports/inputs"
)

// cacheVersion changes whenever the measurement or the Result format does,
// so that an old cache is never read as a new one.
const cacheVersion = "evalpress-measure-3"

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

// Cache stores measurements in a folder: the latest key's, gob-encoded
// (decoding JSON cost a rebuild 16 ms, gob 2), sealed with Seal (see
// cachefile): an entry edited by hand is a miss.
type Cache struct {
	Dir  string
	Seal []byte
}

// cacheKind names the cache's files (see cachefile).
const cacheKind = "measure"

// Load returns the cached measurement for key, or false. A missing, unreadable
// or corrupt entry is a miss, never an error: the caller measures again.
func (c Cache) Load(key string) (*Result, bool) {
	data, ok := cachefile.Read(c.Dir, cacheKind, key, c.Seal)
	if !ok {
		return nil, false
	}
	var r Result
	if err := gob.NewDecoder(bytes.NewReader(data)).Decode(&r); err != nil || r.NGram < 1 {
		return nil, false
	}
	r.Digest = digest(data)
	return &r, true
}

// Store writes r under key, atomically, and sets its Digest.
func (c Cache) Store(key string, r *Result) error {
	r.Digest = ""
	var data bytes.Buffer
	if err := gob.NewEncoder(&data).Encode(r); err != nil {
		return fmt.Errorf("failed to encode measurement: %w", err)
	}
	r.Digest = digest(data.Bytes())
	return cachefile.Write(c.Dir, cacheKind, key, c.Seal, data.Bytes())
}
