package criteria

import (
	"errors"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"
	"unicode/utf8"
)

func TestC5Thresholds(t *testing.T) {
	for _, tc := range []struct {
		th    C5Thresholds
		valid bool
	}{
		{DefaultC5, true},
		{C5Thresholds{MaxRun: 0, MaxOverlap: 0, NGram: 1}, true},
		{C5Thresholds{MaxRun: -1, MaxOverlap: 0.1, NGram: 8}, false},
		{C5Thresholds{MaxRun: 12, MaxOverlap: 1.5, NGram: 8}, false},
		{C5Thresholds{MaxRun: 12, MaxOverlap: -0.1, NGram: 8}, false},
		{C5Thresholds{MaxRun: 12, MaxOverlap: 0.1, NGram: 0}, false},
	} {
		if err := tc.th.Validate(); (err == nil) != tc.valid {
			t.Errorf("%+v: Validate() = %v, want valid=%v", tc.th, err, tc.valid)
		}
	}
}

func TestC5Judge(t *testing.T) {
	for _, tc := range []struct {
		name         string
		run          int
		overlap      float64
		verdict      Verdict
		failed       []string
		runLine, ovl string
	}{
		{"at the limits", 12, 0.10, Pass, nil, "longest run 12 <= 12: pass", "overlap 10.0% <= 10% (3 of 30 distinct 8-grams): pass"},
		{"overlap alone", 11, 0.167, Fail, []string{RuleOverlap}, "longest run 11 <= 12: pass", "overlap 16.7% > 10% (3 of 30 distinct 8-grams): FAIL"},
		{"run alone", 13, 0, Fail, []string{RuleRun}, "longest run 13 > 12: FAIL", "overlap 0.0% <= 10% (3 of 30 distinct 8-grams): pass"},
		{"both", 40, 0.5, Fail, []string{RuleRun, RuleOverlap}, "longest run 40 > 12: FAIL", "overlap 50.0% > 10% (3 of 30 distinct 8-grams): FAIL"},
	} {
		o := DefaultC5.Judge(tc.run, tc.overlap, 3, 30)
		if o.Verdict != tc.verdict || !reflect.DeepEqual(o.Failed, tc.failed) || o.Criterion != C5 {
			t.Errorf("%s: verdict %s failed %v, want %s %v", tc.name, o.Verdict, o.Failed, tc.verdict, tc.failed)
		}
		checks := o.Checks()
		if len(checks) != 2 || checks[0].Text != tc.runLine || checks[1].Text != tc.ovl {
			t.Errorf("%s: checks %+v", tc.name, checks)
		}
		if checks[0].Failed != o.RuleFailed(RuleRun) || checks[1].Failed != o.RuleFailed(RuleOverlap) {
			t.Errorf("%s: check flags %+v disagree with %v", tc.name, checks, o.Failed)
		}
	}
}

func TestC5NoExampleIsUnscored(t *testing.T) {
	s := Settings{C5: DefaultC5, G1: DefaultG1}
	o, ok := Find(Judge(&s, &Measurements{Section: "ACT 1", Written: 10}), Key{Criterion: C5})
	if !ok || o.Verdict != Unscored || o.Label() != "NO EXAMPLE" || o.Fail() || o.Scored() {
		t.Errorf("no example: %+v (label %q)", o, o.Label())
	}
}

func TestWithLimitJudgesAgain(t *testing.T) {
	o := DefaultC5.Judge(18, 0.05, 1, 20)
	if !o.Fail() {
		t.Fatalf("run 18 should fail at 12")
	}
	if o2 := o.WithLimit(LimitMaxRun, 18); o2.Fail() {
		t.Errorf("run 18 at max_run 18 should pass: %+v", o2)
	}
	if o3 := o.WithLimit(LimitMaxRun, 18).WithLimit(LimitMaxOverlap, 0.04); !o3.Fail() || !reflect.DeepEqual(o3.Failed, []string{RuleOverlap}) {
		t.Errorf("overlap 5%% at 4%% should fail alone: %+v", o3)
	}
	if o.Limits[0].Value != float64(DefaultC5.MaxRun) {
		t.Errorf("WithLimit changed the original outcome: %+v", o.Limits)
	}
}

func TestRegistryOrderAndKinds(t *testing.T) {
	var ids []string
	for _, c := range All() {
		ids = append(ids, string(c.ID)+":"+string(c.Kind))
		if len(c.Rules) == 0 || c.judge == nil || c.Title == "" {
			t.Errorf("%s is incomplete", c.ID)
		}
	}
	// Quality criteria first, then the gates.
	if got := strings.Join(ids, " "); got != "C1:quality C2:quality C4:quality C5:quality C6:quality G1:gate" {
		t.Errorf("criteria %s", got)
	}
	if Lookup("C9") != nil || Lookup(G1) == nil {
		t.Errorf("Lookup")
	}
}

func TestForMeasurementKeepsOnlyWhatChangesMeasurements(t *testing.T) {
	s := Settings{C5: C5Thresholds{MaxRun: 20, MaxOverlap: 0.3, NGram: 5}, G1: G1Settings{Tolerance: 0.2, Targets: map[string]int{"A": 3}}}
	got := s.ForMeasurement()
	want := Settings{C5: C5Thresholds{NGram: 5}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("ForMeasurement() = %+v, want %+v", got, want)
	}
	if s.C5.MaxRun != 20 || s.G1.Targets == nil {
		t.Errorf("ForMeasurement changed its receiver")
	}
}

func TestSettingErrorsNameTheirKey(t *testing.T) {
	for _, tc := range []struct {
		s        Settings
		key, msg string
	}{
		{Settings{C5: C5Thresholds{MaxRun: -3, MaxOverlap: 0.1, NGram: 8}, G1: DefaultG1}, "c5", "[c5] max run -3 is negative"},
		{Settings{C5: DefaultC5, G1: G1Settings{Tolerance: -0.1}}, "g1.tolerance", "[g1] tolerance -0.1 is outside 0..1"},
		{Settings{C5: DefaultC5, G1: G1Settings{Tolerance: 0.1, Targets: map[string]int{"ACT 1": -5}}}, "g1.targets.ACT 1", `[g1.targets] "ACT 1" = -5 is negative`},
	} {
		err := tc.s.Validate()
		var se *SettingError
		if !errors.As(err, &se) || se.Key != tc.key || !strings.HasPrefix(se.Msg, tc.msg) {
			t.Errorf("Validate() = %v, want key %q and %q", err, tc.key, tc.msg)
		}
	}
}

func TestTallies(t *testing.T) {
	var ts Tallies
	ts.AddAll([]Outcome{{Criterion: C5, Verdict: Fail}, {Criterion: G1, Verdict: Unscored}})
	ts.AddAll([]Outcome{{Criterion: C5, Verdict: Pass}, {Criterion: G1, Verdict: Pass}})
	ts.Add(Outcome{Criterion: "C1", Judge: "primary", Verdict: Ambiguous})
	if c := ts.Of(Key{Criterion: C5}); c.Pass != 1 || c.Fail != 1 || c.Scored() != 2 {
		t.Errorf("C5 %+v", c)
	}
	if g := ts.Of(Key{Criterion: G1}); g.Unscored != 1 || g.Scored() != 1 {
		t.Errorf("G1 %+v", g)
	}
	if j := ts.Of(Key{Criterion: "C1", Judge: "primary"}); j.Ambiguous != 1 || ts.Of(Key{Criterion: "C1"}).Ambiguous != 0 {
		t.Errorf("judged tallies are kept per judge: %+v", ts)
	}
}

func TestG1Judge(t *testing.T) {
	g := G1Settings{Tolerance: 0.15, Targets: map[string]int{"ACT 1": 300, "CTA": 45, "ZERO": 0}}
	if lo, hi := g.Bounds(300); lo != 255 || hi != 345 {
		t.Errorf("bounds of 300 at 15%%: %v..%v, want 255..345", lo, hi)
	}
	for _, tc := range []struct {
		section string
		words   int
		verdict Verdict
		failed  []string
		summary string
	}{
		{"ACT 1", 255, Pass, nil, "255 words, target 300 (255 to 345)"}, // on the lower bound
		{"ACT 1", 254, Fail, []string{RuleShort}, "254 words, target 300 (255 to 345)"},
		{"ACT 1", 345, Pass, nil, "345 words, target 300 (255 to 345)"}, // on the upper bound
		{"ACT 1", 346, Fail, []string{RuleLong}, "346 words, target 300 (255 to 345)"},
		{"CTA", 52, Fail, []string{RuleLong}, "52 words, target 45 (38.25 to 51.75)"},
		{"ZERO", 0, Pass, nil, "0 words, target 0 (0 to 0)"},
		{"ZERO", 1, Fail, []string{RuleLong}, "1 word, target 0 (0 to 0)"},
		{"HOOK", 40, Unscored, nil, "40 words"}, // no target: never a pass
	} {
		o := g.Judge(tc.section, tc.words)
		if o.Verdict != tc.verdict || !reflect.DeepEqual(o.Failed, tc.failed) || o.Summary() != tc.summary || o.Criterion != G1 {
			t.Errorf("%s %d words: %s %v %q, want %s %v %q", tc.section, tc.words, o.Verdict, o.Failed, o.Summary(), tc.verdict, tc.failed, tc.summary)
		}
	}
	if o := g.Judge("HOOK", 40); o.Label() != "NO TARGET" || o.Reason != "no target" {
		t.Errorf("no target: %+v", o)
	}
	// G1 never changes C5: both are judged, each on its own numbers.
	s := Settings{C5: DefaultC5, G1: g}
	out := Judge(&s, &Measurements{Section: "CTA", Written: 60, HasExample: true, Words: 50, Run: 3, Overlap: 0.01, Distinct: 40})
	if len(out) != 2 || out[0].Criterion != C5 || out[0].Verdict != Pass || out[1].Criterion != G1 || out[1].Verdict != Fail {
		t.Errorf("outcomes %+v", out)
	}
}

func TestUnknownTargets(t *testing.T) {
	g := G1Settings{Targets: map[string]int{"ACT 1": 3, "CODA": 4, "BRIDGE": 5}}
	if got := g.UnknownTargets([]string{"HOOK", "ACT 1"}); !reflect.DeepEqual(got, []string{"BRIDGE", "CODA"}) {
		t.Errorf("unknown targets %v", got)
	}
}

func TestCountWords(t *testing.T) {
	for text, want := range map[string]int{
		"":                              0,
		"  \n\t ":                       0,
		"one":                           1,
		"Say hello to Brightwave, now!": 5,
		"a\u00a0b c\n\nd — e":           6, // a no-break space separates; a dash is a word
		"  leading and trailing  \n":    3,
	} {
		if got := CountWords(text); got != want {
			t.Errorf("CountWords(%q) = %d, want %d", text, got, want)
		}
	}
}

// CountWords counts what strings.Fields splits, invalid UTF-8 and every
// kind of space included, in texts long enough to be read eight bytes at a
// time with other characters at every offset.
func TestCountWordsAsFields(t *testing.T) {
	pieces := []string{"a", "word", " ", "\t", "\n", "\v", "\f", "\r", "\u0085", "\u00a0", "\u1680", "\u2003", "\u2028",
		"\u3000", "\u200b", "\ufeff", "é", "—", "\xff", "\xc3", "\xe2\x80", "▬", "\x00", "\x1c"}
	rng := rand.New(rand.NewPCG(1, 2))
	for range 20000 {
		var b strings.Builder
		for range rng.IntN(40) {
			b.WriteString(pieces[rng.IntN(len(pieces))])
		}
		text := b.String()
		if got, want := CountWords(text), len(strings.Fields(text)); got != want {
			t.Fatalf("CountWords(%q) = %d, strings.Fields has %d", text, got, want)
		}
	}
	// Every ASCII byte, alone and between words, at every offset of a chunk.
	for c := range utf8.RuneSelf {
		for at := range 17 {
			text := strings.Repeat("x", at) + string(rune(c)) + "yz" + string(rune(c)) + strings.Repeat("w ", 5)
			if got, want := CountWords(text), len(strings.Fields(text)); got != want {
				t.Fatalf("CountWords(%q) = %d, strings.Fields has %d", text, got, want)
			}
		}
	}
}

func FuzzCountWords(f *testing.F) {
	for _, seed := range []string{"", "one two", "a\u00a0b\tc\r\nd", "\xff\xfe words \x85 x", "eight by  tes\v\f more words"} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, text string) {
		if got, want := CountWords(text), len(strings.Fields(text)); got != want {
			t.Fatalf("CountWords(%q) = %d, strings.Fields has %d", text, got, want)
		}
	})
}

func BenchmarkCountWords(b *testing.B) {
	text := strings.Repeat("The quay was quiet, and the boats — all of them — stayed in.\n", 2000)
	b.SetBytes(int64(len(text)))
	for b.Loop() {
		CountWords(text)
	}
}

func TestRecords(t *testing.T) {
	outcomes := []Outcome{
		DefaultC5.Judge(13, 0.05, 1, 20),
		{Criterion: "C1", Judge: "primary", Verdict: Fail, Failed: []string{"present"}},
		{Criterion: "C1", Judge: "family-1", Verdict: Ambiguous, Reason: "flagged"},
	}
	r := Records(outcomes)
	if c5 := r["C5"]; c5.Verdict != "FAIL" || !reflect.DeepEqual(c5.Rules, []string{RuleRun}) || c5.Values["run"] != 13 || c5.Limits["max_run"] != 12 {
		t.Errorf("C5 record %+v", c5)
	}
	c1 := r["C1"]
	if c1.Verdict != "" || c1.Judges["primary"].Verdict != "FAIL" || c1.Judges["family-1"].Reason != "flagged" {
		t.Errorf("a judged criterion's record holds its judges: %+v", c1)
	}
}

func TestFailsWithLimitIsWithLimitFail(t *testing.T) {
	s := &Settings{C5: DefaultC5, G1: DefaultG1, Judged: JudgedSettings{C1MinPresent: 10, C2MaxUndeveloped: 0.3333}}
	var outcomes []Outcome
	for _, m := range []*Measurements{
		{Section: "ACT 1", Written: 10},
		{Section: "ACT 1", HasExample: true, Words: 100, Written: 100, Run: 18, Overlap: 0.05, Shared: 1, Distinct: 20},
		{Section: "ACT 1", HasExample: true, Words: 100, Written: 100, Run: 4, Overlap: 0.25, Shared: 5, Distinct: 20, Judgments: []Judgment{
			{Judge: "primary", Present: 9, Assigned: 12, Undeveloped: 1, Groups: 4, Additions: true, OnBrief: true}}},
	} {
		outcomes = append(outcomes, Judge(s, m)...)
	}
	outcomes = append(outcomes, Outcome{Criterion: "C9", Verdict: Fail}) // no such criterion
	checked := 0
	for _, o := range outcomes {
		for _, name := range []string{LimitMaxRun, LimitMaxOverlap, LimitMinPresent, "nothing"} {
			for _, v := range []float64{0, 0.04, 0.05, 0.25, 3, 4, 9, 10, 17, 18, 19, 1000} {
				if got, want := o.FailsWithLimit(name, v), o.WithLimit(name, v).Fail(); got != want {
					t.Errorf("%s %+v with %s = %v: FailsWithLimit %v, WithLimit(...).Fail() %v", o.Criterion, o, name, v, got, want)
				}
				checked++
			}
		}
	}
	if len(outcomes) < 6 || checked == 0 {
		t.Fatalf("%d outcomes", len(outcomes))
	}
}
