package site

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/evalpress/evalpress/internal/numfmt"
	"github.com/evalpress/evalpress/redact/public"
	"github.com/evalpress/evalpress/reports/criteria"
	"github.com/evalpress/evalpress/site/prose"
)

// Documents quote computed values with placeholders (see package
// site/prose and docs/documents.md). A paragraph holding only a
// block placeholder is replaced by a rendered block:
//
//	{{hypotheses}}  {{summary}}  {{results}}  {{chart runs}}  {{chart overlap}}  {{chart fails}}
//	{{grid}}  {{sections}}  {{rules}}  {{spread}}  {{scorecard}}

// blockNames are the placeholders that stand alone on a line for a block.
var blockNames = map[string]bool{
	"hypotheses": true, "summary": true, "results": true,
	"chart runs": true, "chart overlap": true, "chart fails": true, "chart sensitivity": true,
	"grid": true, "sections": true, "rules": true, "spread": true, "scorecard": true,
}

// percent writes a measured share as every page does (numfmt.Percent).
func percent(x float64) string { return numfmt.Percent(x) }

// overlapText writes a cell's overlap as a percentage that is on the same
// side of its C5 limit as the overlap is.
func overlapText(c public.Cell) string {
	if limit, ok := c.Headline().Limit(criteria.LimitMaxOverlap); ok {
		return numfmt.PercentAgainst(c.Overlap, limit)
	}
	return numfmt.Percent(c.Overlap)
}

// sharePercent writes a configured share, a threshold, as its author wrote
// it: 0.1 is "10%", 0.125 is "12.5%" (numfmt.Setting).
func sharePercent(x float64) string { return numfmt.Setting(x) }

// verdictWord is a cell's C5 verdict as the pages write it.
func verdictWord(c public.Cell) string { return prose.VerdictWord(c) }

// blockMarkdown is what a block placeholder becomes in a downloaded
// document: the block's numbers as markdown.
func blockMarkdown(name string, p *public.Public, crit criteria.Set) string {
	var b strings.Builder
	switch name {
	case "summary":
		all := totals(p, crit)
		for i, ct := range all {
			if len(all) > 1 { // one table a criterion, each named
				if i > 0 {
					b.WriteString("\n")
				}
				fmt.Fprintf(&b, "%s failures per writer:\n\n", ct.ID)
			}
			b.WriteString("| Writer | FAIL | Sections |\n| --- | --- | --- |\n")
			for _, w := range ct.Writers {
				fmt.Fprintf(&b, "| %s | %d | %d |\n", w.Alias, w.Fails, w.Sections)
			}
		}
	case "results":
		b.WriteString("| Writer | Section | Words | Longest run | Overlap | Verdict |\n| --- | --- | --- | --- | --- | --- |\n")
		for _, c := range p.Cells {
			run, overlap := "n/a", "n/a"
			if c.HasExample {
				run, overlap = strconv.Itoa(c.Run), numfmt.PercentAgainst(c.Overlap, p.Thresholds.MaxOverlap)
			}
			fmt.Fprintf(&b, "| %s | %s | %d | %s | %s | %s |\n", c.Writer, c.Section, c.Words, run, overlap, verdictWord(c))
		}
	case "hypotheses":
		for _, h := range p.Hypotheses {
			fmt.Fprintf(&b, "- **%s** (registered %s): %s Verdict: **%s**", h.ID, h.Registered, h.Statement, h.Verdict)
			if h.RegisteredVerdict != "" {
				fmt.Fprintf(&b, " at this build's thresholds, **%s** at its registered thresholds", h.RegisteredVerdict)
			}
			fmt.Fprintf(&b, ". %s", h.Reason)
			if r := p.Registration; r.Present {
				state := "matches its registration"
				if !r.Matches {
					state = "differs from its registration: " + strings.Join(r.Differences, "; ")
				}
				fmt.Fprintf(&b, " Registration: %s (made %s); the evaluation %s.", h.AsRegistered, r.At, state)
			}
			b.WriteString("\n")
		}
	case "scorecard":
		b.WriteString(scorecardMarkdown(buildScorecard(p, crit)))
	case "grid", "sections", "rules", "spread":
		b.WriteString(tableMarkdown(name, p, crit))
	default:
		if md, ok := validationMarkdown(name, p, crit); ok {
			return md
		}
		fmt.Fprintf(&b, "*(The %s is drawn on the page; data/results.csv holds its numbers.)*\n", name)
	}
	return b.String()
}
