package c5

import (
	"fmt"
	"math/rand/v2"
	"regexp"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/evalpress/evalpress/internal/jscompat"
)

// oracle is the reference's algorithm transcribed literally: normalise with
// regular expressions, longest run by O(n*m) dynamic programming, n-grams as
// sets of joined strings. It is slow and obviously faithful; the fast engine
// must agree with it everywhere.
type oracleResult struct {
	words, run    int
	runText       string
	shared, total int
}

var nonWord = regexp.MustCompile(`[^a-z0-9]+`)

func oracleNormalise(s string, mandated []string) []string {
	t := jscompat.Lower(s)
	for _, p := range mandated {
		t = strings.Join(strings.Split(t, jscompat.Lower(p)), " ")
	}
	return strings.Fields(nonWord.ReplaceAllString(t, " "))
}

func oracleCompare(section, example string, mandated []string, n int) oracleResult {
	a, b := oracleNormalise(section, mandated), oracleNormalise(example, mandated)
	r := oracleResult{words: len(a)}
	if len(a) > 0 && len(b) > 0 {
		prev := make([]int, len(b)+1)
		bestEnd := 0
		for i := 1; i <= len(a); i++ {
			cur := make([]int, len(b)+1)
			for j := 1; j <= len(b); j++ {
				if a[i-1] == b[j-1] {
					cur[j] = prev[j-1] + 1
					if cur[j] > r.run {
						r.run, bestEnd = cur[j], i
					}
				}
			}
			prev = cur
		}
		r.runText = strings.Join(a[bestEnd-r.run:bestEnd], " ")
	}
	grams := func(ws []string) map[string]bool {
		s := map[string]bool{}
		for i := 0; i+n <= len(ws); i++ {
			s[strings.Join(ws[i:i+n], " ")] = true
		}
		return s
	}
	ga, gb := grams(a), grams(b)
	for g := range ga {
		if gb[g] {
			r.shared++
		}
	}
	r.total = len(ga)
	return r
}

func measureOnce(section, example string, mandated []string, n int) (Comparison, *Tokens, *Tokens) {
	norm := NewNormaliser(mandated)
	dict := NewDict()
	var st, et Tokens
	norm.TokeniseWithOffsets(example, dict, &et)
	var ex Example
	ex.Prepare(&et)
	norm.TokeniseWithOffsets(section, dict, &st)
	var c Comparer
	return c.Compare(&st, &ex, n), &st, &et
}

func assertAgrees(t *testing.T, section, example string, mandated []string, n int) {
	t.Helper()
	got, st, et := measureOnce(section, example, mandated, n)
	want := oracleCompare(section, example, mandated, n)
	runText := st.Words(got.RunSectionAt, got.RunSectionAt+got.Run)
	if got.Words != want.words || got.Run != want.run || runText != want.runText || got.Shared != want.shared || got.Distinct != want.total {
		t.Fatalf("section %q example %q mandated %q n=%d:\n got words=%d run=%d %q shared=%d/%d\nwant words=%d run=%d %q shared=%d/%d",
			section, example, mandated, n, got.Words, got.Run, runText, got.Shared, got.Distinct,
			want.words, want.run, want.runText, want.shared, want.total)
	}
	if got.Run > 0 {
		// The run really is in the example, at the first place it occurs.
		exampleRun := et.Words(got.RunExampleAt, got.RunExampleAt+got.Run)
		if exampleRun != runText {
			t.Fatalf("example run at %d is %q, want %q", got.RunExampleAt, exampleRun, runText)
		}
		for j := 0; j < got.RunExampleAt; j++ {
			if et.Words(j, j+got.Run) == runText {
				t.Fatalf("run %q occurs in the example at %d, before the reported %d", runText, j, got.RunExampleAt)
			}
		}
	}
	// Offsets point at the words in the original text.
	for i := range st.IDs {
		orig := oracleNormalise(section[st.Start[i]:st.End[i]], nil)
		if len(orig) == 0 || !strings.Contains(strings.Join(orig, " "), st.Word(i)) {
			t.Fatalf("word %d %q has offsets [%d,%d) covering %q", i, st.Word(i), st.Start[i], st.End[i], section[st.Start[i]:st.End[i]])
		}
	}
}

func TestCompareExamples(t *testing.T) {
	tests := []struct {
		name, section, example string
		mandated               []string
		n                      int
	}{
		{"empty section", "", "some example words", nil, 8},
		{"empty example", "some section words", "", nil, 8},
		{"identical", "one two three four five six seven eight nine", "one two three four five six seven eight nine", nil, 8},
		{"earliest run wins ties", "a b c x d e f", "d e f y a b c", nil, 2},
		{"case and punctuation ignored", "The CART, the cart; THE cart!", "the cart the cart the cart", nil, 3},
		{"mandated phrase stripped from both", "Welcome to the Show. alpha beta", "alpha welcome to the show beta", []string{"Welcome to the show"}, 1},
		{"mandated phrases applied in order", "abc def", "abc def", []string{"c d", "ab"}, 1},
		{"dotted capital I splits a word", "İstanbul istanbul", "i stanbul", nil, 1},
		{"kelvin sign is k", "\u212Aelvin", "kelvin", nil, 1},
		{"repeated n-grams count once", "a b a b a b", "a b", nil, 2},
		{"ngram longer than text", "a b c", "a b c", nil, 8},
		{"ngram of one", "x y z x", "z y", nil, 1},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			assertAgrees(t, tc.section, tc.example, tc.mandated, tc.n)
		})
	}
}

// TestCompareMatchesOracleOnRandomTexts is the property test: on random texts
// over small vocabularies (so that runs are long and repeated), the suffix
// automaton and hashing agree with the dynamic programme.
func TestCompareMatchesOracleOnRandomTexts(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 11))
	vocab := []string{"a", "b", "c", "d", "E", "f.", "İ", "G,", "h", "Σ", "the", "cart"}
	text := func(n, k int) string {
		ws := make([]string, n)
		for i := range ws {
			ws[i] = vocab[rng.IntN(k)]
		}
		return strings.Join(ws, " ")
	}
	for i := range 3000 {
		k := 2 + rng.IntN(len(vocab)-1)
		section, example := text(rng.IntN(60), k), text(rng.IntN(60), k)
		if i%3 == 0 { // copy a slice of the example into the section
			ex := strings.Fields(example)
			if len(ex) > 2 {
				s := rng.IntN(len(ex) - 1)
				section += " " + strings.Join(ex[s:s+1+rng.IntN(len(ex)-s-1)], " ")
			}
		}
		var mandated []string
		if i%5 == 0 {
			mandated = []string{vocab[rng.IntN(k)] + " " + vocab[rng.IntN(k)]}
		}
		assertAgrees(t, section, example, mandated, 1+rng.IntN(8))
	}
}

func FuzzCompare(f *testing.F) {
	f.Add("the cart was heavy", "a cart was heavy indeed", "cart", uint8(2))
	f.Add("İİ ΣΣ a\u212A", "i k", "", uint8(1))
	f.Add("", "x", "x", uint8(8))
	f.Fuzz(func(t *testing.T, section, example, phrase string, n uint8) {
		if !utf8Valid(section, example, phrase) {
			t.Skip("inputs are validated as UTF-8 before measuring")
		}
		var mandated []string
		if p := jscompat.Trim(phrase); p != "" {
			mandated = []string{p}
		}
		assertAgrees(t, section, example, mandated, 1+int(n%10))
	})
}

func utf8Valid(ss ...string) bool {
	for _, s := range ss {
		if !utf8.ValidString(s) {
			return false
		}
	}
	return true
}

func TestStrippedRangesAndOffsets(t *testing.T) {
	norm := NewNormaliser([]string{"brand show"})
	var tok Tokens
	text := "Hi, BRAND  show!\nÉcole İs here."
	norm.TokeniseWithOffsets(text, NewDict(), &tok)
	// "brand  show" has two spaces in the text, so it is not stripped.
	if len(tok.Stripped) != 0 {
		t.Fatalf("stripped %v, want nothing", tok.Stripped)
	}
	text = "Hi, BRAND show!\nÉcole İs here."
	norm.TokeniseWithOffsets(text, NewDict(), &tok)
	if len(tok.Stripped) != 1 || text[tok.Stripped[0].Start:tok.Stripped[0].End] != "BRAND show" {
		t.Fatalf("stripped %v, want the range of %q", tok.Stripped, "BRAND show")
	}
	var words, origins []string
	for i := range tok.IDs {
		words = append(words, tok.Word(i))
		origins = append(origins, text[tok.Start[i]:tok.End[i]])
	}
	wantWords := []string{"hi", "cole", "i", "s", "here"}
	wantOrigins := []string{"Hi", "cole", "İ", "s", "here"}
	if strings.Join(words, "|") != strings.Join(wantWords, "|") || strings.Join(origins, "|") != strings.Join(wantOrigins, "|") {
		t.Fatalf("words %q from %q, want %q from %q", words, origins, wantWords, wantOrigins)
	}
}

func BenchmarkCompare(b *testing.B) {
	rng := rand.New(rand.NewPCG(1, 2))
	words := func(n int) string {
		ws := make([]string, n)
		for i := range ws {
			ws[i] = string(rune('a'+rng.IntN(26))) + string(rune('a'+rng.IntN(26)))
		}
		return strings.Join(ws, " ")
	}
	section, example := words(400), words(400)
	norm := NewNormaliser(nil)
	dict := NewDict()
	var st, et Tokens
	var ex Example
	var c Comparer
	for b.Loop() {
		dict.Reset()
		norm.Tokenise(example, dict, &et)
		ex.Prepare(&et)
		norm.Tokenise(section, dict, &st)
		c.Compare(&st, &ex, 8)
	}
}

func TestRunsFindsMaximalNonOverlappingRuns(t *testing.T) {
	section := "x a b c d e y f g h i z a b c d e"
	example := "a b c d e q f g h i"
	c, st, et := measureOnce(section, example, nil, 2)
	runs := Runs(st, et, 3, c)
	if len(runs) != 2 {
		t.Fatalf("runs %+v, want the 5-word run and the 4-word run (the repeat of the first overlaps it in the example)", runs)
	}
	if runs[0] != (Run{SectionAt: 1, ExampleAt: 0, Words: 5}) || runs[1] != (Run{SectionAt: 7, ExampleAt: 6, Words: 4}) {
		t.Fatalf("runs %+v", runs)
	}
	// A comparison that does not fit the texts yields no run, not a panic.
	if got := Runs(st, et, 3, Comparison{Run: 99, RunSectionAt: 0}); got != nil {
		t.Fatalf("runs of an inconsistent comparison: %+v", got)
	}
}

// runsOracle is Runs by brute force: every left-maximal shared stretch of
// at least s words, longest first, kept when it overlaps no kept run.
func runsOracle(a, b []int32, s int, first Run) []Run {
	var found []Run
	for i := range a {
		for j := range b {
			if i > 0 && j > 0 && a[i-1] == b[j-1] {
				continue
			}
			n := 0
			for i+n < len(a) && j+n < len(b) && a[i+n] == b[j+n] {
				n++
			}
			if n >= s {
				found = append(found, Run{SectionAt: i, ExampleAt: j, Words: n})
			}
		}
	}
	slices.SortStableFunc(found, func(x, y Run) int {
		if x.Words != y.Words {
			return y.Words - x.Words
		}
		if x.SectionAt != y.SectionAt {
			return x.SectionAt - y.SectionAt
		}
		return x.ExampleAt - y.ExampleAt
	})
	out := []Run{first}
	usedA, usedB := make([]bool, len(a)), make([]bool, len(b))
	for _, r := range append([]Run{first}, found...) {
		free := true
		for k := range r.Words {
			free = free && !usedA[r.SectionAt+k] && !usedB[r.ExampleAt+k]
		}
		if free || r == first {
			if r != first {
				out = append(out, r)
			}
			for k := range r.Words {
				usedA[r.SectionAt+k], usedB[r.ExampleAt+k] = true, true
			}
		}
	}
	return out
}

func TestRunsMatchesBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(2, 9))
	words := []string{"a", "b", "c", "d"}
	text := func(n int) string {
		w := make([]string, n)
		for i := range w {
			w[i] = words[rng.IntN(len(words))]
		}
		return strings.Join(w, " ")
	}
	for i := range 500 {
		section, example := text(1+rng.IntN(60)), text(1+rng.IntN(60))
		c, st, et := measureOnce(section, example, nil, 3)
		s := 2 + rng.IntN(3)
		got := Runs(st, et, s, c)
		if c.Run < s {
			continue
		}
		want := runsOracle(st.IDs, et.IDs, s, Run{SectionAt: c.RunSectionAt, ExampleAt: c.RunExampleAt, Words: c.Run})
		if !slices.Equal(got, want) {
			t.Fatalf("case %d (s=%d): Runs(%q, %q) = %v, want %v", i, s, section, example, got, want)
		}
	}
}

// BenchmarkTokenise tokenises prose-like text whose words have the lengths
// of English (mostly under nine letters, some longer), from a vocabulary of
// a few thousand words, into a dictionary reset per text as a measurement
// resets it per section name.
func BenchmarkTokenise(b *testing.B) {
	rng := rand.New(rand.NewPCG(3, 4))
	vocab := make([]string, 3000)
	for i := range vocab {
		w := make([]byte, 1+rng.IntN(7)+rng.IntN(6))
		for j := range w {
			w[j] = byte('a' + rng.IntN(26))
		}
		if rng.IntN(8) == 0 {
			w[0] -= 'a' - 'A'
		}
		vocab[i] = string(w)
	}
	var sb strings.Builder
	for i := range 20000 {
		sb.WriteString(vocab[rng.IntN(len(vocab))])
		switch {
		case i%11 == 10:
			sb.WriteString(".\n")
		case i%7 == 6:
			sb.WriteString(", ")
		default:
			sb.WriteByte(' ')
		}
	}
	text := sb.String()
	norm := NewNormaliser([]string{"stay curious"})
	dict := NewDict()
	var tok Tokens
	b.SetBytes(int64(len(text)))
	for b.Loop() {
		dict.Reset()
		norm.Tokenise(text, dict, &tok)
	}
}

// BenchmarkRuns finds the runs of a 400-word section that copies a few
// stretches of a 400-word example, as the bench corpus's sections do.
func BenchmarkRuns(b *testing.B) {
	rng := rand.New(rand.NewPCG(5, 6))
	vocab := make([]string, 2000)
	for i := range vocab {
		vocab[i] = fmt.Sprintf("w%d", i)
	}
	example := make([]string, 400)
	for i := range example {
		example[i] = vocab[rng.IntN(len(vocab))]
	}
	var section []string
	for len(section) < 400 {
		if rng.IntN(2) == 0 {
			at := rng.IntN(len(example) - 40)
			section = append(section, example[at:at+10+rng.IntN(30)]...)
		} else {
			section = append(section, vocab[rng.IntN(len(vocab))])
		}
	}
	c, st, et := measureOnce(strings.Join(section, " "), strings.Join(example, " "), nil, 8)
	for b.Loop() {
		Runs(st, et, 8, c)
	}
}
