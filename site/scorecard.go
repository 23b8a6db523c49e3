package site

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/evalpress/evalpress/internal/numfmt"
	"github.com/evalpress/evalpress/redact/public"
	"github.com/evalpress/evalpress/reports/criteria"
)

// The scorecard is the home page's one table: a row per writer, a column
// per measured quality criterion and per judged criterion of each judge
// whose verdicts are results, and the gates apart. Each figure is a FAIL
// count of the sections scored, with its 95% interval, linked to the page
// that details it. No column adds criteria up and no row is ranked over
// criteria: a reader sorts by one column at a time.

// scorecard is the table's columns and rows.
type scorecard struct {
	Quality, Gates []scoreColumn
	Rows           []scoreRow
}

// scoreGroup is a heading over adjacent columns: the measured criteria,
// one judge's, the gates.
type scoreGroup struct {
	Title string
	Span  int
	Gate  bool
}

// Groups are the headings over the columns, in their order.
func (sc scorecard) Groups() []scoreGroup {
	var out []scoreGroup
	for _, c := range sc.Quality {
		title := "Measured"
		if c.Judge != "" {
			title = c.Judge
		}
		if n := len(out); n > 0 && out[n-1].Title == title {
			out[n-1].Span++
			continue
		}
		out = append(out, scoreGroup{Title: title, Span: 1})
	}
	if len(sc.Gates) > 0 {
		out = append(out, scoreGroup{Title: "Gate", Span: len(sc.Gates), Gate: true})
	}
	return out
}

// scoreColumn is one criterion's column, a judge's for a judged one.
type scoreColumn struct {
	ID, Title string
	Judge     string // the judge's name; "" for a measured criterion
	key       criteria.Key
	link      string // the detail's address, from the site's root
}

// scoreRow is one writer's figures, in the columns' order.
type scoreRow struct {
	Writer         string
	Quality, Gates []scoreCell
}

// scoreCell is a writer's FAILs of the sections a criterion scored.
type scoreCell struct {
	Fail, Scored, Ambiguous int
	Low, High               float64 // the share failing's 95% interval
	Link                    string  // from the site's root
}

// Value is the share failing, for sorting; -1 when nothing was scored.
func (c scoreCell) Value() string {
	if c.Scored == 0 {
		return "-1"
	}
	return strconv.FormatFloat(float64(c.Fail)/float64(c.Scored), 'f', 4, 64)
}

// Text writes the count: "7 of 9 FAIL"; "none scored".
func (c scoreCell) Text() string {
	if c.Scored == 0 {
		return "none scored"
	}
	return fmt.Sprintf("%d of %d FAIL", c.Fail, c.Scored)
}

// Interval writes the share failing with its 95% Wilson interval:
// "77.8%, CI 45.3% to 93.7%"; "" when nothing was scored.
func (c scoreCell) Interval() string {
	if c.Scored == 0 {
		return ""
	}
	s := fmt.Sprintf("%s, CI %s to %s", numfmt.Percent(float64(c.Fail)/float64(c.Scored)), numfmt.Percent(c.Low), numfmt.Percent(c.High))
	if c.Ambiguous > 0 {
		s += fmt.Sprintf("; %d ambiguous", c.Ambiguous)
	}
	return s
}

// buildScorecard makes the scorecard of p under crit.
func buildScorecard(p *public.Public, crit criteria.Set) scorecard {
	var sc scorecard
	for _, c := range measured(crit) {
		if c.Headline && p.C5Measure {
			continue // a measurement: no FAIL to count
		}
		col := scoreColumn{ID: string(c.ID), Title: c.Title, key: criteria.Key{Criterion: c.ID}, link: "results.html#summary"}
		if c.Kind == criteria.Gate {
			col.link = "results.html#gate-" + strings.ToLower(string(c.ID))
			sc.Gates = append(sc.Gates, col)
			continue
		}
		sc.Quality = append(sc.Quality, col)
	}
	if p.Judged != nil {
		for _, j := range p.Judged.Judges {
			if !j.Valid {
				continue
			}
			for _, id := range p.Judged.Criteria {
				col := scoreColumn{ID: id, Judge: j.Name, key: criteria.Key{Criterion: criteria.ID(id), Judge: j.ID}, link: "judged.html#judge-" + j.ID}
				if c := crit.Lookup(criteria.ID(id)); c != nil {
					col.Title = c.Title
				}
				sc.Quality = append(sc.Quality, col)
			}
		}
	}
	for _, w := range p.Writers {
		row := scoreRow{Writer: w.Alias}
		for _, col := range sc.Quality {
			row.Quality = append(row.Quality, scoreOf(p, w, col))
		}
		for _, col := range sc.Gates {
			row.Gates = append(row.Gates, scoreOf(p, w, col))
		}
		sc.Rows = append(sc.Rows, row)
	}
	return sc
}

// scoreOf is writer w's figure in column col.
func scoreOf(p *public.Public, w public.Writer, col scoreColumn) scoreCell {
	cell := scoreCell{Link: col.link}
	if col.key.Judge == "" {
		t := w.Tallies.Of(col.key)
		cell.Fail, cell.Scored, cell.Ambiguous, cell.Low, cell.High = t.Fail, t.Scored(), t.Ambiguous, t.FailLow, t.FailHigh
		return cell
	}
	for _, r := range p.Judged.Rates {
		if r.Judge == col.key.Judge && r.Writer == w.Alias && r.Criterion == string(col.key.Criterion) {
			cell.Fail, cell.Scored, cell.Ambiguous, cell.Low, cell.High = r.Fail, r.Pass+r.Fail, r.Ambiguous, r.FailLow, r.FailHigh
		}
	}
	return cell
}

// scorecardMarkdown is the scorecard as a markdown table, for downloads.
func scorecardMarkdown(sc scorecard) string {
	var b strings.Builder
	b.WriteString("| Writer |")
	for _, col := range append(append([]scoreColumn{}, sc.Quality...), sc.Gates...) {
		b.WriteString(" " + col.Heading() + " |")
	}
	b.WriteString("\n| --- |" + strings.Repeat(" --- |", len(sc.Quality)+len(sc.Gates)) + "\n")
	for _, r := range sc.Rows {
		b.WriteString("| " + r.Writer + " |")
		for _, c := range append(append([]scoreCell{}, r.Quality...), r.Gates...) {
			s := c.Text()
			if in := c.Interval(); in != "" {
				s += " (" + in + ")"
			}
			b.WriteString(" " + s + " |")
		}
		b.WriteString("\n")
	}
	return b.String()
}

// Heading is the column's heading: "C5 paraphrase distance", with the
// judge's name for a judged criterion.
func (c scoreColumn) Heading() string {
	h := strings.TrimSpace(c.ID + " " + c.Title)
	if c.Judge != "" {
		h += ", " + c.Judge
	}
	return h
}
