package site

import (
	"fmt"
	"math"
	"sort"
	"strconv"
	"strings"

	"github.com/evalpress/evalpress/redact/public"
)

// Placeholders let documents quote computed values, so that a rebuild after a
// threshold change cannot leave stale figures in the prose:
//
//	{{threshold max_run}}               12        (also max_overlap "10%", ngram, min_run)
//	{{count fails}}                     22        (also cells, passes, writers, sections, no_example, mandated_phrases)
//	{{writer "Model 2" fails}}          8         (also sections, passes, fail_rate "89%")
//	{{cell "Model 2" "ACT 5" run}}      210       (also words, overlap "100.0%", verdict, rules, shared, distinct, variant)
//	{{hypothesis H1 verdict}}           refuted   (also statement, registered)
//
// A line holding only a block placeholder is replaced by a rendered block:
//
//	{{hypotheses}}  {{summary}}  {{results}}  {{chart runs}}  {{chart overlap}}  {{chart fails}}
//
// Placeholders inside code spans and fenced code are left alone; write \{{
// for a literal "{{". An unknown placeholder fails the build with its file,
// line and column.

// blockNames are the placeholders that stand alone on a line for a block.
var blockNames = map[string]bool{
	"hypotheses": true, "summary": true, "results": true,
	"chart runs": true, "chart overlap": true, "chart fails": true, "chart sensitivity": true,
}

// block is a block placeholder and the line it stands on.
type block struct {
	name string
	line int
}

// placeholderError is an unknown or malformed placeholder.
type placeholderError struct {
	line, col int
	msg       string
}

func (e *placeholderError) Error() string { return e.msg }

// expandPlaceholders replaces placeholders in markdown. Block placeholders
// become marker paragraphs ("EVALPRESSBLOCK<n>"), returned in blocks in order.
func expandPlaceholders(markdown string, p *public.Public) (string, []block, error) {
	var out strings.Builder
	var blocks []block
	fence := ""
	lines := strings.SplitAfter(markdown, "\n")
	for i, line := range lines {
		trimmed := strings.TrimSpace(line)
		if f := fenceOf(trimmed); f != "" {
			if fence == "" {
				fence = f
			} else if strings.HasPrefix(trimmed, fence) && strings.Trim(trimmed, fence[:1]) == "" {
				fence = ""
			}
			out.WriteString(line)
			continue
		}
		if fence != "" {
			out.WriteString(line)
			continue
		}
		if strings.HasPrefix(trimmed, "{{") && strings.HasSuffix(trimmed, "}}") {
			name := strings.Join(strings.Fields(trimmed[2:len(trimmed)-2]), " ")
			if blockNames[name] {
				// One line for one line, so later line numbers stay right.
				out.WriteString(fmt.Sprintf("EVALPRESSBLOCK%d\n", len(blocks)))
				blocks = append(blocks, block{name: name, line: i + 1})
				continue
			}
		}
		expanded, err := expandLine(line, p)
		if err != nil {
			err.line = i + 1
			return "", nil, err
		}
		out.WriteString(expanded)
	}
	return out.String(), blocks, nil
}

func fenceOf(trimmed string) string {
	for _, f := range []string{"```", "~~~"} {
		if strings.HasPrefix(trimmed, f) {
			n := len(trimmed) - len(strings.TrimLeft(trimmed, f[:1]))
			return strings.Repeat(f[:1], n)
		}
	}
	return ""
}

// expandLine replaces the inline placeholders of one line, skipping code spans.
func expandLine(line string, p *public.Public) (string, *placeholderError) {
	var b strings.Builder
	for i := 0; i < len(line); {
		switch {
		case line[i] == '`':
			n := 0
			for i+n < len(line) && line[i+n] == '`' {
				n++
			}
			ticks := line[i : i+n]
			end := strings.Index(line[i+n:], ticks)
			if end < 0 {
				b.WriteString(ticks)
				i += n
				continue
			}
			b.WriteString(line[i : i+n+end+n])
			i += n + end + n
		case strings.HasPrefix(line[i:], `\{{`):
			b.WriteString("{{")
			i += 3
		case strings.HasPrefix(line[i:], "{{"):
			end := strings.Index(line[i:], "}}")
			if end < 0 {
				return "", &placeholderError{col: i + 1, msg: "placeholder \"{{\" is not closed by \"}}\""}
			}
			value, err := placeholderValue(line[i+2:i+end], p)
			if err != nil {
				return "", &placeholderError{col: i + 1, msg: err.Error()}
			}
			b.WriteString(value)
			i += end + 2
		default:
			b.WriteByte(line[i])
			i++
		}
	}
	return b.String(), nil
}

// fields splits a placeholder into words and "quoted strings".
func fields(s string) ([]string, error) {
	var out []string
	for s = strings.TrimSpace(s); s != ""; s = strings.TrimSpace(s) {
		if s[0] == '"' {
			end := strings.IndexByte(s[1:], '"')
			if end < 0 {
				return nil, fmt.Errorf("unclosed quote in placeholder")
			}
			out = append(out, s[1:end+1])
			s = s[end+2:]
			continue
		}
		end := strings.IndexAny(s, " \t")
		if end < 0 {
			end = len(s)
		}
		out = append(out, s[:end])
		s = s[end:]
	}
	return out, nil
}

func percent(x float64, decimals int) string {
	return strconv.FormatFloat(x*100, 'f', decimals, 64) + "%"
}

// sharePercent writes a configured share as a percentage with no more
// decimals than it has: 0.1 is "10%", 0.125 is "12.5%".
func sharePercent(x float64) string {
	return strconv.FormatFloat(math.Round(x*100*1e6)/1e6, 'f', -1, 64) + "%"
}

func placeholderValue(inner string, p *public.Public) (string, error) {
	f, err := fields(inner)
	if err != nil {
		return "", err
	}
	unknown := func() (string, error) {
		return "", fmt.Errorf("unknown placeholder {{%s}}; see the placeholder list in the README", strings.TrimSpace(inner))
	}
	if len(f) == 0 {
		return unknown()
	}
	switch {
	case f[0] == "threshold" && len(f) == 2:
		switch f[1] {
		case "max_run":
			return strconv.Itoa(p.Thresholds.MaxRun), nil
		case "max_overlap":
			return sharePercent(p.Thresholds.MaxOverlap), nil
		case "ngram":
			return strconv.Itoa(p.Thresholds.NGram), nil
		case "min_run":
			return strconv.Itoa(p.Thresholds.MinRun), nil
		}
	case f[0] == "count" && len(f) == 2:
		fails, measured, noExample := 0, 0, 0
		for _, c := range p.Cells {
			if !c.HasExample {
				noExample++
				continue
			}
			measured++
			if c.Fail {
				fails++
			}
		}
		switch f[1] {
		case "fails":
			return strconv.Itoa(fails), nil
		case "passes":
			return strconv.Itoa(measured - fails), nil
		case "cells":
			return strconv.Itoa(measured), nil
		case "no_example":
			return strconv.Itoa(noExample), nil
		case "writers":
			return strconv.Itoa(len(p.Writers)), nil
		case "sections":
			return strconv.Itoa(len(p.Sections)), nil
		case "mandated_phrases":
			return strconv.Itoa(p.MandatedPhrases), nil
		}
	case f[0] == "writer" && len(f) == 3:
		for _, w := range p.Writers {
			if w.Alias != f[1] {
				continue
			}
			switch f[2] {
			case "fails":
				return strconv.Itoa(w.Fails), nil
			case "sections":
				return strconv.Itoa(w.Sections), nil
			case "passes":
				return strconv.Itoa(w.Sections - w.Fails), nil
			case "fail_rate":
				if w.Sections == 0 {
					return "n/a", nil
				}
				return strconv.Itoa(int(float64(w.Fails)/float64(w.Sections)*100+0.5)) + "%", nil
			}
			return unknown()
		}
		return "", fmt.Errorf("placeholder {{%s}}: no writer %q (writers: %s)", strings.TrimSpace(inner), f[1], writerList(p))
	case f[0] == "cell" && len(f) == 4:
		for _, c := range p.Cells {
			if c.Writer != f[1] || c.Section != f[2] {
				continue
			}
			if !c.HasExample && f[3] != "verdict" && f[3] != "words" {
				return "n/a", nil
			}
			switch f[3] {
			case "run":
				return strconv.Itoa(c.Run), nil
			case "words":
				return strconv.Itoa(c.Words), nil
			case "overlap":
				return percent(c.Overlap, 1), nil
			case "shared":
				return strconv.Itoa(c.Shared), nil
			case "distinct":
				return strconv.Itoa(c.Distinct), nil
			case "variant":
				return strconv.Itoa(c.Variant), nil
			case "verdict":
				return verdictWord(c), nil
			case "rules":
				return rulesText(c), nil
			}
			return unknown()
		}
		return "", fmt.Errorf("placeholder {{%s}}: no cell for writer %q and section %q", strings.TrimSpace(inner), f[1], f[2])
	case f[0] == "hypothesis" && len(f) == 3:
		for _, h := range p.Hypotheses {
			if h.ID != f[1] {
				continue
			}
			switch f[2] {
			case "verdict":
				return h.Verdict, nil
			case "statement":
				return h.Statement, nil
			case "registered":
				return h.Registered, nil
			}
			return unknown()
		}
		return "", fmt.Errorf("placeholder {{%s}}: no hypothesis %q", strings.TrimSpace(inner), f[1])
	}
	return unknown()
}

func writerList(p *public.Public) string {
	var names []string
	for _, w := range p.Writers {
		names = append(names, strconv.Quote(w.Alias))
	}
	sort.Strings(names)
	return strings.Join(names, ", ")
}

func verdictWord(c public.Cell) string {
	switch {
	case !c.HasExample:
		return "NO EXAMPLE"
	case c.Fail:
		return "FAIL"
	}
	return "pass"
}

func rulesText(c public.Cell) string {
	var r []string
	if c.RunFails {
		r = append(r, "run")
	}
	if c.OverlapFails {
		r = append(r, "overlap")
	}
	if len(r) == 0 {
		return "none"
	}
	return strings.Join(r, ", ")
}
