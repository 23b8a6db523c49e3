package leakscan

import (
	"context"
	"fmt"
	"html"
	"math/rand/v2"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/evalpress/evalpress/matcher"
	"github.com/evalpress/evalpress/matcher/matchertest"
	"github.com/evalpress/evalpress/reports/inputs"
)

// decodeEscapesOracle is decodeEscapes written with regular expressions, as
// it first was: the hand-written scanners must agree with it.
func decodeEscapesOracle(s string) string {
	jsonEscape := regexp.MustCompile(`\\u[0-9a-fA-F]{4}|\\x[0-9a-fA-F]{2}|\\[nrt"'/\\]`)
	percent := regexp.MustCompile(`(%[0-9a-fA-F]{2})+`)
	unescape := func(e string) string {
		switch e[1] {
		case 'u', 'x':
			n, _ := strconv.ParseUint(e[2:], 16, 32)
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
	for range 3 {
		before := s
		s = html.UnescapeString(s)
		s = jsonEscape.ReplaceAllStringFunc(s, unescape)
		s = percent.ReplaceAllStringFunc(s, func(e string) string {
			d, err := url.PathUnescape(e)
			if err != nil || !utf8.ValidString(d) {
				return e
			}
			return d
		})
		s = strings.ReplaceAll(s, "+", " ")
		if s == before {
			break
		}
	}
	return s
}

func TestDecodeEscapesAgreesWithRegexps(t *testing.T) {
	pieces := []string{`\`, `\\`, `\u`, `\u00e9`, `\u00E9`, `\u00g9`, `\x41`, `\x4`, `\n`, `\r`, `\t`, `\"`, `\'`, `\/`, `\q`,
		`%`, `%4`, `%41`, `%c3%a9`, `%C3%A9`, `%c3`, `%zz`, `%%41`, `&amp;`, `&#x41;`, `&`, `+`, `a`, `é`, `Q`, " ", "%25", `\u005c`, `%5Cn`}
	rng := rand.New(rand.NewPCG(4, 2))
	for range 20000 {
		var b strings.Builder
		for range 1 + rng.IntN(8) {
			b.WriteString(pieces[rng.IntN(len(pieces))])
		}
		in := b.String()
		if got, want := decodeEscapes(in), decodeEscapesOracle(in); got != want {
			t.Fatalf("decodeEscapes(%q) = %q, want %q", in, got, want)
		}
	}
}

func FuzzDecodeEscapes(f *testing.F) {
	for _, s := range []string{`\u00e9%c3%a9&amp;+`, `%%41\\x41`, `\u005cu0041`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		if got, want := decodeEscapes(in), decodeEscapesOracle(in); got != want {
			t.Fatalf("decodeEscapes(%q) = %q, want %q", in, got, want)
		}
	})
}

// TestMayOccurNeverMissesAMatch cuts planted terms with markup and checks
// that the quick first pass says yes whenever Find finds a term, with or
// without the tags.
func TestMayOccurNeverMissesAMatch(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 7))
	m := matcher.New(matchertest.Terms)
	tags := []string{"<b>", "</b>", "<span class=\"x\">", "<", ">", "<a href='q'>", " "}
	hits := 0
	for i := range 5000 {
		var b strings.Builder
		b.WriteString(matchertest.RandomText(rng, 3) + " ")
		for _, r := range matchertest.Spell(rng, matchertest.Terms[rng.IntN(len(matchertest.Terms))].Text) {
			b.WriteRune(r)
			if rng.IntN(4) == 0 {
				b.WriteString(tags[rng.IntN(len(tags))])
			}
		}
		b.WriteString(" " + matchertest.RandomText(rng, 3))
		text := b.String()
		found := false
		for _, view := range []string{text, readerText(text)} {
			if len(m.Find(view)) > 0 {
				found = true
				if !m.MayOccur(view) {
					t.Fatalf("case %d: MayOccur(%q) = false, but Find finds a term", i, view)
				}
			}
		}
		if found {
			hits++
		}
	}
	if hits < 1000 {
		t.Fatalf("only %d of 5000 cases held a findable term: the test is not testing", hits)
	}
}

func TestPassageScan(t *testing.T) {
	private := "The harbour chief had promised a quiet week of sun, and the boats stayed in."
	excerpt := "a quiet week of sun and the boats stayed"
	s := testScanner(nil, private)
	s.Permit(excerpt)
	tests := []struct {
		name, text string
		leaks      int
	}{
		{"whole passage, one report", private, 1},
		{"other case and punctuation", "THE HARBOUR — CHIEF; had promised a quiet WEEK", 1},
		{"accents and markup", "<p>the harbóur <b>chief</b> had promised a quiet week</p>", 1},
		{"seven words", "harbour chief had promised a quiet week", 0},
		{"the permitted excerpt", "we show: " + excerpt + ".", 0},
		{"two passages", "the harbour chief had promised a quiet week. Then: had promised a quiet week of sun and more", 2},
		{"masked words", "▬▬ ▬ ▬▬▬ ▬ ▬▬ ▬ ▬ ▬▬ ▬", 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			leaks := s.ScanFile("page.html", []byte(tc.text))
			if len(leaks) != tc.leaks {
				t.Fatalf("%d leaks, want %d: %v", len(leaks), tc.leaks, leaks)
			}
			for _, l := range leaks {
				if !strings.Contains(l.What, "passage of 8") || l.Line != 1 {
					t.Errorf("leak %v", l)
				}
			}
		})
	}
}

func TestMayOccurHonoursWordBoundaries(t *testing.T) {
	m := matcher.New([]matcher.Term{{Text: "Script A", Kind: matcher.KindModel}, {Text: "Gem", Kind: matcher.KindModel}})
	for _, tc := range []struct {
		text string
		want bool
	}{
		{"a scripted abbey", false},
		{"Gemini and gems", true}, // fail closed: a term at a word start
		{"gemmed", true},
		{"a diadem", false},
		{"by Script-A.", true},
		{"<b>Scr</b>ipt A", true},
		{"a GEM", true},
	} {
		if got := m.MayOccur(readerText(tc.text)); got != tc.want {
			t.Errorf("MayOccur(%q) = %v, want %v", tc.text, got, tc.want)
		}
	}
}

// TestSeedSet: every seed added is found at each of its places, in order,
// unless it has more than maxPlaces; no seed never added is found.
func TestSeedSet(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, n := range []int{0, 1, 100, 5000, 100000} {
		in := map[uint32][]uint32{}
		var seeds []uint64
		for k := range n {
			h := rng.Uint32() | 1
			if rng.IntN(4) == 0 {
				h &= 0xFF // many values sharing top bits
				h |= 1
			}
			if rng.IntN(50) == 0 { // a common seed
				h = 0xABCD0001
			}
			in[h] = append(in[h], uint32(k))
			seeds = append(seeds, uint64(h)<<32|uint64(k))
		}
		set := newSeedSet(slices.Clone(seeds))
		for h, places := range in {
			var got []uint32
			for _, e := range set.places(h) {
				got = append(got, uint32(e))
			}
			slices.Sort(places)
			places = places[:min(len(places), maxPlaces)]
			if !slices.Equal(got, places) {
				t.Fatalf("n=%d: seed %x at %v, want %v", n, h, got, places)
			}
		}
		for range 1000 {
			if h := rng.Uint32() | 1; in[h] == nil && len(set.places(h)) > 0 {
				t.Fatalf("n=%d: %x found but never added", n, h)
			}
		}
	}
}

// TestQuickPassageCheckAgreesWithTheExactScan plants private passages cut
// by markup, accents and punctuation in random pages: the quick check says
// yes exactly when the exact scan reports a passage.
func TestQuickPassageCheckAgreesWithTheExactScan(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 8))
	private := matchertest.RandomText(rng, 400)
	s := testScanner(nil, private)
	words := strings.Fields(private)
	decorate := []string{"<b>", "</b>", " — ", "É", "\u0301", "<a href='x'>", ", ", "\n"}
	leaky := 0
	for i := range 2000 {
		var b strings.Builder
		b.WriteString(matchertest.RandomText(rng, 5) + " ")
		at := rng.IntN(len(words) - 12)
		for _, w := range words[at : at+6+rng.IntN(6)] {
			b.WriteString(w)
			if rng.IntN(3) == 0 {
				b.WriteString(decorate[rng.IntN(len(decorate))])
			}
			b.WriteString(" ")
		}
		b.WriteString(matchertest.RandomText(rng, 5))
		page := b.String()
		reader := readerText(page)
		q := quickPool.Get().(*matcher.QuickText)
		q.Fold(reader)
		quick := s.mayLeakPassage(q, s.allowed)
		quickPool.Put(q)
		exact := len(s.scanPassages("p", &scanView{text: reader}, reader)) > 0
		if quick != exact {
			t.Fatalf("case %d: quick check %v, exact scan %v, on %q", i, quick, exact, page)
		}
		if exact {
			leaky++
		}
	}
	if leaky < 200 || leaky > 1800 {
		t.Fatalf("%d of 2000 pages leak: the cases do not test both answers", leaky)
	}
}

func TestScanFileReadsThroughBytesThatAreNotUTF8(t *testing.T) {
	s := &Scanner{terms: matcher.New(matchertest.Terms)}
	for _, page := range []string{
		"by Quillion\xff2.5\xfe\xfdPro today",
		"<p>Larkspur-3\xc3 Turbo</p>",
	} {
		leaks := s.ScanFile("p.html", []byte(page))
		if len(leaks) == 0 {
			t.Errorf("no leak found in %q", page)
		}
		for _, l := range leaks {
			if l.Line != 1 {
				t.Errorf("leak %v in %q", l, page)
			}
		}
	}
}

func TestPermitOnATermsOnlyScanner(t *testing.T) {
	s, err := New(&inputs.Folder{}, false, []string{"an excerpt of some words that would be permitted"})
	if err != nil {
		t.Fatal(err)
	}
	s.Permit("another excerpt of eight or more words to permit here")
	if leaks := s.ScanFile("p.html", []byte("an excerpt of some words that would be permitted")); len(leaks) != 0 {
		t.Fatalf("leaks %v", leaks)
	}
}

// readerText returns the text a browser shows of an HTML page, as the scan
// reads it.
func readerText(page string) string {
	var mv markupViews
	mv.read(page)
	return string(mv.text)
}

// TestLargeFileScratchGrowsOnDemand: the scan's buffers for a file are
// made with room for a large file's at most, but the text view, which is
// most of a page: its other strings are few.
func TestLargeFileScratchGrowsOnDemand(t *testing.T) {
	tests := []struct{ n, text, other int }{
		{1000, 1000, 500},
		{largeFile, largeFile, largeFile / 2},
		{45 << 20, 45 << 20, largeFile / 2},
	}
	for _, tc := range tests {
		var v markupViews
		v.reset(tc.n)
		if cap(v.text) < tc.text || cap(v.other) < tc.other || cap(v.other) > tc.other+tc.other/8+64 {
			t.Errorf("n=%d: room for %d bytes of text and %d of other strings, want %d and %d", tc.n, cap(v.text), cap(v.other), tc.text, tc.other)
		}
	}
}

// escape writes s as some page or file might: plain, HTML entities, URL or
// JSON escaping, or with markup inside.
func escape(rng *rand.Rand, s string) string {
	switch rng.IntN(6) {
	case 1:
		var b strings.Builder
		for _, r := range s {
			if rng.IntN(2) == 0 {
				fmt.Fprintf(&b, "&#%d;", r)
			} else {
				b.WriteRune(r)
			}
		}
		return b.String()
	case 2:
		return url.PathEscape(s)
	case 3:
		var b strings.Builder
		for _, r := range s {
			if r < 0x10000 && rng.IntN(2) == 0 {
				fmt.Fprintf(&b, "\\u%04x", r)
			} else {
				b.WriteRune(r)
			}
		}
		return b.String()
	case 4:
		rs := []rune(s)
		k := 1 + rng.IntN(len(rs)-1)
		return "<b>" + string(rs[:k]) + "</b><i>" + string(rs[k:]) + "</i>"
	case 5:
		return strings.ReplaceAll(s, " ", "&nbsp;")
	}
	return s
}

// TestScannerCatchesEscapedTermsInFilesAndNames writes a folder in which every
// file holds a planted term in a random spelling and escaping, or names one,
// and a clean file; the scan reports every planted file and not the clean one,
// a file that names a term by its name with the term masked.
func TestScannerCatchesEscapedTermsInFilesAndNames(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 1))
	s := &Scanner{terms: matcher.New(matchertest.Terms)}
	for round := range 30 {
		dir := t.TempDir()
		want, names := map[string]bool{}, 0
		for k := range 8 {
			term := matchertest.Terms[rng.IntN(len(matchertest.Terms))].Text
			planted := escape(rng, matchertest.Spell(rng, term))
			name := fmt.Sprintf("page-%d.html", k)
			if k%4 == 3 {
				name = fmt.Sprintf("%s.html", strings.Map(func(r rune) rune {
					if r == '/' || r == '\\' || r == 0 {
						return '-'
					}
					return r
				}, url.PathEscape(matchertest.Spell(rng, term))))
				planted = "nothing to see"
				names++
			}
			content := matchertest.RandomText(rng, 20) + " " + planted + " " + matchertest.RandomText(rng, 20)
			if err := os.WriteFile(filepath.Join(dir, name), []byte(content), 0o644); err != nil {
				t.Fatal(err)
			}
			if k%4 != 3 {
				want[name] = true
			}
		}
		os.WriteFile(filepath.Join(dir, "clean.html"), []byte("<p>"+matchertest.RandomText(rng, 50)+"</p>"), 0o644)
		leaks, err := s.ScanDir(context.Background(), dir)
		if err != nil {
			t.Fatal(err)
		}
		got, gotNames := map[string]bool{}, 0
		for _, l := range leaks {
			got[l.File] = true
			if l.Line == 0 {
				gotNames++
				if !strings.Contains(l.File, "[") {
					t.Errorf("round %d: the file's name is shown unmasked: %s", round, l)
				}
			}
			if strings.Contains(l.What, "Quillion") || strings.Contains(l.What, "Juniper") {
				t.Errorf("the report repeats a term: %s", l)
			}
		}
		for name := range want {
			if !got[name] {
				t.Errorf("round %d: leak in %s not reported (got %v)", round, name, leaks)
			}
		}
		if gotNames != names {
			t.Errorf("round %d: %d file names reported, want %d (got %v)", round, gotNames, names, leaks)
		}
		if got["clean.html"] {
			t.Errorf("round %d: false alarm on clean.html", round)
		}
	}
}

// TestOverlappingExcerptsDoNotStitch: two permitted excerpts that overlap
// in the private text do not permit the longer passage they join into,
// nor a passage that runs on beyond one of them.
func TestOverlappingExcerptsDoNotStitch(t *testing.T) {
	words := strings.Fields("one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen seventeen eighteen nineteen twenty")
	private := strings.Join(words, " ")
	s := testScanner(nil, private)
	a, b := strings.Join(words[0:12], " "), strings.Join(words[6:18], " ")
	s.Permit(a, b)
	for _, tc := range []struct {
		name, text string
		leak       bool
	}{
		{"first excerpt", "<p>" + a + "</p>", false},
		{"second excerpt", "<p>" + b + "</p>", false},
		{"both, apart", "<p>" + a + "</p><p>and</p><p>" + b + "</p>", false},
		{"a part of one", strings.Join(words[2:11], " "), false},
		{"stitched", strings.Join(words[0:18], " "), true},
		{"run on beyond one", strings.Join(words[6:19], " "), true},
	} {
		leaks := s.ScanFile("p.html", []byte(tc.text))
		if (len(leaks) > 0) != tc.leak {
			t.Errorf("%s: leaks %v, want a leak: %v", tc.name, leaks, tc.leak)
		}
		q := quickPool.Get().(*matcher.QuickText)
		q.Fold(readerText(tc.text))
		quick := s.mayLeakPassage(q, s.allowed)
		quickPool.Put(q)
		if quick != tc.leak {
			t.Errorf("%s: quick check says %v, want %v", tc.name, quick, tc.leak)
		}
	}
}

// TestPermitUnderStaysInItsFolder: an excerpt permitted under a folder (an
// earlier release's) passes in its files and nowhere else.
func TestPermitUnderStaysInItsFolder(t *testing.T) {
	t.Parallel()
	private := "The harbour chief had promised a quiet week of sun, and the boats stayed in."
	excerpt := "a quiet week of sun and the boats stayed"
	s := testScanner(nil, private)
	s.Permit()
	s.PermitUnder("releases/v1/", excerpt)
	for _, tc := range []struct {
		name  string
		leaks int
	}{
		{"releases/v1/data/results.json", 0},
		{"releases/v1/cells/a.html", 0},
		{"releases/v10/index.html", 1},
		{"notes.txt", 1},
		{"index.html", 1},
	} {
		if got := len(s.ScanFile(tc.name, []byte("we show: "+excerpt+"."))); got != tc.leaks {
			t.Errorf("%s: %d leaks, want %d", tc.name, got, tc.leaks)
		}
	}
}
