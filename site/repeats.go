package site

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/evalpress/evalpress/internal/numfmt"
	"github.com/evalpress/evalpress/redact/public"
	"github.com/evalpress/evalpress/reports/criteria"
	"github.com/evalpress/evalpress/reports/stats"
)

// ResultsRepeats is results.json's block of results over several runs or
// episodes; absent with one run of one episode.
type ResultsRepeats struct {
	// Runs holds the number of runs of each episode, episode 1 first.
	Runs    []int                 `json:"runs"`
	Cells   []ResultsRepeatCell   `json:"cells"`
	Writers []ResultsRepeatWriter `json:"writers"`
	// Split is the variance split with its run-to-run part; absent when
	// the runs do not make a balanced grid (SplitNote says why).
	Split     *ResultsRunSplit `json:"split,omitempty"`
	SplitNote string           `json:"split_note,omitempty"`
}

// ResultsRepeatCell is one writer's section in one episode over its runs.
type ResultsRepeatCell struct {
	Episode int              `json:"episode"`
	Model   string           `json:"model"`
	Section string           `json:"section"`
	Runs    int              `json:"runs"`
	Run     *ResultsSummary3 `json:"run,omitempty"`
	Overlap *ResultsSummary3 `json:"overlap,omitempty"`
	// Failing counts, by criterion (and judge), the runs failing of those
	// scored.
	Failing map[string]ResultsShare `json:"failing"`
}

// ResultsSummary3 is a value's minimum, median and maximum over runs.
type ResultsSummary3 struct {
	Min    float64 `json:"min"`
	Median float64 `json:"median"`
	Max    float64 `json:"max"`
}

// ResultsShare is a count of failing runs of those scored.
type ResultsShare struct {
	Fail   int `json:"fail"`
	Scored int `json:"scored"`
}

// ResultsRepeatWriter is a writer's pass rates over runs: of one episode,
// or pooled over every episode's runs (episode 0).
type ResultsRepeatWriter struct {
	Model   string                     `json:"model"`
	Episode int                        `json:"episode"`
	Rates   map[string]ResultsPassRate `json:"pass_rates"`
}

// ResultsPassRate is a pass rate over runs with its 95% interval.
type ResultsPassRate struct {
	Runs int     `json:"runs"`
	Mean float64 `json:"mean"`
	Low  float64 `json:"low"`
	High float64 `json:"high"`
}

// ResultsRunSplit is how much of C5's measures lies between sections,
// between writers, in their interaction and from run to run.
type ResultsRunSplit struct {
	Run     ResultsRunShares `json:"run"`
	Overlap ResultsRunShares `json:"overlap"`
}

// ResultsRunShares are the shares of one measure's variation.
type ResultsRunShares struct {
	Sections    int     `json:"sections"`
	Writers     int     `json:"writers"`
	Runs        int     `json:"runs"`
	Section     float64 `json:"section_share"`
	Writer      float64 `json:"writer_share"`
	Interaction float64 `json:"interaction_share"`
	RunToRun    float64 `json:"run_to_run_share"`
}

// resultsRepeats makes results.json's repeats block, or nil.
func resultsRepeats(r *public.Repeats) *ResultsRepeats {
	if r == nil {
		return nil
	}
	out := &ResultsRepeats{Runs: r.Runs, Cells: []ResultsRepeatCell{}, Writers: []ResultsRepeatWriter{}}
	for _, c := range r.Cells {
		rc := ResultsRepeatCell{Episode: c.Episode, Model: c.Writer, Section: c.Section, Failing: map[string]ResultsShare{}}
		for _, t := range c.Shares {
			key := criteria.Key{Criterion: t.Criterion, Judge: t.Judge}.String()
			rc.Failing[key] = ResultsShare{Fail: t.Fail, Scored: t.Scored()}
			rc.Runs = max(rc.Runs, t.Pass+t.Fail+t.Unscored+t.Ambiguous)
		}
		if c.HasExample {
			rc.Run = &ResultsSummary3{c.Run.Min, c.Run.Median, c.Run.Max}
			rc.Overlap = &ResultsSummary3{numfmt.RoundShare(c.Overlap.Min), numfmt.RoundShare(c.Overlap.Median), numfmt.RoundShare(c.Overlap.Max)}
		}
		out.Cells = append(out.Cells, rc)
	}
	for _, w := range r.Writers {
		rw := ResultsRepeatWriter{Model: w.Writer, Episode: w.Episode, Rates: map[string]ResultsPassRate{}}
		for _, pr := range w.Rates {
			rw.Rates[pr.Key.String()] = ResultsPassRate{Runs: pr.N, Mean: numfmt.RoundShare(pr.Mean), Low: numfmt.RoundShare(pr.Low), High: numfmt.RoundShare(pr.High)}
		}
		out.Writers = append(out.Writers, rw)
	}
	if r.SplitOK {
		out.Split = &ResultsRunSplit{Run: runShares(r.Run), Overlap: runShares(r.Overlap)}
	} else {
		out.SplitNote = r.SplitWhy
	}
	return out
}

func runShares(d stats.Replicated) ResultsRunShares {
	return ResultsRunShares{Sections: d.NRows, Writers: d.NCols, Runs: d.NReps,
		Section: numfmt.RoundShare(d.RowShare()), Writer: numfmt.RoundShare(d.ColumnShare()),
		Interaction: numfmt.RoundShare(d.InteractionShare()), RunToRun: numfmt.RoundShare(d.WithinShare())}
}

// repeatsView is what the results page shows of the runs.
type repeatsView struct {
	Episodes  int
	RunCounts string // "3 runs", "3 and 2 runs"
	Writers   []repeatsWriterRow
	Cells     []repeatsCellRow
	Split     []string // one sentence a measure; empty when not balanced
	SplitNote string
}

type repeatsWriterRow struct {
	Writer, Episode string
	Rates           []string // by criterion, "C5 83% [47%, 100%]"
}

type repeatsCellRow struct {
	Episode, Writer, Section string
	Run, Overlap             string // "min / median / max"
	Failing                  string // "C5 1 of 3; G1 0 of 3"
}

// buildRepeatsView makes the results page's view of the runs, or nil.
func buildRepeatsView(r *public.Repeats) *repeatsView {
	if r == nil {
		return nil
	}
	v := &repeatsView{Episodes: r.Episodes(), SplitNote: r.SplitWhy}
	counts := make([]string, len(r.Runs))
	for i, n := range r.Runs {
		counts[i] = strconv.Itoa(n)
	}
	v.RunCounts = strings.Join(counts, ", ")
	for _, w := range r.Writers {
		row := repeatsWriterRow{Writer: w.Writer, Episode: episodeLabel(w.Episode)}
		for _, pr := range w.Rates {
			row.Rates = append(row.Rates, fmt.Sprintf("%s %s [%s, %s] over %d runs", pr.Key, numfmt.Percent(pr.Mean), numfmt.Percent(pr.Low), numfmt.Percent(pr.High), pr.N))
		}
		v.Writers = append(v.Writers, row)
	}
	for _, c := range r.Cells {
		row := repeatsCellRow{Episode: episodeLabel(c.Episode), Writer: c.Writer, Section: c.Section, Run: "–", Overlap: "–"}
		if c.HasExample {
			row.Run = fmt.Sprintf("%s / %s / %s", numfmt.Stat(c.Run.Min), numfmt.Stat(c.Run.Median), numfmt.Stat(c.Run.Max))
			row.Overlap = fmt.Sprintf("%s / %s / %s", numfmt.Percent(c.Overlap.Min), numfmt.Percent(c.Overlap.Median), numfmt.Percent(c.Overlap.Max))
		}
		var parts []string
		for _, t := range c.Shares {
			if t.Scored() > 0 {
				parts = append(parts, fmt.Sprintf("%s %d of %d", criteria.Key{Criterion: t.Criterion, Judge: t.Judge}, t.Fail, t.Scored()))
			}
		}
		row.Failing = strings.Join(parts, "; ")
		v.Cells = append(v.Cells, row)
	}
	if r.SplitOK {
		v.Split = []string{splitSentence("longest run", r.Run), splitSentence("overlap", r.Overlap)}
	}
	return v
}

func episodeLabel(e int) string {
	if e == 0 {
		return "all, pooled"
	}
	return strconv.Itoa(e)
}

// splitSentence says how a measure's variation splits, run to run included.
func splitSentence(measure string, d stats.Replicated) string {
	return fmt.Sprintf("Of the variation of the %s over %d sections, %d writers and %d runs each: %s between sections, %s between writers, %s in their interaction, and %s from run to run.",
		measure, d.NRows, d.NCols, d.NReps, numfmt.Percent(d.RowShare()), numfmt.Percent(d.ColumnShare()), numfmt.Percent(d.InteractionShare()), numfmt.Percent(d.WithinShare()))
}
