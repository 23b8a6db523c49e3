// Package judged reads the judged tier of an evaluation from the private
// inputs folder's judged/ subfolder: the judges (judges.toml), each judge's
// replies on the writers' sections (<judge id>.md), the human labellers'
// forms (labels/<labeller>.md), the judges' replies on the public
// fixtures (fixtures/<judge id>.md) and the author's blind labels of them
// (fixture-labels.md).
//
// Parsing is strict and pure: every reply must reason before it decides
// (a non-empty analysis part before the verdict block), and every verdict
// block must hold the protocol's five lines in its order. Anything else is
// an error naming the file and line. No threshold is applied here: C1 and C2
// stay raw counts, so a threshold can change without reading anything again.
package judged

import (
	"cmp"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"path"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"time"

	"github.com/evalpress/evalpress/internal/diag"
	"github.com/evalpress/evalpress/internal/readfile"
	"github.com/evalpress/evalpress/internal/textnorm"
	"github.com/evalpress/evalpress/reports/inputs"
)

// Names inside the private inputs folder.
const (
	Dir         = "judged"
	JudgesFile  = "judges.toml"
	LabelsDir   = "labels"
	FixturesDir = "fixtures"
)

// knownFiles are the judged/ folder's files that are not reply files.
var knownFiles = map[string]bool{JudgesFile: true, LabellersFile: true, AdditionsFile: true, DisagreementsFile: true}

// Samples a labelled section can belong to.
const (
	Pilot      = "pilot"
	Validation = "validation"
)

// Reply is a judge's reply on one writer's section.
type Reply struct {
	Script  string // the writer's script heading: private
	Section string
	Line    int // line of the section heading in the reply file
	// Analysis is the reasoning part, private like the sections it quotes.
	Analysis string
	Verdicts Verdicts
	// Groups are STEP 2's beat groups with the moves named for each, when
	// the reply lays them out (nil otherwise); Candidates are STEP 3's
	// candidate additions, and Step3 is true when the reply has a STEP 3.
	Groups     []Group
	Candidates []Candidate
	Step3      bool
}

// Replies is one judge's reply file.
type Replies struct {
	Judge   Judge
	File    string
	Replies []Reply
}

// Label is a human labeller's form on one writer's section.
type Label struct {
	Script, Section string
	Line            int    // line of the section heading
	Sample          string // Pilot or Validation
	LabelledAt      time.Time
	Verdicts        Verdicts
	// Adequacy is a pilot label's judgement of the section as a whole
	// (ADEQUACY: adequate or thin), from which C1's N is calibrated; ""
	// when the label gives none.
	Adequacy string
	// Ambiguities are the ambiguities the labeller recorded (AMBIGUITY:
	// C2: what was ambiguous), in order.
	Ambiguities []Ambiguity
}

// Adequacies a pilot label can record.
const (
	Adequate = "adequate"
	Thin     = "thin"
)

// Ambiguity is one ambiguity a labeller recorded while labelling: which
// criterion, and what was ambiguous (a note published after redaction).
type Ambiguity struct {
	Criterion, Note string
	Line            int
}

// Labeller is one human labeller: its [[labeller]] entry of
// labellers.toml and its labels file.
type Labeller struct {
	ID   string // names labels/<id>.md; shown in data files only, redacted
	Name string // the display name the author gave
	Role string // RoleAuthor or RoleSecond
	// Criteria are the criteria the labeller labels, in the protocol's
	// order: all four unless its entry lists some.
	Criteria []string
	Line     int    // line of its [[labeller]] header
	File     string // its labels file, as messages name it
	Labels   []Label
}

// FixtureReply is a judge's reply on one public fixture.
type FixtureReply struct {
	Fixture  string // the fixture's id, as its "## " heading names it (T1)
	Line     int
	Analysis string
	Verdicts Verdicts
}

// Fixtures is one judge's fixture reply file.
type Fixtures struct {
	Judge   string // judge id
	File    string
	Replies []FixtureReply
}

// Tier is the judged tier as read from judged/.
type Tier struct {
	// Judges are the judges.toml entries, in file order until OrderJudges
	// puts them in their public order.
	Judges []Judge
	// Replies holds each judge's replies, in the order of Judges.
	Replies []Replies
	// Labellers are sorted by id.
	Labellers []Labeller
	// Fixtures holds judges' fixture replies, in the order of Judges.
	Fixtures []Fixtures
	// FixtureLabels are the author's blind labels of the fixtures
	// (FixtureLabelsFile), in file order; FixtureLabelsFile names the
	// file as messages do, "" without one.
	FixtureLabels     []FixtureLabel
	FixtureLabelsFile string
	// Digests maps each file read (its path below judged/, slash-separated)
	// to the hex SHA-256 of its bytes.
	Digests map[string]string
	// Diagnostics are the warnings found while reading.
	Diagnostics diag.List

	judgesFile string // judges.toml as messages name it
	// alias maps a script heading to its writer's alias (OrderJudges):
	// messages name writers by alias, never by heading.
	alias map[string]string
	// Classifications are the human classes of the judges' candidate
	// additions (additions.toml); Causes the causes recorded for
	// disagreements (disagreements.toml).
	Classifications []Classification
	Causes          []Cause

	// firstCall is each judge's earliest recorded call time.
	firstCall map[string]time.Time
}

// Load reads the judged/ folder of the inputs folder fsys, labelled label in
// messages. sections are the sections of sections.md, which every reply and
// label must name. A missing judged/ folder is no error: Load returns nil,
// and the tier is absent.
func Load(fsys fs.FS, label string, sections []inputs.Section) (*Tier, error) {
	info, err := fs.Stat(fsys, Dir)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	l := loader{fsys: fsys, label: label, tier: &Tier{Digests: map[string]string{}},
		writers: map[string]bool{}, cells: map[[2]string]bool{}, sections: sections,
		replied: map[[2]string]bool{}, missing: map[[2]string][]missingCell{}}
	if err != nil {
		return nil, diag.Errorf(l.path(Dir), 0, "cannot read: %v", err)
	}
	if !info.IsDir() {
		return nil, diag.Errorf(l.path(Dir), 0, "is a file; expected a folder holding the judged tier")
	}
	for _, s := range sections {
		l.writers[s.Script] = true
		l.cells[[2]string{s.Script, s.Name}] = true
	}
	if err := l.load(); err != nil {
		return nil, err
	}
	return l.tier, nil
}

type loader struct {
	fsys     fs.FS
	label    string
	tier     *Tier
	writers  map[string]bool
	cells    map[[2]string]bool
	sections []inputs.Section
	// replied are the cells the reply files reply on, and missing those
	// of them sections.md lacks, with where each file names it
	// (missingInSections).
	replied map[[2]string]bool
	missing map[[2]string][]missingCell
	// labellersFile is labellers.toml as messages name it, and fileless
	// its labellers with no labels file.
	labellersFile string
	fileless      []filelessLabeller
}

// missingCell is a reply file's block on a section that sections.md's
// script lacks, and the error said of it there.
type missingCell struct {
	file string
	line int
	err  error
}

// path names a file below judged/ as messages show it.
func (l *loader) path(rel string) string {
	if l.label == "" {
		return filepath.FromSlash(rel)
	}
	return filepath.Join(l.label, filepath.FromSlash(rel))
}

// read returns a file's bytes and records its digest. A .toml file is
// bounded as a settings file, a reply or labels file as a corpus
// (internal/readfile).
func (l *loader) read(rel string) ([]byte, error) {
	limit := readfile.Corpus
	if strings.HasSuffix(rel, ".toml") {
		limit = readfile.Settings
	}
	data, err := readfile.ReadFS(l.fsys, rel, limit)
	if err != nil {
		var d *diag.Diagnostic
		switch {
		case errors.As(err, &d): // not a regular file, too large
			d.File = l.path(rel)
			return nil, err
		case errors.Is(err, context.Canceled), errors.Is(err, context.DeadlineExceeded):
			return nil, err
		case errors.Is(err, fs.ErrNotExist):
			return nil, diag.Errorf(l.path(rel), 0, "file does not exist")
		}
		return nil, diag.Errorf(l.path(rel), 0, "cannot read: %v", err)
	}
	sum := sha256.Sum256(data)
	l.tier.Digests[strings.TrimPrefix(rel, Dir+"/")] = hex.EncodeToString(sum[:])
	return data, nil
}

// markdownFiles lists the ".md" files of a folder below the inputs folder,
// sorted; a missing folder has none. Other files are warned about.
func (l *loader) markdownFiles(dir string) ([]string, error) {
	entries, err := fs.ReadDir(l.fsys, dir)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, diag.Errorf(l.path(dir), 0, "cannot read: %v", err)
	}
	var out []string
	for _, e := range entries {
		name := e.Name()
		switch {
		case e.IsDir() && dir == Dir && (name == LabelsDir || name == FixturesDir):
		case dir == Dir && name == FixtureLabelsFile: // the author's fixture labels, not a judge's replies
		case e.IsDir() || !strings.HasSuffix(name, ".md"):
			if !(dir == Dir && (knownFiles[name] || strings.HasSuffix(name, jsonlSuffix))) {
				l.tier.Diagnostics.Add(diag.Warnf(l.path(path.Join(dir, name)), 0, "not a judged-tier file; ignored"))
			}
		default:
			out = append(out, name)
		}
	}
	sort.Strings(out)
	return out, nil
}

// load reads every file of judged/. Each file is read on its own and its
// error kept, so that one build reports every broken file at once; a file
// that depends on a broken one (a reply file on judges.toml, a labels
// file on labellers.toml, additions.toml on both) is not read, since its
// errors would only echo the first.
func (l *loader) load() error {
	t := l.tier
	var errs []error
	failed := func(err error) bool {
		if err != nil {
			errs = append(errs, err)
		}
		return err != nil
	}
	judgesOK := !failed(l.judges())
	repliesOK, found := judgesOK, make([]bool, len(t.Judges))
	byID := map[string]int{}
	if judgesOK {
		for i, j := range t.Judges {
			byID[j.ID] = i
		}
		t.Replies = make([]Replies, len(t.Judges))
		files, err := l.markdownFiles(Dir)
		repliesOK = !failed(err)
		for _, name := range files {
			rel := path.Join(Dir, name)
			id := strings.TrimSuffix(name, ".md")
			i, ok := byID[id]
			if !ok {
				repliesOK = false
				failed(diag.Errorf(l.path(rel), 0, "the judge this file is named after has no [[judge]] entry in %s", JudgesFile).
					WithHint("a reply file is named after its judge's id"))
				continue
			}
			r, err := l.replies(rel, t.Judges[i])
			found[i] = true
			if failed(err) {
				repliesOK = false
				continue
			}
			t.Replies[i] = r
		}
	}
	errs = l.missingInSections(errs)
	labelsOK := !failed(l.labels())
	if labelsOK {
		failed(l.fixtureLabels())
	}
	if judgesOK {
		fixturesOK := !failed(l.fixtures(byID))
		// A JSON Lines call may repeat a reply of any other file.
		if repliesOK && fixturesOK {
			repliesOK = !failed(l.jsonl(byID))
		} else {
			repliesOK = false
		}
		sort.SliceStable(t.Fixtures, func(a, b int) bool { return byID[t.Fixtures[a].Judge] < byID[t.Fixtures[b].Judge] })
	}
	if repliesOK {
		for i, j := range t.Judges {
			if !found[i] && len(t.Replies[i].Replies) == 0 {
				failed(diag.Errorf(t.judgesFile, j.Line, "this judge has no reply file (%s)", path.Join(Dir, "<its id>.md")).
					WithHint("or its calls in a JSON Lines file judged/*.jsonl"))
			}
		}
	}
	if repliesOK && labelsOK {
		failed(l.additions())
	}
	if judgesOK && labelsOK {
		failed(l.disagreements())
	}
	l.warnFileless()
	return diag.Join(uniqueErrors(errs)...)
}

// filelessLabeller is a labeller of labellers.toml with no labels file,
// and the error said once when a record names it (labellerError).
type filelessLabeller struct {
	Labeller
	err error
}

// warnFileless warns of each labeller with no labels file that no record
// names: it labelled nothing.
func (l *loader) warnFileless() {
	for _, f := range l.fileless {
		if f.err == nil {
			l.tier.Diagnostics.Add(diag.Warnf(l.labellersFile, f.Line, "this labeller has no labels file (%s); it labelled nothing", path.Join(Dir, LabelsDir, "<its id>.md")))
		}
	}
}

// uniqueErrors is errs without repeats of one error value.
func uniqueErrors(errs []error) []error {
	seen := map[error]bool{}
	return slices.DeleteFunc(errs, func(err error) bool {
		if seen[err] {
			return true
		}
		seen[err] = true
		return false
	})
}

// judges reads judges.toml.
func (l *loader) judges() error {
	rel := path.Join(Dir, JudgesFile)
	if _, err := fs.Stat(l.fsys, rel); errors.Is(err, fs.ErrNotExist) {
		return diag.Errorf(l.path(rel), 0, "file does not exist").
			WithHint("a %s/ folder is the judged tier: it needs %s with a [[judge]] entry per judge", Dir, JudgesFile)
	}
	data, err := l.read(rel)
	if err != nil {
		return err
	}
	l.tier.judgesFile = l.path(rel)
	l.tier.Judges, err = parseJudges(data, l.tier.judgesFile, l.writers)
	return err
}

// blocks reads a reply-shaped file.
func (l *loader) blocks(rel string, withScripts bool) ([]inputs.Block, string, error) {
	data, err := l.read(rel)
	if err != nil {
		return nil, "", err
	}
	file := l.path(rel)
	blocks, err := inputs.ReadBlocks(strings.NewReader(string(data)), file, withScripts, &l.tier.Diagnostics)
	if err != nil {
		return nil, "", err
	}
	if len(blocks) == 0 {
		return nil, "", diag.Errorf(file, 0, "no '## ' blocks found").
			WithHint("each reply sits under its '# SCRIPT' and '## SECTION' headings, as in sections.md")
	}
	return blocks, file, nil
}

// checkCell reports a block naming a writer or section sections.md lacks.
func (l *loader) checkCell(b inputs.Block, file string) error {
	if !l.writers[b.Script] {
		return diag.Errorf(file, b.ScriptLine, "the script named here is none of sections.md's").
			WithHint("use the '# SCRIPT' headings of sections.md exactly as written")
	}
	if !l.cells[[2]string{b.Script, b.Name}] {
		return diag.Errorf(file, b.Line, "the section named here is not in this script of sections.md")
	}
	return nil
}

// checkReplyCell is checkCell for a judge's reply file: it notes the cells
// replied on, and those sections.md lacks (missingInSections).
func (l *loader) checkReplyCell(b inputs.Block, file string) error {
	cell := [2]string{b.Script, b.Name}
	l.replied[cell] = true
	err := l.checkCell(b, file)
	if err != nil && l.writers[b.Script] {
		l.missing[cell] = append(l.missing[cell], missingCell{file, b.Line, err})
	}
	return err
}

// missingInSections says once, at sections.md, a section that two or more
// reply files reply on and sections.md's script lacks: the heading changed
// in sections.md, not in every judge's file. It returns errs without the
// reply files' errors of those sections, and with the one at sections.md:
// at the one section of that script no reply file names and no other
// script has, where there is exactly one (the renamed heading), or at the
// script's heading.
func (l *loader) missingInSections(errs []error) []error {
	drop := map[error]bool{}
	var said []error
	for _, cell := range slices.SortedFunc(maps.Keys(l.missing), func(a, b [2]string) int { return cmp.Compare(a[0]+"\x00"+a[1], b[0]+"\x00"+b[1]) }) {
		at := l.missing[cell]
		if len(at) < 2 {
			continue
		}
		var where []string
		for _, m := range at {
			drop[m.err] = true
			where = append(where, fmt.Sprintf("%s:%d", m.file, m.line))
		}
		files := fmt.Sprintf("%s and %d more", where[0], len(where)-1)
		// The renamed heading: a section of this script that no reply
		// names and no other script has.
		elsewhere := map[string]bool{}
		for _, s := range l.sections {
			if s.Script != cell[0] {
				elsewhere[s.Name] = true
			}
		}
		scriptLine, orphans := 0, []inputs.Section(nil)
		for _, s := range l.sections {
			if s.Script != cell[0] {
				continue
			}
			if scriptLine == 0 {
				scriptLine = s.ScriptLine
			}
			if !l.replied[[2]string{s.Script, s.Name}] && !elsewhere[s.Name] {
				orphans = append(orphans, s)
			}
		}
		file := filepath.Join(l.label, inputs.SectionsFile)
		if len(orphans) == 1 {
			said = append(said, diag.Errorf(file, orphans[0].Line, "section %q has no reply in the judges' files, which reply on a heading of another name in this script instead (%s)", orphans[0].Name, files).
				WithHint("a heading changed here or in the judges' files: make them the same"))
			continue
		}
		said = append(said, diag.Errorf(file, scriptLine, "this script has no section of the heading the judges' files reply on (%s)", files).
			WithHint("a heading changed here or in the judges' files: make them the same"))
	}
	if len(said) == 0 {
		return errs
	}
	kept := slices.DeleteFunc(errs, func(err error) bool { return drop[err] })
	return append(said, kept...)
}

func (l *loader) replies(rel string, j Judge) (Replies, error) {
	blocks, file, err := l.blocks(rel, true)
	if err != nil {
		return Replies{}, err
	}
	out := Replies{Judge: j, File: file}
	// Every block's cell first, so that a section sections.md lacks is
	// known with every cell the file replies on (missingInSections).
	var cellErr error
	for _, b := range blocks {
		if err := l.checkReplyCell(b, file); err != nil && cellErr == nil {
			cellErr = err
		}
	}
	if cellErr != nil {
		return Replies{}, cellErr
	}
	for _, b := range blocks {
		where := "the reply on section " + quote(b.Name)
		analysis, v, st, err := parseReply(b, file, where)
		if err != nil {
			return Replies{}, err
		}
		l.checkGroups(st.Groups, v, file, where)
		out.Replies = append(out.Replies, Reply{Script: b.Script, Section: b.Name, Line: b.Line, Analysis: analysis, Verdicts: v,
			Groups: st.Groups, Candidates: st.Candidates, Step3: st.Step3})
	}
	l.checkGroupsLaidOut(out.Replies, file)
	return out, nil
}

// checkGroupsLaidOut warns of each reply of a file that lays out no STEP 2
// groups while others of the file do (a STEP 2 line renamed, say): its
// per-group breakdown is left out of the results, which a reader would
// otherwise not know.
func (l *loader) checkGroupsLaidOut(replies []Reply, file string) {
	if !slices.ContainsFunc(replies, func(r Reply) bool { return len(r.Groups) > 0 }) {
		return // this judge lays out no groups: none is expected
	}
	for _, r := range replies {
		if len(r.Groups) == 0 && r.Verdicts.Development.Of > 0 {
			l.tier.Diagnostics.Add(diag.Warnf(file, r.Line, "the reply on section %q lays out no STEP 2 groups (a line opening STEP 2, then a line saying DEVELOPED or UNDEVELOPED for each group), as this file's other replies do; its per-group breakdown is left out", r.Section))
		}
	}
}

// parseReply checks a judge's reply: an analysis part, not empty, and then
// the verdict block; never verdicts first or alone.
func parseReply(b inputs.Block, file, where string) (string, Verdicts, steps, error) {
	v, at, err := parseVerdicts(b.Body, file, where, b.Line)
	if err != nil {
		return "", v, steps{}, err
	}
	for _, id := range Criteria {
		if v.Unlabelled[id] {
			return "", v, steps{}, diag.Errorf(file, v.Lines[id], "%s: %s is %q; a judge gives every verdict", where, id, notLabelled).
				WithHint("%q is for a labeller who does not label a criterion", notLabelled)
		}
	}
	start := -1
	for i, line := range b.Body {
		text := strings.TrimSpace(line.Text)
		if strings.HasPrefix(text, analysisMarker) && start < 0 {
			start = i
		}
		if text == verdictsMarker && start < 0 {
			return "", v, steps{}, diag.Errorf(file, line.Number, "%s gives verdicts before its analysis", where).
				WithHint("the protocol asks for the %q part first, so the verdicts follow from the reasoning", analysisMarker)
		}
	}
	if start < 0 {
		return "", v, steps{}, diag.Errorf(file, v.Line, "%s gives verdicts without an analysis", where).
			WithHint("a reply holds its %q part, then the verdict block", analysisMarker)
	}
	var analysis []string
	for _, line := range b.Body[start+1 : at] {
		analysis = append(analysis, line.Text)
	}
	text := textnorm.Text(strings.TrimSpace(strings.Join(analysis, "\n")))
	if text == "" {
		return "", v, steps{}, diag.Errorf(file, b.Body[start].Number, "%s has an empty analysis", where).
			WithHint("the verdicts must follow from reasoning written out before them")
	}
	return text, v, parseSteps(b.Body[start+1 : at]), nil
}

// checkGroups warns when a reply's STEP 2 groups do not add up to its
// C2_DEVELOPMENT count, or call a group developed with fewer than two
// moves: the count is what is scored, and the reader should know.
func (l *loader) checkGroups(groups []Group, v Verdicts, file, where string) {
	if len(groups) == 0 {
		return
	}
	undeveloped := 0
	for _, g := range groups {
		if !g.Developed {
			undeveloped++
		}
		if g.Developed != (len(g.Moves) >= 2) && len(g.Moves) > 0 {
			state := "UNDEVELOPED"
			if g.Developed {
				state = "DEVELOPED"
			}
			l.tier.Diagnostics.Add(diag.Warnf(file, g.Line, "%s: a group with %d named move(s) is called %s; the protocol's line is two moves", where, len(g.Moves), state))
		}
	}
	if len(groups) != v.Development.Of || undeveloped != v.Development.N {
		l.tier.Diagnostics.Add(diag.Warnf(file, v.Lines[C2], "%s: STEP 2 names %d group(s), %d undeveloped, but C2_DEVELOPMENT says %s; the verdict line is what is scored",
			where, len(groups), undeveloped, v.Development))
	}
}

// labels reads labellers.toml and every labeller's labels file: a labels
// file needs an entry, and an entry without a file is said.
func (l *loader) labels() error {
	dir := path.Join(Dir, LabelsDir)
	files, err := l.markdownFiles(dir)
	if err != nil {
		return err
	}
	rel := path.Join(Dir, LabellersFile)
	_, statErr := fs.Stat(l.fsys, rel)
	if errors.Is(statErr, fs.ErrNotExist) {
		if len(files) > 0 {
			return diag.Errorf(l.path(path.Join(dir, files[0])), 0, "labels without %s: who labelled is not described", LabellersFile).
				WithHint("describe each labeller in %s/%s: [[labeller]] id, name, role (author or second), kind = \"human\"", Dir, LabellersFile)
		}
		return nil
	}
	data, err := l.read(rel)
	if err != nil {
		return err
	}
	labellersFile := l.path(rel)
	labellers, err := parseLabellers(data, labellersFile)
	if err != nil {
		return err
	}
	byID := map[string]int{}
	for i, lab := range labellers {
		byID[lab.ID] = i
	}
	found := make([]bool, len(labellers))
	var errs []error // each labels file's, reported together
	for _, name := range files {
		rel := path.Join(dir, name)
		i, ok := byID[strings.TrimSuffix(name, ".md")]
		if !ok {
			errs = append(errs, diag.Errorf(l.path(rel), 0, "the labeller this file is named after has no [[labeller]] entry in %s", LabellersFile).
				WithHint("a labels file is named after its labeller's id"))
			continue
		}
		lab, err := l.labelsFile(rel, labellers[i])
		if err != nil {
			errs = append(errs, err)
			continue
		}
		labellers[i], found[i] = lab, true
	}
	if len(errs) > 0 {
		return diag.Join(errs...)
	}
	l.labellersFile = labellersFile
	for i, lab := range labellers {
		if !found[i] {
			l.fileless = append(l.fileless, filelessLabeller{Labeller: lab})
			continue
		}
		l.tier.Labellers = append(l.tier.Labellers, lab)
	}
	sort.Slice(l.tier.Labellers, func(a, b int) bool { return l.tier.Labellers[a].ID < l.tier.Labellers[b].ID })
	return nil
}

// labelsFile reads labeller lab's labels file rel.
func (l *loader) labelsFile(rel string, lab Labeller) (Labeller, error) {
	blocks, file, err := l.blocks(rel, true)
	if err != nil {
		return lab, err
	}
	lab.File = file
	for _, b := range blocks {
		if err := l.checkCell(b, file); err != nil {
			return lab, err
		}
		label, err := parseLabel(b, file, &lab)
		if err != nil {
			return lab, err
		}
		lab.Labels = append(lab.Labels, label)
	}
	return lab, nil
}

// parseLabel reads one labelling form: SAMPLE and LABELLED_AT lines, each
// once, and the verdict block.
func parseLabel(b inputs.Block, file string, lab *Labeller) (Label, error) {
	where := "the label on section " + quote(b.Name)
	v, at, err := parseVerdicts(b.Body, file, where, b.Line)
	if err != nil {
		return Label{}, err
	}
	if err := checkLabelled(v, lab, file, where); err != nil {
		return Label{}, err
	}
	out := Label{Script: b.Script, Section: b.Name, Line: b.Line, Verdicts: v}
	seen := map[string]int{}
	for _, line := range b.Body[:at] {
		key, value, ok := strings.Cut(strings.TrimSpace(line.Text), ":")
		if !ok || (key != "SAMPLE" && key != "LABELLED_AT" && key != "ADEQUACY" && key != "AMBIGUITY") {
			continue
		}
		if key == "AMBIGUITY" {
			a, err := parseAmbiguity(value, file, line.Number, where)
			if err != nil {
				return Label{}, err
			}
			out.Ambiguities = append(out.Ambiguities, a)
			continue
		}
		if first := seen[key]; first > 0 {
			return Label{}, diag.Errorf(file, line.Number, "%s: %s repeated (first at line %d)", where, key, first)
		}
		seen[key] = line.Number
		value = strings.TrimSpace(value)
		switch key {
		case "SAMPLE":
			if value != Pilot && value != Validation {
				return Label{}, diag.Errorf(file, line.Number, "SAMPLE is neither %s nor %s", Pilot, Validation)
			}
			out.Sample = value
		case "LABELLED_AT":
			t, err := parseRFC3339(value)
			if err != nil {
				return Label{}, diag.Errorf(file, line.Number, "LABELLED_AT %v", err)
			}
			out.LabelledAt = t
		case "ADEQUACY":
			if value != Adequate && value != Thin {
				return Label{}, diag.Errorf(file, line.Number, "ADEQUACY is neither %s nor %s", Adequate, Thin).
					WithHint("a pilot label may judge the section adequate or thin, to calibrate C1's N")
			}
			out.Adequacy = value
		}
	}
	if out.Adequacy != "" && out.Sample != Pilot {
		return Label{}, diag.Errorf(file, seen["ADEQUACY"], "%s: ADEQUACY is for pilot labels, which calibrate C1's N; this one is in the %s sample", where, out.Sample)
	}
	for _, key := range []string{"SAMPLE", "LABELLED_AT"} {
		if seen[key] == 0 {
			return Label{}, diag.Errorf(file, b.Line, "%s has no %s line", where, key).
				WithHint("a label holds 'SAMPLE: pilot' or 'SAMPLE: validation' and 'LABELLED_AT: <RFC 3339 time>' before its verdict block")
		}
	}
	return out, nil
}

// parseAmbiguity reads an AMBIGUITY line's value: "C2: what was
// ambiguous".
func parseAmbiguity(value, file string, line int, where string) (Ambiguity, error) {
	crit, note, ok := strings.Cut(value, ":")
	crit, note = strings.ToUpper(strings.TrimSpace(crit)), strings.TrimSpace(note)
	switch {
	case !ok || indexOf(Criteria, crit) < 0:
		return Ambiguity{}, diag.Errorf(file, line, "%s: AMBIGUITY: want a criterion and a note, as in \"AMBIGUITY: C2: ...\"", where).
			WithHint("the criterion is one of %s", strings.Join(Criteria, ", "))
	case note == "":
		return Ambiguity{}, diag.Errorf(file, line, "%s: AMBIGUITY on %s says nothing of what was ambiguous", where, crit)
	}
	return Ambiguity{Criterion: crit, Note: note, Line: line}, nil
}

func (l *loader) fixtures(byID map[string]int) error {
	dir := path.Join(Dir, FixturesDir)
	files, err := l.markdownFiles(dir)
	if err != nil {
		return err
	}
	var errs []error // each fixture reply file's, reported together
	for _, name := range files {
		rel := path.Join(dir, name)
		id := strings.TrimSuffix(name, ".md")
		if _, ok := byID[id]; !ok {
			errs = append(errs, diag.Errorf(l.path(rel), 0, "the judge this file is named after has no [[judge]] entry in %s", JudgesFile).
				WithHint("a fixture reply file is named after its judge's id"))
			continue
		}
		fx, err := l.fixtureFile(rel, id)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		l.tier.Fixtures = append(l.tier.Fixtures, fx)
	}
	sort.SliceStable(l.tier.Fixtures, func(a, b int) bool {
		return byID[l.tier.Fixtures[a].Judge] < byID[l.tier.Fixtures[b].Judge]
	})
	return diag.Join(errs...)
}

// fixtureFile reads judge id's fixture reply file rel.
func (l *loader) fixtureFile(rel, id string) (Fixtures, error) {
	blocks, file, err := l.blocks(rel, false)
	if err != nil {
		return Fixtures{}, err
	}
	fx := Fixtures{Judge: id, File: file}
	for _, b := range blocks {
		analysis, v, _, err := parseReply(b, file, "the reply on fixture "+quote(b.Name))
		if err != nil {
			return Fixtures{}, err
		}
		fx.Replies = append(fx.Replies, FixtureReply{Fixture: b.Name, Line: b.Line, Analysis: analysis, Verdicts: v})
	}
	return fx, nil
}

func quote(s string) string { return `"` + s + `"` }

// JudgeNames returns what pages call each judge, by id: the display name
// the author gave, or its role: "Primary judge" ("Primary judge 2" for a
// second), "Model 2's family judge" (alias maps a writer's script heading to
// its alias). A judge's id is shown in data files only. A name the author
// gave is text of the inputs: the redaction replaces private terms in it.
func (t *Tier) JudgeNames(alias map[string]string) map[string]string {
	names := map[string]string{}
	primaries := 0
	for _, jd := range t.Judges {
		switch {
		case jd.Name != "":
			names[jd.ID] = jd.Name
		case jd.Role == Family:
			names[jd.ID] = alias[jd.FamilyOf] + "'s family judge"
		default:
			primaries++
			names[jd.ID] = "Primary judge"
			if primaries > 1 {
				names[jd.ID] = fmt.Sprintf("Primary judge %d", primaries)
			}
		}
	}
	return names
}

// Judge returns the judge with id, or nil.
func (t *Tier) Judge(id string) *Judge {
	for i := range t.Judges {
		if t.Judges[i].ID == id {
			return &t.Judges[i]
		}
	}
	return nil
}

// Reply returns judge id's reply on a writer's section, or nil when the
// judge did not grade it.
func (t *Tier) Reply(judge, script, section string) *Reply {
	for i := range t.Replies {
		if t.Replies[i].Judge.ID != judge {
			continue
		}
		for k := range t.Replies[i].Replies {
			r := &t.Replies[i].Replies[k]
			if r.Script == script && r.Section == section {
				return r
			}
		}
	}
	return nil
}

// Label returns a labeller's label on a writer's section, or nil.
func (lab *Labeller) Label(script, section string) *Label {
	for i := range lab.Labels {
		if lab.Labels[i].Script == script && lab.Labels[i].Section == section {
			return &lab.Labels[i]
		}
	}
	return nil
}

// PrivateTerms returns the terms the judged tier adds to the private ones:
// every family judge's model, which would tell which lab made its writer,
// and a primary judge's model when its family or lab is one of the
// writers' (by script heading: WriterFamilies, WriterLabs).
func (t *Tier) PrivateTerms(families map[string]string, labs map[string][]string) []inputs.Term {
	if t == nil {
		return nil
	}
	var out []inputs.Term
	for _, j := range t.Judges {
		id := JudgeIdentity(j)
		shared := sharesFamily(id.Family, families)
		for _, l := range labs {
			shared = shared || SharesLab(id.Labs, l)
		}
		if j.Role == Family || shared {
			out = append(out, inputs.Term{Text: j.Model, File: t.judgesFile, Line: j.ModelLine, Model: true})
		}
	}
	return out
}

// FirstOutput returns when judge id's first output existed: its run (the
// replies' own call times, when they record them, are folded in by the
// reader of JSON Lines replies).
func (t *Tier) FirstOutput(id string) time.Time {
	if j := t.Judge(id); j != nil {
		first := j.Run
		if c, ok := t.firstCall[id]; ok && c.Before(first) {
			first = c
		}
		return first
	}
	return time.Time{}
}

// Ran reports the earliest and latest run times of the judges.
func (t *Tier) Ran() (first, last time.Time) {
	for i, j := range t.Judges {
		if i == 0 || j.Run.Before(first) {
			first = j.Run
		}
		if i == 0 || j.Run.After(last) {
			last = j.Run
		}
	}
	return first, last
}

// Attach reads the judged tier of the inputs folder at dir (Load) and adds
// its file digests, private terms and private texts (every analysis, on a
// section or a fixture) to folder, so that the redaction and the leak scan
// know a family judge's model and the judges' words. It returns nil when the tier
// is absent. Its files are read only if regular, within their limits, and
// until ctx is done (internal/readfile).
func Attach(ctx context.Context, folder *inputs.Folder, dir string) (*Tier, error) {
	if folder.Layered() {
		// A reply names a writer and a section, not a run: it would be
		// counted once for every run.
		if _, err := fs.Stat(readfile.DirFS(ctx, dir, readfile.Corpus), Dir); err == nil {
			return nil, diag.Errorf(filepath.Join(dir, Dir), 0, "the judged tier grades one run of one episode, and these inputs hold several").
				WithHint("build the judged tier from inputs with the top-level sections.md, or leave judged/ out")
		}
	}
	t, err := Load(readfile.DirFS(ctx, dir, readfile.Corpus), dir, folder.Sections)
	if err != nil || t == nil {
		return nil, err
	}
	digests := map[string]string{}
	for name, d := range t.Digests {
		digests[Dir+"/"+name] = d
	}
	folder.AddPrivate(digests, t.PrivateTerms(WriterFamilies(folder), WriterLabs(folder)))
	for _, r := range t.Replies {
		for _, reply := range r.Replies {
			folder.AddPrivateTexts(reply.Analysis)
		}
	}
	// A reply on a fixture is a judge's analysis too: as private as its
	// replies on the sections, less what it quotes of the fixture.
	for _, fx := range t.Fixtures {
		for _, reply := range fx.Replies {
			folder.AddPrivateTexts(reply.Analysis)
		}
	}
	return t, nil
}

// RecordFile returns the path of a file of judged/ as messages name it.
func (t *Tier) RecordFile(name string) string {
	return filepath.Join(filepath.Dir(t.judgesFile), name)
}

// JudgesFile returns judges.toml's path as messages name it.
func (t *Tier) JudgesFile() string { return t.judgesFile }
