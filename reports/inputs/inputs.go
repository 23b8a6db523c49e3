// Package inputs reads an evaluation's private inputs folder: the generated
// sections (sections.md), the outline's example prose (examples.md), the
// mandated phrases, the model aliases (models.toml) and further private terms
// (redact.txt).
//
// Parsing follows the C5 reference script line for line, so that evalpress
// measures exactly the texts the reference measures, and reports with file
// and line what the reference silently gets wrong: text it drops, headings it
// overwrites, names it cannot store, bytes it cannot decode.
//
// Each file is read whole, once, and only if it is a regular file within the
// limit of its kind (internal/readfile); the folder keeps the bytes and the
// byte ranges of its texts.
package inputs

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"unsafe"

	"github.com/evalpress/evalpress/internal/commitment"
	"github.com/evalpress/evalpress/internal/diag"
	"github.com/evalpress/evalpress/internal/jscompat"
	"github.com/evalpress/evalpress/internal/readfile"
	"github.com/evalpress/evalpress/internal/textnorm"
)

// File names inside the private inputs folder.
const (
	SectionsFile = "sections.md"
	ExamplesFile = "examples.md"
	PhrasesFile  = "mandated_phrases.txt"
	ModelsFile   = "models.toml"
	RedactFile   = "redact.txt"
	// ConfirmedFile lists ordinary phrases of the content documents that
	// hold a private term ("Claude Monet" beside a Claude writer), one a
	// line: the author confirms each names no writer.
	ConfirmedFile = "confirmed.txt"
)

// Span is a byte range [Start, End) of a file.
type Span struct{ Start, End int64 }

// Section is one "## SECTION" block of one "# SCRIPT" in sections.md.
type Section struct {
	Script     string // script heading as written, trimmed
	ScriptLine int    // line of the script heading
	Name       string // section heading as written, trimmed
	Line       int    // line of the section heading
	Body       Span   // the lines between this heading and the next
	// Episode and Repeat are the 0-based indexes of the section's episode
	// in Folder.Episodes and of its run (a repeat of the evaluation) in the
	// episode's Runs: 0 and 0 in the top-level layout. ("Run" alone is C5's
	// longest verbatim run.)
	Episode, Repeat int
}

// Variant is one example text of a section in examples.md.
type Variant struct {
	Line    int  // first line of the variant's text
	Body    Span // the variant's lines
	Episode int  // the 0-based index of its episode in Folder.Episodes
}

// Example is one "## SECTION" block of examples.md with its variants. A
// variant whose text is blank is dropped, as the reference drops it.
type Example struct {
	Name     string
	Line     int
	Variants []Variant
}

// Term is a private term read from a file, with where it was found.
type Term struct {
	Text string
	File string
	Line int
	// Model marks a model's name (a judge's model): its identity (lab,
	// family, product words) is private too.
	Model bool
}

// Folder is a parsed private inputs folder. Its texts are served by
// SectionText and VariantText from the bytes read.
type Folder struct {
	Dir string // the folder as the user named it, for messages

	// Episodes are the outlines the writers wrote from, each with its
	// examples and runs: one with one run in the top-level layout.
	Episodes []Episode
	// Sections lists every section of every run, by episode, run and
	// file order.
	Sections []Section
	// Phrases are the mandated phrases, in file order, trimmed, without
	// blank and comment lines.
	Phrases []Term
	// Aliases maps a script heading to its public alias, from models.toml.
	Aliases map[string]Term
	// Families maps a script heading to its writer's model family, from
	// models.toml's [families]: private terms (they are in Private too).
	Families map[string]Term
	// Labs maps a script heading to the lab that made its writer, from
	// models.toml's [labs], and Identity to further words of its writer's
	// identity ([identity]: product words, API ids): private terms, from
	// which the matcher derives the writer's identity.
	Labs     map[string]Term
	Identity map[string][]Term
	// Redact lists further private terms from redact.txt.
	Redact []Term
	// Confirmed lists the phrases of confirmed.txt: ordinary phrases that
	// hold a private term and name no writer. As private as the terms.
	Confirmed []Term
	// Private lists private terms other inputs define (a family judge's
	// model, from judged/judges.toml; see AddPrivate) and the commitment
	// key kept in the folder (KeyFile): whoever holds it can check guesses
	// against the published keyed digests.
	Private []Term
	// PrivateTexts are private texts other inputs define, whose passages
	// are as private as the sections' (the judges' analyses); see
	// AddPrivateTexts.
	PrivateTexts []string
	// PublicTexts are texts the protocol publishes (the frozen judge
	// prompt, the fixtures): a passage of PrivateTexts that quotes one of
	// them is not private (AddPublicTexts).
	PublicTexts []string
	// Digests maps each input file present to the hex SHA-256 of its bytes.
	Digests map[string]string
	// Diagnostics holds the warnings found while parsing. Errors are
	// returned by Open instead.
	Diagnostics diag.List
}

// Option changes how a folder is opened.
type Option func(*options)

type options struct {
	skipDigests bool
	ctx         context.Context
}

// WithoutDigests skips computing the files' SHA-256, for callers that only
// measure (evalpress measure): Digests stays empty.
func WithoutDigests() Option { return func(o *options) { o.skipDigests = true } }

// WithContext makes Open stop reading once ctx is done (an interrupt).
func WithContext(ctx context.Context) Option { return func(o *options) { o.ctx = ctx } }

func gather(opts []Option) options {
	o := options{ctx: context.Background()}
	for _, opt := range opts {
		opt(&o)
	}
	return o
}

// Open reads the inputs folder at dir. On bad input it returns every
// file's errors at once, each a *diag.Diagnostic naming the file and line
// where there is one, in an *OpenError: each file is read and parsed on
// its own, so a broken models.toml does not hide a broken examples.md. Its
// files are read only if they are regular files, each within the limit of
// its kind (internal/readfile).
func Open(dir string, opts ...Option) (*Folder, error) {
	info, err := os.Stat(dir)
	if err != nil {
		return nil, &diag.Diagnostic{Severity: diag.Error, File: dir, Message: describeOpenError(err, "inputs folder")}
	}
	if !info.IsDir() {
		return nil, diag.Errorf(dir, 0, "inputs folder is a file, not a folder")
	}
	return OpenFS(readfile.DirFS(gather(opts).ctx, dir, readfile.Corpus), dir, opts...)
}

// OpenFS reads an inputs folder from fsys; label is how messages name the
// folder.
func OpenFS(fsys fs.FS, label string, opts ...Option) (*Folder, error) {
	o := gather(opts)
	f := &Folder{Dir: label, Digests: map[string]string{}}
	episodes, err := f.layout(fsys)
	if err != nil {
		return nil, err
	}
	f.Episodes = episodes
	steps := f.steps()
	// Read every file whole first, then parse and hash them concurrently:
	// each parser fills its own fields and its own diagnostics, merged in
	// file order.
	type outcome struct {
		warnings diag.List
		digest   string
		err      error
	}
	outcomes := make([]outcome, len(steps))
	var wg sync.WaitGroup
	for i, step := range steps {
		if err := o.ctx.Err(); err != nil {
			wg.Wait()
			return nil, err
		}
		data, err := f.read(fsys, step.name, step.optional, step.limit)
		if errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
			wg.Wait()
			return nil, err
		}
		if err != nil {
			outcomes[i].err = err // reported with the other files' errors
			continue
		}
		if data == nil {
			continue
		}
		out := &outcomes[i]
		wg.Go(func() { out.err = step.parse(data, f.path(step.name), &out.warnings) })
		if !o.skipDigests {
			wg.Go(func() {
				sum := sha256.Sum256(data)
				out.digest = hex.EncodeToString(sum[:])
			})
		}
	}
	wg.Wait()
	oe := &OpenError{}
	sectionsParsed := true
	for i, o := range outcomes {
		f.Diagnostics = append(f.Diagnostics, o.warnings.Warnings()...)
		errs := o.warnings.Errors()
		if o.err != nil {
			errs = diag.List{} // the file's error says it all
			oe.Errs = append(oe.Errs, o.err)
		}
		for _, d := range errs {
			oe.Errs = append(oe.Errs, d)
		}
		if steps[i].sections {
			sectionsParsed = sectionsParsed && o.err == nil && len(errs) == 0
		}
		if o.digest != "" {
			f.Digests[steps[i].public] = o.digest
		}
	}
	f.gatherSections()
	if len(oe.Errs) > 0 {
		if sectionsParsed {
			oe.Sections = f.Sections
		}
		if w := f.Diagnostics.Warnings(); len(w) > 0 {
			return nil, &diag.WithWarnings{Err: oe, Before: w}
		}
		return nil, oe
	}
	if err := f.checkAliases(); err != nil {
		return nil, err
	}
	key, err := f.read(fsys, KeyFile, true, readfile.Settings)
	if err != nil {
		return nil, err // a key that cannot be read must not be left out of the private terms
	}
	if text := strings.TrimSpace(string(key)); text != "" {
		f.Private = append(f.Private, Term{Text: text, File: f.path(KeyFile), Line: 1})
	}
	return f, nil
}

// checkAliases refuses an entry of models.toml ([aliases], [families],
// [labs], [identity]) whose script heading names no script of
// sections.md: a typo there would give the script a generated alias, or
// leave the words it makes private out of the wall unsaid. The error
// names the entry's line, never the heading, which is private.
func (f *Folder) checkAliases() error {
	scripts := map[string]bool{}
	for _, s := range f.Sections {
		scripts[s.Script] = true
	}
	type entry struct {
		table string
		Term
	}
	var lines []entry
	add := func(table, h string, t Term) {
		if !scripts[h] {
			lines = append(lines, entry{table, t})
		}
	}
	for h, t := range f.Aliases {
		add("aliases", h, t)
	}
	for h, t := range f.Families {
		add("families", h, t)
	}
	for h, t := range f.Labs {
		add("labs", h, t)
	}
	for h, ts := range f.Identity {
		add("identity", h, ts[0])
	}
	if len(lines) == 0 {
		return nil
	}
	slices.SortFunc(lines, func(a, b entry) int { return a.Line - b.Line })
	what := "this alias's"
	if lines[0].table != "aliases" {
		what = "this [" + lines[0].table + "] entry's"
	}
	return diag.Errorf(lines[0].File, lines[0].Line, "%s script heading is none of sections.md's script headings", what).
		WithHint("write the heading exactly as it stands after '# ' in sections.md")
}

// step is one file of the folder to read and parse.
type step struct {
	name     string // relative to the folder, slash-separated
	public   string // how the published digests name it
	optional bool
	limit    readfile.Limit
	sections bool // a sections.md
	parse    func([]byte, string, *diag.List) error
}

// steps lists the folder's files: every episode's examples and runs, then
// the settings files. Each parser writes only its own episode's or run's
// fields, so they can run concurrently.
func (f *Folder) steps() []step {
	var steps []step
	for e := range f.Episodes {
		ep := &f.Episodes[e]
		steps = append(steps, step{name: ep.file, public: ep.public, limit: readfile.Corpus,
			parse: func(data []byte, file string, warn *diag.List) (err error) {
				// Parsed and read with the spaces at its lines' ends gone
				// (textnorm.Lines: every line keeps its number), so that each
				// text is normalised without a copy; the digest is of the
				// bytes as read.
				ep.examples = textnorm.Lines(data)
				ep.Examples, err = f.parseExamples(newWholeFile(ep.examples), file, warn)
				return err
			}})
		for r := range ep.Runs {
			run := &ep.Runs[r]
			steps = append(steps, step{name: run.file, public: run.public, limit: readfile.Corpus, sections: true,
				parse: func(data []byte, file string, warn *diag.List) (err error) {
					run.sections = textnorm.Lines(data) // as the examples
					run.parsed, err = f.parseSections(newWholeFile(run.sections), file, warn)
					return err
				}})
		}
	}
	for _, s := range []struct {
		name  string
		parse func(io.Reader, string, *diag.List) error
	}{{PhrasesFile, f.parsePhrases}, {ModelsFile, f.parseModels}, {RedactFile, f.parseRedact}, {ConfirmedFile, f.parseConfirmed}} {
		steps = append(steps, step{name: s.name, public: s.name, optional: true, limit: readfile.Settings,
			parse: func(data []byte, file string, warn *diag.List) error { return s.parse(newWholeFile(data), file, warn) }})
	}
	return steps
}

// gatherSections lists every run's sections in Sections, in order of
// episode, run and file, each marked with its episode and run, and marks
// every example variant with its episode.
func (f *Folder) gatherSections() {
	for e := range f.Episodes {
		ep := &f.Episodes[e]
		if ep.Examples == nil {
			ep.Examples = map[string]*Example{}
		}
		for _, ex := range ep.Examples {
			for k := range ex.Variants {
				ex.Variants[k].Episode = e
			}
		}
		for r := range ep.Runs {
			for _, s := range ep.Runs[r].parsed {
				s.Episode, s.Repeat = e, r
				f.Sections = append(f.Sections, s)
			}
			ep.Runs[r].parsed = nil
		}
	}
}

// OpenError is every error Open found, in file order. Sections are the
// sections of sections.md when that file parsed without error (nil
// otherwise): the judged tier's files, which name them, can still be
// checked, and their errors reported with these.
type OpenError struct {
	Errs     []error
	Sections []Section
}

func (e *OpenError) Error() string { return errors.Join(e.Errs...).Error() }

// Unwrap returns the errors, one a file or more.
func (e *OpenError) Unwrap() []error { return e.Errs }

// KeyFile is the file of the folder that holds the key of the published
// keyed digests (internal/commitment): private, as a term no build may
// publish.
const KeyFile = commitment.KeyFile

func (f *Folder) path(name string) string {
	if f.Dir == "" {
		return name
	}
	return filepath.Join(f.Dir, name)
}

// read reads the file name whole, at most limit bytes. It returns nil,
// without error, for a missing optional file.
func (f *Folder) read(fsys fs.FS, name string, optional bool, limit readfile.Limit) ([]byte, error) {
	data, err := readfile.ReadFS(fsys, name, limit)
	var d *diag.Diagnostic
	switch {
	case err == nil:
		return data, nil
	case optional && errors.Is(err, fs.ErrNotExist):
		return nil, nil
	case errors.As(err, &d):
		d.File = f.path(name) // as the folder's label names it
		return nil, err
	case errors.Is(err, context.Canceled), errors.Is(err, context.DeadlineExceeded):
		return nil, err // it names the file
	case errors.Is(err, fs.ErrNotExist):
		return nil, diag.Errorf(f.path(name), 0, "%s", describeOpenError(err, "file")).
			WithHint("an inputs folder holds %s and %s; see docs/inputs.md", SectionsFile, ExamplesFile)
	}
	return nil, diag.Errorf(f.path(name), 0, "%s", describeOpenError(err, "file"))
}

func describeOpenError(err error, what string) string {
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return what + " does not exist"
	case errors.Is(err, fs.ErrPermission):
		return what + " is not readable (permission denied)"
	}
	return fmt.Sprintf("cannot open %s: %v", what, readfile.WithoutPath(err))
}

// SectionText returns the text of s as stored in its run's sections.md,
// normalised (textnorm): everything measured, masked or scanned is
// derived from it.
func (f *Folder) SectionText(s Section) (string, error) {
	if s.Episode < 0 || s.Episode >= len(f.Episodes) || s.Repeat < 0 || s.Repeat >= len(f.Episodes[s.Episode].Runs) {
		return "", fmt.Errorf("%s: no run %d of episode %d", f.Dir, s.Repeat+1, s.Episode+1)
	}
	run := &f.Episodes[s.Episode].Runs[s.Repeat]
	return readSpan(run.sections, s.Body, f.path(run.file))
}

// VariantText returns the text of v as stored in its episode's
// examples.md, normalised.
func (f *Folder) VariantText(v Variant) (string, error) {
	if v.Episode < 0 || v.Episode >= len(f.Episodes) {
		return "", fmt.Errorf("%s: no episode %d", f.Dir, v.Episode+1)
	}
	ep := &f.Episodes[v.Episode]
	return readSpan(ep.examples, v.Body, f.path(ep.file))
}

// readSpan returns the bytes of span s of data, a file's, normalised
// (textnorm.Text), as a string that shares their memory unless the text
// had to be rewritten: data is never written.
func readSpan(data []byte, s Span, file string) (string, error) {
	if s.End <= s.Start {
		return "", nil
	}
	if s.Start < 0 || s.End > int64(len(data)) {
		return "", fmt.Errorf("%s: no bytes %d to %d: the span is not of this file", file, s.Start, s.End)
	}
	return textnorm.Text(unsafe.String(&data[s.Start], int(s.End-s.Start))), nil
}

// ScriptOrder returns the script headings in the order the reference lists
// them: array-index-like names ("1", "2") ascending first, then the others in
// order of first appearance.
func (f *Folder) ScriptOrder() []string {
	var names []string
	seen := map[string]bool{}
	for _, s := range f.Sections {
		if !seen[s.Script] {
			seen[s.Script] = true
			names = append(names, s.Script)
		}
	}
	jscompat.SortByPropertyOrder(names, func(s string) string { return s })
	return names
}

// Cells returns the sections in the order the reference reports them,
// run by run (by episode, then run): scripts in ScriptOrder, and within a
// script its sections ordered the same way (array-index-like names first).
func (f *Folder) Cells() []Section {
	out := make([]Section, 0, len(f.Sections))
	order := f.ScriptOrder()
	for start := 0; start < len(f.Sections); {
		end := start + 1
		for end < len(f.Sections) && f.Sections[end].Episode == f.Sections[start].Episode && f.Sections[end].Repeat == f.Sections[start].Repeat {
			end++
		}
		byScript := map[string][]Section{}
		for _, s := range f.Sections[start:end] {
			byScript[s.Script] = append(byScript[s.Script], s)
		}
		for _, script := range order {
			secs := byScript[script]
			jscompat.SortByPropertyOrder(secs, func(s Section) string { return s.Name })
			out = append(out, secs...)
		}
		start = end
	}
	return out
}

func jsSpace(r rune) bool { return jscompat.IsSpace(r) }
