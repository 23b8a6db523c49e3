package inputs

import (
	"fmt"
	"io"
	"sort"
	"strings"
	"unicode/utf8"

	"github.com/evalpress/evalpress/internal/diag"
	"github.com/evalpress/evalpress/internal/jscompat"
	"github.com/evalpress/evalpress/internal/textcheck"
	"github.com/evalpress/evalpress/internal/tomlfile"
)

// parseTermLines reads a one-term-a-line file: lines are trimmed as
// JavaScript trims them, and blank lines and lines starting with "#" are
// skipped, as the reference reads mandated_phrases.txt.
func (f *Folder) parseTermLines(r io.Reader, file string, warn *diag.List) ([]Term, error) {
	var terms []Term
	_, err := f.readLines(r, file, warn, func(l line) error {
		t := jscompat.Trim(string(l.text))
		if t == "" || strings.HasPrefix(t, "#") {
			return nil
		}
		if at := textcheck.FirstImpossible(string(l.text)); at >= 0 {
			char, _ := utf8.DecodeRune(l.text[at:])
			return (&diag.Diagnostic{Severity: diag.Error, File: file, Line: l.number, Column: at + 1,
				Message: fmt.Sprintf("this term holds %U, a character no text holds, so it could never match", char)}).
				WithHint("remove the character; a term is matched in any case and spacing, so none is needed")
		}
		terms = append(terms, Term{Text: t, File: file, Line: l.number})
		return nil
	})
	return terms, err
}

func (f *Folder) parsePhrases(r io.Reader, file string, warn *diag.List) error {
	terms, err := f.parseTermLines(r, file, warn)
	f.Phrases = terms
	return err
}

func (f *Folder) parseRedact(r io.Reader, file string, warn *diag.List) error {
	terms, err := f.parseWordLines(r, file, warn, "this private term has no letter or digit, so it cannot be recognised in text")
	f.Redact = terms
	return err
}

func (f *Folder) parseConfirmed(r io.Reader, file string, warn *diag.List) error {
	terms, err := f.parseWordLines(r, file, warn, "this phrase has no letter or digit, so it cannot be found in text")
	f.Confirmed = terms
	return err
}

// parseWordLines is parseTermLines where each line must hold a letter or
// a digit: a line without one is an error, with message.
func (f *Folder) parseWordLines(r io.Reader, file string, warn *diag.List, message string) ([]Term, error) {
	terms, err := f.parseTermLines(r, file, warn)
	for _, t := range terms {
		if !hasWordChar(t.Text) {
			return nil, diag.Errorf(file, t.Line, "%s", message)
		}
	}
	return terms, err
}

func hasWordChar(s string) bool {
	for _, r := range jscompat.Lower(s) {
		if ('a' <= r && r <= 'z') || ('0' <= r && r <= '9') || r > 0x7f && !jscompat.IsSpace(r) {
			return true
		}
	}
	return false
}

// modelsFile is the shape of models.toml.
type modelsFile struct {
	Aliases map[string]string `toml:"aliases"`
	// Families maps a script heading to its writer's model family: as
	// private as the heading, since a family word names a lab.
	Families map[string]string `toml:"families"`
	// Labs maps a script heading to the lab that made the writer, and
	// Identity to further words that name it: private as the heading.
	Labs     map[string]string   `toml:"labs"`
	Identity map[string][]string `toml:"identity"`
}

func (f *Folder) parseModels(r io.Reader, file string, warn *diag.List) error {
	data, err := io.ReadAll(r)
	if err != nil {
		return diag.Errorf(file, 0, "cannot read: %v", err)
	}
	var m modelsFile
	if _, err := tomlfile.Decode(data, file, &m); err != nil {
		return err
	}
	if len(m.Aliases)+len(m.Families)+len(m.Labs)+len(m.Identity) == 0 {
		warn.Add(diag.Warnf(file, 0, "holds no [aliases], [families], [labs] or [identity] entry: every writer is numbered \"Model N\", and what the documents say of a model by its alias may no longer hold"))
	}
	headings := make([]string, 0, len(m.Aliases))
	for h := range m.Aliases {
		headings = append(headings, h)
	}
	sort.Strings(headings)
	f.Aliases = map[string]Term{}
	byAlias := map[string]string{}
	for _, h := range headings {
		alias := jscompat.Trim(m.Aliases[h])
		line := tomlfile.KeyLine(data, []string{"aliases", h})
		switch {
		case jscompat.Trim(h) == "":
			return diag.Errorf(file, line, "alias for an empty script heading")
		case alias == "":
			return diag.Errorf(file, line, "a script has an empty alias")
		}
		if other, ok := byAlias[strings.ToLower(alias)]; ok {
			return diag.Errorf(file, line, "alias %q is given to two scripts (the other at line %d)", alias, tomlfile.KeyLine(data, []string{"aliases", other})).
				WithHint("each writer needs its own alias, or their results would be merged")
		}
		byAlias[strings.ToLower(alias)] = h
		f.Aliases[jscompat.Trim(h)] = Term{Text: alias, File: file, Line: line}
	}
	if err := f.parseFamilies(m.Families, data, file); err != nil {
		return err
	}
	return f.parseIdentities(m.Labs, m.Identity, data, file)
}

// parseIdentities reads models.toml's [labs] and [identity]: for a script
// heading, the lab that made its writer and further words of its
// identity, each a private term the matcher derives the identity from.
func (f *Folder) parseIdentities(labs map[string]string, words map[string][]string, data []byte, file string) error {
	f.Labs, f.Identity = map[string]Term{}, map[string][]Term{}
	for _, h := range sortedKeys(labs) {
		lab := jscompat.Trim(labs[h])
		line := tomlfile.KeyLine(data, []string{"labs", h})
		switch {
		case jscompat.Trim(h) == "":
			return diag.Errorf(file, line, "lab for an empty script heading")
		case !hasWordChar(lab):
			return diag.Errorf(file, line, "a lab with no letter or digit, so it cannot be recognised in text")
		}
		f.Labs[jscompat.Trim(h)] = Term{Text: lab, File: file, Line: line}
	}
	for _, h := range sortedKeys(words) {
		line := tomlfile.KeyLine(data, []string{"identity", h})
		if jscompat.Trim(h) == "" {
			return diag.Errorf(file, line, "identity words for an empty script heading")
		}
		for _, w := range words[h] {
			w = jscompat.Trim(w)
			if !hasWordChar(w) {
				return diag.Errorf(file, line, "an identity word with no letter or digit, so it cannot be recognised in text")
			}
			f.Identity[jscompat.Trim(h)] = append(f.Identity[jscompat.Trim(h)], Term{Text: w, File: file, Line: line})
		}
	}
	return nil
}

// sortedKeys returns the keys of m, sorted.
func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// parseFamilies reads models.toml's [families]: each family word is a
// private term.
func (f *Folder) parseFamilies(families map[string]string, data []byte, file string) error {
	headings := make([]string, 0, len(families))
	for h := range families {
		headings = append(headings, h)
	}
	sort.Strings(headings)
	f.Families = map[string]Term{}
	for _, h := range headings {
		family := jscompat.Trim(families[h])
		line := tomlfile.KeyLine(data, []string{"families", h})
		switch {
		case jscompat.Trim(h) == "":
			return diag.Errorf(file, line, "family for an empty script heading")
		case family == "":
			return diag.Errorf(file, line, "a script has an empty family")
		}
		t := Term{Text: family, File: file, Line: line}
		f.Families[jscompat.Trim(h)] = t
		if hasWordChar(family) {
			f.Private = append(f.Private, t)
		}
	}
	return nil
}

// String describes a term for messages without revealing it: its file and
// line, never a letter of it.
func (t Term) String() string {
	return fmt.Sprintf("%s:%d", t.File, t.Line)
}
