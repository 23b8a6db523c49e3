package leakscan

import (
	"bytes"
	"regexp"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"
	"unsafe"

	"golang.org/x/net/html"

	"github.com/evalpress/evalpress/matcher"
)

// markupViews is what the tokenizer reads of an HTML or SVG file.
type markupViews struct {
	text  []byte // the text nodes, joined
	other []byte // attribute values, comments, scripts, styles: each alone
	bare  []byte // the text nodes outside <sup> and <sub>
	names []byte // tag and attribute names: each alone
	// textAt and otherAt map offsets in text and other to offsets in the
	// file, at the start of each piece.
	textAt, otherAt, bareAt, namesAt []span
	hasSup                           bool
	// withBare: bare is made. It is used only when the file has a <sup>
	// or <sub> (hasSup), so read makes it in a second reading of such a
	// file: it would otherwise copy every page's text once more.
	withBare bool
	tok      token // the token being read, kept for its attributes' room
	// depth is how many raw texts deep these views are read (addMarkup).
	depth int
	// joins are the offsets in text where a text that starts with a
	// letter or digit follows one that ends with one across the start or
	// end of an element a browser shows apart (a cell, a paragraph, a line
	// break): the page shows "1" and "Larkspur", or the last word of a
	// paragraph and the first of the next, apart, and the text has a line
	// break before each join. broke: such an element was met since the
	// last text.
	joins []int
	broke bool
	// split and splitAt: the text that starts at each join (joinedStarts).
	split   []byte
	splitAt []span
	// hidden are the ranges of text inside elements a browser does not
	// show ([start, end) offsets in text), and shown the text without
	// them (shownText).
	hidden [][2]int
	shown  []byte
	// drawnAt is 1 + the offset of the first text drawn in another order
	// than it is written (drawn.go), 0 when there is none; shapesAt, of
	// the first shape that may draw text (drawsShapes).
	drawnAt, shapesAt int
	// embeds are the files embedded as data: URLs in the attribute values
	// and style sheets read (embedded.go).
	embeds []embedded
}

// span says that the view's text from at on came from the file at src.
type span struct{ at, src int }

// reset empties v, with room for a document of n bytes: its text is most
// of a page, the other strings much less, so they are given room for a
// large file's at most and grow beyond it (a 45 MB page would keep 22 MB
// for them otherwise).
func (v *markupViews) reset(n int) {
	v.text, v.other = slices.Grow(v.text[:0], n), slices.Grow(v.other[:0], min(n, largeFile)/2)
	v.bare, v.names = v.bare[:0], v.names[:0]
	v.textAt, v.otherAt, v.bareAt, v.namesAt, v.hasSup = v.textAt[:0], v.otherAt[:0], v.bareAt[:0], v.namesAt[:0], false
	v.joins, v.broke = v.joins[:0], false
	v.hidden = v.hidden[:0]
	v.embeds = v.embeds[:0]
}

func (v *markupViews) addText(s string, src int, bare bool) {
	if len(s) == 0 {
		return
	}
	if v.broke {
		v.broke = false
		if len(v.text) > 0 && wordByte(v.text[len(v.text)-1]) && (wordByte(s[0]) || escapeStart(s[0])) {
			// The page shows them apart: so does the text. An escape
			// that a view undoes into a word ("&q;" that an XML entity
			// declares, "%51" or "\u0051" that decodeEscapes reads) may
			// begin the second.
			v.text = append(v.text, '\n')
			if bare && v.withBare && len(v.bare) > 0 {
				v.bare = append(v.bare, '\n')
			}
			v.joins = append(v.joins, len(v.text))
		}
	}
	v.textAt = append(v.textAt, span{len(v.text), src})
	v.text = append(v.text, s...)
	if bare && v.withBare {
		v.bareAt = append(v.bareAt, span{len(v.bare), src})
		v.bare = append(v.bare, s...)
	}
}

// wordByte reports whether c may be part of a word: an ASCII letter or
// digit, or a byte of a character that is not ASCII.
func wordByte(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c >= utf8.RuneSelf
}

// escapeStart reports whether c may begin an escape that a view undoes into
// a word: a character or entity reference, or a URL, JavaScript or CSS
// escape.
func escapeStart(c byte) bool { return c == '&' || c == '%' || c == '\\' }

// joinWords is how many words on either side of a join joinedAround
// keeps: more than any private term has.
const joinWords = 32

// joinedAround returns the text around each join read without the line
// break the text has there, each piece alone (matcher.HardBreak ends it), as far
// as joinWords words either way: the reading of a page whose style shows
// its cells or paragraphs inline, where "Lark" and "spur" would join.
// Valid, with the spans it returns, until v is reset.
func (v *markupViews) joinedAround() (string, []span) {
	v.split, v.splitAt = v.split[:0], v.splitAt[:0]
	for k, at := range v.joins {
		from, to := 0, len(v.text)
		if k > 0 {
			from = v.joins[k-1]
		}
		if k+1 < len(v.joins) {
			to = v.joins[k+1] - 1
		}
		words := 0
		for i := at - 2; i > from; i-- {
			if isHTMLSpace(v.text[i]) && !isHTMLSpace(v.text[i+1]) {
				if words++; words == joinWords {
					from = i
					break
				}
			}
		}
		words = 0
		for i := at + 1; i < to; i++ {
			if isHTMLSpace(v.text[i]) && !isHTMLSpace(v.text[i-1]) {
				if words++; words == joinWords {
					to = i
					break
				}
			}
		}
		v.splitAt = append(v.splitAt, span{len(v.split), source(v.textAt, from)})
		v.split = append(append(append(v.split, v.text[from:at-1]...), v.text[at:to]...), matcher.HardBreak)
	}
	return view(v.split), v.splitAt
}

// breaksText reports whether a browser shows an element (its lower-case
// name) apart from the text around it: on lines of its own, in a cell of
// its own, or after a line break.
func breaksText(name string) bool {
	switch name {
	case "address", "article", "aside", "blockquote", "br", "caption", "dd", "details", "dialog", "div", "dl", "dt",
		"fieldset", "figcaption", "figure", "footer", "form", "h1", "h2", "h3", "h4", "h5", "h6", "header", "hgroup",
		"hr", "legend", "li", "main", "nav", "ol", "option", "p", "pre", "section", "summary", "table", "tbody", "td",
		"tfoot", "th", "thead", "tr", "ul", "title", "body", "head", "html", "text", "desc", "textarea", "button",
		"select", "input", "img", "svg", "math":
		return true
	}
	return false
}

// view returns b as a string, valid until v is reset.
func view(b []byte) string { return unsafe.String(unsafe.SliceData(b), len(b)) }

// addOther adds a string other than text: each stands alone, so a term or
// passage is not looked for across two (matcher.HardBreak ends each).
func (v *markupViews) addOther(s string, src int) {
	v.otherAt = append(v.otherAt, span{len(v.other), src})
	v.other = append(append(v.other, s...), matcher.HardBreak)
}

// addName adds a tag or attribute name, unless it is a common HTML or SVG
// one, which holds no private term.
func (v *markupViews) addName(name string, src int) {
	if commonNames.has(name) {
		return
	}
	v.namesAt = append(v.namesAt, span{len(v.names), src})
	v.names = append(append(v.names, name...), matcher.HardBreak)
}

// commonNames are the tag and attribute names evalpress's own pages use.
var commonNames = func() *nameSet {
	m := new(nameSet)
	for _, n := range strings.Fields(`html head body meta link title script style div span p a b i em strong
		code pre q blockquote ul ol li dl dt dd table thead tbody tfoot tr th td caption colgroup col h1 h2 h3
		h4 h5 h6 hr br img figure figcaption nav header footer main section article aside details summary
		sup sub small mark abbr del ins s u button input label select option form textarea svg g path rect
		circle line polyline polygon text tspan defs use lang charset name content rel href src id class
		style type title alt role width height viewbox xmlns d x y x1 x2 y1 y2 cx cy r fill stroke
		transform colspan rowspan scope data-cell data-run aria-label aria-hidden aria-current hidden
		open for value tabindex target loading dir`) {
		m.add(n)
	}
	return m
}()

// nameSet is a small set of short, non-empty strings: an open-addressed
// table hashed by a string's length and three of its bytes, which a page's
// thousands of tag and attribute names are looked up in faster than in a
// map.
type nameSet struct{ slots [512]string }

func nameSlot(s string) int {
	n := len(s)
	return (n*157 + int(s[0])*59 + int(s[n-1])*17 + int(s[n/2])*7) & 511
}

// add adds s, which is not empty; the set holds fewer than 512 strings.
func (t *nameSet) add(s string) {
	i := nameSlot(s)
	for t.slots[i] != "" && t.slots[i] != s {
		i = (i + 1) & 511
	}
	t.slots[i] = s
}

func (t *nameSet) has(s string) bool {
	if s == "" {
		return false
	}
	for i := nameSlot(s); ; i = (i + 1) & 511 {
		switch t.slots[i] {
		case s:
			return true
		case "":
			return false
		}
	}
}

// read tokenizes doc as a browser does, with golang.org/x/net/html's
// Tokenizer: the one HTML reader of the scan. A page with superscripts or
// subscripts is read twice, the second time for its bare view.
func (v *markupViews) read(doc string) {
	v.readAs(doc, false)
	if v.hasSup {
		v.readAs(doc, true)
	}
}

// readAs is read, making the bare view when withBare is set.
func (v *markupViews) readAs(doc string, withBare bool) {
	v.reset(len(doc))
	v.withBare = withBare
	var st readState
	defer v.releaseToken()
	v.shapesAt = 0
	v.readTokens(doc, &st, &v.tok)
	v.drawnAt = st.drawn.found
	if s := st.drawn.shapes; s != 0 && (v.shapesAt == 0 || s < v.shapesAt) {
		v.shapesAt = s // else a shape of markup read inside came first
	}
}

// releaseToken empties v's token when a reading ends: it keeps the room
// for attributes, not the file's strings.
func (v *markupViews) releaseToken() {
	clear(v.tok.attrs[:cap(v.tok.attrs)])
	v.tok = token{attrs: v.tok.attrs[:0]}
}

// readState is what the reading of a file carries from token to token.
type readState struct {
	raw      string // the raw-text element read in: script, style
	supDepth int    // open <sup> and <sub> elements, and raised ones
	// raised are the open elements other than <sup> and <sub> that a
	// page shows raised or lowered (raises), with how many elements of
	// the same name are open inside each.
	raised []hidden
	// rawText: the token before was the start tag of an element whose
	// content the Tokenizer reads as raw text or RCDATA.
	rawText bool
	// hide are the open elements a browser does not show (hides), with
	// how many elements of the same name are open inside each.
	hide []hidden
	// drawn follows SVG text drawn in another order (drawn.go).
	drawn drawnState
}

// hidden is an open element a browser does not show.
type hidden struct {
	name  string
	depth int
}

// token is a token as the Tokenizer gives it.
type token struct {
	tt  html.TokenType
	raw string // the token's bytes in the file (Raw)
	// name is a tag's name as written (from after "<" or "</" to the first
	// space, "/" or ">").
	name string
	// text is a text, comment or doctype token's text (Text).
	text string
	// attrs are a start tag's attributes (TagAttr): names lowercased,
	// values decoded, each name once.
	attrs []attribute
}

// attribute is a tag's attribute as TagAttr gives it.
type attribute struct{ key, val string }

// readTokens reads doc with the Tokenizer, token by token, into v: with
// Next, Raw, Text and TagAttr, which copy only what a token's text or
// attributes need decoded.
func (v *markupViews) readTokens(doc string, st *readState, tok *token) {
	z := html.NewTokenizer(strings.NewReader(doc))
	for at := 0; at < len(doc); {
		tt := z.Next()
		if tt == html.ErrorToken {
			// A tag, comment or the like the file ends inside: the
			// Tokenizer drops it, the file's source shows it.
			v.addOther(decodeEscapes(doc[at:]), at)
			return
		}
		rawToken := z.Raw()
		tok.tt, tok.name, tok.text, tok.attrs = tt, "", "", tok.attrs[:0]
		// The token's bytes are the file's: doc[at:at+len(rawToken)].
		tok.raw = doc[at : at+len(rawToken)]
		switch tt {
		case html.TextToken:
			// Most text needs no decoding: the raw bytes are the text.
			if bytes.IndexByte(rawToken, '&') >= 0 || bytes.IndexByte(rawToken, '\r') >= 0 || bytes.IndexByte(rawToken, 0) >= 0 {
				tok.text = string(z.Text())
			} else {
				tok.text = tok.raw
			}
		case html.CommentToken, html.DoctypeToken:
			tok.text = string(z.Text())
		case html.StartTagToken, html.SelfClosingTagToken:
			for more := hasAny(rawToken[1:], &attrSeparators); more; {
				// TagAttr gives copies of its own (x/net/html v0.62):
				// the attribute reads them in place.
				var key, val []byte
				key, val, more = z.TagAttr()
				if key == nil {
					break
				}
				tok.attrs = append(tok.attrs, attribute{view(key), view(val)})
			}
		}
		if tt == html.StartTagToken || tt == html.SelfClosingTagToken || tt == html.EndTagToken {
			tok.name = tagName(tok.raw)
		}
		v.take(doc, tok, at, st)
		at += len(rawToken)
	}
}

// take adds a token, which starts at the file offset at, to the views.
func (v *markupViews) take(doc string, tok *token, at int, st *readState) {
	st.trackDrawn(tok, at)
	rawToken := tok.raw
	rawText := st.rawText
	st.rawText = false
	switch tok.tt {
	case html.TextToken:
		switch st.raw {
		case "script":
			v.addOther(decodeEscapes(tok.text), at)
		case "style":
			v.addOther(decodeCSS(tok.text), at)
			v.addEmbedded(unescapeCSS(tok.text), at)
		default:
			v.addText(tok.text, at, st.supDepth == 0)
		}
		if rawText && strings.IndexByte(rawToken, '<') >= 0 {
			v.addMarkup(rawToken, at, st.raw != "", st.supDepth == 0)
		}
	case html.CommentToken, html.DoctypeToken:
		v.addOther(tok.text, at)
		// In SVG and MathML, and in XML files, a CDATA section is text
		// (the Tokenizer reads it as a comment, to its first ">"): it
		// joins the text around it.
		if tok.tt == html.CommentToken && len(tok.text) >= len(cdataStart) && strings.EqualFold(tok.text[:len(cdataStart)], cdataStart) {
			v.addText(strings.TrimSuffix(tok.text[len(cdataStart):], "]]"), at, st.supDepth == 0)
		}
	case html.StartTagToken, html.SelfClosingTagToken, html.EndTagToken:
		name := tok.name
		upper := caseOf(name)
		tag := ""
		switch {
		case len(name) == 3 && asciiEqualFold(name, "sup"):
			tag = "sup"
		case len(name) == 3 && asciiEqualFold(name, "sub"):
			tag = "sub"
		case len(name) == 5 && asciiEqualFold(name, "style"):
			tag = "style"
		case len(name) == 6 && asciiEqualFold(name, "script"):
			tag = "script"
		case upper >= 2:
			// Unicode's case folding reads "ſ" (long s) as "s", and the
			// Kelvin sign as "k".
			for _, t := range [...]string{"script", "style", "sup", "sub"} {
				if strings.EqualFold(name, t) {
					tag = t
				}
			}
		}
		if upper == 1 || upper == 2 {
			name = strings.ToLower(name)
		}
		if breaksText(name) {
			v.broke = true
		}
		v.addName(name, at)
		names := len(v.namesAt)
		from := 0 // where the next attribute's name is looked for in the tag
		for _, a := range tok.attrs {
			v.addName(a.key, at)
			if len(a.val) == 0 {
				continue
			}
			// Where the value starts, for messages: after its name.
			src := at
			if k := strings.Index(rawToken[from:], a.key); k >= 0 {
				from += k + len(a.key)
				src += from
				for src < at+len(rawToken) && (doc[src] == '=' || doc[src] == '"' || doc[src] == '\'' || doc[src] == ' ') {
					src++
				}
			}
			value := a.val // copied into the view
			switch {
			case a.key == "style":
				value = decodeCSS(value)
			case hasAnyString(value, &escapeStarts):
				value = decodeEscapes(value)
			}
			v.addOther(value, src)
			if a.key == "style" {
				v.addEmbedded(unescapeCSS(a.val), src)
			} else {
				v.addEmbedded(a.val, src) // a URL's escapes are its payload's
			}
			switch {
			case strings.IndexByte(value, '<') < 0:
			case a.key == "srcdoc":
				// The document a frame shows: its text is on the page,
				// read as markup.
				v.addMarkup(a.val, src, false, st.supDepth == 0)
			default:
				// A value a reader sees with tags in it (a tooltip's
				// "Lark<b>spur</b>"): read as markup too, its tags
				// hide no word.
				v.addMarkup(value, src, true, false)
			}
		}
		// addName kept the attribute names that are not common ones.
		if droppedSource(rawToken, tok, len(v.namesAt)-names) {
			v.addOther(decodeEscapes(rawToken), at)
		}
		st.rawText = tok.tt != html.EndTagToken && startsRawText(tok.name)
		v.trackHidden(name, tok, st)
		if tag != "sup" && tag != "sub" {
			v.trackRaised(name, tok, st)
		}
		switch {
		case tok.tt == html.StartTagToken && (tag == "script" || tag == "style"):
			st.raw = tag
		case tok.tt == html.EndTagToken && tag == st.raw:
			st.raw = ""
		case tag == "sup" || tag == "sub":
			v.hasSup = true
			if tok.tt == html.StartTagToken {
				st.supDepth++
			} else if tok.tt == html.EndTagToken && st.supDepth > 0 {
				st.supDepth--
			}
		}
	}
}

// trackHidden follows the elements a browser does not show (hides): a
// text inside one, or a run of them, is cut from the shown text
// (shownText), where 'Lark<span hidden>x</span>spur' reads as a page shows
// it. name is the tag's name in lower case.
func (v *markupViews) trackHidden(name string, tok *token, st *readState) {
	if tok.tt == html.EndTagToken {
		if n := len(st.hide); n > 0 && st.hide[n-1].name == name {
			if st.hide[n-1].depth--; st.hide[n-1].depth == 0 {
				st.hide = st.hide[:n-1]
				if k := len(v.hidden) - 1; len(st.hide) == 0 && k >= 0 {
					if v.hidden[k][0] == len(v.text) {
						v.hidden = v.hidden[:k] // it held no text
					} else {
						v.hidden[k][1] = len(v.text)
					}
				}
			}
		}
		return
	}
	if voidElement(name) {
		return
	}
	if n := len(st.hide); n > 0 && st.hide[n-1].name == name {
		st.hide[n-1].depth++
		return
	}
	if !hides(name, tok.attrs) {
		return
	}
	if len(st.hide) == 0 {
		v.hidden = append(v.hidden, [2]int{len(v.text), -1})
	}
	st.hide = append(st.hide, hidden{name, 1})
}

// trackRaised follows the elements a page shows raised or lowered as a
// <sup> or <sub> (raises): their text is left out of the bare view as
// theirs is, where 'Lark<span style="vertical-align:super">1</span>spur'
// reads as a page shows it. name is the tag's name in lower case.
func (v *markupViews) trackRaised(name string, tok *token, st *readState) {
	n := len(st.raised)
	if tok.tt == html.EndTagToken {
		if n > 0 && st.raised[n-1].name == name {
			if st.raised[n-1].depth--; st.raised[n-1].depth == 0 {
				st.raised = st.raised[:n-1]
				st.supDepth = max(st.supDepth-1, 0)
			}
		}
		return
	}
	if tok.tt != html.StartTagToken || voidElement(name) {
		return
	}
	if n > 0 && st.raised[n-1].name == name {
		st.raised[n-1].depth++
		return
	}
	if !raises(tok.attrs) {
		return
	}
	st.raised = append(st.raised, hidden{name, 1})
	st.supDepth++
	v.hasSup = true
}

// raises reports whether an element's attributes have a page show it
// raised or lowered as a superscript or subscript: a style's
// vertical-align, or an SVG baseline-shift, of super or sub.
func raises(attrs []attribute) bool {
	for _, a := range attrs {
		switch a.key {
		case "baseline-shift":
			if val := strings.ToLower(strings.TrimSpace(a.val)); val == "super" || val == "sub" {
				return true
			}
		case "style":
			style := a.val
			if strings.IndexByte(style, '\\') >= 0 {
				style = decodeCSS(style)
			}
			if hasUpper(style) {
				style = strings.ToLower(style)
			}
			if !strings.Contains(style, "sub") && !strings.Contains(style, "super") {
				continue
			}
			css := strings.Join(strings.Fields(style), "")
			for _, r := range [...]string{"vertical-align:super", "vertical-align:sub", "baseline-shift:super", "baseline-shift:sub"} {
				if strings.Contains(css, r) {
					return true
				}
			}
		}
	}
	return false
}

// hides reports whether a browser leaves an element out of the page it
// shows: by its name (template, ruby annotations, noscript where scripts
// run, elements whose content is never shown; not a title, which a tab
// or a tooltip shows) or by its attributes
// (hidden; a style that hides it or makes its text too small to see).
func hides(name string, attrs []attribute) bool {
	switch name {
	case "template", "rt", "rp", "noscript", "iframe", "noembed", "noframes", "datalist", "desc", "metadata",
		"canvas", "audio", "video", "object":
		return true
	}
	for _, a := range attrs {
		switch a.key {
		case "hidden":
			return true
		case "style":
			if hidingStyle(a.val) {
				return true
			}
		}
	}
	return false
}

// hidingStyle reports whether a style attribute hides its element or
// makes its text too small or too faint to see.
func hidingStyle(style string) bool {
	if strings.IndexByte(style, '\\') >= 0 {
		style = decodeCSS(style)
	}
	if hasUpper(style) {
		style = strings.ToLower(style)
	}
	if !strings.Contains(style, "none") && !strings.Contains(style, "hidden") && !strings.Contains(style, "collapse") &&
		!strings.Contains(style, "rect") && !strings.Contains(style, "font-size") && !strings.Contains(style, "opacity") {
		return false
	}
	css := strings.Join(strings.Fields(style), "")
	for _, h := range [...]string{"display:none", "visibility:hidden", "visibility:collapse", "content-visibility:hidden", "clip:rect(0"} {
		if strings.Contains(css, h) {
			return true
		}
	}
	// A property set to zero ("0", "0px", "0%", not "0.5").
	for _, p := range [...]string{"font-size:", "opacity:"} {
		for i := strings.Index(css, p); i >= 0; {
			rest := css[i+len(p):]
			rest = strings.TrimLeft(rest, "0")
			if len(rest) < len(css[i+len(p):]) && (rest == "" || rest[0] != '.' && (rest[0] < '1' || rest[0] > '9')) {
				return true
			}
			k := strings.Index(css[i+len(p):], p)
			if k < 0 {
				break
			}
			i += len(p) + k
		}
	}
	return false
}

// voidElement reports whether an element has no content (and no end tag).
func voidElement(name string) bool {
	switch name {
	case "area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "param", "source", "track", "wbr":
		return true
	}
	return false
}

// shownText returns the text without what hidden elements hold, or ""
// when nothing is hidden. Valid until v is reset.
func (v *markupViews) shownText() string {
	if len(v.hidden) == 0 {
		return ""
	}
	v.shown = v.shown[:0]
	last := 0
	for _, h := range v.hidden {
		end := h[1]
		if end < 0 { // open to the end of the file
			end = len(v.text)
		}
		v.shown = append(v.shown, v.text[last:h[0]]...)
		last = end
	}
	v.shown = append(v.shown, v.text[last:]...)
	if len(v.shown) == len(v.text) {
		return ""
	}
	return view(v.shown)
}

// entityDeclaration is an XML document type's internal entity: an SVG or
// XML file that declares '<!ENTITY a "Lark">' shows "Lark" for "&a;".
var entityDeclaration = regexp.MustCompile(`<!ENTITY\s+([^\s%"'>]+)\s+(?:"([^"]*)"|'([^']*)')`)

// expandEntities returns text with the internal entities that doc
// declares expanded (as an XML reader expands them, a few times over for
// entities that use others), or "" when doc declares none.
func expandEntities(doc, text string) string {
	decls := entityDeclaration.FindAllStringSubmatch(doc, 1000)
	if len(decls) == 0 {
		return ""
	}
	var pairs []string
	for _, d := range decls {
		pairs = append(pairs, "&"+d[1]+";", html.UnescapeString(d[2]+d[3]))
	}
	r := strings.NewReplacer(pairs...)
	for range 4 {
		next := r.Replace(text)
		if next == text || len(next) > 4*len(doc)+4096 {
			break
		}
		text = next
	}
	return text
}

// droppedSource reports whether a tag holds source the Tokenizer does
// not give as an attribute, or whose attribute names read on from one to
// the next: an end tag's attributes, a second attribute of the same name
// (more "=" than attributes), and names other than the common ones
// ('<p Quillion 2.5 Pro>'; uncommon is how many of its attribute names
// are not common ones). The source shows them; the scan then reads the
// whole tag as a reader does.
func droppedSource(raw string, tok *token, uncommon int) bool {
	if tok.tt == html.EndTagToken {
		return len(raw) > len(tok.name)+3
	}
	// assignments counts some of the "=": fewer than the attributes, it
	// need not count.
	return uncommon > 1 || strings.Count(raw, "=") > len(tok.attrs) && assignments(raw) > len(tok.attrs)
}

// assignments counts the "=" of a start tag that give an attribute a
// value: not those inside a quoted value (a <meta> element's
// content="width=device-width").
func assignments(raw string) int {
	n := 0
	var quote byte
	afterEq := false
	for i := 0; i < len(raw); i++ {
		c := raw[i]
		switch {
		case quote != 0:
			if c == quote {
				quote = 0
			}
		case c == '=':
			n++
			afterEq = true
		case afterEq && (c == '"' || c == '\''):
			quote, afterEq = c, false
		case afterEq && isHTMLSpace(c):
		default:
			afterEq = false
		}
	}
	return n
}

// cdataStart starts a CDATA section's text as the Tokenizer reads it, a
// comment's.
const cdataStart = "[CDATA["

// maxMarkupDepth is how many raw texts deep addMarkup reads the markup in
// a raw text: deeper, the raw text is read as it is.
const maxMarkupDepth = 8

// addMarkup adds the raw text raw (the content of a title, textarea,
// noscript, script, style or the like, or an iframe's srcdoc, at the file
// offset at) read again as markup: a browser reads it so in SVG and MathML,
// a noscript's when scripts are off and a srcdoc always, and text
// extractors read every one so. Tags inside it
// then hide no text. The text it holds goes to the text view (as another
// piece) or, for a script or style (other), to the other view; its
// attributes, comments and names to theirs.
func (v *markupViews) addMarkup(raw string, at int, other, bare bool) {
	if v.depth >= maxMarkupDepth {
		return
	}
	inner := &markupViews{depth: v.depth + 1}
	inner.readAs(raw, v.withBare)
	for _, e := range inner.embeds {
		v.embeds = append(v.embeds, embedded{url: e.url, src: at})
	}
	if inner.shapesAt != 0 && v.shapesAt == 0 {
		v.shapesAt = at + 1
	}
	if other {
		v.addOther(view(inner.text), at)
		if inner.hasSup {
			// A script's or style's markup with a <sup> or <sub>: its
			// text without them too, as a page that writes it shows it.
			if !inner.withBare {
				inner.readAs(raw, true)
			}
			v.addOther(view(inner.bare), at)
		}
	} else {
		// Another reading of the same text: apart from the text around it,
		// in the text and in the bare view alike.
		v.text = append(v.text, '\n')
		v.text, v.textAt = appendPieces(v.text, v.textAt, inner.text, inner.textAt, at)
		v.text = append(v.text, '\n')
		if bare {
			if v.withBare {
				v.bare = append(v.bare, '\n')
				v.bare, v.bareAt = appendPieces(v.bare, v.bareAt, inner.bare, inner.bareAt, at)
				v.bare = append(v.bare, '\n')
			}
			v.hasSup = v.hasSup || inner.hasSup
		}
	}
	v.other, v.otherAt = appendPieces(v.other, v.otherAt, inner.other, inner.otherAt, at)
	v.names, v.namesAt = appendPieces(v.names, v.namesAt, inner.names, inner.namesAt, at)
}

// appendPieces appends the view b, whose spans are bAt (from the file
// offset at), to the view a with spans aAt.
func appendPieces(a []byte, aAt []span, b []byte, bAt []span, at int) ([]byte, []span) {
	for _, sp := range bAt {
		aAt = append(aAt, span{len(a) + sp.at, at + sp.src})
	}
	return append(a, b...), aAt
}

// tagName returns a tag token's name as written: from after "<" or "</"
// to the first space, "/" or ">".
func tagName(rawToken string) string {
	i := 0
	for i < len(rawToken) && (rawToken[i] == '<' || rawToken[i] == '/') {
		i++
	}
	name := rawToken[i:]
	for k := 0; k < len(name); k++ {
		if c := name[k]; c == '/' || c == '>' || isHTMLSpace(c) {
			return name[:k]
		}
	}
	return name
}

// caseOf returns 0 for an ASCII string without upper-case letters, 1 for
// an ASCII string with some, 2 for a string that is not ASCII and has
// some, 3 for one that is not ASCII and has none.
func caseOf(s string) int {
	upper := 0
	for i := 0; i < len(s); i++ {
		if c := s[i]; c >= utf8.RuneSelf {
			if strings.ContainsFunc(s, unicode.IsUpper) {
				return 2
			}
			return 3
		} else if 'A' <= c && c <= 'Z' {
			upper = 1
		}
	}
	return upper
}

// hasUpper reports whether s holds an upper-case letter.
func hasUpper(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c >= utf8.RuneSelf {
			return strings.ContainsFunc(s, unicode.IsUpper)
		} else if 'A' <= c && c <= 'Z' {
			return true
		}
	}
	return false
}

// source returns the file offset a view offset came from, by the view's
// spans: the start of its piece.
func source(spans []span, offset int) int {
	k := 0
	for lo, hi := 0, len(spans); lo < hi; {
		mid := (lo + hi) / 2
		if spans[mid].at <= offset {
			k, lo = mid, mid+1
		} else {
			hi = mid
		}
	}
	if len(spans) == 0 {
		return 0
	}
	// Within a piece, as far as the next piece's start.
	src := spans[k].src + offset - spans[k].at
	if k+1 < len(spans) && src >= spans[k+1].src {
		src = max(spans[k].src, spans[k+1].src-1)
	}
	return src
}

// byteSet is a set of bytes.
type byteSet [256]bool

func newByteSet(chars string) (s byteSet) {
	for i := 0; i < len(chars); i++ {
		s[chars[i]] = true
	}
	return s
}

var (
	attrSeparators = newByteSet(" \t\n\r\f/") // after a tag name: attributes may follow
	escapeStarts   = newByteSet("&\\%+")      // what decodeEscapes may decode
)

// hasAnyString reports whether s holds a byte of set.
func hasAnyString(s string, set *byteSet) bool {
	for i := 0; i < len(s); i++ {
		if set[s[i]] {
			return true
		}
	}
	return false
}

// hasAny reports whether b holds a byte of set.
func hasAny(b []byte, set *byteSet) bool {
	for _, c := range b {
		if set[c] {
			return true
		}
	}
	return false
}

// startsRawText reports whether a start tag's name (as written) is that of
// an element whose content the Tokenizer reads as raw text or RCDATA.
func startsRawText(name string) bool {
	switch len(name) {
	case 3, 5, 6, 7, 8, 9:
	default:
		return false
	}
	for _, t := range [...]string{"iframe", "noembed", "noframes", "noscript", "plaintext", "script", "style", "textarea", "title", "xmp"} {
		if asciiEqualFold(name, t) {
			return true
		}
	}
	return false
}

// asciiEqualFold reports whether s is t (lower case) with ASCII letters in
// either case, as the Tokenizer compares tag names.
func asciiEqualFold(s, t string) bool {
	if len(s) != len(t) {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		if c != t[i] {
			return false
		}
	}
	return true
}

// isHTMLSpace reports whether c is a space to the Tokenizer.
func isHTMLSpace(c byte) bool {
	return c == ' ' || c == '\n' || c == '\r' || c == '\t' || c == '\f'
}
