package judged

import (
	"path"
	"strings"
	"time"

	"github.com/evalpress/evalpress/internal/diag"
	"github.com/evalpress/evalpress/reports/inputs"
)

// FixtureLabelsDir is the folder of fixtures/ holding the labellers' blind
// labels of the public fixtures: fixtures/labels/<labeller id>.md, "## T1"
// headings as in a judge's fixture reply file, each body a LABELLED_AT
// line and the verdict block. The protocol has them made before any judge
// replies: a label made later is not blind.
const FixtureLabelsDir = "labels"

// FixtureLabel is a labeller's label of one public fixture.
type FixtureLabel struct {
	Fixture    string // its id, as its "## " heading names it (T1)
	Line       int
	LabelledAt time.Time
	Verdicts   Verdicts
}

// fixtureLabels reads each labeller's fixture labels file, when it has
// one; byID finds a labeller of labellers by id. A file of a labeller
// without an entry is an error.
func (l *loader) fixtureLabels(labellers []Labeller, byID map[string]int) error {
	dir := path.Join(Dir, FixturesDir, FixtureLabelsDir)
	files, err := l.markdownFiles(dir)
	if err != nil {
		return err
	}
	var errs []error
	for _, name := range files {
		rel := path.Join(dir, name)
		id := strings.TrimSuffix(name, ".md")
		i, ok := byID[id]
		if !ok {
			errs = append(errs, diag.Errorf(l.path(rel), 0, "labeller %q has no [[labeller]] entry in %s", id, LabellersFile).
				WithHint("a fixture labels file is named after its labeller's id"))
			continue
		}
		if err := l.fixtureLabelsFile(rel, &labellers[i]); err != nil {
			errs = append(errs, err)
		}
	}
	return diag.Join(errs...)
}

// fixtureLabelsFile reads labeller lab's fixture labels file rel.
func (l *loader) fixtureLabelsFile(rel string, lab *Labeller) error {
	blocks, file, err := l.blocks(rel, false)
	if err != nil {
		return err
	}
	lab.FixtureFile = file
	for _, b := range blocks {
		label, err := parseFixtureLabel(b, file, lab)
		if err != nil {
			return err
		}
		lab.FixtureLabels = append(lab.FixtureLabels, label)
	}
	return nil
}

// parseFixtureLabel reads one fixture's label: a LABELLED_AT line, once,
// then the verdict block.
func parseFixtureLabel(b inputs.Block, file string, lab *Labeller) (FixtureLabel, error) {
	where := "the label on fixture " + quote(b.Name)
	v, at, err := parseVerdicts(b.Body, file, where, b.Line)
	if err != nil {
		return FixtureLabel{}, err
	}
	if err := checkLabelled(v, lab, file, where); err != nil {
		return FixtureLabel{}, err
	}
	out, seen := FixtureLabel{Fixture: b.Name, Line: b.Line, Verdicts: v}, 0
	for _, line := range b.Body[:at] {
		key, value, ok := strings.Cut(strings.TrimSpace(line.Text), ":")
		if !ok || key != "LABELLED_AT" {
			continue
		}
		if seen > 0 {
			return FixtureLabel{}, diag.Errorf(file, line.Number, "%s: LABELLED_AT repeated (first at line %d)", where, seen)
		}
		seen = line.Number
		t, err := parseRFC3339(strings.TrimSpace(value))
		if err != nil {
			return FixtureLabel{}, diag.Errorf(file, line.Number, "LABELLED_AT %v", err)
		}
		out.LabelledAt = t
	}
	if seen == 0 {
		return FixtureLabel{}, diag.Errorf(file, b.Line, "%s has no LABELLED_AT line", where).
			WithHint("a fixture's label holds 'LABELLED_AT: <RFC 3339 time>' before its verdict block: when it was made, before any judge replied")
	}
	return out, nil
}
