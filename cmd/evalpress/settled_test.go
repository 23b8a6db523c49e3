package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/evalpress/evalpress/pipeline"
)

// TestSettledScanCatchesANewPrivateTerm: a file the previous build's scan
// passed, unchanged, is scanned again once the private inputs change: a
// term added to redact.txt is caught in a file that holds it, though the
// rebuild changes only a threshold besides.
func TestSettledScanCatchesANewPrivateTerm(t *testing.T) {
	dir := newSite(t, nil)
	for _, f := range []string{"notes.txt", "notes.md"} {
		os.WriteFile(filepath.Join(dir, "content", f), []byte("# Notes\n\nThe Pelican Ledger project took the spring.\n"), 0o644)
	}
	if code, stderr := buildSite(t, dir); code != 0 {
		t.Fatal(stderr)
	}
	settled, _ := filepath.Glob(filepath.Join(dir, pipeline.CacheDir, "settled-*.bin"))
	if len(settled) != 1 {
		t.Fatalf("settled verdicts: %v", settled)
	}
	redactFile := filepath.Join(dir, "private", "redact.txt")
	os.WriteFile(redactFile, append(mustRead(t, redactFile), []byte("\nPelican Ledger\n")...), 0o644)
	code, stderr := buildSite(t, dir, "--set", "c5.max_run=5")
	if code != 1 || !strings.Contains(stderr, "leak scan: ") || !strings.Contains(stderr, "notes.txt") || !strings.Contains(stderr, "private term") {
		t.Fatalf("exit %d: %s", code, stderr)
	}
}

// TestFailedBuildKeepsThePublishedBaseline: the results are cached while
// the files are written, so a build that then fails on a leak has cached
// results it never published; the next build still compares with the
// published ones.
func TestFailedBuildKeepsThePublishedBaseline(t *testing.T) {
	dir := newSite(t, nil)
	if code, stderr := buildSite(t, dir, "--set", "c5.max_run=40", "--set", "c5.max_overlap=0.9"); code != 0 {
		t.Fatal(stderr)
	}
	doc := filepath.Join(dir, "content", "leak.md")
	os.WriteFile(doc, []byte("# Notes\n\nthe fishing boats returned with empty nets and tired crews\n"), 0o644)
	if code, stderr := buildSite(t, dir, "--set", "c5.max_run=3"); code != 1 || !strings.Contains(stderr, "leak scan: ") {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	os.Remove(doc)
	code, stderr := buildSite(t, dir, "--set", "c5.max_run=3")
	if code != 0 {
		t.Fatal(stderr)
	}
	changes, _ := results(t, filepath.Join(dir, "public"))["changes"].([]any)
	if len(changes) == 0 {
		t.Fatalf("no change recorded against the published build: %s", stderr)
	}
}
