// Package redact is the wall between an evaluation's private findings and its
// public site. It turns findings (real model names, generated texts, mandated
// phrases) into a View that holds only what the audience may see: aliases,
// numbers, verdicts, section names and document prose with private terms
// replaced by visible placeholders, and texts masked word by word unless the
// audience is internal.
//
// A View can only be made by New: its one field is unexported, so the site
// renderer, which accepts nothing but a *View, cannot be handed private data
// by mistake. The leak scan (package leakscan) is the second wall: it reads
// every file before the build writes it and fails the build on any private
// term or private passage. Both find terms with package matcher.
package redact

import (
	"fmt"
	"sort"
	"strings"
	"sync"
	"time"
	"unicode"
	"unicode/utf8"
	"unsafe"

	"github.com/sergi/go-diff/diffmatchpatch"

	"github.com/evalpress/evalpress/config"
	"github.com/evalpress/evalpress/internal/commitment"
	"github.com/evalpress/evalpress/internal/diag"
	"github.com/evalpress/evalpress/internal/parallel"
	"github.com/evalpress/evalpress/matcher"
	"github.com/evalpress/evalpress/redact/internal/seal"
	"github.com/evalpress/evalpress/redact/public"
	"github.com/evalpress/evalpress/reports/c5"
	"github.com/evalpress/evalpress/reports/criteria"
	"github.com/evalpress/evalpress/reports/findings"
	"github.com/evalpress/evalpress/reports/hypotheses"
	"github.com/evalpress/evalpress/reports/inputs"
	"github.com/evalpress/evalpress/reports/registration"
)

// RawDocument is a markdown document as read, before redaction.
type RawDocument struct {
	Path     string // slash-separated, relative to the content folder
	Markdown string
}

// Input is what New needs.
type Input struct {
	Config    *config.Config
	Findings  *findings.Findings
	Folder    *inputs.Folder
	Documents []RawDocument // unredacted
	Source    []public.SourceFile
	// Commitments are the keyed digests (internal/commitment) of the
	// small private inputs, by file name: the only digests published of
	// them.
	Commitments map[string]string
	// Excerpts are the findings' cells' excerpts (FindingsExcerpts) when
	// the view shows excerpts: made once by the build, for the view and
	// the leak scan's permits. nil makes them.
	Excerpts []string
	// Prompt is the published judge prompt (nil when none is configured);
	// the judge validation is the findings' (Findings.Validation).
	Prompt *RawPrompt
	// Registration is the evaluation against its registration file, and
	// the file's bytes; nil without one.
	Registration *RawRegistration
}

// CheckAliases reports an alias that is itself a private term, which would
// make the public build leak or fail its scan.
func CheckAliases(folder *inputs.Folder, writers []findings.Writer) error {
	m := matcher.New(matcher.Terms(folder))
	scripts := make([]string, 0, len(folder.Aliases))
	for s := range folder.Aliases {
		scripts = append(scripts, s)
	}
	sort.Strings(scripts)
	for _, script := range scripts {
		alias := folder.Aliases[script]
		if m.Contains(alias.Text) {
			return diag.Errorf(alias.File, alias.Line, "this alias is itself a private term; choose an alias like \"Model 1\"")
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
func New(in Input) (*public.View, error) {
	cfg, f := in.Config, in.Findings
	m := matcher.New(matcher.Terms(in.Folder))
	masked := cfg.Publish.Audience == config.Public
	s := f.Criteria

	if err := CheckAliases(in.Folder, f.Writers); err != nil {
		return nil, err
	}

	p := &public.Public{
		Title:              m.Replace(cfg.Title),
		Audience:           cfg.Publish.Audience,
		Excerpts:           cfg.Publish.Excerpts || !masked,
		CriteriaThresholds: criteriaThresholds(s), SetChanges: config.SetChanges(cfg),
		Thresholds: public.Thresholds{MaxRun: s.C5().MaxRun, MaxOverlap: s.C5().MaxOverlap,
			NGram: s.NGram(), MinRun: f.MinRun},
		Registered:  registered(s),
		G1Tolerance: s.G1().Tolerance, RegisteredG1Tolerance: registeredG1(s),
		Tallies:         f.Tallies,
		MandatedPhrases: len(f.Phrases),
		Source:          in.Source,
	}
	var headlineID criteria.ID
	if h := s.Criteria().Headline(); h != nil {
		headlineID = h.ID
	}
	alias := map[string]string{}
	for _, w := range f.Writers {
		alias[w.Script] = w.Alias
		p.Writers = append(p.Writers, public.Writer{Alias: w.Alias, Tallies: w.Tallies, HeadlineID: headlineID})
	}
	publicName := map[string]string{}
	for _, s := range f.SectionNames {
		publicName[s] = m.Replace(s)
		p.Sections = append(p.Sections, publicName[s])
	}
	slugs := map[string]int{}
	p.Cells = make([]public.Cell, len(f.Cells))
	for i, c := range f.Cells {
		pc := public.Cell{
			Index: i, Writer: alias[c.Script], Section: publicName[c.Name], HasExample: c.HasExample, HeadlineID: headlineID,
			Words: c.Words, Run: c.Comparison.Run, Shared: c.Shared, Distinct: c.Distinct, Overlap: c.Overlap,
			Variants: c.Variants, Outcomes: c.Outcomes,
		}
		if c.HasExample {
			pc.Variant = c.Worst + 1
		}
		pc.Slug = uniqueSlug(slugs, Slug(pc.Writer)+"--"+Slug(pc.Section))
		p.Cells[i] = pc
	}
	// A public view shows exactly the excerpts the leak scan permits
	// (CellExcerpts, cell by cell).
	var excerpts []string
	if masked && cfg.Publish.Excerpts {
		if excerpts = in.Excerpts; excerpts == nil {
			excerpts = FindingsExcerpts(in.Folder, f)
		}
		if len(excerpts) != len(f.Cells) {
			return nil, fmt.Errorf("%d excerpts for %d cells", len(excerpts), len(f.Cells))
		}
	}
	// Excerpts, texts, runs and diffs: independent per cell, so on all cores.
	_ = parallel.For(len(f.Cells), func(i int) error {
		c, pc := &f.Cells[i], &p.Cells[i]
		switch {
		case !masked && c.HasExample:
			pc.Excerpt = Excerpt(m, cellRun(c))
		case excerpts != nil:
			pc.Excerpt = excerpts[i]
		}
		if c.SectionText == nil || c.ExampleText == nil {
			return nil
		}
		pc.RunView = true
		pc.Runs = publicRuns(c.Runs, c.SectionText, masked, pc.Excerpt)
		pc.SectionText, pc.ExampleText, pc.Diff = cellTexts(c.SectionText, c.ExampleText, c.Runs, masked)
		return nil
	})
	prompt := publicPrompt(in.Prompt, m)
	judgedView(cfg, f, p, m, alias, publicName, prompt)
	p.Statistics = public.Statistics{Run: f.Statistics.Run, Overlap: f.Statistics.Overlap}
	for _, s := range f.Statistics.Omitted {
		p.Statistics.Omitted = append(p.Statistics.Omitted, publicName[s])
	}
	names := map[string]string{}
	if f.Judged != nil {
		names = graderNames(f.Judged, alias, m)
	}
	var withheld []string // digests of text published redacted
	for _, h := range f.Hypotheses {
		p.Hypotheses = append(p.Hypotheses, public.Hypothesis{
			ID: m.Replace(h.ID), Registered: h.Registered.Format("2006-01-02"), Statement: m.Replace(h.Statement),
			Kind: h.Prediction.Kind, Model: m.Replace(h.Prediction.Model), Fails: h.Prediction.Fails,
			Criterion: h.Prediction.Criterion, Judge: m.Replace(h.Prediction.Judge), JudgeName: names[h.Prediction.Judge], RegistrationWords: registrationWords(h.Hypothesis),
			Verdict: h.Verdict, Reason: m.Replace(h.Reason), Digest: h.Digest, Drifts: h.Drifts, Drift: h.Drift, Chance: h.Chance,
			RegisteredVerdict: h.RegisteredVerdict, RegisteredReason: m.Replace(h.RegisteredReason),
		})
		ph := &p.Hypotheses[len(p.Hypotheses)-1]
		ph.Unregistered = !h.Declared
		if !digestPublic(h.Hypothesis, m) {
			ph.Digest, ph.DigestWithheld = "", public.DigestPrivate
			withheld = append(withheld, h.Digest)
		}
		if r := in.Registration; r != nil {
			ph.AsRegistered = r.Check.Hypotheses[h.ID]
			if len(r.Check.Late) > 0 && ph.AsRegistered == registration.Same {
				ph.AsRegistered = registration.SameLate
			}
		}
	}
	if in.Prompt != nil && prompt.SHA256 == "" {
		withheld = append(withheld, in.Prompt.SHA256)
	}
	// The author's documents are published as written: one with a private
	// term stops the build (CheckDocuments), never is masked.
	if err := CheckDocuments(m, in.Documents, cfg.Path(cfg.ContentDir), alias); err != nil {
		return nil, err
	}
	for _, d := range in.Documents {
		p.Documents = append(p.Documents, public.Document{Path: d.Path, Markdown: d.Markdown})
	}
	p.Registration = publicRegistration(in.Registration, m, withheld)
	// Small, guessable files get their keyed commitment, never a plain
	// digest: one without a commitment is left out.
	for _, d := range f.SortedDigests() {
		switch hmac, ok := in.Commitments[d[0]]; {
		case !commitment.Keyed(d[0]):
			p.Inputs = append(p.Inputs, public.Digest{File: d[0], SHA256: d[1]})
		case ok:
			p.Inputs = append(p.Inputs, public.Digest{File: d[0], HMACSHA256: hmac})
		}
	}
	p.Validation = publicValidation(f.Validation, alias, names, m)
	p.Prompt = prompt
	return public.Seal(seal.Key{}, p), nil
}

// publicRuns returns a cell's runs as its view shows them: with their
// words (from section) only for the internal audience, and in a public
// view only the permitted excerpt, as the longest run's.
func publicRuns(runs []c5.Run, section *findings.Text, masked bool, excerpt string) []public.Run {
	var out []public.Run
	for k, r := range runs {
		pr := public.Run{ID: k + 1, Words: r.Words, SectionAt: r.SectionAt, ExampleAt: r.ExampleAt}
		if !masked {
			pr.Text = section.Tokens.Words(r.SectionAt, r.SectionAt+r.Words)
		} else if k == 0 && excerpt != "" {
			pr.Text = excerpt
		}
		out = append(out, pr)
	}
	return out
}

// cellTexts lays out a cell's section and example, each word marked with
// its run, and diffs them. The runs lie within the texts.
func cellTexts(section, example *findings.Text, runs []c5.Run, masked bool) (sectionText, exampleText *public.TextView, diff []public.DiffOp) {
	runOfSection := make([]int, section.Tokens.Len())
	runOfExample := make([]int, example.Tokens.Len())
	for k, r := range runs {
		for w := range r.Words {
			runOfSection[r.SectionAt+w] = k + 1
			runOfExample[r.ExampleAt+w] = k + 1
		}
	}
	return layout(section, runOfSection, masked), layout(example, runOfExample, masked), wordDiff(example, section, runs, masked)
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
	if len(word) <= 4 && word != "" {
		return masks[1] // one to four letters, whatever their bytes
	}
	return masks[min(3, (utf8.RuneCountInString(word)+3)/4)]
}

var masks = [4]string{"", "▬", "▬▬", "▬▬▬"}

// maskGap keeps a gap's line structure and shows that something (punctuation,
// non-Latin letters) was there.
func maskGap(gap string, bridge bool) string {
	if gap == " " && !bridge { // most gaps
		return " "
	}
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

// strippedMasks shows a stripped mandated phrase, keeping the gap's line structure.
var strippedMasks = map[string]string{
	"\n\n": "\n\n [mandated phrase] ", "\n": "\n [mandated phrase] ",
	" · ": " [mandated phrase] ", " ": " [mandated phrase] ", "": " [mandated phrase] ",
}

// layout turns a text into segments, marking each word's run. Neighbouring
// words and spaces of the same run make one segment.
func layout(t *findings.Text, runOf []int, masked bool) *public.TextView {
	tv := &public.TextView{Words: t.Tokens.Len(), Masked: masked}
	tok := &t.Tokens
	// The segments' texts go into one buffer, cut into strings at the end.
	l := segmenter{buf: make([]byte, 0, len(t.Raw)+len(t.Raw)/2), stripped: tok.Stripped, open: -1}
	prev := 0
	for i := range tok.IDs {
		start, end := int(tok.Start[i]), int(tok.End[i])
		run := 0
		if i > 0 && runOf[i] != 0 && runOf[i] == runOf[i-1] {
			run = runOf[i]
		}
		if start == prev+1 && t.Raw[prev] == ' ' && (len(l.stripped) == 0 || l.stripped[0].Start >= start || !l.strippedAt(prev, start)) {
			// Most gaps: one space, text in any reading.
			l.add(segText, run, " ")
		} else {
			l.gap(t.Raw[prev:start], prev, run, masked)
		}
		word := t.Raw[start:end]
		if masked {
			word = mask(word)
		}
		l.add(segText, runOf[i], word)
		prev = end
	}
	l.gap(t.Raw[prev:], prev, 0, masked)
	all := unsafe.String(unsafe.SliceData(l.buf), len(l.buf)) // buf is not written again
	if cap(l.buf)-len(l.buf) > 1<<20 {
		// Masked words are shorter than the room made for the text: a 30 MB
		// section's would keep 17 MB unused for as long as the view.
		all = string(l.buf)
	}
	if len(l.starts) > 0 {
		tv.Segments = make([]public.Segment, 0, len(l.starts))
	}
	for i, st := range l.starts {
		end := len(l.buf)
		if i+1 < len(l.starts) {
			end = int(l.starts[i+1].at)
		}
		if end > int(st.at) {
			tv.Segments = append(tv.Segments, public.Segment{Kind: segKinds[st.kind], Run: int(st.run), Text: all[st.at:end]})
		}
	}
	return tv
}

// Segment kinds as layout keeps them, indexes in segKinds.
const (
	segText = iota
	segBridge
	segStripped
)

var segKinds = [...]string{segText: public.SegText, segBridge: public.SegBridge, segStripped: public.SegStripped}

// segmenter collects a text's segments for layout: their texts in one
// buffer, and where each starts.
type segmenter struct {
	buf    []byte
	starts []segStart
	// open is the run of the last segment when it is text, which the next
	// words and spaces of that run go on, and -1 when it is another kind.
	open int32
	// stripped are the text's stripped ranges from the first that may
	// touch the next gap on: gaps come in text order, and a range that
	// ends before a gap ends before every later gap too.
	stripped []c5.Span
}

// segStart is where a segment starts in the buffer.
type segStart struct {
	kind uint8
	run  int32
	at   int32
}

// add adds s to the segment of kind and run, or starts one: words and
// spaces of one run make one segment, every other kind of gap is one.
func (l *segmenter) add(kind uint8, run int, s string) {
	if kind != segText || l.open != int32(run) {
		l.start(kind, run)
	}
	l.buf = append(l.buf, s...)
}

// start starts a segment of kind and run.
func (l *segmenter) start(kind uint8, run int) {
	l.starts = append(l.starts, segStart{kind, int32(run), int32(len(l.buf))})
	l.open = -1
	if kind == segText {
		l.open = int32(run)
	}
}

// strippedAt reports whether a stripped range overlaps the gap [from, to),
// passing the ranges that end before it.
func (l *segmenter) strippedAt(from, to int) bool {
	for len(l.stripped) > 0 && int(l.stripped[0].End) <= from {
		l.stripped = l.stripped[1:]
	}
	for _, s := range l.stripped {
		if int(s.Start) >= to {
			return false
		}
		if int(s.End) > from {
			return true
		}
	}
	return false
}

// gap adds the gap text, which starts at from in the text, between two
// words of run (0 when they are of different runs or none).
func (l *segmenter) gap(text string, from, run int, masked bool) {
	if text == "" {
		return
	}
	kind := uint8(segText)
	switch {
	case l.strippedAt(from, from+len(text)):
		kind = segStripped
	case run > 0 && strings.TrimSpace(text) != "":
		kind = segBridge
	}
	if masked {
		switch kind {
		case segStripped:
			text = strippedMasks[maskGap(text, false)]
		default:
			text = maskGap(text, kind == segBridge)
		}
	}
	l.add(kind, run, text)
}

// wordDiff diffs the example's words against the section's (by normalised
// word, as C5 compares them) and shows each word with the whitespace after it.
// The shared runs already found anchor the diff, and between them the words
// found once on each side (patience diff): go-diff, with no time limit so the
// result never depends on the machine, only has to align the short stretches
// left, which keeps it fast on long texts and makes every run an unbroken
// equal stretch.
func wordDiff(example, section *findings.Text, runs []c5.Run, masked bool) []public.DiffOp {
	asRunes := func(ids []int32) []rune {
		rs := make([]rune, len(ids))
		for i, id := range ids {
			rs[i] = rune(0x10000 + id)
		}
		return rs
	}
	// Consecutive words of one kind make one step; its text is built in cur.
	var out []public.DiffOp
	var cur []byte
	curOp := ""
	flush := func() {
		if len(cur) > 0 {
			out = append(out, public.DiffOp{Op: curOp, Text: string(cur)})
			cur = cur[:0]
		}
	}
	emit := func(op string, t *findings.Text, from, n int) {
		if n == 0 {
			return
		}
		if op != curOp {
			flush()
			curOp = op
		}
		if masked {
			for i := from; i < from+n; i++ {
				cur = append(cur, mask(t.Raw[t.Tokens.Start[i]:t.Tokens.End[i]])...)
				cur = append(cur, ' ')
			}
			return
		}
		end := len(t.Raw)
		if from+n < t.Tokens.Len() {
			end = int(t.Tokens.Start[from+n])
		}
		cur = append(cur, t.Raw[t.Tokens.Start[from]:end]...)
	}
	dmp := diffmatchpatch.New()
	dmp.DiffTimeout = 0
	diff := func(ei, ej, si, sj int) {
		diffs := dmp.DiffMainRunes(asRunes(example.Tokens.IDs[ei:ej]), asRunes(section.Tokens.IDs[si:sj]), false)
		for _, d := range diffs {
			n := utf8.RuneCountInString(d.Text)
			switch d.Type {
			case diffmatchpatch.DiffEqual:
				emit("=", section, si, n)
				ei += n
				si += n
			case diffmatchpatch.DiffInsert:
				emit("+", section, si, n)
				si += n
			case diffmatchpatch.DiffDelete:
				emit("-", example, ei, n)
				ei += n
			}
		}
	}
	// Between the runs, words found once on each side anchor the diff too
	// (as patience diff does), recursively; go-diff aligns what is left.
	p := patiencePool.Get().(*patience)
	defer patiencePool.Put(p)
	var gap func(ei, ej, si, sj int)
	gap = func(ei, ej, si, sj int) {
		switch {
		case ei == ej:
			emit("+", section, si, sj-si)
			return
		case si == sj:
			emit("-", example, ei, ej-ei)
			return
		case (ej-ei)*(sj-si) <= 64:
			diff(ei, ej, si, sj) // short: cheaper than counting words
			return
		}
		anchors, shared := p.anchors(example.Tokens.IDs[ei:ej], section.Tokens.IDs[si:sj])
		switch {
		case !shared:
			// No word in common: what go-diff would find, without the
			// search that costs it the square of the length.
			emit("-", example, ei, ej-ei)
			emit("+", section, si, sj-si)
			return
		case len(anchors) == 0:
			diff(ei, ej, si, sj)
			return
		}
		e0, s0 := ei, si
		for _, a := range anchors {
			e, s := e0+a[0], s0+a[1]
			gap(ei, e, si, s)
			emit("=", section, s, 1)
			ei, si = e+1, s+1
		}
		gap(ei, ej, si, sj)
	}
	ei, si := 0, 0
	for _, r := range anchorChain(runs) {
		gap(ei, r.ExampleAt, si, r.SectionAt)
		emit("=", section, r.SectionAt, r.Words)
		ei, si = r.ExampleAt+r.Words, r.SectionAt+r.Words
	}
	gap(ei, example.Tokens.Len(), si, section.Tokens.Len())
	flush()
	return out
}

// patience finds the anchors of patience diff: the words that occur exactly
// once on each side, in the longest chain that keeps their order on both.
// Words are a text's dictionary ids, small and dense, so the counts are
// slices indexed by id, kept zero between calls.
type patience struct {
	a, b []int32 // id -> its position + 1, or -1 when repeated
}

// patiencePool recycles the counts, zero between calls, from one cell's
// diff to the next: made anew for each, they were a twentieth of what a
// cold build of the bench allocated.
var patiencePool = sync.Pool{New: func() any { return new(patience) }}

func (p *patience) anchors(a, b []int32) (anchors [][2]int, shared bool) {
	if len(a) == 0 || len(b) == 0 {
		return nil, false
	}
	count := func(seen *[]int32, words []int32) {
		for i, w := range words {
			if int(w) >= len(*seen) {
				*seen = append(*seen, make([]int32, int(w)+1-len(*seen))...)
			}
			if (*seen)[w] != 0 {
				(*seen)[w] = -1
			} else {
				(*seen)[w] = int32(i + 1)
			}
		}
	}
	count(&p.a, a)
	count(&p.b, b)
	defer func() {
		for _, w := range a {
			p.a[w] = 0
		}
		for _, w := range b {
			p.b[w] = 0
		}
	}()
	// Pairs in the order of a; the longest increasing run of their positions
	// in b, by patience sorting.
	var pairs [][2]int
	for i, w := range a {
		if int(w) < len(p.b) && p.b[w] != 0 {
			shared = true
			if p.a[w] > 0 && p.b[w] > 0 {
				pairs = append(pairs, [2]int{i, int(p.b[w] - 1)})
			}
		}
	}
	if len(pairs) == 0 {
		return nil, shared
	}
	tails := []int{}                // tails[k]: index in pairs of the smallest tail of a chain of length k+1
	prev := make([]int, len(pairs)) // the pair before each in its chain
	for k, pr := range pairs {
		n := sort.Search(len(tails), func(i int) bool { return pairs[tails[i]][1] >= pr[1] })
		prev[k] = -1
		if n > 0 {
			prev[k] = tails[n-1]
		}
		if n == len(tails) {
			tails = append(tails, k)
		} else {
			tails[n] = k
		}
	}
	chain := make([][2]int, len(tails))
	for i, k := len(tails)-1, tails[len(tails)-1]; i >= 0; i, k = i-1, prev[k] {
		chain[i] = pairs[k]
	}
	return chain, true
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

// criteriaThresholds states every criterion's thresholds in s, and the
// registered ones where the config declares them.
func criteriaThresholds(s criteria.Settings) []public.CriterionThresholds {
	var out []public.CriterionThresholds
	for _, c := range s.Criteria().All() {
		ct := public.CriterionThresholds{Criterion: c.ID, Now: s.Thresholds(c)}
		if r, declared := s.Registered(c); declared {
			ct.Registered = r.Thresholds(c)
		}
		out = append(out, ct)
	}
	return out
}

// registered returns C5's registered thresholds, or nil.
func registered(s criteria.Settings) *public.Thresholds {
	r := s.C5().Registered
	if r == nil {
		return nil
	}
	return &public.Thresholds{MaxRun: r.MaxRun, MaxOverlap: r.MaxOverlap, NGram: r.NGram}
}

// registeredG1 returns the rubric's registered G1 tolerance, or nil.
func registeredG1(s criteria.Settings) *float64 {
	if r := s.G1().Registered; r != nil {
		t := r.Tolerance
		return &t
	}
	return nil
}

// registrationWords states the thresholds a hypothesis was registered at,
// or that none were: neither the hypothesis nor its criterion's registered
// block states any, so it is judged at this build's thresholds alone.
func registrationWords(h hypotheses.Hypothesis) string {
	c := h.Criterion()
	if c == nil {
		return ""
	}
	if !h.Declared {
		return fmt.Sprintf("none declared (no [%s.registered] block and no thresholds of its own), so it is judged at this build's thresholds alone", c.Block)
	}
	return h.At.Words(c)
}

// digestPublic reports whether a hypothesis's digest covers only what the
// view publishes as it is: its id, statement, predicted model and judge
// (its date, kind, bound and thresholds are numbers and words of a few).
func digestPublic(h hypotheses.Hypothesis, m *matcher.Matcher) bool {
	for _, s := range []string{h.ID, h.Statement, h.Prediction.Model, h.Prediction.Criterion, h.Prediction.Judge} {
		if m.Replace(s) != s {
			return false
		}
	}
	return true
}

// RawRegistration is the comparison of the evaluation with its
// registration file, and the file as read.
type RawRegistration struct {
	Check registration.Check
	Data  []byte
}

// publicRegistration publishes the comparison, and the file and its digest
// only when the file can be published as it is.
//
// The file holds digests: of each hypothesis, the rubric and the judge
// prompt. One of them that this view withholds (withheld: of a text it
// publishes redacted) would confirm a guess through the file, so the file
// is not published then either.
func publicRegistration(r *RawRegistration, m *matcher.Matcher, withheld []string) public.Registration {
	if r == nil {
		return public.Registration{}
	}
	pr := public.Registration{Present: true, At: r.Check.At.UTC().Format(time.RFC3339), Matches: r.Check.Matches(),
		Differences: replaceAll(m, r.Check.Differences), Late: r.Check.Late}
	text := string(r.Data)
	for _, d := range withheld {
		if d != "" && strings.Contains(text, d) {
			return pr
		}
	}
	if m.Replace(text) == text {
		pr.Text, pr.SHA256 = text, r.Check.SHA256
	}
	return pr
}
