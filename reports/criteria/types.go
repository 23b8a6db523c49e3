package criteria

import (
	"fmt"
	"slices"
	"strings"
)

// SectionTypes map a section heading to its type ([judged] section_types):
// the rubric claims only the section type it was calibrated on, so the
// judged criteria's pass lines can be set per type ([judged.types.<type>]),
// each calibrated by a pilot of that type.
type SectionTypes map[string]string

// Of returns section's type, "" when it has none.
func (t SectionTypes) Of(section string) string { return t[section] }

// checkTypes reports a type of [judged.types] that no section is of.
func checkTypes[T any](st SectionTypes, types map[string]T) error {
	used := map[string]bool{}
	for _, t := range st {
		used[t] = true
	}
	var names []string
	for name := range types {
		names = append(names, name)
	}
	slices.Sort(names)
	for _, name := range names {
		if !used[name] {
			return &SettingError{Key: "judged.types." + name, Msg: fmt.Sprintf("[judged.types.%s]: no section is of type %q in [judged] section_types (types: %s)", name, name, strings.Join(typeNames(st), ", "))}
		}
	}
	return nil
}

// typeNames returns the types sections are of, sorted.
func typeNames(st SectionTypes) []string {
	var out []string
	for _, t := range st {
		if !slices.Contains(out, t) {
			out = append(out, t)
		}
	}
	slices.Sort(out)
	return out
}

// MinPresentOf returns C1's N for section: its type's, else [judged]'s.
func (s C1Settings) MinPresentOf(section string) int {
	if t, ok := s.Types[s.SectionTypes.Of(section)]; ok {
		return t.MinPresent
	}
	return s.MinPresent
}

// MaxUndevelopedOf returns C2's line for section: its type's, else
// [judged]'s.
func (s C2Settings) MaxUndevelopedOf(section string) float64 {
	if t, ok := s.Types[s.SectionTypes.Of(section)]; ok {
		return t.MaxUndeveloped
	}
	return s.MaxUndeveloped
}
