package site

import (
	"bytes"
	"crypto/sha256"
	"encoding/csv"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

	"github.com/evalpress/evalpress/internal/numfmt"
	"github.com/evalpress/evalpress/redact/public"
	"github.com/evalpress/evalpress/reports/criteria"
)

// Results is the shape of data/results.json.
type Results struct {
	Thresholds ResultsThresholds `json:"thresholds"`
	// Registered are the measured criteria's registered thresholds, of
	// those whose registered block ([c5.registered]) the config declares;
	// absent when it declares none.
	Registered ResultsThresholds `json:"registered_thresholds,omitempty"`
	Audience   string            `json:"audience"`
	// C5Mode is "measure" when C5 is a measurement only (no verdicts);
	// absent when it judges.
	C5Mode  string           `json:"c5_mode,omitempty"`
	Cells   []ResultsCell    `json:"cells"`
	Summary []ResultsSummary `json:"summary"`
	// Totals count every measured criterion's verdicts over all cells, by
	// criterion ID; Summary counts them per writer.
	Totals     map[string]ResultsTally `json:"totals"`
	Hypotheses []ResultsHypothesis     `json:"hypotheses"`
	Changes    []Change                `json:"changes"`
	Inputs     []ResultsInput          `json:"inputs"`
	// SHA256 is, for a baseline read back, the digest of its results.json.
	// results.json does not record its own baseline's digest: a rebuild
	// of the same inputs must write the same file, not a chain of digests.
	SHA256 string `json:"-"`
	// Statistics is how the measures split between sections and writers.
	Statistics *ResultsStatistics `json:"statistics,omitempty"`
	// Judged is the judged tier; absent when it has not been run.
	Judged *ResultsJudged `json:"judged,omitempty"`
	// Repeats are the results over several runs or episodes; absent with
	// one run of one episode.
	Repeats *ResultsRepeats `json:"repeats,omitempty"`
	// Pairs are writer against writer: C5's comparison between every two
	// writers' versions of each section.
	Pairs []ResultsWriterPair `json:"pairs"`
	// Registration is the evaluation against its registration; absent
	// without one.
	Registration *ResultsRegistration `json:"registration,omitempty"`
	// Agreement and Ranking are the judge validation (absent when the
	// judged tier has not been run); Fixtures the adversarial fixtures.
	Agreement *ResultsAgreement `json:"agreement,omitempty"`
	Fixtures  *ResultsFixtures  `json:"fixtures"`
	Ranking   *ResultsRanking   `json:"ranking,omitempty"`

	// judgedThresholds are, for a baseline read back that ran the judged
	// tier, its thresholds (judged.thresholds); nil when it did not.
	judgedThresholds ResultsThresholds
}

// threshold returns the baseline's threshold named name (results.json's
// name): of the measured criteria's, or of the judged tier's.
func (r *Results) threshold(name string) (float64, bool) {
	if v, ok := r.Thresholds.Get(name); ok {
		return v, true
	}
	return r.judgedThresholds.Get(name)
}

// ResultsThresholds are a build's thresholds, by name: every measured
// criterion's (criteria.Threshold.Name, a dot written "_": "max_run",
// "g1_tolerance"), the headline criterion's first, then the shortest run
// highlighted ("min_run"), then the other criteria's. The judged tier's are
// in ResultsJudged. Written as one JSON object, in this order.
type ResultsThresholds []ResultsValue

// ResultsValue is a named number of results.json.
type ResultsValue struct {
	Name  string
	Value float64
}

// Get returns the value named name.
func (t ResultsThresholds) Get(name string) (float64, bool) {
	for _, v := range t {
		if v.Name == name {
			return v.Value, true
		}
	}
	return 0, false
}

// MarshalJSON writes t as one object, in its order.
func (t ResultsThresholds) MarshalJSON() ([]byte, error) {
	b := []byte{'{'}
	for i, v := range t {
		if i > 0 {
			b = append(b, ',')
		}
		name, err := json.Marshal(v.Name)
		if err != nil {
			return nil, err
		}
		value, err := json.Marshal(v.Value)
		if err != nil {
			return nil, err
		}
		b = append(append(append(b, name...), ':'), value...)
	}
	return append(b, '}'), nil
}

// UnmarshalJSON reads an object of numbers, in its order; a member that
// is not a number is left out.
func (t *ResultsThresholds) UnmarshalJSON(data []byte) error {
	d := json.NewDecoder(bytes.NewReader(data))
	if tok, err := d.Token(); err != nil || tok != json.Delim('{') {
		return fmt.Errorf("thresholds: want an object")
	}
	*t = ResultsThresholds{}
	for d.More() {
		tok, err := d.Token()
		if err != nil {
			return err
		}
		var v any
		if err := d.Decode(&v); err != nil {
			return err
		}
		if x, ok := v.(float64); ok {
			*t = append(*t, ResultsValue{Name: tok.(string), Value: x})
		}
	}
	return nil
}

// jsonName is a threshold's name in results.json.
func jsonName(t criteria.Threshold) string { return strings.ReplaceAll(t.Name, ".", "_") }

// resultsThresholds are the thresholds results.json records of the view's
// measured criteria; registered picks the registered ones (and leaves out
// the shortest run highlighted, which is not registered).
func resultsThresholds(p *public.Public, crit criteria.Set, registered bool) ResultsThresholds {
	var out ResultsThresholds
	for _, ct := range p.CriteriaThresholds {
		c := crit.Lookup(ct.Criterion)
		if c == nil || c.Judged {
			continue
		}
		ts := ct.Now
		if registered {
			ts = ct.Registered
		}
		for _, t := range ts {
			if !t.PerSection {
				out = append(out, ResultsValue{Name: jsonName(t), Value: t.Value})
			}
		}
		if c.Headline && !registered {
			out = append(out, ResultsValue{Name: "min_run", Value: float64(p.Thresholds.MinRun)})
		}
	}
	return out
}

// ResultsTally counts one criterion's verdicts.
type ResultsTally struct {
	Pass      int `json:"pass"`
	Fail      int `json:"fail"`
	Unscored  int `json:"unscored"`
	Ambiguous int `json:"ambiguous"`
	// FailLow and FailHigh bound the share of the scored cells that fail
	// (95%, Wilson), as the scorecard quotes it; null when none is scored.
	FailLow  *float64 `json:"fail_low"`
	FailHigh *float64 `json:"fail_high"`
}

// failBounds returns a share's interval as results.json holds it: rounded
// as the pages show a share, null when nothing was scored.
func failBounds(scored int, lo, hi float64) (*float64, *float64) {
	if scored == 0 {
		return nil, nil
	}
	l, h := numfmt.RoundShare(lo), numfmt.RoundShare(hi)
	return &l, &h
}

// resultsTallies are ts's tallies of the measured criteria, by ID.
func resultsTallies(crit criteria.Set, ts criteria.Tallies) map[string]ResultsTally {
	out := map[string]ResultsTally{}
	for _, c := range measured(crit) {
		t := ts.Of(criteria.Key{Criterion: c.ID})
		rt := ResultsTally{Pass: t.Pass, Fail: t.Fail, Unscored: t.Unscored, Ambiguous: t.Ambiguous}
		rt.FailLow, rt.FailHigh = failBounds(t.Scored(), t.FailLow, t.FailHigh)
		out[string(c.ID)] = rt
	}
	return out
}

// ResultsCell is one writer's section.
type ResultsCell struct {
	Model      string `json:"model"`
	Section    string `json:"section"`
	HasExample bool   `json:"has_example"`
	Words      int    `json:"words"`
	// Episode and Repeat number the cell's episode and run; absent with
	// one run of one episode.
	Episode  int          `json:"episode,omitempty"`
	Repeat   int          `json:"repeat,omitempty"`
	Run      int          `json:"run"`
	Overlap  float64      `json:"overlap"`
	Shared   int          `json:"shared_ngrams"`
	Distinct int          `json:"distinct_ngrams"`
	Fail     bool         `json:"fail"`
	Verdict  string       `json:"verdict"`
	Rules    []string     `json:"rules"`
	Variant  int          `json:"variant"`
	Variants int          `json:"variants"`
	Page     string       `json:"page,omitempty"`
	Runs     []ResultsRun `json:"runs"`
	// Judged are every judge's and labeller's verdicts on the cell.
	Judged []ResultsGrade `json:"judged,omitempty"`
	// Criteria are the cell's outcomes by criterion ID.
	Criteria map[string]criteria.Record `json:"criteria,omitempty"`
}

// ResultsRun is one highlighted run of a cell.
type ResultsRun struct {
	Words     int    `json:"words"`
	Text      string `json:"text,omitempty"`
	SectionAt int    `json:"section_at"`
	ExampleAt int    `json:"example_at"`
}

// ResultsSummary is one writer's FAIL count of the headline criterion,
// and its tallies of every measured criterion, by ID.
type ResultsSummary struct {
	Model    string                  `json:"model"`
	Fails    int                     `json:"fails"`
	Sections int                     `json:"sections"`
	Criteria map[string]ResultsTally `json:"criteria"`
}

// ResultsHypothesis is a hypothesis's verdict.
type ResultsHypothesis struct {
	ID         string `json:"id"`
	Registered string `json:"registered"`
	Statement  string `json:"statement"`
	Verdict    string `json:"verdict"`
	Reason     string `json:"reason"`
	// SHA256 is its digest as registered; absent when it is withheld
	// (the hypothesis holds a private term), and SHA256Withheld says so.
	SHA256         string   `json:"sha256,omitempty"`
	SHA256Withheld string   `json:"sha256_withheld,omitempty"`
	Drift          []string `json:"threshold_drift"`
	// Chance is how often shuffling verdicts among writers gives a FAIL
	// gap as large as the named writer's; absent when none is named.
	Chance *ResultsChance `json:"chance,omitempty"`
	// VerdictRegistered is the verdict at the registered thresholds, when
	// those differ from the build's; otherwise the verdict.
	VerdictRegistered string `json:"verdict_registered"`
	ReasonRegistered  string `json:"reason_registered"`
	// Criterion and Judge name a judged prediction's criterion and judge;
	// absent for C5.
	Criterion string `json:"criterion,omitempty"`
	Judge     string `json:"judge,omitempty"`
	// AsRegistered says whether it is as the registration file records it;
	// absent without a registration.
	AsRegistered string `json:"as_registered,omitempty"`
	// Prediction is what its verdict checks, for a reader to check it
	// again at other thresholds (the results page's explorer).
	Prediction ResultsPrediction `json:"prediction"`
}

// ResultsPrediction is a hypothesis's prediction: its kind (fewest_fails,
// most_fails, fails_at_most, fails_at_least, median_order), the writer it
// names ("" for all writers), the FAIL count it bounds, and its rule over
// runs ("pooled", "majority"; absent with none).
type ResultsPrediction struct {
	Kind  string `json:"kind"`
	Model string `json:"model,omitempty"`
	Fails *int   `json:"fails,omitempty"`
	Runs  string `json:"runs,omitempty"`
}

// ResultsRegistration is the evaluation against its registration file.
type ResultsRegistration struct {
	At          string   `json:"registered_at"`
	SHA256      string   `json:"sha256,omitempty"` // of data/registration.toml
	Matches     bool     `json:"matches"`
	Differences []string `json:"differences"`
	// Late says each step of the run the registration was made after;
	// empty when it came before them.
	Late []string `json:"late"`
}

// ResultsInput is the digest of one private input: the plain SHA-256 of a
// long text, or the keyed commitment (HMAC-SHA-256) of a small file, with
// SHA256 then empty.
type ResultsInput struct {
	File       string `json:"file"`
	SHA256     string `json:"sha256"`
	HMACSHA256 string `json:"hmac_sha256,omitempty"`
}

// Change is a cell whose verdict flipped since the baseline.
type Change struct {
	Model   string `json:"model"`
	Section string `json:"section"`
	// Criterion is the ID of the criterion whose verdict flipped; Judge
	// names the judge or labeller whose verdict it is, for a judged one.
	Criterion string   `json:"criterion"`
	Judge     string   `json:"judge,omitempty"`
	Before    string   `json:"before"`
	After     string   `json:"after"`
	Rules     []string `json:"rules"` // the rules whose outcome flipped
	// The headline criterion's values in the baseline and now (C5's
	// longest run and overlap); null for a criterion that has none.
	BeforeRun     *int     `json:"before_run"`
	BeforeOverlap *float64 `json:"before_overlap"`
	AfterRun      *int     `json:"after_run"`
	AfterOverlap  *float64 `json:"after_overlap"`
	Page          string   `json:"page,omitempty"` // the cell's run view
}

// rules returns the names of the rules the cell fails under the headline
// criterion, never nil.
func rules(c public.Cell) []string {
	return append([]string{}, c.Headline().Failed...)
}

func cellPath(c public.Cell) string {
	if !c.RunView {
		return ""
	}
	return "cells/" + c.Slug + ".html"
}

func buildResults(p *public.Public, crit criteria.Set, changes []Change) Results {
	r := resultsHead(p, crit, changes)
	for _, c := range p.Cells {
		r.Cells = append(r.Cells, resultsCell(c))
	}
	return r
}

// resultsCell is a cell as results.json holds it.
func resultsCell(c public.Cell) ResultsCell {
	rc := ResultsCell{Model: c.Writer, Section: c.Section, HasExample: c.HasExample, Words: c.Words, Run: c.Run, Overlap: c.Overlap,
		Shared: c.Shared, Distinct: c.Distinct, Fail: c.Headline().Fail(), Verdict: verdictWord(c), Rules: rules(c), Variant: c.Variant,
		Variants: c.Variants, Page: cellPath(c), Runs: []ResultsRun{}, Judged: judgedGrades(c), Episode: c.Episode, Repeat: c.Repeat,
		Criteria: criteria.Records(c.Outcomes)}
	for _, run := range c.Runs {
		rc.Runs = append(rc.Runs, ResultsRun{Words: run.Words, Text: run.Text, SectionAt: run.SectionAt, ExampleAt: run.ExampleAt})
	}
	return rc
}

// resultsHead is what data/results.json holds but its cells (Cells empty).
func resultsHead(p *public.Public, crit criteria.Set, changes []Change) Results {
	r := Results{
		Thresholds: resultsThresholds(p, crit, false), Registered: resultsThresholds(p, crit, true), Totals: resultsTallies(crit, p.Tallies),
		Audience: string(p.Audience), C5Mode: map[bool]string{true: "measure"}[p.C5Measure],
		Cells: []ResultsCell{}, Summary: []ResultsSummary{}, Hypotheses: []ResultsHypothesis{}, Changes: changes, Inputs: []ResultsInput{},
	}
	if r.Changes == nil {
		r.Changes = []Change{}
	}
	r.Judged = judgedResults(p.Judged)
	r.Repeats = resultsRepeats(p.Repeats)
	r.Pairs = resultsPairs(p)
	r.Agreement, r.Fixtures, r.Ranking = validationResults(&p.Validation)
	for _, w := range p.Writers {
		r.Summary = append(r.Summary, ResultsSummary{Model: w.Alias, Fails: w.Fails(), Sections: w.Sections(), Criteria: resultsTallies(crit, w.Tallies)})
	}
	for _, h := range p.Hypotheses {
		drift := h.Drift
		if drift == nil {
			drift = []string{}
		}
		then, why := h.RegisteredVerdict, h.RegisteredReason
		switch {
		case h.Unregistered:
			then, why = "", "no registered thresholds are declared for it"
		case then == "":
			then, why = h.Verdict, h.Reason
		}
		r.Hypotheses = append(r.Hypotheses, ResultsHypothesis{ID: h.ID, Registered: h.Registered, Statement: h.Statement,
			Verdict: h.Verdict, Reason: h.Reason, SHA256: h.Digest, SHA256Withheld: h.DigestWithheld, Drift: drift, VerdictRegistered: then, ReasonRegistered: why,
			Criterion: h.Criterion, Judge: h.Judge, AsRegistered: h.AsRegistered, Prediction: ResultsPrediction{Kind: h.Kind, Model: h.Model, Fails: h.Fails, Runs: h.Runs}})
	}
	for _, d := range p.Inputs {
		r.Inputs = append(r.Inputs, ResultsInput{File: d.File, SHA256: d.SHA256, HMACSHA256: d.HMACSHA256})
	}
	if g := p.Registration; g.Present {
		r.Registration = &ResultsRegistration{At: g.At, SHA256: g.SHA256, Matches: g.Matches, Differences: append([]string{}, g.Differences...),
			Late: append([]string{}, g.Late...)}
	}
	return r
}

// encodeJSON writes v indented by two spaces, with a newline at the end.
func encodeJSON(v any) ([]byte, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetIndent("", "  ")
	err := enc.Encode(v)
	return b.Bytes(), err
}

// resultsCSV is the results table as shown on the results page.
func resultsCSV(p *public.Public, crit criteria.Set) ([]byte, error) {
	var b bytes.Buffer
	err := writeResultsCSV(csv.NewWriter(&b), p, crit)
	return b.Bytes(), err
}

// writeResultsCSV writes results.csv into w, and flushes it. Its figures
// are the page's: overlap_percent as the results table writes it (0, 5.4,
// 10.04 against a 10% limit), G1's bounds in whole words.
func writeResultsCSV(w *csv.Writer, p *public.Public, crit criteria.Set) error {
	w.Write(append([]string{"writer", "section", "words", "longest_run", "overlap_percent", "shared_ngrams", "distinct_ngrams", "verdict", "failed_rules", "worst_variant"}, criteriaCSVHeader(crit)...))
	for _, c := range p.Cells {
		if !c.HasExample {
			w.Write(append([]string{c.Writer, c.Section, strconv.Itoa(c.Words), "", "", "", "", "NO EXAMPLE", "", ""}, criteriaCSVRow(crit, c)...))
			continue
		}
		w.Write(append([]string{c.Writer, c.Section, strconv.Itoa(c.Words), strconv.Itoa(c.Run), strings.TrimSuffix(overlapText(c), "%"),
			strconv.Itoa(c.Shared), strconv.Itoa(c.Distinct), verdictWord(c), joinRules(rules(c)), strconv.Itoa(c.Variant)}, criteriaCSVRow(crit, c)...))
	}
	w.Flush()
	return w.Error()
}

func joinRules(r []string) string {
	out := ""
	for i, s := range r {
		if i > 0 {
			out += "+"
		}
		out += s
	}
	return out
}

// ParseBaseline reads an earlier build's data/results.json: its first JSON
// value, as a json.Decoder reads it. Only what the change record compares
// is kept: the thresholds and each cell's names, verdict, rules and values,
// and the audience, which says whether a public build may carry it.
func ParseBaseline(data []byte) (*Results, error) {
	var baseline struct {
		Audience   string            `json:"audience"`
		Thresholds ResultsThresholds `json:"thresholds"`
		Judged     *struct {
			Thresholds ResultsThresholds `json:"thresholds"`
		} `json:"judged"`
		Cells []struct {
			Model, Section, Verdict string
			Rules                   []string
			Judged                  []ResultsGrade `json:"judged"`
			Run                     int
			Overlap                 float64
			Criteria                map[string]criteria.Record `json:"criteria"`
			Runs                    []ResultsRun               `json:"runs"`
		} `json:"cells"`
		Inputs []ResultsInput `json:"inputs"`
		// Of is, in a baseline's copy (EncodeBaseline), the digest of
		// the results.json it was made from.
		Of string `json:"baseline_of"`
	}
	if err := json.NewDecoder(bytes.NewReader(data)).Decode(&baseline); err != nil {
		return nil, fmt.Errorf("not a results.json: %v", err)
	}
	r := Results{Audience: baseline.Audience, Thresholds: baseline.Thresholds, Inputs: baseline.Inputs}
	if baseline.Judged != nil {
		// The judged tier's thresholds, compared with the others'.
		r.judgedThresholds = baseline.Judged.Thresholds
		if r.judgedThresholds == nil {
			r.judgedThresholds = ResultsThresholds{}
		}
	}
	if baseline.Cells != nil {
		r.Cells = make([]ResultsCell, len(baseline.Cells))
	}
	for i, c := range baseline.Cells {
		r.Cells[i] = ResultsCell{Model: c.Model, Section: c.Section, Verdict: c.Verdict, Rules: c.Rules, Judged: c.Judged, Run: c.Run, Overlap: c.Overlap, Criteria: c.Criteria, Runs: c.Runs}
	}
	sum := sha256.Sum256(data)
	r.SHA256 = hex.EncodeToString(sum[:])
	if baseline.Of != "" {
		r.SHA256 = baseline.Of
	}
	return r.checkBaseline()
}

// checkBaseline returns r when it is a baseline a build can compare with:
// it has thresholds and cells with names and verdicts.
func (r *Results) checkBaseline() (*Results, error) {
	if r.Cells == nil || len(r.Thresholds) == 0 {
		return nil, fmt.Errorf("not a results.json: no cells or thresholds")
	}
	for i, c := range r.Cells {
		if c.Model == "" || c.Verdict == "" {
			return nil, fmt.Errorf("not a results.json: cell %d has no model or verdict", i+1)
		}
	}
	return r, nil
}
