package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/evalpress/evalpress/internal/commitment"
	"github.com/evalpress/evalpress/internal/testtree"
)

// An outsider's attacks on a public build, each planted the way an author
// could plant it without trying: the build must fail naming the problem
// and keep no site, or publish nothing a reader would recognise.

// appendTo adds text to the end of a file of the tree at dir.
func appendTo(t *testing.T, dir, name, text string) {
	t.Helper()
	p := filepath.Join(dir, filepath.FromSlash(name))
	f, err := os.OpenFile(p, os.O_APPEND|os.O_WRONLY|os.O_CREATE, 0o644)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.WriteString(text); err != nil {
		t.Fatal(err)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
}

// refused builds the tree at dir and asserts the build failed with a
// message holding says, and wrote no site.
func refused(t *testing.T, dir, says string) {
	t.Helper()
	code, stderr := buildSite(t, dir)
	if code != 1 || !strings.Contains(stderr, says) {
		t.Errorf("exit %d, stderr %q; want a failed build saying %q", code, stderr, says)
	}
	if _, err := os.Stat(filepath.Join(dir, "public")); err == nil {
		t.Error("a failed build left a site")
	}
}

// TestTheCommitmentKeyIsNeverPublished: the key that keys the published
// digests of the small, guessable inputs, copied or linked into the
// content, would turn those digests back into a guessing oracle.
func TestTheCommitmentKeyIsNeverPublished(t *testing.T) {
	t.Parallel()
	for _, how := range []string{"copied", "linked"} {
		t.Run(how, func(t *testing.T) {
			dir := newSite(t, nil)
			key := filepath.Join(dir, "private", commitment.KeyFile)
			target := filepath.Join(dir, "content", "notes.txt")
			if how == "copied" {
				if err := os.WriteFile(target, mustRead(t, key), 0o644); err != nil {
					t.Fatal(err)
				}
			} else if err := os.Symlink(filepath.Join("..", "private", commitment.KeyFile), target); err != nil {
				t.Fatal(err)
			}
			appendTo(t, dir, "content/findings.md", "\nThe [build notes](notes.txt).\n")
			refused(t, dir, commitment.KeyFile)
		})
	}
	// In a document's text it is an error like any private term, at its
	// place, without its letters.
	dir := newSite(t, nil)
	key := strings.TrimSpace(string(mustRead(t, filepath.Join(dir, "private", commitment.KeyFile))))
	appendTo(t, dir, "content/findings.md", "\nThe key: "+strings.ToUpper(key)+".\n")
	code, stderr := buildSite(t, dir)
	if code != 1 || !strings.Contains(stderr, "findings.md:15:10: 64 characters here are a private term from ") {
		t.Errorf("exit %d: %s", code, stderr)
	}
	if strings.Contains(strings.ToLower(stderr), key) {
		t.Error("the commitment key is on stderr")
	}
}

// TestDataURLsAreRefused: a data: URL puts a file inside the page (an
// image whose pixels or text chunks the scan cannot read, a base64 text),
// past publish.unscanned, which names files.
func TestDataURLsAreRefused(t *testing.T) {
	t.Parallel()
	for _, link := range []string{
		"![logo](data:image/png;base64,SGFyYm91cmxpbmUgSG9sZGluZ3M=)",
		"[a note](data:text/plain;base64,SGFyYm91cmxpbmUgSG9sZGluZ3M=)",
	} {
		dir := newSite(t, nil)
		appendTo(t, dir, "content/findings.md", "\n"+link+"\n")
		refused(t, dir, "content/findings.md:15: link \"data:")
	}
}

// TestSuperscriptLettersDoNotHideATerm: ⁱ, ⁿ and the subscript letters sit
// beside the footnote digits, but a reader reads them as letters of the
// word, in a document as in a hypothesis's statement.
func TestSuperscriptLettersDoNotHideATerm(t *testing.T) {
	t.Parallel()
	for _, plant := range []func(dir string){
		func(dir string) { appendTo(t, dir, "content/findings.md", "\nAudited for Hₐrbourline Holdings.\n") },
		func(dir string) { appendTo(t, dir, "content/index.md", "\nBy Alpha Wrⁱter 9000.\n") },
		func(dir string) {
			cfg := filepath.Join(dir, "config.toml")
			data := strings.Replace(string(mustRead(t, cfg)), "Model 3 copies the least.", "Beta Scrⁱbe copies the least.", 1)
			if err := os.WriteFile(cfg, []byte(data), 0o644); err != nil {
				t.Fatal(err)
			}
		},
	} {
		dir := newSite(t, nil)
		plant(dir)
		code, stderr := buildSite(t, dir)
		if code != 0 {
			if !strings.Contains(stderr, "private term") && !strings.Contains(stderr, "model name") && !strings.Contains(stderr, " characters here are ") {
				t.Errorf("exit %d: %s", code, stderr)
			}
			continue
		}
		site := readTree(t, filepath.Join(dir, "public"))
		for _, spelled := range []string{"Hₐrbourline", "Wrⁱter", "Scrⁱbe"} {
			if strings.Contains(site, spelled) {
				t.Errorf("%q published", spelled)
			}
		}
	}
}

// TestJudgesAnalysesArePrivatePassages: a judge's analysis quotes the
// sections and is private like them; a passage of it in a document fails
// the build.
func TestJudgesAnalysesArePrivatePassages(t *testing.T) {
	t.Parallel()
	dir := judgedTree(t, nil)
	if code, stderr := buildSite(t, dir); code != 0 {
		t.Fatalf("the judged tree does not build: %s", stderr)
	}
	if err := os.RemoveAll(filepath.Join(dir, "public")); err != nil {
		t.Fatal(err)
	}
	appendTo(t, dir, "content/findings.md", "\nA judge wrote that the harbour lights passage covers the opening beat, we hear.\n")
	refused(t, dir, "a passage of 8 or more words of the private texts")
}

// TestSpellingsAReaderRecognises: a capital I drawn as an l, and a name
// typed backwards after a right-to-left override, which a browser draws
// forwards; a public build fails or publishes neither.
func TestSpellingsAReaderRecognises(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ text, published string }{
		{"Audited for HarbourIine Holdings.", "HarbourIine"},
		{"Written by A1pha Writer 9OOO.", "9OOO"},
		{"Audited for \u202Esgnidloh enilruobrah\u202C.", "sgnidloh"},
		{"Written by &#x202E;0009 retirW ahplA.", "retirW"},
	} {
		dir := newSite(t, nil)
		appendTo(t, dir, "content/findings.md", "\n"+tc.text+"\n")
		code, stderr := buildSite(t, dir)
		if code != 0 {
			if !strings.Contains(stderr, "private term") && !strings.Contains(stderr, "model name") && !strings.Contains(stderr, " characters here are ") {
				t.Errorf("%q: exit %d: %s", tc.text, code, stderr)
			}
			continue
		}
		if strings.Contains(readTree(t, filepath.Join(dir, "public")), tc.published) {
			t.Errorf("%q published", tc.text)
		}
	}
}

// TestFilesOfOnesOwnInTheOutputFolderAreScanned: a file evalpress did not
// write, put in the output folder, is carried into every new site and
// published with it: a rebuild scans it, and one that holds a private term
// fails the build, naming the file, and keeps the previous site. A git
// checkout's .git is not published, and neither build nor check reads it.
func TestFilesOfOnesOwnInTheOutputFolderAreScanned(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ name, file, text string }{
		{"a note at the top", "notes.txt", "Drafted by Beta Scribe.\n"},
		{"a page in a folder of one's own", "extra/x.html", "<p>for Harbourline Holdings</p>\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := newSite(t, nil)
			out := filepath.Join(dir, "public")
			if code, stderr := buildSite(t, dir); code != 0 {
				t.Fatal(stderr)
			}
			before := string(mustRead(t, filepath.Join(out, "index.html")))
			testtree.Write(t, out, "", map[string]string{tc.file: tc.text, ".git/HEAD": "ref: refs/heads/Beta Scribe\n"})
			code, stderr := buildSite(t, dir)
			if code != 1 || !strings.Contains(stderr, filepath.Join(out, filepath.FromSlash(tc.file))) || !strings.Contains(stderr, "previous site was kept") {
				t.Errorf("exit %d, stderr %q; want a failed build naming %s", code, stderr, tc.file)
			}
			if strings.Contains(stderr, "HEAD") {
				t.Errorf("the build read .git: %s", stderr)
			}
			if got := mustRead(t, filepath.Join(out, "index.html")); string(got) != before {
				t.Error("the failed build changed the previous site")
			}
			code, stdout, _ := runCLI(t, "check", "--leaks", out, "--inputs", filepath.Join(dir, "private"))
			if code != 1 || !strings.Contains(stdout, tc.file) {
				t.Errorf("check: exit %d, %q; want the leak in %s", code, stdout, tc.file)
			}
			if strings.Contains(stdout, ".git") {
				t.Errorf("check reads .git: %s", stdout)
			}
			// Taken out again, the next build publishes.
			if err := os.Remove(filepath.Join(out, filepath.FromSlash(tc.file))); err != nil {
				t.Fatal(err)
			}
			if code, stderr := buildSite(t, dir); code != 0 {
				t.Fatal(stderr)
			}
			if _, err := os.Stat(filepath.Join(out, ".git", "HEAD")); err != nil {
				t.Error("the build did not carry .git into the new site")
			}
		})
	}
}

// TestRawHTMLThatReordersTextIsNotDownloaded: raw HTML in a document, which
// the page omits, is omitted from its markdown download too: a markdown
// viewer that renders HTML would otherwise put back together what the
// page shows apart (a <bdo> that reverses a name, a flex row that swaps
// its halves, SVG text placed out of order).
func TestRawHTMLThatReordersTextIsNotDownloaded(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ name, markdown string }{
		{"bdo", "A note: <bdo dir=rtl>ebircS ateB</bdo> wrote it.\n"},
		{"row-reverse", "<div style=\"display:flex;flex-direction:row-reverse\"><span>ribe</span><span>Beta Sc</span></div>\n\nAfter.\n"},
		{"svg tspan", "<svg><text><tspan x=\"40\">ribe</tspan><tspan x=\"0\">Beta Sc</tspan></text></svg>\n\nAfter.\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := newSite(t, map[string]string{"content/raw.md": "# Raw\n\n" + tc.markdown})
			if code, stderr := buildSite(t, dir); code != 0 {
				t.Fatal(stderr)
			}
			download := string(mustRead(t, filepath.Join(dir, "public", "docs", "raw.md")))
			for _, tag := range []string{"<bdo", "<div", "<span", "<svg", "<tspan", "row-reverse", "dir=rtl"} {
				if strings.Contains(download, tag) {
					t.Errorf("the download holds %q: %q", tag, download)
				}
			}
			if !strings.Contains(download, "# Raw") {
				t.Errorf("the download lost the document: %q", download)
			}
			page := string(mustRead(t, filepath.Join(dir, "public", "raw.html")))
			if strings.Contains(page, "<bdo") || strings.Contains(page, "<tspan") || strings.Contains(page, "row-reverse") {
				t.Errorf("the page renders raw HTML")
			}
		})
	}
}
