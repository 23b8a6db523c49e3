package pipeline

import (
	"context"
	"io"
	"os"
	"path/filepath"
	"testing"
)

// BenchmarkBuild builds the bench site (bench/config.toml) for the corpus
// named by EVALPRESS_BENCH_CORPUS into a new folder each time. Set
// EVALPRESS_BENCH_OUT to a tmpfs folder to leave the disk out of it.
func BenchmarkBuild(b *testing.B) {
	corpus := os.Getenv("EVALPRESS_BENCH_CORPUS")
	if corpus == "" {
		b.Skip("set EVALPRESS_BENCH_CORPUS to a corpus folder")
	}
	out := os.Getenv("EVALPRESS_BENCH_OUT")
	if out == "" {
		out = b.TempDir()
	}
	cfg, err := filepath.Abs("../bench/config.toml")
	if err != nil {
		b.Fatal(err)
	}
	opts := Options{Config: cfg, Inputs: corpus}
	i := 0
	cpu := startCPU(b)
	for b.Loop() {
		i++
		opts.Out = filepath.Join(out, "site", string(rune('a'+i%26)))
		os.RemoveAll(opts.Out)
		if _, err := Build(context.Background(), opts, io.Discard); err != nil {
			b.Fatal(err)
		}
	}
	cpu.report()
}
