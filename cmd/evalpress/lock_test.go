package main

import (
	"bufio"
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/evalpress/evalpress/internal/buildlock"
	"github.com/evalpress/evalpress/sitewrite"
)

// TestSecondBuildFailsOrWaits holds the output folder's lock as a build
// in progress would: a build then fails with one line naming the holder's
// process id, or with --wait says it waits and builds once the lock is
// released.
func TestSecondBuildFailsOrWaits(t *testing.T) {
	t.Parallel()
	for _, lockOf := range []string{"output"} {
		t.Run(lockOf, func(t *testing.T) {
			dir := newSite(t, nil)
			path := sitewrite.LockPath(filepath.Join(dir, "public"))
			held, err := buildlock.Acquire(context.Background(), path, "test", false, nil)
			if err != nil {
				t.Fatal(err)
			}
			code, stderr := runChild(t, "", "build", "--config", filepath.Join(dir, "config.toml"))
			want := fmt.Sprintf("in use by evalpress process %d; wait for it to finish, or pass --wait", pidOfTest())
			if code != 1 || !strings.Contains(stderr, want) || strings.Count(stderr, "\n") != 1 {
				t.Fatalf("exit %d, stderr %q; want one line with %q", code, stderr, want)
			}
			cmd := childCommand("", "build", "--wait", "--config", filepath.Join(dir, "config.toml"))
			errPipe, _ := cmd.StderrPipe()
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			lines := bufio.NewScanner(errPipe)
			if !lines.Scan() || !strings.Contains(lines.Text(), "waiting for evalpress process") {
				t.Fatalf("the waiting build said %q first", lines.Text())
			}
			held.Release()
			var rest []string
			for lines.Scan() {
				rest = append(rest, lines.Text())
			}
			if err := cmd.Wait(); err != nil {
				t.Fatalf("the waiting build: %v: %s", err, rest)
			}
			if len(rest) == 0 || !strings.HasPrefix(rest[len(rest)-1], "built ") {
				t.Errorf("the waiting build said %q", rest)
			}
		})
	}
}
