package cachefile

import (
	"bytes"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

var seal = []byte("a test key for the caches' seals")

func TestWriteReadAndMap(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "cache")
	big := bytes.Repeat([]byte("0123456789"), 300_000) // more than the write buffer
	if err := Write(dir, "pages", "k1", seal, []byte("head "), big, nil, []byte(" tail")); err != nil {
		t.Fatal(err)
	}
	want := append(append([]byte("head "), big...), " tail"...)
	got, ok := Read(dir, "pages", "k1", seal)
	if !ok || !bytes.Equal(got, want) {
		t.Fatalf("Read: ok %v, %d bytes, want %d", ok, len(got), len(want))
	}
	mapped, release, ok := Map(dir, "pages", "k1", seal)
	if !ok || !bytes.Equal(mapped, want) {
		t.Fatalf("Map: ok %v, %d bytes, want %d", ok, len(mapped), len(want))
	}
	release()
	if _, ok := Read(dir, "pages", "k2", seal); ok {
		t.Error("found under a key never written")
	}
	if _, ok := Read(dir, "scanner", "k1", seal); ok {
		t.Error("found under another kind")
	}
	// Writing another key of the kind removes the first; other kinds stay.
	if err := Write(dir, "measure", "k1", seal, []byte("m")); err != nil {
		t.Fatal(err)
	}
	if err := Write(dir, "pages", "k2", seal, []byte("second")); err != nil {
		t.Fatal(err)
	}
	if _, ok := Read(dir, "pages", "k1", seal); ok {
		t.Error("the earlier key of the kind was kept")
	}
	if got, ok := Read(dir, "measure", "k1", seal); !ok || string(got) != "m" {
		t.Errorf("another kind's file: %q %v", got, ok)
	}
	if tmp, _ := filepath.Glob(filepath.Join(dir, ".*")); len(tmp) > 0 {
		t.Errorf("temporary files left: %v", tmp)
	}
}

func TestDamageIsAMiss(t *testing.T) {
	dir := t.TempDir()
	if err := Write(dir, "pages", "k", seal, []byte("some content of the entry")); err != nil {
		t.Fatal(err)
	}
	path := Path(dir, "pages", "k")
	good, _ := os.ReadFile(path)
	for name, damage := range map[string]func([]byte) []byte{
		"a changed byte":   func(b []byte) []byte { b[len(b)-2] ^= 1; return b },
		"a changed sum":    func(b []byte) []byte { b[len("pages\n")] ^= 1; return b },
		"cut short":        func(b []byte) []byte { return b[:len(b)-3] },
		"header only":      func(b []byte) []byte { return b[:len("pages\n")+2] },
		"empty":            func([]byte) []byte { return nil },
		"another kind":     func(b []byte) []byte { return append([]byte("other\n"), b[len("pages\n"):]...) },
		"appended to":      func(b []byte) []byte { return append(b, '!') },
		"not a cache file": func([]byte) []byte { return []byte("{\"json\": true}") },
	} {
		os.WriteFile(path, damage(append([]byte(nil), good...)), 0o600)
		if _, ok := Read(dir, "pages", "k", seal); ok {
			t.Errorf("%s: Read used a damaged file", name)
		}
		if _, _, ok := Map(dir, "pages", "k", seal); ok {
			t.Errorf("%s: Map used a damaged file", name)
		}
	}
}

func TestRemoveLeftoversRemovesOnlyTemporaryFiles(t *testing.T) {
	dir := t.TempDir()
	if err := Write(dir, "scanner", "k", seal, []byte("index")); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{".scanner-123456", ".pages-9", ".lock", ".scanner-notes", "notes.txt"} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte("x"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if n := RemoveLeftovers(dir); n != 2 {
		t.Errorf("removed %d files, want 2", n)
	}
	entries, _ := os.ReadDir(dir)
	var left []string
	for _, e := range entries {
		left = append(left, e.Name())
	}
	if want := []string{".lock", ".scanner-notes", "notes.txt", "scanner-k.bin"}; !slices.Equal(left, want) {
		t.Errorf("left %v, want %v", left, want)
	}
}

// TestASealWithAnotherKeyIsAMiss: an entry rewritten with a valid digest
// under another key (one an editor of the cache could compute) is not
// trusted, nor is one renamed to another key, nor any without a key.
func TestASealWithAnotherKeyIsAMiss(t *testing.T) {
	dir := t.TempDir()
	if err := Write(dir, "pages", "k", []byte("another key"), []byte("forged")); err != nil {
		t.Fatal(err)
	}
	if _, ok := Read(dir, "pages", "k", seal); ok {
		t.Error("Read trusted a file sealed with another key")
	}
	if err := Write(dir, "pages", "k", seal, []byte("content")); err != nil {
		t.Fatal(err)
	}
	if err := os.Rename(Path(dir, "pages", "k"), Path(dir, "pages", "k2")); err != nil {
		t.Fatal(err)
	}
	if _, ok := Read(dir, "pages", "k2", seal); ok {
		t.Error("Read trusted a file renamed to another key")
	}
	if _, ok := Read(dir, "pages", "k2", nil); ok {
		t.Error("Read trusted a file without a key")
	}
	if err := Write(dir, "pages", "k3", nil, []byte("x")); err == nil {
		t.Error("Write wrote without a key")
	}
}

// TestWriteDigestsIsSortedAndComplete: a key's digests are written in name
// order whatever the map's order, one line each, so that equal inputs give
// equal keys.
func TestWriteDigestsIsSortedAndComplete(t *testing.T) {
	for _, tc := range []struct {
		digests map[string]string
		want    string
	}{
		{nil, ""},
		{map[string]string{"b.md": "2", "a.md": "1", "models.toml": "3"}, "a.md=1\nb.md=2\nmodels.toml=3\n"},
	} {
		for range 5 { // map order varies from run to run
			var b strings.Builder
			WriteDigests(&b, tc.digests)
			if b.String() != tc.want {
				t.Fatalf("WriteDigests(%v) = %q, want %q", tc.digests, b.String(), tc.want)
			}
		}
	}
}

// TestTheSealCoversEveryChunk: the content is sealed a chunk at a time,
// whatever pieces it was written in; a byte changed in any chunk, two
// chunks swapped, a chunk dropped or a byte added is a miss.
func TestTheSealCoversEveryChunk(t *testing.T) {
	dir := t.TempDir()
	content := make([]byte, 2*chunkSize+100)
	for i := range content {
		content[i] = byte(i*7 + i/chunkSize) // the chunks differ, each of its same-length peers
	}
	// Pieces that start a chunk part-way, fill one exactly, and span two.
	cuts := []int{0, 10, chunkSize - 5, chunkSize, 2*chunkSize + 1, len(content)}
	var pieces [][]byte
	for i := 1; i < len(cuts); i++ {
		pieces = append(pieces, content[cuts[i-1]:cuts[i]])
	}
	if err := Write(dir, "pages", "k", seal, pieces...); err != nil {
		t.Fatal(err)
	}
	path := Path(dir, "pages", "k")
	good, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if got, ok := Read(dir, "pages", "k", seal); !ok || !bytes.Equal(got, content) {
		t.Fatalf("Read: ok %v, %d bytes, want %d", ok, len(got), len(content))
	}
	start := len("pages\n") + sealSize
	swapped := slices.Clone(good)
	copy(swapped[start:], good[start+chunkSize:start+2*chunkSize])
	copy(swapped[start+chunkSize:], good[start:start+chunkSize])
	damaged := map[string][]byte{
		"the first chunk changed":  flip(good, start+3),
		"the second chunk changed": flip(good, start+chunkSize+3),
		"the last chunk changed":   flip(good, len(good)-1),
		"two chunks swapped":       swapped,
		"the last chunk dropped":   good[:start+2*chunkSize],
		"a byte added":             append(slices.Clone(good), 0),
		"the salt changed":         flip(good, len("pages\n")),
		"the tag changed":          flip(good, start-1),
	}
	for what, data := range damaged {
		if err := os.WriteFile(path, data, 0o600); err != nil {
			t.Fatal(err)
		}
		if _, ok := Read(dir, "pages", "k", seal); ok {
			t.Errorf("%s: Read trusted it", what)
		}
		if _, release, ok := Map(dir, "pages", "k", seal); ok {
			release()
			t.Errorf("%s: Map trusted it", what)
		}
	}
}

func flip(data []byte, at int) []byte {
	out := slices.Clone(data)
	out[at] ^= 1
	return out
}

// TestEachWriteHasASaltOfItsOwn: the same content written twice is sealed
// under two salts, so two files never share a GMAC key and nonce.
func TestEachWriteHasASaltOfItsOwn(t *testing.T) {
	dir := t.TempDir()
	salts := map[string]bool{}
	for range 3 {
		if err := Write(dir, "pages", "k", seal, []byte("the same content")); err != nil {
			t.Fatal(err)
		}
		data, err := os.ReadFile(Path(dir, "pages", "k"))
		if err != nil {
			t.Fatal(err)
		}
		salts[string(data[len("pages\n"):len("pages\n")+saltSize])] = true
		if got, ok := Read(dir, "pages", "k", seal); !ok || string(got) != "the same content" {
			t.Fatalf("Read: %q %v", got, ok)
		}
	}
	if len(salts) != 3 {
		t.Errorf("%d salts in 3 writes", len(salts))
	}
}

// TestNoTwoChunksShareANonce: GMAC under one key and nonce for two
// messages gives away its hash key, and with it forgeries; two equal
// chunks of one file get two tags.
func TestNoTwoChunksShareANonce(t *testing.T) {
	s := newSealer("pages", "k", seal, newSalt())
	chunk := bytes.Repeat([]byte("x"), chunkSize)
	var tags [][]byte
	for range 3 {
		s.add(chunk)
		tags = append(tags, slices.Clone(s.tag[:tagSize]))
	}
	if bytes.Equal(tags[0], tags[1]) || bytes.Equal(tags[1], tags[2]) || bytes.Equal(tags[0], tags[2]) {
		t.Errorf("equal chunks got equal tags: %x", tags)
	}
}
