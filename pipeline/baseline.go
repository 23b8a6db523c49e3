package pipeline

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"encoding/gob"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"github.com/evalpress/evalpress/internal/cachefile"
	"github.com/evalpress/evalpress/site"
)

// baseline is the earlier results a build records its changes against,
// and a warning about them to show.
type baseline struct {
	results *site.Results
	warning string
}

// loadBaseline reads the baseline results: the --baseline file (an error
// when it is not a results.json) or the output folder's previous one. A
// results.json a build wrote is not parsed again: the build cached what it
// holds of a baseline, by the file's digest.
func loadBaseline(file, outDir, cacheDir string, seal []byte) (baseline, error) {
	name := file
	if name == "" {
		name = filepath.Join(outDir, "data", "results.json")
	}
	data, err := os.ReadFile(name)
	if err != nil {
		if file == "" {
			return baseline{}, nil
		}
		return baseline{}, fmt.Errorf("%s: cannot read baseline: %w", file, errors.Unwrap(err))
	}
	sum := sha256.Sum256(data)
	if r, ok := cachedBaseline(cacheDir, seal, sum); ok {
		r.SHA256 = hex.EncodeToString(sum[:])
		return baseline{results: r}, nil
	}
	r, err := site.ParseBaseline(data)
	switch {
	case err != nil && file != "":
		return baseline{}, fmt.Errorf("%s: %w", file, err)
	case err != nil:
		return baseline{warning: fmt.Sprintf("%s: warning: previous results ignored: %v", name, err)}, nil
	}
	return baseline{results: r}, nil
}

// baselineKind names the cached baselines (see cachefile).
const baselineKind = "baseline"

// cachedBaseline returns the baseline a build cached for the results.json
// whose SHA-256 is sum, if it did.
func cachedBaseline(cacheDir string, seal []byte, sum [sha256.Size]byte) (*site.Results, bool) {
	cached, ok := cachefile.Read(cacheDir, baselineKind, sumKey(sum[:]), seal)
	if !ok {
		return nil, false
	}
	// The baseline without its cells, then each cell (storeBaseline).
	headSize, n := binary.Uvarint(cached)
	if n <= 0 || headSize > uint64(len(cached)-n) {
		return nil, false
	}
	var r site.Results
	if gob.NewDecoder(bytes.NewReader(cached[n:n+int(headSize)])).Decode(&r) != nil {
		return nil, false
	}
	cells := cellReader{b: cached[n+int(headSize):]}
	for len(cells.b) > 0 {
		r.Cells = append(r.Cells, cells.cell())
	}
	if cells.err != nil {
		return nil, false
	}
	checked, err := r.CheckBaseline()
	return checked, err == nil
}

// storeBaseline caches what the results.json of out holds of a baseline:
// the baseline without its cells (gob), then each cell (baselinecells.go),
// made one at a time (a 200,000-cell baseline whole took 800 MB).
func storeBaseline(cacheDir string, seal []byte, out *site.Output) error {
	var head bytes.Buffer
	if err := gob.NewEncoder(&head).Encode(out.BaselineHead()); err != nil {
		return err
	}
	buf := append(binary.AppendUvarint(nil, uint64(head.Len())), head.Bytes()...)
	for c := range out.BaselineCells() {
		buf = appendBaselineCell(buf, &c)
	}
	return cachefile.Write(cacheDir, baselineKind, sumKey(out.ResultsSHA256()), seal, buf)
}

// sumKey names a results.json by its SHA-256, and the format of what is
// cached.
func sumKey(sum []byte) string { return "6" + hex.EncodeToString(sum[:16]) }
