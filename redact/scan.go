package redact

import (
	"bytes"
	"fmt"
	"html"
	"io/fs"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/evalpress/evalpress/internal/parallel"
	"github.com/evalpress/evalpress/reports/c5"
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
}

func (l Leak) String() string {
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
	terms    *Matcher
	passages *hashSet // n-gram hashes of the private texts; nil: terms only
	allowed  *hashSet // n-gram hashes of the permitted excerpts
}

// NewScanner returns a scanner for the private inputs in folder. With
// passages, the private texts' passages are looked for too; allowed lists
// the excerpts a public build may show.
func NewScanner(folder *inputs.Folder, passages bool, allowed []string) (*Scanner, error) {
	s := &Scanner{terms: NewMatcher(PrivateTerms(folder))}
	if !passages {
		return s, nil
	}
	s.passages = newHashSet(1 << 12)
	s.allowed = newHashSet(64)
	norm := c5.NewNormaliser(nil)
	dict := c5.NewDict()
	var tok c5.Tokens
	add := func(set *hashSet, text string) {
		dict.Reset()
		norm.Tokenise(text, dict, &tok)
		forEachGram(&tok, func(h uint64) { set.add(h) })
	}
	for _, sec := range folder.Sections {
		text, err := folder.SectionText(sec)
		if err != nil {
			return nil, err
		}
		add(s.passages, text)
	}
	for _, ex := range folder.Examples {
		for _, v := range ex.Variants {
			text, err := folder.VariantText(v)
			if err != nil {
				return nil, err
			}
			add(s.passages, text)
		}
	}
	for _, a := range allowed {
		add(s.allowed, a)
	}
	return s, nil
}

// forEachGram calls fn with the hash of every PassageWords-gram of t.
func forEachGram(t *c5.Tokens, fn func(uint64)) {
	wh := wordHashes(t, nil)
	for i := 0; i+PassageWords <= len(wh); i++ {
		fn(gramHash(wh[i : i+PassageWords]))
	}
}

// wordHashes hashes each word of t (FNV-1a), appending to dst.
func wordHashes(t *c5.Tokens, dst []uint64) []uint64 {
	for i := range t.Len() {
		dst = append(dst, hashString(t.Word(i)))
	}
	return dst
}

func hashString(s string) uint64 {
	h := uint64(14695981039346656037)
	for i := 0; i < len(s); i++ {
		h ^= uint64(s[i])
		h *= 1099511628211
	}
	return h
}

// gramHash combines the hashes of consecutive words.
func gramHash(words []uint64) uint64 {
	h := uint64(0x9E3779B97F4A7C15)
	for _, w := range words {
		h = (h ^ w) * 0x100000001B3
		h ^= h >> 29
	}
	return h | 1
}

// ScanDir scans every file under dir, and every file name.
func (s *Scanner) ScanDir(dir string) ([]Leak, error) {
	var files []string
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if path == dir {
			return nil
		}
		files = append(files, path)
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("failed to list %s: %w", dir, err)
	}
	sort.Strings(files)
	found := make([][]Leak, len(files))
	err = parallel.For(len(files), func(i int) error {
		path := files[i]
		rel, _ := filepath.Rel(dir, path)
		rel = filepath.ToSlash(rel)
		found[i] = s.scanName(rel)
		info, err := os.Stat(path)
		if err != nil {
			return fmt.Errorf("failed to scan %s: %w", path, err)
		}
		if info.IsDir() {
			return nil
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return fmt.Errorf("failed to scan %s: %w", path, err)
		}
		found[i] = append(found[i], s.ScanFile(rel, data)...)
		return nil
	})
	if err != nil {
		return nil, err
	}
	return slices.Concat(found...), nil
}

// ScanFiles scans files that are about to be written, by their
// slash-separated paths, names included, in the order of the paths.
func (s *Scanner) ScanFiles(files map[string][]byte) []Leak {
	names := make([]string, 0, len(files))
	for name := range files {
		names = append(names, name)
	}
	sort.Strings(names)
	found := make([][]Leak, len(names))
	_ = parallel.For(len(names), func(i int) error {
		found[i] = append(s.scanName(names[i]), s.ScanFile(names[i], files[names[i]])...)
		return nil
	})
	return slices.Concat(found...)
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

// stripTags removes HTML tags (anything from "<" to the next ">"), so that
// a term broken up by markup reads as itself.
func stripTags(s string) string {
	if strings.IndexByte(s, '<') < 0 {
		return s
	}
	var b strings.Builder
	b.Grow(len(s))
	for {
		i := strings.IndexByte(s, '<')
		if i < 0 {
			b.WriteString(s)
			break
		}
		j := strings.IndexByte(s[i:], '>')
		if j < 0 {
			b.WriteString(s)
			break
		}
		b.WriteString(s[:i])
		s = s[i+j+1:]
	}
	return b.String()
}

// ScanFile scans one file's content; name is used in the reported leaks.
// The text is read twice: with escaping undone, and also without markup.
func (s *Scanner) ScanFile(name string, data []byte) []Leak {
	if !utf8.Valid(data) {
		data = bytes.ToValidUTF8(data, []byte(" "))
	}
	decoded := decodeEscapes(string(data))
	untagged := stripTags(decoded)
	var leaks []Leak
	seen := map[string]bool{}
	for _, text := range []string{decoded, untagged} {
		for _, m := range s.terms.Find(text) {
			line, col := lineCol(text, m.Start)
			key := fmt.Sprintf("%d:%s", line, m.Term.Text)
			if seen[key] {
				continue
			}
			seen[key] = true
			leaks = append(leaks, Leak{File: name, Line: line, Column: col, What: describe(m.Term)})
		}
	}
	if s.passages != nil {
		leaks = append(leaks, s.scanPassages(name, untagged)...)
	}
	return leaks
}

func (s *Scanner) scanPassages(name, text string) []Leak {
	norm := c5.NewNormaliser(nil)
	var tok c5.Tokens
	norm.TokeniseWithOffsets(text, c5.NewDict(), &tok)
	wh := wordHashes(&tok, nil)
	var leaks []Leak
	for i := 0; i+PassageWords <= len(wh); i++ {
		h := gramHash(wh[i : i+PassageWords])
		if !s.passages.has(h) || s.allowed.has(h) {
			continue
		}
		line, col := lineCol(text, int(tok.Start[i]))
		leaks = append(leaks, Leak{File: name, Line: line, Column: col,
			What: fmt.Sprintf("a passage of %d or more words of private text (starting %q)", PassageWords, inputs.Abbreviate(tok.Word(i)))})
		for i+PassageWords <= len(wh) && s.passages.has(gramHash(wh[i:i+PassageWords])) {
			i++ // report one leak per passage
		}
	}
	return leaks
}

func describe(t PrivateTerm) string {
	what := map[string]string{KindModel: "model name", KindMandated: "mandated phrase", KindRedact: "private term"}[t.Kind]
	return fmt.Sprintf("%s %q (%s)", what, inputs.Abbreviate(t.Text), t.Source)
}

func lineCol(text string, offset int) (int, int) {
	before := text[:offset]
	line := 1 + strings.Count(before, "\n")
	col := 1 + utf8.RuneCountInString(before[strings.LastIndexByte(before, '\n')+1:])
	return line, col
}

var (
	jsonEscape = regexp.MustCompile(`\\u[0-9a-fA-F]{4}|\\x[0-9a-fA-F]{2}|\\[nrt"'/\\]`)
	percent    = regexp.MustCompile(`(%[0-9a-fA-F]{2})+`)
)

// decodeEscapes undoes HTML entities, JSON and JavaScript string escapes and
// URL percent-encoding, repeatedly, so that an escaped term reads as itself.
func decodeEscapes(s string) string {
	for range 3 {
		before := s
		if strings.IndexByte(s, '&') >= 0 {
			s = html.UnescapeString(s)
		}
		if strings.IndexByte(s, '\\') >= 0 {
			s = jsonEscape.ReplaceAllStringFunc(s, unescapeJS)
		}
		if strings.IndexByte(s, '%') >= 0 {
			s = percent.ReplaceAllStringFunc(s, func(e string) string {
				d, err := url.PathUnescape(e)
				if err != nil || !utf8.ValidString(d) {
					return e
				}
				return d
			})
		}
		s = strings.ReplaceAll(s, "+", " ")
		if s == before {
			break
		}
	}
	return s
}

func unescapeJS(e string) string {
	switch e[1] {
	case 'u', 'x':
		n, err := strconv.ParseUint(e[2:], 16, 32)
		if err != nil {
			return e
		}
		return string(rune(n))
	case 'n':
		return "\n"
	case 'r':
		return "\r"
	case 't':
		return "\t"
	}
	return e[1:]
}

// hashSet is an open-addressing set of non-zero 64-bit hashes.
type hashSet struct {
	slots []uint64
	n     int
}

func newHashSet(capacity int) *hashSet {
	size := 16
	for size < 2*capacity {
		size <<= 1
	}
	return &hashSet{slots: make([]uint64, size)}
}

func (s *hashSet) add(h uint64) {
	if 2*(s.n+1) > len(s.slots) {
		old := s.slots
		s.slots = make([]uint64, 2*len(old))
		s.n = 0
		for _, v := range old {
			if v != 0 {
				s.add(v)
			}
		}
	}
	mask := uint64(len(s.slots) - 1)
	for i := (h * 0x9E3779B97F4A7C15) >> 7 & mask; ; i = (i + 1) & mask {
		switch s.slots[i] {
		case h:
			return
		case 0:
			s.slots[i] = h
			s.n++
			return
		}
	}
}

func (s *hashSet) has(h uint64) bool {
	if s == nil {
		return false
	}
	mask := uint64(len(s.slots) - 1)
	for i := (h * 0x9E3779B97F4A7C15) >> 7 & mask; ; i = (i + 1) & mask {
		switch s.slots[i] {
		case h:
			return true
		case 0:
			return false
		}
	}
}
