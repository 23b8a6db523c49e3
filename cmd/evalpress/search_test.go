package main

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/net/html"
)

// TestSearchIndexHoldsNoPrivateTerm: a private term (redact.txt's client)
// in a section's name reaches the search index only redacted, like every
// page; and the leak scan reads the index: the term put into it is found.
func TestSearchIndexHoldsNoPrivateTerm(t *testing.T) {
	t.Parallel()
	const term = "Harbourline Holdings"
	dir := newSite(t, nil)
	heading := func(name string) {
		t.Helper()
		for _, file := range []string{"sections.md", "examples.md"} {
			path := filepath.Join(dir, "private", file)
			data, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(path, []byte(strings.ReplaceAll(string(data), "## END", "## "+name)), 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	// A section's name is published (every table, the index): one holding
	// a private term stops the build at its line, never redacted to a
	// placeholder that shows where the term stood.
	heading("END FOR " + strings.ToUpper(term))
	if code, stderr := buildSite(t, dir); code != 1 || !strings.Contains(stderr, "a section heading") {
		t.Fatalf("build with a private term in a section's name: exit %d\n%s", code, stderr)
	}
	dir = newSite(t, nil) // the same site, with an ordinary heading
	heading("END FOR THE HARBOUR")
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
		t.Error("the search index holds the private term")
	}
	if !strings.Contains(string(index), "END FOR THE HARBOUR") {
		t.Error("the search index does not hold the section's name")
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

// TestPagesShipNoHiddenText: no page ships text a reader does not see
// (inside an element marked hidden), such as a search form only the
// script could make work: the script makes the search field, and a page
// read without scripts shows none. Hidden text also makes the leak scan
// read a page's text twice (as written and as shown).
func TestPagesShipNoHiddenText(t *testing.T) {
	t.Parallel()
	dir := newSite(t, nil)
	if code, stderr := buildSite(t, dir); code != 0 {
		t.Fatalf("build: exit %d\n%s", code, stderr)
	}
	out := filepath.Join(dir, "public")
	pages := 0
	err := filepath.WalkDir(out, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".html") {
			return err
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		pages++
		rel, _ := filepath.Rel(out, path)
		if strings.Contains(string(data), `class="search"`) {
			t.Errorf("%s ships the search form; the script makes it", rel)
		}
		var open []string // the hidden elements the tokenizer is inside
		z := html.NewTokenizer(strings.NewReader(string(data)))
		for {
			switch z.Next() {
			case html.ErrorToken:
				return nil
			case html.StartTagToken:
				name, more := z.TagName()
				if len(open) > 0 && string(name) == open[len(open)-1] {
					open = append(open, string(name))
					continue
				}
				for more {
					var key []byte
					key, _, more = z.TagAttr()
					if string(key) == "hidden" {
						open = append(open, string(name))
					}
				}
			case html.EndTagToken:
				if name, _ := z.TagName(); len(open) > 0 && string(name) == open[len(open)-1] {
					open = open[:len(open)-1]
				}
			case html.TextToken:
				if text := strings.TrimSpace(string(z.Text())); len(open) > 0 && text != "" {
					t.Errorf("%s: hidden text %q", rel, text)
				}
			}
		}
	})
	if err != nil {
		t.Fatal(err)
	}
	if pages < 10 {
		t.Fatalf("found %d pages: the test is not reading the site", pages)
	}
	script, err := os.ReadFile(filepath.Join(out, "assets", "site.js"))
	if err != nil || !strings.Contains(string(script), `id="search-input"`) {
		t.Errorf("the site's script does not make the search field: %v", err)
	}
}
