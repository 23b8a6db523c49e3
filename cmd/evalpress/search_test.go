package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestSearchIndexHoldsNoPrivateTerm: a private term (redact.txt's client)
// in a section's name reaches the search index only redacted, like every
// page; and the leak scan reads the index: the term put into it is found.
func TestSearchIndexHoldsNoPrivateTerm(t *testing.T) {
	const term = "Harbourline Holdings"
	dir := newSite(t, nil)
	for _, name := range []string{"sections.md", "examples.md"} {
		path := filepath.Join(dir, "private", name)
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		os.WriteFile(path, []byte(strings.ReplaceAll(string(data), "## END", "## END FOR "+strings.ToUpper(term))), 0o644)
	}
	// A section's name is public but for its private terms: the build
	// redacts them, in the index as on every page.
	if code, stderr := buildSite(t, dir); code != 0 {
		t.Fatalf("build: exit %d\n%s", code, stderr)
	}
	out := filepath.Join(dir, "public")
	index, err := os.ReadFile(filepath.Join(out, "data", "search.js"))
	if err != nil {
		t.Fatalf("the site has no search index: %v", err)
	}
	lower := strings.ToLower(string(index))
	if strings.Contains(lower, "harbourline") || strings.Contains(lower, "holdings") {
		t.Error("the search index holds the private term of a section's name")
	}
	if !strings.Contains(string(index), "END FOR") {
		t.Error("the search index does not hold the section, redacted")
	}

	// The scan reads the index as it reads every file.
	planted := append(index, []byte("\n// "+term+"\n")...)
	if err := os.WriteFile(filepath.Join(out, "data", "search.js"), planted, 0o644); err != nil {
		t.Fatal(err)
	}
	code, stdout, stderr := runCLI(t, "check", "--leaks", out, "--inputs", filepath.Join(dir, "private"))
	if code != 1 || !strings.Contains(stdout+stderr, "data/search.js") {
		t.Errorf("check --leaks on a search index holding a private term: exit %d\n%s%s", code, stdout, stderr)
	}
}
