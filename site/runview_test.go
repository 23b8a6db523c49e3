package site

import (
	"fmt"
	"html"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/evalpress/evalpress/redact/public"
)

// oracleTextHTML and oracleDiffHTML are textHTML and diffHTML written a
// string at a time with html.EscapeString: the page has them appended
// straight into it, byte for byte the same.
func oracleTextHTML(tv *public.TextView, runs []public.Run, side string) string {
	words := map[int]int{}
	for _, r := range runs {
		words[r.ID] = r.Words
	}
	var b strings.Builder
	open := 0
	for _, seg := range tv.Segments {
		if seg.Run != open {
			if open != 0 {
				b.WriteString("</mark>")
				open = 0
			}
			if seg.Run != 0 {
				fmt.Fprintf(&b, `<mark class="%s" id="%s-run-%d"><span class="lbl">R%d %dw</span>`,
					runClass(seg.Run), side, seg.Run, seg.Run, words[seg.Run])
				open = seg.Run
			}
		}
		text := html.EscapeString(seg.Text)
		switch seg.Kind {
		case public.SegBridge:
			b.WriteString(`<b>` + text + `</b>`)
		case public.SegStripped:
			b.WriteString(`<span class="stripped" title="mandated phrase, stripped before measuring">` + text + `</span>`)
		default:
			b.WriteString(text)
		}
	}
	if open != 0 {
		b.WriteString("</mark>")
	}
	return b.String()
}

func oracleDiffHTML(ops []public.DiffOp) string {
	var b strings.Builder
	for _, op := range ops {
		text := html.EscapeString(op.Text)
		switch op.Op {
		case "+":
			b.WriteString("<ins>" + text + "</ins>")
		case "-":
			b.WriteString("<del>" + text + "</del>")
		default:
			b.WriteString(text)
		}
	}
	return b.String()
}

func randomTextView(rng *rand.Rand, runs int) *public.TextView {
	texts := []string{"▬", " ", "▬▬ ▬", "\n\n", " · ", " [mandated phrase] ", `a<b>&"c'`, "&amp;", "plain words", "é\u0307"}
	kinds := []string{public.SegText, public.SegText, public.SegBridge, public.SegStripped}
	tv := &public.TextView{Masked: rng.IntN(2) == 0}
	for range rng.IntN(30) {
		run := 0
		if runs > 0 && rng.IntN(2) == 0 {
			run = 1 + rng.IntN(runs)
		}
		tv.Segments = append(tv.Segments, public.Segment{Kind: kinds[rng.IntN(len(kinds))], Run: run, Text: texts[rng.IntN(len(texts))]})
	}
	return tv
}

// TestRunViewsMatchTheOracles lays out random texts and diffs with
// textHTML and diffHTML and with the oracles: the same bytes, made in
// buffers of their exact size.
func TestRunViewsMatchTheOracles(t *testing.T) {
	rng := rand.New(rand.NewPCG(4, 2))
	for i := range 200 {
		var runs []public.Run
		for k := range i % 4 {
			runs = append(runs, public.Run{ID: k + 1, Words: 9 - k})
		}
		section := randomTextView(rng, len(runs))
		var diff []public.DiffOp
		for range rng.IntN(12) {
			diff = append(diff, public.DiffOp{Op: []string{"+", "-", "="}[rng.IntN(3)], Text: []string{"▬ ", `<&>'"`, "x y\n"}[rng.IntN(3)]})
		}
		if got, want := string(textHTML(section, runs, "s")), oracleTextHTML(section, runs, "s"); got != want {
			t.Fatalf("case %d: text\n got %q\nwant %q", i, got, want)
		}
		if got, size := len(textHTML(section, runs, "e")), textHTMLSize(section, runs, "e"); got != size {
			t.Errorf("case %d: text of %d bytes, sized %d", i, got, size)
		}
		if got, want := string(diffHTML(diff)), oracleDiffHTML(diff); got != want {
			t.Fatalf("case %d: diff\n got %q\nwant %q", i, got, want)
		}
		if got, size := len(diffHTML(diff)), diffHTMLSize(diff); got != size {
			t.Errorf("case %d: diff of %d bytes, sized %d", i, got, size)
		}
	}
}

func TestAppendEscapedMatchesHTMLEscapeString(t *testing.T) {
	for _, s := range []string{"", "plain", `<>&'"`, "a&&b<<", "日本&語", "&amp;", "\x00<"} {
		if got := string(appendEscaped([]byte("x"), s)); got != "x"+html.EscapeString(s) {
			t.Errorf("appendEscaped(%q) = %q, want %q", s, got, "x"+html.EscapeString(s))
		}
		if n := escapedSize(s); n != len(html.EscapeString(s)) {
			t.Errorf("escapedSize(%q) = %d, want %d", s, n, len(html.EscapeString(s)))
		}
	}
}

// TestEscapingAndMarksAsFormatted: indexEscape finds what
// strings.IndexAny finds, and appendMark writes what its format writes, for
// run numbers past the colours (hatched) too.
func TestEscapingAndMarksAsFormatted(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 8))
	pieces := []string{"a", "▬", "<", ">", "&", "'", "\"", " ", "é", "\x00", "\xff"}
	for range 5000 {
		var b strings.Builder
		for range rng.IntN(20) {
			b.WriteString(pieces[rng.IntN(len(pieces))])
		}
		s := b.String()
		if got, want := indexEscape(s), strings.IndexAny(s, `<>&'"`); got != want {
			t.Fatalf("indexEscape(%q) = %d, want %d", s, got, want)
		}
		if got := escapedSize(s); got != len(appendEscaped(nil, s)) {
			t.Fatalf("escapedSize(%q) = %d, escaped %q", s, got, appendEscaped(nil, s))
		}
	}
	for _, side := range []string{"s", "e"} {
		for id := 1; id <= 3*runColours; id++ {
			for _, words := range []int{0, 8, 12345} {
				class := fmt.Sprintf("run rc%d", (id-1)%runColours)
				if id > runColours {
					class += " hatched"
				}
				want := fmt.Sprintf(`<mark class="%s" id="%s-run-%d"><span class="lbl">R%d %dw</span>`, class, side, id, id, words)
				if got := string(appendMark([]byte("x"), id, side, words)); got != "x"+want {
					t.Fatalf("appendMark(%d, %q, %d) = %q, want %q", id, side, words, got, want)
				}
				if runClass(id) != class {
					t.Fatalf("runClass(%d) = %q, want %q", id, runClass(id), class)
				}
			}
		}
	}
}

// TestRunListsAsFormatted: the minimap, the legend and the run table's
// rows, appended, are what their formats wrote.
func TestRunListsAsFormatted(t *testing.T) {
	rng := rand.New(rand.NewPCG(13, 21))
	class := func(id int) string {
		c := fmt.Sprintf("run rc%d", (id-1)%runColours)
		if id > runColours {
			c += " hatched"
		}
		return c
	}
	for range 500 {
		var runs []public.Run
		for k := range rng.IntN(3 * runColours) {
			runs = append(runs, public.Run{ID: k + 1, Words: rng.IntN(400), SectionAt: rng.IntN(5000), ExampleAt: rng.IntN(5000),
				Text: []string{"", "plain words", `<b>&amp; "q" 'x'</b>`}[rng.IntN(3)]})
		}
		n := 1 + rng.IntN(6000)
		for _, side := range []string{"s", "e"} {
			var want strings.Builder
			for _, r := range runs {
				at := r.SectionAt
				if side == "e" {
					at = r.ExampleAt
				}
				top, height := float64(at)/float64(n)*100, max(float64(r.Words)/float64(n)*100, 0.8)
				fmt.Fprintf(&want, `<a class="tick %s" href="#run-%d" tabindex="-1" style="top:%.2f%%;height:%.2f%%" title="R%d, %d words"></a>`,
					class(r.ID), r.ID, top, height, r.ID, r.Words)
			}
			if got := string(minimapHTML(runs, n, side)); got != want.String() {
				t.Fatalf("minimap\n got %q\nwant %q", got, want.String())
			}
		}
		var legend strings.Builder
		for _, r := range runs {
			fmt.Fprintf(&legend, `<a class="%s chip" href="#run-%d">R%d %dw</a>`, class(r.ID), r.ID, r.ID, r.Words)
		}
		if got := string(legendHTML(runs)); got != legend.String() {
			t.Fatalf("legend\n got %q\nwant %q", got, legend.String())
		}
		for _, masked := range []bool{false, true} {
			var rows strings.Builder
			for _, r := range runs {
				fmt.Fprintf(&rows, "\n<tr id=\"run-%d\"><td><a class=\"%s chip\" href=\"#run-%d\">R%d</a></td><td>%d</td>\n", r.ID, class(r.ID), r.ID, r.ID, r.Words)
				fmt.Fprintf(&rows, "<td><a href=\"#s-run-%d\">%d</a></td><td><a href=\"#e-run-%d\">%d</a></td>\n", r.ID, r.SectionAt+1, r.ID, r.ExampleAt+1)
				if r.Text != "" && !masked {
					rows.WriteString("<td>" + html.EscapeString(r.Text) + "</td></tr>")
				} else {
					rows.WriteString(`<td><span class="muted">private</span></td></tr>`)
				}
			}
			want := rows.String()
			if len(runs) == 0 {
				want = "\n<tr><td colspan=\"5\">No shared run.</td></tr>"
			}
			if got := string(runRowsHTML(runs, masked)); got != want {
				t.Fatalf("run rows, masked %v\n got %q\nwant %q", masked, got, want)
			}
		}
	}
}
