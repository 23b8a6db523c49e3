package measure

import (
	"context"
	"fmt"
	"os"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/evalpress/evalpress/reports/inputs"
)

// BenchmarkCorpus measures the folder named by EVALPRESS_BENCH_CORPUS (for
// example one made by gen_corpus.py with 100 episodes). See bench/README.md.
func BenchmarkCorpus(b *testing.B) {
	dir := os.Getenv("EVALPRESS_BENCH_CORPUS")
	if dir == "" {
		b.Skip("set EVALPRESS_BENCH_CORPUS to a corpus folder")
	}
	for b.Loop() {
		folder, err := inputs.Open(dir)
		if err != nil {
			b.Fatal(err)
		}
		if _, err := Run(context.Background(), folder, 8); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkRuns measures a folder of one run and the same evaluation over
// several runs and two episodes, reporting the time per section: the
// several runs' should stay within twice the one run's, since a run adds
// sections to measure against examples prepared once.
func BenchmarkRuns(b *testing.B) {
	for _, shape := range []struct {
		name           string
		episodes, runs int
	}{{"one-run", 1, 1}, {"two-episodes-five-runs", 2, 5}} {
		fsys := benchRunsFolder(shape.episodes, shape.runs, 30, 12)
		b.Run(shape.name, func(b *testing.B) {
			sections := 0
			for b.Loop() {
				folder, err := inputs.OpenFS(fsys, "bench", inputs.WithoutDigests())
				if err != nil {
					b.Fatal(err)
				}
				if _, err := Run(context.Background(), folder, 8); err != nil {
					b.Fatal(err)
				}
				sections = len(folder.Sections)
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(sections), "ns/section")
		})
	}
}

// benchRunsFolder makes a folder of writers × sections per run, each
// section 400 words with a stretch of its example; one episode with one
// run is the top-level layout.
func benchRunsFolder(episodes, runs, writers, sections int) fstest.MapFS {
	fsys := fstest.MapFS{}
	word := func(seed, i int) string { return fmt.Sprintf("w%d", (seed*7919+i*104729)%5000) }
	text := func(seed int) string {
		ws := make([]string, 400)
		for i := range ws {
			ws[i] = word(seed, i)
		}
		return strings.Join(ws, " ")
	}
	for e := range episodes {
		var ex strings.Builder
		for s := range sections {
			fmt.Fprintf(&ex, "## S%d\n%s\n", s, text(e*1000+s))
		}
		var runFiles []string
		for r := range runs {
			var sb strings.Builder
			for w := range writers {
				fmt.Fprintf(&sb, "# W%d\n", w)
				for s := range sections {
					own := text(1_000_000 + e*100_000 + r*10_000 + w*100 + s)
					fmt.Fprintf(&sb, "## S%d\n%s %s\n", s, own, text(e*1000 + s)[:200])
				}
			}
			runFiles = append(runFiles, sb.String())
		}
		if episodes == 1 && runs == 1 {
			fsys[inputs.ExamplesFile] = &fstest.MapFile{Data: []byte(ex.String())}
			fsys[inputs.SectionsFile] = &fstest.MapFile{Data: []byte(runFiles[0])}
			break
		}
		dir := fmt.Sprintf("episodes/e%d/", e)
		fsys[dir+inputs.ExamplesFile] = &fstest.MapFile{Data: []byte(ex.String())}
		for r, data := range runFiles {
			fsys[fmt.Sprintf("%sruns/r%d/%s", dir, r, inputs.SectionsFile)] = &fstest.MapFile{Data: []byte(data)}
		}
	}
	return fsys
}
