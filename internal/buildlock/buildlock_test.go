package buildlock

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestSecondAcquireNamesTheHolder(t *testing.T) {
	path := filepath.Join(t.TempDir(), "x.lock")
	first, err := Acquire(context.Background(), path, "public", false, nil)
	if err != nil {
		t.Fatal(err)
	}
	_, err = Acquire(context.Background(), path, "public", false, nil)
	var held *HeldError
	if !errors.As(err, &held) || held.PID != os.Getpid() || !errors.Is(err, ErrHeld) {
		t.Fatalf("second Acquire: %v; want a HeldError naming pid %d", err, os.Getpid())
	}
	if want := "public: in use by evalpress process"; !strings.HasPrefix(err.Error(), want) {
		t.Errorf("message %q does not start with %q", err, want)
	}
	first.Release()
	again, err := Acquire(context.Background(), path, "public", false, nil)
	if err != nil {
		t.Fatalf("after Release: %v", err)
	}
	again.Release()
}

func TestWaitSaysSoAndGetsTheLock(t *testing.T) {
	path := filepath.Join(t.TempDir(), "x.lock")
	first, err := Acquire(context.Background(), path, "public", false, nil)
	if err != nil {
		t.Fatal(err)
	}
	var said bytes.Buffer
	w := &syncWriter{w: &said, wrote: make(chan struct{})}
	got := make(chan error, 1)
	go func() {
		l, err := Acquire(context.Background(), path, "public", true, w)
		if err == nil {
			l.Release()
		}
		got <- err
	}()
	// The waiter says it waits before the lock is free.
	select {
	case <-w.wrote:
	case err := <-got:
		t.Fatalf("the waiter finished while the lock was held: %v", err)
	}
	first.Release()
	if err := <-got; err != nil {
		t.Fatalf("waiting Acquire: %v", err)
	}
	if !strings.Contains(said.String(), "waiting for evalpress process") {
		t.Errorf("waiting message %q", said.String())
	}
}

func TestWaitStopsWhenCancelled(t *testing.T) {
	path := filepath.Join(t.TempDir(), "x.lock")
	first, err := Acquire(context.Background(), path, "public", false, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer first.Release()
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := Acquire(ctx, path, "public", true, nil); !errors.Is(err, context.Canceled) {
		t.Fatalf("got %v, want context.Canceled", err)
	}
}

// TestMkdirAllSaysWhyAFolderCannotBeUsed: a folder whose stat fails
// otherwise than by its absence (here a loop of links; an input/output
// error likewise) is reported by that failure, not by mkdir's "file
// exists"; and a lock file that is not a regular file is refused.
func TestMkdirAllSaysWhyAFolderCannotBeUsed(t *testing.T) {
	dir := t.TempDir()
	loop := filepath.Join(dir, "loop")
	if err := os.Symlink(loop, loop); err != nil {
		t.Fatal(err)
	}
	err := MkdirAll(loop)
	if err == nil || strings.Contains(err.Error(), "file exists") || !strings.Contains(err.Error(), "too many levels of symbolic links") {
		t.Errorf("MkdirAll(loop) = %v", err)
	}
	if _, err := Acquire(context.Background(), filepath.Join(loop, "x.lock"), "site", false, nil); err == nil || strings.Contains(err.Error(), "file exists") {
		t.Errorf("Acquire under a loop: %v", err)
	}
	if _, err := Acquire(context.Background(), loop, "site", false, nil); err == nil || !strings.Contains(err.Error(), "not a regular file") {
		t.Errorf("Acquire of a link: %v", err)
	}
}

// TestALockWithAnotherNameIsRefused: a lock file that is a hard link to
// another file (ln config.toml .public.lock) or a link is refused, and the
// file it shares keeps its bytes.
func TestALockWithAnotherNameIsRefused(t *testing.T) {
	t.Parallel()
	for name, link := range map[string]func(old, new string) error{"hard link": os.Link, "link": os.Symlink} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			dir := t.TempDir()
			config, lock := filepath.Join(dir, "config.toml"), filepath.Join(dir, ".public.lock")
			if err := os.WriteFile(config, []byte("title = \"x\"\n"), 0o644); err != nil {
				t.Fatal(err)
			}
			if err := link(config, lock); err != nil {
				t.Fatal(err)
			}
			l, err := Acquire(context.Background(), lock, "public", false, nil)
			if err == nil {
				l.Release()
			}
			if err == nil || !strings.HasPrefix(err.Error(), "public: ") || strings.Contains(err.Error(), "\n") {
				t.Errorf("Acquire: %v; want one line refusing the lock", err)
			}
			if data, _ := os.ReadFile(config); string(data) != "title = \"x\"\n" {
				t.Errorf("config.toml holds %q", data)
			}
		})
	}
}
