package site

import "github.com/evalpress/evalpress/reports/criteria"

// EncodeBaseline writes what a build compared with as a site keeps it
// (data/baseline.json), so that a rebuild compares the same: what
// ParseBaseline reads of r, and the digest of the results.json r was read
// from. It holds no text: an excerpt the earlier site showed is not
// published again by this one.
func EncodeBaseline(r *Results) ([]byte, error) {
	type cell struct {
		Model    string                     `json:"model"`
		Section  string                     `json:"section"`
		Verdict  string                     `json:"verdict"`
		Rules    []string                   `json:"rules"`
		Judged   []ResultsGrade             `json:"judged,omitempty"`
		Run      int                        `json:"run"`
		Overlap  float64                    `json:"overlap"`
		Criteria map[string]criteria.Record `json:"criteria,omitempty"`
	}
	type judged struct {
		Thresholds ResultsThresholds `json:"thresholds"`
	}
	out := struct {
		Of         string            `json:"baseline_of"`
		Thresholds ResultsThresholds `json:"thresholds"`
		Judged     *judged           `json:"judged,omitempty"`
		Cells      []cell            `json:"cells"`
		Inputs     []ResultsInput    `json:"inputs"`
	}{Of: r.SHA256, Thresholds: r.Thresholds, Cells: []cell{}, Inputs: r.Inputs}
	if r.judgedThresholds != nil {
		out.Judged = &judged{Thresholds: r.judgedThresholds}
	}
	for _, c := range r.Cells {
		out.Cells = append(out.Cells, cell{Model: c.Model, Section: c.Section, Verdict: c.Verdict, Rules: c.Rules, Judged: c.Judged,
			Run: c.Run, Overlap: c.Overlap, Criteria: c.Criteria})
	}
	return encodeJSON(out)
}
