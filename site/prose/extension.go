// Package prose lets a markdown document state facts about the data without
// typing them: placeholders quote values, expressions count and compare
// over filtered cells, conditionals choose the sentence the data supports,
// and claims fail the build when they no longer hold.
//
// Placeholders are found by a goldmark extension, an inline parser
// triggered by "{" with its own AST node, so that code is left alone
// exactly where goldmark sees code: fenced and indented blocks, in lists
// and block quotes, and code spans. An AST pass then evaluates them over
// the public view, applies the conditionals, checks the claims and turns a
// lone block placeholder ("{{summary}}") into a block node.
package prose

import (
	"bytes"
	"fmt"
	"html"
	"strings"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	east "github.com/yuin/goldmark/extension/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/renderer"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"

	"github.com/evalpress/evalpress/redact/public"
	"github.com/evalpress/evalpress/reports/criteria"
)

// KindPlaceholder is the node kind of a placeholder.
var KindPlaceholder = ast.NewNodeKind("Placeholder")

// KindBlock is the node kind of a block placeholder.
var KindBlock = ast.NewNodeKind("PlaceholderBlock")

// Placeholder is a "{{...}}" in a document's text.
type Placeholder struct {
	ast.BaseInline
	Inner      string // the text between the braces
	Start, End int    // source offsets of "{{" and after "}}"
	Value      string // what it renders as, once evaluated
}

// Kind implements ast.Node.
func (n *Placeholder) Kind() ast.NodeKind { return KindPlaceholder }

// Dump implements ast.Node.
func (n *Placeholder) Dump(source []byte, level int) {
	ast.DumpHelper(n, source, level, map[string]string{"Inner": n.Inner}, nil)
}

// Block is a block placeholder standing alone in its paragraph.
type Block struct {
	ast.BaseBlock
	Name  string
	Index int // its place among the document's blocks
}

// Kind implements ast.Node.
func (n *Block) Kind() ast.NodeKind { return KindBlock }

// Dump implements ast.Node.
func (n *Block) Dump(source []byte, level int) {
	ast.DumpHelper(n, source, level, map[string]string{"Name": n.Name}, nil)
}

// BlockMarker is the HTML a block placeholder renders as, for the site to
// replace with the block.
func BlockMarker(i int) string { return fmt.Sprintf("<p>EVALPRESSBLOCK%d</p>", i) }

// placeholderParser finds placeholders in inline text.
type placeholderParser struct{}

func (placeholderParser) Trigger() []byte { return []byte{'{'} }

func (placeholderParser) Parse(parent ast.Node, block text.Reader, pc parser.Context) ast.Node {
	line, seg := block.PeekLine()
	if !bytes.HasPrefix(line, []byte("{{")) {
		return nil
	}
	end := closing(line)
	if end < 0 {
		n := &Placeholder{Start: seg.Start, End: seg.Start + 2}
		n.Value = unclosedMarker
		block.Advance(2)
		return n
	}
	n := &Placeholder{Inner: string(line[2:end]), Start: seg.Start, End: seg.Start + end + 2}
	block.Advance(end + 2)
	return n
}

// unclosedMarker marks a "{{" with no "}}" on its line.
const unclosedMarker = "\x00unclosed"

// closing returns the index of the "}}" that closes line's "{{", outside
// quotes, or -1.
func closing(line []byte) int {
	quoted := false
	for i := 2; i+1 < len(line); i++ {
		switch {
		case line[i] == '"':
			quoted = !quoted
		case line[i] == '\\' && quoted:
			i++
		case !quoted && line[i] == '}' && line[i+1] == '}':
			return i
		}
	}
	return -1
}

type renderers struct{}

func (renderers) RegisterFuncs(reg renderer.NodeRendererFuncRegisterer) {
	reg.Register(KindPlaceholder, func(w util.BufWriter, _ []byte, n ast.Node, entering bool) (ast.WalkStatus, error) {
		if entering {
			_, _ = w.WriteString(html.EscapeString(n.(*Placeholder).Value))
		}
		return ast.WalkSkipChildren, nil
	})
	reg.Register(KindBlock, func(w util.BufWriter, _ []byte, n ast.Node, entering bool) (ast.WalkStatus, error) {
		if entering {
			_, _ = w.WriteString(BlockMarker(n.(*Block).Index) + "\n")
		}
		return ast.WalkSkipChildren, nil
	})
}

// Problem is a placeholder that cannot be used, at a source offset.
type Problem struct {
	Offset int
	Msg    string
	// Eval marks a placeholder that parsed but could not be evaluated
	// over the view (an unknown field, criterion or judge): a problem of
	// the data it names, where the others are of the document's syntax.
	Eval bool
}

// Claim is a claim that did not hold.
type Claim struct {
	Offset    int
	Condition string
	Values    []string // the value of every function in the condition
	// None is set when a function of the condition had no value (n/a).
	None bool
}

// Doc is the outcome of the extension on one document: the blocks it
// places, its problems and false claims, and the edits that turn its
// source into the markdown a reader downloads.
type Doc struct {
	Blocks   []string
	Problems []Problem
	Claims   []Claim
	// Untaken are the nodes of the branches not taken, removed from the
	// document in source order: a page still checks what must hold in
	// every branch (its links), so that a rebuild at other thresholds does
	// not find a broken one.
	Untaken []ast.Node
	edits   []edit
	// dropped are the source's raw HTML, which the page omits: the
	// download omits it too (Drop).
	dropped []edit
}

// edit replaces source[start:end] with text in the downloaded markdown.
type edit struct {
	start, end int
	text       string
	block      string // a block placeholder's name: text comes from the caller
}

// Extension is the goldmark extension for one document over one view.
type Extension struct {
	// BlockNames are the block placeholders the site renders.
	BlockNames map[string]bool
	p          *public.Public
	crit       criteria.Set
	doc        *Doc
}

// New returns the extension for one document of p, whose verdicts crit's
// criteria decided; its outcome fills doc.
func New(p *public.Public, crit criteria.Set, blockNames map[string]bool, doc *Doc) *Extension {
	return &Extension{BlockNames: blockNames, p: p, crit: crit, doc: doc}
}

// Extend implements goldmark.Extender.
func (e *Extension) Extend(m goldmark.Markdown) {
	m.Parser().AddOptions(
		parser.WithInlineParsers(util.Prioritized(placeholderParser{}, 500)),
		parser.WithASTTransformers(util.Prioritized(e, 50), util.Prioritized(footnotePass{}, 1000)),
	)
	m.Renderer().AddOptions(renderer.WithNodeRenderers(util.Prioritized(renderers{}, 500)))
}

// Transform implements parser.ASTTransformer: it evaluates the
// placeholders, applies the conditionals and checks the claims.
func (e *Extension) Transform(doc *ast.Document, reader text.Reader, _ parser.Context) {
	t := &transform{Extension: e, source: reader.Source(), ev: &evaluator{p: e.p, crit: e.crit}}
	t.process(doc, true)
}

// footnotePass runs after goldmark's footnote pass (priority 999), which
// lists the footnotes once the conditionals have removed some references.
type footnotePass struct{}

func (footnotePass) Transform(doc *ast.Document, _ text.Reader, _ parser.Context) {
	dropOrphanFootnotes(doc)
}

// dropOrphanFootnotes removes the footnotes whose every reference was in a
// branch not taken, and the list when none is left.
func dropOrphanFootnotes(doc *ast.Document) {
	referenced := map[int]bool{}
	var lists []ast.Node
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		switch n := n.(type) {
		case *east.FootnoteLink:
			referenced[n.Index] = true
		case *east.FootnoteList:
			lists = append(lists, n)
			return ast.WalkSkipChildren, nil
		}
		return ast.WalkContinue, nil
	})
	for _, list := range lists {
		for c := list.FirstChild(); c != nil; {
			next := c.NextSibling()
			if fn, ok := c.(*east.Footnote); ok && !referenced[fn.Index] {
				list.RemoveChild(list, c)
			}
			c = next
		}
		if list.ChildCount() == 0 {
			list.Parent().RemoveChild(list.Parent(), list)
		}
	}
}

type transform struct {
	*Extension
	source []byte
	ev     *evaluator
}

// directive kinds.
const (
	dirIf    = "if"
	dirElif  = "elif"
	dirElse  = "else"
	dirEnd   = "end"
	dirClaim = "claim"
)

// split returns a placeholder's directive and the rest of its text.
func split(inner string) (dir, rest string, restCol int) {
	s := strings.TrimLeft(inner, " \t")
	lead := len(inner) - len(s)
	word := s
	if i := strings.IndexAny(s, " \t("); i >= 0 {
		word = s[:i]
	}
	switch word {
	case dirIf, dirElif, dirElse, dirEnd, dirClaim:
		return word, s[len(word):], lead + len(word) + 1
	}
	return "", inner, 1
}

// frame is an open conditional.
type frame struct {
	start   *Placeholder
	block   bool   // written as block paragraphs
	spans   []span // the directives' spans so far
	chosen  int    // the branch taken (index into spans), -1 none yet
	active  bool   // the current branch is taken
	elseSet bool
}

type span struct{ start, end int }

// branch opens the conditional's next branch at directive sp: it is taken
// when no branch was and its condition holds.
func (f *frame) branch(sp span, holds bool) {
	f.spans = append(f.spans, sp)
	f.active = f.chosen < 0 && holds
	if f.active {
		f.chosen = len(f.spans) - 1
	}
}

func (t *transform) problem(offset int, format string, args ...any) {
	t.doc.Problems = append(t.doc.Problems, Problem{Offset: offset, Msg: fmt.Sprintf(format, args...)})
}

// loneDirective returns the directive, claim or block placeholder a
// paragraph consists of alone.
func (t *transform) loneDirective(n ast.Node) *Placeholder {
	if n.Kind() != ast.KindParagraph && n.Kind() != ast.KindTextBlock {
		return nil
	}
	var found *Placeholder
	for c := n.FirstChild(); c != nil; c = c.NextSibling() {
		if p, ok := c.(*Placeholder); ok && found == nil {
			found = p
			continue
		}
		if txt, ok := c.(*ast.Text); ok && len(bytes.TrimSpace(txt.Segment.Value(t.source))) == 0 {
			continue
		}
		return nil
	}
	if found == nil {
		return nil
	}
	if dir, _, _ := split(found.Inner); dir == "" && !t.BlockNames[strings.Join(strings.Fields(found.Inner), " ")] {
		return nil
	}
	return found
}

// lineSpan widens a block's span to whole lines, so that a block quote's
// or list's markers on those lines go with it.
func (t *transform) lineSpan(n ast.Node) span {
	lines := n.Lines()
	if lines.Len() == 0 {
		return span{}
	}
	start, end := lines.At(0).Start, lines.At(lines.Len()-1).Stop
	for start > 0 && t.source[start-1] != '\n' {
		start--
	}
	for end < len(t.source) && t.source[end-1] != '\n' {
		end++
	}
	// The blank line after goes too (in a quote, a line of ">").
	if next := bytes.IndexByte(t.source[end:], '\n'); next >= 0 && len(bytes.Trim(t.source[end:end+next], " \t>")) == 0 {
		end += next + 1
	}
	return span{start, end}
}

// process applies the placeholders among parent's children; active is
// false inside a branch not taken (there placeholders are checked but
// claims are not).
func (t *transform) process(parent ast.Node, active bool) {
	var stack []*frame
	isActive := func() bool {
		for _, f := range stack {
			if !f.active {
				return false
			}
		}
		return active
	}
	for child := parent.FirstChild(); child != nil; {
		next := child.NextSibling()
		ph, _ := child.(*Placeholder)
		isBlock := false
		if ph == nil {
			if ph = t.loneDirective(child); ph != nil {
				isBlock = true
			}
		}
		if ph == nil {
			t.process(child, isActive())
			// A node of a branch not taken goes, whole, and is kept for the
			// checks of every branch; inside it (active false) nothing
			// needs removing.
			if !isActive() && active {
				parent.RemoveChild(parent, child)
				t.doc.Untaken = append(t.doc.Untaken, child)
			}
			child = next
			continue
		}
		sp := span{ph.Start, ph.End}
		if isBlock {
			sp = t.lineSpan(child)
		}
		if ph.Value == unclosedMarker {
			t.problem(ph.Start, "placeholder \"{{\" is not closed by \"}}\" on its line")
			child = next
			continue
		}
		dir, rest, restCol := split(ph.Inner)
		switch dir {
		case dirIf, dirElif:
			var ok bool
			if e := t.parse(ph, rest, restCol); e != nil {
				t.ev.trace, t.ev.none = nil, false
				v, err := t.ev.condition(e, dir)
				ok = v
				if err != nil {
					t.evalProblem(ph, err, restCol)
				}
			}
			if dir == dirIf {
				f := &frame{start: ph, block: isBlock, chosen: -1}
				f.branch(sp, ok)
				stack = append(stack, f)
				break
			}
			f := t.top(stack, ph, dir)
			if f == nil {
				break
			}
			if f.elseSet {
				t.problem(ph.Start, "{{elif}} after {{else}}")
			}
			f.branch(sp, ok)
		case dirElse:
			f := t.top(stack, ph, dir)
			if f == nil {
				break
			}
			if strings.TrimSpace(rest) != "" {
				t.problem(ph.Start, "{{else}} takes no condition; write {{elif ...}}")
			}
			f.elseSet = true
			f.branch(sp, true)
		case dirEnd:
			f := t.top(stack, ph, dir)
			if f == nil {
				break
			}
			if strings.TrimSpace(rest) != "" {
				t.problem(ph.Start, "{{end}} takes nothing after it")
			}
			f.spans = append(f.spans, sp)
			t.closeFrame(f)
			stack = stack[:len(stack)-1]
		case dirClaim:
			if e := t.parse(ph, rest, restCol); e != nil {
				t.ev.trace, t.ev.none = nil, false
				ok, err := t.ev.condition(e, "claim")
				switch {
				case err != nil:
					t.evalProblem(ph, err, restCol)
				case !ok && isActive():
					t.doc.Claims = append(t.doc.Claims, Claim{Offset: ph.Start, Condition: strings.TrimSpace(rest), Values: t.ev.trace, None: t.ev.none})
				}
			}
			t.doc.edits = append(t.doc.edits, edit{start: sp.start, end: sp.end})
		default:
			name := strings.Join(strings.Fields(ph.Inner), " ")
			if t.BlockNames[name] {
				if !isBlock || parent.Kind() != ast.KindDocument {
					t.problem(ph.Start, "block placeholder {{%s}} must stand alone, with a blank line before and after, outside lists and quotes", name)
					break
				}
				if isActive() {
					b := &Block{Name: name, Index: len(t.doc.Blocks)}
					t.doc.Blocks = append(t.doc.Blocks, name)
					parent.ReplaceChild(parent, child, b)
					t.doc.edits = append(t.doc.edits, edit{start: sp.start, end: sp.end, block: name})
					child = next
					continue
				}
				break
			}
			if e := t.parse(ph, ph.Inner, 1); e != nil {
				t.ev.trace, t.ev.none = nil, false
				v, err := t.ev.eval(e)
				switch {
				case err != nil:
					t.evalProblem(ph, err, 1)
				case v.Kind == Bool:
					t.problem(ph.Start, "{{%s}} is a condition and shows nothing; use it in {{if ...}} or {{claim ...}}", strings.TrimSpace(ph.Inner))
				default:
					ph.Value = v.String()
					t.doc.edits = append(t.doc.edits, edit{start: ph.Start, end: ph.End, text: ph.Value})
				}
			}
			if !isActive() {
				parent.RemoveChild(parent, child)
			}
			child = next
			continue
		}
		// A directive or claim renders nothing.
		parent.RemoveChild(parent, child)
		child = next
	}
	for _, f := range stack {
		t.problem(f.start.Start, "{{if}} is not closed by {{end}}%s", closeHint(f, parent))
	}
	if parent.Kind() == ast.KindParagraph && parent.ChildCount() == 0 && parent.Parent() != nil {
		parent.Parent().RemoveChild(parent.Parent(), parent)
	}
}

func closeHint(f *frame, parent ast.Node) string {
	if f.block {
		return " in the same list item, quote or document"
	}
	return " in the same paragraph (a block {{if}} stands alone in its own paragraph)"
}

// top returns the innermost open conditional, or reports a stray directive.
func (t *transform) top(stack []*frame, ph *Placeholder, dir string) *frame {
	if len(stack) == 0 {
		t.problem(ph.Start, "{{%s}} without an {{if}} before it in the same paragraph, list item or quote", dir)
		return nil
	}
	return stack[len(stack)-1]
}

// closeFrame records the download's edits of a closed conditional: the
// directives go, and so do the branches not taken.
func (t *transform) closeFrame(f *frame) {
	last := f.spans[len(f.spans)-1]
	if f.chosen < 0 {
		t.doc.edits = append(t.doc.edits, edit{start: f.spans[0].start, end: last.end})
		return
	}
	t.doc.edits = append(t.doc.edits,
		edit{start: f.spans[0].start, end: f.spans[f.chosen].end},
		edit{start: f.spans[f.chosen+1].start, end: last.end})
}

// parse parses an expression of ph, reporting a syntax error.
func (t *transform) parse(ph *Placeholder, s string, col int) expr {
	if strings.TrimSpace(s) == "" {
		t.problem(ph.Start, "{{%s}} needs a condition", strings.TrimSpace(ph.Inner))
		return nil
	}
	e, err := parseExpr(s)
	if err != nil {
		t.evalProblem(ph, err, col)
		return nil
	}
	return e
}

// evalProblem reports err at its column inside ph.
func (t *transform) evalProblem(ph *Placeholder, err error, restCol int) {
	col, eval := 1, false
	switch e := err.(type) {
	case *SyntaxError:
		col = e.Col
	case *EvalError:
		col, eval = e.Col, true
	}
	t.doc.Problems = append(t.doc.Problems, Problem{Offset: ph.Start + 2 + restCol - 1 + col - 1, Msg: fmt.Sprintf("{{%s}}: %v", strings.TrimSpace(ph.Inner), err), Eval: eval})
}
