package cachefile

import (
	"crypto/sha256"
	"debug/elf"
	"encoding/hex"
	"fmt"
	"io"
	"maps"
	"os"
	"slices"
	"sync"
)

// Executable names the running binary's build, for the keys of what it
// caches: a rebuilt evalpress may render or scan differently, and must not
// reuse what an older one made (a leak scan's settled verdicts, a page
// body it certified). It is worked out once, for the binary that runs:
// one installed over it meanwhile does not lend it its name.
func Executable() string {
	executableOnce.Do(func() {
		executable = "unknown"
		if exe, err := os.Executable(); err == nil {
			executable = executableID(exe)
		}
	})
	return executable
}

var (
	executableOnce sync.Once
	executable     string
)

// executableID names the build of the binary at exe by what its content
// is: the Go build ID, which the go command makes from a hash of the
// binary, or where there is none (not ELF, or built with -buildid=) the
// SHA-256 of its bytes. Not by its path, size or time: a small change to
// the code often leaves a Go binary's size as it was (its segments are
// padded to pages), a reproducible build gives every file the same time,
// and `go run` runs the same build from a new path each time, which would
// then never find what it cached.
func executableID(exe string) string {
	if id := goBuildID(exe); id != "" {
		return "go:" + id
	}
	f, err := os.Open(exe)
	if err != nil {
		return "unknown"
	}
	defer f.Close()
	h := sha256.New()
	if _, err := io.Copy(h, f); err != nil {
		return "unknown"
	}
	return "sha256:" + hex.EncodeToString(h.Sum(nil))
}

// goBuildID returns the Go build ID note of the ELF binary at exe, as hex;
// "" when it is not ELF or the note is missing or empty.
func goBuildID(exe string) string {
	f, err := elf.Open(exe)
	if err != nil {
		return ""
	}
	defer f.Close()
	sec := f.Section(".note.go.buildid")
	if sec == nil {
		return ""
	}
	note, err := sec.Data()
	// A note is its name's and description's sizes, its type, the name
	// "Go\x00\x00" (16 bytes so far) and the ID: one with no ID names
	// nothing.
	if err != nil || len(note) <= 16 {
		return ""
	}
	return "go:" + hex.EncodeToString(note)
}

// WriteDigests writes, for a key, every name and digest of digests to w,
// one "name=digest" line each, sorted by name.
func WriteDigests(w io.Writer, digests map[string]string) {
	for _, name := range slices.Sorted(maps.Keys(digests)) {
		fmt.Fprintf(w, "%s=%s\n", name, digests[name])
	}
}
