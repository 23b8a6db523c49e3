package validation

import (
	"testing"
	"testing/fstest"

	"github.com/evalpress/evalpress/reports/agreement"
	"github.com/evalpress/evalpress/reports/inputs"
	"github.com/evalpress/evalpress/reports/judged"
)

func TestFromTier(t *testing.T) {
	block := func(c1, c2, c4, amb string) string {
		return "=== VERDICTS ===\nC1_COVERAGE: " + c1 + "\nC2_DEVELOPMENT: " + c2 + "\nC4_ADDITIONS: " + c4 +
			"\nC6_ON_BRIEF: PASS\nAMBIGUOUS: " + amb + "\n"
	}
	reply := func(c1, c2, c4, amb string) string { return "=== ANALYSIS ===\nReasons.\n" + block(c1, c2, c4, amb) }
	fsys := fstest.MapFS{
		"judged/judges.toml": {Data: []byte(`[[judge]]
id = "primary"
role = "primary"
model = "M"
run = 2026-07-02T09:00:00Z
prompt_sha256 = "` + digest + `"
version = "1"
iterations = 1
tuned_on = "pilot"
order = "randomised"
`)},
		"judged/labellers.toml": {Data: []byte("[[labeller]]\nid = \"author\"\nname = \"Labeller A\"\nrole = \"author\"\nkind = \"human\"\n")},
		"judged/primary.md":     {Data: []byte("# W\n## S1\n" + reply("5 of 6", "1 of 4", "PASS", "NONE") + "## S2\n" + reply("3 of 6", "3 of 4", "FAIL", "C4"))},
		"judged/labels/author.md": {Data: []byte("# W\n## S1\nSAMPLE: validation\nLABELLED_AT: 2026-06-01T00:00:00Z\n" + block("5 of 6", "2 of 4", "FAIL", "NONE") +
			"## S2\nSAMPLE: pilot\nLABELLED_AT: 2026-06-01T00:00:00Z\n" + block("3 of 6", "3 of 4", "FAIL", "NONE"))},
		"judged/fixtures/primary.md": {Data: []byte("## T2\n" + reply("2 of 6", "0 of 4", "PASS", "NONE"))},
	}
	sections := []inputs.Section{{Script: "W", Name: "S1", Line: 2}, {Script: "W", Name: "S2", Line: 4}}
	tier, err := judged.Load(fsys, "in", sections)
	if err != nil {
		t.Fatal(err)
	}
	th := judged.Thresholds{C1MinPresent: 4, C2MaxUndeveloped: 0.3333}
	res := judged.Evaluate(tier, th, nil, sections)
	fixtures := []Fixture{{ID: "T2", Words: 100, Expect: map[string]agreement.Verdict{"C1": agreement.Fail}}}
	in := FromTier(tier, res, th, Setup{Writers: []string{"W"}, Fixtures: fixtures, Prompt: &Prompt{File: "p.txt", SHA256: digest}, ConfigFile: "config.toml"})
	if !in.Ran || len(in.Judges) != 1 || len(in.Labellers) != 1 || in.Unscored != nil {
		t.Fatalf("input %+v", in)
	}
	j := in.Judges[0]
	s1, s2 := agreement.Item{Writer: "W", Section: "S1"}, agreement.Item{Writer: "W", Section: "S2"}
	// S1: C1 5>=4 pass, C2 1/4 pass, C4 pass; S2: C1 3<4 FAIL, C2 3/4 FAIL, C4 ambiguous.
	for _, tc := range []struct {
		item agreement.Item
		crit string
		want agreement.Verdict
	}{{s1, "C1", agreement.Pass}, {s1, "C2", agreement.Pass}, {s1, "C4", agreement.Pass}, {s2, "C1", agreement.Fail},
		{s2, "C2", agreement.Fail}, {s2, "C4", agreement.Ambiguous}, {s2, "C6", agreement.Pass}} {
		if got := j.Ratings.Verdict(tc.item, tc.crit); got != tc.want {
			t.Errorf("judge %v %s = %v, want %v", tc.item, tc.crit, got, tc.want)
		}
	}
	if j.Fixtures["T2"]["C1"] != agreement.Fail || j.FixtureLines["T2"] != 1 || j.Iterations != 1 || j.TunedOn != "pilot" || j.File == "" {
		t.Errorf("judge %+v", j)
	}
	lab := in.Labellers[0].Labels
	if len(lab) != 2 || lab[0].Sample != judged.Validation || lab[0].Verdicts["C2"] != agreement.Fail || lab[1].Sample != judged.Pilot {
		t.Errorf("labels %+v", lab)
	}
	r := Build(in)
	if len(r.Sample) != 1 || len(r.Pilot) != 1 || r.Judges[0].Usability != Usable || r.Judges[0].Prompt != PromptMatches {
		t.Errorf("report: sample %d pilot %d judge %+v", len(r.Sample), len(r.Pilot), r.Judges[0])
	}
	// N unset: C1 is no verdict, and named unscored.
	th.C1MinPresent = 0
	in = FromTier(tier, judged.Evaluate(tier, th, nil, sections), th, Setup{Writers: []string{"W"}, Fixtures: fixtures, ConfigFile: "config.toml"})
	if in.Judges[0].Ratings.Verdict(s1, "C1") != agreement.None || len(in.Unscored) != 1 {
		t.Errorf("C1 unscored: %v, %v", in.Judges[0].Ratings.Verdict(s1, "C1"), in.Unscored)
	}
	// No tier: only the fixtures.
	if in := FromTier(nil, nil, th, Setup{Writers: []string{"W"}, Fixtures: fixtures, ConfigFile: "config.toml"}); in.Ran || in.Judges != nil || len(in.Fixtures) != 1 {
		t.Errorf("no tier: %+v", in)
	}
}

func TestFixtureWords(t *testing.T) {
	for _, tc := range []struct {
		md   string
		want int
	}{
		{"# T1: dense\n\nOne two three.\nFour five\n", 5},
		{"  ## heading\nword — word\n", 3},
		{"", 0},
	} {
		if got := FixtureWords(tc.md); got != tc.want {
			t.Errorf("FixtureWords(%q) = %d, want %d", tc.md, got, tc.want)
		}
	}
}
