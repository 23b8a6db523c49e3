package validation

import (
	"slices"
	"strings"

	"github.com/evalpress/evalpress/internal/diag"
)

// TypeCalibration is C1's N for one section type, calibrated on the
// pilot's sections of that type only: the rubric claims only the type it
// was calibrated on.
type TypeCalibration struct {
	Type string
	// Sections are the covered sections of the type, in the tier's order;
	// Piloted the sections of the type the pilot labelled.
	Sections, Piloted []string
	Calibration
}

// calibrateTypes calibrates each covered type's N on the pilot's sections
// of that type, and says so, naming the sections, where a type's N was
// set with no pilot section of its type: a pilot of one type does not
// calibrate another.
func (r *Report) calibrateTypes(in Input, all []pilotCount) {
	if len(in.SectionTypes) == 0 {
		return
	}
	var types []string
	bySection := map[string][]string{}
	for _, s := range in.Covered {
		t := in.SectionTypes[s]
		if !slices.Contains(types, t) {
			types = append(types, t)
		}
		bySection[t] = append(bySection[t], s)
	}
	for _, t := range types {
		n, ok := in.C1Types[t]
		if !ok {
			n = in.C1MinPresent
		}
		var labels []pilotCount
		var piloted, elsewhere []string
		for _, l := range all {
			s := l.Item.Section
			if in.SectionTypes[s] == t {
				labels = append(labels, l)
				piloted = appendNew(piloted, s)
			} else {
				elsewhere = appendNew(elsewhere, s)
			}
		}
		what := "the " + strings.Join(bySection[t], ", ") + " sections (type " + typeName(t) + ")"
		tc := TypeCalibration{Type: t, Sections: bySection[t], Piloted: piloted,
			Calibration: calibrateOn(labels, n, in.Writers, func(format string, args ...any) {
				r.Warnings.Add(diag.Warnf(in.ConfigFile, 0, "%s: "+format, append([]any{what}, args...)...))
			})}
		if len(labels) == 0 && n > 0 {
			r.Warnings.Add(diag.Warnf(in.ConfigFile, 0, "C1's N = %d is applied to %s, and the pilot labelled no section of that type (it labelled %s): a pilot of one type does not calibrate another",
				n, what, otherTypes(elsewhere, in.SectionTypes)))
		}
		r.TypeCalibrations = append(r.TypeCalibrations, tc)
	}
}

func appendNew(list []string, s string) []string {
	if slices.Contains(list, s) {
		return list
	}
	return append(list, s)
}

// typeName quotes a type, or says a section has none.
func typeName(t string) string {
	if t == "" {
		return "none given"
	}
	return `"` + t + `"`
}

// otherTypes names sections with their types: "CHECKPOINT, STORY BEAT
// (type "beat")"; "nothing" for none.
func otherTypes(sections []string, types map[string]string) string {
	if len(sections) == 0 {
		return "nothing"
	}
	var parts []string
	for _, s := range sections {
		parts = append(parts, s+" (type "+typeName(types[s])+")")
	}
	return strings.Join(parts, ", ")
}
