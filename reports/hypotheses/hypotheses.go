// Package hypotheses holds a pre-registered hypothesis as it is declared:
// its id, registration date, statement, machine-checkable prediction, the
// settings it is judged at as registered, and the digest that registers
// it. config decodes the [[hypothesis]] blocks into it, findings judges it
// against the data, registration records its digest; it imports none of
// them.
package hypotheses

import (
	"crypto/sha256"
	"encoding/hex"
	"strconv"
	"strings"
	"time"

	"github.com/evalpress/evalpress/reports/criteria"
)

// Hypothesis is a pre-registered hypothesis with a machine-checkable
// prediction. Its TOML keys are those of a [[hypothesis]] block; its
// [hypothesis.thresholds] table is read by config, through its criterion,
// into At.
type Hypothesis struct {
	ID         string     `toml:"id"`
	Registered time.Time  `toml:"registered"`
	Statement  string     `toml:"statement"`
	Prediction Prediction `toml:"prediction"`
	// Line is the config file's line of its [[hypothesis]] heading.
	Line int `toml:"-"`
	// At are the settings the hypothesis is judged at as registered: its
	// criterion's registered settings (criteria.Settings.Registered), its
	// own thresholds read over them; Own says it has thresholds of its own.
	At  criteria.Settings `toml:"-"`
	Own bool              `toml:"-"`
	// Declared is false when neither the hypothesis nor its criterion's
	// registered block states thresholds: nothing was registered, At is
	// only the rubric's defaults, and nothing may claim them registered.
	Declared bool `toml:"-"`
}

// Criterion returns the criterion the hypothesis predicts about, or nil
// when it names none of the criteria its settings are of.
func (h Hypothesis) Criterion() *criteria.Criterion {
	return h.At.Criteria().Lookup(h.Key().Criterion)
}

// Prediction kinds.
const (
	FewestFails  = "fewest_fails" // Model strictly fewest FAILs
	MostFails    = "most_fails"   // Model strictly most FAILs
	FailsAtMost  = "fails_at_most"
	FailsAtLeast = "fails_at_least"
	// MedianOrder predicts the order of the writers' medians of one of
	// C5's measures (Measure), lowest first (Order): a prediction C5 can
	// decide as a measurement, with no pass line.
	MedianOrder = "median_order"
)

// Kinds are the prediction kinds, in the order errors list them.
var Kinds = []string{FewestFails, MostFails, FailsAtMost, FailsAtLeast, MedianOrder}

// CountsFails reports whether a prediction of kind counts FAILs.
func CountsFails(kind string) bool { return kind != MedianOrder }

// The measures a median_order prediction orders.
const (
	MeasureRun     = "run"
	MeasureOverlap = "overlap"
)

// Rules over runs: how a prediction is decided when the inputs hold several
// runs or episodes. Registered with the hypothesis (it is in the digest).
const (
	// RunsPooled counts the FAILs of every run together: the share of
	// runs failing.
	RunsPooled = "pooled"
	// RunsMajority decides the prediction in each run on its own; the
	// verdict is the one more than half of the runs reach.
	RunsMajority = "majority"
)

// RunRules are the rules over runs, in the order errors list them.
var RunRules = []string{RunsPooled, RunsMajority}

// Prediction is what a hypothesis predicts, in a form the data can decide.
type Prediction struct {
	Kind  string `toml:"kind"`
	Model string `toml:"model"` // a public alias, or "" for all writers together
	// Criterion names the criterion whose FAILs are counted: empty for the
	// headline criterion, any other criterion by its ID, with Judge the
	// judge whose verdicts decide for a judged one.
	Criterion string `toml:"criterion"`
	Judge     string `toml:"judge"`
	// Fails is the bound for fails_at_most and fails_at_least.
	Fails *int `toml:"fails"`
	// Runs is the rule over runs (RunRules); required when the inputs
	// hold several runs or episodes.
	Runs string `toml:"runs"`
	// Order lists writer aliases, the lowest median first, and Measure
	// names the measure ("run" or "overlap"), for median_order.
	Order   []string `toml:"order"`
	Measure string   `toml:"measure"`
}

// Key returns the outcomes the prediction counts: its criterion's (the
// headline criterion's of the criteria its settings are of, when it names
// none), by its judge.
func (h Hypothesis) Key() criteria.Key {
	p := h.Prediction
	id := criteria.ID(p.Criterion)
	if hl := h.At.Criteria().Headline(); id == "" && hl != nil {
		id = hl.ID
	}
	return criteria.Key{Criterion: id, Judge: p.Judge}
}

// Digest returns the SHA-256 of the hypothesis as registered: its id, date,
// statement, thresholds and prediction, in a fixed canonical form. Editing
// any of them after registration changes the digest.
//
// The form is the one of the first hypotheses, which were all on the
// headline criterion: a thresholds line of the headline criterion's (its
// own, else the rubric's defaults), then, only where they are set, its
// criterion and judge, and a criterion's own thresholds; so that a digest
// registered then is the same now.
func (h Hypothesis) Digest() string {
	set := h.At.Criteria()
	headline, crit := set.Headline(), h.Criterion()
	thresholds := set.Defaults()
	if h.Own && crit == headline {
		thresholds = h.At
	}
	fails := "-"
	if h.Prediction.Fails != nil {
		fails = strconv.Itoa(*h.Prediction.Fails)
	}
	canonical := strings.Join([]string{
		"id=" + h.ID,
		"registered=" + h.Registered.Format("2006-01-02"),
		"statement=" + h.Statement,
		"thresholds=" + canonicalThresholds(thresholds, headline),
		"prediction=" + h.Prediction.Kind + "," + h.Prediction.Model + "," + fails,
	}, "\n")
	if p := h.Prediction; p.Criterion != "" || p.Judge != "" {
		canonical += "\njudged=" + p.Criterion + "," + p.Judge
	}
	if h.Prediction.Runs != "" {
		canonical += "\nruns=" + h.Prediction.Runs
	}
	if p := h.Prediction; p.Kind == MedianOrder {
		canonical += "\norder=" + p.Measure + ":" + strings.Join(p.Order, ",")
	}
	if h.Own && crit != headline && crit != nil {
		canonical += "\nthresholds." + string(crit.ID) + "=" + canonicalThresholds(h.At, crit)
	}
	sum := sha256.Sum256([]byte(canonical))
	return hex.EncodeToString(sum[:])
}

// canonicalThresholds writes c's thresholds in s for a digest: their
// values, in order, as the shortest decimals, joined by commas.
func canonicalThresholds(s criteria.Settings, c *criteria.Criterion) string {
	if c == nil {
		return ""
	}
	var parts []string
	for _, t := range s.Thresholds(c) {
		if !t.PerSection {
			parts = append(parts, strconv.FormatFloat(t.Value, 'g', -1, 64))
		}
	}
	return strings.Join(parts, ",")
}
