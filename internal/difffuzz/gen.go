// Package difffuzz generates random, well-formed but adversarial C5 input
// folders for differential testing against the reference script: texts full
// of the places where JavaScript and Go disagree (Unicode case mapping, final
// sigma, whitespace classes, UTF-16 widths), heading names that JavaScript
// orders specially ("1" before "A"), line endings, mandated phrases that
// overlap, and overlaps that land exactly on a rounding tie.
//
// "Well-formed" means input on which evalpress promises the reference's exact
// output: no byte-order mark, valid UTF-8, no empty or repeated section
// headings within a script, no section before a script heading, and no
// heading named after an Object.prototype property.
package difffuzz

import (
	"fmt"
	"math/rand/v2"
	"strings"
)

// Case is one generated input folder with the thresholds to run it with.
type Case struct {
	Sections   string
	Examples   string
	Phrases    string // empty: no mandated_phrases.txt
	HasPhrases bool
	MaxRun     int
	MaxOverlap string // as typed on a command line, e.g. "0.125"
	NGram      int
}

// Env returns the environment assignments that run-reference.sh reads.
func (c Case) Env() []string {
	return []string{fmt.Sprintf("MAX_RUN=%d", c.MaxRun), "MAX_OVERLAP=" + c.MaxOverlap, fmt.Sprintf("NGRAM=%d", c.NGram)}
}

// Args returns the evalpress measure flags for the same thresholds.
func (c Case) Args() []string {
	return []string{"--max-run", fmt.Sprint(c.MaxRun), "--max-overlap", c.MaxOverlap, "--ngram", fmt.Sprint(c.NGram)}
}

// Tricky words and characters, each chosen because some naive port gets it wrong.
var (
	plainWords = strings.Fields("the cart store basket shopper heavy wheel greeter actor aisle price week chain owner frame chair " +
		"sale trip door idea push pram social proof crowd shelf till coin bag list lane")
	trickyWords = []string{
		"İstanbul", "İ", "KELVIN", "\u212Aelvin", "ΟΔΟΣ", "ΣΟΦΙΑ", "σοφία", "Straße", "ǅemal", "ﬁle", "café", "CAFÉ",
		"naïve", "Ünïcödé", "ÀÉÎÕÜ", "Ⅻ", "①", "ｆｕｌｌ", "Ａbc", "x\u0307y", "o\u0345Σ", "AΣ.", "AΣ\u0345", "日本語",
		"😀emoji", "a😀b", "don’t", "“quoted”", "em—dash", "en–dash", "it's", "C3PO", "4x4", "1937", "x²", "½",
		"a\u00ADb", "\u200Bzw", "word\uFEFFword", "tab\tsep", "nb\u00A0sp", "line\u2028sep", "nel\u0085x", "ideo\u3000sp",
		"ǈ", "Ω", "\u1E9E", "ΣΣ", "Σ", "aΣb", "ΑΣ ΣΑ", "Ⓐ", "𝐀bold", "Ꭰ", "ꭰ",
	}
	lineBreaks = []string{"\n", "\n", "\n", "\r\n", "\r", "\u2028"}
	headNames  = []string{"HOOK", "ACT 1", "ACT 2", "ACT 10", "CTA", "1", "2", "10", "01", "0", "4294967294", "4294967295",
		"-1", "1.5", "Ünïcödé section", "😀 emoji section", "日本語の節", "a very long section heading indeed", "x", "  padded  ",
		"tab\theading", "ΣΟΦΙΑ", "İ", "story beat"}
	scriptNames = []string{"SCRIPT A", "SCRIPT B", "SCRIPT C", "Writer ü", "2", "1", "10", "😀😀😀😀😀😀", "a-very-long-script-name",
		"日本", "0", "07", "Σ"}
)

type gen struct{ r *rand.Rand }

func (g gen) pick(list []string) string { return list[g.r.IntN(len(list))] }

func (g gen) word() string {
	if g.r.IntN(6) == 0 {
		return g.pick(trickyWords)
	}
	w := g.pick(plainWords)
	switch g.r.IntN(8) {
	case 0:
		w = strings.ToUpper(w)
	case 1:
		w = strings.ToUpper(w[:1]) + w[1:]
	case 2:
		w += g.pick([]string{",", ".", ";", "!", "?", "’s", "'s", ":"})
	}
	return w
}

func (g gen) words(n int) []string {
	out := make([]string, n)
	for i := range out {
		out[i] = g.word()
	}
	return out
}

// copyish writes a text of about n words that copies runs of src.
func (g gen) copyish(src []string, n int) []string {
	var out []string
	for len(out) < n {
		if len(src) > 0 && g.r.IntN(2) == 0 {
			k := []int{2, 5, 8, 12, 13, 20, 40}[g.r.IntN(7)]
			s := g.r.IntN(len(src))
			end := min(len(src), s+k)
			out = append(out, src[s:end]...)
		} else {
			out = append(out, g.words(1+g.r.IntN(10))...)
		}
	}
	return out[:n]
}

// layout joins words with random spaces and line breaks.
func (g gen) layout(ws []string) string {
	var b strings.Builder
	for i, w := range ws {
		if i > 0 {
			switch g.r.IntN(14) {
			case 0:
				b.WriteString(g.pick(lineBreaks))
			case 1:
				b.WriteString("  ")
			case 2:
				b.WriteString(g.pick([]string{" - ", " — ", "\t", " \u00A0"}))
			default:
				b.WriteByte(' ')
			}
		}
		b.WriteString(w)
	}
	return b.String()
}

func (g gen) nl() string { return g.pick([]string{"\n", "\n", "\r\n"}) }

// Generate returns the case for seed.
func Generate(seed uint64) Case {
	g := gen{rand.New(rand.NewPCG(seed, seed^0x9E3779B97F4A7C15))}
	c := Case{
		MaxRun:     []int{0, 1, 5, 8, 12, 12, 12, 20, 40}[g.r.IntN(9)],
		MaxOverlap: g.pick([]string{"0.10", "0.10", "0.1", "0.125", "0.05", "0", "1", "0.5", "0.333", "0.0025", "0.15"}),
		NGram:      []int{1, 2, 3, 5, 8, 8, 8, 10}[g.r.IntN(8)],
	}
	if seed%17 == 0 {
		return tieCase(g, c)
	}

	nSections := 1 + g.r.IntN(6)
	sectionNames := make([]string, 0, nSections)
	seen := map[string]bool{}
	for len(sectionNames) < nSections {
		n := g.pick(headNames)
		key := strings.TrimSpace(n)
		if !seen[key] {
			seen[key] = true
			sectionNames = append(sectionNames, n)
		}
	}

	// examples.md
	var ex strings.Builder
	if g.r.IntN(4) == 0 {
		ex.WriteString("Outline example column" + g.nl() + g.nl()) // text before the first heading
	}
	variants := map[string][][]string{}
	for _, name := range sectionNames {
		if g.r.IntN(8) == 0 {
			continue // a section without example
		}
		ex.WriteString("## " + name + g.nl())
		nv := 1 + g.r.IntN(3)
		for v := range nv {
			ws := g.words(g.r.IntN(60))
			if g.r.IntN(3) > 0 || v > 0 {
				ex.WriteString(g.pick([]string{"### VARIANT ", "### ", "### v"}) + fmt.Sprint(v+1) + g.nl())
			}
			ex.WriteString(g.layout(ws) + g.nl())
			if g.r.IntN(4) == 0 {
				ex.WriteString("#### not a heading" + g.nl() + "# nor this" + g.nl())
				ws = append(ws, "not", "a", "heading", "nor", "this")
			}
			variants[name] = append(variants[name], ws)
		}
		if g.r.IntN(6) == 0 { // a repeated example section adds variants
			ws := g.words(20)
			ex.WriteString("## " + name + g.nl() + g.layout(ws) + g.nl())
			variants[name] = append(variants[name], ws)
		}
	}
	c.Examples = ex.String()

	// sections.md
	var sec strings.Builder
	if g.r.IntN(4) == 0 {
		sec.WriteString("Generated scripts, episode 1" + g.nl()) // text before the first heading
	}
	nScripts := 1 + g.r.IntN(3)
	used := map[string]bool{}
	for range nScripts {
		script := g.pick(scriptNames)
		if used[script] {
			continue // a script heading appears once, or the generator would repeat its sections
		}
		used[script] = true
		sec.WriteString("# " + script + g.pick([]string{"", " ", "\t"}) + g.nl())
		if g.r.IntN(5) == 0 {
			sec.WriteString("notes before the first section" + g.nl())
		}
		for i, name := range sectionNames {
			if i > 0 && g.r.IntN(5) == 0 {
				continue
			}
			sec.WriteString("## " + name + g.nl())
			var src []string
			if vs := variants[name]; len(vs) > 0 {
				src = vs[g.r.IntN(len(vs))]
			}
			body := g.copyish(src, g.r.IntN(80))
			sec.WriteString(g.layout(body))
			if g.r.IntN(5) == 0 {
				sec.WriteString(g.nl() + "### a subheading is body text")
			}
			if g.r.IntN(6) != 0 {
				sec.WriteString(g.nl())
			}
			sec.WriteString(g.nl())
		}
	}
	c.Sections = sec.String()

	// mandated_phrases.txt
	if g.r.IntN(3) > 0 {
		c.HasPhrases = true
		var ph strings.Builder
		ph.WriteString("# mandated phrases" + g.nl())
		for range 1 + g.r.IntN(4) {
			var p string
			if vs := variants[sectionNames[g.r.IntN(len(sectionNames))]]; len(vs) > 0 && len(vs[0]) > 3 {
				s := g.r.IntN(len(vs[0]) - 2)
				p = strings.Join(vs[0][s:s+1+g.r.IntN(3)], " ")
			} else {
				p = strings.Join(g.words(2), " ")
			}
			switch g.r.IntN(4) {
			case 0:
				p = strings.ToUpper(p)
			case 1:
				p = "  " + p + "\t"
			}
			ph.WriteString(p + g.nl())
			if g.r.IntN(3) == 0 {
				ph.WriteString(g.nl())
			}
		}
		c.Phrases = ph.String()
	}
	return c
}

// tieCase builds a section whose overlap lands exactly on a rounding tie:
// 400 distinct 8-grams of which 1 is shared gives 0.25%, which JavaScript's
// toFixed(1) rounds to "0.3" where round-half-even would give "0.2".
func tieCase(g gen, c Case) Case {
	c.NGram, c.MaxOverlap = 8, g.pick([]string{"0.125", "0.0025", "0.10"})
	n := 407 // 400 8-grams
	ws := make([]string, n)
	for i := range ws {
		ws[i] = fmt.Sprintf("w%d", i)
	}
	example := append([]string{"intro"}, ws[100:108]...)
	c.Examples = "## TIE\n" + strings.Join(example, " ") + "\n"
	c.Sections = "# SCRIPT T\n## TIE\n" + strings.Join(ws, " ") + "\n"
	// Other shares that land on ties: 1 of 8 and 1 of 80.
	c.Examples += "## EIGHTH\n" + strings.Join(ws[:8], " ") + "\n## EIGHTIETH\n" + strings.Join(ws[:8], " ") + "\n"
	c.Sections += "## EIGHTH\n" + strings.Join(ws[:15], " ") + "\n## EIGHTIETH\n" + strings.Join(ws[:87], " ") + "\n"
	return c
}
