package site

import (
	"bytes"
	"cmp"
	"encoding/csv"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/evalpress/evalpress/internal/numfmt"
	"github.com/evalpress/evalpress/redact/public"
)

// ResultsWriterPair is one pair of writers on one section in results.json.
type ResultsWriterPair struct {
	Section  string  `json:"section"`
	A        string  `json:"model"`
	B        string  `json:"other_model"`
	Run      int     `json:"run"`
	OwnRun   int     `json:"own_run"`
	OverlapA float64 `json:"overlap_a"`
	OverlapB float64 `json:"overlap_b"`
	// Origin is "each other", "example" or "" (no run past the limit).
	Origin string `json:"origin"`
}

// resultsPairs lists every pair of every section: by the first writer's
// alias, then the second's, then section, as every list of writers is
// ordered by alias.
func resultsPairs(p *public.Public) []ResultsWriterPair {
	rank := map[string]int{}
	for i, w := range p.Writers {
		rank[w.Alias] = i
	}
	out := []ResultsWriterPair{}
	for _, sp := range p.Pairs {
		for _, pr := range sp.Pairs {
			out = append(out, ResultsWriterPair{Section: sp.Section, A: pr.A, B: pr.B, Run: pr.Run, OwnRun: pr.Own,
				OverlapA: numfmt.RoundShare(pr.OverlapA), OverlapB: numfmt.RoundShare(pr.OverlapB), Origin: pr.Origin})
		}
	}
	slices.SortStableFunc(out, func(x, y ResultsWriterPair) int {
		return cmp.Or(cmp.Compare(rank[x.A], rank[y.A]), cmp.Compare(rank[x.B], rank[y.B]))
	})
	return out
}

// pairsCSV is data/pairs.csv: a row a pair of writers on a section.
func pairsCSV(p *public.Public) ([]byte, error) {
	var b bytes.Buffer
	w := csv.NewWriter(&b)
	w.Write([]string{"writer", "other_writer", "section", "longest_run", "own_run", "overlap_a_percent", "overlap_b_percent", "origin"})
	for _, r := range resultsPairs(p) {
		w.Write([]string{r.A, r.B, r.Section, strconv.Itoa(r.Run), strconv.Itoa(r.OwnRun),
			strings.TrimSuffix(numfmt.Percent(r.OverlapA), "%"), strings.TrimSuffix(numfmt.Percent(r.OverlapB), "%"), r.Origin})
	}
	w.Flush()
	return b.Bytes(), w.Error()
}

// pairsView is what the results page shows of writer against writer.
type pairsView struct {
	MaxRun   int
	Past     []string // a sentence a pair past the run limit
	Matrices []pairMatrix
}

// pairMatrix is one section's pairs as a matrix: writers down and across,
// each cell "longest run / share of the row's n-grams in the column's".
type pairMatrix struct {
	Section string
	Writers []string
	Rows    [][]string
}

func buildPairsView(p *public.Public) *pairsView {
	if len(p.Pairs) == 0 {
		return nil
	}
	v := &pairsView{MaxRun: p.Thresholds.MaxRun}
	for _, sp := range p.Pairs {
		m := pairMatrix{Section: sp.Section}
		index := map[string]int{}
		for _, pr := range sp.Pairs {
			for _, a := range []string{pr.A, pr.B} {
				if _, ok := index[a]; !ok {
					index[a] = len(m.Writers)
					m.Writers = append(m.Writers, a)
				}
			}
		}
		m.Rows = make([][]string, len(m.Writers))
		for i := range m.Rows {
			m.Rows[i] = make([]string, len(m.Writers))
			m.Rows[i][i] = "–"
		}
		for _, pr := range sp.Pairs {
			a, b := index[pr.A], index[pr.B]
			m.Rows[a][b] = fmt.Sprintf("%d / %s", pr.Run, numfmt.Percent(pr.OverlapA))
			m.Rows[b][a] = fmt.Sprintf("%d / %s", pr.Run, numfmt.Percent(pr.OverlapB))
			if s := pastSentence(sp.Section, pr); s != "" {
				v.Past = append(v.Past, s)
			}
		}
		v.Matrices = append(v.Matrices, m)
	}
	return v
}

// pastSentence says of a pair past the run limit where its shared run
// comes from.
func pastSentence(section string, pr public.Pair) string {
	switch pr.Origin {
	case "each other":
		return fmt.Sprintf("%s and %s, %s: they share a run of %d words, %d of them outside the example's words: words of their own, which one could only have from the other or from a common source that is not the example.", pr.A, pr.B, section, pr.Run, pr.Own)
	case "example":
		return fmt.Sprintf("%s and %s, %s: they share a run of %d words, the example's words (the longest they share outside them: %d): each took the same passage from the outline.", pr.A, pr.B, section, pr.Run, pr.Own)
	}
	return ""
}
