package site

import (
	"encoding/json"
	"fmt"

	"github.com/evalpress/evalpress/reports/criteria"
)

// The results page's explorer recomputes, in the reader's browser, every
// verdict at thresholds the reader chooses (assets/explorer.js). It reads
// data/explorer.js, a script that sets window.evalpressExplorer to a part
// of data/results.json: a script, not a fetch of the JSON, so that it works
// from file://. Its types take their fields, with the same JSON names,
// from results.json's own (Results), so it can hold nothing results.json
// does not publish; a test holds it to that.

// explorerFile is the explorer's data in the site.
const explorerFile = "data/explorer.js"

// explorerData is what the explorer reads of results.json: the thresholds,
// each cell's names, episode and run, page and outcomes (values and limits, per judge for a
// judged criterion), the writers' order, the hypotheses' predictions and
// verdicts, and which judges' verdicts are results.
type explorerData struct {
	Thresholds ResultsThresholds    `json:"thresholds"`
	Registered ResultsThresholds    `json:"registered_thresholds,omitempty"`
	Cells      []explorerCell       `json:"cells"`
	Summary    []explorerWriter     `json:"summary"`
	Hypotheses []explorerHypothesis `json:"hypotheses"`
	Judged     *explorerJudged      `json:"judged,omitempty"`
}

// explorerCell is a part of a ResultsCell.
type explorerCell struct {
	Model      string                     `json:"model"`
	Section    string                     `json:"section"`
	HasExample bool                       `json:"has_example"`
	Episode    int                        `json:"episode,omitempty"`
	Repeat     int                        `json:"repeat,omitempty"`
	Page       string                     `json:"page,omitempty"`
	Criteria   map[string]criteria.Record `json:"criteria,omitempty"`
}

// explorerWriter is a part of a ResultsSummary: the writers' order.
type explorerWriter struct {
	Model string `json:"model"`
}

// explorerHypothesis is a part of a ResultsHypothesis.
type explorerHypothesis struct {
	ID         string            `json:"id"`
	Verdict    string            `json:"verdict"`
	Reason     string            `json:"reason"`
	Criterion  string            `json:"criterion,omitempty"`
	Judge      string            `json:"judge,omitempty"`
	Prediction ResultsPrediction `json:"prediction"`
}

// explorerJudged is a part of a ResultsJudged.
type explorerJudged struct {
	Judges     []explorerJudge `json:"judges"`
	Thresholds any             `json:"thresholds"`
}

// explorerJudge is a part of a public.JudgedJudge as results.json holds it.
type explorerJudge struct {
	ID    string `json:"ID"`
	Name  string `json:"Name"`
	Valid bool   `json:"Valid"`
}

// explorerOf cuts the explorer's part out of r.
func explorerOf(r *Results) explorerData {
	e := explorerData{Thresholds: r.Thresholds, Registered: r.Registered,
		Cells: []explorerCell{}, Summary: []explorerWriter{}, Hypotheses: []explorerHypothesis{}}
	for _, c := range r.Cells {
		e.Cells = append(e.Cells, explorerCell{Model: c.Model, Section: c.Section, HasExample: c.HasExample, Episode: c.Episode, Repeat: c.Repeat, Page: c.Page, Criteria: c.Criteria})
	}
	for _, s := range r.Summary {
		e.Summary = append(e.Summary, explorerWriter{Model: s.Model})
	}
	for _, h := range r.Hypotheses {
		e.Hypotheses = append(e.Hypotheses, explorerHypothesis{ID: h.ID, Verdict: h.Verdict, Reason: h.Reason, Criterion: h.Criterion, Judge: h.Judge, Prediction: h.Prediction})
	}
	if j := r.Judged; j != nil {
		e.Judged = &explorerJudged{Judges: []explorerJudge{}, Thresholds: j.Thresholds}
		for _, jj := range j.Judges {
			e.Judged.Judges = append(e.Judged.Judges, explorerJudge{ID: jj.ID, Name: jj.Name, Valid: jj.Valid})
		}
	}
	return e
}

// explorerScript makes data/explorer.js from a build's results.
func explorerScript(r *Results) ([]byte, error) {
	data, err := json.Marshal(explorerOf(r))
	if err != nil {
		return nil, fmt.Errorf("failed to write the explorer's data: %w", err)
	}
	return dataScript("evalpress explorer data: a part of data/results.json, for the results page's explorer.", "evalpressExplorer", data), nil
}
