// Package site renders a public view into the files of a static site: the
// artifact's documents, the C5 results with their charts and downloads, a
// run view per cell, the method page and the change record.
//
// It sees nothing but a *public.View: it cannot import the private findings,
// and a test holds it to that. Rendering is pure: it hands each file it
// makes to Options.Emit; writing them is the sitewrite package's, and the
// leak scan the pipeline's.
package site

import (
	"bytes"
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
	"unsafe"

	"github.com/evalpress/evalpress/config/audience"
	"github.com/evalpress/evalpress/internal/diag"
	"github.com/evalpress/evalpress/internal/parallel"
	"github.com/evalpress/evalpress/redact/public"
	"github.com/evalpress/evalpress/reports/criteria"
	"github.com/evalpress/evalpress/site/figures"
)

// Options are the inputs of Render besides the view.
type Options struct {
	// Context stops rendering when it is done: Render returns its error.
	// nil renders to the end.
	Context   context.Context
	Templates fs.FS // *.html templates
	// TemplateOverride, when set, holds templates that replace built-in ones
	// of the same name (a templates/ folder beside config.toml).
	TemplateOverride fs.FS
	Assets           fs.FS // style.css, site.js, vendor/...
	// TemplatesLabel names the templates' folder in error messages.
	TemplatesLabel string
	// ContentLabel names the content folder in error messages.
	ContentLabel string
	// Files are the content folder's other files (images), copied as they are.
	Files map[string][]byte
	// Baseline is an earlier build's results, to record what changed.
	Baseline *Results
	// Emit, when set, receives every file as soon as it is made, from any
	// goroutine (a sitewrite.Writer's Add): writing overlaps rendering.
	Emit func(File)
}

// A File is one file of a site on its way to the disk (Options.Emit).
type File struct {
	Path string // slash-separated, relative to the site
	Data []byte
}

// Output is a rendered site: file paths (slash-separated) and contents.
type Output struct {
	Files map[string][]byte
	Pages int
	// Results is what data/results.json holds.
	Results Results
}

// Paths returns the output's file paths, sorted.
func (o *Output) Paths() []string { return slices.Sorted(maps.Keys(o.Files)) }

type navItem struct {
	Title, Path string
}

// pageData is what every page template receives.
type pageData struct {
	Site     *siteData
	Root     string // relative prefix to the site root: "" or "../"
	Path     string // the page's own path
	Title    string
	Body     template.HTML
	Nav      template.HTML // the navigation's items, from the "nav" template
	Download string        // the document's markdown, for documents
	Verdicts bool          // the page shows verdicts: it carries the threshold note
	Cell     *cellPage
	Cells    []cellRow
	TOC      []tocEntry // "On this page", from the body's headings (pageTOC)
}

type siteData struct {
	Title     string
	Nav       []navItem
	Public    *public.Public
	Internal  bool
	Charts    map[string]chart
	Sens      sensitivity
	Changes   []Change
	Baselined bool
	Compared  comparison // what the changes page says of the baseline
	HasIndex  bool
	Grid      gridTable
	Rules     ruleTable
	// Totals are each measured quality criterion's FAILs per writer;
	// Gates the gates' summary lines; CriterionColumns the headings of the
	// columns of the criteria but the headline in the table of every cell.
	Totals           []criterionTotals
	Gates            []gateSummary
	CriterionColumns []criterionColumn
	Spreads          figures.Spreads
	// Chances holds each hypothesis's chance figure by ID; absent for a
	// hypothesis that names no writer.
	Chances map[string]*figures.Chance
	// ThresholdNote says how this build's thresholds differ from the
	// registered ones; "" when they do not (or none are registered).
	ThresholdNote string
	Judged        []judgedTable // the judged tier per valid judge; nil when not run
	// Diagnostic are the invalid judges' verdicts, for the judged page's
	// diagnostic section only.
	Diagnostic []diagnosticTable

	rows htmlCache // ResultRows by root
	grid htmlCache // GridRows by root
}

// Results returns the rows of the results table, one per cell, made each
// time it is called (evalpress's own pages use ResultRows).
func (sd *siteData) Results() []cellRow {
	if sd.Public == nil {
		return nil
	}
	return resultRows(sd.Public.Cells)
}

// resultRows returns the results table's rows of cells.
func resultRows(cells []public.Cell) []cellRow {
	rows := make([]cellRow, len(cells))
	for i, c := range cells {
		rows[i] = newRow(c, "")
	}
	return rows
}

// Sections returns the rows of the per-section table, made each time it
// is called (once for each page that shows the table): a large site has
// one for each of its sections.
func (sd *siteData) Sections() []sectionRow {
	if sd.Public == nil {
		return nil
	}
	return buildSectionRows(sd.Public)
}

// ResultRows returns the rows of the results table for a page whose links
// start with root, rendered once for each root (see resultRowsHTML).
func (sd *siteData) ResultRows(root string) template.HTML {
	rows, _ := sd.rows.get(root, func() (template.HTML, error) { return resultRowsHTML(sd.Results(), root), nil })
	return rows
}

// GridRows returns the rows of the grid of sections by writers for a page
// whose links start with root, rendered once for each root (see
// gridRowsHTML).
func (sd *siteData) GridRows(root string) template.HTML {
	rows, _ := sd.grid.get(root, func() (template.HTML, error) { return gridRowsHTML(sd.Grid.Rows(), root), nil })
	return rows
}

type cellRow struct {
	public.Cell
	Page       string
	OverlapPct string
	Verdict    string
	Rules      string
	Anchor     string
	Others     []criterionCell // the criteria's but the headline's, in others() order
}

type cellPage struct {
	Row                      cellRow
	SectionHTML, ExampleHTML template.HTML
	SectionMap, ExampleMap   template.HTML
	DiffHTML                 template.HTML
	LegendHTML, RunRowsHTML  template.HTML
	// Checks state each rule's outcome with its numbers.
	Checks []criteria.Check
	// JudgedHTML is the cell's judged verdicts with each judge's status
	// (judgedCellHTML); empty without any.
	JudgedHTML         template.HTML
	Prev, Next         string
	PrevName, NextName string // "Model 1, ACT 2"
}

func newRow(c public.Cell, root string) cellRow {
	r := cellRow{Cell: c, OverlapPct: overlapText(c), Verdict: verdictWord(c), Rules: joinRules(rules(c)), Anchor: "cell-" + c.Slug,
		Others: criterionCells(c)}
	if p := cellPath(c); p != "" {
		r.Page = root + p
	}
	return r
}

var funcs = template.FuncMap{
	"pct":       percent,
	"setting":   sharePercent,
	"lower":     strings.ToLower,
	"add":       func(a, b int) int { return a + b },
	"highlight": highlightGo,
	"dict": func(kv ...any) (map[string]any, error) {
		if len(kv)%2 != 0 {
			return nil, fmt.Errorf("dict needs key and value pairs")
		}
		m := map[string]any{}
		for i := 0; i < len(kv); i += 2 {
			k, ok := kv[i].(string)
			if !ok {
				return nil, fmt.Errorf("dict key %v is not a string", kv[i])
			}
			m[k] = kv[i+1]
		}
		return m, nil
	},
	"runclass":        runClass,
	"sharepct":        sharePct,
	"plural":          figures.Plural,
	"predictionwords": predictionWords,
	"sentence":        sentence,
	"digest":          digestHTML,
	"withDigests":     withDigests,
}

// htmlCache holds HTML that is the same on many pages, rendered once per
// key: the navigation for each folder depth and current page, the results
// rows for each folder depth. It is safe for concurrent use.
type htmlCache struct {
	mu   sync.Mutex
	html map[string]template.HTML
}

// get returns the HTML for key, rendering it the first time.
func (c *htmlCache) get(key string, render func() (template.HTML, error)) (template.HTML, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if h, ok := c.html[key]; ok {
		return h, nil
	}
	h, err := render()
	if err != nil {
		return "", err
	}
	if c.html == nil {
		c.html = map[string]template.HTML{}
	}
	c.html[key] = h
	return h, nil
}

// navHTML renders the navigation of a page from the "nav" template, once
// for each folder depth and current page: the same for every cell page.
func navHTML(navs *htmlCache, tmpl *template.Template, data *pageData) (template.HTML, error) {
	current := ""
	for _, item := range data.Site.Nav {
		if item.Path == data.Path {
			current = item.Path
		}
	}
	return navs.get(data.Root+"\x00"+current, func() (template.HTML, error) {
		var b strings.Builder
		err := tmpl.ExecuteTemplate(&b, "nav", &pageData{Site: data.Site, Root: data.Root, Path: current})
		return template.HTML(b.String()), err
	})
}

// renderBuffers recycles the buffers pages are rendered in.
var renderBuffers = sync.Pool{New: func() any { return new([2]bytes.Buffer) }}

// maxPooledRender is the most buffer space a page's render returns to
// renderBuffers.
const maxPooledRender = 1 << 20

// Render renders v with opt into an Output.
func Render(v *public.View, opt Options) (*Output, error) {
	if opt.Context == nil {
		opt.Context = context.Background()
	}
	p := v.Public()
	tmpl, err := template.New("").Funcs(funcs).ParseFS(opt.Templates, "*.html")
	if err == nil && opt.TemplateOverride != nil {
		if names, _ := fs.Glob(opt.TemplateOverride, "*.html"); len(names) > 0 {
			tmpl, err = tmpl.ParseFS(opt.TemplateOverride, "*.html")
		}
	}
	if err != nil {
		return nil, &diag.Diagnostic{Severity: diag.Error, File: opt.TemplatesLabel, Message: "template error: " + strings.TrimPrefix(err.Error(), "template: ")}
	}
	out := &Output{Files: map[string][]byte{}}
	sd := &siteData{Title: p.Title, Public: p, Internal: p.Audience == audience.Internal, Charts: map[string]chart{}, ThresholdNote: thresholdNote(p)}

	// Documents first: they define the navigation.
	docs, files := map[string]bool{}, map[string]bool{}
	for _, d := range p.Documents {
		docs[d.Path] = true
	}
	for f := range opt.Files {
		files[f] = true
	}
	var pages []*page
	var problems []error // every false claim of the build, reported at once
	for _, d := range p.Documents {
		pg, claims, err := renderMarkdown(d, path.Join(opt.ContentLabel, d.Path), docs, files, p)
		if err != nil {
			return nil, err
		}
		problems = append(problems, claims...)
		pages = append(pages, pg)
		if pg.HTMLPath == "index.html" {
			sd.HasIndex = true
		}
	}
	if len(problems) > 0 {
		return nil, errors.Join(problems...)
	}
	sort.SliceStable(pages, func(i, j int) bool {
		return pages[i].HTMLPath == "index.html" && pages[j].HTMLPath != "index.html"
	})
	if !sd.HasIndex {
		sd.Nav = append(sd.Nav, navItem{Title: "Overview", Path: "index.html"})
	}
	for _, pg := range pages {
		if strings.Contains(pg.HTMLPath, "/") {
			continue // a document in a subfolder (a fixture's text) is reached by links
		}
		title := pg.Title
		if pg.HTMLPath == "index.html" {
			title = "Overview"
		}
		sd.Nav = append(sd.Nav, navItem{Title: title, Path: pg.HTMLPath})
	}
	sd.Nav = append(sd.Nav, navItem{Title: "C5 results", Path: "results.html"})
	if p.Judged != nil {
		sd.Nav = append(sd.Nav, navItem{Title: "Judged results", Path: "judged.html"})
		sd.Judged = judgedTables(p)
		sd.Diagnostic = diagnosticTables(p)
	}
	sd.Nav = append(sd.Nav, navItem{Title: "Changes", Path: "changes.html"}, navItem{Title: "Method", Path: "method.html"})

	// The figures, charts and tables the pages show are independent of
	// each other: made on all cores.
	var charts []chart
	err = parallel.For(4, func(i int) error {
		switch i {
		case 0:
			sd.Spreads = figures.Of(p)
		case 1:
			for _, mk := range []func(*public.Public) (chart, error){runsHeatmap, overlapBars, failBars} {
				c, err := mk(p)
				if err != nil {
					return err
				}
				charts = append(charts, c)
			}
			sd.Sens = computeSensitivity(p)
			for _, byRun := range []bool{true, false} {
				c, err := sensitivityLines(p, sd.Sens, byRun)
				if err != nil {
					return err
				}
				charts = append(charts, c)
			}
		case 2:
			sd.Grid, sd.Rules = buildGrid(p), buildRuleTable(p)
			sd.Totals, sd.Gates, sd.CriterionColumns = totals(p), gateSummaries(p), criterionColumns()
			sd.Chances = map[string]*figures.Chance{}
			for _, h := range p.Hypotheses {
				if c := figures.ChanceOf(h); c != nil {
					sd.Chances[h.ID] = c
				}
			}
		case 3:
			sd.Changes = computeChanges(p, opt.Baseline)
			judgedFlips := append(judgedChanges(p, opt.Baseline), criteriaChanges(p, opt.Baseline)...)
			sd.Baselined = opt.Baseline != nil
			if sd.Baselined {
				sd.Compared = compareBuilds(p, opt.Baseline, judgedFlips)
			}
			if len(judgedFlips) > 0 {
				sd.Changes = append(sd.Changes, judgedFlips...)
			}
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	for _, c := range charts {
		sd.Charts[c.ID] = c
	}

	render := newRenderer(opt.Context, tmpl, opt.TemplatesLabel)
	emit := func(f File) {
		if opt.Emit != nil {
			opt.Emit(f)
		}
	}
	var outMu sync.Mutex // the other pages are made on several goroutines
	add := func(file string, data []byte) {
		outMu.Lock()
		out.Files[file] = data
		outMu.Unlock()
		emit(File{Path: file, Data: data})
	}
	addPage := func(file, name string, data *pageData) error {
		data.Site, data.Path = sd, file
		data.Root = strings.Repeat("../", strings.Count(file, "/"))
		b, err := render(name, data)
		if err != nil {
			return err
		}
		add(file, b)
		outMu.Lock()
		out.Pages++
		outMu.Unlock()
		return nil
	}

	// The pages other than the cell pages, in the order their errors are
	// reported: the documents, the results, changes and method pages, the
	// results data, the judged page and the assets.
	docPages := func() error {
		for _, pg := range pages {
			blocks, err := renderBlocks(tmpl, pg, sd)
			if err != nil {
				return err
			}
			body := string(pg.Body)
			for i, html := range blocks {
				body = strings.Replace(body, fmt.Sprintf("<p>EVALPRESSBLOCK%d</p>", i), string(html), 1)
			}
			download := "docs/" + pg.Source
			if err := addPage(pg.HTMLPath, "doc.html", &pageData{Title: pg.Title, Body: template.HTML(body), Download: download, Verdicts: pg.Data}); err != nil {
				return err
			}
			add(download, []byte(pg.Markdown))
		}
		if !sd.HasIndex {
			return addPage("index.html", "overview.html", &pageData{Title: "Overview", Verdicts: true})
		}
		return nil
	}
	resultsPage := func() error {
		return addPage("results.html", "results.html", &pageData{Title: "C5 results", Verdicts: true})
	}
	changesAndMethod := func() error {
		if err := addPage("changes.html", "changes.html", &pageData{Title: "What changed", Verdicts: true}); err != nil {
			return err
		}
		return addPage("method.html", "method.html", &pageData{Title: "Method and provenance"})
	}
	resultsData := func() error {
		out.Results = buildResults(p, sd.Changes)
		out.Results.addStatistics(sd.Spreads, sd.Chances)
		results, err := encodeJSON(out.Results)
		if err != nil {
			return err
		}
		add("data/results.json", results)
		csvData, err := resultsCSV(p)
		if err != nil {
			return err
		}
		add("data/results.csv", csvData)
		return nil
	}
	judgedAndAssets := func() error {
		if p.Judged != nil {
			if err := addPage("judged.html", "judged.html", &pageData{Title: "Judged results", Verdicts: true}); err != nil {
				return err
			}
			judgedData, err := judgedCSV(p)
			if err != nil {
				return err
			}
			add("data/judged.csv", judgedData)
		}
		css, err := chromaCSS()
		if err != nil {
			return err
		}
		add("assets/highlight.css", []byte(css))
		if err := fs.WalkDir(opt.Assets, ".", func(name string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() {
				return err
			}
			data, err := fs.ReadFile(opt.Assets, name)
			if err != nil {
				return err
			}
			add("assets/"+name, data)
			return nil
		}); err != nil {
			return fmt.Errorf("failed to copy assets: %w", err)
		}
		return nil
	}
	renderOthers := func() error {
		// The largest files first, so that their leak scans, one file
		// each, start early rather than end the build.
		tasks := []struct {
			order int // in the order of the errors
			make  func() error
		}{{3, resultsData}, {1, resultsPage}, {0, docPages}, {2, changesAndMethod}, {4, judgedAndAssets}}
		errs := make([]error, len(tasks))
		_ = parallel.For(len(tasks), func(i int) error {
			errs[tasks[i].order] = tasks[i].make()
			return nil
		})
		for _, err := range errs {
			if err != nil {
				return err
			}
		}
		return nil
	}
	// The cell pages are most of the work and render on all cores; the
	// other pages meanwhile.
	cells := &Output{Files: map[string][]byte{}}
	cellsDone := make(chan error, 1)
	go func() {
		cellsDone <- renderCells(opt.Context, p, sd, render, cells, emit)
	}()
	if err := renderOthers(); err != nil {
		<-cellsDone
		return nil, err
	}
	if err := <-cellsDone; err != nil {
		return nil, err
	}
	maps.Copy(out.Files, cells.Files) // emitted as they were made
	out.Pages += cells.Pages
	for _, name := range slices.Sorted(maps.Keys(opt.Files)) {
		if _, taken := out.Files[name]; taken {
			return nil, diag.Errorf(path.Join(opt.ContentLabel, name), 0, "this file would replace the page evalpress writes at %s; rename it", name)
		}
	}
	for name, data := range opt.Files {
		add(name, data)
	}
	return out, nil
}

// newRenderer returns the function that renders a page: the template name
// with data, inside the layout. label names the templates in its errors;
// when ctx is done, it makes nothing more.
func newRenderer(ctx context.Context, tmpl *template.Template, label string) func(name string, data *pageData) ([]byte, error) {
	navs := &htmlCache{}
	templateError := func(err error) error {
		return &diag.Diagnostic{Severity: diag.Error, File: label, Message: "template error: " + strings.TrimPrefix(err.Error(), "template: ")}
	}
	return func(name string, data *pageData) ([]byte, error) {
		if err := ctx.Err(); err != nil {
			return nil, err // stopped: nothing more is made
		}
		bufs := renderBuffers.Get().(*[2]bytes.Buffer)
		defer func() {
			// A large page's buffers go with it, not kept for small pages.
			if bufs[0].Cap()+bufs[1].Cap() <= maxPooledRender {
				renderBuffers.Put(bufs)
			}
		}()
		body, full := &bufs[0], &bufs[1]
		body.Reset()
		full.Reset()
		if err := tmpl.ExecuteTemplate(body, name, data); err != nil {
			return nil, templateError(err)
		}
		// The body is read only while the layout runs, before the
		// buffer goes back to the pool: no copy needed.
		data.Body = template.HTML(unsafe.String(unsafe.SliceData(body.Bytes()), body.Len()))
		if data.Cell == nil && data.TOC == nil {
			data.TOC = pageTOC(string(data.Body))
		}
		nav, err := navHTML(navs, tmpl, data)
		if err != nil {
			return nil, templateError(err)
		}
		data.Nav = nav
		err = tmpl.ExecuteTemplate(full, "layout.html", data)
		data.Body = ""
		if err != nil {
			return nil, templateError(err)
		}
		if body.Cap()+full.Cap() > maxPooledRender {
			// A large page takes its buffer rather than a copy of it, which
			// the pool does not get back.
			page := full.Bytes()
			*full = bytes.Buffer{}
			return page, nil
		}
		return bytes.Clone(full.Bytes()), nil
	}
}

// renderBlocks renders a page's block placeholders with the "block" template.
func renderBlocks(tmpl *template.Template, pg *page, sd *siteData) ([]template.HTML, error) {
	var out []template.HTML
	for _, name := range pg.Blocks {
		var b bytes.Buffer
		data := struct {
			Site  *siteData
			Root  string
			Name  string
			Chart chart
		}{Site: sd, Root: strings.Repeat("../", strings.Count(pg.HTMLPath, "/")), Name: name}
		if id, ok := strings.CutPrefix(name, "chart "); ok {
			data.Name = "chart"
			ids := map[string]string{"runs": "chart-runs", "overlap": "chart-overlap", "fails": "chart-fails", "sensitivity": "chart-sens-run"}
			data.Chart = sd.Charts[ids[id]]
		}
		if err := tmpl.ExecuteTemplate(&b, "block."+data.Name, data); err != nil {
			return nil, fmt.Errorf("template error: %w", err)
		}
		out = append(out, template.HTML(b.String()))
	}
	return out, nil
}

// renderCells renders the cell pages on all cores.
func renderCells(ctx context.Context, p *public.Public, sd *siteData, render func(string, *pageData) ([]byte, error), out *Output, emit func(File)) error {
	var withPage []int
	for i, c := range p.Cells {
		if c.RunView && c.SectionText != nil && c.ExampleText != nil {
			withPage = append(withPage, i)
		}
	}
	pages := make([][]byte, len(withPage))
	err := parallel.For(len(withPage), func(k int) error {
		if err := ctx.Err(); err != nil {
			return err
		}
		c := p.Cells[withPage[k]]
		file := cellPath(c)
		cp := &cellPage{Row: newRow(c, "../"), Checks: checks(c),
			SectionHTML: textHTML(c.SectionText, c.Runs, "s"), ExampleHTML: textHTML(c.ExampleText, c.Runs, "e"), DiffHTML: diffHTML(c.Diff),
			SectionMap: minimapHTML(c.Runs, c.SectionText.Words, "s"), ExampleMap: minimapHTML(c.Runs, c.ExampleText.Words, "e"),
			LegendHTML: legendHTML(c.Runs), RunRowsHTML: runRowsHTML(c.Runs, !sd.Internal), JudgedHTML: judgedCellHTML(c, p, "../")}
		if k > 0 {
			prev := p.Cells[withPage[k-1]]
			cp.Prev, cp.PrevName = prev.Slug+".html", prev.Writer+", "+prev.Section
		}
		if k+1 < len(withPage) {
			next := p.Cells[withPage[k+1]]
			cp.Next, cp.NextName = next.Slug+".html", next.Writer+", "+next.Section
		}
		page, err := render("cell.html", &pageData{Site: sd, Path: file, Root: "../", Title: c.Writer + ", " + c.Section, Cell: cp})
		if err != nil {
			return err
		}
		emit(File{Path: file, Data: page})
		pages[k] = page
		return nil
	})
	if err != nil {
		return err
	}
	for k, i := range withPage {
		out.Files[cellPath(p.Cells[i])] = pages[k]
		out.Pages++
	}
	return nil
}

// checks states each rule of the cell's measured outcomes with its
// numbers: the table's criterion first, then the gates.
func checks(c public.Cell) []criteria.Check {
	var out []criteria.Check
	for _, o := range c.Outcomes {
		if cr := criteria.Lookup(o.Criterion); cr != nil && !cr.Judged {
			out = append(out, o.Checks()...)
		}
	}
	return out
}

// thresholdNote says, for every page that shows verdicts, which of the
// build's thresholds differ from the registered ones, in each criterion's
// words for them.
func thresholdNote(p *public.Public) string {
	var now, then []string
	for _, d := range p.Drifts() {
		now = append(now, fmt.Sprintf(d.Now.Now, d.Now.Text()))
		then = append(then, fmt.Sprintf(d.Registered.Then, d.Registered.Text()))
	}
	if len(now) == 0 {
		return ""
	}
	return fmt.Sprintf("Verdicts here use %s; the registered thresholds are %s.", joinAnd(now), joinAnd(then))
}

// joinAnd joins "a", "b" and "c" as "a, b and c".
func joinAnd(items []string) string {
	if len(items) == 1 {
		return items[0]
	}
	return strings.Join(items[:len(items)-1], ", ") + " and " + items[len(items)-1]
}
