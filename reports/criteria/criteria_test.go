package criteria

import (
	"errors"
	"math/rand/v2"
	"reflect"
	"slices"
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
		{"at the limits", 12, 0.10, Pass, nil, "longest run 12 ≤ 12 words: pass", "overlap 10% ≤ 10% (3 of 30 distinct 8-grams): pass"},
		{"overlap alone", 11, 0.167, Fail, []string{RuleOverlap}, "longest run 11 ≤ 12 words: pass", "overlap 16.7% > 10% (3 of 30 distinct 8-grams): FAIL"},
		{"run alone", 13, 0, Fail, []string{RuleRun}, "longest run 13 > 12 words: FAIL", "overlap 0% ≤ 10% (3 of 30 distinct 8-grams): pass"},
		{"both", 40, 0.5, Fail, []string{RuleRun, RuleOverlap}, "longest run 40 > 12 words: FAIL", "overlap 50% > 10% (3 of 30 distinct 8-grams): FAIL"},
	} {
		o := DefaultC5.Judge(tc.run, tc.overlap, 3, 30)
		if o.Verdict != tc.verdict || !reflect.DeepEqual(o.Failed, tc.failed) || o.Criterion != C5 {
			t.Errorf("%s: verdict %s failed %v, want %s %v", tc.name, o.Verdict, o.Failed, tc.verdict, tc.failed)
		}
		checks := Default().Checks(o)
		if len(checks) != 2 || checks[0].Text != tc.runLine || checks[1].Text != tc.ovl {
			t.Errorf("%s: checks %+v", tc.name, checks)
		}
		if checks[0].Failed != o.RuleFailed(RuleRun) || checks[1].Failed != o.RuleFailed(RuleOverlap) {
			t.Errorf("%s: check flags %+v disagree with %v", tc.name, checks, o.Failed)
		}
	}
}

// measured returns the measurements of a section with an example (C5's
// comparison) and its length as written.
func measured(section string, written, run int, overlap float64, shared, distinct int) *Measurements {
	return &Measurements{Section: section, Numbers: []Named{{MeasureWritten, float64(written)}, {ValueRun, float64(run)},
		{ValueOverlap, overlap}, {ValueShared, float64(shared)}, {ValueDistinct, float64(distinct)}}}
}

// unmeasured returns the measurements of a section without an example.
func unmeasured(section string, written int) *Measurements {
	return &Measurements{Section: section, Numbers: []Named{{MeasureWritten, float64(written)}}}
}

func TestC5NoExampleIsUnscored(t *testing.T) {
	o, ok := Find(Settings{}.Judge(unmeasured("ACT 1", 10)), Key{Criterion: C5})
	if !ok || o.Verdict != Unscored || o.Label() != "NO EXAMPLE" || o.Fail() || o.Scored() {
		t.Errorf("no example: %+v (label %q)", o, o.Label())
	}
}

func TestWithLimitJudgesAgain(t *testing.T) {
	o := DefaultC5.Judge(18, 0.05, 1, 20)
	if !o.Fail() {
		t.Fatalf("run 18 should fail at 12")
	}
	if o2 := Default().WithLimit(o, LimitMaxRun, 18); o2.Fail() {
		t.Errorf("run 18 at max_run 18 should pass: %+v", o2)
	}
	if o3 := Default().WithLimit(Default().WithLimit(o, LimitMaxRun, 18), LimitMaxOverlap, 0.04); !o3.Fail() || !reflect.DeepEqual(o3.Failed, []string{RuleOverlap}) {
		t.Errorf("overlap 5%% at 4%% should fail alone: %+v", o3)
	}
	if o.Limits[0].Value != float64(DefaultC5.MaxRun) {
		t.Errorf("WithLimit changed the original outcome: %+v", o.Limits)
	}
}

func TestRegistryOrderAndKinds(t *testing.T) {
	var ids []string
	for _, c := range Default().All() {
		ids = append(ids, string(c.ID)+":"+string(c.Kind))
		if len(c.Rules) == 0 || c.s.judge == nil || c.Title == "" {
			t.Errorf("%s is incomplete", c.ID)
		}
	}
	// The measured criteria first (quality, then gates), then the judged.
	if got := strings.Join(ids, " "); got != "C5:quality G1:gate C1:quality C2:quality C4:quality C6:quality" {
		t.Errorf("criteria %s", got)
	}
	if Default().Lookup("C9") != nil || Default().Lookup(G1) == nil || Default().Headline() != Default().Lookup(C5) {
		t.Errorf("Lookup")
	}
	// A criterion is one file, named after it.
	for _, c := range Default().All() {
		if want := strings.ToLower(string(c.ID)) + ".go"; c.File != want {
			t.Errorf("%s is defined in %s, want %s", c.ID, c.File, want)
		}
	}
	var want []string
	for _, c := range Default().All() {
		want = append(want, c.File)
	}
	want = append(want, "judged.go") // the judged criteria's shared rules
	if got := Default().SourceFiles(); !slices.Equal(got, want) {
		t.Errorf("source files %v, want %v", got, want)
	}
}

func TestSettingErrorsNameTheirKey(t *testing.T) {
	for _, tc := range []struct {
		id       ID
		v        any
		key, msg string
	}{
		{C5, C5Settings{C5Thresholds: C5Thresholds{MaxRun: -3, MaxOverlap: 0.1, NGram: 8}}, "c5.max_run", "[c5] max run -3 is negative"},
		{C5, C5Settings{C5Thresholds: C5Thresholds{MaxRun: 3, MaxOverlap: 1.1, NGram: 8}}, "c5.max_overlap", "[c5] max overlap 1.1 is outside 0..1"},
		{C5, C5Settings{C5Thresholds: DefaultC5, Registered: &C5Thresholds{MaxRun: 3, MaxOverlap: 0.1}}, "c5.registered.ngram", "[c5.registered] n-gram size 0 is less than 1"},
		{G1, G1Settings{Tolerance: -0.1}, "g1.tolerance", "[g1] tolerance -0.1 is outside 0..1"},
		{G1, G1Settings{Tolerance: 0.1, Targets: map[string]int{"ACT 1": -5}}, "g1.targets.ACT 1", `[g1.targets] "ACT 1" = -5 is negative`},
		{C1, C1Settings{MinPresent: -1}, "judged.c1_min_present", "[judged] c1_min_present -1 is negative"},
		{C1, C1Settings{Registered: &C1Registered{MinPresent: -2}}, "judged.registered.c1_min_present", "[judged.registered] c1_min_present -2"},
		{C2, C2Settings{MaxUndeveloped: 2}, "judged.c2_max_undeveloped", "[judged] c2_max_undeveloped 2 is outside 0..1"},
	} {
		s, err := Settings{}.With(Default().Lookup(tc.id), tc.v)
		if err != nil {
			t.Fatal(err)
		}
		err = s.Validate()
		var se *SettingError
		if !errors.As(err, &se) || se.Key != tc.key || !strings.HasPrefix(se.Msg, tc.msg) {
			t.Errorf("Validate() = %v, want key %q and %q", err, tc.key, tc.msg)
		}
	}
	if err := (Settings{}).Validate(); err != nil {
		t.Errorf("the defaults do not validate: %v", err)
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
	for _, b := range []struct{ target, lo, hi int }{{300, 255, 345}, {45, 39, 51}, {1, 1, 1}, {0, 0, 0}} {
		if lo, hi := g.Bounds(b.target); lo != float64(b.lo) || hi != float64(b.hi) {
			t.Errorf("bounds of %d at 15%%: %v..%v, want the whole counts %d..%d", b.target, lo, hi, b.lo, b.hi)
		}
	}
	for _, tc := range []struct {
		section string
		words   int
		verdict Verdict
		failed  []string
		summary string
	}{
		{"ACT 1", 255, Pass, nil, "255 words as written, target 300 (255 to 345 words)"}, // on the lower bound
		{"ACT 1", 254, Fail, []string{RuleShort}, "254 words as written, target 300 (255 to 345 words)"},
		{"ACT 1", 345, Pass, nil, "345 words as written, target 300 (255 to 345 words)"}, // on the upper bound
		{"ACT 1", 346, Fail, []string{RuleLong}, "346 words as written, target 300 (255 to 345 words)"},
		{"CTA", 52, Fail, []string{RuleLong}, "52 words as written, target 45 (39 to 51 words)"},
		{"ZERO", 0, Pass, nil, "0 words as written, target 0 (0 words)"},
		{"ZERO", 1, Fail, []string{RuleLong}, "1 word as written, target 0 (0 words)"},
		{"HOOK", 40, Unscored, nil, "40 words as written"}, // no target: never a pass
	} {
		o := g.Judge(tc.section, tc.words)
		if o.Verdict != tc.verdict || !reflect.DeepEqual(o.Failed, tc.failed) || Default().Summary(o) != tc.summary || o.Criterion != G1 {
			t.Errorf("%s %d words: %s %v %q, want %s %v %q", tc.section, tc.words, o.Verdict, o.Failed, Default().Summary(o), tc.verdict, tc.failed, tc.summary)
		}
	}
	if o := g.Judge("HOOK", 40); o.Label() != "NO TARGET" || o.Reason != "no target" {
		t.Errorf("no target: %+v", o)
	}
	// G1 never changes C5: both are judged, each on its own numbers.
	s, _ := Settings{}.With(Default().Lookup(G1), g)
	out := s.Judge(measured("CTA", 60, 3, 0.01, 0, 40))
	if len(out) != 2 || out[0].Criterion != C5 || out[0].Verdict != Pass || out[1].Criterion != G1 || out[1].Verdict != Fail {
		t.Errorf("outcomes %+v", out)
	}
}

func TestUnknownTargets(t *testing.T) {
	g := G1Settings{Targets: map[string]int{"ACT 1": 3, "CODA": 4, "BRIDGE": 5}}
	if got := g.UnknownTargets([]string{"HOOK", "ACT 1"}); !reflect.DeepEqual(got, []string{"BRIDGE", "CODA"}) {
		t.Errorf("unknown targets %v", got)
	}
	s, _ := Settings{}.With(Default().Lookup(G1), g)
	unused := s.Unused([]string{"HOOK", "ACT 1"})
	if len(unused) != 2 || unused[0].Key != "g1.targets.BRIDGE" || unused[1].Msg != `[g1.targets]: this key names no section of sections.md; it is ignored` {
		t.Errorf("unused settings %+v", unused)
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
	s, _ := Settings{}.With(Default().Lookup(C1), C1Settings{MinPresent: 10})
	judged := measured("ACT 1", 100, 4, 0.25, 5, 20)
	judged.Judgments = []Judgment{{Judge: "primary", Present: 9, Assigned: 12, Undeveloped: 1, Groups: 4, Additions: true, OnBrief: true}}
	var outcomes []Outcome
	for _, m := range []*Measurements{unmeasured("ACT 1", 10), measured("ACT 1", 100, 18, 0.05, 1, 20), judged} {
		outcomes = append(outcomes, s.Judge(m)...)
	}
	outcomes = append(outcomes, Outcome{Criterion: "C9", Verdict: Fail}) // no such criterion
	checked := 0
	for _, o := range outcomes {
		for _, name := range []string{LimitMaxRun, LimitMaxOverlap, LimitMinPresent, "nothing"} {
			for _, v := range []float64{0, 0.04, 0.05, 0.25, 3, 4, 9, 10, 17, 18, 19, 1000} {
				if got, want := Default().FailsWithLimit(o, name, v), Default().WithLimit(o, name, v).Fail(); got != want {
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

// TestG1BoundsAreExact checks G1's whole-word bounds against integer
// arithmetic for every target up to 2,000 words at every whole-percent
// tolerance: 100 words at 57% is 43 to 157, although 100 - 100*0.57 is
// 43.00000000000001 in floating point.
func TestG1BoundsAreExact(t *testing.T) {
	t.Parallel()
	ceilDiv := func(a, b int) int { return (a + b - 1) / b }
	for pct := 0; pct <= 100; pct++ {
		g := G1Settings{Tolerance: float64(pct) / 100}
		for target := 1; target <= 2000; target++ {
			lo, hi := g.Bounds(target)
			wantLo := ceilDiv(target*(100-pct), 100)
			wantHi := target * (100 + pct) / 100
			if int(lo) != wantLo || int(hi) != wantHi {
				t.Fatalf("%d words at %d%%: %v to %v, want %d to %d", target, pct, lo, hi, wantLo, wantHi)
			}
		}
	}
}
