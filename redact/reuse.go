package redact

import (
	"bytes"
	"math"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"
	"unsafe"

	"golang.org/x/net/html"
)

// A page whose body is reused (a cell page rebuilt after only the verdict
// thresholds changed) is a new header followed by a body that an earlier
// scan passed in an earlier page. Scanning it again would cost as much as
// the first scan; ScanCertified and ScanReused scan the header and only as
// much of the body as a term or passage touching the header can reach. Why
// that finds everything a whole scan finds:
//
//   - A body begins with a tag ("<" is in no escape, so no escape crosses
//     into it), the header ends between two tokens with nothing left open
//     (no tag, attribute value, comment, script or other raw text), and
//     the window ends just before a tag with every tag in it closed. So
//     each of the scan's views of the page (escapes undone; the tokenizer's
//     text and other strings) is its view of the header, then the window,
//     then the rest. The header leaves no hidden, raised or superscript
//     element open either, which the body might close with an end tag
//     that closed nothing where it was certified, putting the window
//     inside it: the scan of the page says so (scanFileAt), and the page
//     is then neither certified nor scanned apart. readApart holds a page
//     to the rest, and to two more conditions: it is not UTF-16 (whose code units pair the body's bytes
//     by the header's length), and it declares no XML entity (a
//     declaration in one part would name what a reference in another
//     shows).
//   - A passage is PassageWords words in a row and a term spans at most as
//     many words as it has letters. The window holds more body words than
//     either in every view, so a term or passage that touches the header
//     lies inside it. Every view counts, those that look for terms alone
//     too: a window all inside a hidden or raised element holds no word of
//     the shown text or of the text without superscripts, where the
//     header's words meet those after the element.
//   - The rest adds no view of the header: a right-to-left override in it
//     (the whole text read reversed) leaves the body without a window, and
//     a rest that is not UTF-8, in a page that does not declare UTF-8 (the
//     page read as Windows-1252), is scanned whole.
//   - What lies wholly in the rest is the same in the earlier page, whose
//     scan found nothing there. Only a permitted excerpt could hide there,
//     and permits change with the verdicts: ScanCertified refuses a body
//     with a permitted passage outside the header.
//
// The earlier page must have been scanned by a scanner of the same private
// inputs; the caller keys its cache by them.

// ScanCertified scans a file that is about to be written, like ScanOutput,
// and reports whether data[header:] may be reused after a header change
// (see ScanReused): the page is read apart (readApart), the body has a
// window end, and no permitted passage lies in it beyond the header's
// reach. window is then the length of the body's window (windowEnd),
// which ScanReused takes rather than find it again; -1 when the body may
// not be reused.
func (s *Scanner) ScanCertified(name string, data []byte, header int) (leaks []Leak, window int) {
	if header <= 0 || header >= len(data) {
		return s.ScanOutput(name, data), -1
	}
	leaks, lastPermitted, open := s.scanFileAt(name, data, header)
	leaks = append(s.scanName(name), leaks...)
	if len(leaks) > 0 || open || !readApart(data[:header], data[header:]) {
		return leaks, -1
	}
	if window = s.windowEnd(name, data[header:]); window < 0 {
		return leaks, -1
	}
	if !slices.ContainsFunc(lastPermitted, func(c viewCount) bool { return c.n >= 0 }) {
		return leaks, window
	}
	// A permitted passage must start in the header, before its last word
	// (which may run on into the body's first), in every view. The views
	// are paired by kind: a page may have a view its header has not (the
	// escapes undone, the text without hidden elements), and a permitted
	// passage in a view the header lacks lies in the body.
	head, ok := readText(name, data[:header])
	if !ok || !tagsClosed(decodeEscapes(head)) {
		return leaks, -1
	}
	words, _ := viewWords(name, head, true)
	for _, last := range lastPermitted {
		if last.n < 0 {
			continue
		}
		k := slices.IndexFunc(words, func(c viewCount) bool { return c.kind == last.kind })
		if k < 0 || last.n >= words[k].n-1 {
			return leaks, -1
		}
	}
	return leaks, window
}

// viewWords returns the number of words in each view of text that the
// passage scan reads, in the order scanFile reads them (with all; else
// none), and the least of them in the views whose terms and passages may
// span pieces (not chunked).
func viewWords(name, text string, all bool) (words []viewCount, least int) {
	mv := markupPool.Get().(*markupViews)
	defer markupPool.Put(mv)
	least = math.MaxInt
	for _, v := range viewsOf(name, text, mv) {
		// A view that looks for terms only (the text without superscripts)
		// bounds the window as much as the others: a term that touches
		// the header must end inside the window in it too.
		counted, bounds := all && !v.termsOnly, !v.chunked
		if !counted && !bounds {
			continue
		}
		n := 0
		eachWord(v.text, func(h uint64, _ int) {
			if h != 0 {
				n++
			}
		})
		if counted {
			words = append(words, viewCount{kind: v.kind, n: n})
		}
		if bounds {
			least = min(least, n)
		}
	}
	return words, least
}

// ScanReused scans a file whose bytes from header on are a body that
// ScanCertified passed in an earlier file with the same private inputs: the
// file's name, its header and the window of the body after it. window is
// the body's window as ScanCertified gave it, or -1 to find it again; one
// that cannot be a window of this body (past its end, not before a tag) is
// found again too.
func (s *Scanner) ScanReused(name string, data []byte, header, window int) []Leak {
	if header <= 0 || header >= len(data) {
		return s.ScanOutput(name, data)
	}
	return s.ScanReusedBody(name, data[:header:header], data[header:], window)
}

// ScanReusedBody is ScanReused of a file whose header and body are apart:
// the file is head followed by body. It joins only the header and the
// window, unless it must scan the file whole.
func (s *Scanner) ScanReusedBody(name string, head, body []byte, window int) []Leak {
	whole := func() []Leak { return s.ScanOutput(name, append(head[:len(head):len(head)], body...)) }
	if !readApart(head, body) {
		return whole()
	}
	if window <= 0 || window > len(body) || window < len(body) && body[window] != '<' || mayOverrideDirection(body[window:]) {
		window = s.windowEnd(name, body)
	}
	if window < 0 || !declaresUTF8(firstBytes(head, body, 1024)) && !utf8.Valid(body[window:]) {
		// The rest would give the whole page views of its header that
		// the header and window alone lack: text that is not UTF-8 in a
		// page that does not say it is, read as Windows-1252.
		return whole()
	}
	leaks, _, open := s.scanFileAt(name, append(head[:len(head):len(head)], body[:window]...), len(head))
	if open {
		return whole()
	}
	return append(s.scanName(name), leaks...)
}

// readApart reports whether the page head followed by body is read as its
// header's views followed by its body's, whatever either holds: the page
// is not UTF-16 and declares no XML entity, body begins with a token that
// begins with "<" (so no text runs on from the header into it), and head
// ends between two tokens with nothing left open (endsBetweenTokens), so
// the Tokenizer, reading the whole page, reads the body as it reads the
// body alone. (Whether the header leaves open an element that hides or
// raises what follows, the scan of the page tells: scanFileAt.)
func readApart(head, body []byte) bool {
	if len(head) == 0 || len(body) < 2 || body[0] != '<' || !opensToken(body[1]) ||
		bytes.HasPrefix(head, []byte{0xFF, 0xFE}) || bytes.HasPrefix(head, []byte{0xFE, 0xFF}) ||
		declaresEntity(head) || declaresEntity(body) {
		return false
	}
	return endsBetweenTokens(unsafe.String(unsafe.SliceData(head), len(head)))
}

// opensToken reports whether "<" followed by c begins a token (a tag, an
// end tag, a comment or the like) rather than continuing a text.
func opensToken(c byte) bool {
	return 'a' <= c|0x20 && c|0x20 <= 'z' || c == '/' || c == '!' || c == '?'
}

// endsBetweenTokens reports whether the Tokenizer, reading doc and then
// anything that begins with a token, is between two tokens in its data
// state where doc ends: no tag, attribute value, comment, script, style or
// other raw text is left open. The plain reader (nextPlainToken) reads
// our templates' headers whole; from the first token it does not read,
// the Tokenizer reads the rest, and the last token must be one that ends
// where it ends whatever follows.
func endsBetweenTokens(doc string) bool {
	// A text that ends in "</", "<!" or "<?" (or "<") ends there only as
	// the file does: before the body's "<", it opens a bogus comment.
	if n := len(doc); doc[n-1] == '<' || n >= 2 && doc[n-2] == '<' && (doc[n-1] == '/' || doc[n-1] == '!' || doc[n-1] == '?') {
		return false
	}
	if strings.IndexByte(doc, 0) >= 0 { // the Tokenizer reads a file with a NUL
		return tokenizerEndsBetweenTokens(doc)
	}
	mv := markupPool.Get().(*markupViews) // for its token's room for attributes
	defer markupPool.Put(mv)
	defer mv.releaseToken()
	tok := &mv.tok
	for at := 0; at < len(doc); {
		if !nextPlainToken(doc, at, tok) {
			return tokenizerEndsBetweenTokens(doc[at:])
		}
		at += len(tok.raw)
		if tok.rawEnd > at { // the raw text after a script, title or the like
			at = tok.rawEnd
		}
	}
	return true
}

// tokenizerEndsBetweenTokens is endsBetweenTokens of a doc that begins
// between two tokens, read by the Tokenizer. A file that ends inside a
// token gives a last token the Tokenizer cuts at the end (a comment, a
// doctype, raw text) or none (a tag, which it drops): the tokens must
// account for every byte, and the last must be closed.
func tokenizerEndsBetweenTokens(doc string) bool {
	z := html.NewTokenizer(strings.NewReader(doc))
	read, raw, last := 0, false, html.ErrorToken // raw: the token before opened raw text
	var lastRaw []byte
	for {
		tt := z.Next()
		if tt == html.ErrorToken {
			break
		}
		lastRaw = append(lastRaw[:0], z.Raw()...) // Raw is the Tokenizer's until its next token
		read += len(lastRaw)
		opensRaw := (tt == html.StartTagToken || tt == html.SelfClosingTagToken) && startsRawText(tagName(string(lastRaw)))
		if tt == html.TextToken && raw {
			last = html.ErrorToken // raw text: closed only by its end tag
		} else {
			last = tt
		}
		raw = opensRaw
	}
	if read != len(doc) || raw {
		return false
	}
	switch last {
	case html.TextToken:
		return true
	case html.StartTagToken, html.SelfClosingTagToken, html.EndTagToken, html.DoctypeToken:
		return bytes.HasSuffix(lastRaw, []byte(">"))
	case html.CommentToken:
		if bytes.HasPrefix(lastRaw, []byte("<!--")) {
			return bytes.HasSuffix(lastRaw, []byte("-->")) || bytes.HasSuffix(lastRaw, []byte("--!>"))
		}
		return bytes.HasSuffix(lastRaw, []byte(">")) // a bogus comment ends at its first ">"
	}
	return false
}

// declaresEntity reports whether b holds "<!ENTITY", which opens an XML
// entity declaration (entityDeclaration). It looks for "!", which is rarer
// than "<" in a page.
func declaresEntity(b []byte) bool {
	for i := 1; i < len(b); {
		k := bytes.Index(b[i:], []byte("!ENTITY"))
		if k < 0 {
			return false
		}
		if i += k; b[i-1] == '<' {
			return true
		}
		i++
	}
	return false
}

// firstBytes returns the first n bytes of head followed by body.
func firstBytes(head, body []byte, n int) string {
	if len(head) >= n {
		return string(head[:n])
	}
	return string(head) + string(body[:min(len(body), n-len(head))])
}

// mayOverrideDirection reports whether b holds a right-to-left override,
// as itself or as a character reference ("&#x202E;", "&#8238"): in a
// page's text, it makes the scan read the whole text reversed too (see
// withReversed), the header's included.
func mayOverrideDirection(b []byte) bool {
	if hasRightToLeftOverride(unsafe.String(unsafe.SliceData(b), len(b))) {
		return true
	}
	for i := 0; ; {
		k := bytes.Index(b[i:], []byte("&#"))
		if k < 0 {
			return false
		}
		i += k + 2
		base, digits := 10, b[i:]
		if len(digits) > 0 && (digits[0] == 'x' || digits[0] == 'X') {
			base, digits = 16, digits[1:]
		}
		code := 0
		for _, c := range digits {
			d := base
			switch {
			case '0' <= c && c <= '9':
				d = int(c - '0')
			case 'a' <= c|0x20 && c|0x20 <= 'f':
				d = int(c|0x20-'a') + 10
			}
			if d >= base {
				break
			}
			if code = code*base + d; code > unicode.MaxRune {
				break
			}
		}
		if code == 0x202E {
			return true
		}
	}
}

// windowEnd returns the length of the body's window: a prefix of body that
// ends before a tag, leaves no tag open, and holds, in every view the scan
// reads, more words than any term or passage spans; -1 when body has none.
func (s *Scanner) windowEnd(name string, body []byte) int {
	if len(body) == 0 || body[0] != '<' {
		return -1
	}
	need := PassageWords
	if n := s.terms.longest(); n > need {
		need = n
	}
	need += 2 // the first word may join the header's last, the last the word after the window
	// A prefix is read whole at each try, so the first try starts where need
	// words of prose usually end (8 bytes a word): a cell page's body opens
	// with prose (a public page's note on masking, the run help), and a
	// shorter prefix seldom holds them. Any try that holds them is a window:
	// a threshold-only rebuild scans it after each header. On the bench's
	// cell pages (need 66) every window was found at the first try, 580
	// bytes on average (it was 0.8-1 KB from 16 bytes a word).
	for at := max(256, 8*need); ; at *= 2 {
		if at >= len(body) {
			return -1
		}
		k := bytes.IndexByte(body[at:], '<')
		if k < 0 {
			return -1
		}
		end := at + k
		text, ok := readText(name, body[:end])
		if !ok {
			return -1
		}
		if !tagsClosed(decodeEscapes(text)) {
			continue
		}
		if _, least := viewWords(name, text, false); least >= need {
			// An override in the rest reads the header reversed, and
			// the page is read whole.
			if mayOverrideDirection(body[end:]) {
				return -1
			}
			return end
		}
	}
}

// tagsClosed reports whether every "<" of text is followed by a ">", so that
// removing its tags leaves nothing open for the text after it.
func tagsClosed(text string) bool {
	return strings.LastIndexByte(text, '<') <= strings.LastIndexByte(text, '>')
}
