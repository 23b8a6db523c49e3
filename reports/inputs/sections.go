package inputs

import (
	"errors"
	"io"

	"github.com/evalpress/evalpress/internal/diag"
	"github.com/evalpress/evalpress/internal/jscompat"
)

// Headings as the reference recognises them: /^# (?!#)/, /^## (?!#)/ and /^### /.
func isScriptHeading(t []byte) bool {
	return len(t) >= 2 && t[0] == '#' && t[1] == ' ' && (len(t) == 2 || t[2] != '#')
}

func isSectionHeading(t []byte) bool {
	return len(t) >= 3 && t[0] == '#' && t[1] == '#' && t[2] == ' ' && (len(t) == 3 || t[3] != '#')
}

func isVariantHeading(t []byte) bool {
	return len(t) >= 4 && t[0] == '#' && t[1] == '#' && t[2] == '#' && t[3] == ' '
}

// isBrokenHeading reports a line that reads as a section or variant
// heading but is none to the reference: "##ORIGIN", "###VARIANT 2" (no
// space after the hashes). The reference measures it as text of the
// section above, which would merge two sections without a word.
func isBrokenHeading(t []byte) bool {
	hashes := 0
	for hashes < len(t) && t[hashes] == '#' {
		hashes++
	}
	return (hashes == 2 || hashes == 3) && hashes < len(t) && t[hashes] != ' ' && t[hashes] != '\t'
}

// brokenHeading is the error for a line isBrokenHeading reports.
func brokenHeading(file string, lineNo int) error {
	return diag.Errorf(file, lineNo, "this line looks like a heading but has no space after its hashes").
		WithHint("write '## NAME' (or '### VARIANT n'); as it is, the reference would measure it as text of the section above")
}

// readLines runs fn on every line of r, turning read and encoding errors into
// diagnostics for file, and warns about a byte-order mark.
func (f *Folder) readLines(r io.Reader, file string, warn *diag.List, fn func(line) error) (end int64, err error) {
	end, _, err = f.readLinesBOM(r, file, warn, fn, nil)
	return end, err
}

// readLinesBOM is readLines, and reports whether the file began with a
// byte-order mark. After each line, when skipText is set and says so,
// the lines up to the next that starts with "#" may be skipped, unread by
// fn (lineReader.skipToHash).
func (f *Folder) readLinesBOM(r io.Reader, file string, warn *diag.List, fn func(line) error, skipText func() bool) (end int64, bom bool, err error) {
	lr := newLineReader(r)
	for {
		l, err := lr.next()
		if err == nil {
			if err := fn(l); err != nil {
				return 0, false, err
			}
			if skipText != nil && skipText() {
				lr.skipToHash()
			}
			continue
		}
		if errors.Is(err, io.EOF) {
			break
		}
		var bad errInvalidUTF8
		if errors.As(err, &bad) {
			return 0, false, (&diag.Diagnostic{Severity: diag.Error, File: file, Line: l.number, Column: bad.column,
				Message: "bytes that are not UTF-8"}).WithHint("save the file as UTF-8; the reference would silently read them as U+FFFD")
		}
		return 0, false, diag.Errorf(file, 0, "cannot read: %v", err)
	}
	if lr.sawBOM {
		warn.Add(diag.Warnf(file, 1, "byte-order mark ignored (the reference script would not recognise the first heading)"))
	}
	return lr.offset, lr.sawBOM, nil
}

// headingName validates a heading's name.
func headingName(raw []byte, file string, lineNo int, what string) (string, error) {
	name := jscompat.Trim(string(raw))
	if name == "" {
		return "", diag.Errorf(file, lineNo, "%s heading has no name", what).
			WithHint("the reference would silently drop everything under it")
	}
	if jscompat.ObjectPrototypeName(name) {
		if what == "section" { // public; a script's heading is not
			return "", diag.Errorf(file, lineNo, "section heading %q is a name the reference script cannot store", name).
				WithHint("the reference keeps headings as JavaScript object keys; rename it")
		}
		return "", diag.Errorf(file, lineNo, "this %s heading is a name the reference script cannot store", what).
			WithHint("the reference keeps headings as JavaScript object keys; rename it")
	}
	return name, nil
}

// parseSections reads one sections.md: its sections in file order.
func (f *Folder) parseSections(r io.Reader, file string, warn *diag.List) ([]Section, error) {
	var (
		sections    []Section
		script      string
		scriptLine  int
		open        = -1 // index in sections of the section being read
		strayLine   int  // first line of unmeasured text in the current block
		scriptFirst = map[string]int{}
		scripts     []string
		sectionLine = map[string]map[string]int{}
		sectionsOf  = map[string]int{}
	)
	closeOpen := func(at int64) {
		if open >= 0 {
			sections[open].Body.End = at
			open = -1
		}
	}
	warnStray := func() {
		if strayLine == 0 {
			return
		}
		if script == "" {
			warn.Add(diag.Warnf(file, strayLine, "text before the first heading is not measured"))
		} else {
			warn.Add(diag.Warnf(file, strayLine, "text between the script heading of line %d and its first section is not measured", scriptLine))
		}
		strayLine = 0
	}
	lines := 0
	end, bom, err := f.readLinesBOM(r, file, warn, func(l line) error {
		lines = l.number
		switch {
		case isScriptHeading(l.text):
			closeOpen(l.start)
			warnStray()
			name, err := headingName(l.text[2:], file, l.number, "script")
			if err != nil {
				return err
			}
			if first, ok := scriptFirst[name]; ok {
				warn.Add(diag.Warnf(file, l.number, "this script already started at line %d; its sections are merged with the earlier ones, as the reference does", first))
			} else {
				scriptFirst[name] = l.number
				scripts = append(scripts, name)
				sectionLine[name] = map[string]int{}
			}
			script, scriptLine = name, l.number
		case isSectionHeading(l.text):
			closeOpen(l.start)
			warnStray()
			if script == "" {
				return diag.Errorf(file, l.number, "section heading before any script heading").
					WithHint("start the file with '# SCRIPT NAME'; the reference would drop this section")
			}
			name, err := headingName(l.text[3:], file, l.number, "section")
			if err != nil {
				return err
			}
			if first, ok := sectionLine[script][name]; ok {
				return diag.Errorf(file, l.number, "section %q appears twice in the script of line %d (first at line %d)", name, scriptFirst[script], first).
					WithHint("the reference would keep only the last one's text, silently")
			}
			sectionLine[script][name] = l.number
			sectionsOf[script]++
			sections = append(sections, Section{Script: script, ScriptLine: scriptLine, Name: name, Line: l.number, Body: Span{Start: l.end}})
			open = len(sections) - 1
		case isBrokenHeading(l.text):
			return brokenHeading(file, l.number)
		default:
			if open < 0 && strayLine == 0 && !isBlank(l.text) {
				strayLine = l.number
			}
		}
		return nil
	}, func() bool {
		// A section's text is read back by its span: its lines up to the
		// next heading need not be read here.
		return open >= 0
	})
	if err != nil {
		return nil, err
	}
	closeOpen(end)
	warnStray()
	if len(sections) == 0 {
		line, what := 1, "no sections found"
		switch {
		case lines == 0 && bom:
			what = "no sections found: the file holds nothing but a byte-order mark"
		case lines == 0:
			what = "no sections found: the file is empty"
		case len(scripts) > 0:
			line = scriptFirst[scripts[0]]
			what = "no sections found: this script has no '## SECTION' heading"
		}
		return nil, diag.Errorf(file, line, "%s", what).
			WithHint("expected '# SCRIPT' headings, each followed by '## SECTION' headings and their text")
	}
	for _, name := range scripts {
		if sectionsOf[name] == 0 {
			warn.Add(diag.Warnf(file, scriptFirst[name], "this script has no sections"))
		}
	}
	return sections, nil
}

// parseExamples reads one examples.md: its examples by section name.
func (f *Folder) parseExamples(r io.Reader, file string, warn *diag.List) (map[string]*Example, error) {
	examples := map[string]*Example{}
	var (
		current   *Example
		start     int64
		textLine  int // first non-blank line of the variant being read
		strayLine int
	)
	flush := func(at int64) {
		if current != nil && textLine > 0 {
			current.Variants = append(current.Variants, Variant{Line: textLine, Body: Span{Start: start, End: at}})
		}
		textLine = 0
	}
	var order []*Example
	end, err := f.readLines(r, file, warn, func(l line) error {
		switch {
		case isSectionHeading(l.text):
			flush(l.start)
			name, err := headingName(l.text[3:], file, l.number, "section")
			if err != nil {
				return err
			}
			if ex, ok := examples[name]; ok {
				warn.Add(diag.Warnf(file, l.number, "section %q already started at line %d; its variants are added to the earlier ones, as the reference does", name, ex.Line))
				current = ex
			} else {
				current = &Example{Name: name, Line: l.number}
				examples[name] = current
				order = append(order, current)
			}
			start = l.end
		case isVariantHeading(l.text):
			if current == nil {
				return diag.Errorf(file, l.number, "variant heading before any section heading").
					WithHint("put '## SECTION' above it; the reference would drop this variant")
			}
			flush(l.start)
			start = l.end
		case isBrokenHeading(l.text):
			return brokenHeading(file, l.number)
		case isScriptHeading(l.text) && current != nil:
			// The numbers are the reference's (it is example text), but
			// hardly what was meant.
			warn.Add(diag.Warnf(file, l.number, "a '# ' line in examples.md is measured as example text; examples.md has '## SECTION' and '### VARIANT n' headings only"))
			if textLine == 0 {
				textLine = l.number
			}
		default:
			if isBlank(l.text) {
				break
			}
			if current == nil {
				if strayLine == 0 {
					strayLine = l.number
				}
			} else if textLine == 0 {
				textLine = l.number
			}
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	flush(end)
	if strayLine > 0 {
		warn.Add(diag.Warnf(file, strayLine, "text before the first section heading is not used as an example"))
	}
	if len(order) == 0 {
		warn.Add(diag.Warnf(file, 0, "no example sections found; every section will report NO EXAMPLE"))
	}
	for _, ex := range order {
		if len(ex.Variants) == 0 {
			warn.Add(diag.Warnf(file, ex.Line, "section %q has no example text; its sections will report NO EXAMPLE", ex.Name))
		}
	}
	return examples, nil
}
