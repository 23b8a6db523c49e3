package cachefile

import (
	"crypto/aes"
	"crypto/cipher"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/binary"
	"hash"
)

// A cache file's seal is a GMAC (AES-256-GCM authenticating, encrypting
// nothing), not an HMAC-SHA-256 of its content: the page cache is 52 MB on
// the bench, and a threshold-only rebuild checks it, a cold build writes it,
// while the rest of the build waits. GMAC runs at several times SHA-256's
// speed where the processor has AES and carry-less multiplication (8.2
// against 1.7 GB/s on the bench machine).
//
// GMAC may never see two messages under one key and nonce. Each file is
// therefore sealed with a key of its own: an HMAC-SHA-256, under the seal,
// of the file's kind and key and a random salt that the file holds in the
// clear. The content is authenticated a chunk at a time, chunk i with nonce
// i, so that the writer streams it, and the file's tag is an HMAC, under a
// second key of the file's, of the content's length and the chunks' tags:
// a chunk changed, moved, added or dropped changes it. Without the seal, a
// tag for other content is a GMAC forgery (a chance of about the chunk's
// blocks in 2^128 for each try).

const (
	saltSize = 16
	tagSize  = 16
	// sealSize is what a file holds of its seal after its kind line: the
	// salt, then the tag.
	sealSize = saltSize + tagSize
	// chunkSize is the length of the content's chunks, each authenticated
	// with a nonce of its own; the last may be shorter.
	chunkSize = 1 << 20
)

// sealer computes a file's tag a chunk at a time.
type sealer struct {
	gmac  cipher.AEAD
	tags  hash.Hash // HMAC of the length and the chunks' tags
	nonce [12]byte
	n     uint64 // chunks sealed
	tag   []byte // reused by each chunk's Seal
}

// newSealer returns the sealer of a file of kind and key with salt.
func newSealer(kind, key string, seal, salt []byte) *sealer {
	derive := func(use string) []byte {
		m := hmac.New(sha256.New, seal)
		m.Write([]byte("evalpress cache seal\x00" + use + "\x00" + kind + "\x00" + key + "\x00"))
		m.Write(salt)
		return m.Sum(nil)
	}
	block, err := aes.NewCipher(derive("gmac"))
	if err != nil {
		panic(err) // a 32-byte key is always an AES-256 key
	}
	gmac, err := cipher.NewGCM(block)
	if err != nil {
		panic(err) // the standard nonce and tag sizes are always valid
	}
	return &sealer{gmac: gmac, tags: hmac.New(sha256.New, derive("tags")), tag: make([]byte, 0, tagSize)}
}

// add authenticates the next chunk: chunkSize bytes, but the last.
func (s *sealer) add(chunk []byte) {
	binary.BigEndian.PutUint64(s.nonce[4:], s.n)
	s.n++
	s.tags.Write(s.gmac.Seal(s.tag[:0], s.nonce[:], nil, chunk))
}

// sum returns the file's tag, of content of length size.
func (s *sealer) sum(size int) []byte {
	s.tags.Write(binary.BigEndian.AppendUint64(nil, uint64(size)))
	return s.tags.Sum(nil)[:tagSize]
}

// tagOf returns the tag of content in a file of kind and key with salt.
func tagOf(kind, key string, seal, salt, content []byte) []byte {
	s := newSealer(kind, key, seal, salt)
	for rest := content; len(rest) > 0; {
		n := min(len(rest), chunkSize)
		s.add(rest[:n])
		rest = rest[n:]
	}
	return s.sum(len(content))
}

// newSalt returns a random salt, so that no two files are sealed with one
// GMAC key.
func newSalt() []byte {
	salt := make([]byte, saltSize)
	rand.Read(salt) // never fails (crypto/rand)
	return salt
}

// chunkWriter writes content to w a chunk at a time, each authenticated by
// s before it is written.
type chunkWriter struct {
	w    interface{ Write([]byte) (int, error) }
	s    *sealer
	buf  []byte
	size int // bytes written to it
	err  error
}

// Write adds p to the content.
func (c *chunkWriter) Write(p []byte) {
	c.size += len(p)
	for len(p) > 0 && c.err == nil {
		if len(c.buf) == 0 && len(p) >= chunkSize {
			// A whole chunk of p, sealed and written where it is.
			c.emit(p[:chunkSize])
			p = p[chunkSize:]
			continue
		}
		n := min(len(p), chunkSize-len(c.buf))
		c.buf = append(c.buf, p[:n]...)
		p = p[n:]
		if len(c.buf) == chunkSize {
			c.emit(c.buf)
			c.buf = c.buf[:0]
		}
	}
}

func (c *chunkWriter) emit(chunk []byte) {
	c.s.add(chunk)
	_, c.err = c.w.Write(chunk)
}

// close writes what is left of the content and returns its tag.
func (c *chunkWriter) close() ([]byte, error) {
	if len(c.buf) > 0 && c.err == nil {
		c.emit(c.buf)
	}
	return c.s.sum(c.size), c.err
}
