// Package leakscan is the wall's second side: it reads every file a build
// publishes (and any folder before an upload) as a reader's tools read it,
// and reports each private term and each passage of the private texts it
// finds. HTML and SVG are read with one reader, x/net/html's Tokenizer
// (markup.go); text files with their escapes undone (escapes.go); each file
// in every way a reader may read it (readings.go). It takes its terms and
// passages from the private inputs and its permits (the excerpts a public
// build shows) from the findings, never from the view it checks.
package leakscan

import (
	"context"
	"crypto/sha256"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"github.com/evalpress/evalpress/internal/parallel"
	"github.com/evalpress/evalpress/internal/readfile"
	"github.com/evalpress/evalpress/matcher"
	"github.com/evalpress/evalpress/reports/inputs"
)

// Leak is a private term or passage found in a written site.
type Leak struct {
	File         string // path relative to the scanned folder
	Line, Column int    // 0 for a leak in the file's name
	What         string // what leaked and where it comes from, never its letters
	// Unreadable is true for a file the scan cannot read, which is refused
	// as a leak would be.
	Unreadable bool
}

// String reports the leak as FILE:LINE:COLUMN: what, without the term.
func (l Leak) String() string {
	if l.Unreadable && l.Line > 0 {
		return fmt.Sprintf("%s:%d: %s", l.File, l.Line, l.What)
	}
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
	passages *seedSet        // the private texts' seeds; nil: terms only
	allowed  *permitSet      // the permitted excerpts, each as a whole
	scoped   []scopedPermits // excerpts permitted under a folder (PermitUnder)

	unscanned []string   // patterns of files published unread
	mu        sync.Mutex // guards published
	published []string   // the files let through unread

	// fixedFiles are the digests of the binary's own files (Fixed), by
	// size; fixedLines the lines of the program source it quotes.
	fixedFiles map[int][][sha256.Size]byte
	fixedLines map[string]bool
	// fixedSeq are the keys (lineKey) of every line of the texts, in
	// order, and fixedAt where each non-empty key is in it.
	fixedSeq []string
	fixedAt  map[string][]int
}

// Fixed declares the binary's own bytes, which carry nothing from the
// inputs: a file byte for byte one of files (the embedded assets, the
// vendored chart library) is not read for terms or passages (its name is),
// and a term found on a line of a page that lies in a run of lines of one
// of texts (the program source the method page quotes) is no leak: its
// letters and digits are those of the source. Call it before scanning.
func (s *Scanner) Fixed(files [][]byte, texts []string) {
	if s.fixedFiles == nil {
		s.fixedFiles, s.fixedLines, s.fixedAt = map[int][][sha256.Size]byte{}, map[string]bool{}, map[string][]int{}
	}
	for _, f := range files {
		s.fixedFiles[len(f)] = append(s.fixedFiles[len(f)], sha256.Sum256(f))
	}
	for _, t := range texts {
		for line := range strings.Lines(t) {
			key := lineKey(line)
			if len(key) >= minFixedLine {
				s.fixedLines[key] = true
			}
			if key != "" {
				s.fixedAt[key] = append(s.fixedAt[key], len(s.fixedSeq))
			}
			s.fixedSeq = append(s.fixedSeq, key)
		}
		s.fixedSeq = append(s.fixedSeq, textEnd) // no run spans two texts
	}
}

// textEnd ends each text in fixedSeq: no line's key.
const textEnd = "\x00"

// isFixed reports whether data is one of the fixed files.
func (s *Scanner) isFixed(data []byte) bool {
	digests := s.fixedFiles[len(data)]
	if len(digests) == 0 {
		return false
	}
	sum := sha256.Sum256(data)
	return slices.Contains(digests, sum)
}

// onFixedLine reports whether the text's bytes [start, end) lie on a line
// that is a line of the fixed texts: a line of minFixedLine letters and
// digits or more, or a shorter one ("i = (i + 1) & a.mask") in a run of
// consecutive lines of the text that are consecutive lines of a fixed text
// and hold that many together. A short line alone is one anyone may write
// ("Meta" may be a line of a source); quoted among its neighbours it is the
// source's.
func (s *Scanner) onFixedLine(text string, start, end int) bool {
	if len(s.fixedSeq) == 0 || strings.Contains(text[start:end], "\n") {
		return false
	}
	from, to := lineAround(text, start)
	key := lineKey(text[from:to])
	if s.fixedLines[key] {
		return true
	}
	for _, j := range s.fixedAt[key] {
		n := len(key)
		// Up, then down, while the page's lines are the source's.
		for k, at := j-1, from; n < minFixedLine && k >= 0 && at > 0 && k > j-maxFixedRun; k-- {
			f, t := lineAround(text, at-1)
			if lineKey(text[f:t]) != s.fixedSeq[k] {
				break
			}
			n += len(s.fixedSeq[k])
			at = f
		}
		for k, at := j+1, to; n < minFixedLine && k < len(s.fixedSeq) && at < len(text) && k < j+maxFixedRun; k++ {
			f, t := lineAround(text, at+1)
			if lineKey(text[f:t]) != s.fixedSeq[k] {
				break
			}
			n += len(s.fixedSeq[k])
			at = t
		}
		if n >= minFixedLine {
			return true
		}
	}
	return false
}

// maxFixedRun bounds the lines a run of fixed lines is looked for in, each
// way.
const maxFixedRun = 8

// lineAround returns the bounds of the line of text that holds offset at
// (a line's end, its newline excluded).
func lineAround(text string, at int) (from, to int) {
	from = strings.LastIndexByte(text[:at], '\n') + 1
	to = len(text)
	if k := strings.IndexByte(text[at:], '\n'); k >= 0 {
		to = at + k
	}
	return from, to
}

// minFixedLine is the fewest letters and digits of a run of source lines
// that Fixed declares: fewer ("i++") are lines anyone may write.
const minFixedLine = 12

// lineKey returns a line's letters and digits, lower case: a line of a
// page is a line of the program source whatever its spaces and escapes
// ("i + 1" reads "i   1" with URL escapes undone).
func lineKey(line string) string {
	return strings.Map(func(r rune) rune {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			return unicode.ToLower(r)
		}
		return -1
	}, line)
}

// New returns a scanner for the private inputs in folder. With
// passages, the private texts' passages are looked for too; allowed lists
// the excerpts a public build may show.
func New(folder *inputs.Folder, passages bool, allowed []string) (*Scanner, error) {
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
	variants := folder.Variants()
	for _, v := range variants {
		size += v.Body.End - v.Body.Start
	}
	private.seeds = make([]uint64, 0, size/5) // about a seed a word
	for _, sec := range folder.Sections {
		text, err := folder.SectionText(sec)
		if err != nil {
			return nil, err
		}
		private.add(text, nil)
	}
	for _, v := range variants {
		text, err := folder.VariantText(v)
		if err != nil {
			return nil, err
		}
		private.add(text, nil)
	}
	// The judges' analyses, less what they quote of the texts the protocol
	// publishes (the frozen prompt, the fixtures): a judge restating its
	// rubric reveals nothing.
	var public *seedSet
	if len(folder.PublicTexts) > 0 {
		var index passageIndex
		for _, text := range folder.PublicTexts {
			index.add(text, nil)
		}
		public = index.set()
	}
	for _, text := range folder.PrivateTexts {
		private.add(text, public)
	}
	s.passages = private.set()
	s.Permit(allowed...)
	return s, nil
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
		if filepath.Dir(path) == root && d.Name() == ".git" {
			// A git checkout's own folder (a gh-pages branch): no host
			// publishes it, and it holds every earlier site.
			if d.IsDir() {
				return fs.SkipDir
			}
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
			found[i] = s.masked(rel, found[i])
			return nil
		}
		data, err := readfile.ReadFile(ctx, path, readfile.Corpus)
		if err != nil {
			return err
		}
		found[i] = s.masked(rel, append(found[i], s.ScanFile(rel, data)...))
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
	return s.masked(name, append(s.scanName(name), s.ScanFile(name, data)...))
}

// masked returns the leaks of the file name, each naming it with its
// private terms masked ("[model]-notes.txt"): a report goes to terminals
// and CI logs, and must hold no letter of a term, yet say which file to
// rename.
func (s *Scanner) masked(name string, leaks []Leak) []Leak {
	if len(leaks) == 0 {
		return leaks
	}
	shown := s.terms.MaskName(name, decodeEscapes)
	for i := range leaks {
		leaks[i].File = shown
	}
	return leaks
}

// scanName looks for private terms in a file's path, a name the author
// chose: ordinary words of an identity in any case (matcher.FindName).
func (s *Scanner) scanName(rel string) []Leak {
	for _, name := range []string{rel, decodeEscapes(rel)} {
		if ms := s.terms.FindName(name); len(ms) > 0 {
			return []Leak{{File: rel, What: describe(ms[0].Term)}}
		}
	}
	return nil
}

// ScanFile scans one file's content; name is used in the reported leaks.
// The file is read as a reader's tools read it (see views.go): every view
// is looked through for terms and passages.
func (s *Scanner) ScanFile(name string, data []byte) []Leak {
	if s.isFixed(data) {
		return nil
	}
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
	mv.drawnAt, mv.shapesAt, mv.embeds = 0, 0, mv.embeds[:0]
	views := viewsOf(name, text, mv)
	if l, ok := s.drawnOrder(name, text, mv); !ok {
		return l
	}
	leaks = s.scanEmbedded(name, text, mv)
	var seen map[string]bool
	for _, v := range views {
		// One quick pass folds the view; the exact, slower passes that say
		// where a leak is run only when it finds one.
		q.Fold(v.text)
		if s.terms.MayOccurIn(q, v.whole) {
			find := s.terms.Find
			if v.whole {
				find = s.terms.FindWhole
			}
			text := validText(v.text)
			for _, m := range find(text) {
				if seen == nil {
					seen = map[string]bool{}
				}
				if s.onFixedLine(text, m.Start, m.End) {
					continue
				}
				line, col := v.location(m.Start)
				key := fmt.Sprintf("%d:%s", line, m.Term.Text)
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
		if s.passages != nil && s.mayLeakPassage(q, s.permitsFor(name)) {
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
	return s.refuse(Leak{File: name, Unreadable: true,
		What: "a file the leak scan cannot read (compressed, a binary container or an image); remove it, or list it in publish.unscanned to publish it unscanned"})
}

// refuse reports l, a file the scan cannot read, unless the file is listed
// as published unscanned.
func (s *Scanner) refuse(l Leak) []Leak {
	for _, pattern := range s.unscanned {
		if ok, _ := path.Match(pattern, l.File); ok {
			s.mu.Lock()
			s.published = append(s.published, l.File)
			s.mu.Unlock()
			return nil
		}
	}
	return []Leak{l}
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

func describe(t matcher.Term) string { return t.Describe() }

func lineCol(text string, offset int) (int, int) {
	before := text[:offset]
	line := 1 + strings.Count(before, "\n")
	col := 1 + utf8.RuneCountInString(before[strings.LastIndexByte(before, '\n')+1:])
	return line, col
}
