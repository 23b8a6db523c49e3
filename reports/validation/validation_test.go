package validation

import (
	"strings"
	"testing"
	"time"

	"github.com/evalpress/evalpress/reports/agreement"
	"github.com/evalpress/evalpress/reports/judged"
)

var (
	P = agreement.Pass
	F = agreement.Fail
	A = agreement.Ambiguous
)

const digest = "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"

func at(hour int) time.Time { return time.Date(2026, 7, 1, hour, 0, 0, 0, time.UTC) }

// ratings spells verdicts as "writer/section:C4=P,C6=F".
func ratings(rows ...string) agreement.Ratings {
	r := agreement.Ratings{}
	for _, row := range rows {
		where, vs, _ := strings.Cut(row, ":")
		w, s, _ := strings.Cut(where, "/")
		for _, kv := range strings.Split(vs, ",") {
			c, v, _ := strings.Cut(kv, "=")
			r.Set(agreement.Item{Writer: w, Section: s}, c, map[string]agreement.Verdict{"P": P, "F": F, "A": A}[v])
		}
	}
	return r
}

func labels(sample string, when time.Time, r agreement.Ratings) []Label {
	var out []Label
	for _, it := range agreement.SortItems(keys(r)) {
		out = append(out, Label{Item: it, Sample: sample, LabelledAt: when, Verdicts: r[it]})
	}
	return out
}

func keys(r agreement.Ratings) []agreement.Item {
	var out []agreement.Item
	for it := range r {
		out = append(out, it)
	}
	return out
}

// demo is a small judged tier: writers X, Y, Z; a primary judge and a
// family judge of X that favours X; two labellers on a validation sample of
// four sections.
func demo() Input {
	human := ratings("X/s1:C4=P,C6=P", "X/s2:C4=F,C6=P", "Y/s1:C4=P,C6=F", "Z/s1:C4=F,C6=P")
	second := ratings("X/s1:C4=P,C6=P", "X/s2:C4=F,C6=A", "Y/s1:C4=F,C6=F", "Z/s1:C4=F,C6=P")
	primary := ratings("X/s1:C4=P,C6=P", "X/s2:C4=F,C6=P", "Y/s1:C4=P,C6=F", "Z/s1:C4=F,C6=P",
		"X/s3:C4=F,C6=F", "Y/s2:C4=P,C6=P", "Z/s2:C4=P,C6=P")
	family := ratings("X/s1:C4=P,C6=P", "X/s2:C4=P,C6=P", "Y/s1:C4=P,C6=F", "Z/s1:C4=F,C6=P",
		"X/s3:C4=P,C6=P", "Y/s2:C4=P,C6=P", "Z/s2:C4=P,C6=P")
	fix := func(t1, t2, t3 [2]agreement.Verdict) map[string]map[string]agreement.Verdict {
		return map[string]map[string]agreement.Verdict{
			"T1": {"C1": t1[0], "C2": t1[1]}, "T2": {"C1": t2[0], "C2": t2[1]}, "T3": {"C1": t3[0], "C2": t3[1]},
		}
	}
	return Input{
		Ran:      true,
		Criteria: []string{"C1", "C2", "C4", "C6"},
		Writers:  []string{"X", "Y", "Z"},
		Judges: []Judge{
			{Judge: judged.Judge{ID: "primary", Role: judged.Primary, Run: at(12), PromptSHA256: digest, Line: 1}, File: "judges.toml", Ratings: primary,
				Fixtures: fix([2]agreement.Verdict{P, P}, [2]agreement.Verdict{F, P}, [2]agreement.Verdict{P, F})},
			{Judge: judged.Judge{ID: "fam-x", Role: judged.Family, FamilyOf: "X", Run: at(12), PromptSHA256: digest, Line: 10}, File: "judges.toml", Ratings: family,
				Fixtures: fix([2]agreement.Verdict{P, P}, [2]agreement.Verdict{F, P}, [2]agreement.Verdict{P, P})},
		},
		Labellers: []Labeller{
			{ID: "author", Labels: append(labels(judged.Validation, at(9), human), labels(judged.Pilot, at(8), ratings("Y/s9:C4=P"))...)},
			{ID: "second", Labels: labels(judged.Validation, at(10), second)},
		},
		Prompt: &Prompt{File: "prompts/judge.txt", SHA256: digest},
		Fixtures: []Fixture{
			{ID: "T1", Words: 300, Expect: map[string]agreement.Verdict{"C1": P, "C2": P}},
			{ID: "T2", Words: 290, Expect: map[string]agreement.Verdict{"C1": F}},
			{ID: "T3", Words: 310, Expect: map[string]agreement.Verdict{"C1": P, "C2": F}},
		},
		ConfigFile: "config.toml",
	}
}

func pair(pairs []agreement.Pair, a, b, c string) agreement.Pair {
	for _, p := range pairs {
		if p.A == a && p.B == b && p.Criterion == c {
			return p
		}
	}
	return agreement.Pair{}
}

func TestBuildAgreement(t *testing.T) {
	r := Build(demo())
	if len(r.Sample) != 4 || len(r.Pilot) != 1 {
		t.Fatalf("sample %d, pilot %d; want 4 and 1", len(r.Sample), len(r.Pilot))
	}
	if len(r.Warnings) != 0 {
		t.Errorf("warnings on a clean tier: %v", r.Warnings)
	}
	// Human-human on C4: second vs author: PP 1, FP 1 (Y/s1), FF 2.
	hh := pair(r.HumanHuman, "second", "author", "C4")
	if hh.Table != (agreement.Table{PassPass: 1, FailPass: 1, FailFail: 2}) {
		t.Errorf("human-human C4 table %+v", hh.Table)
	}
	// On C6 the second labeller's AMBIGUOUS leaves one section out.
	if hh6 := pair(r.HumanHuman, "second", "author", "C6"); hh6.Ambiguous != 1 || hh6.Table.N() != 3 {
		t.Errorf("human-human C6: %+v", hh6)
	}
	// The primary agrees with the author everywhere on C4 and C6.
	p := pair(r.Judges[0].Pairs, "primary", "author", "C4")
	if k, ok := p.Table.Kappa(); !ok || k != 1 {
		t.Errorf("primary vs author C4 kappa %v %v", k, ok)
	}
	// C1 and C2 carry no verdicts here: nothing compared, nothing crashes.
	if c1 := pair(r.Judges[0].Pairs, "primary", "author", "C1"); c1.Table.N() != 0 || c1.Missing != 4 {
		t.Errorf("C1 pair %+v", c1)
	}
	// Ambiguity: C6 has 4 raters x 4 sections = 16 applications, one ambiguous.
	for _, a := range r.Ambiguity {
		if a.Criterion == "C6" && (a.Applications != 16 || a.Ambiguous != 1) {
			t.Errorf("C6 ambiguity %+v", a)
		}
	}
	if r.AmbiguityAll != (agreement.Ambiguity{Applications: 32, Ambiguous: 1}) {
		t.Errorf("overall ambiguity %+v", r.AmbiguityAll)
	}
	for _, j := range r.Judges {
		if !j.Blind() || j.Withheld() || j.Prompt != PromptMatches {
			t.Errorf("judge %s: blind %v withheld %v prompt %s", j.ID, j.Blind(), j.Withheld(), j.Prompt)
		}
	}
}

func TestOneLabellerHasNoHumanBaseline(t *testing.T) {
	in := demo()
	in.Labellers = in.Labellers[:1]
	r := Build(in)
	if len(r.HumanHuman) != 0 {
		t.Errorf("one labeller gave human-human pairs: %v", r.HumanHuman)
	}
	if len(r.Judges[0].Pairs) != len(in.Criteria) {
		t.Errorf("judge pairs %d, want one per criterion", len(r.Judges[0].Pairs))
	}
}

// TestBlindRule trips the blind-label rule: a validation label made at or
// after the judge's run.
func TestBlindRule(t *testing.T) {
	in := demo()
	in.Labellers[1].Labels[0].LabelledAt = at(12) // exactly at the run: not before it
	in.Labellers[1].Labels[2].LabelledAt = at(13)
	in.Labellers[0].Labels[len(in.Labellers[0].Labels)-1].LabelledAt = at(14) // a pilot label: does not count
	r := Build(in)
	for _, j := range r.Judges {
		if j.Blind() || j.Late != 2 {
			t.Errorf("judge %s: late %d, blind %v; want 2 late", j.ID, j.Late, j.Blind())
		}
	}
	if len(r.Warnings) != 2 || !strings.Contains(r.Warnings[0].Error(), "not blind") ||
		!strings.Contains(r.Warnings[0].Error(), "judges.toml:1:") || !strings.Contains(r.Warnings[0].Error(), "second (2)") {
		t.Errorf("warnings %v", r.Warnings)
	}
}

// TestFrozenPromptRule trips the frozen-prompt rule: a judge that ran with
// another prompt has its agreement withheld.
func TestFrozenPromptRule(t *testing.T) {
	in := demo()
	in.Judges[1].PromptSHA256 = strings.Repeat("b", 64)
	r := Build(in)
	if !r.Judges[1].Withheld() || r.Judges[1].Prompt != PromptDiffers || r.Judges[1].Pairs != nil {
		t.Errorf("family judge: prompt %s, pairs %d", r.Judges[1].Prompt, len(r.Judges[1].Pairs))
	}
	if r.Judges[0].Withheld() || len(r.Judges[0].Pairs) == 0 {
		t.Error("the primary judge's agreement was withheld too")
	}
	if len(r.Warnings) != 1 || !strings.Contains(r.Warnings[0].Error(), "withheld") {
		t.Errorf("warnings %v", r.Warnings)
	}
	// Without a published prompt nothing is withheld, but it is said.
	in.Prompt = nil
	r = Build(in)
	if r.Judges[1].Prompt != PromptUnverified || r.Judges[1].Withheld() {
		t.Errorf("no prompt: status %s", r.Judges[1].Prompt)
	}
	if len(r.Warnings) != 1 || !strings.Contains(r.Warnings[0].Error(), "no published judge prompt") {
		t.Errorf("no prompt: warnings %v", r.Warnings)
	}
}

func TestIterationRule(t *testing.T) {
	in := demo()
	in.Judges[0].Iterations, in.Judges[0].TunedOn = 3, judged.Validation
	in.Judges[1].Iterations, in.Judges[1].TunedOn = 2, judged.Pilot
	r := Build(in)
	if !r.Judges[0].TunedOnValidation || r.Judges[1].TunedOnValidation {
		t.Errorf("tuned on validation: %v, %v", r.Judges[0].TunedOnValidation, r.Judges[1].TunedOnValidation)
	}
	in.Judges[1].TunedOn = ""
	if r := Build(in); len(r.Warnings) != 1 || !strings.Contains(r.Warnings[0].Error(), "tuned_on") {
		t.Errorf("iterated without tuned_on: warnings %v", r.Warnings)
	}
}

// TestFixtureRule trips the fixture rule: the family judge misses the
// breadth-padded fixture (T3, C2 expected FAIL) and is unusable.
func TestFixtureRule(t *testing.T) {
	r := Build(demo())
	prim, fam := r.Judges[0], r.Judges[1]
	if prim.Usability != Usable {
		t.Errorf("primary: %s", prim.Usability)
	}
	if fam.Usability != Unusable {
		t.Errorf("a judge that missed T3 is %s", fam.Usability)
	}
	t3 := fam.Fixtures[2]
	if t3.Fixture != "T3" || t3.Caught || len(t3.Checks) != 2 || !t3.Checks[0].Match() || t3.Checks[1].Match() ||
		t3.Checks[1].Observed != P || t3.Checks[1].Expected != F {
		t.Errorf("T3 under the family judge: %+v", t3)
	}
	// Missing the control T1 alone does not make a judge unusable.
	in := demo()
	in.Judges[0].Fixtures["T1"]["C2"] = F
	if r := Build(in); r.Judges[0].Usability != Usable || r.Judges[0].Fixtures[0].Caught {
		t.Errorf("missed control: %s, caught %v", r.Judges[0].Usability, r.Judges[0].Fixtures[0].Caught)
	}
	// C1 unscored (its threshold not calibrated): T2 rests on C1 alone, so
	// the judge's usability cannot be decided, and T3's C1 check decides
	// nothing.
	un := demo()
	un.Unscored = []string{"C1"}
	if r := Build(un); r.Judges[0].Usability != Undetermined || !r.Judges[0].Fixtures[1].Caught || !r.Judges[0].Fixtures[2].Checks[0].Unscored {
		t.Errorf("C1 unscored: %s, %+v", r.Judges[0].Usability, r.Judges[0].Fixtures)
	}
	if r := Build(un); r.Judges[1].Usability != Unusable {
		t.Errorf("C1 unscored, T3's C2 missed: %s", r.Judges[1].Usability)
	}
	// No reply on T2: missed.
	delete(in.Judges[0].Fixtures, "T2")
	if r := Build(in); r.Judges[0].Usability != Unusable || r.Judges[0].Fixtures[1].Replied {
		t.Error("a judge with no reply on T2 is usable")
	}
	// No fixture replies at all: not run.
	in.Judges[0].Fixtures = nil
	if r := Build(in); r.Judges[0].Usability != UsabilityNotRun || len(r.Judges[0].Fixtures) != 0 {
		t.Errorf("no fixture replies: %+v", r.Judges[0])
	}
	// A reply on an unknown fixture is a warning.
	in = demo()
	in.Judges[0].Fixtures["T9"] = map[string]agreement.Verdict{"C1": P}
	if r := Build(in); len(r.Warnings) != 1 || !strings.Contains(r.Warnings[0].Error(), `"T9"`) {
		t.Errorf("unknown fixture: %v", r.Warnings)
	}
}

func TestFixtureLength(t *testing.T) {
	for _, tc := range []struct {
		words   []int
		matched bool
	}{
		{[]int{300, 290, 310}, true},
		{[]int{300, 279, 310}, true}, // 31 of 310: exactly the tolerance
		{[]int{300, 278, 310}, false},
		{[]int{136, 131, 98}, false},
		{[]int{100}, true},
	} {
		in := demo()
		in.Fixtures = in.Fixtures[:len(tc.words)]
		for i, w := range tc.words {
			in.Fixtures[i].Words = w
		}
		r := Build(in)
		if r.LengthMatched != tc.matched {
			t.Errorf("%v: matched %v", tc.words, r.LengthMatched)
		}
		warned := len(r.Warnings) > 0 && strings.Contains(r.Warnings[0].Error(), "not matched in length")
		if warned == tc.matched {
			t.Errorf("%v: warnings %v", tc.words, r.Warnings)
		}
	}
}

func TestRankingAndSelfPreference(t *testing.T) {
	r := Build(demo())
	if len(r.Rankings) != 2 || r.Rankings[0].Judge != "primary" {
		t.Fatalf("rankings %+v", r.Rankings)
	}
	// Primary over C4+C6: X 3/6, Y 3/4, Z 3/4 -> Y and Z tie first, X third.
	got := r.Rankings[0].Overall.Standings
	if got[0].Writer != "Y" || got[0].Rank != 1 || got[1].Writer != "Z" || got[1].Rank != 1 || got[2].Writer != "X" || got[2].Rank != 3 {
		t.Errorf("primary ranking %+v", got)
	}
	if r.Rankings[0].Flipped() {
		t.Error("the primary flips against itself")
	}
	// Family of X: X 6/6 first; Y 3/4, Z 3/4 below: X jumps over both.
	fam := r.Rankings[1]
	if fam.Overall.Standings[0].Writer != "X" || len(fam.Flips) != 2 || !fam.Flipped() {
		t.Errorf("family ranking %+v flips %v", fam.Overall.Standings, fam.Flips)
	}
	if len(fam.PerCriterion) != 4 || len(fam.FlipsPerCriterion) != 4 {
		t.Errorf("per criterion: %d rankings, %d flip lists", len(fam.PerCriterion), len(fam.FlipsPerCriterion))
	}
	if len(r.SelfPreference) != 1 {
		t.Fatalf("self-preference %+v", r.SelfPreference)
	}
	sp := r.SelfPreference[0]
	// Own: family 6/6, primary 3/6; others: 8/8 both... Y and Z: family 6/8, primary 6/8.
	if sp.Own != (agreement.Rate{Num: 6, Den: 6}) || sp.OwnPrimary != (agreement.Rate{Num: 3, Den: 6}) ||
		sp.Others != (agreement.Rate{Num: 6, Den: 8}) || sp.OthersPrimary != (agreement.Rate{Num: 6, Den: 8}) {
		t.Errorf("self-preference %+v", sp)
	}
	if e, ok := sp.Effect(); !ok || e != 0.5 {
		t.Errorf("effect %v %v, want 0.5", e, ok)
	}
}
