package criteria

import (
	"fmt"
	"slices"
)

// Measurements are everything the criteria judge about one cell (one
// writer's section): the numbers the measurement stage made of it, by
// name, and the judges' verdict blocks. Section is the heading as written:
// private, used only to find per-section settings.
type Measurements struct {
	Section string
	// Numbers are the cell's measurements that the criteria need, by name
	// (Criterion.Needs): a measurement the cell has no value for (C5's
	// comparison of a section without an example) is absent.
	Numbers []Named
	// Judgments are the judges' verdict blocks on the cell, for the judged
	// criteria (C1, C2, C4, C6); none outside the judged tier.
	Judgments []Judgment
}

// Value returns the measurement named name.
func (m *Measurements) Value(name string) (float64, bool) { return find(m.Numbers, name) }

// A TextMeasure is a number measured of a section's text as written,
// mandated phrases included: G1's word count, a criterion's own measure.
type TextMeasure struct {
	Name string
	Of   func(text string) float64
}

// TextMeasures returns the text measures the criteria of s define that a
// criterion of s needs, in the criteria's order.
func (s Set) TextMeasures() []TextMeasure {
	var out []TextMeasure
	for _, c := range s.list {
		for _, t := range c.Measures {
			if s.needed(t.Name) {
				out = append(out, t)
			}
		}
	}
	return out
}

func (s Set) needed(name string) bool {
	for _, c := range s.list {
		if slices.Contains(c.Needs, name) {
			return true
		}
	}
	return false
}

// CheckNeeds reports a criterion that needs a measurement neither provided
// (the names the measurement stage makes itself) nor a text measure of a
// criterion of s.
func (s Set) CheckNeeds(provided []string) error {
	measures := s.TextMeasures()
	for _, c := range s.list {
		for _, n := range c.Needs {
			if !slices.Contains(provided, n) && !slices.ContainsFunc(measures, func(t TextMeasure) bool { return t.Name == n }) {
				return fmt.Errorf("criterion %s needs the measurement %q, which nothing measures (a criterion's Def.Measures defines one)", c.ID, n)
			}
		}
	}
	return nil
}
