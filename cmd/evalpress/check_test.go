package main

import (
	"bufio"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/evalpress/evalpress/internal/buildlock"
	"github.com/evalpress/evalpress/sitewrite"
)

func TestCheckCommand(t *testing.T) {
	t.Parallel()
	dir := newSite(t, nil)
	if code, stderr := buildSite(t, dir); code != 0 {
		t.Fatal(stderr)
	}
	private := filepath.Join(dir, "private")
	out := filepath.Join(dir, "public")

	code, stdout, stderr := runCLI(t, "check", "--leaks", out, "--inputs", private)
	if code != 0 || stdout != "" || !strings.Contains(stderr, "no private term or passage") {
		t.Fatalf("clean site: exit %d, stdout %q, stderr %q", code, stdout, stderr)
	}

	// Plant leaks: a term in an attribute, HTML-escaped; a private passage;
	// a term in a file name.
	os.WriteFile(filepath.Join(out, "extra.html"), []byte(`<img alt="harbourline&#x20;HOLDINGS">`), 0o644)
	os.WriteFile(filepath.Join(out, "notes.txt"), []byte("even the harbour chief had promised a quiet week of sun"), 0o644)
	os.WriteFile(filepath.Join(out, "beta-scribe.css"), []byte("body{}"), 0o644)
	code, stdout, stderr = runCLI(t, "check", "--leaks", out, "--inputs", private)
	if code != 1 {
		t.Fatalf("exit %d, want 1; stderr %q", code, stderr)
	}
	for _, want := range []string{
		"public/[model].css: file name holds a model name from sections.md:",
		"extra.html:1:11: a private term from redact.txt:2",
		"notes.txt:1:1: a passage of 8 or more words of the private texts",
	} {
		if !strings.Contains(stdout, want) {
			t.Errorf("report lacks %q:\n%s", want, stdout)
		}
	}
	if strings.Contains(stdout, "Harbourline") || strings.Contains(stdout, "Ha*") || strings.Contains(stdout, "harbour chief") || strings.Contains(stdout, "beta-scribe") {
		t.Errorf("the report repeats private text:\n%s", stdout)
	}
	if code, _, _ := runCLI(t, "check", "--leaks", out); code != 2 {
		t.Errorf("missing --inputs: exit %d, want 2", code)
	}
}

// TestCheckNeverPassesAFolderItDidNotRead: a linked root is followed; a
// linked folder inside is refused with one line, not reported clean.
func TestCheckNeverPassesAFolderItDidNotRead(t *testing.T) {
	t.Parallel()
	dir := newSite(t, nil)
	if code, stderr := buildSite(t, dir); code != 0 {
		t.Fatal(stderr)
	}
	private := filepath.Join(dir, "private")
	hidden := filepath.Join(t.TempDir(), "hidden")
	os.MkdirAll(hidden, 0o755)
	os.WriteFile(filepath.Join(hidden, "notes.txt"), []byte("by Beta Scribe"), 0o644)

	// A linked root: read through the link, the leak found.
	root := filepath.Join(t.TempDir(), "upload")
	if err := os.Symlink(hidden, root); err != nil {
		t.Fatal(err)
	}
	code, stdout, stderr := runCLI(t, "check", "--leaks", root, "--inputs", private)
	if code != 1 || !strings.Contains(stdout, "notes.txt:1:4: a model name") {
		t.Errorf("linked root: exit %d, stdout %q, stderr %q", code, stdout, stderr)
	}
	// A linked folder inside: refused, in one line.
	out := filepath.Join(dir, "public")
	if err := os.Symlink(hidden, filepath.Join(out, "more")); err != nil {
		t.Fatal(err)
	}
	code, stdout, stderr = runCLI(t, "check", "--leaks", out, "--inputs", private)
	if code != 1 || strings.Contains(stderr, "no private term") || !strings.Contains(stderr, "more: a link to a folder") || strings.Count(strings.TrimSpace(stderr), "\n") > 1 {
		t.Errorf("linked folder: exit %d, stdout %q, stderr %q", code, stdout, stderr)
	}
}

// TestCheckTakesTheFolderLock: a check of a site waits for the build that
// holds the folder's lock, as a build does (it fails naming the holder, or
// with --wait waits), so it never reads a tree a build is swapping; and it
// refuses a folder a stopped build left half swapped, until a build has
// finished or undone the swap.
func TestCheckTakesTheFolderLock(t *testing.T) {
	t.Parallel()
	dir := newSite(t, nil)
	if code, stderr := buildSite(t, dir); code != 0 {
		t.Fatal(stderr)
	}
	out, private := filepath.Join(dir, "public"), filepath.Join(dir, "private")
	held, err := buildlock.Acquire(context.Background(), sitewrite.LockPath(out), "test", false, nil)
	if err != nil {
		t.Fatal(err)
	}
	code, stderr := runChild(t, "", "check", "--leaks", out, "--inputs", private)
	want := fmt.Sprintf("in use by evalpress process %d; wait for it to finish, or pass --wait", pidOfTest())
	if code != 1 || !strings.Contains(stderr, want) || strings.Count(stderr, "\n") != 1 {
		t.Fatalf("exit %d, stderr %q; want one line with %q", code, stderr, want)
	}
	// Through a link to the site, the check takes the site's own lock.
	link := filepath.Join(dir, "site-link")
	if err := os.Symlink(out, link); err != nil {
		t.Fatal(err)
	}
	if code, stderr := runChild(t, "", "check", "--leaks", link, "--inputs", private); code != 1 || !strings.Contains(stderr, want) {
		t.Fatalf("through a link: exit %d, stderr %q; want %q", code, stderr, want)
	}
	cmd := childCommand("", "check", "--wait", "--leaks", out, "--inputs", private)
	errPipe, _ := cmd.StderrPipe()
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	lines := bufio.NewScanner(errPipe)
	if !lines.Scan() || !strings.Contains(lines.Text(), "waiting for evalpress process") {
		t.Fatalf("the waiting check said %q first", lines.Text())
	}
	held.Release()
	var rest []string
	for lines.Scan() {
		rest = append(rest, lines.Text())
	}
	if err := cmd.Wait(); err != nil || len(rest) == 0 || !strings.Contains(rest[len(rest)-1], "no private term or passage") {
		t.Fatalf("the waiting check: %v: %q", err, rest)
	}
	// A build stopped in the middle of its swap, as it carries the
	// user's CNAME into the new site.
	os.WriteFile(filepath.Join(out, "CNAME"), []byte("example.org\n"), 0o644)
	if code, _ := runChild(t, "carry:1", "build", "--config", filepath.Join(dir, "config.toml"), "--set", "c5.max_run=3"); code != -1 {
		t.Fatalf("the build exited %d; it was to be killed", code)
	}
	if code, stderr := runChild(t, "", "check", "--leaks", out, "--inputs", private); code != 1 || !strings.Contains(stderr, "build again") {
		t.Fatalf("half swapped: exit %d, stderr %q", code, stderr)
	}
	if code, stderr := buildSite(t, dir); code != 0 {
		t.Fatal(stderr)
	}
	if code, stderr := runChild(t, "", "check", "--leaks", out, "--inputs", private); code != 0 {
		t.Fatalf("after the build: exit %d, stderr %q", code, stderr)
	}
}
