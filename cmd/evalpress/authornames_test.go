package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestNamesTheAuthorChoseNameNoWriter: a name the author chooses and the
// site publishes as given (a release's name, a content document's file
// name) holding an ordinary word of a writer's identity in lower case
// ("sonnet-eval" beside a Claude writer) stops the build with one line
// that quotes neither the name nor the word (a file's name is shown with
// the word masked), and publishes nothing of it;
// names of no writer's words build. Checked on the output folder and
// stderr as text, apart from the leak scan.
func TestNamesTheAuthorChoseNameNoWriter(t *testing.T) {
	t.Parallel()
	set := realNameSets[0] // Claude Opus 4.1, GPT-5 Thinking, Gemini 2.5 Pro
	for _, tc := range []struct {
		name    string
		release string // --release NAME; "" for none
		doc     string // a content document's file name; "" for none
		want    string // stderr holds it; "" builds
	}{
		{"release of a product word", "sonnet-eval", "", "--release: the name holds a product word"},
		{"release of a family word", "claude_2026", "", "--release: the name holds a family word"},
		{"release of ordinary words", "2026-08-first", "", ""},
		{"document of a product word", "", "05-sonnet-notes.md", "05-[model]-notes.html: file name holds a product word"},
		{"document of ordinary words", "", "05-command-line.md", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			dir := renameDemo(t, set.writers, set.judges)
			var extra []string
			if tc.release != "" {
				extra = append(extra, "--release", tc.release)
			}
			if tc.doc != "" {
				if err := os.WriteFile(filepath.Join(dir, "content", tc.doc), []byte("# Notes\n\nA note.\n"), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			code, stderr := buildSite(t, dir, extra...)
			if tc.want == "" {
				if code != 0 {
					t.Fatalf("exit %d: %s", code, stderr)
				}
				return
			}
			if code != 1 || !strings.Contains(stderr, tc.want) {
				t.Errorf("exit %d, stderr:\n%s\nwant exit 1 and %q", code, stderr, tc.want)
			}
			if _, err := os.Stat(filepath.Join(dir, "public")); !os.IsNotExist(err) {
				t.Errorf("a site was published: %v", err)
			}
			for _, name := range []string{tc.release, tc.doc} {
				if name != "" && strings.Contains(strings.ToLower(stderr), strings.ToLower(strings.TrimSuffix(name, ".md"))) {
					t.Errorf("stderr quotes the name:\n%s", stderr)
				}
			}
		})
	}
}
