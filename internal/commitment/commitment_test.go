package commitment

import (
	"bytes"
	"encoding/hex"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestSumIsHMACSHA256: RFC 4231's second test case, which openssl prints
// for the same key and data.
func TestSumIsHMACSHA256(t *testing.T) {
	const want = "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843"
	if got := Sum([]byte("Jefe"), []byte("what do ya want for nothing?")); got != want {
		t.Errorf("Sum = %s, want %s", got, want)
	}
}

// TestLoadMakesTheKeyOnce: the first Load makes a key, private to its
// owner; the next reads the same key; a damaged key file is an error.
func TestLoadMakesTheKeyOnce(t *testing.T) {
	dir := t.TempDir()
	key, created, err := Load(dir)
	if err != nil || !created || len(key) != keyBytes {
		t.Fatalf("first Load: %x, created %v, %v", key, created, err)
	}
	if info, err := os.Stat(filepath.Join(dir, KeyFile)); err != nil || info.Mode().Perm() != 0o600 {
		t.Errorf("key file: %v, %v", info, err)
	}
	again, created, err := Load(dir)
	if err != nil || created || !bytes.Equal(again, key) {
		t.Errorf("second Load: %x, created %v, %v; want %x", again, created, err, key)
	}
	os.WriteFile(filepath.Join(dir, KeyFile), []byte("not hex\n"), 0o600)
	if _, _, err := Load(dir); err == nil {
		t.Error("a damaged key file was read as a key")
	}
}

// TestLoadRefusesAOncePublicKey: the demo's key, committed with its inputs
// until evalpress made every key at the first build, is refused with one
// line that names the file and says to delete it; deleted, a new key is
// made.
func TestLoadRefusesAOncePublicKey(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, KeyFile)
	const demo = "8c8f20ff011b86fb60222fd26b7e829668cc010b4fa09a1136a9ce3156c367c0\n"
	if err := os.WriteFile(path, []byte(demo), 0o600); err != nil {
		t.Fatal(err)
	}
	_, _, err := Load(dir)
	if err == nil {
		t.Fatal("the demo's public key was read as a key")
	}
	msg := err.Error()
	if !strings.HasPrefix(msg, path+":1: ") || !strings.Contains(msg, "delete") || strings.Contains(msg, "\n") {
		t.Errorf("error %q: want one line naming %s and saying to delete it", msg, path)
	}
	if strings.Contains(msg, strings.TrimSpace(demo)[:8]) {
		t.Errorf("error %q quotes the key", msg)
	}
	os.Remove(path)
	key, created, err := Load(dir)
	if err != nil || !created || WasPublic(key) {
		t.Errorf("after deleting: %x, created %v, %v", key, created, err)
	}
}

// TestAFreshInputsFolderGetsAKey: a folder with inputs and no key (a fresh
// clone) gets a new key, readable back, never a once-public one.
func TestAFreshInputsFolderGetsAKey(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "sections.md"), []byte("# A\n## B\ntext\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	key, created, err := Load(dir)
	if err != nil || !created || len(key) != keyBytes || WasPublic(key) {
		t.Fatalf("Load: %x, created %v, %v", key, created, err)
	}
	data, err := os.ReadFile(filepath.Join(dir, KeyFile))
	if err != nil || strings.TrimSpace(string(data)) != hex.EncodeToString(key) {
		t.Errorf("key file %q, %v; want %x", data, err, key)
	}
}
