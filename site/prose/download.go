package prose

import (
	"slices"
	"strings"
)

// Markdown returns the document's source as a reader downloads it: its
// placeholders resolved, the branches of its conditionals not taken and
// its claims removed, each block placeholder replaced by block(name).
func (d *Doc) Markdown(source string, block func(name string) string) string {
	edits := slices.Concat(d.edits, d.dropped)
	slices.SortStableFunc(edits, func(a, b edit) int {
		if a.start != b.start {
			return a.start - b.start
		}
		return b.end - a.end // the wider first: it holds the other
	})
	var b strings.Builder
	at := 0
	for _, e := range edits {
		if e.start < at {
			continue // inside a removed branch
		}
		b.WriteString(source[at:e.start])
		if e.block != "" {
			b.WriteString(block(e.block) + "\n") // the span took the blank line after
		} else {
			b.WriteString(e.text)
		}
		at = e.end
	}
	b.WriteString(source[at:])
	return b.String()
}

// Drop removes source[start:end] from the downloaded markdown: raw HTML,
// which the page omits (goldmark renders none), so that a markdown viewer
// that renders HTML does not show what the page does not (a <bdo> that
// reverses text, a flex row that reorders it).
func (d *Doc) Drop(start, end int) {
	if start < end {
		d.dropped = append(d.dropped, edit{start: start, end: end})
	}
}

// UsesData reports whether the document quotes, tests or places anything
// computed from the data.
func (d *Doc) UsesData() bool { return len(d.edits) > 0 }
