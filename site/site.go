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
	"fmt"
	"html/template"
	"io/fs"
	"maps"
	"slices"
	"strings"
	"sync"
	"unsafe"

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
	// Tool names the evalpress that renders, for the method page.
	Tool string
	// Evidence is the method page's reference script and differential
	// evidence; nil shows neither.
	Evidence *MethodEvidence
	// Releases are the site's releases, oldest first: the earlier ones,
	// and last the one this build makes (Results nil), if it makes one.
	Releases []Release
	// ReleaseHere, when set, renders the copy of the site kept as this
	// release (releases/NAME/): its releases page links from there.
	ReleaseHere string
	// Emit, when set, receives every file as soon as it is made, from any
	// goroutine (a sitewrite.Writer's Add): writing overlaps rendering.
	// Output.Files then keeps only each file's path.
	Emit func(File)
	// Criteria are the criteria that decided the view's verdicts, which
	// state its outcomes on the pages; empty for criteria.Default's.
	Criteria criteria.Set

	// partial is set by CheckDocuments.
	partial bool
}

// criteria returns the criteria of the build: Criteria, or Default's.
func (o Options) criteria() criteria.Set {
	return o.Criteria.OrDefault()
}

// A File is one file of a site on its way to the disk (Options.Emit).
type File struct {
	Path string // slash-separated, relative to the site
	Data []byte
}

// Output is a rendered site: file paths (slash-separated) and contents.
type Output struct {
	// Files holds each file's contents by path; nil for a file handed to
	// Options.Emit, which holds it from then on: a site's pages (65 MB for
	// the bench's 2,700 cells) are not all kept in memory to the end.
	Files map[string][]byte
	Pages int
	// Results is what data/results.json holds.
	Results Results
	// NewEvaluation is true when the baseline was of another evaluation
	// (no writer, or no section, in common): nothing was compared.
	NewEvaluation bool
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
	TOC      []tocEntry   // "On this page", from the body's headings (pageTOC)
	Fixture  *fixturePage // a fixture's text's page: what each judge returned
}

type siteData struct {
	crit      criteria.Set
	Title     string
	Tool      string // the evalpress that made the site (Options.Tool)
	Evidence  *MethodEvidence
	Nav       []navItem
	Public    *public.Public
	Internal  bool
	Charts    map[string]chart
	Sens      sensitivity
	Changes   []Change
	Baselined bool
	// NewEvaluation: the earlier build was of another evaluation.
	NewEvaluation bool
	Compared      comparison
	// Releases are the releases page's; nil when the site has none.
	Releases *releasesData
	// ReleaseHere names the release whose copy this is; "" for the top.
	ReleaseHere string // what the changes page says of the baseline
	Grid        gridTable
	Rules       ruleTable
	// Totals are each measured quality criterion's FAILs per writer;
	// Gates the gates' summary lines; CriterionColumns the headings of the
	// columns of the criteria but the headline in the table of every cell.
	Totals           []criterionTotals
	Gates            []gateSummary
	CriterionColumns []criterionColumn
	Spreads          figures.Spreads
	// Repeats are the results over runs and episodes; nil with one run
	// of one episode.
	Repeats *repeatsView
	// Measures are each writer's C5 measures when C5 is a measurement
	// only ([c5] mode = "measure"); nil otherwise.
	Measures []measureRow
	// Pairs are writer against writer; nil with fewer than two writers.
	Pairs *pairsView
	// Scorecard is the home page's table of every writer under every
	// criterion.
	Scorecard scorecard
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
	return resultRows(sd.crit, sd.Public.Cells)
}

// resultRows returns the results table's rows of cells.
func resultRows(crit criteria.Set, cells []public.Cell) []cellRow {
	rows := make([]cellRow, len(cells))
	for i, c := range cells {
		rows[i] = newRow(crit, c, "")
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
	rows, _ := sd.rows.get(root, func() (template.HTML, error) { return resultRowsHTML(sd.Results(), root, sd.Public.C5Measure), nil })
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
	// Bridged and Stripped say whether the texts show a bridge or a
	// stripped mandated phrase: the legend's key explains what they show.
	Bridged, Stripped bool
	// Checks state each rule's outcome with its numbers.
	Checks []criteria.Check
	// JudgedHTML is the cell's judged verdicts with each judge's status
	// (judgedCellHTML); empty without any.
	JudgedHTML         template.HTML
	Prev, Next         string
	PrevName, NextName string // "Model 1, ACT 2"
}

func newRow(crit criteria.Set, c public.Cell, root string) cellRow {
	r := cellRow{Cell: c, OverlapPct: overlapText(c), Verdict: verdictWord(c), Rules: failedRuleWords(crit, c), Anchor: "cell-" + c.Slug,
		Others: criterionCells(crit, c)}
	if p := cellPath(c); p != "" {
		r.Page = root + p
	}
	return r
}

var funcs = template.FuncMap{
	"pct":         percent,
	"setting":     sharePercent,
	"lower":       strings.ToLower,
	"add":         func(a, b int) int { return a + b },
	"highlight":   highlightGo,
	"highlightJS": highlightJS,
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
	"driftwords":      driftWords,
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

// newRenderer returns the function that renders a page: the template name
// with data, inside the layout. label names the templates in its errors;
// when ctx is done, it makes nothing more. framed: the layout is the
// built-in one, whose cell pages are made in a frame (cellFrame).
func newRenderer(ctx context.Context, tmpl *template.Template, label string, framed bool) func(name string, data *pageData) ([]byte, error) {
	navs := &htmlCache{}
	var frameOnce sync.Once
	var frame *cellFrame
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
		if data.Cell != nil && framed {
			frameOnce.Do(func() { frame = makeCellFrame(tmpl, data) })
			if frame != nil {
				return frame.page(data.Title, body.Bytes()), nil
			}
		}
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
		cp := &cellPage{Row: newRow(sd.crit, c, "../"), Checks: checks(sd.crit, c),
			SectionHTML: textHTML(c.SectionText, c.Runs, "s"), ExampleHTML: textHTML(c.ExampleText, c.Runs, "e"), DiffHTML: diffHTML(c.Diff),
			SectionMap: minimapHTML(c.Runs, c.SectionText.Words, "s"), ExampleMap: minimapHTML(c.Runs, c.ExampleText.Words, "e"),
			LegendHTML: legendHTML(c.Runs), RunRowsHTML: runRowsHTML(c.Runs, !sd.Internal), JudgedHTML: judgedCellHTML(c, p, sd.crit, "../"),
			Bridged:  hasSegment(public.SegBridge, c.SectionText, c.ExampleText),
			Stripped: hasSegment(public.SegStripped, c.SectionText, c.ExampleText)}
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
		if emit != nil {
			emit(File{Path: file, Data: page})
		} else {
			pages[k] = page
		}
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
func checks(crit criteria.Set, c public.Cell) []criteria.Check {
	var out []criteria.Check
	for _, o := range c.Outcomes {
		if cr := crit.Lookup(o.Criterion); cr != nil && !cr.Judged {
			out = append(out, cr.Checks(o)...)
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
	var note string
	if len(now) > 0 {
		note = fmt.Sprintf("Verdicts here use %s; the registered thresholds are %s.", joinAnd(now), joinAnd(then))
	}
	// Without registered thresholds, a change is stated against the
	// config file's own values.
	now, then = nil, nil
	for _, d := range p.SetChanges {
		now = append(now, fmt.Sprintf(d.Now.Now, d.Now.Text()))
		then = append(then, fmt.Sprintf(d.Registered.Then, d.Registered.Text()))
	}
	if len(now) > 0 {
		note = strings.TrimSpace(note + fmt.Sprintf(" Verdicts here use %s, set for this build; the config file sets %s, and no registered thresholds are declared for them.",
			joinAnd(now), joinAnd(then)))
	}
	return note
}

// joinAnd joins "a", "b" and "c" as "a, b and c".
func joinAnd(items []string) string {
	if len(items) == 1 {
		return items[0]
	}
	return strings.Join(items[:len(items)-1], ", ") + " and " + items[len(items)-1]
}
