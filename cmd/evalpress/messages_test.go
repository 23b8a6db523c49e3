package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The names the message test plants: the demo's writers and family judges
// renamed to real models, and their labs and families as a reader knows
// them. stderr is looked through for each, folded, without the leak scan.
var (
	plantedWriters = [3]string{"Claude Opus 4.1", "GPT-5", "Gemini 2.5 Pro"}
	plantedJudges  = [3]string{"Claude Sonnet 4", "GPT-4.1 mini", "Gemini 2.5 Flash"}
	plantedWords   = []string{"claude", "opus", "sonnet", "anthropic", "gpt", "openai", "gemini", "google", "flash", "haiku", "4o-mini", "o3-judge"}
	// plantedIDs are the judges' and labellers' ids: model names too.
	plantedIDs = map[string]string{"primary": "o3-judge", "family-1": "haiku", "family-2": "flash", "family-3": "4o-mini",
		"author": "claude-team", "second": "gemini-fan"}
)

// plantedDemo is the demo renamed to the planted names and ids.
func plantedDemo(t *testing.T) string {
	t.Helper()
	dir := renameDemo(t, plantedWriters, plantedJudges)
	renameGradersTo(t, dir, plantedIDs)
	return dir
}

// brokenFiles break each private file of the renamed demo in one way an
// author might: each build must fail, or warn, without quoting the file.
var brokenFiles = []struct {
	name, file string
	edit       func(string) string
}{
	{"models.toml without [aliases]", "models.toml", func(s string) string { return strings.Replace(s, "[aliases]\n", "", 1) }},
	{"models.toml alias twice", "models.toml", func(s string) string {
		return strings.Replace(s, "[aliases]\n", "[aliases]\n\"Claude Opus 4.1\" = \"Model 7\"\n", 1)
	}},
	{"models.toml wrong type under a writer", "models.toml", func(s string) string { return s + "[families]\n\"GPT-5\" = 5\n" }},
	{"models.toml a table named after a writer", "models.toml", func(s string) string { return s + "[families.\"GPT-5\"]\nfamily = \"GPT\"\n" }},
	{"models.toml unquoted key", "models.toml", func(s string) string {
		return strings.Replace(s, "[aliases]\n", "[aliases]\nClaude Opus 4.1 = \"Model 7\"\n", 1)
	}},
	{"models.toml alias of no writer", "models.toml", func(s string) string {
		return strings.Replace(s, "[aliases]\n", "[aliases]\n\"Claude Opus 5\" = \"Model 7\"\n", 1)
	}},
	{"judges.toml unquoted model", "judged/judges.toml", func(s string) string {
		return strings.Replace(s, `model = "Claude Sonnet 4"`, `model = Claude Sonnet 4`, 1)
	}},
	{"judges.toml id of capitals", "judged/judges.toml", func(s string) string {
		return strings.Replace(s, `id = "haiku"`, `id = "Claude-Sonnet"`, 1)
	}},
	{"judges.toml id twice", "judged/judges.toml", func(s string) string {
		return strings.Replace(s, `id = "flash"`, `id = "haiku"`, 1)
	}},
	{"judges.toml family_of no writer", "judged/judges.toml", func(s string) string {
		return strings.Replace(s, `family_of = "GPT-5"`, `family_of = "GPT-5 mini"`, 1)
	}},
	{"judges.toml same name twice", "judged/judges.toml", func(s string) string {
		return strings.Replace(s, `role = "family"`, "name = \"Claude judge\"\nrole = \"family\"", 2)
	}},
	{"judges.toml bad tuned_on", "judged/judges.toml", func(s string) string {
		return strings.Replace(s, `tuned_on = "pilot"`, `tuned_on = "Gemini"`, 1)
	}},
	{"judges.toml bad run", "judged/judges.toml", func(s string) string {
		return strings.Replace(s, "run = 2026-07-02T10:00:00Z", `run = "Claude's run"`, 1)
	}},
	{"reply verdict with a name", "judged/o3-judge.md", func(s string) string {
		return strings.Replace(s, "C6_ON_BRIEF:    PASS", `C6_ON_BRIEF: "PASS, says Claude"`, 1)
	}},
	{"reply coverage with a name", "judged/o3-judge.md", func(s string) string {
		return strings.Replace(s, "C1_COVERAGE:", "C1_COVERAGE: Gemini", 1)
	}},
	{"reply ambiguous with a name", "judged/o3-judge.md", func(s string) string {
		return strings.Replace(s, "AMBIGUOUS:      NONE", "AMBIGUOUS: Claude", 1)
	}},
	{"reply script of no writer", "judged/o3-judge.md", func(s string) string {
		return strings.Replace(s, "# GPT-5\n", "# GPT-5 Pro\n", 1)
	}},
	{"reply section twice", "judged/haiku.md", func(s string) string {
		i := strings.Index(s, "\n## ")
		j := strings.Index(s[i+1:], "\n## ")
		return s + s[i:i+1+j]
	}},
	{"reply a section missing", "judged/o3-judge.md", func(s string) string {
		i := strings.Index(s, "\n## ACT 2")
		j := strings.Index(s[i+1:], "\n## ")
		return s[:i] + s[i+1+j:]
	}},
	{"labels bad sample", "judged/labels/claude-team.md", func(s string) string {
		return strings.Replace(s, "SAMPLE: pilot", "SAMPLE: Claude", 1)
	}},
	{"labels bad date", "judged/labels/claude-team.md", func(s string) string {
		return strings.Replace(s, "LABELLED_AT: 2026-06-10T14:00:00Z", "LABELLED_AT: when Gemini ran", 1)
	}},
	{"labellers.toml unknown key", "judged/labellers.toml", func(s string) string {
		return strings.Replace(s, `kind = "human"`, "kind = \"human\"\n\"Claude Opus 4.1\" = 1", 1)
	}},
	{"disagreement of no writer", "judged/disagreements.toml", func(s string) string {
		return strings.Replace(s, `script = "GPT-5"`, `script = "GPT-5 nano"`, 1)
	}},
	{"disagreement bad cause", "judged/disagreements.toml", func(s string) string {
		return strings.Replace(s, `cause = "rubric"`, `cause = "Claude"`, 1)
	}},
	{"sections.md script twice", "sections.md", func(s string) string { return s + "\n# Claude Opus 4.1\n\n## EXTRA\n\nmore words here\n" }},
	{"sections.md section twice", "sections.md", func(s string) string { return s + "\n## ACT 1\n\nmore words here\n" }},
	{"sections.md text before the first heading", "sections.md", func(s string) string { return "Written by Claude.\n" + s }},
	{"sections.md a script without sections", "sections.md", func(s string) string { return s + "\n# GPT-5 nano\n" }},
	{"sections.md an empty section name", "sections.md", func(s string) string { return s + "\n## \ntext\n" }},
	{"redact.txt a term of no letter", "redact.txt", func(s string) string { return s + "---\n" }},
	{"examples.md text before the first section", "examples.md", func(s string) string { return "Gemini wrote this.\n" + s }},
	{"examples.md a script heading", "examples.md", func(s string) string { return s + "\n# Gemini 2.5 Pro\n" }},
	{"sections.md a heading without its space", "sections.md", func(s string) string { return s + "\n##Claude's part\nwords\n" }},
	{"sections.md a script heading without its space", "sections.md", func(s string) string { return s + "\n#GPT-5 nano\n" }},
	{"mandated_phrases.txt a phrase of no letter", "mandated_phrases.txt", func(s string) string { return s + "...\n" }},
	{"redact.txt a term naming a lab", "redact.txt", func(s string) string { return s + "Anthropic\n" }},
	{"a logged call that is no JSON", "judged/calls.jsonl", func(string) string { return `{"judge": "haiku", "script": Claude Opus}` + "\n" }},
	{"a logged call with a key of its own", "judged/calls.jsonl", func(string) string {
		return `{"judge": "haiku", "script": "GPT-5", "section": "ACT 1", "reply": "x", "Gemini": 1}` + "\n"
	}},
	{"a logged call of no judge", "judged/calls.jsonl", func(string) string {
		return `{"judge": "claude-judge", "script": "GPT-5", "section": "ACT 1", "reply": "x"}` + "\n"
	}},
}

// TestMessagesQuoteNoPrivateValue: the demo renamed to real models, with
// each private file broken in one of the ways above, prints on stderr
// neither a planted name nor a lab's or family's word, whatever the build
// says; so does the build that succeeds. Checked as text, folded, apart
// from the leak scan.
func TestMessagesQuoteNoPrivateValue(t *testing.T) {
	t.Parallel()
	// Messages name files, the author's own names for them (a reply file
	// is named after its judge's id, "judged/haiku.md"): those are
	// searched too, all but the test's temporary folder, whose name is
	// the test's.
	check := func(t *testing.T, dir, stderr string) {
		t.Helper()
		folded := strings.ToLower(strings.ReplaceAll(stderr, dir, "DIR"))
		for _, w := range plantedWords {
			if strings.Contains(folded, w) {
				t.Errorf("stderr holds %q:\n%s", w, stderr)
			}
		}
	}
	t.Run("success", func(t *testing.T) {
		t.Parallel()
		dir := plantedDemo(t)
		code, stderr := buildSite(t, dir)
		if code != 0 {
			t.Fatalf("exit %d: %s", code, stderr)
		}
		check(t, dir, stderr)
	})
	for _, tc := range brokenFiles {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			dir := plantedDemo(t)
			path := filepath.Join(dir, "demo", "private", filepath.FromSlash(tc.file))
			before, _ := os.ReadFile(path) // none: the edit makes the file
			after := tc.edit(string(before))
			if after == string(before) {
				t.Fatalf("the edit changes nothing in %s", tc.file)
			}
			if err := os.WriteFile(path, []byte(after), 0o644); err != nil {
				t.Fatal(err)
			}
			_, stderr := buildSite(t, dir)
			if !strings.Contains(stderr, "evalpress: ") {
				t.Errorf("no message:\n%s", stderr)
			}
			check(t, dir, stderr)
		})
	}
}

// TestASectionHeadingNamingAWriterStops: section names are published in
// every table, so a heading holding a writer's word stops the build at its
// line, never shown as "CTA [model]"; an ordinary heading builds.
func TestASectionHeadingNamingAWriterStops(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		heading string
		code    int
	}{
		{"## CTA for gemini fans", 1},
		{"## CTA on the command line", 0},
	} {
		t.Run(tc.heading, func(t *testing.T) {
			t.Parallel()
			dir := plantedDemo(t)
			path := filepath.Join(dir, "demo", "private", "sections.md")
			data, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(path, []byte(strings.Replace(string(data), "## CTA\n", tc.heading+"\n", 1)), 0o644); err != nil {
				t.Fatal(err)
			}
			code, stderr := buildSite(t, dir)
			if code != tc.code {
				t.Fatalf("exit %d, want %d:\n%s", code, tc.code, stderr)
			}
			if tc.code != 0 && (!strings.Contains(stderr, "sections.md:") || !strings.Contains(stderr, "a section heading")) {
				t.Errorf("the error does not name the heading's line:\n%s", stderr)
			}
			if strings.Contains(strings.ToLower(strings.ReplaceAll(stderr, dir, "DIR")), "gemini") {
				t.Errorf("stderr quotes the term:\n%s", stderr)
			}
		})
	}
}
