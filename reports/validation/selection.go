package validation

import (
	"strings"

	"github.com/evalpress/evalpress/internal/diag"
	"github.com/evalpress/evalpress/reports/judged"
)

// Selection is what the judge selection checks found: the primary judge
// must come from a family and a lab no writer belongs to (or the family preference
// must be measured, by one family judge per writer).
type Selection struct {
	// Checked is false when the primary judge's family or the writers'
	// are not known; Unchecked then says which.
	Checked   bool
	Unchecked string
	// Independent is false when the primary judge belongs to a writer's
	// family or lab.
	Independent bool
	// Unmeasured lists the writers (script headings) no family judge
	// belongs to: their self-preference is not measured.
	Unmeasured []string
}

// checkIndependence checks that the primary judge shares neither a family
// nor a lab with a writer: the identity table tells a judge's lab from its
// model ("Gemma 3 27B" is Google's, as a Gemini writer is), so a shared lab
// is found even where a family is not stated.
func (r *Report) checkIndependence(in Input, primary *Judge, s *Selection) {
	pid := judged.JudgeIdentity(primary.Judge)
	known := 0
	for _, w := range in.Writers {
		if sameFamily(pid.Family, in.WriterFamilies[w]) || judged.SharesLab(pid.Labs, in.WriterLabs[w]) {
			s.Independent = false
		}
		if strings.TrimSpace(in.WriterFamilies[w]) != "" || len(in.WriterLabs[w]) > 0 {
			known++
		}
	}
	switch {
	case !s.Independent:
		line := primary.Line
		if primary.FamilyLine > 0 {
			line = primary.FamilyLine
		}
		r.Warnings.Add(diag.Warnf(primary.File, line,
			"the primary judge of line %d is not independent: its family or lab is one writer's; pages say so, and its model is kept private", primary.Line).
			WithHint("the protocol's primary judge comes from a lab that made no writer; otherwise the family judges' self-preference has to be measured"))
		for k := range r.Judges {
			if r.Judges[k].ID == primary.ID {
				r.Judges[k].Independent = false
			}
		}
	case known < len(in.Writers):
		s.Checked, s.Unchecked = false, "not every writer's family is known"
		r.Warnings.Add(diag.Warnf(primary.File, primary.Line,
			"%d of %d writers have no family in models.toml [families], so the primary judge's independence is not checked", len(in.Writers)-known, len(in.Writers)).
			WithHint(`give each script heading its model family: [families] "Heading as written" = "family"`))
	case pid.Family == "" && len(pid.Labs) == 0:
		s.Checked, s.Unchecked = false, "the primary judge's family is not stated"
		r.Warnings.Add(diag.Warnf(primary.File, primary.Line,
			"this primary judge states no family, so its independence from the writers' families is not checked").
			WithHint(`family = "..." names the primary judge's model family`))
	}
}

// sameFamily compares two family words as a reader would.
func sameFamily(a, b string) bool {
	a, b = strings.TrimSpace(a), strings.TrimSpace(b)
	return a != "" && strings.EqualFold(a, b)
}

// checkSelection checks the primary judge against the writers' families
// and that every writer has a family judge.
func (r *Report) checkSelection(in Input) {
	s := Selection{Checked: true, Independent: true}
	defer func() { r.Selection = s }()
	if !in.Ran || len(in.Judges) == 0 {
		s.Checked = false
		return
	}
	var primary *Judge
	for k := range in.Judges {
		if in.Judges[k].Role == judged.Primary {
			primary = &in.Judges[k]
			break
		}
	}
	if primary == nil {
		s.Checked, s.Unchecked = false, "no judge has the role primary"
	} else {
		r.checkIndependence(in, primary, &s)
	}
	for _, w := range in.Writers {
		found := false
		for _, j := range in.Judges {
			found = found || j.Role == judged.Family && j.FamilyOf == w
		}
		if !found {
			s.Unmeasured = append(s.Unmeasured, w)
		}
	}
	if len(s.Unmeasured) > 0 {
		file, line := "judges.toml", 0
		if primary != nil {
			file = primary.File
		} else {
			file = in.Judges[0].File
		}
		r.Warnings.Add(diag.Warnf(file, line, "%d writer(s) have no family judge: their self-preference is not measured, and pages say so", len(s.Unmeasured)).
			WithHint("add a [[judge]] with role = \"family\" and family_of = the writer's heading, for each writer"))
	}
}
