package site

import (
	"context"
	"errors"
	"fmt"
	"html/template"
	"io/fs"
	"maps"
	"path"
	"slices"
	"sort"
	"strings"
	"sync"

	"github.com/evalpress/evalpress/config/audience"
	"github.com/evalpress/evalpress/internal/diag"
	"github.com/evalpress/evalpress/internal/parallel"
	"github.com/evalpress/evalpress/redact/public"
	"github.com/evalpress/evalpress/reports/criteria"
	"github.com/evalpress/evalpress/site/figures"
)

// A pageKind is one page of the site, or one kind of page made many times
// (the cell pages): where it goes, its title, the navigation's label for it
// ("" for a page the navigation does not list), and the function that
// makes it (and the files that go with it).
type pageKind struct {
	Path, Title, Nav string
	make             func(r *siteRender, k pageKind) error
}

// pageTable lists the site's pages, in the navigation's order: the
// overview when no document is the index, the documents (the index first;
// one in a subfolder, a fixture's text, is reached by links), the headline
// criterion's results, the judged results when the judged tier ran, the
// changes, the method, and the cell pages.
func pageTable(p *public.Public, crit criteria.Set, docs []*page) []pageKind {
	var t []pageKind
	if !slices.ContainsFunc(docs, func(d *page) bool { return d.HTMLPath == "index.html" }) {
		t = append(t, pageKind{Path: "index.html", Title: "Overview", Nav: "Overview", make: templatePage("overview.html", true)})
	}
	for _, d := range docs {
		k := pageKind{Path: d.HTMLPath, Title: d.Title, Nav: d.Title, make: documentPage(d, fixturePageOf(p, docs, d))}
		switch {
		case d.HTMLPath == "index.html":
			k.Nav = "Overview"
		case strings.Contains(d.HTMLPath, "/"):
			k.Nav = ""
		}
		t = append(t, k)
	}
	results := "Results"
	if h := crit.Headline(); h != nil {
		results = string(h.ID) + " results"
	}
	t = append(t, pageKind{Path: "results.html", Title: results, Nav: results, make: templatePage("results.html", true)})
	if p.Judged != nil {
		t = append(t, pageKind{Path: "judged.html", Title: "Judged results", Nav: "Judged results", make: judgedPage})
	}
	return append(t,
		pageKind{Path: "changes.html", Title: "What changed", Nav: "Changes", make: templatePage("changes.html", true)},
		pageKind{Path: "method.html", Title: "Method and provenance", Nav: "Method", make: templatePage("method.html", false)},
		pageKind{Path: "cells/", Title: "Writer, section", make: cellPages})
}

// navigation is the site navigation: the pages of t that have a label.
func navigation(t []pageKind) []navItem {
	var out []navItem
	for _, k := range t {
		if k.Nav != "" {
			out = append(out, navItem{Title: k.Nav, Path: k.Path})
		}
	}
	return out
}

// siteRender is one Render at work: the templates, the site data and the
// files made so far.
type siteRender struct {
	ctx    context.Context
	opt    Options
	tmpl   *template.Template
	p      *public.Public
	sd     *siteData
	render func(name string, data *pageData) ([]byte, error)

	mu  sync.Mutex // pages are made on several goroutines
	out *Output
	// searched are the pages the search index reads (every page but the
	// cell pages, which it indexes from the view).
	searched []searchPage
}

// add adds a file to the output, or hands it on (Options.Emit) and keeps
// only its path.
func (r *siteRender) add(file string, data []byte) {
	r.mu.Lock()
	r.out.Files[file] = data
	if r.opt.Emit != nil {
		r.out.Files[file] = nil
	}
	r.mu.Unlock()
	if r.opt.Emit != nil {
		r.opt.Emit(File{Path: file, Data: data})
	}
}

// page renders the page at file with the template name.
func (r *siteRender) page(file, name string, data *pageData) error {
	data.Site, data.Path = r.sd, file
	data.Root = strings.Repeat("../", strings.Count(file, "/"))
	b, err := r.render(name, data)
	if err != nil {
		return err
	}
	r.add(file, b)
	r.mu.Lock()
	r.out.Pages++
	if data.Cell == nil {
		r.searched = append(r.searched, searchPage{Path: file, Title: data.Title, HTML: b})
	}
	r.mu.Unlock()
	return nil
}

// templatePage makes a page from its template alone; verdicts says it
// shows verdicts (and so carries the threshold note).
func templatePage(name string, verdicts bool) func(*siteRender, pageKind) error {
	return func(r *siteRender, k pageKind) error {
		return r.page(k.Path, name, &pageData{Title: k.Title, Verdicts: verdicts})
	}
}

// documentPage makes a document's page, its blocks in place, and its
// markdown download; a fixture's text (fixture not nil) also shows what
// each judge returned on it and leads back to the fixtures.
func documentPage(pg *page, fixture *fixturePage) func(*siteRender, pageKind) error {
	return func(r *siteRender, k pageKind) error {
		blocks, err := renderBlocks(r.tmpl, pg, r.sd)
		if err != nil {
			return err
		}
		body := string(pg.Body)
		for i, html := range blocks {
			body = strings.Replace(body, fmt.Sprintf("<p>EVALPRESSBLOCK%d</p>", i), string(html), 1)
		}
		download := "docs/" + pg.Source
		if err := r.page(k.Path, "doc.html", &pageData{Title: k.Title, Body: template.HTML(body), Download: download, Verdicts: pg.Data, Fixture: fixture}); err != nil {
			return err
		}
		r.add(download, []byte(pg.Markdown))
		return nil
	}
}

// judgedPage makes the judged results page and its data/judged.csv.
func judgedPage(r *siteRender, k pageKind) error {
	if err := r.page(k.Path, "judged.html", &pageData{Title: k.Title, Verdicts: true}); err != nil {
		return err
	}
	data, err := judgedCSV(r.p)
	if err != nil {
		return err
	}
	r.add("data/judged.csv", data)
	return nil
}

// cellPages makes the cell pages, on all cores.
func cellPages(r *siteRender, _ pageKind) error {
	cells := &Output{Files: map[string][]byte{}}
	if err := renderCells(r.ctx, r.p, r.sd, r.render, cells, r.opt.Emit); err != nil {
		return err
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	maps.Copy(r.out.Files, cells.Files) // emitted as they were made
	r.out.Pages += cells.Pages
	return nil
}

// resultsData makes data/results.json and data/results.csv.
func (r *siteRender) resultsData() error {
	r.out.Results = buildResults(r.p, r.sd.crit, r.sd.Changes)
	r.out.Results.addStatistics(r.sd.Spreads, r.sd.Chances)
	results, err := encodeJSON(r.out.Results)
	if err != nil {
		return err
	}
	r.add("data/results.json", results)
	explorer, err := explorerScript(&r.out.Results)
	if err != nil {
		return err
	}
	r.add(explorerFile, explorer)
	csvData, err := resultsCSV(r.p, r.sd.crit)
	if err != nil {
		return err
	}
	r.add("data/results.csv", csvData)
	pairs, err := pairsCSV(r.p)
	if err != nil {
		return err
	}
	r.add("data/pairs.csv", pairs)
	if t := r.p.Registration.Text; t != "" {
		r.add("data/registration.toml", []byte(t)) // as it is: its digest is the one posted
	}
	return nil
}

// faviconFile is the site's icon, an asset written at the site's root.
const faviconFile = "favicon.ico"

// assets copies the binary's assets, the icon at the root, and makes the
// highlighting's CSS.
func (r *siteRender) assets() error {
	css, err := chromaCSS()
	if err != nil {
		return err
	}
	r.add("assets/highlight.css", []byte(css))
	if err := fs.WalkDir(r.opt.Assets, ".", func(name string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := fs.ReadFile(r.opt.Assets, name)
		if err != nil {
			return err
		}
		if name == faviconFile {
			// At the root, where a browser or a server's log asks for it
			// when a page names none.
			r.add(faviconFile, data)
			return nil
		}
		r.add("assets/"+name, data)
		return nil
	}); err != nil {
		return fmt.Errorf("failed to copy assets: %w", err)
	}
	return nil
}

// Render renders v with opt into an Output: every page of the page table,
// whose labelled pages make the navigation, the results data, the assets,
// and the content folder's other files.
func Render(v *public.View, opt Options) (*Output, error) {
	if opt.Context == nil {
		opt.Context = context.Background()
	}
	p, crit := v.Public(), opt.criteria()
	tmpl, err := parseTemplates(opt, crit)
	if err != nil {
		return nil, err
	}
	docs, err := documents(p, opt)
	if err != nil {
		return nil, err
	}
	table := withReleases(pageTable(p, crit, docs), opt.Releases)
	newEvaluation := opt.Baseline != nil && disjoint(resultsKeys(opt.Baseline), viewKeys(p))
	if newEvaluation {
		opt.Baseline = nil
	}
	sd := &siteData{crit: crit, Title: p.Title, Tool: opt.Tool, Evidence: opt.Evidence, NewEvaluation: newEvaluation, Public: p, Internal: p.Audience == audience.Internal, Charts: map[string]chart{},
		ThresholdNote: thresholdNote(p), Nav: navigation(table)}
	if err := sd.prepare(opt.Baseline); err != nil {
		return nil, err
	}
	if len(opt.Releases) > 0 {
		current := buildResults(p, crit, nil)
		sd.Releases, sd.ReleaseHere = releasesOf(opt.Releases, &current, opt.ReleaseHere), opt.ReleaseHere
	}
	r := &siteRender{ctx: opt.Context, opt: opt, tmpl: tmpl, p: p, sd: sd, render: newRenderer(opt.Context, tmpl, opt.TemplatesLabel, !hasOwnLayout(opt)),
		out: &Output{Files: map[string][]byte{}, NewEvaluation: newEvaluation}}
	if err := r.makeAll(table); err != nil {
		return nil, err
	}
	index, err := searchIndex(r.searched, p.Cells, crit)
	if err != nil {
		return nil, err
	}
	r.add(searchFile, index)
	for _, name := range slices.Sorted(maps.Keys(opt.Files)) {
		if _, taken := r.out.Files[name]; taken {
			return nil, diag.Errorf(path.Join(opt.ContentLabel, name), 0, "this file would replace the page evalpress writes at %s; rename it", name)
		}
	}
	for name, data := range opt.Files {
		r.add(name, data)
	}
	return r.out, nil
}

// makeAll makes every page of table and the data files: the cell pages,
// most of the work, on all cores, and the others meanwhile, results.json
// first (the largest file, so that its leak scan starts early rather than
// ends the build). The first error is reported, in the table's order,
// then the data's and the assets'; the cell pages' after all of them.
func (r *siteRender) makeAll(table []pageKind) error {
	type task struct {
		rank int // where its error is reported
		make func() error
	}
	var cells pageKind
	var pages []pageKind
	for _, k := range table {
		if k.Path == "cells/" {
			cells = k
		} else {
			pages = append(pages, k)
		}
	}
	tasks := []task{{len(pages), r.resultsData}}
	for i, k := range pages {
		tasks = append(tasks, task{i, func() error { return k.make(r, k) }})
	}
	tasks = append(tasks, task{len(pages) + 1, r.assets})
	cellsDone := make(chan error, 1)
	go func() { cellsDone <- cells.make(r, cells) }()
	errs := make([]error, len(tasks))
	_ = parallel.For(len(tasks), func(i int) error {
		errs[tasks[i].rank] = tasks[i].make()
		return nil
	})
	cellsErr := <-cellsDone
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	return cellsErr
}

// parseTemplates parses the built-in templates and the override's.
func parseTemplates(opt Options, crit criteria.Set) (*template.Template, error) {
	tmpl, err := template.New("").Funcs(funcs).Funcs(template.FuncMap{
		"judgedhead": func(id string) string { return judgedHead(crit, id) },
	}).ParseFS(opt.Templates, "*.html")
	if err == nil && opt.TemplateOverride != nil {
		if names, _ := fs.Glob(opt.TemplateOverride, "*.html"); len(names) > 0 {
			tmpl, err = tmpl.ParseFS(opt.TemplateOverride, "*.html")
		}
	}
	var read *diag.Diagnostic
	if errors.As(err, &read) {
		return nil, read // a template that could not be read names itself
	}
	if err != nil {
		return nil, &diag.Diagnostic{Severity: diag.Error, File: opt.TemplatesLabel, Message: "template error: " + strings.TrimPrefix(err.Error(), "template: ")}
	}
	return tmpl, nil
}

// CheckDocuments renders v's documents only, for a build that cannot go
// on, and returns their problems: the placeholders that do not parse, the
// links that point nowhere and the claims that do not hold. v is made
// without an input that failed to read (the judged tier): a placeholder
// that needs its data, or a claim with a value of n/a, is not reported.
func CheckDocuments(v *public.View, opt Options) error {
	opt.partial = true
	_, err := documents(v.Public(), opt)
	return err
}

// documents renders the view's documents' markdown, the index first; every
// problem of every document (a placeholder that does not parse, a broken
// link, a false claim) is reported at once.
func documents(p *public.Public, opt Options) ([]*page, error) {
	docs, files := map[string]bool{}, map[string]bool{}
	for _, d := range p.Documents {
		docs[d.Path] = true
	}
	for f := range opt.Files {
		files[f] = true
	}
	var pages []*page
	var problems []error
	for _, d := range p.Documents {
		pg, claims, err := renderDocument(d, path.Join(opt.ContentLabel, d.Path), docs, files, p, opt.criteria(), opt.partial)
		problems = append(problems, claims...)
		if err != nil {
			var joined interface{ Unwrap() []error }
			if errors.As(err, &joined) {
				problems = append(problems, joined.Unwrap()...)
			} else {
				problems = append(problems, err)
			}
			continue
		}
		pages = append(pages, pg)
	}
	if len(problems) > 0 {
		return nil, errors.Join(problems...)
	}
	sort.SliceStable(pages, func(i, j int) bool {
		return pages[i].HTMLPath == "index.html" && pages[j].HTMLPath != "index.html"
	})
	return pages, nil
}

// prepare makes the figures, charts and tables the pages show, and what
// changed since base: independent of each other, so on all cores.
func (sd *siteData) prepare(base *Results) error {
	p := sd.Public
	if p.Judged != nil {
		sd.Judged, sd.Diagnostic = judgedTables(p), diagnosticTables(p)
	}
	var charts []chart
	err := parallel.For(4, func(i int) error {
		switch i {
		case 0:
			sd.Spreads = figures.Of(p)
			sd.Repeats = buildRepeatsView(p.Repeats)
			sd.Pairs = buildPairsView(p)
			sd.Measures = measureRows(p)
			sd.Chances = map[string]*figures.Chance{}
			for _, h := range p.Hypotheses {
				if c := figures.ChanceOf(h); c != nil {
					sd.Chances[h.ID] = c
				}
			}
		case 1:
			heatmap := func(p *public.Public) (chart, error) { return runsHeatmap(p, sd.crit) }
			for _, mk := range []func(*public.Public) (chart, error){heatmap, overlapBars, failBars} {
				c, err := mk(p)
				if err != nil {
					return err
				}
				charts = append(charts, c)
			}
			sd.Sens = computeSensitivity(p, sd.crit)
			for _, byRun := range []bool{true, false} {
				c, err := sensitivityLines(p, sd.Sens, byRun)
				if err != nil {
					return err
				}
				charts = append(charts, c)
			}
		case 2:
			sd.Grid, sd.Rules = buildGrid(p), buildRuleTable(p, sd.crit)
			sd.Totals, sd.Gates, sd.CriterionColumns = totals(p, sd.crit), gateSummaries(p, sd.crit), criterionColumns(sd.crit)
			sd.Scorecard = buildScorecard(p, sd.crit)
		case 3:
			sd.Changes = changesSince(p, sd.crit, base)
			sd.Baselined = base != nil
			if sd.Baselined {
				sd.Compared = compareBuilds(p, sd.crit, base, sd.Changes)
			}
		}
		return nil
	})
	for _, c := range charts {
		sd.Charts[c.ID] = c
	}
	return err
}
