package main

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestFixtureWithAPrivateTermStopsTheBuild: a fixture is the author's
// document: one holding redact.txt terms ("Orla Brennick of Northwind
// Media Group said so.") stops the build at its line, naming the line of
// redact.txt, never the term, rather than being published redacted.
func TestFixtureWithAPrivateTermStopsTheBuild(t *testing.T) {
	t.Parallel()
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
	line := strings.Count(text, "\n") + 2
	want := filepath.Join("content", "fixtures", "T1.md") + ":" + strconv.Itoa(line) + ":1: 13 characters here are a private term from redact.txt:"
	code, stderr := buildSite(t, dir)
	if code != 1 || !strings.Contains(stderr, want) || !strings.Contains(stderr, "; 1 more in this document") {
		t.Errorf("exit %d, stderr:\n%s\nwant %s", code, stderr, want)
	}
	for _, term := range []string{"Orla", "Brennick", "Northwind"} {
		if strings.Contains(stderr, term) {
			t.Errorf("stderr quotes %q", term)
		}
	}
}
