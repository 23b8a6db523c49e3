// Package agreement measures how far two raters of binary verdicts agree:
// the 2x2 table of their verdicts, percent agreement, Cohen's kappa with a
// bootstrap interval over the rated sections, and the rates at which one
// rater catches the other's FAILs and PASSes. It also counts AMBIGUOUS
// answers, which are left out of agreement and reported as a rate of their
// own.
//
// The package is pure: verdicts in, numbers out, no I/O. Every random draw
// comes from a fixed seed, so the same verdicts always give the same
// interval.
package agreement

import (
	"cmp"
	"slices"
	"strings"
)

// Verdict is one rater's verdict on one criterion for one section.
type Verdict uint8

// Verdicts. None is the absence of a verdict: not rated, or not scored (a
// count criterion whose threshold is not set).
const (
	None Verdict = iota
	Pass
	Fail
	Ambiguous
)

// String returns the verdict as the reports write it.
func (v Verdict) String() string {
	switch v {
	case Pass:
		return "pass"
	case Fail:
		return "FAIL"
	case Ambiguous:
		return "ambiguous"
	}
	return "none"
}

// Item is one rated unit: a writer's section.
type Item struct {
	Writer, Section string
}

// Order returns the order of items by writer, the writers in the order
// given (the published order, by alias: never the writers' names, whose
// order would tell them apart; one not given comes after, by name), then
// by section.
func Order(writers []string) func(a, b Item) int {
	place := make(map[string]int, len(writers))
	for i, w := range writers {
		place[w] = i
	}
	return func(a, b Item) int {
		if a.Writer != b.Writer {
			pa, oka := place[a.Writer]
			pb, okb := place[b.Writer]
			switch {
			case oka && okb:
				return cmp.Compare(pa, pb)
			case oka != okb:
				if oka {
					return -1
				}
				return 1
			}
			return strings.Compare(a.Writer, b.Writer)
		}
		return strings.Compare(a.Section, b.Section)
	}
}

// Ratings are one rater's verdicts: item, then criterion ID, then verdict.
type Ratings map[Item]map[string]Verdict

// Verdict returns r's verdict on criterion for item (None when unrated).
func (r Ratings) Verdict(item Item, criterion string) Verdict {
	return r[item][criterion]
}

// Set records a verdict.
func (r Ratings) Set(item Item, criterion string, v Verdict) {
	m := r[item]
	if m == nil {
		m = map[string]Verdict{}
		r[item] = m
	}
	m[criterion] = v
}

// SortItems sorts items in place in the order of writers (Order), and
// returns them.
func SortItems(items []Item, writers []string) []Item {
	slices.SortFunc(items, Order(writers))
	return items
}

// Rate is a share with the counts it comes from.
type Rate struct {
	Num, Den int
}

// Value returns the share; ok is false when the denominator is 0.
func (r Rate) Value() (v float64, ok bool) {
	if r.Den == 0 {
		return 0, false
	}
	return float64(r.Num) / float64(r.Den), true
}

// Table is the 2x2 table of two raters' verdicts over the items both
// scored PASS or FAIL. The first word is rater A's verdict, the second
// rater B's: PassFail counts items A passed and B failed.
type Table struct {
	PassPass, PassFail, FailPass, FailFail int
}

// N is the number of items in the table.
func (t Table) N() int { return t.PassPass + t.PassFail + t.FailPass + t.FailFail }

// Add counts one item on which A said a and B said b; verdicts other than
// Pass and Fail are ignored.
func (t *Table) Add(a, b Verdict) {
	switch {
	case a == Pass && b == Pass:
		t.PassPass++
	case a == Pass && b == Fail:
		t.PassFail++
	case a == Fail && b == Pass:
		t.FailPass++
	case a == Fail && b == Fail:
		t.FailFail++
	}
}

// Agreement is the share of items on which A and B agree.
func (t Table) Agreement() Rate {
	return Rate{Num: t.PassPass + t.FailFail, Den: t.N()}
}

// Kappa returns Cohen's kappa, (po-pe)/(1-pe). It is undefined (ok false)
// when chance agreement pe is 1, which happens exactly when both raters gave
// one and the same verdict to every item, and when the table is empty. The
// test for pe = 1 is done in whole numbers, so it is exact.
func (t Table) Kappa() (k float64, ok bool) {
	n := t.N()
	aPass, aFail := t.PassPass+t.PassFail, t.FailPass+t.FailFail
	bPass, bFail := t.PassPass+t.FailPass, t.PassFail+t.FailFail
	// po = agree/n, pe = chance/n², so kappa = (n*agree - chance)/(n² - chance).
	chance := aPass*bPass + aFail*bFail
	denom := n*n - chance
	if n == 0 || denom == 0 {
		return 0, false
	}
	agree := t.PassPass + t.FailFail
	return float64(n*agree-chance) / float64(denom), true
}

// CatchFail is the share of B's FAILs that A also failed.
func (t Table) CatchFail() Rate {
	return Rate{Num: t.FailFail, Den: t.PassFail + t.FailFail}
}

// CatchPass is the share of B's PASSes that A also passed.
func (t Table) CatchPass() Rate {
	return Rate{Num: t.PassPass, Den: t.PassPass + t.FailPass}
}

// Pair is the agreement of rater A with rater B (the reference) on one
// criterion over a sample of items.
type Pair struct {
	A, B      string
	Criterion string
	// Sample is the number of items in the sample.
	Sample int
	// Compared lists the items both raters scored PASS or FAIL, in the
	// sample's order.
	Compared []Item
	Table    Table
	// Ambiguous counts items left out because either rater said AMBIGUOUS.
	Ambiguous int
	// Missing counts items left out because either rater gave no verdict.
	Missing  int
	Interval Interval
}

// Compare measures the agreement of a with b on criterion over sample,
// which is in the published order (SortItems). Items where either rater
// said AMBIGUOUS or gave no verdict are left out and counted. The kappa
// interval is a bootstrap over the compared items, in that order, with the
// package's fixed seed.
func Compare(aID string, a Ratings, bID string, b Ratings, criterion string, sample []Item) Pair {
	p := Pair{A: aID, B: bID, Criterion: criterion, Sample: len(sample)}
	var cells []Cell
	for _, it := range sample {
		va, vb := a.Verdict(it, criterion), b.Verdict(it, criterion)
		switch {
		case va == None || vb == None:
			p.Missing++
		case va == Ambiguous || vb == Ambiguous:
			p.Ambiguous++
		default:
			p.Table.Add(va, vb)
			p.Compared = append(p.Compared, it)
			cells = append(cells, CellOf(va, vb))
		}
	}
	p.Interval = Bootstrap(cells, Resamples, Seed)
	return p
}

// Cell names one of a table's four cells.
type Cell uint8

// The four cells of a Table, A's verdict first.
const (
	CellPassPass Cell = iota
	CellPassFail
	CellFailPass
	CellFailFail
)

// CellOf returns the cell of a pair of PASS/FAIL verdicts.
func CellOf(a, b Verdict) Cell {
	c := CellPassPass
	if a == Fail {
		c += 2
	}
	if b == Fail {
		c++
	}
	return c
}

// TableOf counts cells into a table.
func TableOf(cells []Cell) Table {
	var t Table
	for _, c := range cells {
		t.addCell(c)
	}
	return t
}

// addCell counts one item in cell c.
func (t *Table) addCell(c Cell) {
	switch c {
	case CellPassPass:
		t.PassPass++
	case CellPassFail:
		t.PassFail++
	case CellFailPass:
		t.FailPass++
	case CellFailFail:
		t.FailFail++
	}
}

// Ambiguity counts the criterion applications marked AMBIGUOUS: one
// application is one rater's verdict on one criterion for one item.
type Ambiguity struct {
	Criterion    string // "" for all criteria together
	Applications int
	Ambiguous    int
}

// Rate is the share of applications marked AMBIGUOUS.
func (a Ambiguity) Rate() Rate { return Rate{Num: a.Ambiguous, Den: a.Applications} }

// AmbiguityOf counts, per criterion and over all of them, the applications
// the raters made on sample and how many were AMBIGUOUS. Missing verdicts
// are not applications.
func AmbiguityOf(raters []Ratings, criteria []string, sample []Item) (per []Ambiguity, overall Ambiguity) {
	for _, c := range criteria {
		a := Ambiguity{Criterion: c}
		for _, r := range raters {
			for _, it := range sample {
				switch r.Verdict(it, c) {
				case None:
				case Ambiguous:
					a.Applications++
					a.Ambiguous++
				default:
					a.Applications++
				}
			}
		}
		per = append(per, a)
		overall.Applications += a.Applications
		overall.Ambiguous += a.Ambiguous
	}
	return per, overall
}
