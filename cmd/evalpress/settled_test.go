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
