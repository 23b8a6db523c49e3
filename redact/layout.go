package redact

import (
	"strings"
	"unicode/utf8"
	"unsafe"

	"github.com/evalpress/evalpress/redact/public"
	"github.com/evalpress/evalpress/reports/c5"
	"github.com/evalpress/evalpress/reports/findings"
)

// mask stands in for a word of private text: one bar per four letters, at
// most three, so a reader sees where words and runs fall but not the words.
func mask(word string) string {
	if len(word) <= 4 && word != "" {
		return masks[1] // one to four letters, whatever their bytes
	}
	return masks[min(3, (utf8.RuneCountInString(word)+3)/4)]
}

var masks = [4]string{"", "▬", "▬▬", "▬▬▬"}

// maskGap keeps a gap's line structure and shows that something (punctuation,
// non-Latin letters) was there.
func maskGap(gap string, bridge bool) string {
	if gap == " " && !bridge { // most gaps
		return " "
	}
	switch {
	case strings.Contains(gap, "\n\n"):
		return "\n\n"
	case strings.Contains(gap, "\n"):
		return "\n"
	case bridge || strings.TrimSpace(gap) != "":
		return " · "
	case gap == "":
		return ""
	}
	return " "
}

// strippedMasks shows a stripped mandated phrase, keeping the gap's line structure.
var strippedMasks = map[string]string{
	"\n\n": "\n\n [mandated phrase] ", "\n": "\n [mandated phrase] ",
	" · ": " [mandated phrase] ", " ": " [mandated phrase] ", "": " [mandated phrase] ",
}

// layout turns a text into segments, marking each word's run. Neighbouring
// words and spaces of the same run make one segment.
func layout(t *findings.Text, runOf []int, masked bool) *public.TextView {
	tv := &public.TextView{Words: t.Tokens.Len(), Masked: masked}
	tok := &t.Tokens
	// The segments' texts go into one buffer, cut into strings at the end.
	l := segmenter{buf: make([]byte, 0, len(t.Raw)+len(t.Raw)/2), stripped: tok.Stripped, open: -1}
	prev := 0
	for i := range tok.IDs {
		start, end := int(tok.Start[i]), int(tok.End[i])
		run := 0
		if i > 0 && runOf[i] != 0 && runOf[i] == runOf[i-1] {
			run = runOf[i]
		}
		if start == prev+1 && t.Raw[prev] == ' ' && (len(l.stripped) == 0 || l.stripped[0].Start >= start || !l.strippedAt(prev, start)) {
			// Most gaps: one space, text in any reading.
			l.add(segText, run, " ")
		} else {
			l.gap(t.Raw[prev:start], prev, run, masked)
		}
		word := t.Raw[start:end]
		if masked {
			word = mask(word)
		}
		l.add(segText, runOf[i], word)
		prev = end
	}
	l.gap(t.Raw[prev:], prev, 0, masked)
	all := unsafe.String(unsafe.SliceData(l.buf), len(l.buf)) // buf is not written again
	if cap(l.buf)-len(l.buf) > 1<<20 {
		// Masked words are shorter than the room made for the text: a 30 MB
		// section's would keep 17 MB unused for as long as the view.
		all = string(l.buf)
	}
	if len(l.starts) > 0 {
		tv.Segments = make([]public.Segment, 0, len(l.starts))
	}
	for i, st := range l.starts {
		end := len(l.buf)
		if i+1 < len(l.starts) {
			end = int(l.starts[i+1].at)
		}
		if end > int(st.at) {
			tv.Segments = append(tv.Segments, public.Segment{Kind: segKinds[st.kind], Run: int(st.run), Text: all[st.at:end]})
		}
	}
	return tv
}

// Segment kinds as layout keeps them, indexes in segKinds.
const (
	segText = iota
	segBridge
	segStripped
)

var segKinds = [...]string{segText: public.SegText, segBridge: public.SegBridge, segStripped: public.SegStripped}

// segmenter collects a text's segments for layout: their texts in one
// buffer, and where each starts.
type segmenter struct {
	buf    []byte
	starts []segStart
	// open is the run of the last segment when it is text, which the next
	// words and spaces of that run go on, and -1 when it is another kind.
	open int32
	// stripped are the text's stripped ranges from the first that may
	// touch the next gap on: gaps come in text order, and a range that
	// ends before a gap ends before every later gap too.
	stripped []c5.Span
}

// segStart is where a segment starts in the buffer.
type segStart struct {
	kind uint8
	run  int32
	at   int32
}

// add adds s to the segment of kind and run, or starts one: words and
// spaces of one run make one segment, every other kind of gap is one.
func (l *segmenter) add(kind uint8, run int, s string) {
	if kind != segText || l.open != int32(run) {
		l.start(kind, run)
	}
	l.buf = append(l.buf, s...)
}

// start starts a segment of kind and run.
func (l *segmenter) start(kind uint8, run int) {
	l.starts = append(l.starts, segStart{kind, int32(run), int32(len(l.buf))})
	l.open = -1
	if kind == segText {
		l.open = int32(run)
	}
}

// strippedAt reports whether a stripped range overlaps the gap [from, to),
// passing the ranges that end before it.
func (l *segmenter) strippedAt(from, to int) bool {
	for len(l.stripped) > 0 && int(l.stripped[0].End) <= from {
		l.stripped = l.stripped[1:]
	}
	for _, s := range l.stripped {
		if int(s.Start) >= to {
			return false
		}
		if int(s.End) > from {
			return true
		}
	}
	return false
}

// gap adds the gap text, which starts at from in the text, between two
// words of run (0 when they are of different runs or none).
func (l *segmenter) gap(text string, from, run int, masked bool) {
	if text == "" {
		return
	}
	kind := uint8(segText)
	switch {
	case l.strippedAt(from, from+len(text)):
		kind = segStripped
	case run > 0 && strings.TrimSpace(text) != "":
		kind = segBridge
	}
	if masked {
		switch kind {
		case segStripped:
			text = strippedMasks[maskGap(text, false)]
		default:
			text = maskGap(text, kind == segBridge)
		}
	}
	l.add(kind, run, text)
}
