// Package findings turns a measurement into everything the artifact reports,
// still with real names: each cell's verdict and highlighted runs, the
// per-writer summary with public aliases assigned, the hypotheses' verdicts
// and what changed since a baseline. It holds private data; only the redact
// package may turn it into something publishable.
package findings

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/evalpress/evalpress/internal/commitment"
	"github.com/evalpress/evalpress/internal/natural"
	"github.com/evalpress/evalpress/internal/parallel"
	"github.com/evalpress/evalpress/reports/c5"
	"github.com/evalpress/evalpress/reports/criteria"
	"github.com/evalpress/evalpress/reports/hypotheses"
	"github.com/evalpress/evalpress/reports/inputs"
	"github.com/evalpress/evalpress/reports/judged"
	"github.com/evalpress/evalpress/reports/measure"
	"github.com/evalpress/evalpress/reports/stats"
	"github.com/evalpress/evalpress/reports/validation"
)

// Text is a measured text with its tokens (with byte offsets).
type Text struct {
	Raw    string
	Tokens c5.Tokens
}

// Cell is one writer's section: the measurement, its outcomes (one per
// criterion that applies, one per judge for a judged criterion), its runs
// and, when it has an example, the two texts compared.
type Cell struct {
	measure.Cell
	// Judgments are the judges' verdict blocks on the cell (the judged
	// tier's), which the judged criteria judged.
	Judgments   []criteria.Judgment
	Outcomes    []criteria.Outcome
	Runs        []c5.Run
	SectionText *Text
	ExampleText *Text // the worst variant; nil without example
}

// Writer is one script (one writer model).
type Writer struct {
	Script string // heading as written: private
	Alias  string // public
	// Tallies count the writer's outcomes per criterion (and judge).
	Tallies criteria.Tallies
}

// Findings is the whole private result of a build.
type Findings struct {
	// Criteria are the settings the cells were judged by.
	Criteria criteria.Settings
	// Tallies count every cell's outcomes per criterion (and judge).
	Tallies    criteria.Tallies
	MinRun     int
	Cells      []Cell
	Writers    []Writer
	Hypotheses []HypothesisResult
	Phrases    []inputs.Term
	Digests    map[string]string
	// SectionNames lists the section names in first-seen order.
	SectionNames []string
	// Judged is the judged tier as read, nil when the inputs have none;
	// JudgedResults are its verdicts under cfg's [judged] thresholds, every
	// judge's, valid or not.
	Judged        *judged.Tier
	JudgedResults *judged.Results
	// Validation is the judge validation, decided once here: which judges'
	// verdicts are results (Validation.Valid). The cells' outcomes, the
	// tallies and the hypotheses hold valid judges' verdicts only; an
	// invalid judge's stay in JudgedResults, for a diagnostic.
	Validation *validation.Report
	// Statistics are how C5's measures split between sections and
	// writers, with permutation tests.
	Statistics Statistics
	// Repeats are the findings over several runs or episodes; nil with
	// one episode of one run.
	Repeats *Repeats
	// Pairs are writer against writer: every two writers' versions of each
	// section of each run compared, in the order of the cells.
	Pairs []SectionPairs

	// measureAt measures the inputs at another n-gram size, for verdicts
	// at registered thresholds.
	measureAt func(ngram int) (*measure.Result, error)
	// setup is what the judges are validated against besides the tier.
	setup validation.Setup
}

// validate validates the judges of f's tier under thresholds th (res are
// its results under th; nil without a tier).
func (f *Findings) validate(res *judged.Results, th judged.Thresholds) *validation.Report {
	return validation.Build(validation.FromTier(f.Judged, res, th, f.setup))
}

// ErrStaleMeasurement reports a measurement passed to Build that does not
// fit the texts it claims to measure: one of other inputs.
var ErrStaleMeasurement = errors.New("the measurement does not match the inputs")

// Settings are what findings are made under: plain values, which the
// build takes from the config.
type Settings struct {
	// Criteria are every criterion's settings.
	Criteria criteria.Settings
	// MinRun is the shortest shared run highlighted.
	MinRun int
	// JudgedSections are the sections the judged tier covers, as written;
	// empty for every section a judge graded.
	JudgedSections []string
	// Hypotheses are the pre-registered hypotheses, in registration order.
	Hypotheses []hypotheses.Hypothesis
	// ConfigFile names the file the hypotheses come from, in errors.
	ConfigFile string
}

// Options control Build.
type Options struct {
	// DropWords keeps no text's normalised words (Tokens.Words then
	// returns ""): a public build shows no run's words, and they are as
	// large as the texts.
	DropWords bool
	// Tokens are the measurement's tokens of the texts, when it kept them
	// (measure.RunWithTexts): they are not tokenised again.
	// They must come from the measurement passed to Build.
	Tokens *measure.Texts
	// Judged is the judged tier of the inputs (judged.Attach), or nil.
	Judged *judged.Tier
	// Fixtures are the configured fixtures with their word counts, and
	// Prompt the published judge prompt (nil when none is configured),
	// both read from the content folder: the judges are validated
	// against them.
	Fixtures []validation.Fixture
	Prompt   *validation.Prompt
	// Key is the inputs folder's commitment key (internal/commitment):
	// the writers without an alias are numbered in its order
	// (AssignAliases).
	Key []byte
	// NRegistered is when C1's N was registered (the registration's time,
	// when it registers N); zero when unknown.
	NRegistered time.Time
}

// Build measures folder under s and assembles the findings. The
// measurement of folder at s's n-gram size can be passed in, with its
// tokens (Options.Tokens), to skip measuring.
func Build(ctx context.Context, folder *inputs.Folder, s Settings, m *measure.Result, opt Options) (*Findings, error) {
	set := s.Criteria.Criteria()
	if err := set.CheckNeeds(criteria.ComparisonNames); err != nil {
		return nil, err
	}
	settings, ngram, measures := s.Criteria, s.Criteria.NGram(), set.TextMeasures()
	tokens := opt.Tokens
	if m == nil || m.NGram != ngram {
		var err error
		if m, tokens, err = measure.RunWithTexts(ctx, folder, ngram, measures...); err != nil {
			return nil, err
		}
	}
	if tokens != nil && (len(tokens.Section) != len(m.Cells) || len(tokens.Example) != len(m.Cells)) {
		tokens = nil
	}
	f := &Findings{Criteria: settings, MinRun: s.MinRun, Phrases: folder.Phrases, Digests: folder.Digests}
	writers, err := AssignAliases(folder, opt.Key)
	if err != nil {
		return nil, err
	}
	f.Writers = writers
	index := map[string]int{}
	for i, w := range f.Writers {
		index[w.Script] = i
	}
	// From here on every list is in the writers' order, by alias: nothing
	// made from the findings (tables, tests' shuffles, reasons) can follow
	// the private order of sections.md.
	m, tokens = byWriter(m, tokens, index)
	f.measureAt = func(ngram int) (*measure.Result, error) {
		m, err := measure.Run(ctx, folder, ngram, measures...)
		if err != nil {
			return nil, err
		}
		m, _ = byWriter(m, nil, index)
		return m, nil
	}
	if opt.Judged != nil {
		// The judges too are listed in a public order, before anything
		// is computed from them: judges.toml's is private.
		opt.Judged.OrderJudges(f.aliases())
		f.Judged = opt.Judged
		sections := make([]inputs.Section, len(m.Cells))
		for i := range m.Cells {
			sections[i] = m.Cells[i].Section
		}
		f.JudgedResults = judged.Evaluate(opt.Judged, judged.ThresholdsOf(settings), s.JudgedSections, sections)
	}
	f.setup = validation.Setup{WriterFamilies: judged.WriterFamilies(folder), WriterLabs: judged.WriterLabs(folder), Fixtures: opt.Fixtures, Prompt: opt.Prompt, ConfigFile: s.ConfigFile,
		NRegistered: opt.NRegistered}
	for _, w := range f.Writers {
		f.setup.Writers = append(f.setup.Writers, w.Script)
	}
	f.Validation = f.validate(f.JudgedResults, judged.ThresholdsOf(settings))
	seenSection := map[string]bool{}
	f.Cells = make([]Cell, len(m.Cells))
	var prev []criteria.Outcome
	for i, mc := range m.Cells {
		c := Cell{Cell: mc}
		if f.JudgedResults != nil {
			c.Judgments = f.JudgedResults.Judgments(f.Judged, mc.Script, mc.Name, f.Validation.Valid)
		}
		c.Outcomes = settings.Judge(c.Measurements())
		shareLimits(c.Outcomes, prev)
		prev = c.Outcomes
		if !seenSection[mc.Name] {
			seenSection[mc.Name] = true
			f.SectionNames = append(f.SectionNames, mc.Name)
		}
		f.Writers[index[mc.Script]].Tallies.AddAll(c.Outcomes)
		f.Tallies.AddAll(c.Outcomes)
		f.Cells[i] = c
	}
	failIntervals(f.Tallies)
	for i := range f.Writers {
		failIntervals(f.Writers[i].Tallies)
	}
	// The statistics' permutation tests run while the texts are read.
	g := f.comparisonGrids()
	statistics := make(chan Statistics, 1)
	go func() { statistics <- g.statistics() }()
	err = f.loadTexts(ctx, folder, tokens, opt.DropWords)
	f.Statistics = <-statistics
	if err != nil {
		return nil, err
	}
	if f.Pairs, err = f.measurePairs(ctx); err != nil {
		return nil, err
	}
	runs := make([]int, len(folder.Episodes))
	for e, ep := range folder.Episodes {
		runs[e] = len(ep.Runs)
	}
	f.Repeats = f.repeats(runs)
	res, err := EvaluateHypotheses(s, f)
	if err != nil {
		return nil, err
	}
	f.Hypotheses = res
	return f, nil
}

// shareLimits has each of outcomes whose limits are those of the outcome
// in the same place of prev (the previous cell's) share prev's slice:
// every cell is judged against the same thresholds, and 200,000 cells'
// copies of C5's took 16 MB. No outcome changes its limits in place.
func shareLimits(outcomes, prev []criteria.Outcome) {
	for k := range min(len(outcomes), len(prev)) {
		o, p := &outcomes[k], &prev[k]
		if o.Key() == p.Key() && slices.Equal(o.Limits, p.Limits) {
			o.Limits = p.Limits
		}
	}
}

// Measurements returns what the criteria judge of the cell: the
// measurement's numbers by name (C5's comparison where the section has an
// example, the text measures) and the judges' verdict blocks.
func (c *Cell) Measurements() *criteria.Measurements {
	m := &criteria.Measurements{Section: c.Name, Judgments: c.Judgments}
	if c.HasExample {
		m.Numbers = criteria.Comparison(c.Run, c.Overlap, c.Shared, c.Distinct)
	}
	m.Numbers = append(m.Numbers, c.Measures...)
	return m
}

// dicts recycles the word dictionaries of loadTexts: a cell's tokens keep
// their own copies of the words, so a dictionary can serve the next cell.
var dicts = sync.Pool{New: func() any { return c5.NewDict() }}

// loadTexts reads each cell's section and worst example variant back,
// tokenises them with offsets (unless the measurement kept its tokens) and
// finds the highlighted runs, on all cores. Cells of one section share the
// example variant's text and tokens.
func (f *Findings) loadTexts(ctx context.Context, folder *inputs.Folder, kept *measure.Texts, dropWords bool) error {
	phrases := make([]string, len(f.Phrases))
	for i, p := range f.Phrases {
		phrases[i] = p.Text
	}
	norm := c5.NewNormaliser(phrases)
	// The writers' versions of one section share its example: each group
	// tokenises a variant once, with one dictionary for all its texts.
	// A group is one section of one episode (whose example it shares).
	type group struct {
		episode int
		name    string
	}
	groups := map[group][]int{}
	var names []group
	for i, c := range f.Cells {
		g := group{c.Episode, c.Name}
		if _, ok := groups[g]; !ok {
			names = append(names, g)
		}
		groups[g] = append(groups[g], i)
	}
	return parallel.For(len(names), func(g int) error {
		if err := ctx.Err(); err != nil {
			return err
		}
		dict := dicts.Get().(*c5.Dict)
		defer dicts.Put(dict)
		dict.Reset()
		variants := map[int]*Text{}
		defer func() {
			for _, ex := range variants {
				ex.Tokens.Compact()
				if dropWords {
					ex.Tokens.DropWords()
				}
			}
		}()
		for _, i := range groups[names[g]] {
			c := &f.Cells[i]
			raw, err := folder.SectionText(c.Section)
			if err != nil {
				return err
			}
			c.SectionText = &Text{Raw: raw}
			if kept != nil {
				c.SectionText.Tokens = *kept.Section[i]
			}
			if !c.HasExample {
				if kept == nil {
					norm.TokeniseWithOffsets(raw, dict, &c.SectionText.Tokens)
					c.SectionText.Tokens.Compact()
				}
				if dropWords {
					c.SectionText.Tokens.DropWords()
				}
				continue
			}
			ex, ok := variants[c.Worst]
			if !ok {
				exRaw, err := folder.VariantText(folder.ExampleOf(c.Section).Variants[c.Worst])
				if err != nil {
					return err
				}
				ex = &Text{Raw: exRaw}
				if kept != nil {
					ex.Tokens = *kept.Example[i]
				} else {
					norm.TokeniseWithOffsets(exRaw, dict, &ex.Tokens)
				}
				variants[c.Worst] = ex
			}
			c.ExampleText = ex
			if kept == nil {
				norm.TokeniseWithOffsets(raw, dict, &c.SectionText.Tokens)
			}
			sw, ew := c.SectionText.Tokens.Len(), c.ExampleText.Tokens.Len()
			if c.Words != sw || c.Run < 0 || c.RunSectionAt < 0 || c.RunExampleAt < 0 ||
				c.RunSectionAt+c.Run > sw || c.RunExampleAt+c.Run > ew {
				return fmt.Errorf("%w: %s / %s", ErrStaleMeasurement, c.Script, c.Name)
			}
			c.Runs = c5.Runs(&c.SectionText.Tokens, &c.ExampleText.Tokens, f.MinRun, c.Comparison)
			c.SectionText.Tokens.Compact()
			if dropWords {
				c.SectionText.Tokens.DropWords()
			}
		}
		return nil
	})
}

// byWriter returns m's cells, and tokens' texts (nil stays nil), in the
// writers' order (index: script -> place): each writer's cells together,
// in the reference's order within it. m and tokens are not changed.
func byWriter(m *measure.Result, tokens *measure.Texts, index map[string]int) (*measure.Result, *measure.Texts) {
	order := make([]int, len(m.Cells))
	for i := range order {
		order[i] = i
	}
	sort.SliceStable(order, func(a, b int) bool { return index[m.Cells[order[a]].Script] < index[m.Cells[order[b]].Script] })
	out := &measure.Result{NGram: m.NGram, Cells: make([]measure.Cell, len(m.Cells))}
	for i, k := range order {
		out.Cells[i] = m.Cells[k]
	}
	if tokens == nil {
		return out, nil
	}
	texts := &measure.Texts{Section: make([]*c5.Tokens, len(order)), Example: make([]*c5.Tokens, len(order))}
	for i, k := range order {
		texts.Section[i], texts.Example[i] = tokens.Section[k], tokens.Example[k]
	}
	return out, texts
}

// AssignAliases gives every script its public alias: the one in models.toml,
// or "Model N" numbered after the given aliases. The scripts without an
// alias are numbered in the order of their headings' keyed digests under
// key, the inputs folder's commitment key (internal/commitment): an order
// that says nothing of sections.md's order or of the names, and is the
// same at every build with the same key. The writers come back in natural
// order of their aliases ("Model 2" before "Model 10"), the order of every
// list of writers published. An empty key is an error: the order of plain
// digests would follow the names, which anyone can guess.
func AssignAliases(folder *inputs.Folder, key []byte) ([]Writer, error) {
	if len(key) == 0 {
		return nil, errors.New("findings: no commitment key to number the writers without an alias")
	}
	used := map[string]bool{}
	for _, t := range folder.Aliases {
		used[t.Text] = true
	}
	var out []Writer
	type unaliased struct{ script, rank string }
	var rest []unaliased
	for _, s := range folder.ScriptOrder() {
		if t, ok := folder.Aliases[s]; ok {
			out = append(out, Writer{Script: s, Alias: t.Text})
			continue
		}
		rest = append(rest, unaliased{s, commitment.Sum(key, []byte(s))})
	}
	// Two headings with one digest do not happen (HMAC-SHA-256); were
	// they to, the headings' bytes would decide.
	slices.SortFunc(rest, func(a, b unaliased) int {
		if c := strings.Compare(a.rank, b.rank); c != 0 {
			return c
		}
		return strings.Compare(a.script, b.script)
	})
	n := len(folder.Aliases)
	for _, u := range rest {
		for {
			n++
			if a := "Model " + strconv.Itoa(n); !used[a] {
				out = append(out, Writer{Script: u.script, Alias: a})
				used[a] = true
				break
			}
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return natural.Less(out[i].Alias, out[j].Alias) })
	return out, nil
}

// Unaliased counts the scripts models.toml gives no alias: AssignAliases
// numbers them by the key's order.
func Unaliased(folder *inputs.Folder) int {
	n := 0
	for _, s := range folder.ScriptOrder() {
		if _, ok := folder.Aliases[s]; !ok {
			n++
		}
	}
	return n
}

// SortedDigests returns the input digests sorted by file name.
func (f *Findings) SortedDigests() [][2]string {
	var out [][2]string
	for name, d := range f.Digests {
		out = append(out, [2]string{name, d})
	}
	sort.Slice(out, func(i, j int) bool { return out[i][0] < out[j][0] })
	return out
}

// failIntervals sets each tally's 95% interval of the share failing
// (Wilson), which the scorecard quotes beside its count.
func failIntervals(ts criteria.Tallies) {
	for i := range ts {
		ts[i].FailLow, ts[i].FailHigh = stats.Wilson(ts[i].Fail, ts[i].Scored())
	}
}
