package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestAuthorsDocumentsNameNoPrivateTerm: in a real-name evaluation, a
// private term in a content document stops the build with one line at its
// file, line and column, which names the alias to write and quotes no
// private value (stderr is a public CI log). A phrase the author confirmed
// in confirmed.txt builds and is published as written, and check
// --identities lists it; ordinary words build.
func TestAuthorsDocumentsNameNoPrivateTerm(t *testing.T) {
	t.Parallel()
	set := realNameSets[0] // Claude Opus 4.1, GPT-5 Thinking, Gemini 2.5 Pro
	private := []string{"Claude", "Gemini", "GPT", "Anthropic", "Google", "OpenAI", "2.5", "4.1", "Monet", "Hassabis", "克劳德"}
	for _, tc := range []struct {
		name, line, confirmed string
		want                  string // the error's start after the document's path; "" builds
	}{
		{"family", "Model 1 (Claude 4.1) led.", "", `findings.md:3:10: 10 characters here are a family word of the writer Model 1; write the alias "Model 1"`},
		{"person", "As Demis Hassabis said.", "", `findings.md:3:4: 14 characters here are a person of its lab (the writer Model 3); write the alias "Model 3"`},
		{"other script", "我用克劳德写了。", "", `findings.md:3:3: 3 characters here are its lab's or family's name in another script (the writer Model 1)`},
		{"painter, unconfirmed", "A painting by Claude Monet.", "", `findings.md:3:15: 6 characters here are a family word of the writer Model 1`},
		{"painter, confirmed", "A painting by Claude Monet.", "Claude Monet\n", ""},
		// A phrase that names a writer confirms nothing: published as
		// written, it would say who wrote what.
		{"a writer's name, confirmed", "We thank Claude Opus 4.1 for its work.", "We thank Claude Opus 4.1 for its work\n", `findings.md:3:10: 15 characters here are`},
		{"two words, confirmed", "Claude and Anthropic, painters.", "Claude and Anthropic\n", `findings.md:3:1: 6 characters here are`},
		{"ordinary words", "A llama grazed; the command line; metadata; O(1).", "", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			dir := renameDemo(t, set.writers, set.judges)
			// The identity table alone: redact.txt as the demo has it.
			redact := filepath.Join(dir, "demo", "private", "redact.txt")
			data, err := os.ReadFile(redact)
			if err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(redact, []byte(strings.TrimSuffix(string(data), labTerms)), 0o644); err != nil {
				t.Fatal(err)
			}
			doc := filepath.Join(dir, "content", "findings.md")
			if err := os.WriteFile(doc, []byte("# Findings\n\n"+tc.line+"\n"), 0o644); err != nil {
				t.Fatal(err)
			}
			if tc.confirmed != "" {
				if err := os.WriteFile(filepath.Join(dir, "demo", "private", "confirmed.txt"), []byte(tc.confirmed), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			code, stderr := buildSite(t, dir)
			if tc.want == "" {
				if code != 0 {
					t.Fatalf("exit %d: %s", code, stderr)
				}
				if tc.confirmed != "" && !strings.Contains(readTree(t, filepath.Join(dir, "public")), "Claude Monet") {
					t.Error("the confirmed phrase is not published as written")
				}
			} else {
				if code != 1 || !strings.Contains(stderr, string(filepath.Separator)+"content"+string(filepath.Separator)+tc.want) {
					t.Errorf("exit %d, stderr:\n%s\nwant an error at content/%s", code, stderr, tc.want)
				}
			}
			for _, p := range private {
				for _, l := range strings.Split(stderr, "\n") {
					if strings.Contains(l, p) && !strings.Contains(l, "confirmed.txt in the inputs folder") {
						t.Errorf("stderr quotes %q: %s", p, l)
					}
				}
			}
		})
	}
}

// TestCheckIdentitiesListsConfirmedPhrases: check --identities shows the
// phrases of confirmed.txt, and says which confirms nothing because it
// names a writer (a private term through and through, or a whole name).
func TestCheckIdentitiesListsConfirmedPhrases(t *testing.T) {
	t.Parallel()
	set := realNameSets[0]
	dir := renameDemo(t, set.writers, set.judges)
	private := filepath.Join(dir, "demo", "private")
	if err := os.WriteFile(filepath.Join(private, "confirmed.txt"), []byte("# painters\nClaude Monet\nClaude 4.1\nWe thank Claude Opus 4.1\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, stdout, stderr := runCLI(t, "check", "--identities", "--inputs", private)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var got []string
	for _, l := range strings.Split(stdout, "\n") {
		got = append(got, strings.Join(strings.Fields(l), " "))
	}
	all := strings.Join(got, "\n")
	for _, want := range []string{
		"ordinary phrases the author confirmed (confirmed.txt)",
		"confirmed: no writer Claude Monet confirmed.txt:2",
		"ignored: it names a writer Claude 4.1 confirmed.txt:3",
		"ignored: it names a writer We thank Claude Opus 4.1 confirmed.txt:4",
	} {
		if !strings.Contains(all, want) {
			t.Errorf("no line %q in\n%s", want, all)
		}
	}
}
