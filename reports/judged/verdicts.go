package judged

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/evalpress/evalpress/internal/diag"
	"github.com/evalpress/evalpress/reports/criteria"
	"github.com/evalpress/evalpress/reports/inputs"
)

// Criterion IDs of the judged tier, as replies and labels write them: the
// criteria's own (reports/criteria).
const (
	C1 = string(criteria.C1) // coverage: bullets present of bullets assigned
	C2 = string(criteria.C2) // development: undeveloped groups of groups
	C4 = string(criteria.C4) // additions: PASS when nothing beyond the outline was added
	C6 = string(criteria.C6) // on brief: PASS when the framing follows from the outline
)

// Criteria lists the judged criteria in the protocol's order
// (criteria.JudgedIDs).
var Criteria = func() []string {
	var out []string
	for _, id := range criteria.JudgedIDs {
		out = append(out, string(id))
	}
	return out
}()

// Markers that open the parts of a reply.
const (
	verdictsMarker = "=== VERDICTS ==="
	analysisMarker = "=== ANALYSIS"
)

// The verdict block's lines, in the order the protocol writes them.
var verdictKeys = []string{"C1_COVERAGE", "C2_DEVELOPMENT", "C4_ADDITIONS", "C6_ON_BRIEF", "AMBIGUOUS"}

// Count is a judged count: N of Of. For C1 it is bullets present of bullets
// assigned; for C2, undeveloped groups of all groups.
type Count struct {
	N, Of int
}

// String formats the count as the verdict block writes it: "9 of 12".
func (c Count) String() string { return fmt.Sprintf("%d of %d", c.N, c.Of) }

// Verdicts is one verdict block: what a judge or a labeller returned for one
// section (or fixture). Thresholds are not applied here: C1 and C2 are raw
// counts, and a criterion named as ambiguous stays ambiguous whatever its
// own line says.
type Verdicts struct {
	Coverage    Count           // C1_COVERAGE
	Development Count           // C2_DEVELOPMENT
	Additions   bool            // C4_ADDITIONS: true for PASS
	OnBrief     bool            // C6_ON_BRIEF: true for PASS
	Ambiguous   map[string]bool // criterion IDs named on the AMBIGUOUS line
	// Unlabelled holds the criteria whose line reads "-": a labeller who
	// does not label them. A judge's reply has none.
	Unlabelled map[string]bool
	Line       int // line of the "=== VERDICTS ===" marker
	// Lines are the lines of the verdict lines, by criterion ID.
	Lines map[string]int
}

// notLabelled is the value of a verdict line a labeller leaves out.
const notLabelled = "-"

// criterionOfKey maps a verdict line's key to its criterion.
var criterionOfKey = map[string]string{"C1_COVERAGE": C1, "C2_DEVELOPMENT": C2, "C4_ADDITIONS": C4, "C6_ON_BRIEF": C6}

// IsAmbiguous reports whether criterion id was marked ambiguous.
func (v Verdicts) IsAmbiguous(id string) bool { return v.Ambiguous[id] }

// AmbiguousList returns the ambiguous criteria in the protocol's order.
func (v Verdicts) AmbiguousList() []string {
	var out []string
	for _, id := range Criteria {
		if v.Ambiguous[id] {
			out = append(out, id)
		}
	}
	return out
}

// parseVerdicts reads the verdict block opened by the last verdicts marker
// in body: exactly the protocol's five lines, in its order, then nothing but
// blank lines. where names the block in messages ("section \"ACT 1\"").
func parseVerdicts(body []inputs.BodyLine, file, where string, headingLine int) (Verdicts, int, error) {
	at := -1
	for i, l := range body {
		if strings.TrimSpace(l.Text) == verdictsMarker {
			at = i
		}
	}
	if at < 0 {
		return Verdicts{}, -1, diag.Errorf(file, headingLine, "%s has no verdict block", where).
			WithHint("end the body with a %q line followed by the five verdict lines", verdictsMarker)
	}
	v := Verdicts{Line: body[at].Number, Ambiguous: map[string]bool{}, Unlabelled: map[string]bool{}, Lines: map[string]int{}}
	seen := map[string]int{}
	next := 0 // index in verdictKeys of the line expected next
	for _, l := range body[at+1:] {
		text := strings.TrimSpace(l.Text)
		if text == "" {
			continue
		}
		key, value, ok := strings.Cut(text, ":")
		key, value = strings.TrimSpace(key), strings.TrimSpace(value)
		pos := indexOf(verdictKeys, key)
		switch {
		case !ok || pos < 0:
			if next == len(verdictKeys) {
				return v, at, diag.Errorf(file, l.Number, "text after the verdict block").
					WithHint("the verdict block ends the reply")
			}
			return v, at, diag.Errorf(file, l.Number, "verdict block: unexpected line, want %s", verdictKeys[next])
		case seen[key] > 0:
			return v, at, diag.Errorf(file, l.Number, "verdict block: %s repeated (first at line %d)", key, seen[key])
		case pos != next:
			return v, at, diag.Errorf(file, l.Number, "verdict block: %s out of order, want %s here", key, verdictKeys[next]).
				WithHint("the protocol's order is %s", strings.Join(verdictKeys, ", "))
		}
		seen[key] = l.Number
		next++
		if id, ok := criterionOfKey[key]; ok {
			v.Lines[id] = l.Number
			if value == notLabelled {
				v.Unlabelled[id] = true
				continue
			}
		}
		var err error
		switch key {
		case "C1_COVERAGE":
			v.Coverage, err = parseCount(value)
		case "C2_DEVELOPMENT":
			v.Development, err = parseCount(value)
		case "C4_ADDITIONS":
			v.Additions, err = parsePass(value)
		case "C6_ON_BRIEF":
			v.OnBrief, err = parsePass(value)
		case "AMBIGUOUS":
			v.Ambiguous, err = parseAmbiguous(value)
		}
		if err != nil {
			return v, at, diag.Errorf(file, l.Number, "%s: %v", key, err)
		}
	}
	if next < len(verdictKeys) {
		return v, at, diag.Errorf(file, v.Line, "verdict block of %s lacks %s", where, verdictKeys[next])
	}
	return v, at, nil
}

func parseCount(s string) (Count, error) {
	fields := strings.Fields(s)
	if len(fields) != 3 || fields[1] != "of" {
		return Count{}, fmt.Errorf("is not a count; want \"N of M\"")
	}
	n, err1 := strconv.Atoi(fields[0])
	of, err2 := strconv.Atoi(fields[2])
	switch {
	case err1 != nil || err2 != nil || n < 0 || of < 0:
		return Count{}, fmt.Errorf("is not a count; want \"N of M\" with whole numbers")
	case of == 0:
		return Count{}, fmt.Errorf("counts out of nothing; M must be at least 1")
	case n > of:
		return Count{}, fmt.Errorf("counts more than all: %d is more than %d", n, of)
	}
	return Count{N: n, Of: of}, nil
}

func parsePass(s string) (bool, error) {
	switch strings.ToUpper(s) {
	case "PASS":
		return true, nil
	case "FAIL":
		return false, nil
	}
	return false, fmt.Errorf("is neither PASS nor FAIL")
}

func parseAmbiguous(s string) (map[string]bool, error) {
	out := map[string]bool{}
	if strings.EqualFold(s, "NONE") {
		return out, nil
	}
	if s == "" {
		return nil, fmt.Errorf("empty; want NONE or the criteria, as in \"C4, C6\"")
	}
	for _, part := range strings.Split(s, ",") {
		id := strings.ToUpper(strings.TrimSpace(part))
		if indexOf(Criteria, id) < 0 {
			return nil, fmt.Errorf("names what is not a judged criterion (one of %s, or NONE)", strings.Join(Criteria, ", "))
		}
		if out[id] {
			return nil, fmt.Errorf("%s named twice", id)
		}
		out[id] = true
	}
	return out, nil
}

func indexOf(list []string, s string) int {
	for i, x := range list {
		if x == s {
			return i
		}
	}
	return -1
}

// checkLabelled checks a label's "-" lines against the criteria its
// labeller labels: a labelled criterion has a verdict, any other a "-".
func checkLabelled(v Verdicts, lab *Labeller, file, where string) error {
	for _, id := range Criteria {
		labels := lab.Labelled(id)
		switch {
		case labels && v.Unlabelled[id]:
			return diag.Errorf(file, v.Lines[id], "%s: %s is %q, but the labeller labels %s", where, id, notLabelled, id).
				WithHint("give the verdict, or leave %s out of the labeller's criteria in %s", id, LabellersFile)
		case !labels && !v.Unlabelled[id]:
			return diag.Errorf(file, v.Lines[id], "%s: the labeller does not label %s (its criteria in %s), so the line must read %q", where, id, LabellersFile, notLabelled)
		case v.Unlabelled[id] && v.Ambiguous[id]:
			return diag.Errorf(file, v.Lines[id], "%s: %s is marked AMBIGUOUS but not labelled", where, id)
		}
	}
	return nil
}
