package redact

import (
	"bytes"
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
	"testing"

	"golang.org/x/net/html"
)

// reuseCase builds random pages of a header and a body out of pieces that
// stress the window argument: markup, escapes, stray "<" and ">", terms in
// any spelling, and private passages cut anywhere, the header's tail
// continuing into the body's head.
type reuseCase struct {
	rng     *rand.Rand
	private []string // the private text's words
	excerpt string   // a permitted excerpt of it
}

func (c *reuseCase) piece(inBody bool) string {
	rng := c.rng
	kind := rng.IntN(12)
	if inBody && (kind == 2 || kind == 4) {
		kind = 5 // a body that leaks by itself is never certified: no use
	}
	switch kind {
	case 0:
		return []string{"<b>", "</b>", "<a href='x'>", "</a>", `<li class="fail">`, "</li>\n", "<p>", "</p>"}[rng.IntN(8)]
	case 1:
		if inBody && rng.IntN(2) == 0 {
			return c.wordless()
		}
		return []string{"&lt;", "&gt;", "&amp;", "&amp;lt;", "%41", "%", `\u0041`, `\`, "+", "<", ">"}[rng.IntN(11)]
	case 2:
		return spell(rng, testTerms[rng.IntN(len(testTerms))].Text)
	case 3:
		at := rng.IntN(len(c.private) - 12)
		n := 3 + rng.IntN(8)
		if inBody {
			n = 2 + rng.IntN(4)
		}
		return strings.Join(c.private[at:at+n], " ")
	case 4:
		return c.excerpt
	default:
		return randomText(rng, 1+rng.IntN(6))
	}
}

func (c *reuseCase) text(pieces int, inBody bool) string {
	var b strings.Builder
	for range pieces {
		b.WriteString(c.piece(inBody))
		b.WriteString([]string{" ", "", "\n"}[c.rng.IntN(3)])
	}
	return b.String()
}

// wordless returns markup and masked text without a word between tags,
// so that a window must reach far for its words.
func (c *reuseCase) wordless() string {
	var b strings.Builder
	for range 1 + c.rng.IntN(8) {
		b.WriteString([]string{`<a class="tick run rc0" href="#run-1" style="top:35.09%;height:17.84%"></a>`, "▬▬ ▬▬▬ ", "· ▬ ", "<mark>▬▬▬</mark> "}[c.rng.IntN(4)])
	}
	return b.String()
}

// joint returns a header tail and a body head that make a term or passage
// only together.
func (c *reuseCase) joint() (tail, head string) {
	if c.rng.IntN(2) == 0 {
		words := strings.Fields(spell(c.rng, testTerms[c.rng.IntN(len(testTerms))].Text))
		k := 1 + c.rng.IntN(len(words))
		return strings.Join(words[:k], " "), strings.Join(words[k:], " ")
	}
	at := c.rng.IntN(len(c.private) - 12)
	k := 1 + c.rng.IntN(PassageWords-1)
	return strings.Join(c.private[at:at+k], " "), strings.Join(c.private[at+k:at+PassageWords], " ")
}

// TestReusedBodyScanFindsWhatAWholeScanFinds certifies random bodies under
// one header and one set of permits, then scans them under other headers
// with no permit: the scan of the header and the body's window reports
// exactly what a scan of the whole page reports.
func TestReusedBodyScanFindsWhatAWholeScanFinds(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 29))
	privateText := randomText(rng, 600)
	c := &reuseCase{rng: rng, private: strings.Fields(privateText)}
	c.excerpt = strings.Join(c.private[100:112], " ")
	certifier, scanner := testScanner(testTerms, privateText), testScanner(testTerms, privateText)
	certifier.Permit(c.excerpt)

	certified, leaky := 0, 0
	for i := range 3000 {
		tail, head := c.joint()
		var spread strings.Builder // the head's words far apart
		for _, w := range strings.Fields(head) {
			spread.WriteString(w + " " + c.wordless())
		}
		body := `<div class="run-help">` + spread.String() + c.text(10+rng.IntN(60), true) + "</div>\n<p>" + c.text(rng.IntN(40), true)
		header := c.text(rng.IntN(12), false) + `<li class="pass">` + randomText(rng, 3) + "</li>\n"
		page := []byte(header + body)
		leaks, window := certifier.ScanCertified("p.html", page, len(header))
		if len(leaks) > 0 || window < 0 {
			continue
		}
		certified++
		for range 5 {
			newHeader := c.text(rng.IntN(12), false)
			if rng.IntN(2) == 0 {
				newHeader += tail
			}
			page := []byte(newHeader + body)
			whole := scanner.ScanOutput("p.html", page)
			// With the window the certification found, finding it again, and
			// with windows that cannot be this body's (one byte, not before
			// a tag; past its end), which are found again too.
			// The header and body given apart (ScanReusedBody) too.
			for _, w := range []int{window, -1, 1, len(body) + 5} {
				reused := scanner.ScanReused("p.html", page, len(newHeader), w)
				if !reflect.DeepEqual(whole, reused) {
					t.Fatalf("case %d, window %d: whole scan %v, reused scan %v\nheader %q\nbody %q", i, w, whole, reused, newHeader, body)
				}
				apart := scanner.ScanReusedBody("p.html", []byte(newHeader), []byte(body), w)
				if !reflect.DeepEqual(whole, apart) {
					t.Fatalf("case %d, window %d: whole scan %v, scan of the header and body apart %v\nheader %q\nbody %q", i, w, whole, apart, newHeader, body)
				}
			}
			if len(whole) > 0 {
				leaky++
			}
		}
	}
	if certified < 300 || leaky < 300 {
		t.Fatalf("%d bodies certified, %d leaky pages: the cases do not test enough", certified, leaky)
	}
}

// TestCertifyRefusesAPermittedPassageInTheBody: a body may hide a permitted
// excerpt only where the header's window rescans it.
func TestCertifyRefusesAPermittedPassageInTheBody(t *testing.T) {
	rng := rand.New(rand.NewPCG(2, 3))
	privateText := randomText(rng, 200)
	words := strings.Fields(privateText)
	excerpt := strings.Join(words[50:62], " ")
	s := testScanner(testTerms, privateText)
	s.Permit(excerpt)
	fill := "quay zebra " + randomText(rng, 300) // no private passage runs on from the header
	cases := []struct {
		name, header, body string
		reusable           bool
	}{
		{"no excerpt", "<h1>Cell</h1>\n", "<div>" + fill + "</div>", true},
		{"excerpt in the header", "<p><q>" + excerpt + "</q></p>\n", "<div>" + fill + "</div>", true},
		{"excerpt in the body", "<h1>Cell</h1>\n", "<div>" + fill + "<q>" + excerpt + "</q></div>", false},
		{"body without a tag first", "<h1>Cell</h1>\n", fill, false},
		{"body too short for a window", "<h1>Cell</h1>\n", "<div>a few words</div>", false},
		// Past the window, the body has an excerpt that only a view the
		// header lacks shows (its escapes undone), and the header has a
		// longer view in that view's place (its own entities expanded,
		// with its 400 attribute words): paired by position, not kind, the
		// body's excerpt was measured against that one and passed.
		{"excerpt in a view the header lacks", "<!-- <!ENTITY a \"zz\"> --><h1 title=\"" + randomText(rng, 400) + "\">Cell</h1><p>&a; " + randomText(rng, 30) + "</p>\n",
			"<div>" + fill + " " + strings.ReplaceAll(excerpt, " ", "%20") + "</div>", false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			page := []byte(tc.header + tc.body)
			leaks, window := s.ScanCertified("p.html", page, len(tc.header))
			ok := window >= 0
			if len(leaks) > 0 {
				t.Fatalf("leaks %v", leaks)
			}
			if ok != tc.reusable {
				t.Fatalf("reusable %v, want %v", ok, tc.reusable)
			}
		})
	}
}

// TestReuseWindowEdges plants a private term and a private passage across
// the header/body boundary at every offset: the header ends with the first
// k words (or letters), the body, after its first tag, holds the rest, each
// followed by wordless markup of one of many lengths, so that the window's
// end falls at every distance from the planted words. The scan of the
// header and the window must report exactly what a scan of the whole page
// reports, and each page must leak.
func TestReuseWindowEdges(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 8))
	privateText := randomText(rng, 200)
	private := strings.Fields(privateText)
	scanner := testScanner(testTerms, privateText)

	var planted [][]string
	planted = append(planted, private[50:50+PassageWords])
	for _, term := range testTerms {
		planted = append(planted, strings.Fields(term.Text))
		var letters []string // the term spelled out, a letter a word
		for _, r := range strings.ReplaceAll(term.Text, " ", "") {
			letters = append(letters, string(r))
		}
		planted = append(planted, letters)
	}
	filler := func(n int) string { // n bytes of markup without a word
		return strings.Repeat(`<i class="m"></i>`, n/17+1)[:17*(n/17+1)]
	}
	pages := 0
	for _, words := range planted {
		for k := 1; k < len(words); k++ {
			for _, gap := range []int{0, 17, 60, 200, 520, 1100} {
				for _, glue := range []string{" ", "\n", ""} {
					header := "<li class=\"pass\">the cell </li>\n<p>" + strings.Join(words[:k], " ") + glue
					var body strings.Builder
					body.WriteString("<span>")
					for _, w := range words[k:] {
						body.WriteString(w + " " + filler(gap))
					}
					body.WriteString(filler(4096) + "<p>" + randomText(rng, 40) + "</p>")
					page := []byte(header + body.String())
					whole := scanner.ScanOutput("p.html", page)
					if len(whole) == 0 {
						continue // the glue made it no longer the term
					}
					pages++
					if reused := scanner.ScanReused("p.html", page, len(header), -1); !reflect.DeepEqual(whole, reused) {
						t.Fatalf("%q split after %d words, gap %d, glue %q: whole scan %v, reused scan %v", strings.Join(words, " "), k, gap, glue, whole, reused)
					}
				}
			}
		}
	}
	if pages < 500 {
		t.Fatalf("only %d leaking pages: the cases do not test enough", pages)
	}
}

// TestReuseWindowHoldsAPassageCutAtBothEnds plants a private passage whose
// first words end the header, the first of them cut by the boundary so that
// the body opens with the rest of it, and whose last word is cut by a tag
// placed where the window may end (the first tag at or after each length
// windowEnd tries), at every split of the passage and every cut of its
// first and last words. The body then holds as many words of the passage
// as it can while the passage still touches the header, and the window
// ends inside its last word unless it holds more: the scan of the header
// and the window must report what a scan of the whole page reports. It
// fails when the window is two words shorter (need += 0 in windowEnd). A
// window one word shorter still holds such a passage (the cut first word,
// the PassageWords-1 after it and a word past the last make
// PassageWords+1), and the test passes: windowEnd's second word is margin.
func TestReuseWindowHoldsAPassageCutAtBothEnds(t *testing.T) {
	rng := rand.New(rand.NewPCG(17, 23))
	privateText := randomText(rng, 300)
	private := strings.Fields(privateText)
	scanner := testScanner(nil, privateText)
	pages := 0
	for start := 0; start+PassageWords <= len(private) && start < 12*PassageWords; start += PassageWords {
		words := private[start : start+PassageWords]
		last := words[len(words)-1]
		for k := 1; k < len(words); k++ { // the header holds words[:k], the k-th maybe cut
			for cutFirst := 0; cutFirst < len(words[k-1]); cutFirst++ { // 0: not cut
				for cutLast := 1; cutLast < len(last); cutLast++ {
					for _, at := range []int{256, 512} {
						for _, late := range []int{0, 1, 7} { // the tag this far past at
							header := `<li class="pass">the cell </li>` + "\n<p>" + strings.Join(words[:k], " ")
							var body strings.Builder
							body.WriteString("<span>")
							if cutFirst > 0 {
								header = header[:len(header)-len(words[k-1])+cutFirst]
								body.WriteString(words[k-1][cutFirst:] + " ")
							} else {
								header += " "
							}
							if k < len(words)-1 {
								body.WriteString(strings.Join(words[k:len(words)-1], " ") + " ")
							}
							for body.Len()+cutLast < at+late {
								body.WriteByte(' ')
							}
							if body.Len()+cutLast != at+late {
								continue // the passage is longer than at
							}
							body.WriteString(last[:cutLast] + "<b>" + last[cutLast:] + "</b> " + randomText(rng, 30) + "<i></i>")
							body.WriteString(strings.Repeat(`<i class="m"></i>`, 200) + "<p>" + randomText(rng, 40) + "</p>")
							page := []byte(header + body.String())
							whole := scanner.ScanOutput("p.html", page)
							if len(whole) == 0 {
								t.Fatalf("the passage %q split after %d words is not found in the whole page", strings.Join(words, " "), k)
							}
							pages++
							if reused := scanner.ScanReused("p.html", page, len(header), -1); !reflect.DeepEqual(whole, reused) {
								t.Fatalf("%q split after %d words, the first cut at %d, the last at %d by a tag at %d: whole scan %v, reused scan %v",
									strings.Join(words, " "), k, cutFirst, cutLast, at+late, whole, reused)
							}
						}
					}
				}
			}
		}
	}
	if pages < 3000 {
		t.Fatalf("only %d pages: the cases do not test enough", pages)
	}
}

// TestReusedBodyScanReadsViewsTheRestChanges: a body whose window holds
// enough words in the text view may still not hold them in every view the
// whole page has. Its window may be all inside an element a browser hides
// or raises (the shown text, the text without superscripts), so that in
// those views the header's last words meet the words after the element,
// in the rest; and the rest may hold what adds a view of the header
// itself: a right-to-left override (the text reversed) or bytes that are
// not UTF-8 in a page that does not declare its encoding (Windows-1252).
// And a page may not be read as a header followed by a body at all: its
// header may leave a script, a style or an attribute value open into the
// body, open with a UTF-16 byte order mark, or declare or use an XML
// entity that the rest uses or declares. Each page below leaks in a whole scan only through the header and the
// rest together: the scan of the header and the body apart must report
// the same, with the certified window or finding one.
func TestReusedBodyScanReadsViewsTheRestChanges(t *testing.T) {
	rng := rand.New(rand.NewPCG(41, 43))
	privateText := randomText(rng, 100)
	private := strings.Fields(privateText)
	terms := append(slices.Clone(testTerms), PrivateTerm{Text: "Glasswing", Kind: KindRedact, Source: "redact.txt:2"},
		PrivateTerm{Text: "Vivid", Kind: KindRedact, Source: "redact.txt:3"})
	certifier, scanner := testScanner(terms, privateText), testScanner(terms, privateText)
	words := func(n int) string { return "<p>" + randomText(rng, n) + "</p>" }
	reversed := func(s string) string {
		r := []rune(s)
		slices.Reverse(r)
		return string(r)
	}
	passageHead, passageTail := strings.Join(private[10:14], " "), strings.Join(private[14:18], " ")
	// A page that opens with a UTF-16 byte order mark is read as UTF-16
	// (whatever it declares), its bytes paired from the mark on: the
	// rest's bytes "  t!p!t!p!~!  " at an even offset are "†ⅴⅰⅴⅰⅾ†",
	// which reads "Vivid", while the body read alone as UTF-8 shows
	// nothing of it.
	utf16Header := "\xFF\xFE<meta charset=\"utf-8\"><h1>Cell</h1>\n"
	utf16Body := "<div>" + words(200) + words(200) + "</div><p>"
	if (len(utf16Header)+len(utf16Body))%2 == 1 {
		utf16Body += " "
	}
	utf16Body += "  t!p!t!p!~!  </p><p>" + randomText(rng, 50) + "</p>"
	cases := []struct{ name, header, body string }{
		{"a term in UTF-16, the byte order mark in the header", utf16Header, utf16Body},
		{"a term after a hidden window", "<h1>Cell</h1><p>Quillion</p>\n",
			"<div hidden>" + words(200) + words(200) + "</div><p>2.5 Pro " + randomText(rng, 50) + "</p>"},
		{"a passage after a hidden window", "<h1>Cell</h1><p>" + passageHead + "</p>\n",
			"<div hidden>" + words(200) + words(200) + "</div><p>" + passageTail + " " + randomText(rng, 50) + "</p>"},
		{"a term after a window hidden by its style", "<h1>Cell</h1><p>Quillion</p>\n",
			`<div style="display: none">` + words(200) + words(200) + "</div><p>2.5 Pro " + randomText(rng, 50) + "</p>"},
		{"a term after a superscript window", "<h1>Cell</h1><p>Quillion",
			"<sup><i>" + randomText(rng, 200) + "</i><i>" + randomText(rng, 200) + "</i></sup>2.5 Pro <p>" + randomText(rng, 50) + "</p>"},
		{"a term after a raised window", "<h1>Cell</h1><p>Quillion",
			`<span style="vertical-align:super"><i>` + randomText(rng, 200) + "</i><i>" + randomText(rng, 200) + "</i></span>2.5 Pro <p>" + randomText(rng, 50) + "</p>"},
		{"a reversed term, the override in the rest", "<h1>Cell</h1><p>" + reversed("Quillion 2.5 Pro") + "</p>\n",
			"<div>" + words(200) + "<p>x \u202E y</p>" + words(200) + "</div>"},
		{"a reversed term, the override escaped in the rest", "<h1>Cell</h1><p>" + reversed("Quillion 2.5 Pro") + "</p>\n",
			"<div>" + words(200) + "<p>x &#x202e; y</p>" + words(200) + "</div>"},
		{"a reversed term, the override escaped in decimal in the rest", "<h1>Cell</h1><p>" + reversed("Quillion 2.5 Pro") + "</p>\n",
			"<div>" + words(200) + "<p>x &#08238 y</p>" + words(200) + "</div>"},
		{"a term read as Windows-1252, the rest not UTF-8", "<h1>Cell</h1><p>Gl\u00daswing</p>\n",
			"<div>" + words(200) + "<p>x \xe9 y</p>" + words(200) + "</div>"},
		// A header that leaves a script, a style or an attribute value open
		// reads the body's start as its content, decoded as such: escapes
		// that a body read alone leaves as they are (in a comment, or
		// CSS's) spell a term.
		{"a script left open by the header", "<h1>Cell</h1><script>",
			"<div>" + words(200) + words(200) + `</div><!--\u0051uillion 2.5 Pro--></script><p>` + randomText(rng, 50) + "</p>"},
		{"a style left open by the header", "<h1>Cell</h1><style>",
			"<div>" + words(200) + words(200) + `</div><p>\51 uillion 2.5 Pro</p></style><p>` + randomText(rng, 50) + "</p>"},
		{"a style attribute left open by the header", `<h1>Cell</h1><p style="content: '`,
			"<div>" + words(200) + words(200) + `</div><p>\51 uillion 2.5 Pro'"></p><p>` + randomText(rng, 50) + "</p>"},
		// A header that leaves open an element that hides or raises what
		// follows, which the body closes with an end tag that closed
		// nothing where it was certified: the window is then all inside
		// it, and in the shown text (or the text without superscripts)
		// the header's last words meet those after the window.
		{"a superscript left open by the header", "<h1>Cell</h1><p>Quillion <sup>",
			"<i>" + randomText(rng, 200) + "</i><i>" + randomText(rng, 200) + "</i></sup>2.5 Pro <p>" + randomText(rng, 50) + "</p>"},
		{"a hidden element left open by the header", "<h1>Cell</h1><p>Quillion</p><div hidden>\n",
			"<div>" + words(200) + words(200) + "</div></div><p>2.5 Pro " + randomText(rng, 50) + "</p>"},
		{"a raised element left open by the header", `<h1>Cell</h1><p>Quillion <span style="vertical-align:super">`,
			"<i>" + randomText(rng, 200) + "</i><i>" + randomText(rng, 200) + "</i></span>2.5 Pro <p>" + randomText(rng, 50) + "</p>"},
		// An XML entity declared in one part and used in another.
		{"an entity used in the header, declared in the rest", "<h1>Cell</h1><p>&q;lion 2.5 Pro</p>\n",
			"<div>" + words(200) + words(200) + `</div><!ENTITY q "Quil"><p>` + randomText(rng, 50) + "</p>"},
		{"an entity declared in the header, used in the rest", `<h1>Cell</h1><!ENTITY q "Quil">` + "\n",
			"<div>" + words(200) + words(200) + `</div><p>&q;lion 2.5 Pro</p><p>` + randomText(rng, 50) + "</p>"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			const certHeader = "<h1>Cell</h1>\n"
			leaks, window := certifier.ScanCertified("p.html", []byte(certHeader+tc.body), len(certHeader))
			if len(leaks) > 0 {
				t.Fatalf("the body leaks by itself: %v", leaks)
			}
			page := []byte(tc.header + tc.body)
			whole := scanner.ScanOutput("p.html", page)
			if len(whole) == 0 {
				t.Fatalf("the page does not leak in a whole scan")
			}
			for _, w := range []int{window, -1} {
				if apart := scanner.ScanReusedBody("p.html", []byte(tc.header), []byte(tc.body), w); !reflect.DeepEqual(whole, apart) {
					t.Errorf("window %d (certified %d): whole scan %v, scan of the header and body apart %v", w, window, whole, apart)
				}
			}
		})
	}
}

// TestReadApart: a page is read as its header followed by its body only
// when the header leaves nothing open into the body and nothing in either
// part changes how the other is read.
func TestReadApart(t *testing.T) {
	const body = `<div class="run-help"><p>words</p></div>`
	for _, tc := range []struct {
		name, head, body string
		apart            bool
	}{
		{"a header of our templates' kind", "<!DOCTYPE html>\n<html><head><title>A &amp; B</title></head><body><h1 id=\"c\">Cell</h1>\n", body, true},
		{"a header ending in text", "<h1>Cell</h1>words &amp", body, true},
		{"a header with a UTF-8 byte order mark", "\uFEFF<h1>Cell</h1>\n", body, true},
		{"a closed script and style", "<script>if (a < b) {}</script><style>p{}</style>\n", body, true},
		{"a closed comment (the Tokenizer reads it)", "<h1>Cell</h1><!-- a note -->\n", body, true},
		{"closed comments of every ending", "<!-->x<!--->x<!-- a --!>x<!x>x<?x>x</1>", body, true},
		{"an unquoted attribute (the Tokenizer reads it)", "<p class=a>Cell</p>", body, true},
		{"a NUL in a closed tag's text (the Tokenizer reads it)", "<p>a\x00b</p>", body, true},
		{"a comment left open", "<h1>Cell</h1><!-- a note", body, false},
		{"a comment whose end is not one", "<h1>Cell</h1><!-- a note -- >", body, false},
		{"a comment opened in a NUL file", "<p>\x00</p><!-- a", body, false},
		{"a bogus comment left open", "<h1>Cell</h1><!x", body, false},
		{"a doctype left open", "<!DOCTYPE html", body, false},
		{"a tag cut off", "<h1>Cell</h1><p class=\"a\"", body, false},
		{"an attribute value left open", "<h1>Cell</h1><p title=\"a>", body, false},
		{"a script left open", "<h1>Cell</h1><script>", body, false},
		{"a script's text left open", "<h1>Cell</h1><script>var a", body, false},
		{"a self-closing script", "<h1>Cell</h1><script/>", body, false},
		{"a title left open", "<title>Cell", body, false},
		{"a textarea left open, upper case", "<TEXTAREA>", body, false},
		{"plaintext", "<plaintext>", body, false},
		{"an end tag cut off", "<p>Cell</p", body, false},
		{"a text ending in </, a bogus comment before the body", "<p>Cell</p>a </", body, false},
		{"a text ending in <", "<p>Cell</p>a <", body, false},
		{"a UTF-16 byte order mark", "\xFF\xFE<h1>Cell</h1>\n", body, false},
		{"a big-endian UTF-16 byte order mark", "\xFE\xFF<h1>Cell</h1>\n", body, false},
		{"an entity declared in the header", `<!DOCTYPE p [<!ENTITY q "x">]>`, body, false},
		{"an entity declared in the body", "<h1>Cell</h1>\n", body + `<!ENTITY q "x">`, false},
		{"an entity declared at the body's start", "<h1>Cell</h1>\n", `<!ENTITY q "x">` + body, false},
		{"a body that does not begin with a tag", "<h1>Cell</h1>\n", "words" + body, false},
		{"a body whose < begins no token", "<h1>Cell</h1>\n", "< p>" + body, false},
		{"no header", "", body, false},
		{"no body", "<h1>Cell</h1>\n", "", false},
	} {
		if got := readApart([]byte(tc.head), []byte(tc.body)); got != tc.apart {
			t.Errorf("%s: read apart %v, want %v", tc.name, got, tc.apart)
		}
	}
}

// FuzzReadApartSplitsTokens: where readApart says a page is read apart,
// the Tokenizer reads the whole page as the header's tokens followed by
// the body's, each read alone.
func FuzzReadApartSplitsTokens(f *testing.F) {
	for _, head := range []string{"<h1>Cell</h1>\n", "<p>a &amp b", "<script>a</script>", "<!-- x -->", "<!-- x", "<p title='a>",
		"<title>T</title>", "<textarea>a", "<p class=a>", "<!DOCTYPE html>", "<p>\x00</p>", "</p", "<!-->", "<?x>"} {
		for _, body := range []string{"<p>b</p>", "</div>x", "<!-- y -->z", "<script>b</script>", "<a href='x'>b</a>'\">"} {
			f.Add(head, body)
		}
	}
	for _, a := range attackFixtures {
		if k := bytes.IndexByte(a.data[1:], '<'); k >= 0 {
			f.Add(string(a.data[:k+1]), string(a.data[k+1:]))
		}
	}
	f.Fuzz(func(t *testing.T, head, body string) {
		if !readApart([]byte(head), []byte(body)) {
			return
		}
		if whole, apart := rawTokens(head+body), append(rawTokens(head), rawTokens(body)...); !slices.Equal(whole, apart) {
			t.Errorf("read apart, but the page's tokens %q are not the header's and the body's %q", whole, apart)
		}
	})
}

// rawTokens returns the Tokenizer's tokens of doc, each its type and bytes.
func rawTokens(doc string) []string {
	z := html.NewTokenizer(strings.NewReader(doc))
	var tokens []string
	for tt := z.Next(); tt != html.ErrorToken; tt = z.Next() {
		tokens = append(tokens, tt.String()+":"+string(z.Raw()))
	}
	return tokens
}

// TestCertifyRefusesAHeaderThatLeavesAnElementOpen: a header that leaves
// open an element that hides or raises what follows is refused, so that
// no body is reused after it; closed, it is certified.
func TestCertifyRefusesAHeaderThatLeavesAnElementOpen(t *testing.T) {
	s := testScanner(testTerms, "alpha beta")
	body := "<div>" + strings.Repeat("<p>words of a body long enough for a window</p>", 40) + "</div>"
	for _, tc := range []struct {
		header    string
		certified bool
	}{
		{"<h1>Cell</h1><div hidden>", false},
		{"<h1>Cell</h1><p>a<sup>", false},
		{"<h1>Cell</h1><p>a<sub>", false},
		{`<h1>Cell</h1><span style="vertical-align: super">`, false},
		{`<h1>Cell</h1><div style="display:none">`, false},
		{"<h1>Cell</h1><div hidden>x</div>", true},
		{"<h1>Cell</h1><p>a<sup>1</sup></p>", true},
		{"<h1>Cell</h1>\n", true},
	} {
		leaks, window := s.ScanCertified("cells/c.html", []byte(tc.header+body), len(tc.header))
		if len(leaks) > 0 || (window >= 0) != tc.certified {
			t.Errorf("%q: leaks %v, window %d, want certified %v", tc.header, leaks, window, tc.certified)
		}
		if apart := s.ScanReusedBody("cells/c.html", []byte(tc.header), []byte(body), window); len(apart) > 0 {
			t.Errorf("%q: the scan apart reports %v", tc.header, apart)
		}
	}
}
