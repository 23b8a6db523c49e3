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
// The files are streamed: the folder keeps byte ranges, not texts, and reads a
// section or example back when it is measured, so memory stays proportional
// to the largest section rather than to the corpus.
package inputs

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"unsafe"

	"github.com/evalpress/evalpress/internal/commitment"
	"github.com/evalpress/evalpress/internal/diag"
	"github.com/evalpress/evalpress/internal/jscompat"
)

// File names inside the private inputs folder.
const (
	SectionsFile = "sections.md"
	ExamplesFile = "examples.md"
	PhrasesFile  = "mandated_phrases.txt"
	ModelsFile   = "models.toml"
	RedactFile   = "redact.txt"
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
}

// Variant is one example text of a section in examples.md.
type Variant struct {
	Line int  // first line of the variant's text
	Body Span // the variant's lines
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
}

// Folder is a parsed private inputs folder. Its texts are read back on demand
// with SectionText and VariantText; Close releases the open files.
type Folder struct {
	Dir string // the folder as the user named it, for messages

	// Sections lists every section in file order.
	Sections []Section
	// Examples maps a section name to its example.
	Examples map[string]*Example
	// Phrases are the mandated phrases, in file order, trimmed, without
	// blank and comment lines.
	Phrases []Term
	// Aliases maps a script heading to its public alias, from models.toml.
	Aliases map[string]Term
	// Redact lists further private terms from redact.txt.
	Redact []Term
	// Private lists private terms other inputs define (a family judge's
	// model, from judged/judges.toml; see AddPrivate) and the commitment
	// key kept in the folder (KeyFile): whoever holds it can check guesses
	// against the published keyed digests.
	Private []Term
	// PrivateTexts are private texts other inputs define, whose passages
	// are as private as the sections' (the judges' analyses); see
	// AddPrivateTexts.
	PrivateTexts []string
	// Digests maps each input file present to the hex SHA-256 of its bytes.
	Digests map[string]string
	// Diagnostics holds the warnings found while parsing. Errors are
	// returned by Open instead.
	Diagnostics diag.List

	sections, examples io.ReaderAt
	closers            []io.Closer
}

// Option changes how a folder is opened.
type Option func(*options)

type options struct{ skipDigests, inMemory bool }

// WithoutDigests skips computing the files' SHA-256, for callers that only
// measure (evalpress measure): Digests stays empty.
func WithoutDigests() Option { return func(o *options) { o.skipDigests = true } }

// InMemory keeps sections.md and examples.md in memory, as read to compute
// their digests (or read whole first WithoutDigests), and serves every text
// from there: for a build, which reads each text several times (measuring,
// the run views, the leak scan's passages), and for evalpress measure,
// whose thousands of reads of a text each took a system call and a buffer.
// The texts are then exactly the bytes the digests were computed from.
func InMemory() Option { return func(o *options) { o.inMemory = true } }

// castagnoli is the table of the checksums that tell whether a file's parse
// and digest read the same bytes (crc32 with the processor's instruction:
// a fraction of a millisecond for the bench's 7 MB sections.md).
var castagnoli = crc32.MakeTable(crc32.Castagnoli)

// Open reads the inputs folder at dir. It returns the first error found, as a
// *diag.Diagnostic naming the file and line where there is one.
func Open(dir string, opts ...Option) (*Folder, error) {
	info, err := os.Stat(dir)
	if err != nil {
		return nil, &diag.Diagnostic{Severity: diag.Error, File: dir, Message: describeOpenError(err, "inputs folder")}
	}
	if !info.IsDir() {
		return nil, diag.Errorf(dir, 0, "inputs folder is a file, not a folder")
	}
	return OpenFS(os.DirFS(dir), dir, opts...)
}

// OpenFS reads an inputs folder from fsys; label is how messages name the
// folder.
func OpenFS(fsys fs.FS, label string, opts ...Option) (*Folder, error) {
	var o options
	for _, opt := range opts {
		opt(&o)
	}
	f := &Folder{Dir: label, Examples: map[string]*Example{}, Digests: map[string]string{}}
	ok := false
	defer func() {
		if !ok {
			f.Close()
		}
	}()
	steps := []struct {
		name     string
		optional bool
		parse    func(io.Reader, string, *diag.List) error
	}{
		{SectionsFile, false, f.parseSections},
		{ExamplesFile, false, f.parseExamples},
		{PhrasesFile, true, f.parsePhrases},
		{ModelsFile, true, f.parseModels},
		{RedactFile, true, f.parseRedact},
	}
	// Open every file first, then parse them concurrently: each parser
	// fills its own fields and its own diagnostics, merged in file order.
	type outcome struct {
		warnings diag.List
		digest   string
		data     []byte // the file's bytes, when kept in memory
		err      error
		// parsed and hashed are checksums of the bytes the parse and the
		// digest read, which differ when the file was rewritten in place
		// between the two reads: the digest would then name inputs other
		// than those parsed, and the caches keyed by it take the parse's
		// work for theirs.
		parsed, hashed uint32
	}
	outcomes := make([]outcome, len(steps))
	digestErrs := make([]error, len(steps))
	var wg sync.WaitGroup
	for i, step := range steps {
		file, at, err := f.open(fsys, step.name, step.optional)
		if err != nil {
			return nil, err
		}
		if file == nil {
			continue
		}
		switch step.name {
		case SectionsFile:
			f.sections = at
		case ExamplesFile:
			f.examples = at
		}
		// Parsing and hashing read the file independently, so the digest of
		// the large sections file costs no time on the parse's critical path.
		wholeFirst := o.inMemory && o.skipDigests && (step.name == SectionsFile || step.name == ExamplesFile)
		wg.Add(1)
		go func() {
			defer wg.Done()
			out := &outcomes[i]
			if wholeFirst {
				// No digest to read it for: read whole, then parsed from memory.
				data, err := readWhole(file, at)
				if err != nil {
					out.err = diag.Errorf(f.path(step.name), 0, "cannot read: %v", err)
					return
				}
				out.data, file = data, newWholeFile(data)
			}
			if o.skipDigests {
				out.err = step.parse(file, f.path(step.name), &out.warnings)
				return
			}
			sum := crc32.New(castagnoli)
			r := io.TeeReader(file, sum)
			if out.err = step.parse(r, f.path(step.name), &out.warnings); out.err == nil {
				// What the parse left unread is checked too.
				if _, err := io.Copy(io.Discard, r); err != nil {
					out.err = diag.Errorf(f.path(step.name), 0, "cannot read: %v", err)
				}
			}
			out.parsed = sum.Sum32()
		}()
		if o.skipDigests {
			continue
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			h := sha256.New()
			r := io.Reader(io.NewSectionReader(at, 0, 1<<62))
			var kept *bytes.Buffer
			keep := o.inMemory && (step.name == SectionsFile || step.name == ExamplesFile)
			if keep {
				kept = bufferFor(file)
				r = io.TeeReader(r, kept)
			}
			sum := crc32.New(castagnoli)
			if _, err := io.Copy(io.MultiWriter(h, sum), r); err != nil {
				digestErrs[i] = diag.Errorf(f.path(step.name), 0, "cannot read: %v", err)
				return
			}
			outcomes[i].digest = hex.EncodeToString(h.Sum(nil))
			outcomes[i].hashed = sum.Sum32()
			if keep {
				outcomes[i].data = kept.Bytes()
			}
		}()
	}
	wg.Wait()
	for i, o := range outcomes {
		if o.err != nil {
			if w := o.warnings.Warnings(); len(w) > 0 {
				return nil, &diag.WithWarnings{Err: o.err, Before: w}
			}
			return nil, o.err
		}
		if digestErrs[i] != nil {
			return nil, digestErrs[i]
		}
		if o.digest != "" && o.parsed != o.hashed {
			return nil, diag.Errorf(f.path(steps[i].name), 0, "changed while the build read it; build again")
		}
		f.Diagnostics = append(f.Diagnostics, o.warnings...)
		if o.digest != "" {
			f.Digests[steps[i].name] = o.digest
		}
		switch {
		case o.data == nil:
		case steps[i].name == SectionsFile:
			f.sections = memoryFile(o.data)
		case steps[i].name == ExamplesFile:
			f.examples = memoryFile(o.data)
		}
	}
	if err := f.Diagnostics.Err(); err != nil {
		return nil, err
	}
	if key, err := fs.ReadFile(fsys, KeyFile); err == nil {
		if text := strings.TrimSpace(string(key)); text != "" {
			f.Private = append(f.Private, Term{Text: text, File: f.path(KeyFile), Line: 1})
		}
	}
	ok = true
	return f, nil
}

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

// open opens name for reading. It returns a nil file, without error, for a
// missing optional file.
func (f *Folder) open(fsys fs.FS, name string, optional bool) (io.Reader, io.ReaderAt, error) {
	file, err := fsys.Open(name)
	if err != nil {
		if optional && errors.Is(err, fs.ErrNotExist) {
			return nil, nil, nil
		}
		d := diag.Errorf(f.path(name), 0, "%s", describeOpenError(err, "file"))
		if errors.Is(err, fs.ErrNotExist) {
			d.WithHint("an inputs folder holds %s and %s; see the README", SectionsFile, ExamplesFile)
		}
		return nil, nil, d
	}
	f.closers = append(f.closers, file)
	info, err := file.Stat()
	if err != nil {
		return nil, nil, diag.Errorf(f.path(name), 0, "cannot read: %v", err)
	}
	if info.IsDir() {
		return nil, nil, diag.Errorf(f.path(name), 0, "is a folder; expected a file")
	}
	at, ok := file.(io.ReaderAt)
	if !ok {
		data, err := io.ReadAll(file)
		if err != nil {
			return nil, nil, diag.Errorf(f.path(name), 0, "cannot read: %v", err)
		}
		return bytes.NewReader(data), bytes.NewReader(data), nil
	}
	return file, at, nil
}

// readWhole reads the whole of a file opened by Folder.open.
func readWhole(file io.Reader, at io.ReaderAt) ([]byte, error) {
	buf := bufferFor(file)
	_, err := buf.ReadFrom(io.NewSectionReader(at, 0, 1<<62))
	return buf.Bytes(), err
}

// bufferFor returns an empty buffer with room for the whole of file, when
// file tells its size, so that a large file is read into one buffer: read
// into a growing one, as io.ReadAll does, the 7 MB sections file of the
// bench was copied a dozen times and its garbage took two collections.
// The room is made, not grown to: bytes.Buffer.Grow clears what it makes,
// and on fresh memory that clearing is where every page faults in, a
// second pass over the file's size before the read.
func bufferFor(file io.Reader) *bytes.Buffer {
	if st, ok := file.(interface{ Stat() (fs.FileInfo, error) }); ok {
		if info, err := st.Stat(); err == nil && info.Size() >= 0 && info.Size() < math.MaxInt32 {
			return bytes.NewBuffer(make([]byte, 0, int(info.Size())+bytes.MinRead)) // the spare read sees the end
		}
	}
	return new(bytes.Buffer)
}

func describeOpenError(err error, what string) string {
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return what + " does not exist"
	case errors.Is(err, fs.ErrPermission):
		return what + " is not readable (permission denied)"
	}
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return fmt.Sprintf("cannot open %s: %v", what, pe.Err)
	}
	return fmt.Sprintf("cannot open %s: %v", what, err)
}

// Close releases the open input files.
func (f *Folder) Close() error {
	var first error
	for _, c := range f.closers {
		if err := c.Close(); err != nil && first == nil {
			first = err
		}
	}
	f.closers = nil
	return first
}

// SectionText returns the text of s as stored in sections.md.
func (f *Folder) SectionText(s Section) (string, error) {
	return readSpan(f.sections, s.Body, f.path(SectionsFile))
}

// VariantText returns the text of v as stored in examples.md.
func (f *Folder) VariantText(v Variant) (string, error) {
	return readSpan(f.examples, v.Body, f.path(ExamplesFile))
}

// memoryFile is a file's bytes kept in memory: its texts are served
// without copying.
type memoryFile []byte

// ReadAt reads as from the file.
func (m memoryFile) ReadAt(p []byte, off int64) (int, error) {
	return bytes.NewReader(m).ReadAt(p, off)
}

func readSpan(r io.ReaderAt, s Span, file string) (string, error) {
	if s.End <= s.Start {
		return "", nil
	}
	if m, ok := r.(memoryFile); ok && s.End <= int64(len(m)) {
		// m is never written: its strings can share its memory.
		return unsafe.String(&m[s.Start], int(s.End-s.Start)), nil
	}
	buf := make([]byte, s.End-s.Start)
	n, err := r.ReadAt(buf, s.Start)
	if n < len(buf) {
		if err == nil || errors.Is(err, io.EOF) {
			err = io.ErrUnexpectedEOF // the file shrank since it was parsed
		}
		return "", fmt.Errorf("failed to read %s at byte %d: %w", file, s.Start, err)
	}
	// buf is never written again, so the string can share its memory.
	return unsafe.String(&buf[0], len(buf)), nil
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

// Cells returns the sections in the order the reference reports them:
// scripts in ScriptOrder, and within a script its sections ordered the same
// way (array-index-like names first).
func (f *Folder) Cells() []Section {
	byScript := map[string][]Section{}
	for _, s := range f.Sections {
		byScript[s.Script] = append(byScript[s.Script], s)
	}
	var out []Section
	for _, script := range f.ScriptOrder() {
		secs := byScript[script]
		jscompat.SortByPropertyOrder(secs, func(s Section) string { return s.Name })
		out = append(out, secs...)
	}
	return out
}

func jsSpace(r rune) bool { return jscompat.IsSpace(r) }
