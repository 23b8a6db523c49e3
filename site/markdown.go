package site

import (
	"bytes"
	"errors"
	"fmt"
	"html/template"
	"path"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/alecthomas/chroma/v2"
	chromahtml "github.com/alecthomas/chroma/v2/formatters/html"
	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/extension"
	east "github.com/yuin/goldmark/extension/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/renderer"
	gmhtml "github.com/yuin/goldmark/renderer/html"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"

	"github.com/evalpress/evalpress/internal/diag"
	"github.com/evalpress/evalpress/redact/public"
	"github.com/evalpress/evalpress/reports/criteria"
	"github.com/evalpress/evalpress/site/prose"
)

// page is a rendered document.
type page struct {
	Source   string // content path, "01-rubric.md"
	HTMLPath string // "01-rubric.html"
	Title    string
	Body     template.HTML
	TOC      []tocEntry
	Blocks   []string // block placeholders, in order
	Markdown string   // the redacted markdown, offered for download
	Data     bool     // the document quotes or tests computed values
}

type tocEntry struct {
	Level int
	ID    string
	Title string
}

// htmlPathOf maps a content path to its page: index.md and README.md become
// index.html of their folder.
func htmlPathOf(source string) string {
	dir, base := path.Split(source)
	name := strings.TrimSuffix(base, path.Ext(base))
	if strings.EqualFold(name, "readme") || strings.EqualFold(name, "index") || strings.EqualFold(name, "_index") {
		return dir + "index.html"
	}
	return dir + name + ".html"
}

// unicodeIDs generates heading IDs that keep letters of any script
// ("Überblick" -> "überblick"), as Hugo's autoid does, unique per page.
// A repeated heading gets the next free number after its ID ("h-1",
// "h-2"); next remembers where each ID's search stopped, so that n equal
// headings cost n lookups, not n squared.
type unicodeIDs struct {
	used map[string]bool
	next map[string]int
}

func (u *unicodeIDs) Generate(value []byte, _ ast.NodeKind) []byte {
	var b strings.Builder
	dash := false
	for _, r := range strings.ToLower(string(value)) {
		switch {
		case unicode.IsLetter(r) || unicode.IsDigit(r) || r == '_':
			b.WriteRune(r)
			dash = false
		case (unicode.IsSpace(r) || r == '-') && !dash && b.Len() > 0:
			b.WriteByte('-')
			dash = true
		}
	}
	id := strings.Trim(b.String(), "-")
	if id == "" {
		id = "section"
	}
	unique := id
	if u.used[unique] {
		n := max(u.next[id], 1)
		for u.used[id+"-"+strconv.Itoa(n)] {
			n++
		}
		unique, u.next[id] = id+"-"+strconv.Itoa(n), n+1
	}
	u.used[unique] = true
	return []byte(unique)
}

func (u *unicodeIDs) Put(value []byte) { u.used[string(value)] = true }

// linkCheck rewrites relative .md links to their pages and records links that
// point nowhere, leave the site folder, or are absolute paths.
type linkCheck struct {
	doc      string          // content path of the document
	docs     map[string]bool // content paths of all documents
	files    map[string]bool // other content files (images)
	problems []linkProblem
	ids      map[string]bool
	anchors  []anchorRef
	// placed has the branches the conditionals did not take: their links
	// are checked too, their anchors against every heading of the page.
	placed         *prose.Doc
	untakenIDs     map[string]bool
	untakenAnchors []anchorRef
}

// linkProblem is a bad link at a byte offset of the document's source.
type linkProblem struct {
	offset  int
	message string
}

type anchorRef struct {
	id     string
	offset int
}

func (lc *linkCheck) Transform(doc *ast.Document, reader text.Reader, pc parser.Context) {
	source := reader.Source()
	lc.ids = map[string]bool{}
	lc.numberHeadings(doc, source)
	lc.walkLinks(doc, source, func(n *ast.Heading, idText string) ast.WalkStatus {
		lc.ids[idText] = true
		link := ast.NewLink()
		link.Destination = []byte("#" + idText)
		link.SetAttributeString("class", []byte("anchor"))
		link.SetAttributeString("aria-label", []byte("Link to this section"))
		link.AppendChild(link, ast.NewString([]byte("#")))
		n.AppendChild(n, link)
		return ast.WalkSkipChildren
	})
	lc.checkUntaken(source)
}

// walkLinks checks every link and image under node (check), which takes
// its rewritten destination, and hands each heading with an ID to heading,
// which says whether to walk its children.
func (lc *linkCheck) walkLinks(node ast.Node, source []byte, heading func(*ast.Heading, string) ast.WalkStatus) {
	_ = ast.Walk(node, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		switch n := n.(type) {
		case *ast.Heading:
			if id, ok := n.AttributeString("id"); ok {
				return heading(n, string(id.([]byte))), nil
			}
		case *ast.Link:
			n.Destination = lc.check(n, n.Destination, source, false)
		case *ast.Image:
			n.Destination = lc.check(n, n.Destination, source, true)
		}
		return ast.WalkContinue, nil
	})
}

// numberHeadings gives the page's headings their IDs again, in order, from
// the same text the parser made them from: a heading a conditional removed
// no longer takes an ID, so the next heading of the same name keeps the
// one it has when the branch is taken away.
func (lc *linkCheck) numberHeadings(doc *ast.Document, source []byte) {
	ids := &unicodeIDs{used: map[string]bool{}, next: map[string]int{}}
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		h, ok := n.(*ast.Heading)
		if !entering || !ok {
			return ast.WalkContinue, nil
		}
		if _, has := h.AttributeString("id"); has {
			var line []byte
			if last := h.Lines().Len() - 1; last >= 0 {
				seg := h.Lines().At(last)
				line = seg.Value(source)
			}
			h.SetAttribute([]byte("id"), ids.Generate(line, ast.KindHeading))
		}
		return ast.WalkSkipChildren, nil
	})
}

// checkUntaken checks the links of the branches not taken, as the page's
// own: a rebuild that takes them must not meet a broken link. An anchor
// there may point at a heading of any branch.
func (lc *linkCheck) checkUntaken(source []byte) {
	if lc.placed == nil {
		return
	}
	lc.untakenIDs = map[string]bool{}
	main := lc.anchors
	for _, node := range lc.placed.Untaken {
		// Rewriting their destinations is harmless: they are not rendered.
		lc.walkLinks(node, source, func(_ *ast.Heading, id string) ast.WalkStatus {
			lc.untakenIDs[id] = true
			return ast.WalkContinue
		})
	}
	lc.anchors, lc.untakenAnchors = main, lc.anchors[len(main):]
}

// offsetOf returns a source offset inside n's nearest block.
func offsetOf(n ast.Node) int {
	for p := n; p != nil; p = p.Parent() {
		if p.Type() == ast.TypeBlock && p.Lines().Len() > 0 {
			return p.Lines().At(0).Start
		}
	}
	return 0
}

func (lc *linkCheck) check(n ast.Node, dest []byte, source []byte, image bool) []byte {
	d := string(dest)
	at := offsetOf(n)
	if k := bytes.Index(source[at:], dest); k >= 0 {
		at += k
	}
	if d == "" || strings.Contains(d, ":") && !strings.HasPrefix(d, "./") {
		if scheme, _, _ := strings.Cut(d, ":"); strings.EqualFold(strings.TrimSpace(scheme), "data") {
			// A data: URL is a file inside the page (goldmark keeps
			// data:image/png and friends): the leak scan cannot read an
			// image's pixels or a base64 text, and publish.unscanned
			// names files, not URLs.
			lc.problem(at, "link %.40q embeds a file in a data: URL, which the leak scan cannot read; put the file in the content folder and link to it", d)
		}
		return dest // a scheme (https:, mailto:); goldmark drops dangerous ones
	}
	if strings.HasPrefix(d, "#") {
		lc.anchors = append(lc.anchors, anchorRef{id: d[1:], offset: at})
		return dest
	}
	if strings.HasPrefix(d, "/") {
		lc.problem(at, "link %q is an absolute path; use a relative link so the site works from file:// and any host", d)
		return dest
	}
	target, fragment, _ := strings.Cut(d, "#")
	resolved := path.Join(path.Dir(lc.doc), target)
	if resolved == ".." || strings.HasPrefix(resolved, "../") {
		lc.problem(at, "link %q leaves the site folder", d)
		return dest
	}
	switch {
	case strings.HasSuffix(strings.ToLower(target), ".md") && !image:
		if !lc.docs[resolved] {
			lc.problem(at, "link to a missing document %q", target)
			return dest
		}
		rel := relativeTo(htmlPathOf(lc.doc), htmlPathOf(resolved))
		if fragment != "" {
			rel += "#" + fragment
		}
		return []byte(rel)
	case target == "", generatedPages[resolved]:
		return dest
	case !lc.files[resolved] && !lc.docs[resolved]:
		lc.problem(at, "link to a missing file %q", target)
	}
	return dest
}

// generatedPages are the pages and data files evalpress writes besides the
// documents: a document may link to them ("the [C5 results](results.html)").
var generatedPages = map[string]bool{
	"results.html": true, "changes.html": true, "method.html": true,
	"data/results.json": true, "data/results.csv": true, "data/pairs.csv": true,
}

func (lc *linkCheck) problem(offset int, format string, args ...any) {
	lc.problems = append(lc.problems, linkProblem{offset: offset, message: fmt.Sprintf(format, args...)})
}

// relativeTo returns the relative URL from page from to page to.
func relativeTo(from, to string) string {
	depth := strings.Count(from, "/")
	return strings.Repeat("../", depth) + to
}

// codeBlocks renders fenced code with chroma, as spans with CSS classes.
type codeBlocks struct{}

func (codeBlocks) RegisterFuncs(reg renderer.NodeRendererFuncRegisterer) {
	reg.Register(ast.KindFencedCodeBlock, renderFencedCode)
	reg.Register(east.KindTable, renderTable)
	reg.Register(ast.KindCodeSpan, renderCodeSpan)
}

// renderTable writes a document's table as the site's tables are: in a
// region of its own, named by its header, that scrolls sideways when the
// table is wider than the page, and sortable.
func renderTable(w util.BufWriter, source []byte, n ast.Node, entering bool) (ast.WalkStatus, error) {
	if !entering {
		_, _ = w.WriteString("</table>\n</div>\n")
		return ast.WalkContinue, nil
	}
	var names []string
	if head := n.FirstChild(); head != nil && head.Kind() == east.KindTableHeader {
		for c := head.FirstChild(); c != nil; c = c.NextSibling() {
			if t := strings.TrimSpace(nodeText(c, source)); t != "" {
				names = append(names, t)
			}
		}
	}
	label := "Table"
	if len(names) > 0 {
		label = "Table: " + strings.Join(names, ", ")
	}
	_, _ = w.WriteString(`<div class="table-wrap" role="region" tabindex="0" aria-label="`)
	_, _ = w.WriteString(template.HTMLEscapeString(label))
	_, _ = w.WriteString("\">\n<table class=\"doc-table sortable\">\n")
	return ast.WalkContinue, nil
}

// renderCodeSpan writes inline code with a line break allowed after its
// punctuation (a slash, a dot, an underscore, an equals sign...), so that a
// long path or key wraps at its own punctuation, never inside a word.
func renderCodeSpan(w util.BufWriter, source []byte, n ast.Node, entering bool) (ast.WalkStatus, error) {
	if !entering {
		_, _ = w.WriteString("</code>")
		return ast.WalkContinue, nil
	}
	_, _ = w.WriteString("<code>")
	var code strings.Builder
	for c := n.FirstChild(); c != nil; c = c.NextSibling() {
		switch t := c.(type) {
		case *ast.Text:
			code.Write(t.Segment.Value(source))
		case *ast.String:
			code.Write(t.Value)
		}
	}
	_, _ = w.WriteString(breakablePunctuation(code.String()))
	return ast.WalkSkipChildren, nil
}

// breakablePunctuation escapes s for HTML and, in a token longer than a
// short word, allows a line break (<wbr>) after each of its punctuation
// marks that a letter or digit follows.
func breakablePunctuation(s string) string {
	var b strings.Builder
	run := 0 // characters since the last space
	for i, r := range s {
		b.WriteString(template.HTMLEscapeString(string(r)))
		if unicode.IsSpace(r) {
			run = 0
			continue
		}
		run++
		if run < 12 || !strings.ContainsRune("/._=:-,&?#", r) {
			continue
		}
		if next, _ := utf8.DecodeRuneInString(s[i+utf8.RuneLen(r):]); unicode.IsLetter(next) || unicode.IsDigit(next) {
			b.WriteString("<wbr>")
		}
	}
	return b.String()
}

var chromaFormatter = chromahtml.New(chromahtml.WithClasses(true), chromahtml.ClassPrefix("hl-"))

// The highlighting styles are evalpress's own, in the site's colours. Using
// them instead of chroma's style registry keeps that registry, and the time
// it takes to load at every start of the program, out of the binary.
var (
	lightStyle = chroma.MustNewStyle("evalpress-light", chroma.StyleEntries{
		chroma.Background:        "bg:#f6f8fa #1b1f24",
		chroma.Comment:           "italic #57606a",
		chroma.Keyword:           "bold #a0111f",
		chroma.KeywordType:       "#953800",
		chroma.Name:              "#1b1f24",
		chroma.NameFunction:      "#6639ba",
		chroma.NameBuiltin:       "#0550ae",
		chroma.LiteralString:     "#0a3069",
		chroma.LiteralNumber:     "#0550ae",
		chroma.Operator:          "#a0111f",
		chroma.Punctuation:       "#1b1f24",
		chroma.GenericInserted:   "bg:#dafbe1 #116329",
		chroma.GenericDeleted:    "bg:#ffebe9 #82071e",
		chroma.GenericHeading:    "bold #0550ae",
		chroma.GenericSubheading: "bold #57606a",
		chroma.GenericEmph:       "italic",
		chroma.GenericStrong:     "bold",
	})
	darkStyle = chroma.MustNewStyle("evalpress-dark", chroma.StyleEntries{
		chroma.Background:        "bg:#161b22 #e6edf3",
		chroma.Comment:           "italic #9da7b3",
		chroma.Keyword:           "bold #ff7b72",
		chroma.KeywordType:       "#ffa657",
		chroma.Name:              "#e6edf3",
		chroma.NameFunction:      "#d2a8ff",
		chroma.NameBuiltin:       "#79c0ff",
		chroma.LiteralString:     "#a5d6ff",
		chroma.LiteralNumber:     "#79c0ff",
		chroma.Operator:          "#ff7b72",
		chroma.Punctuation:       "#e6edf3",
		chroma.GenericInserted:   "bg:#033a16 #aff5b4",
		chroma.GenericDeleted:    "bg:#67060c #ffdcd7",
		chroma.GenericHeading:    "bold #79c0ff",
		chroma.GenericSubheading: "bold #9da7b3",
		chroma.GenericEmph:       "italic",
		chroma.GenericStrong:     "bold",
	})
)

func renderFencedCode(w util.BufWriter, source []byte, node ast.Node, entering bool) (ast.WalkStatus, error) {
	if !entering {
		return ast.WalkContinue, nil
	}
	n := node.(*ast.FencedCodeBlock)
	var code bytes.Buffer
	for i := 0; i < n.Lines().Len(); i++ {
		seg := n.Lines().At(i)
		code.Write(seg.Value(source))
	}
	if err := highlight(w, string(n.Language(source)), code.String()); err != nil {
		return ast.WalkStop, err
	}
	return ast.WalkSkipChildren, nil
}

// chromaCSS returns the highlighting stylesheet: a light style, and a dark
// one when the system prefers dark.
func chromaCSS() (string, error) {
	var light, dark bytes.Buffer
	if err := chromaFormatter.WriteCSS(&light, lightStyle); err != nil {
		return "", err
	}
	if err := chromaFormatter.WriteCSS(&dark, darkStyle); err != nil {
		return "", err
	}
	return light.String() + "\n@media (prefers-color-scheme: dark) {\n" + dark.String() + "}\n", nil
}

// renderMarkdown renders one redacted document. file names the document in
// error messages. Claims that do not hold come back in claims; the
// placeholders that do not parse and the broken links come back together
// in err (errors.Join), with the claims among them in the order of the
// source: a build reports every problem of every document at once.
func renderMarkdown(doc public.Document, file string, docs, files map[string]bool, p *public.Public, crit criteria.Set) (pg *page, claims []error, err error) {
	return renderDocument(doc, file, docs, files, p, crit, false)
}

// renderDocument is renderMarkdown; partial says that p lacks data its
// inputs would give (CheckDocuments): the placeholders that fail on the
// data and the claims with a value of n/a are not reported, since the data
// they need is missing, not wrong.
func renderDocument(doc public.Document, file string, docs, files map[string]bool, p *public.Public, crit criteria.Set, partial bool) (pg *page, claims []error, err error) {
	placed := &prose.Doc{}
	lc := &linkCheck{doc: doc.Path, docs: docs, files: files, placed: placed}
	md := goldmark.New(
		goldmark.WithExtensions(extension.GFM, extension.Footnote, prose.New(p, crit, blockNames, placed)),
		goldmark.WithParserOptions(
			parser.WithAutoHeadingID(),
			parser.WithASTTransformers(util.Prioritized(lc, 100)),
		),
		goldmark.WithRendererOptions(
			gmhtml.WithXHTML(),
			renderer.WithNodeRenderers(util.Prioritized(codeBlocks{}, 100)),
		),
	)
	ctx := parser.NewContext(parser.WithIDs(&unicodeIDs{used: map[string]bool{}, next: map[string]int{}}))
	source := []byte(doc.Markdown)
	root := md.Parser().Parse(text.NewReader(source), parser.WithContext(ctx))
	if partial {
		placed.Claims = slices.DeleteFunc(placed.Claims, func(c prose.Claim) bool { return c.None })
		placed.Problems = slices.DeleteFunc(placed.Problems, func(p prose.Problem) bool { return p.Eval })
	}
	// Every problem of the document is reported: the claims that do not
	// hold, and, in the order of the source, the placeholders that do not
	// parse and the links that point nowhere (which stop the page).
	type found struct {
		offset int
		err    error
	}
	var broken, falseClaims []found
	for _, c := range placed.Claims {
		line, col := lineCol(source, c.Offset)
		err := &diag.Diagnostic{Severity: diag.Error, File: file, Line: line, Column: col,
			Message: fmt.Sprintf("claim does not hold: %s (%s)", c.Condition, strings.Join(c.Values, ", "))}
		claims = append(claims, err)
		falseClaims = append(falseClaims, found{c.Offset, err})
	}
	for _, pr := range placed.Problems {
		line, col := lineCol(source, pr.Offset)
		broken = append(broken, found{pr.Offset, &diag.Diagnostic{Severity: diag.Error, File: file, Line: line, Column: col, Message: pr.Msg}})
	}
	footnote := func(id string) bool { return strings.HasPrefix(id, "fn:") || strings.HasPrefix(id, "fnref:") }
	for _, a := range lc.anchors {
		if !lc.ids[a.id] && !footnote(a.id) {
			lc.problem(a.offset, "link to a missing anchor %q", "#"+a.id)
		}
	}
	for _, a := range lc.untakenAnchors {
		if !lc.ids[a.id] && !lc.untakenIDs[a.id] && !footnote(a.id) {
			lc.problem(a.offset, "link to a missing anchor %q", "#"+a.id)
		}
	}
	if len(placed.Problems) == 0 { // a placeholder that does not parse leaves no page to check links in
		for _, pr := range lc.problems {
			line, _ := lineCol(source, pr.offset)
			broken = append(broken, found{pr.offset, diag.Errorf(file, line, "%s", pr.message)})
		}
	}
	if len(broken) > 0 {
		// The claims go with them, every problem in the order of the source.
		broken = append(broken, falseClaims...)
		slices.SortStableFunc(broken, func(a, b found) int { return a.offset - b.offset })
		var errs []error
		for _, f := range broken {
			errs = append(errs, f.err)
		}
		return nil, nil, errors.Join(errs...)
	}
	var body bytes.Buffer
	if err := md.Renderer().Render(&body, source, root); err != nil {
		return nil, nil, diag.Errorf(file, 0, "cannot render: %v", err)
	}
	dropRawHTML(root, placed)
	pg = &page{Source: doc.Path, HTMLPath: htmlPathOf(doc.Path), Blocks: placed.Blocks, Data: placed.UsesData(),
		Markdown: placed.Markdown(doc.Markdown, func(name string) string { return blockMarkdown(name, p, crit) })}
	_ = ast.Walk(root, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		h, ok := n.(*ast.Heading)
		if !entering || !ok {
			return ast.WalkContinue, nil
		}
		title := headingText(h, source)
		if h.Level == 1 && pg.Title == "" {
			pg.Title = title
		}
		if id, ok := h.AttributeString("id"); ok && (h.Level == 2 || h.Level == 3) {
			pg.TOC = append(pg.TOC, tocEntry{Level: h.Level, ID: string(id.([]byte)), Title: title})
		}
		return ast.WalkSkipChildren, nil
	})
	if pg.Title == "" {
		pg.Title = strings.TrimSuffix(path.Base(doc.Path), path.Ext(doc.Path))
	}
	pg.Body = template.HTML(body.String())
	return pg, claims, nil
}

// dropRawHTML drops the document's raw HTML, inline and in blocks, from
// its download (prose.Doc.Drop): the page renders none of it, and the
// download says what the page says.
func dropRawHTML(root ast.Node, placed *prose.Doc) {
	_ = ast.Walk(root, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		switch h := n.(type) {
		case *ast.RawHTML:
			for i := 0; i < h.Segments.Len(); i++ {
				seg := h.Segments.At(i)
				placed.Drop(seg.Start, seg.Stop)
			}
		case *ast.HTMLBlock:
			lines := h.Lines()
			for i := 0; i < lines.Len(); i++ {
				seg := lines.At(i)
				placed.Drop(seg.Start, seg.Stop)
			}
			if h.HasClosure() {
				placed.Drop(h.ClosureLine.Start, h.ClosureLine.Stop)
			}
			return ast.WalkSkipChildren, nil
		}
		return ast.WalkContinue, nil
	})
}

// lineCol returns the 1-based line and column (in characters) of a byte
// offset of source.
func lineCol(source []byte, offset int) (line, col int) {
	offset = min(offset, len(source))
	start := bytes.LastIndexByte(source[:offset], '\n') + 1
	return 1 + bytes.Count(source[:offset], []byte("\n")), 1 + utf8.RuneCount(source[start:offset])
}

// headingText returns the plain text of a heading, without the anchor link.
func headingText(h *ast.Heading, source []byte) string {
	var b strings.Builder
	for c := h.FirstChild(); c != nil; c = c.NextSibling() {
		if l, ok := c.(*ast.Link); ok {
			if class, ok := l.AttributeString("class"); ok && string(class.([]byte)) == "anchor" {
				continue
			}
		}
		b.WriteString(nodeText(c, source))
	}
	return strings.TrimSpace(b.String())
}

func nodeText(n ast.Node, source []byte) string {
	switch t := n.(type) {
	case *ast.Text:
		return string(t.Segment.Value(source))
	case *ast.String:
		return string(t.Value)
	case *prose.Placeholder:
		return t.Value
	}
	var b strings.Builder
	for c := n.FirstChild(); c != nil; c = c.NextSibling() {
		b.WriteString(nodeText(c, source))
	}
	return b.String()
}
