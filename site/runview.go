package site

import (
	"fmt"
	"html"
	"html/template"
	"strconv"
	"strings"

	"github.com/evalpress/evalpress/redact/public"
)

// runColours is the number of distinct run colours (the palette's size); runs
// beyond it reuse colours with a hatched pattern, see style.css.
const runColours = 8

func runClass(id int) string { return string(appendRunClass(nil, id)) }

// appendRunClass appends runClass(id) to b.
func appendRunClass(b []byte, id int) []byte {
	b = strconv.AppendInt(append(b, "run rc"...), int64((id-1)%runColours), 10)
	if id > runColours {
		b = append(b, " hatched"...)
	}
	return b
}

// textHTML lays a text out with its runs marked. side is "s" (section) or
// "e" (example); each run's mark has the id side-run-N (site.js reads the
// run's number from it) and a visible label, so the pairing reads without
// JavaScript.
func textHTML(tv *public.TextView, runs []public.Run, side string) template.HTML {
	return template.HTML(appendTextHTML(make([]byte, 0, textHTMLSize(tv, runs, side)), tv, runs, side))
}

// textHTMLSize is the size of textHTML's HTML: the page that holds it is
// made to size.
func textHTMLSize(tv *public.TextView, runs []public.Run, side string) int {
	words := map[int]int{}
	for _, r := range runs {
		words[r.ID] = r.Words
	}
	size, open := 0, 0
	var mark []byte
	for _, seg := range tv.Segments {
		if seg.Run != open {
			if open != 0 {
				size += len("</mark>")
				open = 0
			}
			if seg.Run != 0 {
				mark = appendMark(mark[:0], seg.Run, side, words[seg.Run])
				size += len(mark)
				open = seg.Run
			}
		}
		size += escapedSize(seg.Text)
		switch seg.Kind {
		case public.SegBridge:
			size += len(bridgeOpen) + len(bridgeClose)
		case public.SegStripped:
			size += len(strippedOpen) + len("</span>")
		}
	}
	if open != 0 {
		size += len("</mark>")
	}
	return size
}

// appendMark appends the opening of run id's mark in a text.
func appendMark(b []byte, id int, side string, words int) []byte {
	b = appendRunClass(append(b, `<mark class="`...), id)
	b = strconv.AppendInt(append(append(append(b, `" id="`...), side...), "-run-"...), int64(id), 10)
	b = strconv.AppendInt(append(b, `"><span class="lbl">R`...), int64(id), 10)
	b = strconv.AppendInt(append(b, ' '), int64(words), 10)
	return append(b, "w</span>"...)
}

// A bridge is a <b> with neither class nor title (style.css shades a
// text's <b>, in its own weight): a run view holds dozens of them, a large
// study 65,000, and the legend's key ("· bridged") says once what they
// are.
const (
	bridgeOpen, bridgeClose = `<b>`, `</b>`
	strippedOpen            = `<span class="stripped" title="mandated phrase, stripped before measuring">`
)

// hasSegment reports whether any of the texts has a segment of kind.
func hasSegment(kind string, texts ...*public.TextView) bool {
	for _, tv := range texts {
		for _, seg := range tv.Segments {
			if seg.Kind == kind {
				return true
			}
		}
	}
	return false
}

// escapes marks the bytes appendEscaped escapes.
var escapes = [256]bool{'<': true, '>': true, '&': true, '\'': true, '"': true}

// indexEscape is strings.IndexAny(s, `<>&'"`) without the set IndexAny
// makes at each call: a cold build escapes millions of short strings (the
// run views' words), and making the set took most of the time.
func indexEscape(s string) int {
	for i := 0; i < len(s); i++ {
		if escapes[s[i]] {
			return i
		}
	}
	return -1
}

// escapedSize is the size of s escaped as appendEscaped escapes it.
func escapedSize(s string) int {
	n := len(s)
	for {
		i := indexEscape(s)
		if i < 0 {
			return n
		}
		if s[i] == '<' || s[i] == '>' {
			n += len("&lt;") - 1
		} else {
			n += len("&amp;") - 1
		}
		s = s[i+1:]
	}
}

// appendTextHTML appends textHTML's HTML to b: a page holds it without
// making it first (a 30 MB section's is 22 MB).
func appendTextHTML(b []byte, tv *public.TextView, runs []public.Run, side string) []byte {
	words := map[int]int{}
	for _, r := range runs {
		words[r.ID] = r.Words
	}
	open := 0
	closeMark := func() {
		if open != 0 {
			b = append(b, "</mark>"...)
			open = 0
		}
	}
	for _, seg := range tv.Segments {
		if seg.Run != open {
			closeMark()
			if seg.Run != 0 {
				b = appendMark(b, seg.Run, side, words[seg.Run])
				open = seg.Run
			}
		}
		switch seg.Kind {
		case public.SegBridge:
			b = append(b, bridgeOpen...)
			b = appendEscaped(b, seg.Text)
			b = append(b, bridgeClose...)
		case public.SegStripped:
			b = append(b, strippedOpen...)
			b = appendEscaped(b, seg.Text)
			b = append(b, `</span>`...)
		default:
			b = appendEscaped(b, seg.Text)
		}
	}
	closeMark()
	return b
}

// appendEscaped appends s escaped as html.EscapeString escapes it.
func appendEscaped(b []byte, s string) []byte {
	for {
		i := indexEscape(s)
		if i < 0 {
			return append(b, s...)
		}
		b = append(b, s[:i]...)
		switch s[i] {
		case '<':
			b = append(b, "&lt;"...)
		case '>':
			b = append(b, "&gt;"...)
		case '&':
			b = append(b, "&amp;"...)
		case '\'':
			b = append(b, "&#39;"...)
		case '"':
			b = append(b, "&#34;"...)
		}
		s = s[i+1:]
	}
}

// minimapHTML draws where runs fall in a text of n words.
func minimapHTML(runs []public.Run, n int, side string) template.HTML {
	if n == 0 {
		return ""
	}
	var b []byte
	for _, r := range runs {
		at := r.SectionAt
		if side == "e" {
			at = r.ExampleAt
		}
		top := float64(at) / float64(n) * 100
		height := max(float64(r.Words)/float64(n)*100, 0.8)
		// The legend has the same links; the minimap is a mouse shortcut, kept
		// out of the keyboard order and hidden from assistive technology
		// (aria-hidden on the map), so a tick's name is its title alone.
		// (Appended rather than formatted: thousands of pages draw them.)
		id := int64(r.ID)
		b = appendRunClass(append(b, `<a class="tick `...), r.ID)
		b = strconv.AppendInt(append(b, `" href="#run-`...), id, 10)
		b = strconv.AppendFloat(append(b, `" tabindex="-1" style="top:`...), top, 'f', 2, 64)
		b = strconv.AppendFloat(append(b, `%;height:`...), height, 'f', 2, 64)
		b = strconv.AppendInt(append(b, `%" title="R`...), id, 10)
		b = strconv.AppendInt(append(b, `, `...), int64(r.Words), 10)
		b = append(b, ` words"></a>`...)
	}
	return template.HTML(b)
}

// legendHTML draws a chip per run, linking to its row in the run table.
func legendHTML(runs []public.Run) template.HTML {
	var b []byte
	for _, r := range runs {
		b = appendRunClass(append(b, `<a class="`...), r.ID)
		b = strconv.AppendInt(append(b, ` chip" href="#run-`...), int64(r.ID), 10)
		b = strconv.AppendInt(append(b, `">R`...), int64(r.ID), 10)
		b = strconv.AppendInt(append(b, ' '), int64(r.Words), 10)
		b = append(b, `w</a>`...)
	}
	return template.HTML(b)
}

// runRowsHTML draws the run table's rows: each run's length, where it
// starts in each text (1-based, linking to its marks) and, on an internal
// page, its normalised text. A public page shows the permitted excerpt only
// in its header: everything below the header is the same whatever the
// verdict thresholds (see splitCellPage).
func runRowsHTML(runs []public.Run, masked bool) template.HTML {
	if len(runs) == 0 {
		return "\n<tr><td colspan=\"5\">No shared run.</td></tr>"
	}
	var b []byte
	num := func(prefix string, n int) { b = strconv.AppendInt(append(b, prefix...), int64(n), 10) }
	for _, r := range runs {
		// No cell needs a sort value (data-value): each starts with its
		// number ("R3", 1-based word numbers sort as the 0-based would).
		num("\n<tr id=\"run-", r.ID)
		b = appendRunClass(append(b, `"><td><a class="`...), r.ID)
		num(` chip" href="#run-`, r.ID)
		num(`">R`, r.ID)
		num(`</a></td><td>`, r.Words)
		num("</td>\n<td><a href=\"#s-run-", r.ID)
		num(`">`, r.SectionAt+1)
		num(`</a></td><td><a href="#e-run-`, r.ID)
		num(`">`, r.ExampleAt+1)
		b = append(b, "</a></td>\n"...)
		if r.Text != "" && !masked {
			b = append(append(append(b, "<td>"...), html.EscapeString(r.Text)...), "</td></tr>"...)
		} else {
			b = append(b, `<td><span class="muted">private</span></td></tr>`...)
		}
	}
	return template.HTML(b)
}

// diffHTML renders the word diff: the writer's additions and what it left
// out of the example; the words the two share, unmarked, as they show.
func diffHTML(ops []public.DiffOp) template.HTML {
	return template.HTML(appendDiffHTML(make([]byte, 0, diffHTMLSize(ops)), ops))
}

// diffHTMLSize is the size of diffHTML's HTML.
func diffHTMLSize(ops []public.DiffOp) int {
	size := 0
	for _, op := range ops {
		size += escapedSize(op.Text)
		switch op.Op {
		case "+":
			size += len("<ins></ins>")
		case "-":
			size += len("<del></del>")
		}
	}
	return size
}

// appendDiffHTML appends diffHTML's HTML to b.
func appendDiffHTML(b []byte, ops []public.DiffOp) []byte {
	for _, op := range ops {
		switch op.Op {
		case "+":
			b = appendEscaped(append(b, "<ins>"...), op.Text)
			b = append(b, "</ins>"...)
		case "-":
			b = appendEscaped(append(b, "<del>"...), op.Text)
			b = append(b, "</del>"...)
		default:
			b = appendEscaped(b, op.Text)
		}
	}
	return b
}

// resultRowsHTML writes the results table's rows, a row per cell: 2,700 of
// them for a large run, which a template renders ten times slower. The
// escaping is html/template's, and TestResultRowsMatchTheTemplate holds the
// rows to what the template would write.
func resultRowsHTML(rows []cellRow, root string, measure bool) template.HTML {
	var b strings.Builder
	b.Grow(len(rows) * 640)
	for _, r := range rows {
		anchor, writer, section, verdict := escapeHTML(r.Anchor), escapeHTML(r.Writer), escapeHTML(r.Section), escapeHTML(r.Verdict)
		b.WriteString("\n<tr id=\"" + anchor + "\" data-verdict=\"" + verdict + "\">\n<td>" + writer + "</td><td>" + section + "</td>\n")
		words := strconv.Itoa(r.Words)
		b.WriteString("<td>" + words + "</td>")
		if r.HasExample {
			b.WriteString("\n<td>" + strconv.Itoa(r.Run) + "</td>\n")
			b.WriteString("<td data-value=\"" + escapeHTML(strconv.FormatFloat(r.Overlap, 'g', -1, 64)) + "\">" + escapeHTML(r.OverlapPct) +
				" <span class=\"muted\">(" + strconv.Itoa(r.Shared) + "/" + strconv.Itoa(r.Distinct) + ")</span></td>")
		} else {
			b.WriteString("\n<td data-value=\"-1\">–</td><td data-value=\"-1\">–</td>")
		}
		if measure { // C5 is a measurement: no verdict, no rule broken
			b.WriteString("\n")
		} else {
			b.WriteString("\n<td data-verdict=\"" + verdict + "\"><span class=\"badge badge-" + escapeHTML(strings.ToLower(r.Verdict)) + "\">" + verdict + "</span></td>\n")
			b.WriteString("<td>" + escapeHTML(r.Rules) + "</td>\n")
		}
		for _, g := range r.Others {
			b.WriteString("<td data-value=\"" + escapeHTML(g.Value) + "\" data-verdict=\"" + escapeHTML(g.Label) + "\"><span class=\"badge badge-" + escapeHTML(strings.ToLower(g.Label)) + "\">" +
				escapeHTML(g.Label) + "</span> " + escapeHTML(g.Summary) + "</td>\n")
		}
		b.WriteString("<td>")
		if r.Page != "" {
			b.WriteString("<a href=\"" + escapeHTML(normalizeURL(root+r.Page)) + "\">view runs</a>")
		}
		b.WriteString(" <a class=\"permalink\" href=\"#" + escapeHTML(escapeURLPart(r.Anchor)) + "\" aria-label=\"Permalink to " + writer + ", " + section + "\">¶</a></td>\n</tr>")
	}
	return template.HTML(b.String())
}

// escapeHTML escapes text as html/template does in text and quoted
// attributes.
var escapeHTML = strings.NewReplacer("\x00", "\uFFFD", `"`, "&#34;", "&", "&amp;", "'", "&#39;", "+", "&#43;", "<", "&lt;", ">", "&gt;").Replace

// normalizeURL percent-encodes what html/template's URL normaliser does in
// a URL's path: every byte but letters, digits, "-._~", the reserved
// characters and an escape already made.
func normalizeURL(s string) string { return processURL(s, true) }

// escapeURLPart percent-encodes what html/template does in a URL's query or
// fragment: every byte but letters, digits and "-._~".
func escapeURLPart(s string) string { return processURL(s, false) }

func processURL(s string, norm bool) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case 'a' <= c && c <= 'z', 'A' <= c && c <= 'Z', '0' <= c && c <= '9', strings.IndexByte("-._~", c) >= 0,
			norm && strings.IndexByte("!#$&*+,/:;=?@[]", c) >= 0,
			norm && c == '%' && i+2 < len(s) && isHexDigit(s[i+1]) && isHexDigit(s[i+2]):
			b.WriteByte(c)
		default:
			fmt.Fprintf(&b, "%%%02x", c)
		}
	}
	return b.String()
}

func isHexDigit(c byte) bool {
	return '0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F'
}
