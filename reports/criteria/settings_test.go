package criteria

import (
	"strings"
	"testing"
)

// toy is a criterion of a test: a section whose longest sentence passes
// its limit fails.
type toySettings struct {
	MaxWords int `toml:"max_words"`
}

func toyDef(id ID) Def[toySettings] {
	return Def[toySettings]{
		ID: id, Title: "longest sentence", Kind: Quality, Block: strings.ToLower(string(id)),
		Defaults: toySettings{MaxWords: 60}, Needs: []string{"toy_longest"},
		Values: []string{"longest"}, Limits: []string{"max_words"},
		Rules: []Rule{{Name: "sentence", Value: "longest", Limit: "max_words", Op: AtMost}},
		Judge: func(s toySettings, m *Measurements) []Outcome {
			v, _ := m.Value("toy_longest")
			return []Outcome{judgeRules(id, []Rule{{Name: "sentence", Value: "longest", Limit: "max_words", Op: AtMost}}, "", []Named{{"longest", v}}, []Named{{"max_words", float64(s.MaxWords)}})}
		},
		Thresholds: func(s toySettings) []Threshold {
			return []Threshold{{Key: "x7.max_words", Name: "toy_max_words", Value: float64(s.MaxWords)}}
		},
	}
}

func TestSettingsAreValues(t *testing.T) {
	c5 := Default().Lookup(C5)
	var a Settings
	if a.C5().MaxRun != 12 || a.G1().Tolerance != DefaultG1Tolerance || a.C2().MaxUndeveloped != DefaultC2MaxUndeveloped {
		t.Fatalf("the zero Settings are not the defaults: %+v %+v", a.C5(), a.G1())
	}
	if err := a.Edit(c5, func(p any) error { p.(*C5Settings).MaxRun = 20; return nil }); err != nil {
		t.Fatal(err)
	}
	b := a
	if err := b.Edit(c5, func(p any) error { p.(*C5Settings).MaxRun = 30; return nil }); err != nil {
		t.Fatal(err)
	}
	if a.C5().MaxRun != 20 || b.C5().MaxRun != 30 || a.C5().NGram != 8 {
		t.Errorf("an edit of a copy reached the original: %d, %d", a.C5().MaxRun, b.C5().MaxRun)
	}
	if _, err := a.With(c5, G1Settings{}); err == nil {
		t.Error("With took G1's settings as C5's")
	}
	if got := Of[G1Settings](a, C5); got.Tolerance != 0 {
		t.Errorf("Of of the wrong type: %+v", got)
	}
}

func TestRegistered(t *testing.T) {
	var s Settings
	_ = s.Edit(Default().Lookup(C5), func(p any) error { p.(*C5Settings).MaxRun = 20; return nil })
	// No [c5.registered]: the rubric's thresholds, not declared.
	if r, declared := s.Registered(Default().Lookup(C5)); declared || r.C5().MaxRun != 12 {
		t.Errorf("C5 without a registered block: %d, declared %v", r.C5().MaxRun, declared)
	}
	// No [g1.registered]: the tolerance in force.
	_ = s.Edit(Default().Lookup(G1), func(p any) error { p.(*G1Settings).Tolerance = 0.2; return nil })
	if r, declared := s.Registered(Default().Lookup(G1)); declared || r.G1().Tolerance != 0.2 {
		t.Errorf("G1 without a registered block: %v, declared %v", r.G1().Tolerance, declared)
	}
	_ = s.Edit(Default().Lookup(C5), func(p any) error {
		p.(*C5Settings).Registered = &C5Thresholds{MaxRun: 14, MaxOverlap: 0.2, NGram: 6}
		return nil
	})
	r, declared := s.Registered(Default().Lookup(C5))
	if !declared || r.C5().C5Thresholds != (C5Thresholds{MaxRun: 14, MaxOverlap: 0.2, NGram: 6}) || s.C5().MaxRun != 20 {
		t.Errorf("C5 registered %+v (declared %v), in force %d", r.C5(), declared, s.C5().MaxRun)
	}
	if r.G1().Tolerance != 0.2 {
		t.Errorf("registering C5 changed G1")
	}
}

func TestThresholds(t *testing.T) {
	names := map[string]bool{}
	for _, c := range Default().All() {
		for _, th := range (Settings{}).Thresholds(c) {
			if th.Criterion != c.ID || th.Name == "" || (!th.PerSection && (th.Key == "" || th.Label == "" || th.Now == "" || th.Then == "")) {
				t.Errorf("%s: incomplete threshold %+v", c.ID, th)
			}
			if names[th.Name] {
				t.Errorf("two thresholds named %q", th.Name)
			}
			names[th.Name] = true
		}
	}
	for _, tc := range []struct {
		th           Threshold
		text, stated string
	}{
		{Threshold{Value: 12}, "12", "12"},
		{Threshold{Value: 0.1, Share: true}, "10%", "10%"},
		{Threshold{Value: 0.3333, Share: true}, "33.33%", "33.33%"},
		{Threshold{Value: 0, Unset: "not set"}, "0", "not set"},
		{Threshold{Value: 9, Unset: "not set"}, "9", "9"},
	} {
		if tc.th.Text() != tc.text || tc.th.Stated() != tc.stated {
			t.Errorf("%+v: %q %q, want %q %q", tc.th, tc.th.Text(), tc.th.Stated(), tc.text, tc.stated)
		}
	}
}

// A criterion added With is one of the new set's criteria, judged, with
// the text measures it needs, in its place; the set it was added to is
// unchanged.
func TestWithAToyCriterion(t *testing.T) {
	t.Parallel()
	c5Values := []string{ValueRun, ValueOverlap, ValueShared, ValueDistinct}
	std := Default()
	if err := std.CheckNeeds(c5Values); err != nil {
		t.Fatal(err)
	}
	if got := len(std.TextMeasures()); got != 1 {
		t.Fatalf("%d text measures needed, want G1's alone", got)
	}
	def := toyDef("X7")
	def.Measures = []TextMeasure{{Name: "toy_longest", Of: func(text string) float64 { return float64(len(text)) }}, {Name: "unneeded", Of: func(string) float64 { return 0 }}}
	c := New(def)
	set := std.With(c)
	if got := len(set.TextMeasures()); got != 2 {
		t.Errorf("%d text measures needed, want G1's and the toy's (not the one no criterion needs)", got)
	}
	if set.Lookup("X7") != c || set.All()[1] != c || c.File != "settings_test.go" {
		t.Errorf("X7 is not in its place: %v, file %q", set.All(), c.File)
	}
	if std.Lookup("X7") != nil || len(std.All()) != len(builtin) || len(Default().All()) != len(builtin) {
		t.Errorf("With changed the set it was called on")
	}
	m := measured("ACT 1", 10, 3, 0, 0, 10)
	m.Numbers = append(m.Numbers, Named{"toy_longest", 61})
	if o, ok := Find(set.Defaults().Judge(m), Key{Criterion: "X7"}); !ok || !o.Fail() {
		t.Errorf("X7 outcome %+v", o)
	}
	if _, ok := Find(Settings{}.Judge(m), Key{Criterion: "X7"}); ok {
		t.Errorf("the default criteria judged X7")
	}
	s := set.Defaults()
	_ = s.Edit(c, func(p any) error { p.(*toySettings).MaxWords = 61; return nil })
	if o, _ := Find(s.Judge(m), Key{Criterion: "X7"}); o.Fail() {
		t.Errorf("X7 at 61 words: %+v", o)
	}
	if _, err := (Settings{}).With(c, toySettings{}); err == nil {
		t.Errorf("settings of the default criteria took X7's")
	}
	bare := std.With(New(toyDef("X7")))
	if err := bare.CheckNeeds(c5Values); err == nil || !strings.Contains(err.Error(), `X7 needs the measurement "toy_longest"`) {
		t.Errorf("CheckNeeds without the toy's measure: %v", err)
	}
}

// With refuses, as a program error, a criterion that cannot join the set.
func TestWithRefusesAConflict(t *testing.T) {
	t.Parallel()
	headline := toyDef("C8")
	headline.Headline = true
	sameName := toyDef("C8")
	measureA, measureB := toyDef("C8"), toyDef("C9")
	measureA.Measures = []TextMeasure{{Name: "toy_longest", Of: func(string) float64 { return 1 }}}
	measureB.Measures = measureA.Measures
	measureB.Thresholds = nil
	for name, add := range map[string]func(){
		"an ID taken":        func() { Default().With(New(toyDef(C5))) },
		"a second headline":  func() { Default().With(New(headline)) },
		"a threshold's name": func() { Default().With(New(toyDef("C9")), New(sameName)) },
		"a text measure":     func() { Default().With(New(measureA), New(measureB)) },
	} {
		if !panics(add) {
			t.Errorf("added %s", name)
		}
	}
	if len(Default().All()) != len(builtin) {
		t.Errorf("a refused criterion stayed: %v", Default().All())
	}
}

func panics(f func()) (panicked bool) {
	defer func() { panicked = recover() != nil }()
	f()
	return false
}
