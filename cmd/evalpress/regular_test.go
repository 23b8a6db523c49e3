package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/evalpress/evalpress/internal/readfile"
)

// TestOnlyRegularFilesAreRead puts a named pipe, a link to /dev/zero or a
// file over its limit in the place of an input: the command fails with
// exit 1 and one line naming the file, within a second, never a hang.
func TestOnlyRegularFilesAreRead(t *testing.T) {
	t.Parallel()
	fifo := func(p string) error { return syscall.Mkfifo(p, 0o644) }
	zero := func(p string) error { return os.Symlink("/dev/zero", p) }
	huge := func(p string) error { // sparse: no disk is used
		return os.WriteFile(p, nil, 0o644)
	}
	tests := []struct {
		name    string
		demo    bool   // the repository's demo (it has a judged tier), else the basic site
		file    string // relative to the site's folder
		make    func(string) error
		grow    int64 // with huge: the size
		command string
		want    string
	}{
		{"named pipe as sections.md", false, "private/sections.md", fifo, 0, "build", "not a regular file (a named pipe)"},
		{"named pipe as config.toml", false, "config.toml", fifo, 0, "build", "not a regular file (a named pipe)"},
		{"link to /dev/zero as examples.md", false, "private/examples.md", zero, 0, "build", "not a regular file (a link to /dev/zero, a character device)"},
		{"link to /dev/zero as examples.md, measured", false, "private/examples.md", zero, 0, "measure", "not a regular file (a link to /dev/zero, a character device)"},
		{"sections.md over the limit", false, "private/sections.md", huge, int64(readfile.Corpus) + 1<<20, "build", "too large: 257 MiB, and a file of its kind may hold 256 MiB"},
		{"named pipe as a judge's replies", true, "demo/private/judged/primary.md", fifo, 0, "build", "not a regular file (a named pipe)"},
		{"named pipe as a content document", false, "content/index.md", fifo, 0, "build", "not a regular file (a named pipe)"},
		{"link to /dev/zero as a content file", false, "content/figure.png", zero, 0, "build", "not a regular file (a link to /dev/zero, a character device)"},
		{"named pipe as a template", false, "templates/layout.html", fifo, 0, "build", "not a regular file (a named pipe)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := newSite(t, nil)
			if tt.demo {
				dir = copyDemo(t)
			}
			path := filepath.Join(dir, filepath.FromSlash(tt.file))
			// A file the site lacks (a template, a figure) is made new.
			if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.Remove(path); err != nil && !os.IsNotExist(err) {
				t.Fatal(err)
			}
			if err := tt.make(path); err != nil {
				t.Fatal(err)
			}
			if tt.grow > 0 {
				if err := os.Truncate(path, tt.grow); err != nil {
					t.Fatal(err)
				}
			}
			args := []string{"build", "--config", filepath.Join(dir, "config.toml")}
			if tt.command == "measure" {
				args = []string{"measure", "--inputs", filepath.Dir(path)}
			}
			code, stderr := runWithin(t, time.Second, args...)
			if want := "evalpress: " + path + ": " + tt.want + "\n"; code != 1 || stderr != want {
				t.Fatalf("exit %d, stderr\n%s\nwant exit 1 and the one line\n%s", code, stderr, want)
			}
		})
	}
}

// runWithin runs the command line args in this process and fails the test
// if it has not finished within d.
func runWithin(t *testing.T, d time.Duration, args ...string) (int, string) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), d)
	defer cancel()
	type result struct {
		code   int
		stderr string
	}
	done := make(chan result, 1)
	go func() {
		var stdout, stderr bytes.Buffer
		code := run(context.Background(), args, &stdout, &stderr)
		done <- result{code, stderr.String()}
	}()
	select {
	case r := <-done:
		return r.code, r.stderr
	case <-ctx.Done():
		t.Fatalf("%s did not finish within %s", strings.Join(args, " "), d)
		return 0, ""
	}
}
