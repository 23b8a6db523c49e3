// Package cachefile stores the build caches' files: one file per kind and
// key, written atomically, sealed by a keyed digest of its kind, key and
// content (a GMAC, see seal.go, with a key that is not in the cache: see
// internal/commitment), and only the latest key of each kind kept. A file
// edited by hand, damaged, or sealed with another key is a miss: a build
// never trusts a cache it did not write.
package cachefile

import (
	"bytes"
	"crypto/hmac"
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// Path returns the file of kind and key in dir.
func Path(dir, kind, key string) string { return filepath.Join(dir, kind+"-"+key+".bin") }

// Read returns the content stored for kind and key in dir, or false when
// there is none or it is damaged or not sealed with seal: a miss, never an
// error.
func Read(dir, kind, key string, seal []byte) ([]byte, bool) {
	data, err := os.ReadFile(Path(dir, kind, key))
	if err != nil {
		return nil, false
	}
	return check(data, kind, key, seal)
}

// Map is Read for a large entry: where it can, it maps the file into memory
// rather than copying it. The content is valid until release is called.
func Map(dir, kind, key string, seal []byte) (content []byte, release func(), ok bool) {
	data, release, err := mapFile(Path(dir, kind, key))
	if err != nil {
		return nil, nil, false
	}
	if content, ok = check(data, kind, key, seal); !ok {
		release()
		return nil, nil, false
	}
	return content, release, true
}

// check returns the content of a cache file's data, or false when it is not
// a file of kind and key or its seal is wrong.
func check(data []byte, kind, key string, seal []byte) ([]byte, bool) {
	header := len(kind) + 1 + sealSize
	if len(seal) == 0 || len(data) < header || !bytes.HasPrefix(data, []byte(kind+"\n")) {
		return nil, false
	}
	salt, tag := data[header-sealSize:header-tagSize], data[header-tagSize:header]
	content := data[header:]
	if !hmac.Equal(tagOf(kind, key, seal, salt, content), tag) {
		return nil, false
	}
	return content, true
}

// Write stores the concatenation of pieces for kind and key in dir,
// atomically, and removes the files of kind under other keys: they belong to
// earlier inputs or settings. The pieces are streamed, not joined first: a
// large entry is not copied in memory.
func Write(dir, kind, key string, seal []byte, pieces ...[]byte) error {
	if len(seal) == 0 {
		return fmt.Errorf("failed to write the %s cache: no key to seal it with", kind)
	}
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return fmt.Errorf("failed to create cache folder: %w", err)
	}
	fail := func(err error) error { return fmt.Errorf("failed to write the %s cache: %w", kind, err) }
	tmp, err := os.CreateTemp(dir, "."+kind+"-*")
	if err != nil {
		return fail(err)
	}
	defer os.Remove(tmp.Name())
	salt := newSalt()
	_, err = tmp.Write(append(append([]byte(kind+"\n"), salt...), make([]byte, tagSize)...)) // the tag, written last
	w := &chunkWriter{w: tmp, s: newSealer(kind, key, seal, salt), buf: make([]byte, 0, chunkSize), err: err}
	for _, p := range pieces {
		w.Write(p)
	}
	tag, err := w.close()
	if err == nil {
		_, err = tmp.WriteAt(tag, int64(len(kind)+1+saltSize))
	}
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp.Name(), Path(dir, kind, key))
	}
	if err != nil {
		return fail(err)
	}
	old, _ := filepath.Glob(filepath.Join(dir, kind+"-*.bin"))
	for _, f := range old {
		if f != Path(dir, kind, key) {
			os.Remove(f)
		}
	}
	return nil
}

// RemoveLeftovers removes the temporary files a killed Write left in dir
// (".KIND-*", never renamed to their key) and returns how many. The
// caller holds the cache's lock: no Write is under way.
func RemoveLeftovers(dir string) int {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return 0
	}
	n := 0
	for _, e := range entries {
		name := e.Name()
		if e.Type().IsRegular() && isTemp(name) && os.Remove(filepath.Join(dir, name)) == nil {
			n++
		}
	}
	return n
}

// isTemp reports whether name is that of a file Write writes before it
// renames it: "." then a kind (lower-case letters), "-", then digits.
func isTemp(name string) bool {
	kind, rest, ok := strings.Cut(strings.TrimPrefix(name, "."), "-")
	if !ok || !strings.HasPrefix(name, ".") || kind == "" || rest == "" {
		return false
	}
	for _, r := range kind {
		if r < 'a' || r > 'z' {
			return false
		}
	}
	for _, r := range rest {
		if r < '0' || r > '9' {
			return false
		}
	}
	return true
}
