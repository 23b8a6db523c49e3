package commitment

import (
	"bytes"
	"encoding/hex"
	"testing"
)

// TestNoCommitmentIsADerivedKey: a private input's keyed digest is
// published, and its author chooses what the file holds; no file, whatever
// it holds, may publish a key Derive makes, as one holding the words
// "evalpress cache" once published the cache's seal.
func TestNoCommitmentIsADerivedKey(t *testing.T) {
	key := bytes.Repeat([]byte{7}, 32)
	for _, purpose := range []string{"cache", "other"} {
		derived := Derive(key, purpose)
		if len(derived) != 32 {
			t.Fatalf("%s: a %d-byte key", purpose, len(derived))
		}
		for _, content := range []string{purpose, "evalpress " + purpose, "evalpress " + purpose + "\n", purpose + "\x00"} {
			if Sum(key, []byte(content)) == hex.EncodeToString(derived) {
				t.Errorf("%s: a file holding %q commits to the derived key", purpose, content)
			}
		}
	}
	if bytes.Equal(Derive(key, "cache"), Derive(key, "other")) {
		t.Error("two purposes, one key")
	}
	if bytes.Equal(Derive(key, "cache"), Derive(bytes.Repeat([]byte{8}, 32), "cache")) {
		t.Error("two keys, one derived key")
	}
	if !bytes.Equal(Derive(key, "cache"), Derive(key, "cache")) {
		t.Error("Derive is not a function of its arguments")
	}
}
