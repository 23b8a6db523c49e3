package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestExcerptsAreRedactedAsWritten: a redact.txt term with a letter
// outside ASCII, inside a run the section shares with its example (across
// a line break in the section), is redacted in the excerpt on the text as
// written, before C5's normalising would fold it to "zo whitfield": the
// cell page and results.json show "[redacted]", and `check --leaks`
// permits the excerpt the build showed.
func TestExcerptsAreRedactedAsWritten(t *testing.T) {
	t.Parallel()
	shared := "The harbour lights came on one by one while the fishing boats returned with empty nets and tired crews"
	dir := newSite(t, map[string]string{
		"private/redact.txt": "# the client\nHarbourline Holdings\nZoë Whitfield\n",
	})
	for _, f := range []struct{ name, with string }{
		{"private/sections.md", "# Beta Scribe\n## INTRO\nAs Zoë\nWhitfield said: " + shared},
		{"private/examples.md", "## INTRO\nAs Zoë Whitfield said: " + shared},
	} {
		path := filepath.Join(dir, f.name)
		data := string(mustRead(t, path))
		head := f.with[:strings.Index(f.with, "As ")]
		if !strings.Contains(data, head+shared) {
			t.Fatalf("%s does not hold the shared run", f.name)
		}
		if err := os.WriteFile(path, []byte(strings.Replace(data, head+shared, f.with, 1)), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if code, stderr := buildSite(t, dir); code != 0 {
		t.Fatalf("build failed (%d): %s", code, stderr)
	}
	out := filepath.Join(dir, "public")
	page := string(mustRead(t, filepath.Join(out, "cells", "model-2--intro.html")))
	json := string(mustRead(t, filepath.Join(out, "data", "results.json")))
	for name, text := range map[string]string{"the cell page": page, "results.json": json} {
		if l := strings.ToLower(text); strings.Contains(l, "whitfield") || strings.Contains(l, " zo ") {
			t.Errorf("%s holds the term's letters", name)
		}
		if !strings.Contains(text, "as [redacted] said the harbour lights") {
			t.Errorf("%s lacks the redacted excerpt", name)
		}
	}
	if code, stdout, stderr := runCLI(t, "check", "--leaks", out, "--inputs", filepath.Join(dir, "private")); code != 0 {
		t.Errorf("check --leaks: exit %d: %s%s", code, stdout, stderr)
	}
}
