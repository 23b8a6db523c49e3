package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// realNameSets are writers (and their family judges' models) as real
// evaluations name them: the demo renamed to each set must build. The
// false alarms of a real evaluation: short names ("o3", "o1") that fold
// into ordinary digits, lab and family words that occur in the vendored
// chart library, the method page's Go source and every page's markup.
var realNameSets = []struct {
	name    string
	writers [3]string // for the demo's three writers, in its order
	judges  [3]string // the family judges' models, one per writer
}{
	{"frontier", [3]string{"Claude Opus 4.1", "GPT-5 Thinking", "Gemini 2.5 Pro"}, [3]string{"Claude Sonnet 4", "GPT-4o", "Gemini 2.5 Flash"}},
	{"short names", [3]string{"o3", "o1", "Phi-4"}, [3]string{"o4-mini", "GPT-4.1", "Phi-3.5"}},
	{"open weights", [3]string{"Command R+", "Llama 3.3 70B", "Qwen3 235B"}, [3]string{"Command A", "Llama 4 Maverick", "QwQ 32B"}},
	{"others", [3]string{"DeepSeek-R1", "Grok 3", "o3"}, [3]string{"DeepSeek-V3", "Grok 4", "o4-mini"}},
	// Names that are ordinary words ("command line", "a nova"), whose
	// labs' people, platforms and names in other scripts the table knows.
	{"ordinary words", [3]string{"Mistral Large", "Command A", "Nova Pro"}, [3]string{"Mistral Small 3", "Command R+", "Nova Lite"}},
}

// demoWriters and demoJudges are the demo's names, replaced by a set's.
var (
	demoWriters = [3]string{"Larkspur-3 Turbo", "Quillion 2.5 Pro", "Mistwood Large 2"}
	demoJudges  = [3]string{"Fernhollow Critic", "Tidewell Reviewer", "Ashgrove Marker"}
)

// labTerms are the lab and family words an author lists in redact.txt to
// close what the identity table might miss.
const labTerms = "Opus\nGPT\nPhi\nxAI\nLlama\nMeta\n"

// renameDemo copies the demo with its writers and family judges renamed
// to writers and judges, every file of the private inputs rewritten, the
// families left to the identity table, and lab terms in redact.txt.
func renameDemo(t *testing.T, writers, judges [3]string) string {
	t.Helper()
	dir := copyDemo(t)
	private := filepath.Join(dir, "demo", "private")
	err := filepath.WalkDir(private, func(path string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		text := string(data)
		for i := range writers {
			text = strings.ReplaceAll(text, demoWriters[i], writers[i])
			text = strings.ReplaceAll(text, demoJudges[i], judges[i])
		}
		if filepath.Base(path) == "models.toml" {
			// The families are the table's: Claude, GPT, Llama ...
			text, _, _ = strings.Cut(text, "[families]")
		}
		if filepath.Base(path) == "redact.txt" {
			text += labTerms
		}
		return os.WriteFile(path, []byte(text), 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
	return dir
}

// TestRealNamesBuild: the demo with its writers renamed to real model
// names, and lab terms in redact.txt, builds, and check --leaks finds
// nothing in the site, against the demo's content, the vendored assets
// and the method page's program source.
func TestRealNamesBuild(t *testing.T) {
	t.Parallel()
	for _, set := range realNameSets {
		t.Run(set.name, func(t *testing.T) {
			dir := renameDemo(t, set.writers, set.judges)
			if code, stderr := buildSite(t, dir); code != 0 {
				t.Fatalf("exit %d: %s", code, stderr)
			}
			out := filepath.Join(dir, "public")
			code, stdout, stderr := runCLI(t, "check", "--leaks", out, "--inputs", filepath.Join(dir, "demo", "private"))
			if code != 0 {
				t.Errorf("check: exit %d: %s%s", code, stdout, stderr)
			}
			// Nothing of the names is published.
			site := readTree(t, out)
			for _, name := range append(set.writers[:], set.judges[:]...) {
				if len(name) > 3 && strings.Contains(site, name) {
					t.Errorf("%q is in the site", name)
				}
			}
		})
	}
}

// TestCheckIdentitiesShowsTheDerivedSet: check --identities prints, per
// writer alias and per family judge's model, every term derived for it
// and where it comes from.
func TestCheckIdentitiesShowsTheDerivedSet(t *testing.T) {
	t.Parallel()
	set := realNameSets[0]
	dir := renameDemo(t, set.writers, set.judges)
	private := filepath.Join(dir, "demo", "private")
	code, stdout, stderr := runCLI(t, "check", "--identities", "--inputs", private)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if !strings.Contains(stderr, "private data") {
		t.Errorf("stderr does not say the output is private: %q", stderr)
	}
	lines := strings.Split(stdout, "\n")
	var who []string
	for _, l := range lines {
		if l != "" && !strings.HasPrefix(l, " ") {
			who = append(who, l)
		}
	}
	if len(who) != 6 || who[0] != "Model 1" || who[1] != "Model 2" || who[2] != "Model 3" || !strings.HasPrefix(who[3], "a judge's model from ") {
		t.Errorf("identities %q: want the three writers by alias, then the three family judges", who)
	}
	fields := func(l string) string { return strings.Join(strings.Fields(l), " ") }
	var got []string
	for _, l := range lines {
		got = append(got, fields(l))
	}
	all := strings.Join(got, "\n")
	for _, want := range []string{
		"its name Claude Opus 4.1 sections.md:1",
		"a lab name Anthropic sections.md:1 (identity table)",
		"a family word Claude sections.md:1 (identity table)",
		"a product word Sonnet sections.md:1 (identity table)",
		"an API id form claude-opus-4-1 sections.md:1 (identity table)",
		"a lab name OpenAI",
		"a family word Gemini",
		"its name Claude Sonnet 4 ",
	} {
		if !strings.Contains(all, want) {
			t.Errorf("no line %q in\n%s", want, all)
		}
	}
	if code, _, _ := runCLI(t, "check", "--identities", "--leaks", dir, "--inputs", private); code != 2 {
		t.Errorf("--identities with --leaks: exit %d, want 2", code)
	}
}
