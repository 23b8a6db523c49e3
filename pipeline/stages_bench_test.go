package pipeline

import (
	"bytes"
	"context"
	"github.com/evalpress/evalpress/reports/criteria"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
	"testing"
	"time"

	"golang.org/x/net/html"

	"github.com/evalpress/evalpress"
	"github.com/evalpress/evalpress/internal/parallel"
	"github.com/evalpress/evalpress/leakscan"
	"github.com/evalpress/evalpress/redact"
	"github.com/evalpress/evalpress/site"
	"github.com/evalpress/evalpress/sitewrite"
)

// benchBuild runs a build of the bench corpus (EVALPRESS_BENCH_CORPUS)
// up to and including its redaction, for the stage benchmarks.
func benchBuild(b *testing.B) *build {
	corpus := os.Getenv("EVALPRESS_BENCH_CORPUS")
	if corpus == "" {
		b.Skip("set EVALPRESS_BENCH_CORPUS to a corpus folder")
	}
	cfg, err := filepath.Abs("../bench/config.toml")
	if err != nil {
		b.Fatal(err)
	}
	bd := &build{ctx: context.Background(), o: Options{Config: cfg, Inputs: corpus, Out: filepath.Join(b.TempDir(), "site")}, stderr: io.Discard}
	for _, stage := range []func() error{bd.configure, bd.readInputs, bd.measure, bd.assembleFindings} {
		if err := stage(); err != nil {
			b.Fatal(err)
		}
	}
	return bd
}

// BenchmarkRedact times redact.New on the bench corpus's findings.
func BenchmarkRedact(b *testing.B) {
	bd := benchBuild(b)
	commitments, err := commit(bd.ctx, bd.folder, bd.inputsDir, bd.key)
	if err != nil {
		b.Fatal(err)
	}
	excerpts := cellExcerpts(bd.cfg, bd.folder, bd.f)
	in := redact.Input{Config: bd.cfg, Findings: bd.f, Folder: bd.folder, Documents: bd.docs, Source: sourceFiles(criteria.Default()),
		Prompt: bd.rawPrompt, Commitments: commitments, Excerpts: excerpts, Registration: bd.registration.raw()}
	cpu := startCPU(b)
	for b.Loop() {
		if _, err := redact.New(in); err != nil {
			b.Fatal(err)
		}
	}
	cpu.report()
}

// BenchmarkRender times site.Render of the bench corpus's view, every
// page kept in memory (no scan, no write).
func BenchmarkRender(b *testing.B) {
	bd := benchBuild(b)
	if err := bd.redact(); err != nil {
		b.Fatal(err)
	}
	opt := benchOptions(bd)
	cpu := startCPU(b)
	for b.Loop() {
		if _, err := site.Render(bd.view, opt); err != nil {
			b.Fatal(err)
		}
	}
	cpu.report()
}

// BenchmarkScan times the leak scan of every file of the bench site, on
// all cores as a build scans them, the scanner made beforehand.
func BenchmarkScan(b *testing.B) {
	bd, out, names := benchSite(b)
	check := bd.scanner.fileCheck(permits{all: redact.Permits(bd.excerpts)})
	cpu := startCPU(b)
	for b.Loop() {
		err := parallel.For(len(names), func(i int) error {
			return check(sitewrite.File{Path: names[i], Data: out.Files[names[i]]})
		})
		if err != nil {
			b.Fatal(err)
		}
	}
	cpu.report()
}

// BenchmarkTokenize times what BenchmarkScan's reading costs at the
// least: x/net/html's Tokenizer alone (Next, and TagAttr for each
// attribute) over every page of the bench site, on all cores, with nothing
// done with the tokens. The scan can be no faster than this.
func BenchmarkTokenize(b *testing.B) {
	_, out, names := benchSite(b)
	benchTokenize(b, out.Files, names)
}

// BenchmarkTokenizeWithoutAttributes is BenchmarkTokenize over the same
// pages with every tag's attributes taken out: how much of the reading's
// cost is the attributes' (the Tokenizer copies each attribute's name and
// value, and keeps its name in a map to drop a repeated one).
func BenchmarkTokenizeWithoutAttributes(b *testing.B) {
	_, out, names := benchSite(b)
	bare := map[string][]byte{}
	for _, name := range names {
		bare[name] = tagAttributes.ReplaceAll(out.Files[name], []byte("<$1>"))
	}
	benchTokenize(b, bare, names)
}

// tagAttributes matches a start tag with its attributes, the tag's name
// in the first group.
var tagAttributes = regexp.MustCompile(`<([a-zA-Z][a-zA-Z0-9-]*)\s[^>]*>`)

// benchTokenize runs tokenize over the pages of files that names lists.
func benchTokenize(b *testing.B, files map[string][]byte, names []string) {
	cpu := startCPU(b)
	for b.Loop() {
		_ = parallel.For(len(names), func(i int) error {
			if strings.HasSuffix(names[i], ".html") || strings.HasSuffix(names[i], ".svg") {
				tokenize(files[names[i]])
			}
			return nil
		})
	}
	cpu.report()
}

// tokenize reads page with the Tokenizer to its end, every attribute too.
func tokenize(page []byte) {
	z := html.NewTokenizer(bytes.NewReader(page))
	for {
		switch z.Next() {
		case html.ErrorToken:
			return
		case html.StartTagToken, html.SelfClosingTagToken:
			for more := true; more; {
				var key []byte
				if key, _, more = z.TagAttr(); key == nil {
					break
				}
			}
		}
	}
}

// benchOptions are the render options of the bench build: the built-in
// templates, the bench config's content.
func benchOptions(bd *build) site.Options {
	return site.Options{Templates: evalpress.Templates(), Assets: evalpress.Assets(), TemplatesLabel: "templates",
		ContentLabel: bd.cfg.Path(bd.cfg.ContentDir), Files: bd.files, Context: bd.ctx}
}

// benchSite renders the bench site in memory, returning its build, the
// pages and their names, with the site's size set as the bytes per op.
func benchSite(b *testing.B) (*build, *site.Output, []string) {
	bd := benchBuild(b)
	if err := bd.redact(); err != nil {
		b.Fatal(err)
	}
	out, err := site.Render(bd.view, benchOptions(bd))
	if err != nil {
		b.Fatal(err)
	}
	names := out.Paths()
	var size int64
	for _, name := range names {
		size += int64(len(out.Files[name]))
	}
	b.SetBytes(size)
	return bd, out, names
}

// BenchmarkNewScanner times making the leak scanner from the bench
// corpus's private inputs.
func BenchmarkNewScanner(b *testing.B) {
	bd := benchBuild(b)
	cpu := startCPU(b)
	for b.Loop() {
		if _, err := leakscan.New(bd.folder, true, nil); err != nil {
			b.Fatal(err)
		}
	}
	cpu.report()
}

// cpuClock reports a benchmark's process CPU time (user and system) per
// iteration as cpu-ns/op: on a shared machine, a steadier figure than the
// wall time.
type cpuClock struct {
	b     *testing.B
	start time.Duration
}

func startCPU(b *testing.B) cpuClock { return cpuClock{b, processCPU()} }

func (c cpuClock) report() {
	c.b.ReportMetric(float64(processCPU()-c.start)/float64(c.b.N), "cpu-ns/op")
}

// processCPU is the CPU time the process has used.
func processCPU() time.Duration {
	var u syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &u)
	return time.Duration(u.Utime.Nano() + u.Stime.Nano())
}
