package readfile

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"testing/fstest"
	"time"
)

// within runs read, failing the test if it has not returned within a
// second: a read that blocks on a named pipe never would.
func within(t *testing.T, read func() ([]byte, error)) ([]byte, error) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), time.Second)
	defer cancel()
	type result struct {
		data []byte
		err  error
	}
	done := make(chan result, 1)
	go func() {
		data, err := read()
		done <- result{data, err}
	}()
	select {
	case r := <-done:
		return r.data, r.err
	case <-ctx.Done():
		t.Fatal("the read did not return within a second")
		return nil, nil
	}
}

// tree makes a folder with a regular file, a named pipe, links to them, to
// /dev/zero and to a folder, and a subfolder.
func tree(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	must := func(err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
	must(os.WriteFile(filepath.Join(dir, "plain.md"), []byte("# A\n"), 0o644))
	must(syscall.Mkfifo(filepath.Join(dir, "pipe.md"), 0o644))
	must(os.Symlink("plain.md", filepath.Join(dir, "to-plain.md")))
	must(os.Symlink("pipe.md", filepath.Join(dir, "to-pipe.md")))
	must(os.Symlink("/dev/zero", filepath.Join(dir, "zero.md")))
	must(os.Mkdir(filepath.Join(dir, "sub"), 0o755))
	must(os.Symlink("sub", filepath.Join(dir, "to-sub")))
	return dir
}

func TestReadFile(t *testing.T) {
	dir := tree(t)
	tests := []struct {
		name, want string // want: the error's text after the path; "" to read "# A\n"
	}{
		{"plain.md", ""},
		{"to-plain.md", ""},
		{"pipe.md", "not a regular file (a named pipe)"},
		{"to-pipe.md", "not a regular file (a link to pipe.md, a named pipe)"},
		{"zero.md", "not a regular file (a link to /dev/zero, a character device)"},
		{"sub", "not a regular file (a folder)"},
		{"to-sub", "not a regular file (a link to sub, a folder)"},
	}
	readers := map[string]func(path string) ([]byte, error){
		"ReadFile":  func(path string) ([]byte, error) { return ReadFile(context.Background(), path, Settings) },
		"ReadSmall": ReadSmall,
	}
	for reader, read := range readers {
		for _, tt := range tests {
			t.Run(reader+"/"+tt.name, func(t *testing.T) {
				path := filepath.Join(dir, tt.name)
				data, err := within(t, func() ([]byte, error) { return read(path) })
				if tt.want == "" {
					if err != nil || string(data) != "# A\n" {
						t.Fatalf("got %q, %v; want the file's bytes", data, err)
					}
					return
				}
				if want := path + ": " + tt.want; err == nil || err.Error() != want {
					t.Fatalf("got %q, %v; want the error %q", data, err, want)
				}
			})
		}
	}
}

// TestReadSmallIsOneChunk: ReadSmall takes no context because what it
// reads is one chunk at most, a read no interrupt would cut shorter.
func TestReadSmallIsOneChunk(t *testing.T) {
	if Settings > chunk {
		t.Fatalf("Settings is %v, more than a chunk (%d bytes): ReadSmall would need a context", Settings, chunk)
	}
	path := filepath.Join(t.TempDir(), "config.toml")
	if err := os.WriteFile(path, bytes.Repeat([]byte("x"), int(Settings)+1), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := ReadSmall(path); err == nil || !strings.Contains(err.Error(), "too large") {
		t.Fatalf("a file past Settings: got %v, want too large", err)
	}
}

func TestReadFileMissing(t *testing.T) {
	_, err := ReadFile(context.Background(), filepath.Join(t.TempDir(), "none"), Settings)
	if !errors.Is(err, fs.ErrNotExist) {
		t.Fatalf("got %v; want an error that is fs.ErrNotExist", err)
	}
}

func TestReadFileOverTheLimit(t *testing.T) {
	path := filepath.Join(t.TempDir(), "big.md")
	if err := os.WriteFile(path, bytes.Repeat([]byte("x"), 3<<10), 0o644); err != nil {
		t.Fatal(err)
	}
	if data, err := ReadFile(context.Background(), path, 3<<10); err != nil || len(data) != 3<<10 {
		t.Fatalf("at the limit: got %d bytes, %v", len(data), err)
	}
	_, err := ReadFile(context.Background(), path, 2<<10)
	if want := path + ": too large: 3 KiB, and a file of its kind may hold 2 KiB"; err == nil || err.Error() != want {
		t.Fatalf("got %v; want %q", err, want)
	}
}

func TestReadFileCancelled(t *testing.T) {
	path := filepath.Join(t.TempDir(), "a.md")
	if err := os.WriteFile(path, []byte("text"), 0o644); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err := ReadFile(ctx, path, Settings)
	if !errors.Is(err, context.Canceled) || !strings.HasPrefix(err.Error(), path+": reading stopped") {
		t.Fatalf("got %v; want a stop naming %s", err, path)
	}
}

// cancelling reads a chunk at a time and cancels its context at the first.
type cancelling struct {
	cancel func()
	reads  int
}

func (c *cancelling) Read(p []byte) (int, error) {
	c.reads++
	c.cancel()
	return len(p), nil
}

func TestReadStopsBetweenChunks(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	r := &cancelling{cancel: cancel}
	info := fileInfo{size: 10 * chunk}
	_, err := readAll(ctx, r, info, "huge.md", Corpus)
	if !errors.Is(err, context.Canceled) || r.reads != 1 {
		t.Fatalf("got %v after %d reads; want a stop after the first chunk", err, r.reads)
	}
}

func TestReadStopsAFileThatGrows(t *testing.T) {
	// The file said it was empty, then gives bytes without end: /proc
	// files and devices tell no size.
	_, err := readAll(context.Background(), endless{}, fileInfo{}, "grows.md", 1<<20)
	if want := "grows.md: too large: more than 1 MiB, and a file of its kind may hold 1 MiB"; err == nil || err.Error() != want {
		t.Fatalf("got %v; want %q", err, want)
	}
}

type endless struct{}

func (endless) Read(p []byte) (int, error) { return len(p), nil }

type fileInfo struct {
	fs.FileInfo
	size int64
}

func (f fileInfo) Size() int64 { return f.size }

func TestDirFS(t *testing.T) {
	dir := tree(t)
	fsys := DirFS(context.Background(), dir, Settings)
	tests := []struct {
		name, want string
	}{
		{"plain.md", ""},
		{"to-plain.md", ""},
		{"pipe.md", "not a regular file (a named pipe)"},
		{"zero.md", "not a regular file (a link to /dev/zero, a character device)"},
		{"sub", "not a regular file (a folder)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			data, err := within(t, func() ([]byte, error) { return fs.ReadFile(fsys, tt.name) })
			if tt.want == "" {
				if err != nil || string(data) != "# A\n" {
					t.Fatalf("got %q, %v; want the file's bytes", data, err)
				}
				return
			}
			if want := filepath.Join(dir, tt.name) + ": " + tt.want; err == nil || err.Error() != want {
				t.Fatalf("got %q, %v; want the error %q", data, err, want)
			}
		})
	}
	// A named pipe is listed and told without being opened.
	if info, err := fs.Stat(fsys, "pipe.md"); err != nil || info.Mode()&fs.ModeNamedPipe == 0 {
		t.Errorf("Stat(pipe.md) = %v, %v", info, err)
	}
	if entries, err := fs.ReadDir(fsys, "."); err != nil || len(entries) != 7 {
		t.Errorf("ReadDir(.) = %d entries, %v; want 7", len(entries), err)
	}
	if _, err := fsys.Open("../plain.md"); !errors.Is(err, fs.ErrInvalid) {
		t.Errorf("Open(../plain.md): %v; want fs.ErrInvalid", err)
	}
}

func TestDirFSLimits(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "a.toml"), bytes.Repeat([]byte("x"), 100), 0o644); err != nil {
		t.Fatal(err)
	}
	// The folder's limit holds for every read, ReadFS's for one.
	if _, err := fs.ReadFile(DirFS(context.Background(), dir, 99), "a.toml"); err == nil || !strings.Contains(err.Error(), "too large: 100 bytes") {
		t.Errorf("over the folder's limit: %v", err)
	}
	if _, err := ReadFS(DirFS(context.Background(), dir, Corpus), "a.toml", 50); err == nil || !strings.Contains(err.Error(), "too large: 100 bytes") {
		t.Errorf("over ReadFS's limit: %v", err)
	}
	// ReadFS bounds a file of any file system.
	mapfs := fstest.MapFS{"a.toml": {Data: make([]byte, 100)}}
	if _, err := ReadFS(mapfs, "a.toml", 50); err == nil || err.Error() != "a.toml: too large: 100 bytes, and a file of its kind may hold 50 bytes" {
		t.Errorf("ReadFS of a MapFS: %v", err)
	}
}

func TestDirFSCancelled(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "a.md"), []byte("text"), 0o644); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	fsys := DirFS(ctx, dir, Settings)
	f, err := fsys.Open("a.md")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	cancel()
	_, err = io.ReadAll(f)
	if !errors.Is(err, context.Canceled) || !strings.HasPrefix(err.Error(), filepath.Join(dir, "a.md")+": reading stopped") {
		t.Fatalf("read after cancel: %v", err)
	}
	if _, err := fs.ReadFile(fsys, "a.md"); !errors.Is(err, context.Canceled) {
		t.Fatalf("ReadFile after cancel: %v", err)
	}
}

// TestWithoutPath strips a path error's operation and path, wrapped or
// not, and leaves any other error as it is.
func TestWithoutPath(t *testing.T) {
	t.Parallel()
	other := errors.New("disk on fire")
	for _, tc := range []struct {
		name string
		err  error
		want error
	}{
		{"path error", &fs.PathError{Op: "open", Path: "/x/y", Err: fs.ErrNotExist}, fs.ErrNotExist},
		{"wrapped", fmt.Errorf("ctx: %w", &fs.PathError{Op: "stat", Path: "/x", Err: fs.ErrPermission}), fs.ErrPermission},
		{"other", other, other},
		{"nil", nil, nil},
	} {
		if got := WithoutPath(tc.err); got != tc.want {
			t.Errorf("%s: WithoutPath(%v) = %v, want %v", tc.name, tc.err, got, tc.want)
		}
	}
}
