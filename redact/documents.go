package redact

import (
	"fmt"
	"maps"
	"path/filepath"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/evalpress/evalpress/config"
	"github.com/evalpress/evalpress/internal/diag"
	"github.com/evalpress/evalpress/matcher"
	"github.com/evalpress/evalpress/redact/public"
	"github.com/evalpress/evalpress/reports/inputs"
)

// CheckDocuments returns an error at the first private term of the
// author's documents (docs, read from the content folder dir): the author
// writes them, so a private term there is rewritten, never masked, and
// the published prose never shows where a lab's word stood. The error
// names the file, line and column, how many characters the term takes,
// what kind of term it is and whose (by alias), never its letters: build
// output ends up in public CI logs. alias maps a script heading to its
// writer's alias.
func CheckDocuments(m *matcher.Matcher, docs []RawDocument, dir string, alias map[string]string) error {
	for _, d := range docs {
		found := m.Find(d.Markdown)
		if len(found) == 0 {
			continue
		}
		mt := found[0]
		before := d.Markdown[:mt.Start]
		line := 1 + strings.Count(before, "\n")
		e := termError(filepath.Join(dir, filepath.FromSlash(d.Path)), line, "", d.Markdown, found, alias)
		e.Column = 1 + utf8.RuneCountInString(before[strings.LastIndexByte(before, '\n')+1:])
		return e
	}
	return nil
}

// CheckConfigTexts returns an error at the first private term of the texts
// the author writes in config.toml and the site shows: the title, each
// fixture's id and title, and each hypothesis's id. They are the author's prose, as the documents
// are: rewritten, never masked.
func CheckConfigTexts(m *matcher.Matcher, cfg *config.Config, alias map[string]string) error {
	if found := m.Find(cfg.Title); len(found) > 0 {
		return termError(cfg.File, cfg.KeyLine("title"), "the title: ", cfg.Title, found, alias)
	}
	// An id is a name the author chose: ordinary words of an identity
	// count in any case there (matcher.FindName).
	for _, f := range cfg.Fixtures {
		if found := m.FindName(f.ID); len(found) > 0 {
			return termError(cfg.File, f.Line, "a fixture's id: ", f.ID, found, alias)
		}
		if found := m.Find(f.Title); len(found) > 0 {
			return termError(cfg.File, f.Line, "fixture "+f.ID+"'s title: ", f.Title, found, alias)
		}
	}
	for _, h := range cfg.Hypotheses {
		if found := m.FindName(h.ID); len(found) > 0 {
			return termError(cfg.File, h.Line, "a hypothesis's id: ", h.ID, found, alias)
		}
	}
	return nil
}

// CheckSectionNames returns an error at the first section heading that
// holds a private term. Section names are published (every table, every
// cell page): the author chose them with the outline, so a heading is
// renamed, never shown as "CTA [model]", which would tell where a lab's
// word stood.
func CheckSectionNames(m *matcher.Matcher, folder *inputs.Folder, alias map[string]string) error {
	seen := map[string]bool{}
	for _, sec := range folder.Sections {
		if seen[sec.Name] {
			continue
		}
		seen[sec.Name] = true
		if found := m.Find(sec.Name); len(found) > 0 {
			return termError(folder.SectionPath(sec), sec.Line, "a section heading: ", sec.Name, found, alias)
		}
	}
	// An example's section no writer has is published too ("left out").
	for _, ep := range folder.Episodes {
		for _, name := range slices.Sorted(maps.Keys(ep.Examples)) {
			if found := m.Find(name); !seen[name] && len(found) > 0 {
				return termError(folder.ExamplesPath(ep), ep.Examples[name].Line, "a section heading: ", name, found, alias)
			}
		}
	}
	return nil
}

// termError is the error at the first of found, the private terms of text
// at file:line: how many characters the term takes, what kind of term it
// is and whose (by alias), never its letters, after what (what of the
// file it is in, or "").
func termError(file string, line int, what, text string, found []matcher.Match, alias map[string]string) *diag.Diagnostic {
	mt := found[0]
	e := diag.Errorf(file, line, "%s%d characters here are %s; %s", what,
		utf8.RuneCountInString(text[mt.Start:mt.End]), termKind(mt.Term, alias), instead(mt.Term, alias))
	if more := len(found) - 1; more > 0 {
		e.Message += moreOf(more)
	}
	return e.WithHint("rewrite the sentence; where an ordinary phrase only holds the word (a painter, a river), confirm the phrase as written in %s in the inputs folder (evalpress check --identities lists what is private)", inputs.ConfirmedFile)
}

// termKind says what a private term is, and whose, without its letters:
// "a family word of the writer Model 1", "a person of its lab (the writer
// Model 1)", "a mandated phrase from mandated_phrases.txt:2".
func termKind(t matcher.Term, alias map[string]string) string {
	if t.Owner == "" {
		return t.Describe()
	}
	whose := "a judge's model" // its source names a private file
	if a, ok := alias[t.Owner]; ok {
		whose = "the writer " + a
	}
	kind, _, ok := cutLast(t.What, " of ")
	if !ok {
		return "the name of " + whose
	}
	if strings.Contains(kind, " of ") || !strings.HasPrefix(kind, "a") {
		return kind + " (" + whose + ")"
	}
	return kind + " of " + whose
}

// cutLast is strings.Cut at the last sep.
func cutLast(s, sep string) (before, after string, found bool) {
	if i := strings.LastIndex(s, sep); i >= 0 {
		return s[:i], s[i+len(sep):], true
	}
	return s, "", false
}

// instead says what to write instead: the alias, when the term is a
// writer's.
func instead(t matcher.Term, alias map[string]string) string {
	if a, ok := alias[t.Owner]; ok && t.Owner != "" {
		return `write the alias "` + a + `"`
	}
	return "rewrite the sentence without it"
}

// moreOf says how many more private terms the document holds.
func moreOf(n int) string { return fmt.Sprintf("; %d more in this document", n) }

// RawDocument is a markdown document as read, before redaction.
type RawDocument struct {
	Path     string // slash-separated, relative to the content folder
	Markdown string
}

// documents returns the author's documents as the view publishes them: as
// written, after CheckDocuments found no private term in them.
func (r *redactor) documents() ([]public.Document, error) {
	cfg := r.in.Config
	if err := CheckDocuments(r.m, r.in.Documents, cfg.Path(cfg.ContentDir), r.alias); err != nil {
		return nil, err
	}
	if err := CheckConfigTexts(r.m, cfg, r.alias); err != nil {
		return nil, err
	}
	if err := CheckSectionNames(r.m, r.in.Folder, r.alias); err != nil {
		return nil, err
	}
	var out []public.Document
	for _, d := range r.in.Documents {
		out = append(out, public.Document{Path: d.Path, Markdown: d.Markdown})
	}
	return out, nil
}
