package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/evalpress/evalpress/internal/testtree"
)

// pilotLabels are the author's pilot labels of the judged tree: Alpha's END
// judged adequate and Beta's END thin, with the C1 counts given.
func pilotLabels(adequate, thin string) string {
	label := func(script, adequacy, c1, extra string) string {
		return "# " + script + "\n## END\nSAMPLE: pilot\nADEQUACY: " + adequacy + "\n" + extra + "LABELLED_AT: 2026-06-10T08:00:00Z\n=== VERDICTS ===\n" +
			"C1_COVERAGE: " + c1 + "\nC2_DEVELOPMENT: 1 of 4\nC4_ADDITIONS: PASS\nC6_ON_BRIEF: PASS\nAMBIGUOUS: C2\n"
	}
	return label("Alpha Writer 9000", "adequate", adequate, "") + label("Beta Scribe", "thin", thin, "AMBIGUITY: C1: two beats share one sentence\n") +
		"## INTRO\nSAMPLE: validation\nLABELLED_AT: 2026-06-20T08:00:00Z\n=== VERDICTS ===\n" +
		"C1_COVERAGE: 6 of 6\nC2_DEVELOPMENT: 1 of 4\nC4_ADDITIONS: FAIL\nC6_ON_BRIEF: PASS\nAMBIGUOUS: NONE\n"
}

// TestJudgedRecords: C1's N from the pilot, the ambiguity log, the
// disagreement register and C4's human classification, on a whole site.
func TestJudgedRecords(t *testing.T) {
	t.Parallel()
	primary := strings.Replace(readJudged(t, "primary.md"), "The harbour lights passage covers the opening beat.\n=== VERDICTS ===\nC1_COVERAGE: 4 of 6",
		"The harbour lights passage covers the opening beat.\nSTEP 3 - Additions.\n- the storm warning at the end: SCOPE_CREEP\n=== VERDICTS ===\nC1_COVERAGE: 4 of 6", 1)
	dir := judgedTree(t, map[string]string{
		"private/judged/labels/author.md": pilotLabels("5 of 6", "5 of 6"),
		"private/judged/primary.md":       primary,
		// A person finds the judge's one candidate a transition: C4 passes.
		"private/judged/additions.toml": "[[addition]]\nscript = \"Alpha Writer 9000\"\nsection = \"MIDDLE\"\njudge = \"primary\"\ncandidate = 1\nclass = \"transition\"\nby = \"author\"\n",
	})
	code, stderr := buildSite(t, dir)
	if code != 0 {
		t.Fatalf("build failed (%d): %s", code, stderr)
	}
	for _, want := range []string{
		"warning: no N separates the pilot's adequate sections from its thin ones (a thin one has 5 bullets present, an adequate one 5)",
		"warning: 2 disagreement(s) between a judge and a labeller have no recorded cause",
	} {
		if !strings.Contains(stderr, want) {
			t.Errorf("stderr lacks %q:\n%s", want, stderr)
		}
	}
	files := testtree.Read(t, filepath.Join(dir, "public"))
	page := strings.ReplaceAll(files["judged.html"], "&#39;", "'")
	for _, want := range []string{
		"No N separates the pilot's adequate sections from its thin ones",
		"two beats share one sentence", "marked AMBIGUOUS, no note recorded",
		"<td>OPEN</td>", "2 still open",
		// The judge's scope creep, classified a transition: 1 found, 0 scope creep, C4 pass.
		`<td data-value="1">1</td><td data-value="0">0</td><td data-value="1">1</td><td data-value="0">0</td><td data-criterion="C4">pass</td>`,
	} {
		if !strings.Contains(page, want) {
			t.Errorf("judged.html lacks %q", want)
		}
	}
	// The cause recorded closes it; the pilot that separates proposes N.
	dir = judgedTree(t, map[string]string{
		"private/judged/labels/author.md": pilotLabels("6 of 6", "4 of 6"),
		"private/judged/disagreements.toml": "[[disagreement]]\nscript = \"Beta Scribe\"\nsection = \"INTRO\"\ncriterion = \"C4\"\njudge = \"primary\"\n" +
			"labeller = \"author\"\ncause = \"rubric\"\nnote = \"a closing question reads both ways\"\n" +
			"[[disagreement]]\nscript = \"Beta Scribe\"\nsection = \"INTRO\"\ncriterion = \"C4\"\njudge = \"fam-b\"\nlabeller = \"author\"\ncause = \"judge\"\n",
	})
	if code, stderr := buildSite(t, dir); code != 0 || strings.Contains(stderr, "no recorded cause") || strings.Contains(stderr, "separates") {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	page = testtree.Read(t, filepath.Join(dir, "public"))["judged.html"]
	for _, want := range []string{"Any N from 5 to 6 fails every thin section", "This build applies N = 5, within that range", "a closing question reads both ways", "Every one has a recorded cause"} {
		if !strings.Contains(page, want) {
			t.Errorf("judged.html lacks %q", want)
		}
	}
}

// readJudged returns a file of judgedTree's judged/ folder as written.
func readJudged(t *testing.T, name string) string {
	dir := judgedTree(t, nil)
	return testtree.Read(t, filepath.Join(dir, "private", "judged"))[name]
}

// TestJSONLinesReplies: a pipeline's log of judge calls builds as the
// markdown replies do, its analyses as private; a bad line stops the build
// with its file and line.
func TestJSONLinesReplies(t *testing.T) {
	t.Parallel()
	call := func(script, section, c1 string) string {
		return `{"judge": "fam-b", "script": "` + script + `", "section": "` + section + `", "reply": "=== ANALYSIS ===\nThe gull over the quay settles the whole opening beat.\n=== VERDICTS ===\nC1_COVERAGE: ` +
			c1 + `\nC2_DEVELOPMENT: 0 of 4\nC4_ADDITIONS: PASS\nC6_ON_BRIEF: PASS\nAMBIGUOUS: NONE\n", "time": "2026-07-02T10:00:05Z"}` + "\n"
	}
	log := call("Alpha Writer 9000", "INTRO", "4 of 6") + call("Beta Scribe", "INTRO", "6 of 6") + call("Beta Scribe", "MIDDLE", "6 of 6")
	dir := judgedTree(t, map[string]string{"private/judged/fam-b.md": "", "private/judged/log.jsonl": log})
	if err := os.Remove(filepath.Join(dir, "private", "judged", "fam-b.md")); err != nil {
		t.Fatal(err)
	}
	code, stderr := buildSite(t, dir)
	if code != 0 {
		t.Fatalf("build: exit %d: %s", code, stderr)
	}
	files := testtree.Read(t, filepath.Join(dir, "public"))
	if !strings.Contains(files["data/judged.csv"], "Model 3,INTRO,family-of-model-2,judge,,C1,FAIL,,4,6") {
		t.Errorf("judged.csv lacks the logged call:\n%s", files["data/judged.csv"])
	}
	for name, text := range files {
		if strings.Contains(lettersOnly(text), lettersOnly("the gull over the quay settles")) {
			t.Errorf("%s publishes a logged analysis", name)
		}
	}
	if err := os.WriteFile(filepath.Join(dir, "private", "judged", "log.jsonl"), []byte(log+`{"judge": "fam-b", "script": "Beta Scribe"}`+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, stderr = buildSite(t, dir)
	if code != 1 || !strings.Contains(filepath.ToSlash(stderr), `private/judged/log.jsonl:4: the call has no reply`) {
		t.Errorf("exit %d: %s", code, stderr)
	}
}

// TestPrimaryOfAWritersFamily: a primary judge whose family is a writer's
// is "not independent", in a warning and on the page, and its model,
// which would name that writer's lab, is kept private.
func TestPrimaryOfAWritersFamily(t *testing.T) {
	t.Parallel()
	dir := judgedTree(t, nil)
	rewrite(t, dir, "private/judged/judges.toml", `family = "Neutralfam"`, `family = "betafam"`)
	code, stderr := buildSite(t, dir)
	if code != 0 || !strings.Contains(stderr, `warning: the primary judge of line 1 is not independent: its family or lab is one writer's`) {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	files := testtree.Read(t, filepath.Join(dir, "public"))
	if page := files["judged.html"]; !strings.Contains(page, "The primary judge is not independent") || !strings.Contains(page, "withheld (its family or lab is a writer") {
		t.Errorf("judged.html does not say the primary judge is not independent")
	}
	for name, text := range files {
		if strings.Contains(lettersOnly(text), "neutralgrader") {
			t.Errorf("%s names the primary judge's model", name)
		}
	}
}
