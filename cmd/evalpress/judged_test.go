package main

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/evalpress/evalpress/internal/testtree"
)

const judgePrompt = "Grade the section; analysis first.\n"

// judgedDigest is judgePrompt's SHA-256.
var judgedDigest = func() string {
	sum := sha256.Sum256([]byte(judgePrompt))
	return hex.EncodeToString(sum[:])
}()

// fixtureReplies are a judge's replies on T1, T2 and T3, each C1 and C2
// count as given (present of 12, undeveloped of 4).
func fixtureReplies(t1, t2, t3 [2]string) string {
	var b strings.Builder
	for i, c := range [][2]string{t1, t2, t3} {
		fmt.Fprintf(&b, "## T%d\n=== ANALYSIS ===\nStep by step.\n=== VERDICTS ===\nC1_COVERAGE: %s of 12\nC2_DEVELOPMENT: %s of 4\n"+
			"C4_ADDITIONS: PASS\nC6_ON_BRIEF: PASS\nAMBIGUOUS: NONE\n", i+1, c[0], c[1])
	}
	return b.String()
}

// goodFixtures are the replies of a judge that returns every fixture's
// expected verdicts (with N = 5).
var goodFixtures = fixtureReplies([2]string{"12", "0"}, [2]string{"3", "1"}, [2]string{"12", "4"})

// judgedTree is the basic artifact with a valid judged tier: a primary
// judge of a family of its own and Beta Scribe's family judge, whose model
// is a private name, both run with the published prompt and catching the
// fixtures, validated blind against the author's labels.
func judgedTree(t *testing.T, extra map[string]string) string {
	reply := func(c1, c2, c4 string) string {
		return "=== ANALYSIS ===\nThe harbour lights passage covers the opening beat.\n=== VERDICTS ===\nC1_COVERAGE: " + c1 +
			"\nC2_DEVELOPMENT: " + c2 + "\nC4_ADDITIONS: " + c4 + "\nC6_ON_BRIEF: PASS\nAMBIGUOUS: NONE\n"
	}
	fixture := func(n string) string {
		return "# " + n + "\n\n" + strings.Repeat("Painted stripes spread from one town to the next. ", 6) + "\n"
	}
	files := map[string]string{
		"private/models.toml": "[aliases]\n\"Beta Scribe\" = \"Model 2\"\n[families]\n\"Alpha Writer 9000\" = \"Alderfam\"\n\"Beta Scribe\" = \"Betafam\"\n",
		"private/judged/judges.toml": `[[judge]]
id = "primary"
role = "primary"
model = "Neutral Grader"
version = "2026-05"
family = "Neutralfam"
run = 2026-07-02T09:00:00Z
prompt_sha256 = "` + judgedDigest + `"
iterations = 0
order = "randomised"
[[judge]]
id = "fam-b"
role = "family"
model = "Seabird Critic"
version = "2026-06"
family_of = "Beta Scribe"
run = 2026-07-02T10:00:00Z
prompt_sha256 = "` + judgedDigest + `"
iterations = 0
order = "randomised"
`,
		"private/judged/primary.md": "# Alpha Writer 9000\n## INTRO\n" + reply("5 of 6", "1 of 4", "PASS") + "## MIDDLE\n" + reply("4 of 6", "2 of 4", "FAIL") +
			"# Beta Scribe\n## INTRO\n" + reply("6 of 6", "0 of 4", "PASS") + "## MIDDLE\n" + reply("5 of 6", "1 of 4", "PASS"),
		// The family judge did not grade Alpha Writer 9000's MIDDLE.
		"private/judged/fam-b.md": "# Alpha Writer 9000\n## INTRO\n" + reply("4 of 6", "2 of 4", "FAIL") +
			"# Beta Scribe\n## INTRO\n" + reply("6 of 6", "0 of 4", "PASS") + "## MIDDLE\n" + reply("6 of 6", "0 of 4", "PASS"),
		"private/judged/fixtures/primary.md": goodFixtures,
		"private/judged/fixtures/fam-b.md":   goodFixtures,
		"private/judged/labellers.toml":      "[[labeller]]\nid = \"author\"\nname = \"Labeller A\"\nrole = \"author\"\nkind = \"human\"\n",
		"private/judged/labels/author.md": "# Beta Scribe\n## INTRO\nSAMPLE: validation\nLABELLED_AT: 2026-06-20T08:00:00Z\n=== VERDICTS ===\n" +
			"C1_COVERAGE: 6 of 6\nC2_DEVELOPMENT: 1 of 4\nC4_ADDITIONS: FAIL\nC6_ON_BRIEF: PASS\nAMBIGUOUS: NONE\n",
		"content/prompts/judge.txt": judgePrompt,
		"content/fixtures/T1.md":    fixture("T1"),
		"content/fixtures/T2.md":    fixture("T2"),
		"content/fixtures/T3.md":    fixture("T3"),
	}
	for k, v := range extra {
		files[k] = v
	}
	var fixtures strings.Builder
	for i, expect := range []string{`{ C1 = "pass", C2 = "pass" }`, `{ C1 = "fail" }`, `{ C1 = "pass", C2 = "fail" }`} {
		fmt.Fprintf(&fixtures, "[[fixture]]\nid = \"T%d\"\ntitle = \"fixture %d\"\nfile = \"fixtures/T%d.md\"\nexpect = %s\n", i+1, i+1, i+1, expect)
	}
	files["config.toml"] = strings.Replace(readArchiveFile(t, "basic.txtar", "config.toml"), "[runs]",
		"[judged]\nsections = [\"INTRO\", \"MIDDLE\"]\nc1_min_present = 5\nprompt = \"prompts/judge.txt\"\n[runs]", 1) + fixtures.String()
	dir := newSite(t, files)
	return dir
}

func TestJudgedTierBuild(t *testing.T) {
	t.Parallel()
	dir := judgedTree(t, nil)
	code, stderr := buildSite(t, dir)
	if code != 0 {
		t.Fatalf("build failed (%d): %s", code, stderr)
	}
	if !strings.Contains(stderr, `warning: this judge did not grade 1 judged section(s): Model 3 / MIDDLE`) {
		t.Errorf("no warning about the section fam-b did not grade:\n%s", stderr)
	}
	files := testtree.Read(t, filepath.Join(dir, "public"))
	page := files["judged.html"]
	for _, want := range []string{"Model 2&#39;s family judge", "Neutral Grader", "FAIL (4 of 6)", "missing", "1 of 2 pass",
		"valid: its verdicts are results", "The primary judge is independent", "Self-preference is not measured for Model 3"} {
		if !strings.Contains(page, want) {
			t.Errorf("judged.html lacks %q", want)
		}
	}
	// No [judged.registered]: nothing claims a registered N.
	if strings.Contains(page, "(registered:") || !strings.Contains(page, "none registered: the thresholds above are the ones applied") {
		t.Errorf("judged.html claims registered thresholds that were never registered")
	}
	for name, text := range files {
		for _, private := range []string{"seabird critic", "the harbour lights passage covers", "alderfam", "betafam"} {
			if strings.Contains(lettersOnly(name+" "+text), lettersOnly(private)) {
				t.Errorf("%s holds %q", name, private)
			}
		}
	}
	r := results(t, filepath.Join(dir, "public"))
	if _, ok := r["judged"].(map[string]any); !ok {
		t.Errorf("results.json has no judged block")
	}
	if !strings.Contains(files["data/judged.csv"], "Model 2,INTRO,labeller-1,labeller,validation,C4,FAIL") {
		t.Errorf("judged.csv:\n%s", files["data/judged.csv"])
	}
	// A threshold change re-judges and shows on the changes page.
	if code, stderr := buildSite(t, dir, "--set", "judged.c1_min_present=6"); code != 0 {
		t.Fatal(stderr)
	}
	changes := testtree.Read(t, filepath.Join(dir, "public"))["changes.html"]
	if !strings.Contains(changes, "C1 by Primary judge") {
		t.Errorf("changes.html does not list the C1 flips")
	}
}

func TestJudgedTierInternalShowsAnalysis(t *testing.T) {
	t.Parallel()
	dir := judgedTree(t, nil)
	if code, stderr := buildSite(t, dir, "--set", "publish.audience=internal", "--out", filepath.Join(dir, "internal")); code != 0 {
		t.Fatal(stderr)
	}
	found := false
	for name, text := range testtree.Read(t, filepath.Join(dir, "internal")) {
		if strings.HasPrefix(name, "cells/") && strings.Contains(text, "The harbour lights passage covers the opening beat.") {
			found = true
		}
	}
	if !found {
		t.Error("no internal cell page shows a judge's analysis")
	}
}

func TestJudgedTierBadInput(t *testing.T) {
	t.Parallel()
	dir := judgedTree(t, map[string]string{"private/judged/other.md": "# Beta Scribe\n## INTRO\nx\n"})
	code, stderr := buildSite(t, dir)
	want := `private/judged/other.md: the judge this file is named after has no [[judge]] entry in judges.toml`
	if code != 1 || !strings.Contains(filepath.ToSlash(stderr), want) {
		t.Fatalf("exit %d, stderr:\n%s\nwant %q", code, stderr, want)
	}
}

// A family judge's model is a private term: a document naming it is
// redacted, and check --leaks finds it in any spelling.
func TestFamilyJudgeModelIsPrivate(t *testing.T) {
	t.Parallel()
	// Named in a document, it stops the build at its place, unquoted.
	dir := judgedTree(t, map[string]string{"content/judges.md": "# Judges\n\nThe bias check used SEABIRD critic.\n"})
	code, stderr := buildSite(t, dir)
	if code != 1 || !strings.Contains(stderr, "judges.md:3:21: 14 characters here are ") || !strings.Contains(stderr, "(a judge's model)") ||
		strings.Contains(lettersOnly(stderr), "seabirdcritic") {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	rewrite(t, dir, "content/judges.md", "SEABIRD critic", "the family judge")
	if code, stderr := buildSite(t, dir); code != 0 {
		t.Fatal(stderr)
	}
	out := filepath.Join(dir, "public")
	if err := os.WriteFile(filepath.Join(out, "notes.html"), []byte("<p>Sea&shy;bird&nbsp;CRITIC</p>"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, stdout, stderr := runCLI(t, "check", "--leaks", out, "--inputs", filepath.Join(dir, "private"))
	if code != 1 || !strings.Contains(stdout, "notes.html:1:") || !strings.Contains(stdout, "judges.toml") {
		t.Errorf("check --leaks: exit %d\n%s\n%s", code, stdout, stderr)
	}
}

// readArchiveFile returns one file of a test archive.
func readArchiveFile(t *testing.T, archive, name string) string {
	t.Helper()
	text, ok := testtree.Parse(readArchive(t, archive))[name]
	if !ok {
		t.Fatalf("%s has no %s", archive, name)
	}
	return text
}
