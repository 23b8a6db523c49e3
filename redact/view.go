// Package redact is the wall between an evaluation's private findings and its
// public site. It turns findings (real model names, generated texts, mandated
// phrases) into a View that holds only what the audience may see: aliases,
// numbers, verdicts, section names and document prose with private terms
// replaced by visible placeholders, and texts masked word by word unless the
// audience is internal.
//
// A View can only be made by New: its one field is unexported, so the site
// renderer, which accepts nothing but a *View, cannot be handed private data
// by mistake. The leak scan (Scan) is the second wall: it reads the written
// site back and fails the build on any private term or private passage.
package redact

import (
	"fmt"
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/sergi/go-diff/diffmatchpatch"

	"github.com/evalpress/evalpress/config"
	"github.com/evalpress/evalpress/internal/diag"
	"github.com/evalpress/evalpress/internal/parallel"
	"github.com/evalpress/evalpress/reports/c5"
	"github.com/evalpress/evalpress/reports/findings"
	"github.com/evalpress/evalpress/reports/inputs"
)

// View is the public view of an evaluation, the only input of the renderer.
type View struct{ p *Public }

// Public returns the view's contents. The zero View has none.
func (v *View) Public() *Public {
	if v == nil || v.p == nil {
		return &Public{}
	}
	return v.p
}

// Public is what a view holds. Every string in it has been through redaction
// or is a number, an alias, or text evalpress wrote itself.
type Public struct {
	Title           string
	Audience        string // config.Public or config.Internal
	Excerpts        bool
	Thresholds      Thresholds
	Writers         []Writer
	Sections        []string // public section names, in report order
	Cells           []Cell
	Hypotheses      []Hypothesis
	Documents       []Document
	Inputs          []Digest
	MandatedPhrases int
	Source          []SourceFile
}

// Thresholds are the thresholds of the build.
type Thresholds struct {
	MaxRun     int
	MaxOverlap float64
	NGram      int
	MinRun     int // shortest highlighted run
}

// Writer is one writer, by alias.
type Writer struct {
	Alias           string
	Fails, Sections int
}

// Cell is one writer's section.
type Cell struct {
	Index        int
	Writer       string // alias
	Section      string // public section name
	Slug         string // file-name-safe, unique: the cell page is cells/Slug.html
	HasExample   bool
	Words, Run   int
	Shared       int
	Distinct     int
	Overlap      float64
	Variant      int // 1-based index of the worst example variant
	Variants     int
	Fail         bool
	RunFails     bool
	OverlapFails bool
	// Excerpt is the longest run's normalised text, cut at 100 characters as
	// the reference prints it; set only where the audience may see it.
	Excerpt string
	Runs    []Run
	// SectionText and ExampleText lay the two texts out as segments, masked
	// for the public audience; nil without example.
	SectionText *TextView
	ExampleText *TextView
	Diff        []DiffOp
}

// Run is a highlighted shared run. ID 1 is the longest.
type Run struct {
	ID        int
	Words     int
	SectionAt int    // word index in the section
	ExampleAt int    // word index in the example
	Text      string // normalised words; only where permitted
}

// Segment kinds of a laid-out text.
const (
	SegWord     = "w" // a word
	SegGap      = "g" // space between words
	SegBridge   = "b" // punctuation or other characters inside a run
	SegStripped = "m" // a mandated phrase, stripped before measuring
)

// Segment is a piece of a laid-out text.
type Segment struct {
	Kind string
	Run  int    // the run it belongs to, 0 for none
	Text string // the text, or its mask
}

// TextView is a text laid out for the run view.
type TextView struct {
	Segments []Segment
	Words    int
	Masked   bool
}

// DiffOp is one step of the word-level diff from the example to the section.
type DiffOp struct {
	Op   string // "=", "+" (the writer added), "-" (the writer left out)
	Text string
}

// Hypothesis is a pre-registered hypothesis with its verdict.
type Hypothesis struct {
	ID, Registered, Statement string
	Kind, Model               string
	Fails                     *int
	Verdict, Reason, Digest   string
	Registration              Thresholds // thresholds at registration
	Drift                     []string
}

// Document is a markdown document of the artifact, redacted.
type Document struct {
	Path     string // slash-separated, relative to the content folder
	Markdown string
}

// Digest is the SHA-256 of one private input file.
type Digest struct{ File, SHA256 string }

// SourceFile is a file of the measurement's source code.
type SourceFile struct{ Name, Code string }

// Input is what New needs.
type Input struct {
	Config    *config.Config
	Findings  *findings.Findings
	Folder    *inputs.Folder
	Documents []Document // unredacted
	Source    []SourceFile
}

// PrivateTerms lists every private term of a folder: each script heading,
// each mandated phrase and each line of redact.txt.
func PrivateTerms(folder *inputs.Folder) []PrivateTerm {
	var out []PrivateTerm
	for _, s := range folder.ScriptOrder() {
		line := 0
		for _, sec := range folder.Sections {
			if sec.Script == s {
				line = sec.ScriptLine
				break
			}
		}
		out = append(out, PrivateTerm{Text: s, Kind: KindModel, Source: fmt.Sprintf("%s:%d", inputs.SectionsFile, line)})
	}
	for _, p := range folder.Phrases {
		out = append(out, PrivateTerm{Text: p.Text, Kind: KindMandated, Source: fmt.Sprintf("%s:%d", inputs.PhrasesFile, p.Line)})
	}
	for _, t := range folder.Redact {
		out = append(out, PrivateTerm{Text: t.Text, Kind: KindRedact, Source: fmt.Sprintf("%s:%d", inputs.RedactFile, t.Line)})
	}
	return out
}

// CheckAliases reports an alias that is itself a private term, which would
// make the public build leak or fail its scan.
func CheckAliases(folder *inputs.Folder, writers []findings.Writer) error {
	m := NewMatcher(PrivateTerms(folder))
	scripts := make([]string, 0, len(folder.Aliases))
	for s := range folder.Aliases {
		scripts = append(scripts, s)
	}
	sort.Strings(scripts)
	for _, script := range scripts {
		alias := folder.Aliases[script]
		if m.Contains(alias.Text) {
			return diag.Errorf(alias.File, alias.Line, "the alias of %s is itself a private term; choose an alias like \"Model 1\"", inputs.Abbreviate(script))
		}
	}
	for _, w := range writers {
		if m.Contains(w.Alias) {
			return diag.Errorf(folder.Dir, 0, "the generated alias %q is also a private term; give the writers aliases in models.toml", w.Alias)
		}
	}
	return nil
}

// New builds the view of in for the configured audience.
func New(in Input) (*View, error) {
	cfg, f := in.Config, in.Findings
	m := NewMatcher(PrivateTerms(in.Folder))
	public := cfg.Publish.Audience == config.Public

	if err := CheckAliases(in.Folder, f.Writers); err != nil {
		return nil, err
	}

	p := &Public{
		Title:    m.Replace(cfg.Title),
		Audience: cfg.Publish.Audience,
		Excerpts: cfg.Publish.Excerpts || !public,
		Thresholds: Thresholds{MaxRun: f.Thresholds.MaxRun, MaxOverlap: f.Thresholds.MaxOverlap,
			NGram: f.Thresholds.NGram, MinRun: f.MinRun},
		MandatedPhrases: len(f.Phrases),
		Source:          in.Source,
	}
	alias := map[string]string{}
	for _, w := range f.Writers {
		alias[w.Script] = w.Alias
		p.Writers = append(p.Writers, Writer{Alias: w.Alias, Fails: w.Fails, Sections: w.Sections})
	}
	publicName := map[string]string{}
	for _, s := range f.SectionNames {
		publicName[s] = m.Replace(s)
		p.Sections = append(p.Sections, publicName[s])
	}
	slugs := map[string]int{}
	p.Cells = make([]Cell, len(f.Cells))
	for i, c := range f.Cells {
		pc := Cell{
			Index: i, Writer: alias[c.Script], Section: publicName[c.Name], HasExample: c.HasExample,
			Words: c.Words, Run: c.Comparison.Run, Shared: c.Shared, Distinct: c.Distinct, Overlap: c.Overlap,
			Variants: c.Variants, Fail: c.Verdict.Fail(), RunFails: c.Verdict.RunFails, OverlapFails: c.Verdict.OverlapFails,
		}
		if c.HasExample {
			pc.Variant = c.Worst + 1
		}
		pc.Slug = uniqueSlug(slugs, Slug(pc.Writer)+"--"+Slug(pc.Section))
		p.Cells[i] = pc
	}
	// Texts, runs and diffs: independent per cell, so on all cores.
	_ = parallel.For(len(f.Cells), func(i int) error {
		c, pc := &f.Cells[i], &p.Cells[i]
		excerptOK := !public || (cfg.Publish.Excerpts && pc.Fail)
		if excerptOK && c.HasExample {
			pc.Excerpt = m.Replace(truncate(c.RunText, 100))
		}
		if c.SectionText == nil || c.ExampleText == nil {
			return nil
		}
		runOfSection := make([]int, c.SectionText.Tokens.Len())
		runOfExample := make([]int, c.ExampleText.Tokens.Len())
		for k, r := range c.Runs {
			pr := Run{ID: k + 1, Words: r.Words, SectionAt: r.SectionAt, ExampleAt: r.ExampleAt}
			if !public {
				pr.Text = c.SectionText.Tokens.Words(r.SectionAt, r.SectionAt+r.Words)
			} else if k == 0 && pc.Excerpt != "" {
				pr.Text = pc.Excerpt
			}
			pc.Runs = append(pc.Runs, pr)
			for w := range r.Words {
				runOfSection[r.SectionAt+w] = k + 1
				runOfExample[r.ExampleAt+w] = k + 1
			}
		}
		pc.SectionText = layout(c.SectionText, runOfSection, public)
		pc.ExampleText = layout(c.ExampleText, runOfExample, public)
		pc.Diff = wordDiff(c.ExampleText, c.SectionText, c.Runs, public)
		return nil
	})
	for _, h := range f.Hypotheses {
		reg := config.DefaultC5
		if h.Thresholds != nil {
			reg = *h.Thresholds
		}
		p.Hypotheses = append(p.Hypotheses, Hypothesis{
			ID: m.Replace(h.ID), Registered: h.Registered.Format("2006-01-02"), Statement: m.Replace(h.Statement),
			Kind: h.Prediction.Kind, Model: m.Replace(h.Prediction.Model), Fails: h.Prediction.Fails,
			Verdict: h.Verdict, Reason: m.Replace(h.Reason), Digest: h.Digest, Drift: h.Drift,
			Registration: Thresholds{MaxRun: reg.MaxRun, MaxOverlap: reg.MaxOverlap, NGram: reg.NGram},
		})
	}
	for _, d := range in.Documents {
		p.Documents = append(p.Documents, Document{Path: d.Path, Markdown: m.Replace(d.Markdown)})
	}
	for _, d := range f.SortedDigests() {
		p.Inputs = append(p.Inputs, Digest{File: d[0], SHA256: d[1]})
	}
	return &View{p: p}, nil
}

func truncate(s string, n int) string {
	if len(s) > n {
		return s[:n]
	}
	return s
}

// Slug turns a public name into a lowercase file-name-safe form.
func Slug(s string) string {
	var b strings.Builder
	dash := false
	for _, r := range strings.ToLower(s) {
		if r < utf8.RuneSelf && (('a' <= r && r <= 'z') || ('0' <= r && r <= '9')) || r >= utf8.RuneSelf && isLetterOrDigit(r) {
			b.WriteRune(r)
			dash = false
		} else if !dash && b.Len() > 0 {
			b.WriteByte('-')
			dash = true
		}
	}
	out := strings.TrimSuffix(b.String(), "-")
	if out == "" {
		out = "x"
	}
	return out
}

func uniqueSlug(seen map[string]int, s string) string {
	seen[s]++
	if n := seen[s]; n > 1 {
		return fmt.Sprintf("%s-%d", s, n)
	}
	return s
}

// mask stands in for a word of private text: one bar per four letters, at
// most three, so a reader sees where words and runs fall but not the words.
func mask(word string) string {
	n := utf8.RuneCountInString(word)
	return strings.Repeat("▬", min(3, (n+3)/4))
}

// maskGap keeps a gap's line structure and shows that something (punctuation,
// non-Latin letters) was there.
func maskGap(gap string, bridge bool) string {
	switch {
	case strings.Contains(gap, "\n\n"):
		return "\n\n"
	case strings.Contains(gap, "\n"):
		return "\n"
	case bridge || strings.TrimSpace(gap) != "":
		return " · "
	case gap == "":
		return ""
	}
	return " "
}

// layout turns a text into segments, marking each word's run.
func layout(t *findings.Text, runOf []int, public bool) *TextView {
	tv := &TextView{Words: t.Tokens.Len(), Masked: public}
	tok := &t.Tokens
	stripped := tok.Stripped
	gap := func(from, to int, run int) {
		if from >= to {
			return
		}
		text := t.Raw[from:to]
		kind := SegGap
		for _, s := range stripped {
			if s.Start < to && s.End > from {
				kind = SegStripped
				break
			}
		}
		if kind == SegGap && run > 0 && strings.TrimSpace(text) != "" {
			kind = SegBridge
		}
		if public {
			switch kind {
			case SegStripped:
				text = maskGap(text, false)
				text = strings.TrimRight(text, " ") + " [mandated phrase] "
			default:
				text = maskGap(text, kind == SegBridge)
			}
		}
		tv.Segments = append(tv.Segments, Segment{Kind: kind, Run: run, Text: text})
	}
	prev := 0
	for i := range tok.IDs {
		start, end := int(tok.Start[i]), int(tok.End[i])
		run := 0
		if i > 0 && runOf[i] != 0 && runOf[i] == runOf[i-1] {
			run = runOf[i]
		}
		gap(prev, start, run)
		word := t.Raw[start:end]
		if public {
			word = mask(word)
		}
		tv.Segments = append(tv.Segments, Segment{Kind: SegWord, Run: runOf[i], Text: word})
		prev = end
	}
	gap(prev, len(t.Raw), 0)
	return tv
}

// wordDiff diffs the example's words against the section's (by normalised
// word, as C5 compares them) and shows each word with the whitespace after it.
// The shared runs already found anchor the diff: go-diff only has to align
// the stretches between them, which keeps it fast on long, heavily copied
// texts and makes every run an unbroken equal stretch.
func wordDiff(example, section *findings.Text, runs []c5.Run, public bool) []DiffOp {
	words := func(t *findings.Text, from, n int) string {
		if n == 0 {
			return ""
		}
		if public {
			var parts []string
			for i := from; i < from+n; i++ {
				parts = append(parts, mask(t.Raw[t.Tokens.Start[i]:t.Tokens.End[i]]))
			}
			return strings.Join(parts, " ") + " "
		}
		end := len(t.Raw)
		if from+n < t.Tokens.Len() {
			end = int(t.Tokens.Start[from+n])
		}
		return t.Raw[t.Tokens.Start[from]:end]
	}
	asRunes := func(ids []int32) []rune {
		rs := make([]rune, len(ids))
		for i, id := range ids {
			rs[i] = rune(0x10000 + id)
		}
		return rs
	}
	var out []DiffOp
	emit := func(op string, text string) {
		if text == "" {
			return
		}
		if n := len(out); n > 0 && out[n-1].Op == op {
			out[n-1].Text += text
			return
		}
		out = append(out, DiffOp{Op: op, Text: text})
	}
	dmp := diffmatchpatch.New()
	dmp.DiffTimeout = 0
	gap := func(ei, ej, si, sj int) {
		diffs := dmp.DiffMainRunes(asRunes(example.Tokens.IDs[ei:ej]), asRunes(section.Tokens.IDs[si:sj]), false)
		for _, d := range diffs {
			n := utf8.RuneCountInString(d.Text)
			switch d.Type {
			case diffmatchpatch.DiffEqual:
				emit("=", words(section, si, n))
				ei += n
				si += n
			case diffmatchpatch.DiffInsert:
				emit("+", words(section, si, n))
				si += n
			case diffmatchpatch.DiffDelete:
				emit("-", words(example, ei, n))
				ei += n
			}
		}
	}
	ei, si := 0, 0
	for _, r := range anchorChain(runs) {
		gap(ei, r.ExampleAt, si, r.SectionAt)
		emit("=", words(section, r.SectionAt, r.Words))
		ei, si = r.ExampleAt+r.Words, r.SectionAt+r.Words
	}
	gap(ei, example.Tokens.Len(), si, section.Tokens.Len())
	return out
}

// anchorChain picks, longest first, the runs that keep their order in both
// texts, and returns them in text order.
func anchorChain(runs []c5.Run) []c5.Run {
	var chain []c5.Run // sorted by SectionAt
	for _, r := range runs {
		i := sort.Search(len(chain), func(i int) bool { return chain[i].SectionAt > r.SectionAt })
		if i > 0 && chain[i-1].ExampleAt+chain[i-1].Words > r.ExampleAt {
			continue
		}
		if i < len(chain) && r.ExampleAt+r.Words > chain[i].ExampleAt {
			continue
		}
		chain = append(chain, c5.Run{})
		copy(chain[i+1:], chain[i:])
		chain[i] = r
	}
	return chain
}

func isLetterOrDigit(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }
