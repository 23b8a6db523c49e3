package judged

import (
	"errors"
	"io/fs"
	"path"
	"strings"
	"time"

	"github.com/evalpress/evalpress/internal/diag"
	"github.com/evalpress/evalpress/reports/inputs"
)

// FixtureLabelsFile holds the author's blind labels of the public
// fixtures: "## T1" headings as in a judge's fixture reply file, each
// body a LABELLED_AT line and the verdict block. The protocol has them
// made before any judge replies: a label made later is not blind. Its
// name holds no labeller's id: the author is the labeller of role author
// in labellers.toml, when there is one.
const FixtureLabelsFile = "fixture-labels.md"

// FixtureLabel is the author's label of one public fixture.
type FixtureLabel struct {
	Fixture    string // its id, as its "## " heading names it (T1)
	Line       int
	LabelledAt time.Time
	Verdicts   Verdicts
}

// fixtureLabels reads the author's fixture labels file, when there is
// one, after the labellers: a criterion the author does not label writes
// "-".
func (l *loader) fixtureLabels() error {
	rel := path.Join(Dir, FixtureLabelsFile)
	if _, err := fs.Stat(l.fsys, rel); errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	blocks, file, err := l.blocks(rel, false)
	if err != nil {
		return err
	}
	author := &Labeller{ID: RoleAuthor, Criteria: Criteria}
	for i := range l.tier.Labellers {
		if l.tier.Labellers[i].Role == RoleAuthor {
			author = &l.tier.Labellers[i]
		}
	}
	l.tier.FixtureLabelsFile = file
	for _, b := range blocks {
		label, err := parseFixtureLabel(b, file, author)
		if err != nil {
			return err
		}
		l.tier.FixtureLabels = append(l.tier.FixtureLabels, label)
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
