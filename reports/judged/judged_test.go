package judged

import (
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"testing/fstest"
	"time"

	"github.com/evalpress/evalpress/internal/diag"
	"github.com/evalpress/evalpress/reports/inputs"
)

var testSections = []inputs.Section{
	{Script: "WRITER A", Name: "ACT 1"}, {Script: "WRITER A", Name: "ACT 2"},
	{Script: "WRITER B", Name: "ACT 1"}, {Script: "WRITER B", Name: "ACT 2"},
}

const digest = "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef"

const goodJudges = `[[judge]]
id = "primary"
role = "primary"
model = "neutral-judge"
version = "2026-05"
run = 2026-07-02T09:00:00Z
prompt_sha256 = "` + digest + `"
iterations = 2
tuned_on = "pilot"
order = "randomised"

[[judge]]
id = "family-b"
role = "family"
model = "SiblingModel"
family_of = "WRITER B"
run = "2026-07-02T10:00:00+02:00"
prompt_sha256 = "` + digest + `"
version = "2026-06"
iterations = 0
order = "swapped"
`

// reply builds one judge reply body with the given verdict lines.
func reply(verdicts string) string {
	return "=== ANALYSIS ===\nSTEP 1 - all bullets found.\n=== VERDICTS ===\n" + verdicts
}

const goodVerdicts = "C1_COVERAGE: 9 of 12\nC2_DEVELOPMENT: 1 of 4\nC4_ADDITIONS: PASS\nC6_ON_BRIEF: FAIL\nAMBIGUOUS: C4, C6\n"

const goodPrimary = "# WRITER A\n## ACT 1\n" + "=== ANALYSIS ===\nSTEP 1 - all bullets found.\n=== VERDICTS ===\n" + goodVerdicts +
	"## ACT 2\n" + "=== ANALYSIS ===\nfine\nSTEP 3 - Additions.\n- the closing tease: SCOPE_CREEP\n- the bridge line: TRANSITION\n" +
	"=== VERDICTS ===\nC1_COVERAGE: 12 of 12\nC2_DEVELOPMENT: 0 of 4\nC4_ADDITIONS: FAIL\nC6_ON_BRIEF: PASS\nAMBIGUOUS: NONE\n"

const goodAdditions = `[[addition]]
script = "WRITER A"
section = "ACT 2"
judge = "primary"
candidate = 1
class = "scope_creep"
by = "author"

[[addition]]
script = "WRITER A"
section = "ACT 2"
judge = "primary"
candidate = 2
class = "Transition"
by = "second"
`

const goodFamily = "# WRITER B\n## ACT 1\n" + "=== ANALYSIS ===\nok\n=== VERDICTS ===\n" + goodVerdicts

const goodLabel = "# WRITER A\n## ACT 1\nSAMPLE: pilot\nLABELLED_AT: 2026-06-20T08:00:00Z\n=== VERDICTS ===\n" + goodVerdicts

const goodLabellers = `[[labeller]]
id = "author"
name = "Labeller A"
role = "author"
kind = "human"

[[labeller]]
id = "second"
name = "Labeller B"
role = "second"
kind = "human"
criteria = ["C4", "c1"]
`

const goodSecond = "# WRITER B\n## ACT 2\nSAMPLE: validation\nLABELLED_AT: 2026-06-21T08:00:00Z\n=== VERDICTS ===\n" +
	"C1_COVERAGE: 4 of 5\nC2_DEVELOPMENT: -\nC4_ADDITIONS: FAIL\nC6_ON_BRIEF: -\nAMBIGUOUS: NONE\n"

const goodFixtures = "## T1\n=== ANALYSIS ===\ndense\n=== VERDICTS ===\n" + goodVerdicts + "## T2\n=== ANALYSIS ===\npadded\n=== VERDICTS ===\n" + goodVerdicts

// tree returns a good judged/ folder with files replaced (or, when the
// content is "", removed) by the pairs in edits.
func tree(edits ...string) fstest.MapFS {
	files := map[string]string{
		"judged/judges.toml":          goodJudges,
		"judged/primary.md":           goodPrimary,
		"judged/family-b.md":          goodFamily,
		"judged/labels/author.md":     goodLabel,
		"judged/labels/second.md":     goodSecond,
		"judged/labellers.toml":       goodLabellers,
		"judged/additions.toml":       goodAdditions,
		"judged/fixtures/primary.md":  goodFixtures,
		"judged/fixtures/family-b.md": goodFixtures,
	}
	for i := 0; i+1 < len(edits); i += 2 {
		files[edits[i]] = edits[i+1]
	}
	fsys := fstest.MapFS{}
	for name, text := range files {
		if text != "" {
			fsys[name] = &fstest.MapFile{Data: []byte(text)}
		}
	}
	return fsys
}

func TestLoadGood(t *testing.T) {
	tier, err := Load(tree(), "in", testSections)
	if err != nil {
		t.Fatal(err)
	}
	if len(tier.Judges) != 2 || tier.Judges[0].ID != "primary" || tier.Judges[1].Role != Family || tier.Judges[1].FamilyOf != "WRITER B" {
		t.Fatalf("judges: %+v", tier.Judges)
	}
	if want := time.Date(2026, 7, 2, 8, 0, 0, 0, time.UTC); !tier.Judges[1].Run.Equal(want) {
		t.Errorf("family run %v, want %v", tier.Judges[1].Run, want)
	}
	if j := tier.Judges[0]; j.Iterations != 2 || j.TunedOn != "pilot" || j.PromptSHA256 != digest || j.Line != 1 {
		t.Errorf("primary judge %+v", j)
	}
	r := tier.Reply("primary", "WRITER A", "ACT 1")
	if r == nil {
		t.Fatal("no primary reply on WRITER A / ACT 1")
	}
	want := Verdicts{Coverage: Count{9, 12}, Development: Count{1, 4}, Additions: true, OnBrief: false,
		Ambiguous: map[string]bool{C4: true, C6: true}, Line: 5}
	if r.Verdicts.Coverage != want.Coverage || r.Verdicts.Development != want.Development || r.Verdicts.Additions != want.Additions ||
		r.Verdicts.OnBrief != want.OnBrief || r.Verdicts.Line != want.Line || strings.Join(r.Verdicts.AmbiguousList(), ",") != "C4,C6" {
		t.Errorf("verdicts %+v, want %+v", r.Verdicts, want)
	}
	if r.Analysis != "STEP 1 - all bullets found." {
		t.Errorf("analysis %q", r.Analysis)
	}
	if r2 := tier.Reply("primary", "WRITER A", "ACT 2"); r2 == nil || r2.Verdicts.Additions || !r2.Verdicts.OnBrief || len(r2.Verdicts.Ambiguous) != 0 {
		t.Errorf("second reply %+v", r2)
	}
	if tier.Reply("family-b", "WRITER A", "ACT 1") != nil {
		t.Error("family-b did not grade WRITER A / ACT 1, yet a reply was found")
	}
	if len(tier.Labellers) != 2 || tier.Labellers[0].ID != "author" || tier.Labellers[0].Name != "Labeller A" || tier.Labellers[0].Role != RoleAuthor ||
		strings.Join(tier.Labellers[0].Criteria, ",") != "C1,C2,C4,C6" || tier.Labellers[0].Line != 1 {
		t.Fatalf("labellers %+v", tier.Labellers)
	}
	if sec := tier.Labellers[1]; sec.Role != RoleSecond || strings.Join(sec.Criteria, ",") != "C1,C4" {
		t.Fatalf("second labeller %+v", sec)
	}
	if l := tier.Labellers[1].Label("WRITER B", "ACT 2"); l == nil || !l.Verdicts.Unlabelled[C2] || !l.Verdicts.Unlabelled[C6] || l.Verdicts.Unlabelled[C1] || l.Verdicts.Additions {
		t.Errorf("second's label %+v", l)
	}
	lab := tier.Labellers[0].Label("WRITER A", "ACT 1")
	if lab == nil || lab.Sample != Pilot || !lab.LabelledAt.Equal(time.Date(2026, 6, 20, 8, 0, 0, 0, time.UTC)) || lab.Verdicts.Coverage != (Count{9, 12}) {
		t.Errorf("label %+v", lab)
	}
	if len(tier.Fixtures) != 2 || tier.Fixtures[0].Judge != "primary" || len(tier.Fixtures[0].Replies) != 2 || tier.Fixtures[0].Replies[1].Fixture != "T2" {
		t.Errorf("fixtures %+v", tier.Fixtures)
	}
	terms := tier.PrivateTerms(nil, nil)
	if len(terms) != 1 || terms[0].Text != "SiblingModel" || terms[0].Line != 15 {
		t.Errorf("private terms %+v", terms)
	}
	if len(tier.Digests) != 9 {
		t.Errorf("digests of %d files, want 9: %v", len(tier.Digests), tier.Digests)
	}
	first, last := tier.Ran()
	if !first.Equal(tier.Judges[1].Run) || !last.Equal(tier.Judges[0].Run) {
		t.Errorf("ran %v .. %v", first, last)
	}
}

func TestLoadAbsent(t *testing.T) {
	tier, err := Load(fstest.MapFS{"sections.md": {Data: []byte("# A\n")}}, "in", testSections)
	if tier != nil || err != nil {
		t.Fatalf("Load without judged/ = %v, %v; want nil, nil", tier, err)
	}
}

func TestLoadErrors(t *testing.T) {
	const p = "judged/primary.md"
	tests := []struct {
		name  string
		fsys  fstest.MapFS
		want  string // the whole one-line message, or its start
		hint  bool   // a hint is expected
		exact bool
	}{
		{name: "no judges.toml", fsys: tree("judged/judges.toml", ""),
			want: `in/judged/judges.toml: file does not exist`, hint: true, exact: true},
		// The verdict block.
		{name: "no verdict block", fsys: tree(p, "# WRITER A\n## ACT 1\n=== ANALYSIS ===\nthoughts\n"),
			want: `in/judged/primary.md:2: the reply on section "ACT 1" has no verdict block`, hint: true},
		{name: "count without total", fsys: tree(p, "# WRITER A\n## ACT 1\n"+reply("C1_COVERAGE: 9 of\nC2_DEVELOPMENT: 1 of 4\nC4_ADDITIONS: PASS\nC6_ON_BRIEF: PASS\nAMBIGUOUS: NONE\n")),
			want: `in/judged/primary.md:6: C1_COVERAGE: is not a count; want "N of M"`},
		{name: "count over total", fsys: tree(p, "# WRITER A\n## ACT 1\n"+reply("C1_COVERAGE: 13 of 12\nC2_DEVELOPMENT: 1 of 4\nC4_ADDITIONS: PASS\nC6_ON_BRIEF: PASS\nAMBIGUOUS: NONE\n")),
			want: `in/judged/primary.md:6: C1_COVERAGE: counts more than all: 13 is more than 12`},
		{name: "count of zero", fsys: tree(p, "# WRITER A\n## ACT 1\n"+reply("C1_COVERAGE: 0 of 0\nC2_DEVELOPMENT: 1 of 4\nC4_ADDITIONS: PASS\nC6_ON_BRIEF: PASS\nAMBIGUOUS: NONE\n")),
			want: `in/judged/primary.md:6: C1_COVERAGE: counts out of nothing; M must be at least 1`},
		{name: "negative count", fsys: tree(p, "# WRITER A\n## ACT 1\n"+reply("C1_COVERAGE: -1 of 3\nC2_DEVELOPMENT: 1 of 4\nC4_ADDITIONS: PASS\nC6_ON_BRIEF: PASS\nAMBIGUOUS: NONE\n")),
			want: `in/judged/primary.md:6: C1_COVERAGE: is not a count; want "N of M" with whole numbers`},
		{name: "repeated line", fsys: tree(p, "# WRITER A\n## ACT 1\n"+reply("C1_COVERAGE: 9 of 12\nC1_COVERAGE: 9 of 12\nC2_DEVELOPMENT: 1 of 4\n")),
			want: `in/judged/primary.md:7: verdict block: C1_COVERAGE repeated (first at line 6)`, exact: true},
		{name: "out of order", fsys: tree(p, "# WRITER A\n## ACT 1\n"+reply("C2_DEVELOPMENT: 1 of 4\nC1_COVERAGE: 9 of 12\nC4_ADDITIONS: PASS\nC6_ON_BRIEF: PASS\nAMBIGUOUS: NONE\n")),
			want: `in/judged/primary.md:6: verdict block: C2_DEVELOPMENT out of order, want C1_COVERAGE here`, hint: true},
		{name: "missing line", fsys: tree(p, "# WRITER A\n## ACT 1\n"+reply("C1_COVERAGE: 9 of 12\nC2_DEVELOPMENT: 1 of 4\nC4_ADDITIONS: PASS\nC6_ON_BRIEF: PASS\n")),
			want: `in/judged/primary.md:5: verdict block of the reply on section "ACT 1" lacks AMBIGUOUS`, exact: true},
		{name: "bad pass", fsys: tree(p, "# WRITER A\n## ACT 1\n"+reply("C1_COVERAGE: 9 of 12\nC2_DEVELOPMENT: 1 of 4\nC4_ADDITIONS: MAYBE\n")),
			want: `in/judged/primary.md:8: C4_ADDITIONS: is neither PASS nor FAIL`, exact: true},
		{name: "unknown ambiguous criterion", fsys: tree(p, "# WRITER A\n## ACT 1\n"+reply("C1_COVERAGE: 9 of 12\nC2_DEVELOPMENT: 1 of 4\nC4_ADDITIONS: PASS\nC6_ON_BRIEF: PASS\nAMBIGUOUS: C5\n")),
			want: `in/judged/primary.md:10: AMBIGUOUS: names what is not a judged criterion (one of C1, C2, C4, C6, or NONE)`},
		{name: "empty ambiguous", fsys: tree(p, "# WRITER A\n## ACT 1\n"+reply("C1_COVERAGE: 9 of 12\nC2_DEVELOPMENT: 1 of 4\nC4_ADDITIONS: PASS\nC6_ON_BRIEF: PASS\nAMBIGUOUS:\n")),
			want: `in/judged/primary.md:10: AMBIGUOUS: empty`},
		{name: "text after the block", fsys: tree(p, "# WRITER A\n## ACT 1\n"+reply(goodVerdicts)+"and one more thing\n"),
			want: `in/judged/primary.md:11: text after the verdict block`, hint: true},
		{name: "stray line inside the block", fsys: tree(p, "# WRITER A\n## ACT 1\n"+reply("C1_COVERAGE: 9 of 12\nso then\n")),
			want: `in/judged/primary.md:7: verdict block: unexpected line, want C2_DEVELOPMENT`, exact: true},
		// Reasoning first.
		{name: "verdicts first", fsys: tree(p, "# WRITER A\n## ACT 1\n=== VERDICTS ===\n"+goodVerdicts+"=== ANALYSIS ===\nlater\n=== VERDICTS ===\n"+goodVerdicts),
			want: `in/judged/primary.md:3: the reply on section "ACT 1" gives verdicts before its analysis`, hint: true},
		{name: "verdicts alone", fsys: tree(p, "# WRITER A\n## ACT 1\n=== VERDICTS ===\n"+goodVerdicts),
			want: `in/judged/primary.md:3: the reply on section "ACT 1" gives verdicts before its analysis`},
		{name: "empty analysis", fsys: tree(p, "# WRITER A\n## ACT 1\n=== ANALYSIS ===\n\n   \n=== VERDICTS ===\n"+goodVerdicts),
			want: `in/judged/primary.md:3: the reply on section "ACT 1" has an empty analysis`, hint: true},
		{name: "fixture reply without analysis", fsys: tree("judged/fixtures/primary.md", "## T1\n=== VERDICTS ===\n"+goodVerdicts),
			want: `in/judged/fixtures/primary.md:2: the reply on fixture "T1" gives verdicts before its analysis`},
		// Sections and scripts.
		{name: "unknown section", fsys: tree(p, "# WRITER A\n## ACT 9\n"+reply(goodVerdicts)),
			want: `in/judged/primary.md:2: the section named here is not in this script of sections.md`, exact: true},
		{name: "unknown script", fsys: tree(p, "# WRITER Z\n## ACT 1\n"+reply(goodVerdicts)),
			want: `in/judged/primary.md:1: the script named here is none of sections.md's`, hint: true},
		{name: "repeated section", fsys: tree(p, "# WRITER A\n## ACT 1\n"+reply(goodVerdicts)+"## ACT 1\n"+reply(goodVerdicts)),
			want: `in/judged/primary.md:11: section "ACT 1" appears twice in the script of line 1 (first at line 2)`},
		{name: "section before script", fsys: tree(p, "## ACT 1\n"+reply(goodVerdicts)),
			want: `in/judged/primary.md:1: section heading before any script heading`},
		{name: "empty reply file", fsys: tree(p, "\n"),
			want: `in/judged/primary.md: no '## ' blocks found`},
		{name: "script heading in fixtures", fsys: tree("judged/fixtures/primary.md", "# WRITER A\n## T1\n"+reply(goodVerdicts)),
			want: `in/judged/fixtures/primary.md:1: a '# ' heading in a file that holds only '## ' headings`},
		{name: "not UTF-8", fsys: tree(p, "# WRITER A\n## ACT 1\n=== ANALYSIS ===\nbad \xff\n"),
			want: `in/judged/primary.md:4:5: bytes that are not UTF-8`},
		// Judges.
		{name: "reply file of an unknown judge", fsys: tree("judged/other.md", goodPrimary),
			want: `in/judged/other.md: the judge this file is named after has no [[judge]] entry in judges.toml`, hint: true},
		{name: "fixture file of an unknown judge", fsys: tree("judged/fixtures/other.md", goodFixtures),
			want: `in/judged/fixtures/other.md: the judge this file is named after has no [[judge]] entry in judges.toml`},
		{name: "judge without reply file", fsys: tree("judged/family-b.md", ""),
			want: `in/judged/judges.toml:12: this judge has no reply file (judged/<its id>.md)`, exact: true},
		{name: "no judges.toml", fsys: tree("judged/judges.toml", ""),
			want: `in/judged/judges.toml: file does not exist`},
		{name: "family_of names no writer", fsys: tree("judged/judges.toml", strings.Replace(goodJudges, `family_of = "WRITER B"`, `family_of = "WRITER Q"`, 1)),
			want: `in/judged/judges.toml:16: the family judge of line 12: family_of names no writer in sections.md`, hint: true},
		{name: "family judge without family_of", fsys: tree("judged/judges.toml", strings.Replace(goodJudges, `family_of = "WRITER B"`+"\n", "", 1)),
			want: `in/judged/judges.toml:12: this family judge has no family_of`},
		{name: "primary judge with family_of", fsys: tree("judged/judges.toml", strings.Replace(goodJudges, `version = "2026-05"`, `version = "2026-05"`+"\nfamily_of = \"WRITER A\"", 1)),
			want: `in/judged/judges.toml:6: the primary judge of line 1 has a family_of; only family judges belong to a writer's family`, hint: true},
		{name: "unknown key", fsys: tree("judged/judges.toml", strings.Replace(goodJudges, "iterations = 2", "iteration = 2", 1)),
			want: `in/judged/judges.toml:8: judge: under it, a key evalpress does not know`, hint: true},
		{name: "bad role", fsys: tree("judged/judges.toml", strings.Replace(goodJudges, `role = "primary"`, `role = "main"`, 1)),
			want: `in/judged/judges.toml:3: the judge of line 1: role is neither "primary" nor "family"`},
		{name: "repeated id", fsys: tree("judged/judges.toml", strings.Replace(goodJudges, `id = "family-b"`, `id = "primary"`, 1)),
			want: `in/judged/judges.toml:13: the judge of line 12: its id is the judge's of line 1 too`},
		{name: "malformed run string", fsys: tree("judged/judges.toml", strings.Replace(goodJudges, "2026-07-02T10:00:00+02:00", "2 July 2026", 1)),
			want: `in/judged/judges.toml:17: the judge of line 12: run is not an RFC 3339 time (such as 2026-07-01T09:30:00Z)`},
		{name: "run without zone", fsys: tree("judged/judges.toml", strings.Replace(goodJudges, "run = 2026-07-02T09:00:00Z", "run = 2026-07-02T09:00:00", 1)),
			want: `in/judged/judges.toml:6: the judge of line 1: run has no time zone; want an RFC 3339 time such as 2026-07-01T09:30:00Z`},
		{name: "run missing", fsys: tree("judged/judges.toml", strings.Replace(goodJudges, "run = 2026-07-02T09:00:00Z\n", "", 1)),
			want: `in/judged/judges.toml:1: the judge of line 1: run is missing; want an RFC 3339 time such as 2026-07-01T09:30:00Z`},
		{name: "bad digest", fsys: tree("judged/judges.toml", strings.Replace(goodJudges, digest, "abc", 1)),
			want: `in/judged/judges.toml:7: the judge of line 1: prompt_sha256 must be 64 lower-case hex digits`},
		{name: "bad id", fsys: tree("judged/judges.toml", strings.Replace(goodJudges, `id = "primary"`, `id = "../x"`, 1)),
			want: `in/judged/judges.toml:2: the judge of line 1: its id holds a character other than lower-case letters, digits, '-' and '_'`},
		{name: "toml syntax", fsys: tree("judged/judges.toml", "[[judge]\n"),
			want: `in/judged/judges.toml:1:`},
		{name: "no judges", fsys: tree("judged/judges.toml", "# none yet\n"),
			want: `in/judged/judges.toml: no [[judge]] entries`},
		// Every key of a judge's record is required: a missing one is
		// an error on its line, never a zero or a blank on a page.
		{name: "version missing", fsys: tree("judged/judges.toml", strings.Replace(goodJudges, `version = "2026-05"`+"\n", "", 1)),
			want: `in/judged/judges.toml:1: this judge has no version`, hint: true, exact: true},
		{name: "version empty", fsys: tree("judged/judges.toml", strings.Replace(goodJudges, `version = "2026-05"`, `version = " "`, 1)),
			want: `in/judged/judges.toml:5: the judge of line 1: version is empty`, exact: true},
		{name: "iterations missing", fsys: tree("judged/judges.toml", strings.Replace(goodJudges, "iterations = 0\n", "", 1)),
			want: `in/judged/judges.toml:12: this judge has no iterations`, hint: true, exact: true},
		{name: "iterations negative", fsys: tree("judged/judges.toml", strings.Replace(goodJudges, "iterations = 0", "iterations = -1", 1)),
			want: `in/judged/judges.toml:20: the judge of line 12: iterations -1 is negative`, exact: true},
		{name: "iterated on no stated sample", fsys: tree("judged/judges.toml", strings.Replace(goodJudges, `tuned_on = "pilot"`+"\n", "", 1)),
			want: `in/judged/judges.toml:8: the judge of line 1: its prompt was iterated twice, but tuned_on does not say on which sample`, hint: true},
		{name: "tuned on free text", fsys: tree("judged/judges.toml", strings.Replace(goodJudges, `tuned_on = "pilot"`, `tuned_on = "the pilot, in a playground"`, 1)),
			want: `in/judged/judges.toml:9: the judge of line 1: tuned_on is none of "pilot", "validation" or "other"`, hint: true},
		{name: "tuned without iterations", fsys: tree("judged/judges.toml", strings.Replace(goodJudges, "iterations = 0", "iterations = 0\ntuned_on = \"pilot\"", 1)),
			want: `in/judged/judges.toml:21: the judge of line 12: tuned_on names a sample, but iterations is 0`, exact: true},
		{name: "order missing", fsys: tree("judged/judges.toml", strings.Replace(goodJudges, `order = "randomised"`+"\n", "", 1)),
			want: `in/judged/judges.toml:1: this judge has no order`, hint: true},
		{name: "order unknown", fsys: tree("judged/judges.toml", strings.Replace(goodJudges, `order = "swapped"`, `order = "shuffled"`, 1)),
			want: `in/judged/judges.toml:21: the judge of line 12: order is none of "randomised", "swapped" or "fixed"`, exact: true},
		{name: "family judge with a family", fsys: tree("judged/judges.toml", strings.Replace(goodJudges, `order = "swapped"`, `order = "swapped"`+"\nfamily = \"B\"", 1)),
			want: `in/judged/judges.toml:22: the family judge of line 12 has a family; its family is its writer's (family_of)`, exact: true},
		{name: "two judges of one name", fsys: tree("judged/judges.toml", strings.Replace(strings.Replace(goodJudges, `order = "swapped"`, `order = "swapped"`+"\nname = \"Judge one\"", 1),
			`order = "randomised"`, `order = "randomised"`+"\nname = \"judge ONE\"", 1)),
			want: `in/judged/judges.toml:23: the judge of line 13: its name is the judge's of line 1 too`, hint: true},
		// Labels.
		{name: "label without sample", fsys: tree("judged/labels/author.md", strings.Replace(goodLabel, "SAMPLE: pilot\n", "", 1)),
			want: `in/judged/labels/author.md:2: the label on section "ACT 1" has no SAMPLE line`, hint: true},
		{name: "label without time", fsys: tree("judged/labels/author.md", strings.Replace(goodLabel, "LABELLED_AT: 2026-06-20T08:00:00Z\n", "", 1)),
			want: `in/judged/labels/author.md:2: the label on section "ACT 1" has no LABELLED_AT line`},
		{name: "label with a malformed time", fsys: tree("judged/labels/author.md", strings.Replace(goodLabel, "2026-06-20T08:00:00Z", "2026-06-20 08:00", 1)),
			want: `in/judged/labels/author.md:4: LABELLED_AT is not an RFC 3339 time (such as 2026-07-01T09:30:00Z)`},
		{name: "label with an unknown sample", fsys: tree("judged/labels/author.md", strings.Replace(goodLabel, "SAMPLE: pilot", "SAMPLE: tuning", 1)),
			want: `in/judged/labels/author.md:3: SAMPLE is neither pilot nor validation`},
		{name: "label with two samples", fsys: tree("judged/labels/author.md", strings.Replace(goodLabel, "SAMPLE: pilot\n", "SAMPLE: pilot\nSAMPLE: validation\n", 1)),
			want: `in/judged/labels/author.md:4: the label on section "ACT 1": SAMPLE repeated (first at line 3)`},
		{name: "label on unknown section", fsys: tree("judged/labels/author.md", strings.Replace(goodLabel, "## ACT 1", "## ACT 7", 1)),
			want: `in/judged/labels/author.md:2: the section named here is not in this script of sections.md`},
		{name: "label without verdicts", fsys: tree("judged/labels/author.md", "# WRITER A\n## ACT 1\nSAMPLE: pilot\nLABELLED_AT: 2026-06-20T08:00:00Z\n"),
			want: `in/judged/labels/author.md:2: the label on section "ACT 1" has no verdict block`},
		// Labellers, as the protocol defines them.
		{name: "labels without labellers.toml", fsys: tree("judged/labellers.toml", ""),
			want: `in/judged/labels/author.md: labels without labellers.toml: who labelled is not described`, hint: true},
		{name: "labels file of an unknown labeller", fsys: tree("judged/labels/third.md", goodLabel),
			want: `in/judged/labels/third.md: the labeller this file is named after has no [[labeller]] entry in labellers.toml`, hint: true},
		{name: "a model as a labeller", fsys: tree("judged/labellers.toml", strings.Replace(goodLabellers, `kind = "human"`+"\n\n", `kind = "model"`+"\n\n", 1)),
			want: `in/judged/labellers.toml:5: the labeller of line 1 is a model: a model can be a second judge, never a human baseline`, hint: true, exact: true},
		{name: "the author as the second labeller", fsys: tree("judged/labellers.toml", strings.Replace(goodLabellers, `role = "second"`, `role = "second"`+"\nwrote_rubric = true", 1)),
			want: `in/judged/labellers.toml:11: the labeller of line 7 wrote the rubric, so it cannot be the second labeller`, hint: true, exact: true},
		{name: "two authors", fsys: tree("judged/labellers.toml", strings.Replace(goodLabellers, `role = "second"`, `role = "author"`, 1)),
			want: `in/judged/labellers.toml:10: the labeller of line 7: a second author (the first at line 1); the rubric has one author`, exact: true},
		{name: "labeller without kind", fsys: tree("judged/labellers.toml", strings.Replace(goodLabellers, `kind = "human"`+"\n\n", "\n", 1)),
			want: `in/judged/labellers.toml:1: this labeller has no kind`, hint: true},
		{name: "labeller without name", fsys: tree("judged/labellers.toml", strings.Replace(goodLabellers, `name = "Labeller A"`+"\n", "", 1)),
			want: `in/judged/labellers.toml:1: this labeller has no name`, hint: true},
		{name: "labeller kind empty", fsys: tree("judged/labellers.toml", strings.Replace(goodLabellers, `kind = "human"`, `kind = ""`, 1)),
			want: `in/judged/labellers.toml:5: the labeller of line 1: kind is empty`, hint: true, exact: true},
		{name: "labeller name empty", fsys: tree("judged/labellers.toml", strings.Replace(goodLabellers, `name = "Labeller A"`, `name = " "`, 1)),
			want: `in/judged/labellers.toml:3: the labeller of line 1: name is empty`, hint: true, exact: true},
		{name: "labeller role unknown", fsys: tree("judged/labellers.toml", strings.Replace(goodLabellers, `role = "author"`, `role = "lead"`, 1)),
			want: `in/judged/labellers.toml:4: the labeller of line 1: role is neither "author" (the rubric's author) nor "second"`},
		{name: "labeller criteria unknown", fsys: tree("judged/labellers.toml", strings.Replace(goodLabellers, `"C4", "c1"`, `"C5"`, 1)),
			want: `in/judged/labellers.toml:12: the labeller of line 7: criteria names one that is not a judged criterion (C1, C2, C4, C6)`},
		{name: "a verdict on a criterion not labelled", fsys: tree("judged/labels/second.md", strings.Replace(goodSecond, "C2_DEVELOPMENT: -", "C2_DEVELOPMENT: 1 of 4", 1)),
			want: `in/judged/labels/second.md:7: the label on section "ACT 2": the labeller does not label C2 (its criteria in labellers.toml), so the line must read "-"`, exact: true},
		{name: "a labelled criterion left out", fsys: tree("judged/labels/second.md", strings.Replace(goodSecond, "C4_ADDITIONS: FAIL", "C4_ADDITIONS: -", 1)),
			want: `in/judged/labels/second.md:8: the label on section "ACT 2": C4 is "-", but the labeller labels C4`, hint: true},
		{name: "a judge leaves a verdict out", fsys: tree(p, "# WRITER A\n## ACT 1\n"+reply("C1_COVERAGE: -\nC2_DEVELOPMENT: 1 of 4\nC4_ADDITIONS: PASS\nC6_ON_BRIEF: PASS\nAMBIGUOUS: NONE\n")),
			want: `in/judged/primary.md:6: the reply on section "ACT 1": C1 is "-"; a judge gives every verdict`, hint: true},
		// The human classification of candidate additions (C4).
		{name: "classifying a candidate the judge did not list", fsys: tree("judged/additions.toml", strings.Replace(goodAdditions, "candidate = 1", "candidate = 3", 1)),
			want: `in/judged/additions.toml:1: candidate 3: the judge's STEP 3 lists 2 candidate addition(s) there`, hint: true, exact: true},
		{name: "classifying on a section the judge did not grade", fsys: tree("judged/additions.toml", strings.Replace(goodAdditions, `judge = "primary"`, `judge = "family-b"`, 1)),
			want: `in/judged/additions.toml:1: the judge named here did not grade that section, so it found no candidate there`},
		{name: "an unknown class", fsys: tree("judged/additions.toml", strings.Replace(goodAdditions, "scope_creep", "filler", 1)),
			want: `in/judged/additions.toml:1: class is neither "transition" nor "scope_creep"`},
		{name: "classified by no labeller", fsys: tree("judged/additions.toml", strings.Replace(goodAdditions, `by = "author"`, `by = "someone"`, 1)),
			want: `in/judged/additions.toml:1: by names no labeller of labellers.toml`},
		{name: "classified twice", fsys: tree("judged/additions.toml", goodAdditions+"\n"+goodAdditions),
			want: `in/judged/additions.toml:17: candidate 1 of that judge on that section is classified twice (first at line 1)`},
		// Causes of disagreements.
		{name: "a cause not in the list", fsys: tree("judged/disagreements.toml", "[[disagreement]]\nscript = \"WRITER A\"\nsection = \"ACT 1\"\ncriterion = \"C4\"\njudge = \"primary\"\nlabeller = \"author\"\ncause = \"bad luck\"\n"),
			want: `in/judged/disagreements.toml:1: cause is none of "judge", "labeller", "rubric", "outline" or "other"`, hint: true},
		{name: "a disagreement on no section", fsys: tree("judged/disagreements.toml", "[[disagreement]]\nscript = \"WRITER A\"\nsection = \"ACT 9\"\ncriterion = \"C4\"\njudge = \"primary\"\nlabeller = \"author\"\ncause = \"judge\"\n"),
			want: `in/judged/disagreements.toml:1: the section named here is not in this script of sections.md`},
		// Labels.
		{name: "adequacy on a validation label", fsys: tree("judged/labels/second.md", strings.Replace(goodSecond, "SAMPLE: validation\n", "SAMPLE: validation\nADEQUACY: thin\n", 1)),
			want: `in/judged/labels/second.md:4: the label on section "ACT 2": ADEQUACY is for pilot labels`},
		{name: "adequacy unknown", fsys: tree("judged/labels/author.md", strings.Replace(goodLabel, "SAMPLE: pilot\n", "SAMPLE: pilot\nADEQUACY: fine\n", 1)),
			want: `in/judged/labels/author.md:4: ADEQUACY is neither adequate nor thin`, hint: true},
		{name: "an ambiguity without a note", fsys: tree("judged/labels/author.md", strings.Replace(goodLabel, "SAMPLE: pilot\n", "SAMPLE: pilot\nAMBIGUITY: C2:\n", 1)),
			want: `in/judged/labels/author.md:4: the label on section "ACT 1": AMBIGUITY on C2 says nothing of what was ambiguous`},
		{name: "an ambiguity on no criterion", fsys: tree("judged/labels/author.md", strings.Replace(goodLabel, "SAMPLE: pilot\n", "SAMPLE: pilot\nAMBIGUITY: the groups\n", 1)),
			want: `in/judged/labels/author.md:4: the label on section "ACT 1": AMBIGUITY: want a criterion and a note, as in "AMBIGUITY: C2: ..."`, hint: true},
		{name: "judged is a file", fsys: fstest.MapFS{"judged": {Data: []byte("x")}},
			want: `in/judged: is a file; expected a folder`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			tier, err := Load(tc.fsys, "in", testSections)
			if err == nil {
				t.Fatalf("no error (tier %+v), want %q", tier, tc.want)
			}
			got := filepath.ToSlash(err.Error())
			if strings.Contains(got, "\n") || !strings.HasPrefix(got, tc.want) || tc.exact && got != tc.want {
				t.Fatalf("error\n  %q\nwant one line starting\n  %q", got, tc.want)
			}
			if tc.hint && diag.Hint(err) == "" {
				t.Errorf("no hint for %q", got)
			}
		})
	}
}

func TestLoadWarnings(t *testing.T) {
	fsys := tree("judged/notes.txt", "scratch", "judged/primary.md", "stray text\n"+goodPrimary)
	tier, err := Load(fsys, "in", testSections)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, d := range tier.Diagnostics {
		got = append(got, filepath.ToSlash(d.Error()))
	}
	want := []string{
		"in/judged/notes.txt: warning: not a judged-tier file; ignored",
		"in/judged/primary.md:1: warning: text outside any '## ' block is ignored",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("warnings\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

func TestParseCount(t *testing.T) {
	tests := []struct {
		in   string
		want Count
		ok   bool
	}{
		{"9 of 12", Count{9, 12}, true},
		{"0 of 4", Count{0, 4}, true},
		{"12   of  12", Count{12, 12}, true},
		{"9 of", Count{}, false},
		{"13 of 12", Count{}, false},
		{"9/12", Count{}, false},
		{"nine of 12", Count{}, false},
		{"9 of 12 bullets", Count{}, false},
		{"", Count{}, false},
	}
	for _, tc := range tests {
		got, err := parseCount(tc.in)
		if (err == nil) != tc.ok || got != tc.want {
			t.Errorf("parseCount(%q) = %v, %v; want %v, ok %v", tc.in, got, err, tc.want, tc.ok)
		}
	}
}

// The demo's judged tier reads without error or warning and holds what its
// pages are written about: four judges, two labellers, fixture replies.
func TestLoadDemo(t *testing.T) {
	dir := filepath.Join("..", "..", "demo", "private")
	folder, err := inputs.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	tier, err := Load(os.DirFS(dir), dir, folder.Sections)
	if err != nil {
		t.Fatal(err)
	}
	if len(tier.Diagnostics) > 0 {
		t.Errorf("warnings: %v", tier.Diagnostics)
	}
	if len(tier.Judges) != 4 || len(tier.Labellers) != 2 || len(tier.Fixtures) != 4 {
		t.Fatalf("%d judges, %d labellers, %d fixture files; want 4, 2, 4", len(tier.Judges), len(tier.Labellers), len(tier.Fixtures))
	}
	samples := map[string]int{}
	for _, lab := range tier.Labellers {
		for _, l := range lab.Labels {
			samples[lab.ID+" "+l.Sample]++
		}
	}
	if samples["author pilot"] != 6 || samples["author validation"] != 12 || samples["second validation"] != 12 {
		t.Errorf("labels by sample: %v", samples)
	}
	for _, r := range tier.Replies {
		if len(r.Replies) != 15 {
			t.Errorf("judge %s graded %d sections, want the 15 Act cells", r.Judge.ID, len(r.Replies))
		}
	}
}

// TestOnlyRegularFiles copies the demo's inputs and puts a named pipe or a
// link to /dev/zero in the place of a judged-tier file: Attach says so in
// one line naming the file, at once, never a hang; a stopped read stops.
func TestOnlyRegularFiles(t *testing.T) {
	tests := []struct {
		file string // below judged/
		make func(string) error
		want string
	}{
		{"primary.md", func(p string) error { return syscall.Mkfifo(p, 0o644) }, "not a regular file (a named pipe)"},
		{"judges.toml", func(p string) error { return syscall.Mkfifo(p, 0o644) }, "not a regular file (a named pipe)"},
		{"labels/author.md", func(p string) error { return os.Symlink("/dev/zero", p) }, "not a regular file (a link to /dev/zero, a character device)"},
	}
	for _, tt := range tests {
		t.Run(tt.file, func(t *testing.T) {
			dir := t.TempDir()
			if err := os.CopyFS(dir, os.DirFS(filepath.Join("..", "..", "demo", "private"))); err != nil {
				t.Fatal(err)
			}
			path := filepath.Join(dir, Dir, filepath.FromSlash(tt.file))
			if err := os.Remove(path); err != nil {
				t.Fatal(err)
			}
			if err := tt.make(path); err != nil {
				t.Fatal(err)
			}
			folder, err := inputs.Open(dir)
			if err != nil {
				t.Fatal(err)
			}
			ctx, cancel := context.WithTimeout(context.Background(), time.Second)
			defer cancel()
			done := make(chan error, 1)
			go func() {
				_, err := Attach(ctx, folder, dir)
				done <- err
			}()
			select {
			case err := <-done:
				if want := path + ": " + tt.want; err == nil || err.Error() != want {
					t.Fatalf("got %v; want the one line %q", err, want)
				}
			case <-ctx.Done():
				t.Fatal("Attach did not return within a second")
			}
		})
	}
	t.Run("stopped", func(t *testing.T) {
		dir := filepath.Join("..", "..", "demo", "private")
		folder, err := inputs.Open(dir)
		if err != nil {
			t.Fatal(err)
		}
		ctx, cancel := context.WithCancel(context.Background())
		cancel()
		if _, err := Attach(ctx, folder, dir); !errors.Is(err, context.Canceled) {
			t.Fatalf("got %v; want the read stopped", err)
		}
	})
}

// TestGroupsAgainstTheCount: STEP 2's groups that do not add up to the
// C2 count, or a group called developed with one move, are warned about.
func TestGroupsAgainstTheCount(t *testing.T) {
	step2 := "STEP 2 - Development.\n- MECHANISM: a\n- EXAMPLE: b\nA: DEVELOPED\n- MECHANISM: c\nB: DEVELOPED\n"
	fsys := tree("judged/primary.md", "# WRITER A\n## ACT 1\n=== ANALYSIS ===\n"+step2+"=== VERDICTS ===\n"+goodVerdicts, "judged/additions.toml", "")
	tier, err := Load(fsys, "in", testSections)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, d := range tier.Diagnostics {
		got = append(got, filepath.ToSlash(d.Error()))
	}
	want := []string{
		`in/judged/primary.md:9: warning: the reply on section "ACT 1": a group with 1 named move(s) is called DEVELOPED; the protocol's line is two moves`,
		`in/judged/primary.md:12: warning: the reply on section "ACT 1": STEP 2 names 2 group(s), 0 undeveloped, but C2_DEVELOPMENT says 1 of 4; the verdict line is what is scored`,
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("warnings\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if r := tier.Reply("primary", "WRITER A", "ACT 1"); len(r.Groups) != 2 || len(r.Groups[0].Moves) != 2 {
		t.Errorf("groups %+v", r.Groups)
	}
}

// jsonReply is a reply as a JSON string.
func jsonReply(verdicts string) string {
	b, _ := json.Marshal("=== ANALYSIS ===\nSTEP 3 - Additions.\n- a tease: SCOPE_CREEP\n=== VERDICTS ===\n" + verdicts)
	return string(b)
}

// TestJSONLines: a pipeline's log of calls, one JSON object a line, is read
// as the markdown replies are.
func TestJSONLines(t *testing.T) {
	log := `{"judge": "family-b", "script": "WRITER A", "section": "ACT 2", "reply": ` + jsonReply(goodVerdicts) + `, "time": "2026-07-02T07:30:00Z"}` + "\n\n" +
		`{"judge": "family-b", "fixture": "T3", "reply": ` + jsonReply(goodVerdicts) + `}` + "\n"
	tier, err := Load(tree("judged/calls.jsonl", log), "in", testSections)
	if err != nil {
		t.Fatal(err)
	}
	r := tier.Reply("family-b", "WRITER A", "ACT 2")
	if r == nil || r.Line != 1 || r.Verdicts.Coverage != (Count{9, 12}) || len(r.Candidates) != 1 {
		t.Fatalf("reply from the log: %+v", r)
	}
	if got := tier.FirstOutput("family-b"); !got.Equal(time.Date(2026, 7, 2, 7, 30, 0, 0, time.UTC)) {
		t.Errorf("first output %v: the call's time is earlier than the run", got)
	}
	var fixtures []string
	for _, fx := range tier.Fixtures {
		for _, r := range fx.Replies {
			fixtures = append(fixtures, fx.Judge+" "+r.Fixture)
		}
	}
	if strings.Join(fixtures, ",") != "primary T1,primary T2,family-b T1,family-b T2,family-b T3" {
		t.Errorf("fixtures %v", fixtures)
	}
	// A judge whose replies are all in the log needs no markdown file.
	if _, err := Load(tree("judged/family-b.md", "", "judged/calls.jsonl",
		`{"judge": "family-b", "script": "WRITER B", "section": "ACT 1", "reply": `+jsonReply(goodVerdicts)+`}`+"\n"), "in", testSections); err != nil {
		t.Errorf("log only: %v", err)
	}
	for _, tc := range []struct{ line, want string }{
		{`{"judge": "family-b", "script": "WRITER A", "section": "ACT 2"`, `in/judged/calls.jsonl:1: not a call: the object is not closed on its line`},
		{`{"judge": "family-b", "script": "WRITER A", "section": "ACT 2", "reply": 12}`, `in/judged/calls.jsonl:1: not a call: reply takes a string, not number`},
		{`{"judge": "family-b", "script": Gemini}`, `in/judged/calls.jsonl:1:33: not a call: not valid JSON here`},
		{`{"judge": "family-b", "script": "WRITER A", "section": "ACT 2", "reply": "x", "model": "m"}`, `in/judged/calls.jsonl:1: not a call: a key a call does not take`},
		{`{"judge": "nobody", "script": "WRITER A", "section": "ACT 2", "reply": "x"}`, `in/judged/calls.jsonl:1: the judge named here has no [[judge]] entry in judges.toml`},
		{`{"judge": "family-b", "script": "WRITER A", "section": "ACT 2"}`, `in/judged/calls.jsonl:1: the call has no reply`},
		{`{"judge": "family-b", "script": "WRITER A", "reply": "x"}`, `in/judged/calls.jsonl:1: the call names no script and section`},
		{`{"judge": "family-b", "script": "WRITER Q", "section": "ACT 2", "reply": "x"}`, `in/judged/calls.jsonl:1: the script named here is none of sections.md's`},
		{`{"judge": "family-b", "script": "WRITER B", "section": "ACT 1", "reply": "x"}`, `in/judged/calls.jsonl:1: this judge replied on section "ACT 1" already (at in/judged/family-b.md:2)`},
		{`{"judge": "family-b", "fixture": "T2", "reply": "x"}`, `in/judged/calls.jsonl:1: this judge replied on fixture "T2" already (at in/judged/fixtures/family-b.md:`},
		{`{"judge": "family-b", "script": "WRITER A", "section": "ACT 2", "reply": "=== VERDICTS ===\n` + strings.ReplaceAll(goodVerdicts, "\n", `\n`) + `"}`,
			`in/judged/calls.jsonl:1: the reply on section "ACT 2" gives verdicts before its analysis`},
		{`{"judge": "family-b", "script": "WRITER A", "section": "ACT 2", "reply": ` + jsonReply(goodVerdicts) + `, "time": "yesterday"}`, `in/judged/calls.jsonl:1: time is not an RFC 3339 time (such as 2026-07-01T09:30:00Z)`},
	} {
		_, err := Load(tree("judged/calls.jsonl", tc.line+"\n"), "in", testSections)
		if err == nil || !strings.HasPrefix(filepath.ToSlash(err.Error()), tc.want) {
			t.Errorf("%s:\n got %v\nwant %s", tc.line, err, tc.want)
		}
	}
}

// TestAttachRegistersEveryAnalysis: the analyses of the replies on the
// fixtures are private texts too, as those on the sections are: a page
// publishing one is a leak.
func TestAttachRegistersEveryAnalysis(t *testing.T) {
	dir := filepath.Join("..", "..", "demo", "private")
	folder, err := inputs.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	tier, err := Attach(context.Background(), folder, dir)
	if err != nil {
		t.Fatal(err)
	}
	registered := map[string]bool{}
	for _, text := range folder.PrivateTexts {
		registered[text] = true
	}
	n := 0
	for _, fx := range tier.Fixtures {
		for _, r := range fx.Replies {
			n++
			if !registered[r.Analysis] {
				t.Errorf("%s:%d: the analysis of the reply on fixture %s is not a private text", fx.File, r.Line, r.Fixture)
			}
		}
	}
	for _, rs := range tier.Replies {
		for _, r := range rs.Replies {
			if !registered[r.Analysis] {
				t.Errorf("%s:%d: the analysis is not a private text", rs.File, r.Line)
			}
		}
	}
	if n == 0 {
		t.Fatal("the demo has no fixture replies: the test is not testing")
	}
}

// TestMessagesNeverEchoAPrivateValue: a value of a private file that is
// not what a field accepts (free text in an enum field, a script heading
// sections.md lacks, a name, a count) is never quoted in the message,
// which goes to CI logs: it says which field is wrong and what it
// accepts. Each case plants the word "Gemini" in the bad value.
func TestMessagesNeverEchoAPrivateValue(t *testing.T) {
	const p = "judged/primary.md"
	label := func(old, new string) fstest.MapFS {
		return tree("judged/labels/author.md", strings.Replace(goodLabel, old, new, 1))
	}
	for _, tc := range []struct {
		name string
		fsys fstest.MapFS
		says string // what the message names instead
	}{
		{"tuned_on", tree("judged/judges.toml", strings.Replace(goodJudges, `tuned_on = "pilot"`, `tuned_on = "pilot, in the Gemini playground"`, 1)), `tuned_on is none of "pilot"`},
		{"order", tree("judged/judges.toml", strings.Replace(goodJudges, `order = "swapped"`, `order = "randomised by the Gemini team"`, 1)), `order is none of "randomised"`},
		{"role", tree("judged/judges.toml", strings.Replace(goodJudges, `role = "family"`, `role = "Gemini's own"`, 1)), `role is neither "primary" nor "family"`},
		{"name", tree("judged/judges.toml", strings.Replace(strings.Replace(goodJudges, `order = "swapped"`, `order = "swapped"`+"\nname = \"Gemini grader\"", 1),
			`order = "randomised"`, `order = "randomised"`+"\nname = \"GEMINI GRADER\"", 1)), `its name is the judge's of line 1 too`},
		{"run", tree("judged/judges.toml", strings.Replace(goodJudges, `run = 2026-07-02T09:00:00Z`, `run = "when Gemini was free"`, 1)), `run is not an RFC 3339 time`},
		{"labeller kind", tree("judged/labellers.toml", strings.Replace(goodLabellers, `kind = "human"`+"\n\n", `kind = "Gemini"`+"\n\n", 1)), `kind is neither "human" nor "model"`},
		{"labeller role", tree("judged/labellers.toml", strings.Replace(goodLabellers, `role = "author"`, `role = "Gemini lead"`, 1)), `role is neither "author"`},
		{"labeller criteria", tree("judged/labellers.toml", strings.Replace(goodLabellers, `criteria = ["C4", "c1"]`, `criteria = ["C4", "Gemini"]`, 1)), `criteria names one that is not a judged criterion`},
		{"script of a reply", tree(p, "# Gemini 2.5 Pro\n## ACT 1\n"+reply(goodVerdicts)), `the script named here is none of sections.md's`},
		{"section of a script", tree(p, "# WRITER A\n## Gemini act\n"+reply(goodVerdicts)), `the section named here is not in this script`},
		{"count", tree(p, "# WRITER A\n## ACT 1\n"+reply("C1_COVERAGE: Gemini of 12\n")), `C1_COVERAGE: is not a count`},
		{"a stray line", tree(p, "# WRITER A\n## ACT 1\n"+reply("C1_COVERAGE: 9 of 12\nGemini said so\n")), `unexpected line, want C2_DEVELOPMENT`},
		{"text after the block", tree(p, "# WRITER A\n## ACT 1\n"+reply(goodVerdicts)+"as Gemini would\n"), `text after the verdict block`},
		{"SAMPLE", label("SAMPLE: pilot", "SAMPLE: Gemini"), `SAMPLE is neither pilot nor validation`},
		{"LABELLED_AT", label("LABELLED_AT: 2026-06-20T08:00:00Z", "LABELLED_AT: Gemini day"), `LABELLED_AT is not an RFC 3339 time`},
		{"ADEQUACY", label("SAMPLE: pilot\n", "SAMPLE: pilot\nADEQUACY: Gemini-like\n"), `ADEQUACY is neither adequate nor thin`},
		{"AMBIGUITY", label("SAMPLE: pilot\n", "SAMPLE: pilot\nAMBIGUITY: the Gemini bit\n"), `AMBIGUITY: want a criterion and a note`},
		{"class", tree("judged/additions.toml", "[[addition]]\njudge = \"primary\"\nscript = \"WRITER A\"\nsection = \"ACT 2\"\ncandidate = 1\nclass = \"Gemini filler\"\n"), `class is neither "transition" nor "scope_creep"`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Load(tc.fsys, "in", testSections)
			if err == nil {
				t.Fatal("no error")
			}
			msg := err.Error() + " " + diag.Hint(err)
			if strings.Contains(strings.ToLower(msg), "gemini") {
				t.Errorf("the message quotes the value: %q", msg)
			}
			if !strings.Contains(msg, tc.says) {
				t.Errorf("message %q does not say %q", msg, tc.says)
			}
		})
	}
}

// TestAHeadingChangedInSectionsIsSaidThere: a section two or more judges'
// files reply on and sections.md's script lacks is said once, at
// sections.md: at the one section of that script no file replies on and
// no other script has (a heading renamed there), or else at the script's
// heading; a section one file alone names is that file's mistake.
func TestAHeadingChangedInSectionsIsSaidThere(t *testing.T) {
	t.Parallel()
	primary := goodPrimary + "# WRITER B\n## ACT 1\n" + reply(goodVerdicts)
	tests := []struct {
		name     string
		sections []inputs.Section
		want     string
	}{
		{"renamed", []inputs.Section{
			{Script: "WRITER A", ScriptLine: 1, Name: "ACT 1", Line: 2}, {Script: "WRITER A", ScriptLine: 1, Name: "ACT 2", Line: 4},
			{Script: "WRITER B", ScriptLine: 6, Name: "ACT 7", Line: 7}, {Script: "WRITER B", ScriptLine: 6, Name: "ACT 2", Line: 9},
		}, `in/sections.md:7: section "ACT 7" has no reply in the judges' files, which reply on a heading of another name in this script instead (in/judged/family-b.md:2 and 1 more)`},
		{"removed", []inputs.Section{
			{Script: "WRITER A", ScriptLine: 1, Name: "ACT 1", Line: 2}, {Script: "WRITER A", ScriptLine: 1, Name: "ACT 2", Line: 4},
			{Script: "WRITER B", ScriptLine: 6, Name: "ACT 2", Line: 7},
		}, `in/sections.md:6: this script has no section of the heading the judges' files reply on (in/judged/family-b.md:2 and 1 more)`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			_, err := Load(tree("judged/primary.md", primary), "in", tt.sections)
			if err == nil {
				t.Fatal("no error")
			}
			got := filepath.ToSlash(err.Error())
			if got != tt.want {
				t.Errorf("err =\n%s\nwant only\n%s", got, tt.want)
			}
		})
	}
}

// TestALabellerWithoutItsFileIsSaidAtItsEntry: a labeller labellers.toml
// describes whose labels file is missing is said once, at its entry, and
// naming the first record that names it; records of other labellers'
// files and of no labeller are unchanged. Named by no record, it is a
// warning.
func TestALabellerWithoutItsFileIsSaidAtItsEntry(t *testing.T) {
	t.Parallel()
	disagreement := "[[disagreement]]\nscript = \"WRITER A\"\nsection = \"ACT 1\"\ncriterion = \"C4\"\njudge = \"primary\"\nlabeller = \"author\"\ncause = \"judge\"\n"
	_, err := Load(tree("judged/labels/author.md", "", "judged/disagreements.toml", disagreement), "in", testSections)
	want := `in/judged/labellers.toml:1: this labeller has no labels file (judged/labels/<its id>.md), yet in/judged/additions.toml:1 names it`
	if err == nil || filepath.ToSlash(err.Error()) != want {
		t.Errorf("err = %v\nwant only %s", err, want)
	}
	tier, err := Load(tree("judged/labels/author.md", "", "judged/additions.toml", ""), "in", testSections)
	if err != nil {
		t.Fatal(err)
	}
	want = `in/judged/labellers.toml:1: warning: this labeller has no labels file (judged/labels/<its id>.md); it labelled nothing`
	if got := tier.Diagnostics.Warnings(); len(got) != 1 || filepath.ToSlash(got[0].Error()) != want {
		t.Errorf("warnings %v, want %s", got, want)
	}
}

// TestARenamedStepIsWarnedOf: a reply that lays out no STEP 2 groups
// while the file's other replies do (its STEP 2 line renamed) is a
// warning at the reply, since its per-group breakdown is left out; a file
// none of whose replies lays them out warns of nothing.
func TestARenamedStepIsWarnedOf(t *testing.T) {
	t.Parallel()
	verdicts := "=== VERDICTS ===\nC1_COVERAGE: 9 of 12\nC2_DEVELOPMENT: 0 of 1\nC4_ADDITIONS: PASS\nC6_ON_BRIEF: PASS\nAMBIGUOUS: NONE\n"
	laidOut := "=== ANALYSIS ===\nSTEP 2 - groups\n- EXAMPLE: one\n- MECHANISM: two\nGroup 1: DEVELOPED\n" + verdicts
	renamed := strings.Replace(laidOut, "STEP 2", "STAGE 2", 1)
	want := `in/judged/primary.md:14: warning: the reply on section "ACT 2" lays out no STEP 2 groups`
	for name, tc := range map[string]struct {
		act2 string
		warn bool
	}{"renamed": {renamed, true}, "laid out": {laidOut, false}} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			primary := "# WRITER A\n## ACT 1\n" + laidOut + "## ACT 2\n" + tc.act2
			tier, err := Load(tree("judged/primary.md", primary, "judged/additions.toml", ""), "in", testSections)
			if err != nil {
				t.Fatal(err)
			}
			said := 0
			for _, w := range tier.Diagnostics.Warnings() {
				if strings.HasPrefix(filepath.ToSlash(w.Error()), want) {
					said++
				}
			}
			if tc.warn != (said == 1) || said > 1 {
				t.Errorf("said %d times: %v", said, tier.Diagnostics.Warnings())
			}
		})
	}
	tier, err := Load(tree(), "in", testSections)
	if err != nil {
		t.Fatal(err)
	}
	for _, w := range tier.Diagnostics.Warnings() {
		if strings.Contains(w.Error(), "lays out no STEP 2 groups") {
			t.Errorf("a judge that lays out no groups: %v", w)
		}
	}
}
