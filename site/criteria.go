package site

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/evalpress/evalpress/redact/public"
	"github.com/evalpress/evalpress/reports/criteria"
)

// The pages name no criterion: they iterate the criteria. The headline
// criterion (C5) has the results page's grid, its per-section and per-rule
// tables and the cells' first columns; every other measured criterion a
// column of its own in the table of every cell, a column group in
// results.csv, and a line on each cell page; every measured quality
// criterion a table of FAILs per writer; the gates (G1), reported apart
// from the quality criteria, a summary line of their own. The judged
// criteria have the judged page.

// measured returns the measured (not judged) criteria, in the criteria's
// order.
func measured(crit criteria.Set) []*criteria.Criterion {
	var out []*criteria.Criterion
	for _, c := range crit.All() {
		if !c.Judged {
			out = append(out, c)
		}
	}
	return out
}

// others returns the measured criteria but the headline.
func others(crit criteria.Set) []*criteria.Criterion {
	var out []*criteria.Criterion
	for _, c := range measured(crit) {
		if !c.Headline {
			out = append(out, c)
		}
	}
	return out
}

// gates returns the measured gate criteria, in the criteria's order.
func gates(crit criteria.Set) []*criteria.Criterion {
	var out []*criteria.Criterion
	for _, c := range measured(crit) {
		if c.Kind == criteria.Gate {
			out = append(out, c)
		}
	}
	return out
}

// criterionTotals are a measured quality criterion's FAILs per writer: a
// table of the results page's (block.summary).
type criterionTotals struct {
	ID, Title string
	Writers   []writerTotal
}

// writerTotal is a writer's FAILs of the sections a criterion scored.
type writerTotal struct {
	Alias           string
	Fails, Sections int
}

// totals counts each measured quality criterion's FAILs per writer.
func totals(p *public.Public, crit criteria.Set) []criterionTotals {
	var out []criterionTotals
	for _, c := range measured(crit) {
		if c.Kind != criteria.Quality {
			continue
		}
		ct := criterionTotals{ID: string(c.ID), Title: c.Title}
		for _, w := range p.Writers {
			t := w.Tallies.Of(criteria.Key{Criterion: c.ID})
			ct.Writers = append(ct.Writers, writerTotal{Alias: w.Alias, Fails: t.Fail, Sections: t.Scored()})
		}
		if c.Headline && p.C5Measure {
			continue // a measurement: no FAIL to count
		}
		out = append(out, ct)
	}
	return out
}

// criterionCell is a criterion's outcome in a row of the table of every
// cell.
type criterionCell struct {
	ID      string // the criterion's
	Label   string // "pass", "FAIL", "NO TARGET"
	Summary string // "286 words, target 300 (255 to 345)"
	Value   string // the first value, for sorting
}

// criterionCells returns a cell's outcome of every criterion but the
// headline's, in others() order.
func criterionCells(crit criteria.Set, c public.Cell) []criterionCell {
	var out []criterionCell
	for _, cr := range others(crit) {
		o := c.Outcome(cr.ID)
		cc := criterionCell{ID: string(cr.ID), Label: o.Label(), Summary: cr.Summary(o), Value: "-1"}
		if len(cr.Values) > 0 {
			if v, ok := o.Value(cr.Values[0]); ok {
				cc.Value = strconv.FormatFloat(v, 'f', -1, 64)
			}
		}
		if cc.Summary == cc.Label {
			cc.Summary = ""
		}
		out = append(out, cc)
	}
	return out
}

// criterionColumn is the column of a criterion's criterionCell in the
// table of every cell: its criterion's ID (for the table's filters) and
// its heading.
type criterionColumn struct{ ID, Title string }

// criterionColumns are the columns of criterionCells.
func criterionColumns(crit criteria.Set) []criterionColumn {
	var out []criterionColumn
	for _, c := range others(crit) {
		out = append(out, criterionColumn{ID: string(c.ID), Title: capitalise(c.Title) + " (" + string(c.ID) + ")"})
	}
	return out
}

// gateSummary is a gate's summary line on the results page.
type gateSummary struct {
	ID, Title string
	Line      string // per writer FAIL counts and the sections not scored
	// thresholds are the gate's, as the view states them.
	thresholds []criteria.Threshold
}

// Threshold writes the gate's threshold named name as the config does
// ("15%"), for the gate's words on the page; "" when it has none.
func (g gateSummary) Threshold(name string) string {
	for _, t := range g.thresholds {
		if t.Name == name {
			return t.Text()
		}
	}
	return ""
}

// gateSummaries counts each gate's outcomes per writer.
func gateSummaries(p *public.Public, crit criteria.Set) []gateSummary {
	var out []gateSummary
	for _, g := range gates(crit) {
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
		out = append(out, gateSummary{ID: string(g.ID), Title: capitalise(g.Title), Line: line, thresholds: thresholdsOf(p, g.ID)})
	}
	return out
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// thresholdsOf returns the thresholds of criterion id in p.
func thresholdsOf(p *public.Public, id criteria.ID) []criteria.Threshold {
	for _, ct := range p.CriteriaThresholds {
		if ct.Criterion == id {
			return ct.Now
		}
	}
	return nil
}

// criteriaCSVHeader names the column group of every criterion but the
// headline (whose columns the table has always had): verdict, failed
// rules, values and limits, prefixed by the criterion's ID ("g1_words").
func criteriaCSVHeader(crit criteria.Set) []string {
	var out []string
	for _, c := range others(crit) {
		id := strings.ToLower(string(c.ID))
		out = append(out, id+"_verdict", id+"_failed_rules")
		for _, n := range append(append([]string{}, c.Values...), c.Limits...) {
			out = append(out, id+"_"+n)
		}
	}
	return out
}

// criteriaCSVRow is a cell's values in the columns of criteriaCSVHeader.
func criteriaCSVRow(crit criteria.Set, c public.Cell) []string {
	var out []string
	for _, cr := range others(crit) {
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

func csvNumber(x float64, ok bool) string {
	if !ok {
		return ""
	}
	return strconv.FormatFloat(x, 'f', -1, 64)
}
