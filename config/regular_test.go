package config

import (
	"context"
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"
)

// TestLoadOnlyARegularFile: a named pipe, a link to /dev/zero or a file
// over the limit as config.toml is one line naming it, at once, never a
// hang.
func TestLoadOnlyARegularFile(t *testing.T) {
	tests := []struct {
		name string
		make func(string) error
		want string
	}{
		{"named pipe", func(p string) error { return syscall.Mkfifo(p, 0o644) }, "not a regular file (a named pipe)"},
		{"link to /dev/zero", func(p string) error { return os.Symlink("/dev/zero", p) }, "not a regular file (a link to /dev/zero, a character device)"},
		{"over the limit", func(p string) error { return os.WriteFile(p, make([]byte, 5<<20), 0o644) }, "too large: 5 MiB, and a file of its kind may hold 4 MiB"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "config.toml")
			if err := tt.make(path); err != nil {
				t.Fatal(err)
			}
			ctx, cancel := context.WithTimeout(context.Background(), time.Second)
			defer cancel()
			done := make(chan error, 1)
			go func() {
				_, err := load(path, nil)
				done <- err
			}()
			select {
			case err := <-done:
				if want := path + ": " + tt.want; err == nil || err.Error() != want {
					t.Fatalf("got %v; want the one line %q", err, want)
				}
			case <-ctx.Done():
				t.Fatal("Load did not return within a second")
			}
		})
	}
}
