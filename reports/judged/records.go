package judged

import (
	"errors"
	"fmt"
	"io/fs"
	"path"
	"slices"
	"strings"

	"github.com/evalpress/evalpress/internal/diag"
	"github.com/evalpress/evalpress/internal/tomlfile"
)

// The judged tier's records, beside the replies and labels: the human
// classification of each candidate addition a judge found (C4: the judge
// finds, a human classifies) and the cause recorded for each disagreement
// between a judge and a labeller.
const (
	AdditionsFile     = "additions.toml"
	DisagreementsFile = "disagreements.toml"
)

// Classification is a human's class for one candidate addition a judge's
// STEP 3 listed ([[addition]] in additions.toml).
type Classification struct {
	Script, Section, Judge string
	Candidate              int    // 1-based, in the order of the judge's STEP 3
	Class                  string // Transition or ScopeCreep
	By                     string // the labeller who classified it
	Line                   int
}

// Causes a disagreement can be recorded with.
const (
	CauseJudge    = "judge"    // the judge misread the section
	CauseLabeller = "labeller" // the label was wrong
	CauseRubric   = "rubric"   // the rubric's wording allows both readings
	CauseOutline  = "outline"  // the outline left it open
	CauseOther    = "other"
)

// Causes lists the causes in the order messages name them.
var Causes = []string{CauseJudge, CauseLabeller, CauseRubric, CauseOutline, CauseOther}

// Cause is what the author found caused one disagreement between a judge
// and a labeller on one criterion of one section ([[disagreement]] in
// disagreements.toml).
type Cause struct {
	Script, Section, Criterion, Judge, Labeller string
	Cause                                       string // one of Causes
	Note                                        string // optional; published after redaction
	Line                                        int
}

type additionsFile struct {
	Addition []struct {
		Script    string `toml:"script"`
		Section   string `toml:"section"`
		Judge     string `toml:"judge"`
		Candidate int    `toml:"candidate"`
		Class     string `toml:"class"`
		By        string `toml:"by"`
	} `toml:"addition"`
}

type disagreementsFile struct {
	Disagreement []struct {
		Script    string `toml:"script"`
		Section   string `toml:"section"`
		Criterion string `toml:"criterion"`
		Judge     string `toml:"judge"`
		Labeller  string `toml:"labeller"`
		Cause     string `toml:"cause"`
		Note      string `toml:"note"`
	} `toml:"disagreement"`
}

// readRecord reads a records file of judged/, or nil when there is none.
func (l *loader) readRecord(name string) ([]byte, string, error) {
	rel := path.Join(Dir, name)
	if _, err := fs.Stat(l.fsys, rel); errors.Is(err, fs.ErrNotExist) {
		return nil, "", nil
	}
	data, err := l.read(rel)
	return data, l.path(rel), err
}

// cellError checks that a record names a section of a writer, and that
// the writer is one of sections.md's.
func (l *loader) cellError(file string, line int, script, section string) error {
	switch {
	case !l.writers[script]:
		return diag.Errorf(file, line, "the script named here is none of sections.md's").
			WithHint("use the '# SCRIPT' headings of sections.md exactly as written")
	case !l.cells[[2]string{script, section}]:
		return diag.Errorf(file, line, "the section named here is not in this script of sections.md")
	}
	return nil
}

// labellerError checks that id is a labeller of labellers.toml with its
// labels file. One described there without a file is said once, at its
// entry, naming the first record that names it: the file is what is
// missing, not the labeller.
func (l *loader) labellerError(file string, line int, key, id string) error {
	for _, lab := range l.tier.Labellers {
		if lab.ID == id {
			return nil
		}
	}
	for i := range l.fileless {
		if f := &l.fileless[i]; f.ID == id {
			if f.err == nil {
				f.err = diag.Errorf(l.labellersFile, f.Line, "this labeller has no labels file (%s), yet %s:%d names it", path.Join(Dir, LabelsDir, "<its id>.md"), file, line).
					WithHint("add the labels file, or remove the records that name the labeller")
			}
			return f.err
		}
	}
	return diag.Errorf(file, line, "%s names no labeller of %s", key, LabellersFile)
}

// additions reads additions.toml: a human's class for candidates the
// judges listed. A record for a candidate the judge did not list is an
// error: the numbering follows the reply.
func (l *loader) additions() error {
	data, file, err := l.readRecord(AdditionsFile)
	if data == nil || err != nil {
		return err
	}
	var af additionsFile
	if _, err := tomlfile.Decode(data, file, &af); err != nil {
		return err
	}
	headers := tomlfile.ArrayTableLines(data, "addition")
	seen := map[[4]string]int{}
	for i, e := range af.Addition {
		line := 0
		if i < len(headers) {
			line = headers[i]
		}
		c := Classification{Script: strings.TrimSpace(e.Script), Section: strings.TrimSpace(e.Section), Judge: strings.TrimSpace(e.Judge),
			Candidate: e.Candidate, Class: strings.ToUpper(strings.TrimSpace(e.Class)), By: strings.TrimSpace(e.By), Line: line}
		if err := l.cellError(file, line, c.Script, c.Section); err != nil {
			return err
		}
		reply := l.tier.Reply(c.Judge, c.Script, c.Section)
		key := [4]string{c.Judge, c.Script, c.Section, fmt.Sprint(c.Candidate)}
		switch {
		case l.tier.Judge(c.Judge) == nil:
			return diag.Errorf(file, line, "the judge named here has no [[judge]] entry in %s", JudgesFile)
		case reply == nil:
			return diag.Errorf(file, line, "the judge named here did not grade that section, so it found no candidate there")
		case c.Candidate < 1 || c.Candidate > len(reply.Candidates):
			return diag.Errorf(file, line, "candidate %d: the judge's STEP 3 lists %d candidate addition(s) there", c.Candidate, len(reply.Candidates)).
				WithHint("candidates are numbered from 1 in the order of the judge's STEP 3 list")
		case c.Class != Transition && c.Class != ScopeCreep:
			return diag.Errorf(file, line, "class is neither \"transition\" nor \"scope_creep\"")
		case seen[key] > 0:
			return diag.Errorf(file, line, "candidate %d of that judge on that section is classified twice (first at line %d)", c.Candidate, seen[key])
		}
		if err := l.labellerError(file, line, "by", c.By); err != nil {
			return err
		}
		seen[key] = max(line, 1)
		l.tier.Classifications = append(l.tier.Classifications, c)
	}
	return nil
}

// disagreements reads disagreements.toml: the cause recorded for each
// disagreement read. Whether an entry names a real disagreement is the
// validation's to say.
func (l *loader) disagreements() error {
	data, file, err := l.readRecord(DisagreementsFile)
	if data == nil || err != nil {
		return err
	}
	var df disagreementsFile
	if _, err := tomlfile.Decode(data, file, &df); err != nil {
		return err
	}
	headers := tomlfile.ArrayTableLines(data, "disagreement")
	seen := map[[5]string]int{}
	for i, e := range df.Disagreement {
		line := 0
		if i < len(headers) {
			line = headers[i]
		}
		c := Cause{Script: strings.TrimSpace(e.Script), Section: strings.TrimSpace(e.Section), Criterion: strings.ToUpper(strings.TrimSpace(e.Criterion)),
			Judge: strings.TrimSpace(e.Judge), Labeller: strings.TrimSpace(e.Labeller), Cause: strings.TrimSpace(e.Cause), Note: strings.TrimSpace(e.Note), Line: line}
		if err := l.cellError(file, line, c.Script, c.Section); err != nil {
			return err
		}
		key := [5]string{c.Script, c.Section, c.Criterion, c.Judge, c.Labeller}
		switch {
		case !slices.Contains(Criteria, c.Criterion):
			return diag.Errorf(file, line, "criterion is not a judged criterion (%s)", strings.Join(Criteria, ", "))
		case l.tier.Judge(c.Judge) == nil:
			return diag.Errorf(file, line, "the judge named here has no [[judge]] entry in %s", JudgesFile)
		case !slices.Contains(Causes, c.Cause):
			return diag.Errorf(file, line, "cause is none of %s", quoteAll(Causes)).
				WithHint("say what caused the disagreement; a note can say more")
		case seen[key] > 0:
			return diag.Errorf(file, line, "this disagreement has a cause already (line %d)", seen[key])
		}
		if err := l.labellerError(file, line, "labeller", c.Labeller); err != nil {
			return err
		}
		seen[key] = max(line, 1)
		l.tier.Causes = append(l.tier.Causes, c)
	}
	return nil
}

// Classified returns the human's class for candidate n (1-based) of
// judge's reply on a section, or "".
func (t *Tier) Classified(judge, script, section string, n int) string {
	for _, c := range t.Classifications {
		if c.Judge == judge && c.Script == script && c.Section == section && c.Candidate == n {
			return c.Class
		}
	}
	return ""
}

// Additions is C4 as the rubric defines it, on one judge's reply: the
// candidates the judge found, as a human classified them.
type Additions struct {
	// Candidates counts the candidates the judge's STEP 3 lists; the human
	// classified ScopeCreep of them as scope creep and Transitions as
	// transitions, and left Unclassified.
	Candidates, ScopeCreep, Transitions, Unclassified int
	// Pass is the verdict that follows: no candidate is scope creep.
	// Unscored, when not "", says why there is none yet.
	Pass     bool
	Unscored string
}

// AdditionsOf decides C4 on judge's reply r: the verdict follows the
// human's classification of the candidates the judge found. A judge that
// found none passes if it said PASS; one that said FAIL without a list a
// human could classify has no C4 verdict.
func (t *Tier) AdditionsOf(judge string, r *Reply) Additions {
	a := Additions{Candidates: len(r.Candidates)}
	for n := range r.Candidates {
		switch t.Classified(judge, r.Script, r.Section, n+1) {
		case ScopeCreep:
			a.ScopeCreep++
		case Transition:
			a.Transitions++
		default:
			a.Unclassified++
		}
	}
	switch {
	case a.Candidates == 0 && !r.Verdicts.Additions:
		a.Unscored = "the judge returned FAIL but lists no candidate addition a human could classify"
	case a.Unclassified > 0:
		a.Unscored = fmt.Sprintf("%d of %d candidate additions await a human's classification", a.Unclassified, a.Candidates)
	default:
		a.Pass = a.ScopeCreep == 0
	}
	return a
}
