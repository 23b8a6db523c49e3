package leakscan

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/evalpress/evalpress/matcher/matchertest"
)

// BenchmarkScanFile scans the pages of a built site (EVALPRESS_BENCH_SITE,
// for example the bench site) against planted terms.
func BenchmarkScanFile(b *testing.B) {
	s, pages, paths := benchPages(b)
	for b.Loop() {
		for i, p := range pages {
			if leaks := s.ScanFile(paths[i], p); len(leaks) > 0 {
				b.Fatal(leaks)
			}
		}
	}
}

// benchPages returns a scanner of planted terms and passages, and up to
// 300 cell pages of EVALPRESS_BENCH_SITE with their paths.
func benchPages(b *testing.B) (*Scanner, [][]byte, []string) {
	dir := os.Getenv("EVALPRESS_BENCH_SITE")
	if dir == "" {
		b.Skip("set EVALPRESS_BENCH_SITE to a built site")
	}
	names, _ := filepath.Glob(filepath.Join(dir, "cells", "*.html"))
	var pages [][]byte
	var paths []string
	size := 0
	for _, n := range names[:min(len(names), 300)] {
		data, err := os.ReadFile(n)
		if err != nil {
			b.Fatal(err)
		}
		pages = append(pages, data)
		paths = append(paths, "cells/"+filepath.Base(n)) // read as HTML, by its name
		size += len(data)
	}
	s := testScanner(matchertest.Terms, randomPrivateText)
	b.SetBytes(int64(size))
	return s, pages, paths
}

const randomPrivateText = "the harbour chief had promised a quiet week of sun and the boats stayed in"
