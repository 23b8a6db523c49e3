// Package commitment holds the secret key a build keeps with its private
// inputs, and makes the keyed digests (HMAC-SHA-256) it derives from it.
//
// A plain SHA-256 of a small, predictable file (models.toml, redact.txt,
// mandated_phrases.txt) is a guessing oracle: whoever can guess the file's
// content can confirm the guess against the published digest. A keyed
// digest commits the build to the file just as well, but only a holder of
// the key can check a guess: the author hands the file and the key to an
// auditor, who recomputes the digest. Long texts with unpredictable content
// (the sections and the examples) keep plain digests, which anyone holding
// the files can check.
package commitment

import (
	"bytes"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"

	"github.com/evalpress/evalpress/internal/readfile"
)

// KeyFile is the key's file in the private inputs folder.
const KeyFile = "evalpress.key"

// keyBytes is the key's length.
const keyBytes = 32

// Load returns the key kept in the private inputs folder dir, creating it
// the first time (created is then true). A key file that is not one is an
// error: a new key would change every published commitment.
func Load(dir string) (key []byte, created bool, err error) {
	path := filepath.Join(dir, KeyFile)
	data, err := readfile.ReadSmall(path)
	if err == nil {
		key, err := hex.DecodeString(string(bytes.TrimSpace(data)))
		if err != nil || len(key) != keyBytes {
			return nil, false, fmt.Errorf("%s:1: not a commitment key (%d hex digits expected); restore it from a backup, or delete it to make a new one (every published keyed digest then changes)", path, 2*keyBytes)
		}
		if WasPublic(key) {
			return nil, false, fmt.Errorf("%s:1: a key that has been public (the demo's, in evalpress's history): every keyed digest under it is a plain one; delete the file so the next build makes a new key", path)
		}
		return key, false, nil
	}
	if !errors.Is(err, fs.ErrNotExist) {
		return nil, false, err // readfile's error names the file
	}
	key = make([]byte, keyBytes)
	if _, err := rand.Read(key); err != nil {
		return nil, false, fmt.Errorf("failed to make a commitment key: %w", err)
	}
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
	if errors.Is(err, fs.ErrExist) {
		if _, serr := os.Stat(path); serr == nil {
			return Load(dir) // another build made it meanwhile
		}
		return nil, false, fmt.Errorf("%s: a link to nothing where the commitment key belongs; remove it, or restore the key it pointed to", path)
	}
	if err != nil {
		return nil, false, fmt.Errorf("failed to create the commitment key in the inputs folder: %w", err)
	}
	_, err = f.WriteString(hex.EncodeToString(key) + "\n")
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		os.Remove(path)
		return nil, false, fmt.Errorf("failed to write the commitment key: %w", err)
	}
	return key, true, nil
}

// publicKeys are the SHA-256 digests of keys that have been public: the
// demo's, committed with its inputs until evalpress made every key at a
// project's first build. Anyone holding such a key can check guesses
// against the digests made with it.
var publicKeys = map[string]bool{
	"6fed6f54abafe7a964bdb6ee18b37c614077360efc596a36e258f0e695057646": true, // the demo's, demo/private/evalpress.key up to 7aa9fb7
}

// WasPublic reports whether key has been public (publicKeys).
func WasPublic(key []byte) bool {
	sum := sha256.Sum256(key)
	return publicKeys[hex.EncodeToString(sum[:])]
}

// Sum returns the keyed digest of data, in hex: what
// `openssl dgst -sha256 -mac HMAC -macopt hexkey:KEY FILE` prints.
func Sum(key, data []byte) string {
	m := hmac.New(sha256.New, key)
	m.Write(data)
	return hex.EncodeToString(m.Sum(nil))
}

// Keyed reports whether the private input file name gets a keyed digest:
// every input but the long texts (sections.md, examples.md, also an
// episode's or a run's), whose content no one can guess.
func Keyed(name string) bool {
	base := path.Base(name)
	return base != "sections.md" && base != "examples.md"
}
