package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/evalpress/evalpress/internal/testtree"
)

const protocolDoc = `# Protocol

{{judge prompt}}

Primary blind: {{judge(primary, blind)}}; T2 under fam-b: {{fixture(T2, "family-of-model-2")}}.

{{agreement}}

{{fixtures}}

{{reporting template}}

{{reporting template text}}
`

// validationTree is the judged tree with a protocol page using every block
// of the validation, in which the family judge ran with another prompt and
// misses the repetition-padded fixture, and a validation label was made
// after the primary judge ran: both are diagnostics.
func validationTree(t *testing.T) string {
	dir := judgedTree(t, map[string]string{
		"content/protocol.md":              protocolDoc,
		"private/judged/fixtures/fam-b.md": fixtureReplies([2]string{"12", "0"}, [2]string{"6", "1"}, [2]string{"12", "4"}),
		"private/judged/labels/author.md": "# Beta Scribe\n## INTRO\nSAMPLE: validation\nLABELLED_AT: 2026-06-20T08:00:00Z\n=== VERDICTS ===\n" +
			"C1_COVERAGE: 6 of 6\nC2_DEVELOPMENT: 1 of 4\nC4_ADDITIONS: FAIL\nC6_ON_BRIEF: PASS\nAMBIGUOUS: NONE\n" +
			"## MIDDLE\nSAMPLE: validation\nLABELLED_AT: 2026-07-02T09:30:00Z\n=== VERDICTS ===\n" +
			"C1_COVERAGE: 5 of 6\nC2_DEVELOPMENT: 1 of 4\nC4_ADDITIONS: PASS\nC6_ON_BRIEF: PASS\nAMBIGUOUS: NONE\n",
	})
	judges := filepath.Join(dir, "private", "judged", "judges.toml")
	data, err := os.ReadFile(judges)
	if err != nil {
		t.Fatal(err)
	}
	// Only the primary judge ran with the published prompt.
	i := strings.LastIndex(string(data), judgedDigest)
	text := string(data[:i]) + strings.Repeat("b", 64) + string(data[i+len(judgedDigest):])
	if err := os.WriteFile(judges, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return dir
}

func TestJudgeValidationBuild(t *testing.T) {
	t.Parallel()
	dir := validationTree(t)
	code, stderr := buildSite(t, dir)
	if code != 0 {
		t.Fatalf("build failed (%d): %s", code, stderr)
	}
	for _, want := range []string{
		`judges.toml:1: warning: this judge: 1 validation label(s) were made at or after its first output (labeller-1 (1)), so it is not blindly validated: its verdicts are no result`,
		`judges.toml:11: warning: this judge ran with a prompt whose digest differs from the published prompts/judge.txt: its agreement is withheld and its verdicts are no result`,
		`judges.toml:11: warning: this judge's verdicts are no result (missed T2 (C1 pass, expected FAIL))`,
	} {
		if !strings.Contains(filepath.ToSlash(stderr), want) {
			t.Errorf("stderr lacks %q:\n%s", want, stderr)
		}
	}
	files := testtree.Read(t, filepath.Join(dir, "public"))
	page := files["protocol.html"]
	for _, want := range []string{
		"Grade the section; analysis first.",
		"Primary blind: no; T2 under fam-b: missed.",
		"A single labeller: no agreement between two people was measured",
		"NOT BLIND: 1 validation label(s)",
		"Model 2's family judge: WITHHELD, invalid",
		"Withheld as invalid",
		"Model 2's family judge: unusable (missed T2)",
		"C1 FAIL as expected",
		"[no human ceiling (single labeller)]",
		"the primary judge's verdicts are no result",
	} {
		if !strings.Contains(strings.ReplaceAll(page, "&#39;", "'"), want) {
			t.Errorf("protocol.html lacks %q", want)
		}
	}
	r := results(t, filepath.Join(dir, "public"))
	for _, key := range []string{"agreement", "fixtures", "ranking"} {
		if _, ok := r[key].(map[string]any); !ok {
			t.Errorf("results.json has no %s section", key)
		}
	}
	// A fixture's page exists but stays out of the navigation.
	if _, ok := files["fixtures/T2.html"]; !ok || strings.Contains(files["index.html"], `href="fixtures/T2.html"`) ||
		!strings.Contains(files["index.html"], `href="protocol.html"`) {
		t.Error("fixtures/T2.html is missing or in the navigation, or protocol.html is not in it")
	}
	if files["prompts/judge.txt"] != judgePrompt {
		t.Error("the published prompt is not in the site as written")
	}
}

func TestJudgeValidationWithoutJudgedTier(t *testing.T) {
	t.Parallel()
	doc := strings.Replace(protocolDoc, `{{fixture(T2, "family-of-model-2")}}`, "none", 1)
	dir := newSite(t, map[string]string{"content/protocol.md": doc})
	if code, stderr := buildSite(t, dir); code != 0 {
		t.Fatalf("build failed (%d): %s", code, stderr)
	}
	page := testtree.Read(t, filepath.Join(dir, "public"))["protocol.html"]
	for _, want := range []string{"the judged tier has not been run", "No judge prompt is published", "Primary blind: n/a;",
		"No agreement figures", "RANKING STABILITY"} {
		if !strings.Contains(page, want) {
			t.Errorf("protocol.html without a judged tier lacks %q", want)
		}
	}
}

func TestJudgeValidationMissingFiles(t *testing.T) {
	t.Parallel()
	dir := validationTree(t)
	if err := os.Remove(filepath.Join(dir, "content", "fixtures", "T2.md")); err != nil {
		t.Fatal(err)
	}
	code, stderr := buildSite(t, dir)
	if code != 1 || !strings.Contains(stderr, `fixture "T2": file "fixtures/T2.md" is no file of the content folder`) {
		t.Errorf("exit %d, stderr:\n%s", code, stderr)
	}
	if err := os.Remove(filepath.Join(dir, "content", "prompts", "judge.txt")); err != nil {
		t.Fatal(err)
	}
	code, stderr = buildSite(t, dir)
	if code != 1 || !strings.Contains(stderr, `[judged] prompt "prompts/judge.txt" is no file of the content folder`) {
		t.Errorf("exit %d, stderr:\n%s", code, stderr)
	}
}
