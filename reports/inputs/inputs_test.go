package inputs

import (
	"context"
	"crypto/sha256"
	"errors"
	"syscall"
	"time"

	"fmt"
	"github.com/evalpress/evalpress/internal/readfile"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"
)

const goodExamples = "## HOOK\nan example hook\n"

func folder(sections, examples string, extra ...string) fstest.MapFS {
	fsys := fstest.MapFS{
		SectionsFile: {Data: []byte(sections)},
		ExamplesFile: {Data: []byte(examples)},
	}
	for i := 0; i+1 < len(extra); i += 2 {
		fsys[extra[i]] = &fstest.MapFile{Data: []byte(extra[i+1])}
	}
	return fsys
}

func TestOpenErrors(t *testing.T) {
	tests := []struct {
		name string
		fsys fstest.MapFS
		want string // the whole one-line message
	}{
		{"empty sections file", folder("", goodExamples), "in/sections.md:1: no sections found: the file is empty"},
		{"byte-order mark only", folder("\ufeff", goodExamples), "in/sections.md:1: no sections found: the file holds nothing but a byte-order mark"},
		{"only blank lines", folder("\n\n  \n", goodExamples), "in/sections.md:1: no sections found"},
		{"scripts without sections", folder("\n# A\ntext\n# B\n", goodExamples), `in/sections.md:2: no sections found: this script has no '## SECTION' heading`},
		{"section before any script", folder("## HOOK\ntext\n", goodExamples), "in/sections.md:1: section heading before any script heading"},
		{"repeated section", folder("# A\n## HOOK\nx\n## ACT\ny\n## HOOK\nz\n", goodExamples),
			`in/sections.md:6: section "HOOK" appears twice in the script of line 1 (first at line 2)`},
		{"repeated section across repeated script", folder("# A\n## HOOK\nx\n# B\n## HOOK\ny\n# A\n## HOOK\nz\n", goodExamples),
			`in/sections.md:8: section "HOOK" appears twice in the script of line 1 (first at line 2)`},
		{"line numbers past long bodies", folder("# A\r\n## HOOK\r\n"+strings.Repeat("text\r\n\r\n", 50)+"#not a heading\n## ACT\ny\n## HOOK\nz", goodExamples),
			`in/sections.md:106: section "HOOK" appears twice in the script of line 1 (first at line 2)`},
		{"script without name", folder("# \n## HOOK\nx\n", goodExamples), "in/sections.md:1: script heading has no name"},
		{"section heading without its space", folder("# A\n## HOOK\nx\n##ORIGIN\ny\n", goodExamples),
			"in/sections.md:4: this line looks like a heading but has no space after its hashes"},
		{"example heading without its space", folder("# A\n## HOOK\nx\n", "## HOOK\nx\n##ORIGIN\ny\n"),
			"in/examples.md:3: this line looks like a heading but has no space after its hashes"},
		{"variant heading without its space", folder("# A\n## HOOK\nx\n", "## HOOK\nx\n###VARIANT 2\ny\n"),
			"in/examples.md:3: this line looks like a heading but has no space after its hashes"},
		{"section without name", folder("# A\n##  \t\nx\n", goodExamples), "in/sections.md:2: section heading has no name"},
		{"prototype name", folder("# A\n## constructor\nx\n", goodExamples),
			`in/sections.md:2: section heading "constructor" is a name the reference script cannot store`},
		{"not UTF-8", folder("# A\n## HOOK\nbad \xff byte\n", goodExamples), "in/sections.md:3:5: bytes that are not UTF-8"},
		{"examples not UTF-8", folder("# A\n## HOOK\nx\n", "## HOOK\n\xc3\x28\n"), "in/examples.md:2:1: bytes that are not UTF-8"},
		{"variant before any section", folder("# A\n## HOOK\nx\n", "### VARIANT 1\ntext\n## HOOK\ny\n"),
			"in/examples.md:1: variant heading before any section heading"},
		{"example section without name", folder("# A\n## HOOK\nx\n", "## \ntext\n"), "in/examples.md:1: section heading has no name"},
		{"missing sections", fstest.MapFS{ExamplesFile: {Data: []byte(goodExamples)}}, "in/sections.md: file does not exist"},
		{"missing examples", fstest.MapFS{SectionsFile: {Data: []byte("# A\n## B\nx\n")}}, "in/examples.md: file does not exist"},
		{"folder instead of file", fstest.MapFS{SectionsFile: {Mode: os.ModeDir}, ExamplesFile: {Data: []byte(goodExamples)}},
			"in/sections.md: not a regular file (a folder)"},
		{"phrases not UTF-8", folder("# A\n## HOOK\nx\n", goodExamples, PhrasesFile, "ok\n\xfe\n"), "in/mandated_phrases.txt:2:1: bytes that are not UTF-8"},
		{"duplicate alias", folder("# A\n## HOOK\nx\n", goodExamples, ModelsFile, "[aliases]\n\"A\" = \"Model 1\"\n\"B\" = \"model 1\"\n"),
			`in/models.toml:3: alias "model 1" is given to two scripts (the other at line 2)`},
		{"alias of no script", folder("# Writer A\n## HOOK\nx\n", goodExamples, ModelsFile, "[aliases]\n\"Writer A\" = \"Model 1\"\n\"Writer  B\" = \"Model 2\"\n"),
			`in/models.toml:3: this alias's script heading is none of sections.md's script headings`},
		// A typo in a heading would silently leave its words out of the
		// private terms: the wall would not know them.
		{"lab of no script", folder("# Writer A\n## HOOK\nx\n", goodExamples, ModelsFile, "[labs]\n\"Writer A\" = \"Fernhollow\"\n\"Writer  B\" = \"Tidewell\"\n"),
			`in/models.toml:3: this [labs] entry's script heading is none of sections.md's script headings`},
		{"identity of no script", folder("# Writer A\n## HOOK\nx\n", goodExamples, ModelsFile, "[identity]\n\"Writer B\" = [\"LS3\"]\n"),
			`in/models.toml:2: this [identity] entry's script heading is none of sections.md's script headings`},
		{"family of no script", folder("# Writer A\n## HOOK\nx\n", goodExamples, ModelsFile, "[aliases]\n\"Writer A\" = \"Model 1\"\n[families]\n\"Writer A\" = \"Larkspur\"\n\"Writer C\" = \"Quillion\"\n"),
			`in/models.toml:5: this [families] entry's script heading is none of sections.md's script headings`},
		{"unknown key in models.toml", folder("# A\n## HOOK\nx\n", goodExamples, ModelsFile, "[aliases]\nA = \"Model 1\"\n[other]\nx = 1\n"),
			`in/models.toml:3: a key evalpress does not know`},
		{"models.toml syntax", folder("# A\n## HOOK\nx\n", goodExamples, ModelsFile, "[aliases\n"), "in/models.toml:1:9: a key or table name TOML cannot read"},
		{"empty alias", folder("# A\n## HOOK\nx\n", goodExamples, ModelsFile, "[aliases]\nA = \" \"\n"), `in/models.toml:2: a script has an empty alias`},
		{"empty family", folder("# A\n## HOOK\nx\n", goodExamples, ModelsFile, "[families]\nA = \"\"\n"), `in/models.toml:2: a script has an empty family`},
		{"redact term without letters", folder("# A\n## HOOK\nx\n", goodExamples, RedactFile, "# terms\nSecretCo\n---\n"),
			`in/redact.txt:3: this private term has no letter or digit, so it cannot be recognised in text`},
		{"confirmed phrase without letters", folder("# A\n## HOOK\nx\n", goodExamples, ConfirmedFile, "# painters\nClaude Monet\n  ...  \n"),
			`in/confirmed.txt:3: this phrase has no letter or digit, so it cannot be found in text`},
		{"redact term with a NUL", folder("# A\n## HOOK\nx\n", goodExamples, RedactFile, "# terms\nOrla Bren\x00nick\n"),
			`in/redact.txt:2:10: this term holds U+0000, a character no text holds, so it could never match`},
		{"mandated phrase with an escape", folder("# A\n## HOOK\nx\n", goodExamples, PhrasesFile, "ok\n  as \x1b[1mnoted\n"),
			`in/mandated_phrases.txt:2:6: this term holds U+001B, a character no text holds, so it could never match`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) { wantOpenError(t, tc.fsys, tc.want) })
	}
}

// wantOpenError holds OpenFS of fsys to one line of error starting want.
func wantOpenError(t *testing.T, fsys fstest.MapFS, want string) {
	t.Helper()
	_, err := OpenFS(fsys, "in")
	if err == nil {
		t.Fatalf("no error, want %q", want)
	}
	got := filepath.ToSlash(err.Error())
	if !strings.HasPrefix(got, want) || strings.Contains(got, "\n") {
		t.Fatalf("error\n  %q\nwant one line starting\n  %q", got, want)
	}
}

// TestFamilies: models.toml's [families] gives each writer's family, a
// private term.
func TestFamilies(t *testing.T) {
	f, err := OpenFS(folder("# A\n## HOOK\nx\n", goodExamples, ModelsFile, "[aliases]\nA = \"Model 1\"\n\n[families]\n\"A\" = \" Larkspur \"\n"), "in")
	if err != nil {
		t.Fatal(err)
	}
	if got := f.Families["A"]; got.Text != "Larkspur" || got.Line != 5 {
		t.Errorf("family %+v", got)
	}
	if len(f.Private) != 1 || f.Private[0].Text != "Larkspur" {
		t.Errorf("private terms %+v", f.Private)
	}
}

// TestConfirmed: confirmed.txt's phrases, trimmed, with their lines;
// comments and blank lines skipped; its digest kept like every input's.
func TestConfirmed(t *testing.T) {
	t.Parallel()
	f, err := OpenFS(folder("# A\n## HOOK\nx\n", goodExamples, ConfirmedFile, "# painters\n\n  Claude Monet \nAmazon river\n"), "in")
	if err != nil {
		t.Fatal(err)
	}
	if len(f.Confirmed) != 2 || f.Confirmed[0].Text != "Claude Monet" || f.Confirmed[0].Line != 3 || f.Confirmed[1].Line != 4 {
		t.Errorf("confirmed %+v", f.Confirmed)
	}
	if f.Digests[ConfirmedFile] == "" {
		t.Error("confirmed.txt has no digest")
	}
}

func TestOpenWarnings(t *testing.T) {
	tests := []struct {
		name string
		fsys fstest.MapFS
		want []string
	}{
		{"text before first heading", folder("Title\n\n# A\n## HOOK\nx\n", goodExamples), []string{"in/sections.md:1: warning: text before the first heading is not measured"}},
		{"text before first section", folder("# A\nnotes\n## HOOK\nx\n", goodExamples),
			[]string{`in/sections.md:2: warning: text between the script heading of line 1 and its first section is not measured`}},
		{"byte-order mark", folder("\uFEFF# A\n## HOOK\nx\n", goodExamples), []string{"in/sections.md:1: warning: byte-order mark ignored"}},
		{"repeated script", folder("# A\n## HOOK\nx\n# B\n## HOOK\ny\n# A\n## ACT\nz\n", goodExamples),
			[]string{`in/sections.md:7: warning: this script already started at line 1; its sections are merged with the earlier ones, as the reference does`}},
		{"script without sections", folder("# A\n# B\n## HOOK\nx\n", goodExamples), []string{`in/sections.md:1: warning: this script has no sections`}},
		{"example text before first section", folder("# A\n## HOOK\nx\n", "Outline\n## HOOK\ny\n"),
			[]string{"in/examples.md:1: warning: text before the first section heading is not used as an example"}},
		{"repeated example section", folder("# A\n## HOOK\nx\n", "## HOOK\ny\n## HOOK\nz\n"), []string{`in/examples.md:3: warning: section "HOOK" already started at line 1`}},
		{"example without text", folder("# A\n## HOOK\nx\n", "## HOOK\n### VARIANT 1\n\n"), []string{`in/examples.md:1: warning: section "HOOK" has no example text`}},
		{"script heading in examples", folder("# A\n## HOOK\nx\n", "## HOOK\ny\n# not a heading here\n"),
			[]string{"in/examples.md:3: warning: a '# ' line in examples.md is measured as example text"}},
		{"clean", folder("# A\n## HOOK\nx\n", goodExamples), nil},
		{"emptied models.toml", folder("# A\n## HOOK\nx\n", goodExamples, ModelsFile, "# aliases later\n"),
			[]string{`in/models.toml: warning: holds no [aliases], [families], [labs] or [identity] entry: every writer is numbered "Model N", and what the documents say of a model by its alias may no longer hold`}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			f, err := OpenFS(tc.fsys, "in")
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, d := range f.Diagnostics {
				got = append(got, filepath.ToSlash(d.Error()))
			}
			if len(got) != len(tc.want) {
				t.Fatalf("warnings %q, want %d starting %q", got, len(tc.want), tc.want)
			}
			for i := range got {
				if !strings.HasPrefix(got[i], tc.want[i]) {
					t.Errorf("warning %q, want it to start %q", got[i], tc.want[i])
				}
			}
		})
	}
}

func TestParseFollowsReference(t *testing.T) {
	// A BOM, CRLF line ends, a line of non-ASCII text and a last line
	// without "\n".
	sections := "\ufeff# B\r\n## 2\r\ntwo\r\n## HOOK\nhook text, caf\u00e9 \u2014 \U0001F600\n# 1\n## x\nbody\n### sub is text\n#no-space is text"
	examples := "## HOOK\nfirst variant before any ###\n### VARIANT 2\n\n### VARIANT 3\nthird\n#### deep is text\n"
	f, err := OpenFS(folder(sections, examples), "in")
	if err != nil {
		t.Fatal(err)
	}
	var lines []int
	for _, s := range f.Sections {
		lines = append(lines, s.Line)
	}
	if fmt.Sprint(lines) != "[2 4 7]" {
		t.Errorf("section heading lines %v, want [2 4 7]", lines)
	}
	var order []string
	for _, c := range f.Cells() {
		text, err := f.SectionText(c)
		if err != nil {
			t.Fatal(err)
		}
		order = append(order, c.Script+"/"+c.Name+"="+strings.TrimSpace(text))
	}
	want := []string{"1/x=body\n### sub is text\n#no-space is text", "B/2=two", "B/HOOK=hook text, caf\u00e9 \u2014 \U0001F600"}
	if strings.Join(order, "|") != strings.Join(want, "|") {
		t.Errorf("cells %q\nwant %q", order, want)
	}
	ex := f.Episodes[0].Examples["HOOK"]
	if ex == nil || len(ex.Variants) != 2 {
		t.Fatalf("HOOK variants %+v, want 2 (the blank one dropped)", ex)
	}
	v, _ := f.VariantText(ex.Variants[1])
	if strings.TrimSpace(v) != "third\n#### deep is text" {
		t.Errorf("variant 3 text %q", v)
	}
	if len(f.Digests) != 2 || len(f.Digests[SectionsFile]) != 64 {
		t.Errorf("digests %v", f.Digests)
	}
	if len(f.Diagnostics) != 1 || !strings.Contains(f.Diagnostics[0].Error(), "byte-order mark") {
		t.Errorf("diagnostics %v, want the byte-order mark's warning", f.Diagnostics)
	}
}

func TestOpenMissingFolder(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "nope")
	_, err := Open(dir)
	if err == nil || err.Error() != dir+": inputs folder does not exist" {
		t.Fatalf("got %v", err)
	}
	file := filepath.Join(t.TempDir(), "file")
	os.WriteFile(file, []byte("x"), 0o644)
	if _, err := Open(file); err == nil || !strings.Contains(err.Error(), "is a file, not a folder") {
		t.Fatalf("got %v", err)
	}
}

func TestWithoutDigests(t *testing.T) {
	f, err := OpenFS(folder("# A\n## B\nx\n", goodExamples), "in", WithoutDigests())
	if err != nil {
		t.Fatal(err)
	}
	if len(f.Digests) != 0 || len(f.Sections) != 1 {
		t.Fatalf("digests %v, sections %d", f.Digests, len(f.Sections))
	}
}

// TestTextsAreTheDigestedBytes opens a folder, then changes its files:
// the texts stay those read when it was opened, and the digests are those
// bytes' SHA-256.
func TestTextsAreTheDigestedBytes(t *testing.T) {
	dir := t.TempDir()
	sections := "# A\n## HOOK\nthe hook as written\n## ACT 1\nan act\n"
	examples := "## HOOK\nfirst variant\n### VARIANT 2\nsecond variant\n"
	os.WriteFile(filepath.Join(dir, SectionsFile), []byte(sections), 0o644)
	os.WriteFile(filepath.Join(dir, ExamplesFile), []byte(examples), 0o644)
	f, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{SectionsFile, ExamplesFile} {
		os.WriteFile(filepath.Join(dir, name), []byte(strings.Repeat("x", 200)), 0o644)
	}
	for _, s := range f.Sections {
		got, err := f.SectionText(s)
		if err != nil || !strings.Contains(sections, got) || got == "" {
			t.Errorf("section %s: %q, %v", s.Name, got, err)
		}
	}
	v, err := f.VariantText(f.Episodes[0].Examples["HOOK"].Variants[1])
	if err != nil || strings.TrimSpace(v) != "second variant" {
		t.Errorf("variant 2: %q, %v", v, err)
	}
	if got, want := f.Digests[SectionsFile], fmt.Sprintf("%x", sha256.Sum256([]byte(sections))); got != want {
		t.Errorf("digest of %s %s, want %s", SectionsFile, got, want)
	}
}

// TestOnlyRegularFiles puts a named pipe, a link to /dev/zero and a file
// over the limit in the place of each input: each is one line naming the
// file, at once, never a hang.
func TestOnlyRegularFiles(t *testing.T) {
	fifo := func(path string) error { return syscall.Mkfifo(path, 0o644) }
	zero := func(path string) error { return os.Symlink("/dev/zero", path) }
	huge := func(path string) error { // sparse: no disk is used
		f, err := os.Create(path)
		if err != nil {
			return err
		}
		defer f.Close()
		return f.Truncate(int64(readfile.Corpus) + 1)
	}
	tests := []struct {
		file string
		make func(string) error
		want string
	}{
		{SectionsFile, fifo, "not a regular file (a named pipe)"},
		{ExamplesFile, zero, "not a regular file (a link to /dev/zero, a character device)"},
		{ModelsFile, fifo, "not a regular file (a named pipe)"},
		{RedactFile, zero, "not a regular file (a link to /dev/zero, a character device)"},
		{PhrasesFile, fifo, "not a regular file (a named pipe)"},
		{KeyFile, fifo, "not a regular file (a named pipe)"},
		{SectionsFile, huge, "too large: more than 256 MiB, and a file of its kind may hold 256 MiB"},
		{ModelsFile, huge, "too large: 256 MiB, and a file of its kind may hold 4 MiB"},
	}
	for _, tt := range tests {
		t.Run(tt.file+"/"+tt.want, func(t *testing.T) {
			dir := t.TempDir()
			os.WriteFile(filepath.Join(dir, SectionsFile), []byte("# A\n## HOOK\nx\n"), 0o644)
			os.WriteFile(filepath.Join(dir, ExamplesFile), []byte(goodExamples), 0o644)
			path := filepath.Join(dir, tt.file)
			os.Remove(path)
			if err := tt.make(path); err != nil {
				t.Fatal(err)
			}
			ctx, cancel := context.WithTimeout(context.Background(), time.Second)
			defer cancel()
			done := make(chan error, 1)
			go func() {
				_, err := Open(dir)
				done <- err
			}()
			select {
			case err := <-done:
				if want := path + ": " + tt.want; err == nil || err.Error() != want {
					t.Fatalf("got %v; want the one line %q", err, want)
				}
			case <-ctx.Done():
				t.Fatal("Open did not return within a second")
			}
		})
	}
}

func TestOpenStopsWhenCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err := Open(filepath.Join("..", "..", "demo", "private"), WithContext(ctx))
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("got %v; want the read stopped", err)
	}
}
