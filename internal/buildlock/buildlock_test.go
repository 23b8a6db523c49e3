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
