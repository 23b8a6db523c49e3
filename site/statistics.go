package site

import (
	"fmt"
	"strings"

	"github.com/evalpress/evalpress/internal/numfmt"
	"github.com/evalpress/evalpress/redact/public"
	"github.com/evalpress/evalpress/site/figures"
)

// predictionWords states a hypothesis's prediction in words.
func predictionWords(h public.Hypothesis) string {
	switch {
	case h.Judge != "":
		return strings.TrimSuffix(c5PredictionWords(h), ".") + ", counting " + h.Criterion + " FAILs by " + judgeNameOf(h) + "."
	case h.Criterion != "":
		return strings.TrimSuffix(c5PredictionWords(h), ".") + ", counting " + h.Criterion + " FAILs."
	}
	return c5PredictionWords(h)
}

// judgeNameOf is what pages call the judge h names: its display name,
// never its id (for data files only).
func judgeNameOf(h public.Hypothesis) string {
	if h.JudgeName != "" {
		return h.JudgeName
	}
	return "the judge named in the configuration"
}

func c5PredictionWords(h public.Hypothesis) string {
	who := "all writers together"
	if h.Model != "" {
		who = h.Model
	}
	bound := 0
	if h.Fails != nil {
		bound = *h.Fails
	}
	switch h.Kind {
	case "fewest_fails":
		return h.Model + " has strictly the fewest FAILs: fewer than every other writer."
	case "most_fails":
		return h.Model + " has strictly the most FAILs: more than every other writer."
	case "fails_at_most":
		return fmt.Sprintf("At most %d section%s fail%s for %s.", bound, figures.Plural(bound), verbS(bound), who)
	case "fails_at_least":
		return fmt.Sprintf("At least %d section%s fail%s for %s.", bound, figures.Plural(bound), verbS(bound), who)
	}
	return "The prediction is of an unknown kind (" + h.Kind + ")."
}

func verbS(n int) string {
	if n == 1 {
		return "s"
	}
	return ""
}

// sentence makes s a sentence: a capital first and a full stop last.
func sentence(s string) string {
	s = capitalise(strings.TrimSpace(s))
	if s != "" && !strings.HasSuffix(s, ".") {
		s += "."
	}
	return s
}

// capitalise makes a sentence start with a capital letter.
func capitalise(s string) string {
	for i, r := range s {
		return strings.ToUpper(string(r)) + s[i+len(string(r)):]
	}
	return s
}

// ResultsSpread is a decomposition in results.json.
type ResultsSpread struct {
	Sections      int     `json:"sections"`
	Writers       int     `json:"writers"`
	SectionShare  float64 `json:"section_share"`
	WriterShare   float64 `json:"writer_share"`
	ResidualShare float64 `json:"residual_share"`
	// SectionP and WriterP are the permutation tests' shares of
	// arrangements at least as extreme as the observed one.
	SectionP     float64 `json:"section_p"`
	WriterP      float64 `json:"writer_p"`
	Exact        bool    `json:"exact"`
	Arrangements int     `json:"arrangements"`
	Seed         uint64  `json:"seed"`
	Sentence     string  `json:"sentence"`
}

// ResultsStatistics is the statistics block of results.json.
type ResultsStatistics struct {
	Run     *ResultsSpread `json:"run"`
	Overlap *ResultsSpread `json:"overlap"`
	// Omitted lists the sections left out: not measured for every writer.
	Omitted []string `json:"omitted_sections"`
}

// ResultsChance is a hypothesis's chance figure in results.json.
type ResultsChance struct {
	Writer       string  `json:"writer"`
	Fails        int     `json:"fails"`
	OthersMean   float64 `json:"others_mean"`
	Sections     int     `json:"sections"`
	AtLeast      string  `json:"at_least"`     // a decimal integer, exact
	Arrangements string  `json:"arrangements"` // a decimal integer, exact
	P            float64 `json:"p"`
}

func resultsSpread(sp figures.Spread) *ResultsSpread {
	if !sp.OK {
		return nil
	}
	d := sp.Parts
	return &ResultsSpread{Sections: sp.Rows, Writers: sp.Columns, SectionShare: numfmt.RoundShare(d.RowShare()), WriterShare: numfmt.RoundShare(d.ColumnShare()),
		ResidualShare: numfmt.RoundShare(d.ResidualShare()), SectionP: numfmt.Round(sp.ByRow.P(), 4), WriterP: numfmt.Round(sp.ByColumn.P(), 4), Exact: sp.ByRow.Exact && sp.ByColumn.Exact,
		Arrangements: sp.ByRow.Arrangements, Seed: sp.Seed, Sentence: sp.Sentence()}
}

// addStatistics puts the decomposition and the hypotheses' chance figures
// into r.
func (r *Results) addStatistics(s figures.Spreads, chances map[string]*figures.Chance) {
	omitted := s.Omitted
	if omitted == nil {
		omitted = []string{}
	}
	r.Statistics = &ResultsStatistics{Run: resultsSpread(s.Run), Overlap: resultsSpread(s.Overlap), Omitted: omitted}
	for i, h := range r.Hypotheses {
		if c := chances[h.ID]; c != nil {
			g := c.Gap
			r.Hypotheses[i].Chance = &ResultsChance{Writer: c.Writer, Fails: g.Fails, OthersMean: numfmt.Round(g.Others, 2), Sections: g.Rows,
				AtLeast: g.AtLeast.String(), Arrangements: g.Arrangements.String(), P: numfmt.Round(g.P(), 4)}
		}
	}
}
