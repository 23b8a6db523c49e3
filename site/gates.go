package site

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/evalpress/evalpress/redact/public"
	"github.com/evalpress/evalpress/reports/criteria"
)

// The gates (G1) are reported apart from the quality criteria: a column of
// their own in the results table, a summary line of their own, a line on
// each cell page; never in a quality criterion's FAIL counts.

// gates returns the measured gate criteria, in the criteria's order.
func gates() []*criteria.Criterion {
	var out []*criteria.Criterion
	for _, c := range criteria.All() {
		if c.Kind == criteria.Gate && !c.Judged {
			out = append(out, c)
		}
	}
	return out
}

// gateCell is a gate's outcome in a results table row.
type gateCell struct {
	ID      string // the gate's criterion
	Label   string // "pass", "FAIL", "NO TARGET"
	Summary string // "286 words, target 300 (255 to 345)"
	Value   string // the first value, for sorting
}

// gateCells returns a cell's outcome of every gate, in gates() order.
func gateCells(c public.Cell) []gateCell {
	var out []gateCell
	for _, g := range gates() {
		o := c.Outcome(g.ID)
		gc := gateCell{ID: string(g.ID), Label: o.Label(), Summary: o.Summary(), Value: "-1"}
		if len(g.Values) > 0 {
			if v, ok := o.Value(g.Values[0]); ok {
				gc.Value = strconv.FormatFloat(v, 'f', -1, 64)
			}
		}
		out = append(out, gc)
	}
	return out
}

// gateSummary is a gate's summary line on the results page.
type gateSummary struct {
	ID, Title string
	Line      string // per writer FAIL counts and the sections not scored
	Tolerance string // G1's tolerance as a percentage, "15%"
}

// gateColumn is a gate's column in the results table: its criterion's ID
// (for the table's filters) and its heading.
type gateColumn struct{ ID, Title string }

// gateColumns are the results table's gate columns.
func gateColumns() []gateColumn {
	var out []gateColumn
	for _, g := range gates() {
		out = append(out, gateColumn{ID: string(g.ID), Title: capitalise(g.Title) + " (" + string(g.ID) + ")"})
	}
	return out
}

// gateSummaries counts each gate's outcomes per writer.
func gateSummaries(p *public.Public) []gateSummary {
	var out []gateSummary
	for _, g := range gates() {
		k := criteria.Key{Criterion: g.ID}
		var parts []string
		for _, w := range p.Writers {
			t := w.Tallies.Of(k)
			parts = append(parts, fmt.Sprintf("%s %d FAIL of %d", w.Alias, t.Fail, t.Scored()))
		}
		line := strings.Join(parts, ", ") + "."
		if n := p.Tallies.Of(k).Unscored; n > 0 {
			line += fmt.Sprintf(" %d %s not scored (no target).", n, plural(n, "cell is", "cells are"))
		}
		out = append(out, gateSummary{ID: string(g.ID), Title: capitalise(g.Title), Line: line, Tolerance: sharePercent(p.G1Tolerance)})
	}
	return out
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// gateCSVHeader names the column group of every criterion but the table's
// own (whose columns the table has always had): verdict, failed rules,
// values and limits, prefixed by the criterion's ID ("g1_words").
func gateCSVHeader() []string {
	var out []string
	for _, c := range csvCriteria() {
		id := strings.ToLower(string(c.ID))
		out = append(out, id+"_verdict", id+"_failed_rules")
		for _, n := range append(append([]string{}, c.Values...), c.Limits...) {
			out = append(out, id+"_"+n)
		}
	}
	return out
}

// gateCSVRow is a cell's values in the columns of gateCSVHeader.
func gateCSVRow(c public.Cell) []string {
	var out []string
	for _, cr := range csvCriteria() {
		o := c.Outcome(cr.ID)
		out = append(out, o.Label(), strings.Join(o.Failed, "+"))
		for _, n := range cr.Values {
			out = append(out, csvNumber(o.Value(n)))
		}
		for _, n := range cr.Limits {
			out = append(out, csvNumber(o.Limit(n)))
		}
	}
	return out
}

// csvCriteria are the measured criteria with a column group in results.csv.
func csvCriteria() []*criteria.Criterion {
	var out []*criteria.Criterion
	for _, c := range criteria.All() {
		if c.ID != tableCriterion && !c.Judged {
			out = append(out, c)
		}
	}
	return out
}

func csvNumber(x float64, ok bool) string {
	if !ok {
		return ""
	}
	return strconv.FormatFloat(x, 'f', -1, 64)
}

// gateChanges lists the gates' verdicts that flipped since the baseline,
// as the judged flips are listed: the rule names the gate and the rules
// that flipped ("G1 long"). A baseline without criteria has none.
func gateChanges(p *public.Public, base *Results) []Change {
	if base == nil {
		return nil
	}
	before := map[[2]string]map[string]criteria.Record{}
	for _, c := range base.Cells {
		before[[2]string{c.Model, c.Section}] = c.Criteria
	}
	var out []Change
	for _, c := range p.Cells {
		for _, g := range gates() {
			b, ok := before[[2]string{c.Writer, c.Section}][string(g.ID)]
			o := c.Outcome(g.ID)
			if !ok || b.Verdict == string(o.Verdict) {
				continue
			}
			label := strings.ToUpper(b.Reason)
			if b.Verdict != string(criteria.Unscored) || b.Reason == "" {
				label = b.Verdict
			}
			flipped := string(g.ID)
			for _, r := range g.RuleNames() {
				if slices.Contains(b.Rules, r) != o.RuleFailed(r) {
					flipped += " " + r
				}
			}
			out = append(out, Change{Model: c.Writer, Section: c.Section, Before: label, After: o.Label(), Rules: []string{flipped}})
		}
	}
	return out
}
