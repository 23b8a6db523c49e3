package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestConfigMessagesQuoteNoWriter: a value of config.toml that names a
// writer where an alias or a section belongs (a G1 target, a judged
// section, a section's type, a hypothesis's writer) is reported at its
// line without being quoted: stderr ends up in public CI logs, whether
// the build succeeds or fails. Checked on stderr as text, folded.
func TestConfigMessagesQuoteNoWriter(t *testing.T) {
	t.Parallel()
	set := realNameSets[0] // Claude Opus 4.1, GPT-5 Thinking, Gemini 2.5 Pro
	for _, tc := range []struct {
		name     string
		old, new string // config.toml's text replaced
		want     string // stderr holds it
	}{
		{"a G1 target", "[g1.targets]", "[g1.targets]\n\"Claude Opus 4.1\" = 300", "config.toml:36: warning: [g1.targets]"},
		{"a judged section", `sections = ["ACT 1"`, `sections = ["Gemini 2.5 Pro", "ACT 1"`, "config.toml:23: warning: [judged] sections: name 1 of 6"},
		{"a hypothesis's writer", `model = "Model 2"`, `model = "Claude Opus 4.1"`, "config.toml:54: hypothesis"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			dir := renameDemo(t, set.writers, set.judges)
			editConfig(t, dir, tc.old, tc.new)
			_, stderr := buildSite(t, dir)
			if !strings.Contains(stderr, tc.want) {
				t.Errorf("stderr:\n%s\nwant %q", stderr, tc.want)
			}
			for _, w := range []string{"claude", "gemini", "opus", "2.5 pro"} {
				if strings.Contains(strings.ToLower(stderr), w) {
					t.Errorf("stderr quotes %q:\n%s", w, stderr)
				}
			}
		})
	}
}

// TestConfigTextsNameNoWriter: the texts the author writes in config.toml
// and the site shows (the title, a fixture's title and id, a hypothesis's
// id, where an ordinary word of an identity counts in any case) are the
// author's prose: a private term there stops the build with one line at
// its line, as in a document, never a silent "[model]" that shows where a
// lab's word stood. An ordinary title builds and is published as written.
// Checked on the output folder and stderr as text.
func TestConfigTextsNameNoWriter(t *testing.T) {
	t.Parallel()
	set := realNameSets[0] // Claude Opus 4.1, GPT-5 Thinking, Gemini 2.5 Pro
	for _, tc := range []struct {
		name     string
		old, new string // config.toml's text replaced
		want     string // stderr holds it; "" builds
	}{
		{"title", `title = "Rendering an outline: a three-writer evaluation"`, `title = "Claude against the field"`,
			`config.toml:3: the title: 6 characters here are a family word of the writer Model 1; write the alias "Model 1"`},
		{"fixture title", `title = "dense"`, `title = "dense, as Gemini writes"`, "config.toml:90: fixture T1's title: 6 characters here are a family word of the writer Model 3"},
		{"hypothesis id", `id = "H1"`, `id = "sonnet_first"`, "config.toml:54: a hypothesis's id: 6 characters here are a product word"},
		{"ordinary title", `title = "Rendering an outline: a three-writer evaluation"`, `title = "A cow grazed on the command line in O(1)"`, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			dir := renameDemo(t, set.writers, set.judges)
			editConfig(t, dir, tc.old, tc.new)
			code, stderr := buildSite(t, dir)
			if tc.want == "" {
				if code != 0 {
					t.Fatalf("exit %d: %s", code, stderr)
				}
				if !strings.Contains(readTree(t, filepath.Join(dir, "public")), "A cow grazed on the command line in O(1)") {
					t.Error("the title is not published as written")
				}
				return
			}
			if code != 1 || !strings.Contains(stderr, tc.want) {
				t.Errorf("exit %d, stderr:\n%s\nwant %q", code, stderr, tc.want)
			}
			if _, err := os.Stat(filepath.Join(dir, "public")); !os.IsNotExist(err) {
				t.Errorf("a site was published: %v", err)
			}
		})
	}
}

// editConfig replaces the first old of dir's config.toml by new.
func editConfig(t *testing.T, dir, old, new string) {
	t.Helper()
	config := filepath.Join(dir, "config.toml")
	data, err := os.ReadFile(config)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(data), old) {
		t.Fatalf("config.toml holds no %q", old)
	}
	if err := os.WriteFile(config, []byte(strings.Replace(string(data), old, new, 1)), 0o644); err != nil {
		t.Fatal(err)
	}
}
