package leakscan

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/evalpress/evalpress/matcher"
	"github.com/evalpress/evalpress/reports/inputs"
)

// topicText returns n words of prose on one topic: words of a vocabulary
// of 3,000, a few hundred of them common, and now and then a phrase of the
// topic that every writer on it uses.
func topicText(rng *rand.Rand, vocab, phrases []string, n int) []string {
	var out []string
	for len(out) < n {
		switch r := rng.Float64(); {
		case r < 0.05:
			out = append(out, strings.Fields(phrases[rng.IntN(len(phrases))])...)
		case r < 0.45:
			out = append(out, vocab[rng.IntN(300)])
		default:
			out = append(out, vocab[rng.IntN(len(vocab))])
		}
	}
	return out[:n]
}

func topicVocabulary(rng *rand.Rand) (vocab, phrases []string) {
	seen := map[string]bool{}
	for len(vocab) < 3000 {
		var b strings.Builder
		for range 2 + rng.IntN(8) {
			b.WriteByte("etaoinshrdlucmfwypvbgkjqxz"[rng.IntN(8+rng.IntN(18))])
		}
		if w := b.String(); !seen[w] {
			seen[w] = true
			vocab = append(vocab, w)
		}
	}
	for range 40 {
		phrases = append(phrases, strings.Join(topicText(rng, vocab, []string{"x"}, 3+rng.IntN(3)), " "))
	}
	return vocab, phrases
}

// localAlignment is the test's own measure of how far a is a copy of b:
// the best Smith-Waterman score over words, +1 a word that matches, -1 a
// word changed, inserted or dropped. O(len(a)·len(b)).
func localAlignment(a, b []string) int {
	prev, cur := make([]int, len(b)+1), make([]int, len(b)+1)
	best := 0
	for i := range a {
		for j := range b {
			s := prev[j] - 1
			if strings.EqualFold(a[i], b[j]) {
				s = prev[j] + 1
			}
			cur[j+1] = max(0, s, prev[j+1]-1, cur[j]-1)
			best = max(best, cur[j+1])
		}
		prev, cur = cur, prev
	}
	return best
}

// editEvery returns words with an edit (a word inserted after, the word
// dropped, or the word changed) every few words: at least spacing words
// apart, at random ones, of random kinds.
func editEvery(rng *rand.Rand, words []string, spacing, most int, filler func() string) []string {
	var out []string
	next := rng.IntN(most)
	for k, w := range words {
		if k != next {
			out = append(out, w)
			continue
		}
		switch rng.IntN(3) {
		case 0:
			out = append(out, w, filler())
		case 1:
		case 2:
			out = append(out, filler())
		}
		next = k + spacing + rng.IntN(most-spacing+1)
	}
	return out
}

// TestNearPassagesAreCaught plants, in random pages, a private passage of
// 28 to 120 words edited at a random rate up to the tolerance (a word
// inserted, dropped or changed at most every fourth word): each is caught,
// and the test's own alignment agrees that it is a copy.
func TestNearPassagesAreCaught(t *testing.T) {
	rng := rand.New(rand.NewPCG(28, 1))
	vocab, phrases := topicVocabulary(rng)
	private := topicText(rng, vocab, phrases, 3000)
	s := testScanner(nil, strings.Join(private, " "))
	filler := func() string { return vocab[rng.IntN(len(vocab))] + "q" }
	decorate := []string{"<b>", "</b>", " — ", ", ", "\n", "<em>x</em> "}
	for i := range 400 {
		n := 28 + rng.IntN(93)
		at := rng.IntN(len(private) - n)
		spacing := 4 + rng.IntN(5) // edits at least every 4th to 8th word
		planted := editEvery(rng, private[at:at+n], spacing, spacing+rng.IntN(6), filler)
		if score := localAlignment(planted, private[at:at+n]); score < n/2 {
			t.Fatalf("case %d: the test's alignment scores the plant %d of %d: the test is wrong", i, score, n)
		}
		var b strings.Builder
		b.WriteString("<p>" + strings.Join(topicText(rng, vocab, phrases, 20), " ") + " ")
		for _, w := range planted {
			b.WriteString(w)
			if rng.IntN(6) == 0 {
				b.WriteString(decorate[rng.IntN(len(decorate))])
			}
			b.WriteString(" ")
		}
		b.WriteString(strings.Join(topicText(rng, vocab, phrases, 20), " ") + "</p>")
		page := b.String()
		if leaks := s.ScanFile("page.html", []byte(page)); len(leaks) == 0 {
			t.Fatalf("case %d: %d words edited every %d or more words not caught: %q", i, n, spacing, page)
		}
		q := quickPool.Get().(*matcher.QuickText)
		q.Fold(readerText(page))
		quick := s.mayLeakPassage(q, s.allowed)
		quickPool.Put(q)
		if !quick {
			t.Fatalf("case %d: the quick check misses what the exact scan finds", i)
		}
	}
}

// longestRun is the test's own longest run of words in a row that a and b
// share. O(len(a)·len(b)).
func longestRun(a, b []string) int {
	prev, cur := make([]int, len(b)+1), make([]int, len(b)+1)
	best := 0
	for i := range a {
		for j := range b {
			cur[j+1] = 0
			if strings.EqualFold(a[i], b[j]) {
				cur[j+1] = prev[j] + 1
				best = max(best, cur[j+1])
			}
		}
		prev, cur = cur, prev
	}
	return best
}

// TestSameTopicProseIsNoPassage: prose on the same topic as the private
// text, with its phrases, raises no alarm as a near copy: a page reported
// shares a run of PassageWords words in a row with the private text, by
// the test's own comparison (the exact rule, which some pages meet by
// chance when two phrases of the topic meet in both).
func TestSameTopicProseIsNoPassage(t *testing.T) {
	rng := rand.New(rand.NewPCG(28, 2))
	vocab, phrases := topicVocabulary(rng)
	private := topicText(rng, vocab, phrases, 20000)
	s := testScanner(nil, strings.Join(private, " "))
	reported := 0
	for i := range 300 {
		page := topicText(rng, vocab, phrases, 400)
		leaks := s.ScanFile("page.html", []byte("<p>"+strings.Join(page, " ")+"</p>"))
		if len(leaks) == 0 {
			continue
		}
		reported++
		if run := longestRun(page, private); run < PassageWords {
			t.Fatalf("case %d: same-topic prose reported (%v); the longest run it shares is %d words", i, leaks, run)
		}
		for _, l := range leaks {
			if strings.Contains(l.What, "near copy") {
				t.Errorf("case %d: same-topic prose reported as a near copy: %v", i, l)
			}
		}
	}
	if reported > 30 {
		t.Fatalf("%d of 300 pages share a run of 8 words: the prose is not prose", reported)
	}
}

// TestRegularEditsAreCaught: the attacks, on a passage of 60
// words: a filler after every 7th word, every 8th dropped, every 6th or
// every 4th changed; and every 3rd changed, beyond the tolerance, is not.
func TestRegularEditsAreCaught(t *testing.T) {
	rng := rand.New(rand.NewPCG(28, 3))
	vocab, phrases := topicVocabulary(rng)
	private := topicText(rng, vocab, phrases, 60)
	s := testScanner(nil, strings.Join(private, " "))
	edit := func(keep func(k int, w string) []string) string {
		var out []string
		for k, w := range private {
			out = append(out, keep(k+1, w)...)
		}
		return strings.Join(out, " ")
	}
	for _, tc := range []struct {
		name string
		page string
		want bool
	}{
		{"exact", edit(func(_ int, w string) []string { return []string{w} }), true},
		{"filler after every 7th", edit(func(k int, w string) []string {
			if k%7 == 0 {
				return []string{w, "truly"}
			}
			return []string{w}
		}), true},
		{"every 8th dropped", edit(func(k int, w string) []string {
			if k%8 == 0 {
				return nil
			}
			return []string{w}
		}), true},
		{"every 6th changed", edit(func(k int, w string) []string {
			if k%6 == 0 {
				return []string{"very"}
			}
			return []string{w}
		}), true},
		{"every 4th changed", edit(func(k int, w string) []string {
			if k%4 == 0 {
				return []string{"very"}
			}
			return []string{w}
		}), true},
		{"every 3rd changed", edit(func(k int, w string) []string {
			if k%3 == 0 {
				return []string{"very"}
			}
			return []string{w}
		}), false},
	} {
		if got := len(s.ScanFile("p.html", []byte("<p>"+tc.page+"</p>"))) > 0; got != tc.want {
			t.Errorf("%s: reported %v, want %v", tc.name, got, tc.want)
		}
	}
}

// TestQuotesOfTheProtocolAreNotPrivate: a judge's analysis that quotes the
// published prompt or a fixture, verbatim or nearly, holds no private
// passage there; its own words around the quote are still private.
func TestQuotesOfTheProtocolAreNotPrivate(t *testing.T) {
	prompt := "Coverage: for each assigned beat, quote where the section states it, or write ABSENT. Development: for each group of beats, list the moves the section makes."
	fixture := "An engineer proposed a simple fix, broad white stripes painted across the road, so that walkers would gather at one predictable place."
	own := "the writer opens on the harbour master counting lanterns along the quay before the storm"
	own2 := "and closes on the ferry that never came back to the island that winter"
	analysis := own + ". As asked: for each assigned beat, quote where the section states it, or write ABSENT. " +
		"It reads like the fixture: an engineer proposed a simple fix, broad white stripes were painted across the road, so that walkers would gather at one place. " + own2
	folder := &inputs.Folder{PrivateTexts: []string{analysis}, PublicTexts: []string{prompt, fixture}}
	s, err := New(folder, true, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name, page string
		leak       bool
	}{
		{"the prompt", prompt, false},
		{"the fixture", fixture, false},
		{"the analysis's own words", own, true},
		{"its other own words", own2, true},
		{"the whole analysis", analysis, true},
	} {
		if got := len(s.ScanFile("p.html", []byte("<p>"+tc.page+"</p>"))) > 0; got != tc.leak {
			t.Errorf("%s: reported %v, want %v", tc.name, got, tc.leak)
		}
	}
	// Without the public texts, the quotes are the analysis's.
	s, err = New(&inputs.Folder{PrivateTexts: []string{analysis}}, true, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, page := range []string{prompt, fixture} {
		if len(s.ScanFile("p.html", []byte("<p>"+page+"</p>"))) == 0 {
			t.Errorf("%q: not reported without the public texts: the test is not testing", page)
		}
	}
}
