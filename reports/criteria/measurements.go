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

var textMeasures []TextMeasure

// MeasureText registers a text measure: the measurement stage computes it
// of every section when a registered criterion needs it. It returns the
// function that takes it out again (for a test's toy criterion).
func MeasureText(name string, of func(text string) float64) (unregister func()) {
	if slices.ContainsFunc(textMeasures, func(t TextMeasure) bool { return t.Name == name }) {
		panic(fmt.Sprintf("criteria: text measure %q is registered twice", name))
	}
	textMeasures = append(textMeasures, TextMeasure{Name: name, Of: of})
	return func() {
		textMeasures = slices.DeleteFunc(slices.Clone(textMeasures), func(t TextMeasure) bool { return t.Name == name })
	}
}

// TextMeasures returns the text measures some registered criterion needs,
// in the order they were registered.
func TextMeasures() []TextMeasure {
	var out []TextMeasure
	for _, t := range textMeasures {
		if needed(t.Name) {
			out = append(out, t)
		}
	}
	return out
}

func needed(name string) bool {
	for _, c := range registry {
		if slices.Contains(c.Needs, name) {
			return true
		}
	}
	return false
}

// CheckNeeds reports a criterion that needs a measurement neither provided
// (the names the measurement stage makes itself) nor a text measure.
func CheckNeeds(provided []string) error {
	for _, c := range registry {
		for _, n := range c.Needs {
			if !slices.Contains(provided, n) && !slices.ContainsFunc(textMeasures, func(t TextMeasure) bool { return t.Name == n }) {
				return fmt.Errorf("criterion %s needs the measurement %q, which nothing measures (register it with criteria.MeasureText)", c.ID, n)
			}
		}
	}
	return nil
}
