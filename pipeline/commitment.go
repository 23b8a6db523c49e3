package pipeline

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"path/filepath"

	"github.com/evalpress/evalpress/internal/commitment"
	"github.com/evalpress/evalpress/internal/readfile"
	"github.com/evalpress/evalpress/reports/inputs"
)

// commitmentKey returns the key kept with the private inputs in dir
// (internal/commitment), and says so when a build made it.
func commitmentKey(dir string, stderr io.Writer) ([]byte, error) {
	if !isDir(dir) { // the inputs folder's own error says what is wrong
		if _, err := inputs.Open(dir); err != nil {
			return nil, err
		}
	}
	key, created, err := commitment.Load(dir)
	if err != nil {
		return nil, err
	}
	if created {
		fmt.Fprintf(stderr, "evalpress: %s: created the key of the published keyed digests; keep it with the private inputs, as private as they are\n", filepath.Join(dir, commitment.KeyFile))
	}
	return key, nil
}

// commit returns the keyed commitments of folder's small files (see
// internal/commitment), read again from dir and checked against the
// digests of the bytes the build read.
func commit(ctx context.Context, folder *inputs.Folder, dir string, key []byte) (map[string]string, error) {
	out := map[string]string{}
	for name, digest := range folder.Digests {
		if !commitment.Keyed(name) {
			continue
		}
		data, err := readfile.ReadFile(ctx, filepath.Join(dir, name), readfile.Corpus)
		if err != nil {
			return nil, err
		}
		if sum := sha256.Sum256(data); hex.EncodeToString(sum[:]) != digest {
			return nil, fmt.Errorf("%s: changed while the build read it; build again", filepath.Join(dir, name))
		}
		out[name] = commitment.Sum(key, data)
	}
	return out, nil
}
