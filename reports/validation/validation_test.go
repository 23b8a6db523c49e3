package validation

import (
	"fmt"
	"slices"
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
	for _, it := range agreement.SortItems(keys(r), nil) {
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
	in := Input{
		Ran:      true,
		Criteria: []string{"C1", "C2", "C4", "C6"},
		Writers:  []string{"X", "Y", "Z"},
		Judges: []Judge{
			{Judge: judged.Judge{ID: "primary", Role: judged.Primary, Family: "Q", Run: at(12), PromptSHA256: digest, Order: judged.OrderRandomised, Line: 1},
				File: "judges.toml", Ratings: primary, Reported: primary,
				Fixtures: fix([2]agreement.Verdict{P, P}, [2]agreement.Verdict{F, P}, [2]agreement.Verdict{P, F})},
			{Judge: judged.Judge{ID: "fam-x", Role: judged.Family, FamilyOf: "X", Run: at(12), PromptSHA256: digest, Order: judged.OrderSwapped, Line: 10},
				File: "judges.toml", Ratings: family, Reported: family,
				Fixtures: fix([2]agreement.Verdict{P, P}, [2]agreement.Verdict{F, P}, [2]agreement.Verdict{P, F})},
			{Judge: judged.Judge{ID: "fam-y", Role: judged.Family, FamilyOf: "Y", Run: at(12), PromptSHA256: digest, Order: judged.OrderRandomised, Line: 20},
				File: "judges.toml", Ratings: primary, Reported: primary,
				Fixtures: fix([2]agreement.Verdict{P, P}, [2]agreement.Verdict{F, P}, [2]agreement.Verdict{P, F})},
			{Judge: judged.Judge{ID: "fam-z", Role: judged.Family, FamilyOf: "Z", Run: at(12), PromptSHA256: digest, Order: judged.OrderRandomised, Line: 30},
				File: "judges.toml", Ratings: primary, Reported: primary,
				Fixtures: fix([2]agreement.Verdict{P, P}, [2]agreement.Verdict{F, P}, [2]agreement.Verdict{P, F})},
		},
		Labellers: []Labeller{
			{ID: "author", Role: judged.RoleAuthor, Criteria: judged.Criteria,
				Labels: append(labels(judged.Validation, at(9), human), labels(judged.Pilot, at(8), ratings("Y/s9:C4=P"))...)},
			{ID: "second", Role: judged.RoleSecond, Criteria: judged.Criteria, Labels: labels(judged.Validation, at(10), second)},
		},
		WriterFamilies: map[string]string{"X": "Xfam", "Y": "Yfam", "Z": "Zfam"},
		Prompt:         &Prompt{File: "prompts/judge.txt", SHA256: digest},
		Fixtures: []Fixture{
			{ID: "T1", Words: 300, Expect: map[string]agreement.Verdict{"C1": P, "C2": P}},
			{ID: "T2", Words: 290, Expect: map[string]agreement.Verdict{"C1": F}},
			{ID: "T3", Words: 310, Expect: map[string]agreement.Verdict{"C1": P, "C2": F}},
		},
		ConfigFile: "config.toml",
	}
	return withCauses(in)
}

// withCauses records a cause for every disagreement of in: a clean tier
// has read each one.
func withCauses(in Input) Input {
	in.CausesFile = "disagreements.toml"
	for _, d := range Build(in).Disagreements {
		in.Causes = append(in.Causes, judged.Cause{Script: d.Item.Writer, Section: d.Item.Section, Criterion: d.Criterion,
			Judge: d.Judge, Labeller: d.Labeller, Cause: judged.CauseJudge})
	}
	return in
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
	// Ambiguity: C6 has 6 raters x 4 sections = 24 applications, one ambiguous.
	for _, a := range r.Ambiguity {
		if a.Criterion == "C6" && (a.Applications != 24 || a.Ambiguous != 1) {
			t.Errorf("C6 ambiguity %+v", a)
		}
	}
	if r.AmbiguityAll != (agreement.Ambiguity{Applications: 48, Ambiguous: 1}) {
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

// valid returns the ids of the valid judges of r.
func valid(r *Report) string {
	var ids []string
	for _, j := range r.Judges {
		if j.Valid() {
			ids = append(ids, j.ID)
		}
	}
	return strings.Join(ids, ",")
}

// reasons returns judge id's reasons, joined.
func reasons(r *Report, id string) string {
	return strings.Join(r.Judge(id).Status.ReasonTexts(), "; ")
}

func TestCleanTierIsValid(t *testing.T) {
	r := Build(demo())
	if got := valid(r); got != "primary,fam-x,fam-y,fam-z" {
		t.Fatalf("valid judges %q; reasons: %v", got, r.Judges)
	}
	if len(r.Warnings) != 0 {
		t.Errorf("warnings: %v", r.Warnings)
	}
	if !r.Selection.Checked || !r.Selection.Independent || len(r.Selection.Unmeasured) != 0 {
		t.Errorf("selection %+v", r.Selection)
	}
}

// TestBlindRule trips the blind-label rule: a validation label made at or
// after the judge's first output makes its verdicts no result.
func TestBlindRule(t *testing.T) {
	in := demo()
	in.Labellers[1].Labels[0].LabelledAt = at(12) // exactly at the run: not before it
	in.Labellers[1].Labels[2].LabelledAt = at(13)
	in.Labellers[0].Labels[len(in.Labellers[0].Labels)-1].LabelledAt = at(14) // a pilot label: does not count
	r := Build(in)
	for _, j := range r.Judges {
		if j.Blind() || j.Late != 2 || j.Valid() || !j.Status.Fails(CondBlind) {
			t.Errorf("judge %s: late %d, blind %v, status %+v; want 2 late, invalid", j.ID, j.Late, j.Blind(), j.Status)
		}
	}
	// The late pilot label is out of the protocol's order, said once; the
	// late validation labels are said per judge.
	if len(r.Warnings) != 5 || !strings.Contains(r.Warnings[0].Error(), "out of the protocol's order: a pilot label (2026-07-01T14:00:00Z) is not before the first validation label") ||
		!strings.Contains(r.Warnings[1].Error(), "not blindly validated") ||
		!strings.Contains(r.Warnings[1].Error(), "judges.toml:1:") || !strings.Contains(r.Warnings[1].Error(), "labeller-2 (2)") {
		t.Errorf("warnings %v", r.Warnings)
	}
	if len(r.Order.Problems) != 2 {
		t.Errorf("order problems %v", r.Order.Problems)
	}
	// A call recorded before the run counts: a label after the first call
	// is late even when it predates the run.
	in = demo()
	in.Judges[0].FirstOutput = at(10)
	if r := Build(in); r.Judge("primary").Late != 4 || r.Valid("primary") || !r.Valid("fam-x") {
		t.Errorf("first call at 9: primary late %d, valid %q", r.Judge("primary").Late, valid(r))
	}
}

// TestFrozenPromptRule trips the frozen-prompt rule: a judge that ran with
// another prompt has its agreement withheld and its verdicts are no result;
// without a published prompt no judge is checked as frozen.
func TestFrozenPromptRule(t *testing.T) {
	in := demo()
	in.Judges[1].PromptSHA256 = strings.Repeat("b", 64)
	r := Build(in)
	fam := r.Judge("fam-x")
	if !fam.Withheld() || fam.Prompt != PromptDiffers || fam.Pairs != nil || fam.Valid() || !fam.Status.Fails(CondPrompt) {
		t.Errorf("family judge: prompt %s, pairs %d, status %+v", fam.Prompt, len(fam.Pairs), fam.Status)
	}
	if r.Judges[0].Withheld() || len(r.Judges[0].Pairs) == 0 || !r.Judges[0].Valid() {
		t.Error("the primary judge's agreement was withheld too")
	}
	if len(r.Warnings) != 1 || !strings.Contains(r.Warnings[0].Error(), "withheld") {
		t.Errorf("warnings %v", r.Warnings)
	}
	in.Prompt = nil
	r = Build(in)
	if r.Judges[1].Prompt != PromptUnverified || r.Judges[1].Withheld() || valid(r) != "" {
		t.Errorf("no prompt: status %s, valid %q", r.Judges[1].Prompt, valid(r))
	}
	if len(r.Warnings) != 1 || !strings.Contains(r.Warnings[0].Error(), "no published judge prompt") {
		t.Errorf("no prompt: warnings %v", r.Warnings)
	}
}

// TestAgreementRule: a judge never compared with a human on the
// validation sample is not validated.
func TestAgreementRule(t *testing.T) {
	in := demo()
	for i := range in.Labellers {
		in.Labellers[i].Labels = slices.DeleteFunc(in.Labellers[i].Labels, func(l Label) bool { return l.Sample == judged.Validation })
	}
	r := Build(in)
	if valid(r) != "" || !r.Judge("primary").Status.Fails(CondAgreement) || !strings.Contains(reasons(r, "primary"), "no human labelled a validation sample") {
		t.Errorf("no validation sample: valid %q, reasons %q", valid(r), reasons(r, "primary"))
	}
	// Labels, but none on a section the judge decided.
	in = demo()
	in.Judges[0].Ratings = ratings("Y/s2:C4=P")
	if r := Build(in); r.Valid("primary") || !strings.Contains(reasons(r, "primary"), "shares no decided verdict") {
		t.Errorf("nothing shared: %q", reasons(r, "primary"))
	}
}

func TestIterationIsStated(t *testing.T) {
	in := demo()
	in.Judges[0].Iterations, in.Judges[0].TunedOn = 3, judged.Validation
	in.Judges[1].Iterations, in.Judges[1].TunedOn = 2, judged.Pilot
	r := Build(in)
	if !r.Judges[0].TunedOnValidation || r.Judges[1].TunedOnValidation {
		t.Errorf("tuned on validation: %v, %v", r.Judges[0].TunedOnValidation, r.Judges[1].TunedOnValidation)
	}
	// Stated plainly, the iteration withholds nothing.
	if !r.Valid("primary") || !strings.Contains(strings.Join(r.Judges[0].Status.Notes, ";"), "iterated 3 times on the validation sample: its agreement is measured on the set it was tuned on") {
		t.Errorf("notes %v", r.Judges[0].Status.Notes)
	}
	if n := r.Judges[1].Status.Notes; len(n) != 1 || !strings.Contains(n[0], "on the pilot sample") {
		t.Errorf("pilot notes %v", n)
	}
	// A judge tuned on the validation sample is warned about, on its line;
	// one tuned on the pilot is not.
	var tuned []string
	for _, w := range r.Warnings {
		if strings.Contains(w.Error(), "iterated") {
			tuned = append(tuned, w.Error())
		}
	}
	if len(tuned) != 1 || !strings.Contains(tuned[0], `judges.toml:1: warning: this judge's prompt was iterated 3 times on the validation sample: its agreement is measured on the set it was tuned on`) {
		t.Errorf("tuning warnings %q", tuned)
	}
}

// TestFixedOrderIsFlagged: a fixed answer order is warned about and
// stated beside the judge's verdicts, which stay results.
func TestFixedOrderIsFlagged(t *testing.T) {
	in := demo()
	in.Judges[2].Order = judged.OrderFixed
	r := Build(in)
	j := r.Judge("fam-y")
	if !j.Valid() || len(j.Status.Notes) != 1 || !strings.Contains(j.Status.Notes[0], "answer order fixed") {
		t.Errorf("fixed order: %+v", j.Status)
	}
	if len(r.Warnings) != 1 || !strings.Contains(r.Warnings[0].Error(), `judges.toml:20: warning: this judge answered in a fixed order`) {
		t.Errorf("warnings %v", r.Warnings)
	}
}

// TestSelection trips the judge selection checks.
func TestSelection(t *testing.T) {
	// A primary judge of a writer's family: not independent, said.
	in := demo()
	in.Judges[0].Family = "yFAM"
	in.Judges[0].FamilyLine = 4
	r := Build(in)
	if r.Selection.Independent || !r.Selection.Checked || r.Judge("primary").Independent {
		t.Errorf("selection %+v", r.Selection)
	}
	if n := r.Judge("primary").Status.Notes; len(n) != 1 || !strings.Contains(n[0], "not independent") || !r.Valid("primary") {
		t.Errorf("primary notes %v", n)
	}
	if len(r.Warnings) != 1 || !strings.Contains(r.Warnings[0].Error(), `judges.toml:4: warning: the primary judge of line 1 is not independent`) ||
		strings.Contains(r.Warnings[0].Error(), "yFAM") {
		t.Errorf("warnings %v", r.Warnings)
	}
	// A writer without a family judge: not measured, said.
	in = demo()
	in.Judges, in.Causes = in.Judges[:3], nil
	r = Build(withCauses(in))
	if !slices.Equal(r.Selection.Unmeasured, []string{"Z"}) || len(r.Warnings) != 1 || !strings.Contains(r.Warnings[0].Error(), "1 writer(s) have no family judge") {
		t.Errorf("unmeasured %v, warnings %v", r.Selection.Unmeasured, r.Warnings)
	}
	// Families unknown: not checked, said.
	in = demo()
	delete(in.WriterFamilies, "Y")
	r = Build(in)
	if r.Selection.Checked || !strings.Contains(r.Selection.Unchecked, "family") || len(r.Warnings) != 1 ||
		!strings.Contains(r.Warnings[0].Error(), "1 of 3 writers have no family") {
		t.Errorf("unchecked: %+v %v", r.Selection, r.Warnings)
	}
	in = demo()
	in.Judges[0].Family = ""
	if r := Build(in); r.Selection.Checked || len(r.Warnings) != 1 || !strings.Contains(r.Warnings[0].Error(), "states no family") {
		t.Errorf("no primary family: %+v %v", r.Selection, r.Warnings)
	}
}

// TestIndependenceByLab: the identity table decides a primary judge's
// independence by lab as well as by family: a Gemma judge with a Gemini
// writer is Google's twice, with no family stated anywhere; an unrelated
// lab stays independent.
func TestIndependenceByLab(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		name, model, family string
		labs                map[string][]string
		independent         bool
	}{
		{"same lab from the table", "Gemma 3 27B", "", map[string][]string{"Y": {"Google"}}, false},
		{"same lab, other family stated", "Gemma 3 27B", "Gemma", map[string][]string{"X": {"google"}}, false},
		{"other lab", "Qwen3 235B", "", map[string][]string{"X": {"Google"}, "Y": {"Anthropic"}}, true},
		{"same family word", "Qfam 2", "Yfam", nil, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			in := demo()
			in.Judges[0].Model, in.Judges[0].Family = c.model, c.family
			in.WriterLabs = c.labs
			r := Build(in)
			if r.Selection.Independent != c.independent || !r.Selection.Checked || r.Judge("primary").Independent != c.independent {
				t.Errorf("selection %+v, judge independent %v; want independent %v", r.Selection, r.Judge("primary").Independent, c.independent)
			}
			said := false
			for _, w := range r.Warnings {
				said = said || strings.Contains(w.Error(), "is not independent")
				if c.model != "" && strings.Contains(w.Error(), c.model) {
					t.Errorf("a warning quotes the judge's model: %v", w)
				}
			}
			if said == c.independent {
				t.Errorf("warnings %v: want a not-independent warning %v", r.Warnings, !c.independent)
			}
		})
	}
}

// TestFixtureRule trips the fixture rule by each fixture: a judge must
// catch the padded fixtures (T2, T3) and pass the dense control (T1).
func TestFixtureRule(t *testing.T) {
	r := Build(demo())
	if prim := r.Judges[0]; prim.Usability != Usable || !prim.Valid() {
		t.Errorf("primary: %s", prim.Usability)
	}
	for _, tc := range []struct {
		name, fixture, criterion string
		v                        agreement.Verdict
		reason                   string
	}{
		{"misses T3", "T3", "C2", P, "missed T3 (C2 pass, expected FAIL)"},
		{"misses T2", "T2", "C1", P, "missed T2 (C1 pass, expected FAIL)"},
		// Failing the dense control as well as T3 does not separate them.
		{"fails the control T1", "T1", "C2", F, "does not separate the control T1 from the padded fixtures (C2 FAIL, expected pass)"},
	} {
		in := demo()
		in.Judges[1].Fixtures[tc.fixture][tc.criterion] = tc.v
		r := Build(in)
		fam := r.Judge("fam-x")
		if fam.Usability != Unusable || fam.Valid() || reasons(r, "fam-x") != tc.reason {
			t.Errorf("%s: %s, %q", tc.name, fam.Usability, reasons(r, "fam-x"))
		}
		if valid(r) != "primary,fam-y,fam-z" {
			t.Errorf("%s: valid %q", tc.name, valid(r))
		}
		if len(r.Warnings) != 1 || !strings.Contains(r.Warnings[0].Error(), `judges.toml:10: warning: this judge's verdicts are no result (`+tc.reason+`)`) {
			t.Errorf("%s: warnings %v", tc.name, r.Warnings)
		}
	}
	in := demo()
	in.Judges[1].Fixtures["T3"]["C2"] = P
	t3 := Build(in).Judge("fam-x").Fixtures[2]
	if t3.Fixture != "T3" || t3.Caught || len(t3.Checks) != 2 || !t3.Checks[0].Match() || t3.Checks[1].Match() ||
		t3.Checks[1].Observed != P || t3.Checks[1].Expected != F {
		t.Errorf("T3 under the family judge: %+v", t3)
	}
	// C1 unscored (its threshold not calibrated): T2 rests on C1 alone, so
	// the judge's usability cannot be decided, and its verdicts are no
	// result until it can.
	un := demo()
	un.Unscored = []string{"C1"}
	r = Build(un)
	if r.Judges[0].Usability != Undetermined || !r.Judges[0].Fixtures[1].Caught || !r.Judges[0].Fixtures[2].Checks[0].Unscored || r.Valid("primary") ||
		!strings.Contains(reasons(r, "primary"), "T2 undecided: C1 not scored yet") {
		t.Errorf("C1 unscored: %s, %q", r.Judges[0].Usability, reasons(r, "primary"))
	}
	// No reply on T2: missed, and warned about.
	in = demo()
	delete(in.Judges[0].Fixtures, "T2")
	r = Build(in)
	if r.Judges[0].Usability != Unusable || r.Judges[0].Fixtures[1].Replied || reasons(r, "primary") != "no reply on T2" {
		t.Errorf("no reply on T2: %s %q", r.Judges[0].Usability, reasons(r, "primary"))
	}
	if len(r.Warnings) != 2 || !strings.Contains(r.Warnings[0].Error(), `judges.toml:1: warning: this judge has no reply on fixture(s) T2: counted as missed`) ||
		!strings.Contains(r.Warnings[1].Error(), `judges.toml:1: warning: this judge's verdicts are no result (no reply on T2)`) {
		t.Errorf("warnings %v", r.Warnings)
	}
	// No fixture replies at all: not run, not usable.
	in.Judges[0].Fixtures = nil
	if r := Build(in); r.Judges[0].Usability != UsabilityNotRun || len(r.Judges[0].Fixtures) != 0 || reasons(r, "primary") != "not run on the adversarial fixtures" {
		t.Errorf("no fixture replies: %+v", r.Judges[0])
	}
	// No fixture configured: no judge is shown to separate anything.
	in = demo()
	in.Fixtures = nil
	if r := Build(in); valid(r) != "" || !strings.Contains(reasons(r, "primary"), "no adversarial fixture is configured") {
		t.Errorf("no fixtures: %q", reasons(r, "primary"))
	}
	// A reply on an unknown fixture is a warning.
	in = demo()
	in.Judges[0].Fixtures["T9"] = map[string]agreement.Verdict{"C1": P}
	if r := Build(in); len(r.Warnings) != 1 || !strings.Contains(r.Warnings[0].Error(), "a reply on a fixture that no [[fixture]] entry describes") || strings.Contains(r.Warnings[0].Error(), "T9") {
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

// TestSecondLabellerSomeCriteria: a second labeller who labels only C4
// is compared on C4 alone, against the author.
func TestSecondLabellerSomeCriteria(t *testing.T) {
	in := demo()
	in.Labellers[0], in.Labellers[1] = in.Labellers[1], in.Labellers[0] // the second first: still second vs author
	in.Labellers[0].Criteria = []string{"C4"}
	r := Build(in)
	if len(r.HumanHuman) != 1 || r.HumanHuman[0].A != "second" || r.HumanHuman[0].B != "author" || r.HumanHuman[0].Criterion != "C4" {
		t.Errorf("human-human %+v", r.HumanHuman)
	}
	var second []string
	for _, p := range r.Judge("primary").Pairs {
		if p.B == "second" {
			second = append(second, p.Criterion)
		}
	}
	if strings.Join(second, ",") != "C4" {
		t.Errorf("the primary against the second labeller on %v, want C4 only", second)
	}
}

// TestRankingAndSelfPreference: rankings criterion by criterion, valid
// judges only; self-preference of valid family judges against a valid
// primary.
func TestRankingAndSelfPreference(t *testing.T) {
	r := Build(demo())
	if len(r.Rankings) != 4 || r.Rankings[0].Judge != "primary" {
		t.Fatalf("rankings %+v", r.Rankings)
	}
	// Primary on C4: X 1/3, Y 2/2, Z 1/2 -> Y first, Z second, X third.
	got := r.Rankings[0].PerCriterion[2]
	if got.Criterion != "C4" || got.Standings[0].Writer != "Y" || got.Standings[1].Writer != "Z" || got.Standings[2].Writer != "X" {
		t.Errorf("primary C4 ranking %+v", got)
	}
	if r.Rankings[0].Flipped() || r.Rankings[0].Compared {
		t.Error("the primary is compared with itself")
	}
	// Family of X on C4: X 3/3 ties Y first: it jumps over Z.
	fam := r.Rankings[1]
	if !fam.Compared || fam.PerCriterion[2].Standings[0].Writer != "X" || len(fam.FlipsPerCriterion[2]) != 1 ||
		fam.FlipsPerCriterion[2][0] != (agreement.Flip{Above: "Z", Below: "X"}) || !fam.Flipped() || fam.SamePerCriterion[2] {
		t.Errorf("family ranking %+v", fam)
	}
	if len(fam.PerCriterion) != 4 || len(fam.FlipsPerCriterion) != 4 {
		t.Errorf("per criterion: %d rankings, %d flip lists", len(fam.PerCriterion), len(fam.FlipsPerCriterion))
	}
	if !r.Rankings[2].SamePerCriterion[2] || r.Rankings[2].Flipped() {
		t.Errorf("a family judge with the primary's verdicts: %+v", r.Rankings[2])
	}
	if len(r.SelfPreference) != 3 {
		t.Fatalf("self-preference %+v", r.SelfPreference)
	}
	sp := r.SelfPreference[0]
	// Own: family 6/6, primary 3/6; others: Y and Z: family 6/8, primary 6/8.
	if sp.Own != (agreement.Rate{Num: 6, Den: 6}) || sp.OwnPrimary != (agreement.Rate{Num: 3, Den: 6}) ||
		sp.Others != (agreement.Rate{Num: 6, Den: 8}) || sp.OthersPrimary != (agreement.Rate{Num: 6, Den: 8}) {
		t.Errorf("self-preference %+v", sp)
	}
	if e, ok := sp.Effect(); !ok || e != 0.5 || len(sp.PerCriterion) != 4 {
		t.Errorf("effect %v %v, want 0.5", e, ok)
	}
}

// TestInvalidJudgesAreRankedNowhere: an invalid family judge is not
// ranked and measures no self-preference; an invalid primary leaves the
// family judges compared with nothing.
func TestInvalidJudgesAreRankedNowhere(t *testing.T) {
	in := demo()
	in.Judges[1].Fixtures["T3"]["C2"] = P // fam-x misses T3
	r := Build(in)
	for _, rk := range r.Rankings {
		if rk.Judge == "fam-x" {
			t.Error("an invalid judge is ranked")
		}
	}
	if sp := r.SelfPreference[0]; sp.Judge != "fam-x" || !strings.Contains(sp.NotMeasured, "missed T3") || sp.Own.Den != 0 {
		t.Errorf("an invalid judge's self-preference: %+v", sp)
	}
	in = demo()
	in.Judges[0].Fixtures["T2"]["C1"] = P // the primary misses T2
	r = Build(in)
	if len(r.Rankings) != 3 || r.Rankings[0].Compared || r.Rankings[0].FlipsPerCriterion != nil {
		t.Errorf("no valid primary: %+v", r.Rankings)
	}
	for _, sp := range r.SelfPreference {
		if !strings.Contains(sp.NotMeasured, "primary judge's verdicts are no result") {
			t.Errorf("no valid primary: self-preference %+v", sp)
		}
	}
}

// pilotLabel is a pilot label with C1 count present of 12 and an adequacy.
func pilotLabel(section, adequacy string, present int, when time.Time) Label {
	return Label{Item: agreement.Item{Writer: "X", Section: section}, Sample: judged.Pilot, LabelledAt: when,
		Present: present, Assigned: 12, Adequacy: adequacy, Verdicts: map[string]agreement.Verdict{}}
}

// TestCalibration: C1's N from the pilot's adequate and thin sections.
func TestCalibration(t *testing.T) {
	run := func(n int, labels ...Label) *Report {
		in := demo()
		in.C1MinPresent = n
		in.Labellers[0].Labels = append(in.Labellers[0].Labels, labels...)
		return Build(in)
	}
	// Adequate 11, 10; thin 7, 6: any N from 8 to 10 separates them.
	r := run(10, pilotLabel("p1", judged.Adequate, 11, at(7)), pilotLabel("p2", judged.Adequate, 10, at(7)),
		pilotLabel("p3", judged.Thin, 7, at(7)), pilotLabel("p4", judged.Thin, 6, at(7)), pilotLabel("p5", "", 9, at(7)))
	c := r.Calibration
	if n, ok := c.Proposed(); !ok || n != 8 || c.To != 10 || !c.NSeparates || len(c.Adequate) != 2 || len(c.Thin) != 2 || c.Unmarked != 1 {
		t.Errorf("calibration %+v", c)
	}
	if len(r.Warnings) != 0 {
		t.Errorf("warnings %v", r.Warnings)
	}
	// The configured N outside the range is warned about.
	r = run(11, pilotLabel("p1", judged.Adequate, 11, at(7)), pilotLabel("p2", judged.Adequate, 10, at(7)), pilotLabel("p3", judged.Thin, 7, at(7)))
	if r.Calibration.NSeparates || len(r.Warnings) != 1 || !strings.Contains(r.Warnings[0].Error(), "c1_min_present = 11 does not separate the pilot's adequate sections from its thin ones; N from 8 to 10 does") {
		t.Errorf("N outside: %+v %v", r.Calibration, r.Warnings)
	}
	// No N separates: a thin section covers as much as an adequate one.
	r = run(10, pilotLabel("p1", judged.Adequate, 9, at(7)), pilotLabel("p3", judged.Thin, 9, at(7)))
	if _, ok := r.Calibration.Proposed(); ok || r.Calibration.Separates || len(r.Warnings) != 1 ||
		!strings.Contains(r.Warnings[0].Error(), "no N separates the pilot's adequate sections from its thin ones (a thin one has 9 bullets present, an adequate one 9): C1 is not discriminative and has to be reworked, not tuned") {
		t.Errorf("none separates: %+v %v", r.Calibration, r.Warnings)
	}
	// One group only: nothing to separate, nothing claimed.
	r = run(10, pilotLabel("p1", judged.Adequate, 9, at(7)))
	if r.Calibration.Checked || len(r.Warnings) != 0 {
		t.Errorf("one group: %+v %v", r.Calibration, r.Warnings)
	}
}

// TestDateOrder: pilot labels, then N registered, then validation labels,
// then judge runs.
func TestDateOrder(t *testing.T) {
	in := demo() // pilot at 8, validation at 9 and 10, judges at 12
	in.NRegistered = at(8).Add(30 * time.Minute)
	if r := Build(in); len(r.Order.Problems) != 0 || len(r.Warnings) != 0 {
		t.Errorf("in order: %v %v", r.Order.Problems, r.Warnings)
	}
	in.NRegistered = at(9).Add(30 * time.Minute) // after the validation labelling began
	r := Build(in)
	if len(r.Order.Problems) != 1 || !strings.Contains(r.Order.Problems[0], "N was registered (2026-07-01T09:30:00Z) after validation labelling began (2026-07-01T09:00:00Z)") ||
		len(r.Warnings) != 1 {
		t.Errorf("N late: %v %v", r.Order.Problems, r.Warnings)
	}
	in.NRegistered = at(7) // before the pilot was done
	if r := Build(in); len(r.Order.Problems) != 1 || !strings.Contains(r.Order.Problems[0], "before the last pilot label") {
		t.Errorf("N early: %v", r.Order.Problems)
	}
}

func TestAmbiguityLog(t *testing.T) {
	in := demo()
	in.Labellers[0].Labels = append(in.Labellers[0].Labels, Label{Item: agreement.Item{Writer: "Y", Section: "p"}, Sample: judged.Pilot, LabelledAt: at(7),
		Verdicts:    map[string]agreement.Verdict{"C2": agreement.Ambiguous, "C4": agreement.Ambiguous},
		Ambiguities: []judged.Ambiguity{{Criterion: "C2", Note: "a numbered list: one move or four?", Line: 9}}, Line: 5})
	// The primary answers AMBIGUOUS on Z/s2 C6 and Y/s2 C4 (and so do
	// fam-y and fam-z, which share its verdicts here); so does fam-x on
	// X/s3 C4, but it misses T3: its verdicts are no result.
	in.Judges[0].Ratings.Set(agreement.Item{Writer: "Z", Section: "s2"}, "C6", A)
	in.Judges[0].Ratings.Set(agreement.Item{Writer: "Y", Section: "s2"}, "C4", A)
	in.Judges[1].Ratings.Set(agreement.Item{Writer: "X", Section: "s3"}, "C4", A)
	in.Judges[1].Fixtures["T3"]["C2"] = P
	r := Build(in)
	var got []string
	for _, a := range r.Ambiguities {
		who := a.Labeller
		if a.Judge != "" {
			who = "judge " + a.Judge
		}
		got = append(got, a.Sample+" "+who+" "+a.Item.Writer+"/"+a.Item.Section+" "+a.Criterion+" "+a.Note)
	}
	// The pilot first; then the validation sample's AMBIGUOUS (second, X/s2
	// C6); then the valid judges' answers, writer by writer.
	want := "pilot author Y/p C2 a numbered list: one move or four?|pilot author Y/p C4 |validation second X/s2 C6 |" +
		" judge primary Y/s2 C4 | judge primary Z/s2 C6 | judge fam-y Y/s2 C4 | judge fam-y Z/s2 C6 | judge fam-z Y/s2 C4 | judge fam-z Z/s2 C6 "
	if strings.Join(got, "|") != want {
		t.Errorf("ambiguity log\n%q, want\n%q", strings.Join(got, "|"), want)
	}
}

// TestDisagreementRegister: every disagreement between a judge and a
// labeller, with the cause recorded; the ones without are open.
func TestDisagreementRegister(t *testing.T) {
	in := demo()
	// The primary agrees with the author throughout; with the second
	// labeller it disagrees on Y/s1 C4 (P against F).
	in.Causes = []judged.Cause{{Script: "Y", Section: "s1", Criterion: "C4", Judge: "primary", Labeller: "second", Cause: judged.CauseRubric, Note: "a closing line"},
		{Script: "X", Section: "s1", Criterion: "C4", Judge: "primary", Labeller: "author", Cause: judged.CauseJudge, Line: 7}}
	in.CausesFile = "disagreements.toml"
	r := Build(in)
	var got []string
	for _, d := range r.Disagreements {
		if d.Judge == "primary" {
			got = append(got, fmt.Sprintf("%s/%s %s vs %s %s %v-%v %s", d.Item.Writer, d.Item.Section, d.Judge, d.Labeller, d.Criterion, d.JudgeVerdict, d.LabelVerdict, d.Cause))
		}
	}
	if strings.Join(got, "|") != "Y/s1 primary vs second C4 pass-FAIL rubric" {
		t.Errorf("primary's disagreements %q", strings.Join(got, "|"))
	}
	open := 0
	for _, d := range r.Disagreements {
		if d.Open() {
			open++
		}
	}
	var warned []string
	for _, w := range r.Warnings {
		warned = append(warned, w.Error())
	}
	want := []string{
		`disagreements.toml:7: warning: the judge and the labeller named here do not disagree on C4 there in this build`,
		fmt.Sprintf("config.toml: warning: %d disagreement(s) between a judge and a labeller have no recorded cause", open),
	}
	if open == 0 || len(warned) != 2 || !strings.HasPrefix(warned[0], want[0]) || !strings.HasPrefix(warned[1], want[1]) {
		t.Errorf("warnings %v, want %v", warned, want)
	}
}

// TestRankingFollowsReportedVerdicts: rankings and self-preference count a
// judge's reported verdicts (C4 as a human classified its candidates, as
// the pass rates do); agreement compares its own calls.
func TestRankingFollowsReportedVerdicts(t *testing.T) {
	in := demo()
	y1 := agreement.Item{Writer: "Y", Section: "s1"}
	for k := range in.Judges {
		in.Judges[k].Reported = agreement.Ratings{}
		for it, vs := range in.Judges[k].Ratings {
			for c, v := range vs {
				in.Judges[k].Reported.Set(it, c, v)
			}
		}
		// A person classed Y/s1's candidate as scope creep: reported FAIL.
		in.Judges[k].Reported.Set(y1, "C4", F)
	}
	r := Build(in)
	got := r.Rankings[0].PerCriterion[2]
	for _, s := range got.Standings {
		if s.Writer == "Y" && (s.Passes != 1 || s.Scored != 2) {
			t.Errorf("primary C4 ranks Y on %d/%d, want the reported 1/2", s.Passes, s.Scored)
		}
	}
	// Own (X) under fam-x: 6/6 as before; others under fam-x and the
	// primary: 5/8 each, from the reported verdicts.
	sp := r.SelfPreference[0]
	if sp.Others != (agreement.Rate{Num: 5, Den: 8}) || sp.OthersPrimary != (agreement.Rate{Num: 5, Den: 8}) {
		t.Errorf("self-preference others %+v / %+v, want 5/8 from the reported verdicts", sp.Others, sp.OthersPrimary)
	}
	// Agreement still compares the judge's own call: Y/s1 C4 pass, as
	// the author labelled it.
	for _, p := range r.Judge("primary").Pairs {
		if p.B == "author" && p.Criterion == "C4" && p.Table.FailPass+p.Table.PassFail != 0 {
			t.Errorf("agreement on C4 counts the reported verdict: %+v", p.Table)
		}
	}
}
