package criteria

import (
	"fmt"
	"strconv"
)

// Def describes a criterion whose settings are of type S: a struct whose
// fields carry TOML tags, read from the criterion's config block. New
// makes the criterion it describes.
type Def[S any] struct {
	ID       ID
	Title    string
	Kind     Kind
	Judged   bool
	Headline bool
	// Counts says what a count its outcomes hold counts, for the heads of
	// the tables that show one ("bullets present of assigned"); "" for
	// none.
	Counts string
	// Tally writes a count in the reporting template's RESULTS slot, %d
	// of %d: "%d of %d bullets present"; "" for "%d of %d: " and Counts.
	Tally string
	// Reports says what the reporting template's RESULTS slot for it
	// holds, in the protocol's words ("pass rate per writer, and ...");
	// "" for what a slot of its kind holds.
	Reports string
	// Block is the config.toml table S is read from ("c5" for [c5]).
	Block string
	// Defaults are the settings a config that leaves the block out gets.
	Defaults S
	// Needs names the measurements Judge reads. Each is one the measurement
	// stage provides: C5's comparison (run, overlap, shared, distinct, for
	// a section with an example) or a text measure of a criterion of the
	// set (Measures).
	Needs []string
	// Measures are the text measures the criterion defines, each a number
	// of a section's text as written that the measurement stage computes
	// when a criterion of the set needs it (G1's word count).
	Measures []TextMeasure
	Rules    []Rule
	// Values and Limits name the numbers an outcome holds, in column order.
	Values, Limits []string
	// Judge turns a cell's measurements into its outcomes: none when the
	// criterion does not apply, one for a measured criterion, one per
	// judge for a judged one.
	Judge func(s S, m *Measurements) []Outcome
	// Validate reports settings that decode but cannot be used, as a
	// *SettingError naming the dotted key. nil: any settings do.
	Validate func(s S) error
	// Unused reports the settings that the inputs give no use, such as a
	// per-section setting naming no section of the inputs: each a warning
	// naming its dotted key. nil: none can be.
	Unused func(s S, sections []string) []SettingError
	// Registered returns the settings at registration: the config's
	// registered block ([c5.registered]) applied to s, and whether the
	// config declares one. Without one, the settings hypotheses are judged
	// at when they name none of their own; nil: the criterion has nothing
	// registered apart from s.
	Registered func(s S) (S, bool)
	// Thresholds states the settings that decide verdicts, as the pages,
	// results.json and the drift warnings name them; nil: none.
	Thresholds func(s S) []Threshold
	// Words states s in one clause, for a hypothesis's registered
	// thresholds: "a longest run over 12 words ... fails".
	Words func(s S) string
	// Explain states each rule's outcome with its numbers (nil: the
	// verdict alone); Summary states it in a few words for a table cell
	// (nil: its label).
	Explain func(o Outcome) []Check
	Summary func(o Outcome) string
}

// settingsOps are a criterion's operations on its settings, which Settings
// holds as values of the type of its Def.
type settingsOps struct {
	defaults   any
	judge      func(s any, m *Measurements) []Outcome
	validate   func(s any) error
	unused     func(s any, sections []string) []SettingError
	registered func(s any) (any, bool)
	thresholds func(s any) []Threshold
	words      func(s any) string
	// pointer returns a pointer to a copy of s; value the value it points
	// to.
	pointer func(s any) any
	value   func(p any) any
	is      func(v any) bool // v is of the settings' type
}

// New returns the criterion d describes. The file that calls it is the
// criterion's File. A Set holds the criteria a build judges: Default's,
// and those added With.
func New[S any](d Def[S]) *Criterion {
	c := newCriterion(d)
	c.File = callerFile(1)
	return c
}

func newCriterion[S any](d Def[S]) *Criterion {
	if d.Judge == nil {
		panic(fmt.Sprintf("criteria: %s has no Judge", d.ID))
	}
	ops := settingsOps{
		defaults: d.Defaults,
		judge:    func(s any, m *Measurements) []Outcome { return d.Judge(s.(S), m) },
		validate: func(s any) error {
			if d.Validate == nil {
				return nil
			}
			return d.Validate(s.(S))
		},
		unused: func(s any, sections []string) []SettingError {
			if d.Unused == nil {
				return nil
			}
			return d.Unused(s.(S), sections)
		},
		registered: func(s any) (any, bool) {
			if d.Registered == nil {
				return s, false
			}
			return d.Registered(s.(S))
		},
		thresholds: func(s any) []Threshold {
			if d.Thresholds == nil {
				return nil
			}
			out := d.Thresholds(s.(S))
			for i := range out {
				out[i].Criterion = d.ID
			}
			return out
		},
		words: func(s any) string {
			if d.Words == nil {
				return ""
			}
			return d.Words(s.(S))
		},
		pointer: func(s any) any { p := new(S); *p = s.(S); return p },
		value:   func(p any) any { return *p.(*S) },
		is:      func(v any) bool { _, ok := v.(S); return ok },
	}
	return &Criterion{ID: d.ID, Title: d.Title, Kind: d.Kind, Judged: d.Judged, Headline: d.Headline, Counts: d.Counts, Tally: d.Tally, Reports: d.Reports, Block: d.Block,
		Needs: d.Needs, Measures: d.Measures, Rules: d.Rules, Values: d.Values, Limits: d.Limits, s: ops, explain: d.Explain, summary: d.Summary}
}

// Settings are the settings of every criterion of a Set, one value of its
// Def's type each: Set.Defaults makes them. The zero Settings holds the
// defaults of Default's criteria. A Settings is a value: Edit and With
// change a copy, never a Settings shared with it.
type Settings struct {
	crit Set
	v    map[ID]any
}

// Criteria returns the criteria s holds the settings of.
func (s Settings) Criteria() Set {
	return s.crit.OrDefault()
}

// Judge returns the outcomes of every criterion of s for m, in the order
// of the set.
func (s Settings) Judge(m *Measurements) []Outcome {
	var out []Outcome
	for _, c := range s.Criteria().All() {
		out = append(out, c.s.judge(s.get(c), m)...)
	}
	return out
}

// get returns c's settings in s: its own, or its defaults.
func (s Settings) get(c *Criterion) any {
	if v, ok := s.v[c.ID]; ok {
		return v
	}
	return c.s.defaults
}

// set makes v c's settings, in a map of s's own.
func (s *Settings) set(c *Criterion, v any) {
	m := make(map[ID]any, len(s.v)+1)
	for id, x := range s.v {
		m[id] = x
	}
	m[c.ID] = v
	s.v = m
}

// Of returns the settings of the criterion id in s, as its Def's type S:
// its defaults when s has none, the zero S when no criterion has id or
// its settings are of another type.
func Of[S any](s Settings, id ID) S {
	var zero S
	c := s.Criteria().Lookup(id)
	if c == nil {
		return zero
	}
	v, _ := s.get(c).(S)
	return v
}

// With returns s with v as c's settings; v must be of the type of c's
// Def (a hypothesis's own thresholds, decoded by the config), and c one of
// s's criteria.
func (s Settings) With(c *Criterion, v any) (Settings, error) {
	if c == nil || s.Criteria().Lookup(c.ID) != c {
		return s, fmt.Errorf("criteria: settings for a criterion not in the set")
	}
	if !c.s.is(v) {
		return s, fmt.Errorf("criteria: %s's settings are a %T, not a %T", c.ID, c.s.defaults, v)
	}
	s.set(c, v)
	return s, nil
}

// Edit has edit change c's settings in s through a pointer to a copy of
// them (a *S for the S of c's Def: the config decodes the criterion's
// block into it, --set assigns a field). s keeps the copy when edit
// returns nil.
func (s *Settings) Edit(c *Criterion, edit func(p any) error) error {
	p := c.s.pointer(s.get(c))
	if err := edit(p); err != nil {
		return err
	}
	s.set(c, c.s.value(p))
	return nil
}

// Validate checks every criterion's settings: the first error, a
// *SettingError naming the dotted key where the criterion says one.
func (s Settings) Validate() error {
	for _, c := range s.Criteria().All() {
		if err := c.s.validate(s.get(c)); err != nil {
			return err
		}
	}
	return nil
}

// Unused returns, criterion by criterion, the settings in s that the
// inputs, whose sections are sections, give no use (Def.Unused): warnings.
func (s Settings) Unused(sections []string) []SettingError {
	var out []SettingError
	for _, c := range s.Criteria().All() {
		out = append(out, c.s.unused(s.get(c), sections)...)
	}
	return out
}

// Registered returns s with c's settings at registration (Def.Registered),
// and whether the config declares them.
func (s Settings) Registered(c *Criterion) (Settings, bool) {
	r, declared := c.s.registered(s.get(c))
	s.set(c, r)
	return s, declared
}

// Thresholds states c's settings in s that decide verdicts.
func (s Settings) Thresholds(c *Criterion) []Threshold { return c.s.thresholds(s.get(c)) }

// Words states c's settings in s in one clause (Def.Words): "" when c
// says nothing of them.
func (s Settings) Words(c *Criterion) string { return c.s.words(s.get(c)) }

// A Threshold is one setting that decides verdicts, as pages, results.json
// and drift warnings state it.
type Threshold struct {
	Criterion ID
	// Key is its dotted config key: "c5.max_run".
	Key string
	// Name names it in drift lines ("max_run 20 (registered 12)") and in
	// results.json's thresholds: unique among all criteria.
	Name string
	// Label heads its row on the changes page: "C5 longest run limit (words)".
	Label string
	Value float64
	// Share is set for a share of one, written as a percentage.
	Share bool
	// Unset is what the changes page says of 0, when 0 means not set.
	Unset string
	// Now and Then word the value in a page's note on thresholds that
	// differ from the registered ones, %s standing for it: "a longest run
	// of %s words" (this build's), "%s words" (the registered one).
	Now, Then string
	// PerSection marks a limit set for each section (G1's targets): Name
	// is the limit's name in the outcomes, whose values the changes page
	// compares section by section; Noun says what a section has ("a
	// target"). It has no Value, and no drift.
	PerSection bool
	Noun       string
}

// Text writes the value as the config does: "12", "10%", "33.33%".
func (t Threshold) Text() string {
	if t.Share {
		return SharePercent(t.Value)
	}
	return strconv.FormatFloat(t.Value, 'f', -1, 64)
}

// Stated writes the value as the changes page states it: Text, or Unset
// for a 0 that means not set.
func (t Threshold) Stated() string {
	if t.Value == 0 && t.Unset != "" {
		return t.Unset
	}
	return t.Text()
}

// A Drift is a threshold whose value in force differs from the one at
// registration.
type Drift struct {
	Criterion       ID
	Name, Key       string
	Now, Registered Threshold
}

// Drifts lists the thresholds in s that differ from the registered ones,
// criterion by criterion, for the criteria whose registered block the
// config declares.
func (s Settings) Drifts() []Drift {
	var out []Drift
	for _, c := range s.Criteria().All() {
		if r, declared := s.Registered(c); declared {
			out = append(out, DriftOf(c, r, s)...)
		}
	}
	return out
}

// DriftOf lists c's thresholds in now that differ from those in then (a
// hypothesis's settings at registration).
func DriftOf(c *Criterion, then, now Settings) []Drift {
	var out []Drift
	before := then.Thresholds(c)
	for i, t := range now.Thresholds(c) {
		if i < len(before) && !t.PerSection && t.Value != before[i].Value {
			out = append(out, Drift{Criterion: c.ID, Name: t.Name, Key: t.Key, Now: t, Registered: before[i]})
		}
	}
	return out
}
