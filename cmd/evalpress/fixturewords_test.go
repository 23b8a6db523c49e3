package main

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestFixtureWordsAreThePublishedText: a fixture holding redact.txt terms
// is published redacted, and its published word count is of that text
// (each placeholder one word), not of the file: "Orla Brennick of
// Northwind Media Group said so." is published as "[redacted] of
// [redacted] said so.", five words, not eight.
func TestFixtureWordsAreThePublishedText(t *testing.T) {
	dir := copyDemo(t)
	path := filepath.Join(dir, "content", "fixtures", "T1.md")
	text := string(mustRead(t, path))
	if err := os.WriteFile(path, []byte(text+"\nOrla Brennick of Northwind Media Group said so.\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	redact := string(mustRead(t, filepath.Join(dir, "demo", "private", "redact.txt")))
	if !strings.Contains(redact, "\nOrla Brennick\n") || !strings.Contains(redact, "\nNorthwind Media Group\n") {
		t.Fatalf("the demo's redact.txt lacks the terms:\n%s", redact)
	}
	if code, stderr := buildSite(t, dir); code != 0 {
		t.Fatalf("build failed (%d): %s", code, stderr)
	}
	// The file's words, headings left out, and the five published.
	words := 5
	for _, line := range strings.Split(text, "\n") {
		if !strings.HasPrefix(strings.TrimSpace(line), "#") {
			words += len(strings.Fields(line))
		}
	}
	page := pageText(t, filepath.Join(dir, "public", "fixtures", "T1.html"))
	if !strings.Contains(page, "[redacted] of [redacted] said so.") {
		t.Fatalf("the fixture's page does not show the redacted sentence")
	}
	if want := "T1 is " + strconv.Itoa(words) + " words long"; !strings.Contains(page, want) {
		t.Errorf("the fixture's page lacks %q", want)
	}
	for _, f := range results(t, filepath.Join(dir, "public"))["fixtures"].(map[string]any)["fixtures"].([]any) {
		if f := f.(map[string]any); f["id"] == "T1" && f["words"] != float64(words) {
			t.Errorf("results.json: T1 has %v words, want %d", f["words"], words)
		}
	}
}
