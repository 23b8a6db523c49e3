package criteria

import (
	"fmt"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
)

// Set is the criteria a build judges, in the order every table lists them:
// the measured ones first (quality criteria, then gates), then the judged,
// each in ID order. A Set is a value, as goldmark's extensions are: With
// returns a new Set and never changes the one it was called on, so that
// builds and tests with different criteria can run side by side.
//
// The zero Set holds no criteria; Default holds the evaluation's own.
type Set struct {
	list []*Criterion
}

// builtin are the evaluation's criteria, each defined in the file named
// after it.
var builtin = []*Criterion{c5, g1, c1, c2, c4, c6}

// Default returns the evaluation's criteria: C5, G1 and the judged tier's
// C1, C2, C4 and C6.
func Default() Set { return Set{}.With(builtin...) }

// OrDefault returns s, or Default when s holds no criteria: what an
// options struct whose zero value means the evaluation's own criteria
// gives its user.
func (s Set) OrDefault() Set {
	if len(s.list) == 0 {
		return Default()
	}
	return s
}

// With returns s with the criteria cs added. It panics, as a program
// error, when a criterion's ID is already in the set, when two criteria
// are the headline, when two name the same threshold, or when two define
// the same text measure.
func (s Set) With(cs ...*Criterion) Set {
	list := slices.Clone(s.list)
	for _, c := range cs {
		if err := conflict(list, c); err != nil {
			panic(err.Error())
		}
		list = append(list, c)
	}
	slices.SortStableFunc(list, compareCriteria)
	return Set{list: list}
}

// conflict reports what keeps c out of a set holding list.
func conflict(list []*Criterion, c *Criterion) error {
	for _, o := range list {
		switch {
		case o.ID == c.ID:
			return fmt.Errorf("criteria: %s is in the set twice", c.ID)
		case c.Headline && o.Headline:
			return fmt.Errorf("criteria: %s and %s are both the headline criterion", o.ID, c.ID)
		}
		for _, t := range o.s.thresholds(o.s.defaults) {
			for _, u := range c.s.thresholds(c.s.defaults) {
				if t.Name == u.Name {
					return fmt.Errorf("criteria: %s and %s both name a threshold %q", o.ID, c.ID, t.Name)
				}
			}
		}
		for _, m := range o.Measures {
			if slices.ContainsFunc(c.Measures, func(n TextMeasure) bool { return n.Name == m.Name }) {
				return fmt.Errorf("criteria: %s and %s both define the text measure %q", o.ID, c.ID, m.Name)
			}
		}
	}
	return nil
}

// compareCriteria orders the criteria as every table lists them: the
// measured ones before the judged, quality criteria before gates, then by
// ID.
func compareCriteria(a, b *Criterion) int {
	switch {
	case a.Judged != b.Judged:
		if b.Judged {
			return -1
		}
		return 1
	case a.Kind != b.Kind:
		if a.Kind == Quality {
			return -1
		}
		return 1
	}
	return strings.Compare(string(a.ID), string(b.ID))
}

// All returns every criterion of s, in order. The slice is s's own: do not
// change it.
func (s Set) All() []*Criterion { return s.list }

// Lookup returns the criterion with id, or nil.
func (s Set) Lookup(id ID) *Criterion {
	for _, c := range s.list {
		if c.ID == id {
			return c
		}
	}
	return nil
}

// Headline returns the headline criterion (Criterion.Headline), or nil.
func (s Set) Headline() *Criterion {
	for _, c := range s.list {
		if c.Headline {
			return c
		}
	}
	return nil
}

// Defaults returns the settings of s's criteria at their defaults.
func (s Set) Defaults() Settings { return Settings{crit: s} }

// Checks states each rule of o with its numbers (Criterion.Checks); none
// when o's criterion is not in s.
func (s Set) Checks(o Outcome) []Check {
	if c := s.Lookup(o.Criterion); c != nil {
		return c.Checks(o)
	}
	return nil
}

// Summary states o in a few words (Criterion.Summary); its label when o's
// criterion is not in s.
func (s Set) Summary(o Outcome) string {
	if c := s.Lookup(o.Criterion); c != nil {
		return c.Summary(o)
	}
	return o.Label()
}

// Excess is how many times its limit o's worst failing rule reaches
// (Criterion.Excess); 0 when o's criterion is not in s.
func (s Set) Excess(o Outcome) float64 {
	if c := s.Lookup(o.Criterion); c != nil {
		return c.Excess(o)
	}
	return 0
}

// FailsWithLimit reports whether o fails with the limit named name set to
// value (Criterion.FailsWithLimit); o's own verdict when its criterion is
// not in s.
func (s Set) FailsWithLimit(o Outcome, name string, value float64) bool {
	if c := s.Lookup(o.Criterion); c != nil {
		return c.FailsWithLimit(o, name, value)
	}
	return o.Fail()
}

// callerFile returns the base name of the file that called the function
// depth frames up.
func callerFile(depth int) string {
	_, file, _, ok := runtime.Caller(depth + 1)
	if !ok {
		return ""
	}
	return filepath.Base(file)
}

// WithLimit returns o judged again with the limit named name set to value
// (Criterion.WithLimit); o as it is when its criterion is not in s.
func (s Set) WithLimit(o Outcome, name string, value float64) Outcome {
	if c := s.Lookup(o.Criterion); c != nil {
		return c.WithLimit(o, name, value)
	}
	return o
}
