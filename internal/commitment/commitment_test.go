package commitment

import (
	"bytes"
	"os"
	"path/filepath"
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
