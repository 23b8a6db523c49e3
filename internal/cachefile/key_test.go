package cachefile

import (
	"bytes"
	"debug/elf"
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"
)

// TestExecutableIDTellsBuildsApart: a binary installed over another at the
// same path, with the same size and modification time (a reproducible
// build's), is another build when its content is another: its Go build ID
// differs, or, without one, its bytes. The same file is the same build.
func TestExecutableIDTellsBuildsApart(t *testing.T) {
	self, binary := testBinary(t)
	for _, tc := range []struct {
		name        string
		first, then []byte
		same        bool
	}{
		{"the same file", []byte("#!/bin/sh\necho one\n"), []byte("#!/bin/sh\necho one\n"), true},
		{"other bytes of the same size", []byte("#!/bin/sh\necho one\n"), []byte("#!/bin/sh\necho two\n"), false},
		{"the same Go binary", binary, binary, true},
		{"another Go build ID", binary, otherBuildID(t, self, binary), false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if len(tc.first) != len(tc.then) {
				t.Fatal("the files must have the same size")
			}
			exe := filepath.Join(t.TempDir(), "evalpress")
			when := time.Unix(1, 0)
			install := func(data []byte) string {
				if err := os.WriteFile(exe, data, 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.Chtimes(exe, when, when); err != nil {
					t.Fatal(err)
				}
				return executableID(exe)
			}
			first := install(tc.first)
			then := install(tc.then)
			if first == "unknown" || (first == then) != tc.same {
				t.Fatalf("%q then %q; want the same: %v", first, then, tc.same)
			}
		})
	}
}

// TestExecutableIDFollowsTheBuild: the same build at another path, with
// another time (as `go run` runs it each time), has the same name, so
// that what it cached is found again.
func TestExecutableIDFollowsTheBuild(t *testing.T) {
	_, binary := testBinary(t)
	var ids []string
	for i, dir := range []string{t.TempDir(), t.TempDir()} {
		exe := filepath.Join(dir, fmt.Sprintf("exe-%d", i))
		if err := os.WriteFile(exe, binary, 0o755); err != nil {
			t.Fatal(err)
		}
		when := time.Unix(int64(1000*(i+1)), 0)
		os.Chtimes(exe, when, when)
		ids = append(ids, executableID(exe))
	}
	if ids[0] == "unknown" || ids[0] != ids[1] {
		t.Fatalf("the same build is %q at one path, %q at another", ids[0], ids[1])
	}
}

// testBinary returns the path and bytes of the running test binary: a Go
// binary with a build ID.
func testBinary(t *testing.T) (string, []byte) {
	t.Helper()
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	binary, err := os.ReadFile(self)
	if err != nil {
		t.Fatal(err)
	}
	return self, binary
}

// otherBuildID returns the binary with one byte of its Go build ID changed,
// or, when it has none, one byte of its end.
func otherBuildID(t *testing.T, self string, binary []byte) []byte {
	out := bytes.Clone(binary)
	at := len(out) - 1
	if f, err := elf.Open(self); err == nil {
		if sec := f.Section(".note.go.buildid"); sec != nil && sec.Size > 16 {
			at = int(sec.Offset) + 16
		}
		f.Close()
	}
	out[at] ^= 1
	return out
}
