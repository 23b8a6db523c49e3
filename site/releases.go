package site

import (
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/evalpress/evalpress/redact/public"
)

// Release is one release of the site, for its releases page.
type Release struct {
	Name, Date string
	Number     int
	// Results are the release's data/results.json; nil for the release
	// the build makes, whose results are its own.
	Results *Results
}

// releasesData is what the releases page shows: each release with what
// changed since the one before, and every pair of them compared.
type releasesData struct {
	Rows  []releaseRow
	Pairs []releasePair
}

type releaseRow struct {
	Name, Date, Link, Thresholds, Changed string
	Here                                  bool // the release this copy of the site is
}

// releasePair compares an earlier release with a later one.
type releasePair struct {
	ID, From, To  string
	NewEvaluation bool
	Thresholds    []thresholdChange
	Flips         []releaseFlip
}

// releaseFlip is a verdict of a cell that differs between two releases.
type releaseFlip struct {
	Writer, Section, Criterion, Before, After string
}

// releasesOf makes the releases page's data; current are this build's
// results, here the release whose copy is rendered ("" for the top).
func releasesOf(list []Release, current *Results, here string) *releasesData {
	if len(list) == 0 {
		return nil
	}
	d := &releasesData{}
	results := make([]*Results, len(list))
	for i, rel := range list {
		results[i] = rel.Results
		if results[i] == nil {
			results[i] = current
		}
		row := releaseRow{Name: rel.Name, Date: rel.Date, Link: releaseLink(rel.Name, here), Thresholds: thresholdsLine(results[i].Thresholds), Here: rel.Name == here, Changed: "the first release"}
		if i > 0 {
			row.Changed = compareReleases(list[i-1].Name, rel.Name, results[i-1], results[i]).summary()
		}
		d.Rows = append(d.Rows, row)
	}
	for i := range list {
		for j := i + 1; j < len(list); j++ {
			d.Pairs = append(d.Pairs, compareReleases(list[i].Name, list[j].Name, results[i], results[j]))
		}
	}
	return d
}

// withReleases adds the releases page to the page table t, after the
// changes page, when the site has releases.
func withReleases(t []pageKind, releases []Release) []pageKind {
	if len(releases) == 0 {
		return t
	}
	i := slices.IndexFunc(t, func(k pageKind) bool { return k.Path == "changes.html" }) + 1
	return slices.Insert(t, i, pageKind{Path: "releases.html", Title: "Releases", Nav: "Releases", make: templatePage("releases.html", true)})
}

// releaseLink is the release name's index page, from the releases page of
// the site's top ("") or of the release here's copy.
func releaseLink(name, here string) string {
	if here == "" {
		return "releases/" + name + "/index.html"
	}
	return "../" + name + "/index.html"
}

// thresholdsLine states a release's thresholds as results.json names them.
func thresholdsLine(t ResultsThresholds) string {
	var parts []string
	for _, v := range t {
		parts = append(parts, v.Name+" "+number(v.Value))
	}
	return strings.Join(parts, ", ")
}

// number is a threshold as results.json writes it.
func number(v float64) string { return strconv.FormatFloat(v, 'g', -1, 64) }

// compareReleases compares release a with the later b: their thresholds,
// and every cell's verdicts, criterion by criterion. Two releases that
// share no writer, or no section, are two evaluations: nothing flips.
func compareReleases(a, b string, ra, rb *Results) releasePair {
	p := releasePair{ID: a + "--" + b, From: a, To: b}
	if disjoint(resultsKeys(ra), resultsKeys(rb)) {
		p.NewEvaluation = true
		return p
	}
	for _, v := range rb.Thresholds {
		before, ok := ra.Thresholds.Get(v.Name)
		if !ok {
			continue
		}
		th := thresholdChange{Name: v.Name, Before: number(before), Now: number(v.Value)}
		th.Changed = th.Before != th.Now
		p.Thresholds = append(p.Thresholds, th)
	}
	before := map[[2]string]ResultsCell{}
	for _, c := range ra.Cells {
		before[[2]string{c.Model, c.Section}] = c
	}
	for _, c := range rb.Cells {
		old, ok := before[[2]string{c.Model, c.Section}]
		if !ok {
			continue
		}
		p.Flips = append(p.Flips, cellFlips(old, c)...)
	}
	return p
}

// cellFlips lists the criteria whose verdict on a cell differs between
// two releases' records of it; a record without criteria (an older
// results.json) by its headline verdict.
func cellFlips(a, b ResultsCell) []releaseFlip {
	var out []releaseFlip
	if len(a.Criteria) == 0 || len(b.Criteria) == 0 {
		if a.Verdict != b.Verdict {
			out = append(out, releaseFlip{Writer: b.Model, Section: b.Section, Criterion: "headline", Before: a.Verdict, After: b.Verdict})
		}
		return out
	}
	for _, id := range slices.Sorted(maps.Keys(b.Criteria)) {
		was, ok := a.Criteria[id]
		if now := b.Criteria[id]; ok && was.Verdict != now.Verdict {
			out = append(out, releaseFlip{Writer: b.Model, Section: b.Section, Criterion: id, Before: was.Verdict, After: now.Verdict})
		}
	}
	return out
}

// disjoint reports whether two lists of cells, each a writer and a
// section, share no writer, or no section: they are of two evaluations.
func disjoint(a, b [][2]string) bool {
	writers, sections := map[string]bool{}, map[string]bool{}
	for _, c := range a {
		writers[c[0]], sections[c[1]] = true, true
	}
	w, s := false, false
	for _, c := range b {
		w, s = w || writers[c[0]], s || sections[c[1]]
	}
	return len(a) > 0 && len(b) > 0 && (!w || !s)
}

// resultsKeys are the writer and section of each cell of r.
func resultsKeys(r *Results) [][2]string {
	out := make([][2]string, len(r.Cells))
	for i, c := range r.Cells {
		out[i] = [2]string{c.Model, c.Section}
	}
	return out
}

// viewKeys are the writer and section of each cell of p.
func viewKeys(p *public.Public) [][2]string {
	out := make([][2]string, len(p.Cells))
	for i, c := range p.Cells {
		out[i] = [2]string{c.Writer, c.Section}
	}
	return out
}

// summary says in a few words what changed between the two releases.
func (p releasePair) summary() string {
	if p.NewEvaluation {
		return "a new evaluation: no writer, or no section, in common"
	}
	changed := 0
	for _, t := range p.Thresholds {
		if t.Changed {
			changed++
		}
	}
	return fmt.Sprintf("%d verdict%s changed, %d threshold%s", len(p.Flips), pluralS(len(p.Flips)), changed, pluralS(changed))
}
