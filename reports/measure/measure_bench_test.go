package measure

import (
	"context"
	"os"
	"testing"

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
