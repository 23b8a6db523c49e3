package redact

import (
	"context"
	"fmt"
	"html"
	"io/fs"
	"net/url"
	"os"
	"path"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/encoding/charmap"

	"github.com/evalpress/evalpress/internal/parallel"
	"github.com/evalpress/evalpress/internal/readfile"
	"github.com/evalpress/evalpress/matcher"
	"github.com/evalpress/evalpress/reports/inputs"
)

// PassageWords is the shortest run of private words the scan reports in a
// public build.
const PassageWords = 8

// Leak is a private term or passage found in a written site.
type Leak struct {
	File         string // path relative to the scanned folder
	Line, Column int    // 0 for a leak in the file's name
	What         string // what leaked, with the term shown only by its first letters
	// Unreadable is true for a file the scan cannot read, which is refused
	// as a leak would be.
	Unreadable bool
}

// String reports the leak as FILE:LINE:COLUMN: what, without the term.
func (l Leak) String() string {
	if l.Unreadable {
		return fmt.Sprintf("%s: %s", l.File, l.What)
	}
	if l.Line == 0 {
		return fmt.Sprintf("%s: file name holds %s", l.File, l.What)
	}
	return fmt.Sprintf("%s:%d:%d: %s", l.File, l.Line, l.Column, l.What)
}

// Scanner checks written files for private material: every private term in
// any recognisable spelling and, for public builds, any passage of
// PassageWords or more words of the private texts other than the permitted
// excerpts. It looks at the bytes as written and again after undoing HTML,
// URL, JSON and JavaScript escaping and removing markup.
type Scanner struct {
	terms    *matcher.Matcher
	passages *gramSet   // hashes of the private texts' passages; nil: terms only
	allowed  *permitSet // the permitted excerpts, each as a whole

	unscanned []string   // patterns of files published unread
	mu        sync.Mutex // guards published
	published []string   // the files let through unread
}

// NewScanner returns a scanner for the private inputs in folder. With
// passages, the private texts' passages are looked for too; allowed lists
// the excerpts a public build may show.
func NewScanner(folder *inputs.Folder, passages bool, allowed []string) (*Scanner, error) {
	s := &Scanner{terms: matcher.New(matcher.Terms(folder))}
	if !passages {
		return s, nil
	}
	s.allowed = new(permitSet)
	var private passageIndex
	size := int64(0)
	for _, sec := range folder.Sections {
		size += sec.Body.End - sec.Body.Start
	}
	for _, ex := range folder.Examples {
		for _, v := range ex.Variants {
			size += v.Body.End - v.Body.Start
		}
	}
	private.grams = make([]uint64, 0, size/5) // about a gram a word
	add := private.add
	for _, sec := range folder.Sections {
		text, err := folder.SectionText(sec)
		if err != nil {
			return nil, err
		}
		add(text)
	}
	for _, ex := range folder.Examples {
		for _, v := range ex.Variants {
			text, err := folder.VariantText(v)
			if err != nil {
				return nil, err
			}
			add(text)
		}
	}
	for _, text := range folder.PrivateTexts { // the judges' analyses
		add(text)
	}
	s.passages = private.set()
	s.Permit(allowed...)
	return s, nil
}

// passageIndex collects the passages of private texts and their words.
type passageIndex struct {
	grams []uint64
	vocab wordFilter
}

func (p *passageIndex) add(text string) {
	var r gramRoller
	matcher.EachWord(text, func(h uint64, at int) {
		if h == 0 {
			r.n = 0
			return
		}
		p.vocab.add(h)
		if g, ok := r.push(h, at); ok {
			p.grams = append(p.grams, g)
		}
	})
}

// set returns the passages collected as a set.
func (p *passageIndex) set() *gramSet {
	s := newGramSet(p.grams)
	p.grams = nil // the set has them
	s.vocab = &p.vocab
	return s
}

// Permit adds excerpts that the build may show: each is no leak as the
// whole string it is, but a passage that runs on beyond an excerpt, or
// joins two overlapping excerpts into a longer one, is.
func (s *Scanner) Permit(excerpts ...string) {
	if s.allowed == nil { // a scanner for terms only: nothing to permit
		return
	}
	for _, e := range excerpts {
		var seq []uint64
		forEachGram(e, func(h uint64, _ int) {
			if h != 0 {
				seq = append(seq, h)
			}
		})
		s.allowed.add(seq)
	}
}

// permitSet holds the permitted excerpts as sequences of grams.
type permitSet struct {
	seqs [][]uint64
	at   map[uint64][]permitRef // where each gram is in the sequences
}

// permitRef is a place in a permitted sequence.
type permitRef struct{ seq, pos int32 }

func (p *permitSet) add(seq []uint64) {
	if len(seq) == 0 {
		return
	}
	if p.at == nil {
		p.at = map[uint64][]permitRef{}
	}
	for k, g := range seq {
		p.at[g] = append(p.at[g], permitRef{int32(len(p.seqs)), int32(k)})
	}
	p.seqs = append(p.seqs, seq)
}

// permitRun follows a run of consecutive private grams (each gram the next
// word on from the one before) through the permitted sequences: the run is
// permitted while it is a stretch of one sequence.
type permitRun struct {
	live []permitRef
	on   bool // a run is being followed
}

// next adds the run's next gram, or starts a run, and reports whether the
// run so far lies within one permitted excerpt.
func (r *permitRun) next(p *permitSet, g uint64) bool {
	if p == nil {
		return false
	}
	if !r.on {
		r.on = true
		r.live = append(r.live[:0], p.at[g]...)
		return len(r.live) > 0
	}
	live := r.live[:0]
	for _, ref := range r.live {
		if seq := p.seqs[ref.seq]; int(ref.pos)+1 < len(seq) && seq[ref.pos+1] == g {
			live = append(live, permitRef{ref.seq, ref.pos + 1})
		}
	}
	r.live = live
	return len(live) > 0
}

// end ends the run: the next gram starts a new one.
func (r *permitRun) end() { r.on, r.live = false, r.live[:0] }

// forEachGram calls fn with the hash of every PassageWords words in a row
// of text, and the offset of the first.
func forEachGram(text string, fn func(h uint64, at int)) {
	var r gramRoller
	matcher.EachWord(text, func(h uint64, at int) {
		if h == 0 { // a hard break: the grams start again
			r.n = 0
			fn(0, at)
			return
		}
		if g, ok := r.push(h, at); ok {
			fn(g, r.start())
		}
	})
}

// gramRoller hashes the last PassageWords words pushed.
type gramRoller struct {
	words  [PassageWords]uint64
	starts [PassageWords]int
	n      int
}

// push adds a word (its hash and offset) and returns the hash of the last
// PassageWords words, once there are that many.
func (r *gramRoller) push(h uint64, at int) (uint64, bool) {
	r.add(h, at)
	if r.n < PassageWords {
		return 0, false
	}
	return r.gram(), true
}

// add adds a word.
func (r *gramRoller) add(h uint64, at int) {
	r.words[r.n%PassageWords], r.starts[r.n%PassageWords] = h, at
	r.n++
}

// gram returns the hash of the last PassageWords words added; there must be
// that many.
func (r *gramRoller) gram() uint64 {
	g := uint64(0x9E3779B97F4A7C15)
	for k := r.n - PassageWords; k < r.n; k++ {
		g = (g ^ r.words[k%PassageWords]) * 0x100000001B3
		g ^= g >> 29
	}
	return g | 1
}

// start returns the offset of the first word of the last gram.
func (r *gramRoller) start() int { return r.starts[r.n%PassageWords] }

// mayLeakPassage reports whether the words of q (a page without its tags,
// folded) hold a private passage that is not permitted. A gram is looked up
// only when all its words are private words.
func (s *Scanner) mayLeakPassage(q *matcher.QuickText) bool {
	var r gramRoller
	var run permitRun
	streak := 0 // private words in a row
	for k := range q.Words() {
		if q.BreakBefore(k) { // the grams start again
			r.n, streak = 0, 0
			run.end()
		}
		h := matcher.WordHash(q.Word(k))
		r.add(h, 0)
		if !s.passages.vocab.has(h) {
			streak = 0
			run.end()
			continue
		}
		if streak++; streak >= PassageWords {
			g := r.gram()
			if !s.passages.has(g) {
				run.end()
				continue
			}
			if !run.next(s.allowed, g) {
				return true
			}
		}
	}
	return false
}

// wordFilter is a set of word hashes that may say yes wrongly, never no
// wrongly: a bit per hash, in 128 KB, which stays in the processor's cache.
type wordFilter struct{ bits [1 << 20 / 64]uint64 }

func (f *wordFilter) add(h uint64) {
	h = h * 0x9E3779B97F4A7C15 >> 44
	f.bits[h/64] |= 1 << (h % 64)
}

// has reports whether h may have been added; a nil filter has everything.
func (f *wordFilter) has(h uint64) bool {
	if f == nil {
		return true
	}
	h = h * 0x9E3779B97F4A7C15 >> 44
	return f.bits[h/64]&(1<<(h%64)) != 0
}

// ScanDir scans every file under dir, and every file name. A dir that is a
// link is followed; a link to a folder inside it is an error, never a folder
// passed unread.
func (s *Scanner) ScanDir(ctx context.Context, dir string) ([]Leak, error) {
	root, err := filepath.EvalSymlinks(dir)
	if err != nil {
		return nil, fmt.Errorf("failed to list %s: %w", dir, err)
	}
	var files []string
	var linked error
	err = filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if path == root {
			return nil
		}
		if d.Type()&fs.ModeSymlink != 0 {
			if info, err := os.Stat(path); err == nil && info.IsDir() {
				rel, _ := filepath.Rel(root, path)
				linked = fmt.Errorf("%s: a link to a folder, which the scan does not follow; scan the folder it points to, or replace the link by a copy", filepath.Join(dir, rel))
				return fs.SkipAll
			}
		}
		files = append(files, path)
		return nil
	})
	if linked != nil {
		return nil, linked
	}
	if err != nil {
		return nil, fmt.Errorf("failed to list %s: %w", dir, err)
	}
	sort.Strings(files)
	found := make([][]Leak, len(files))
	err = parallel.For(len(files), func(i int) error {
		path := files[i]
		rel, _ := filepath.Rel(root, path)
		rel = filepath.ToSlash(rel)
		found[i] = s.scanName(rel)
		info, err := os.Stat(path)
		if err != nil {
			return fmt.Errorf("failed to scan %s: %w", path, err)
		}
		if info.IsDir() {
			return nil
		}
		data, err := readfile.ReadFile(ctx, path, readfile.Corpus)
		if err != nil {
			return err
		}
		found[i] = append(found[i], s.ScanFile(rel, data)...)
		return nil
	})
	if err != nil {
		return nil, err
	}
	return slices.Concat(found...), nil
}

// ScanOutput scans a file that is about to be written, by its
// slash-separated path: the path and the content. It may be called from
// several goroutines at once.
func (s *Scanner) ScanOutput(name string, data []byte) []Leak {
	return append(s.scanName(name), s.ScanFile(name, data)...)
}

// scanName looks for private terms in a file's path.
func (s *Scanner) scanName(rel string) []Leak {
	for _, name := range []string{rel, decodeEscapes(rel)} {
		if ms := s.terms.Find(name); len(ms) > 0 {
			return []Leak{{File: rel, What: describe(ms[0].Term)}}
		}
	}
	return nil
}

// ScanFile scans one file's content; name is used in the reported leaks.
// The file is read as a reader's tools read it (see views.go): every view
// is looked through for terms and passages.
func (s *Scanner) ScanFile(name string, data []byte) []Leak {
	var mv *markupViews
	q := quickPool.Get().(*matcher.QuickText)
	defer quickPool.Put(q)
	if len(data) >= largeFile {
		// A large file's views and folds take several times its size:
		// one at a time, and their buffers are not kept for the next file.
		largeScans.acquire(len(data))
		defer largeScans.release(len(data))
		mv, q = new(markupViews), new(matcher.QuickText)
	} else {
		mv = markupPool.Get().(*markupViews)
		defer markupPool.Put(mv)
	}
	return s.scanViews(name, data, mv, q)
}

// scanView is one way of reading a file.
type scanView struct {
	text string
	// whole: a term must end at a word's end (the raw markup, whose tag
	// and attribute names would start false alarms).
	whole bool
	// termsOnly: no passage is looked for (the text without footnote marks).
	termsOnly bool
	// chunked: strings that stand alone (matcher.HardBreak), which no term or
	// passage spans.
	chunked bool
	// echo: another view decoded further, whose offsets are approximate:
	// it reports only terms, and passages, that no other view found.
	echo bool
	// spans map the view's offsets to the file's (src); nil: the view's
	// own offsets are reported.
	spans []span
	src   string
	// reversed: another view's text, character by character from its end
	// (see withReversed); its offsets count from the end.
	reversed bool
}

// location returns the line and column of a view offset.
func (v *scanView) location(offset int) (int, int) {
	if v.reversed {
		offset = max(len(v.text)-offset-1, 0)
	}
	if v.spans == nil {
		return lineCol(v.text, min(offset, len(v.text)))
	}
	return lineCol(v.src, min(source(v.spans, offset), len(v.src)))
}

// viewsOf returns the views of a readable file's text (readText); mv holds
// the markup views' texts until it is reset.
func viewsOf(name, text string, mv *markupViews) []scanView {
	views := viewsOfUTF8(name, text, mv)
	// Bytes that are not UTF-8: a browser reads a file without a
	// declared encoding as Windows-1252 ("M\xe9dia" shows as "Média"),
	// one that declares UTF-8 with replacement characters.
	if !(isMarkup(name) && declaresUTF8(text)) && !utf8.ValidString(text) {
		if legacy, err := charmap.Windows1252.NewDecoder().String(text); err == nil {
			for _, v := range viewsOfUTF8(name, legacy, new(markupViews)) {
				v.echo = true
				views = append(views, v)
			}
		}
	}
	return views
}

// declaresUTF8 reports whether a page declares its encoding UTF-8 where a
// browser looks for the declaration: a charset in its first 1024 bytes.
func declaresUTF8(text string) bool {
	head := text[:min(len(text), 1024)]
	for i := strings.IndexByte(head, '='); i >= 0; {
		if i >= 7 && strings.EqualFold(head[i-7:i], "charset") {
			rest := strings.TrimLeft(head[i+1:], "\"' ")
			for _, utf8 := range [...]string{"utf-8", "utf8"} {
				if len(rest) >= len(utf8) && strings.EqualFold(rest[:len(utf8)], utf8) {
					return true
				}
			}
		}
		k := strings.IndexByte(head[i+1:], '=')
		if k < 0 {
			break
		}
		i += 1 + k
	}
	return false
}

// viewsOfUTF8 is viewsOf for text read as UTF-8.
func viewsOfUTF8(name, text string, mv *markupViews) []scanView {
	if !isMarkup(name) {
		whole := decodeEscapes(text)
		if isStyle(name) {
			whole = decodeCSS(text)
		}
		views := []scanView{{text: whole}}
		switch {
		case isMarkdown(name) && strings.IndexByte(text, '<') >= 0:
			// A markdown viewer shows the HTML a document holds as HTML.
			views = append(views, markupViewsOf(text, mv)...)
		case isData(name) && strings.IndexByte(whole, '<') >= 0:
			// Tags in data or text ("Lark<b>spur</b>", a "<sup>1</sup>"
			// mark, escaped or not) cut the words a reader joins: read
			// as markup too, they cut none. Where escapes were undone,
			// the views' places are approximate.
			for _, v := range markupViewsOf(whole, mv) {
				v.echo = v.echo || whole != text
				views = append(views, v)
			}
		}
		return withReversed(withFootnoteLabels(views, text))
	}
	return withReversed(withFootnoteLabels(markupViewsOf(text, mv), text))
}

// markupViewsOf returns the views of an HTML or SVG file's text.
func markupViewsOf(text string, mv *markupViews) []scanView {
	mv.read(text)
	views := []scanView{
		{text: view(mv.text), spans: mv.textAt, src: text},
		{text: view(mv.other), spans: mv.otherAt, src: text, chunked: true},
		{text: view(mv.names), spans: mv.namesAt, src: text, chunked: true, whole: true, termsOnly: true},
	}
	// Escapes a reader's tools would undo (URL, JavaScript) in the text,
	// and entities escaped twice.
	if text := views[0].text; strings.ContainsAny(text, "%\\&+") {
		if decoded := decodeEscapes(text); decoded != text {
			views = append(views, scanView{text: decoded, spans: mv.textAt, src: text, echo: true})
		}
	}
	if mv.hasSup {
		views = append(views, scanView{text: view(mv.bare), termsOnly: true, spans: mv.bareAt, src: text})
	}
	// Cells, paragraphs and lines read inline, as a style may show them:
	// the text has a line break where they meet.
	if len(mv.joins) > 0 {
		joined, at := mv.joinedAround()
		views = append(views, scanView{text: joined, spans: at, src: text, chunked: true, termsOnly: true})
	}
	// An SVG or XML file's own entities, expanded.
	if strings.Contains(text, "<!ENTITY") {
		if expanded := expandEntities(text, view(mv.text)+"\n"+view(mv.other)); expanded != "" {
			views = append(views, scanView{text: expanded, echo: true})
		}
	}
	// What a page shows without its hidden elements, whose text may sit
	// inside a name or a passage.
	if shown := mv.shownText(); shown != "" {
		views = append(views, scanView{text: shown, spans: mv.textAt, src: text, echo: true})
	}
	return views
}

// withFootnoteLabels adds, when a view holds markdown footnote references
// ("[^label]"), their labels, each alone: the matcher reads a reference as
// a gap (a mark inside a name does not hide it), but its label is text
// where the markdown is read as written (a download, code on a page).
func withFootnoteLabels(views []scanView, src string) []scanView {
	var labels []byte
	var at []span
	for _, v := range views {
		for i := strings.Index(v.text, "[^"); i >= 0; {
			if n := matcher.FootnoteRef(v.text[i:]); n > 0 {
				from := i
				if v.spans != nil {
					from = source(v.spans, i)
				}
				at = append(at, span{len(labels), min(from, len(src))})
				labels = append(append(labels, v.text[i+2:i+n-1]...), matcher.HardBreak)
			}
			k := strings.Index(v.text[i+2:], "[^")
			if k < 0 {
				break
			}
			i += 2 + k
		}
	}
	if labels == nil {
		return views
	}
	return append(views, scanView{text: string(labels), spans: at, src: src, chunked: true, termsOnly: true})
}

// rightToLeftOverride is U+202E, which makes a browser draw the letters
// after it from right to left: "\u202Esgnidloh" reads as "holdings".
const rightToLeftOverride = "\u202E"

// hasRightToLeftOverride is strings.Contains(text, rightToLeftOverride),
// looking for its last byte, 0xAE: its first, 0xE2, starts every mask bar
// (U+25AC) of a public page.
func hasRightToLeftOverride(text string) bool {
	for i := 0; ; {
		k := strings.IndexByte(text[i:], rightToLeftOverride[2])
		if k < 0 {
			return false
		}
		i += k + 1
		if i >= 3 && text[i-3:i] == rightToLeftOverride {
			return true
		}
	}
}

// withReversed adds, when the first view's text holds a right-to-left
// override, that text reversed: a reader reads the overridden letters in
// that order, and a term or passage spelled backwards after the override is
// there in reading order. Reversing the whole text rather than the
// overridden spans alone only adds text no one reads.
func withReversed(views []scanView) []scanView {
	first := views[0]
	if !hasRightToLeftOverride(first.text) {
		return views
	}
	r := []rune(first.text)
	slices.Reverse(r)
	first.text, first.reversed, first.echo = string(r), true, true
	return append(views, first)
}

// quickPool recycles the folds of the views.
var quickPool = sync.Pool{New: func() any { return new(matcher.QuickText) }}

// markupPool recycles the tokenizer's views.
var markupPool = sync.Pool{New: func() any { return new(markupViews) }}

// largeFile is the size from which a file is scanned on its own, with
// buffers that go when the scan ends.
const largeFile = 1 << 20

// largeScans bounds the bytes of the large files scanned at once: a
// results page and its JSON are scanned side by side, a page larger than
// the bound alone.
var largeScans = newByteBudget(16 << 20)

// byteBudget is a number of bytes that scans take and give back, each at
// most all of it.
type byteBudget struct {
	mu         sync.Mutex
	freed      sync.Cond
	free, size int
}

func newByteBudget(size int) *byteBudget {
	b := &byteBudget{free: size, size: size}
	b.freed.L = &b.mu
	return b
}

// acquire waits until n bytes of the budget, or all of it, are free, and
// takes them.
func (b *byteBudget) acquire(n int) {
	n = min(n, b.size)
	b.mu.Lock()
	for b.free < n {
		b.freed.Wait()
	}
	b.free -= n
	b.mu.Unlock()
}

// release gives back what acquire(n) took.
func (b *byteBudget) release(n int) {
	n = min(n, b.size)
	b.mu.Lock()
	b.free += n
	b.mu.Unlock()
	b.freed.Broadcast()
}

// scanViews is ScanFile with the buffers it reads the file's views into.
func (s *Scanner) scanViews(name string, data []byte, mv *markupViews, q *matcher.QuickText) (leaks []Leak) {
	text, ok := readText(name, data)
	if !ok {
		return s.unreadable(name)
	}
	var seen map[string]bool
	for _, v := range viewsOf(name, text, mv) {
		// One quick pass folds the view; the exact, slower passes that say
		// where a leak is run only when it finds one.
		q.Fold(v.text)
		if s.terms.MayOccurIn(q, v.whole) {
			find := s.terms.Find
			if v.whole {
				find = s.terms.FindWhole
			}
			for _, m := range find(validText(v.text)) {
				line, col := v.location(m.Start)
				key := fmt.Sprintf("%d:%s", line, m.Term.Text)
				if seen == nil {
					seen = map[string]bool{}
				}
				if seen[key] || v.echo && seen[m.Term.Text] {
					continue
				}
				seen[key], seen[m.Term.Text] = true, true
				leaks = append(leaks, Leak{File: name, Line: line, Column: col, What: describe(m.Term)})
			}
		}
		if v.termsOnly {
			continue
		}
		if s.passages != nil && s.mayLeakPassage(q) {
			for _, l := range s.scanPassages(name, &v, validText(v.text)) {
				key := fmt.Sprintf("%d:%d:passage", l.Line, l.Column)
				if seen == nil {
					seen = map[string]bool{}
				}
				if !seen[key] && !(v.echo && seen["passage"]) {
					seen[key], seen["passage"] = true, true
					leaks = append(leaks, l)
				}
			}
		}
	}
	return leaks
}

// validText returns text with bytes that are not UTF-8 read as spaces, as
// the quick pass folds them.
func validText(text string) string {
	if utf8.ValidString(text) {
		return text
	}
	return strings.ToValidUTF8(text, " ")
}

// unreadable reports a file the scan cannot read, unless it is listed as
// published unscanned.
func (s *Scanner) unreadable(name string) []Leak {
	for _, pattern := range s.unscanned {
		if ok, _ := path.Match(pattern, name); ok {
			s.mu.Lock()
			s.published = append(s.published, name)
			s.mu.Unlock()
			return nil
		}
	}
	return []Leak{{File: name, Unreadable: true,
		What: "a file the leak scan cannot read (compressed, a binary container or an image); remove it, or list it in publish.unscanned to publish it unscanned"}}
}

// PublishUnscanned lets files matching the patterns (path.Match, on the
// slash-separated path within the site) through unread, though the scan
// cannot read them.
func (s *Scanner) PublishUnscanned(patterns []string) { s.unscanned = patterns }

// Unscanned returns the files the scan let through unread, sorted.
func (s *Scanner) Unscanned() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := slices.Clone(s.published)
	sort.Strings(out)
	return slices.Compact(out)
}

func (s *Scanner) scanPassages(name string, v *scanView, text string) []Leak {
	var leaks []Leak
	var run permitRun
	inPassage := false // the previous gram was private and reported
	forEachGram(text, func(h uint64, at int) {
		switch {
		case h == 0 || !s.passages.has(h):
			inPassage = false
			run.end()
		case inPassage:
			// One leak per passage.
		case run.next(s.allowed, h):
			// Within a permitted excerpt.
		default:
			inPassage = true
			line, col := v.location(at)
			leaks = append(leaks, Leak{File: name, Line: line, Column: col,
				What: fmt.Sprintf("a passage of %d or more words of private text (starting %q)", PassageWords, inputs.Abbreviate(firstWord(text[at:])))})
		}
	})
	return leaks
}

// firstWord returns the word text starts with.
func firstWord(text string) string {
	for i, r := range text {
		if !(unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.Is(unicode.Mn, r)) {
			return text[:i]
		}
	}
	return text
}

func describe(t matcher.Term) string {
	what := map[string]string{matcher.KindModel: "model name", matcher.KindMandated: "mandated phrase", matcher.KindRedact: "private term"}[t.Kind]
	return fmt.Sprintf("%s %q (%s)", what, inputs.Abbreviate(t.Text), t.Source)
}

func lineCol(text string, offset int) (int, int) {
	before := text[:offset]
	line := 1 + strings.Count(before, "\n")
	col := 1 + utf8.RuneCountInString(before[strings.LastIndexByte(before, '\n')+1:])
	return line, col
}

// decodeEscapes undoes HTML entities, JSON and JavaScript string escapes and
// URL percent-encoding, repeatedly, so that an escaped term reads as itself.
func decodeEscapes(s string) string {
	for range 3 {
		before := s
		if strings.IndexByte(s, '&') >= 0 {
			s = html.UnescapeString(s)
		}
		if strings.IndexByte(s, '\\') >= 0 {
			s = unescapeJS(s)
		}
		if strings.IndexByte(s, '%') >= 0 {
			s = unescapePercent(s)
		}
		s = strings.ReplaceAll(s, "+", " ")
		if s == before {
			break
		}
	}
	return s
}

// unescapeJS undoes the escapes \uXXXX, \u{X...}, \xXX, \n, \r, \t and a
// backslash before one of "'/\, left to right.
func unescapeJS(s string) string {
	var b strings.Builder
	prev := 0
	for i := 0; i < len(s)-1; i++ {
		if s[i] != '\\' {
			k := strings.IndexByte(s[i:], '\\')
			if k < 0 || i+k+1 >= len(s) {
				break
			}
			i += k
		}
		var decoded string
		size := 2
		switch c := s[i+1]; c {
		case 'u', 'x':
			size = 6
			if c == 'x' {
				size = 4
			}
			if c == 'u' && i+3 < len(s) && s[i+2] == '{' { // \u{1F600}
				end := strings.IndexByte(s[i+3:min(len(s), i+11)], '}')
				if end <= 0 || !isHex(s[i+3:i+3+end]) {
					continue
				}
				n, _ := strconv.ParseUint(s[i+3:i+3+end], 16, 32)
				decoded = string(rune(n))
				size = end + 4
				break
			}
			if i+size > len(s) || !isHex(s[i+2:i+size]) {
				continue
			}
			n, _ := strconv.ParseUint(s[i+2:i+size], 16, 32)
			decoded = string(rune(n))
		case 'n':
			decoded = "\n"
		case 'r':
			decoded = "\r"
		case 't':
			decoded = "\t"
		case '"', '\'', '/', '\\':
			decoded = s[i+1 : i+2]
		default:
			continue
		}
		b.WriteString(s[prev:i])
		b.WriteString(decoded)
		prev = i + size
		i = prev - 1
	}
	if prev == 0 {
		return s
	}
	b.WriteString(s[prev:])
	return b.String()
}

// unescapePercent decodes each stretch of %XX escapes that decodes to valid
// UTF-8, and leaves the others as they are.
func unescapePercent(s string) string {
	var b strings.Builder
	prev := 0
	for i := 0; i < len(s); i++ {
		if s[i] != '%' {
			k := strings.IndexByte(s[i:], '%')
			if k < 0 {
				break
			}
			i += k
		}
		if i+3 > len(s) || !isHex(s[i+1:i+3]) {
			continue
		}
		end := i + 3
		for end+3 <= len(s) && s[end] == '%' && isHex(s[end+1:end+3]) {
			end += 3
		}
		d, err := url.PathUnescape(s[i:end])
		if err == nil && utf8.ValidString(d) {
			b.WriteString(s[prev:i])
			b.WriteString(d)
			prev = end
		}
		i = end - 1
	}
	if prev == 0 {
		return s
	}
	b.WriteString(s[prev:])
	return b.String()
}

func isHex(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i] | 0x20
		if !('0' <= s[i] && s[i] <= '9' || 'a' <= c && c <= 'f') {
			return false
		}
	}
	return true
}

// gramSet is a set of many hashes: sorted, with an index of where each
// value of the top 16 bits starts, so that a lookup searches a few dozen.
// Sorting is much faster than inserting millions of hashes into a hash
// table, whose every insertion is a cache miss.
type gramSet struct {
	sorted []uint64
	index  [1<<16 + 1]uint32
	vocab  *wordFilter // the words of the grams; nil: any word
}

// newGramSet returns the set of hashes, which it sorts in place.
func newGramSet(hashes []uint64) *gramSet {
	slices.Sort(hashes)
	return sortedGramSet(slices.Compact(hashes))
}

// sortedGramSet returns the set of hashes, which are sorted and distinct.
func sortedGramSet(hashes []uint64) *gramSet {
	s := &gramSet{sorted: hashes}
	k := 0
	for top := range 1 << 16 {
		for k < len(hashes) && int(hashes[k]>>48) < top {
			k++
		}
		s.index[top] = uint32(k)
	}
	s.index[1<<16] = uint32(len(hashes))
	return s
}

func (s *gramSet) has(h uint64) bool {
	if s == nil {
		return false
	}
	top := h >> 48
	bucket := s.sorted[s.index[top]:s.index[top+1]]
	_, found := slices.BinarySearch(bucket, h)
	return found
}
