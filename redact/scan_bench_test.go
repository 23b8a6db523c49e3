package redact

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
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

// BenchmarkScanCertified scans the cell pages of a built site as a build
// that records them for reuse does (ScanCertified), and BenchmarkScanReused
// as a threshold-only rebuild that reuses their bodies does (ScanReused).
func BenchmarkScanCertified(b *testing.B) {
	s, pages, paths := benchPages(b)
	headers := benchHeaders(b, pages)
	for b.Loop() {
		for i, p := range pages {
			if leaks, window := s.ScanCertified(paths[i], p, headers[i]); len(leaks) > 0 || window < 0 {
				b.Fatal(paths[i], leaks, window)
			}
		}
	}
}

func BenchmarkScanReused(b *testing.B) {
	s, pages, paths := benchPages(b)
	headers := benchHeaders(b, pages)
	windows := make([]int, len(pages))
	for i, p := range pages {
		_, windows[i] = s.ScanCertified(paths[i], p, headers[i])
	}
	for b.Loop() {
		for i, p := range pages {
			if leaks := s.ScanReused(paths[i], p, headers[i], windows[i]); len(leaks) > 0 {
				b.Fatal(paths[i], leaks)
			}
		}
	}
}

// benchHeaders returns each cell page's header length, as the site splits
// its cell pages: up to the note on masking that opens a public page's
// body, or to the run help that opens an internal page's.
func benchHeaders(b *testing.B, pages [][]byte) []int {
	var headers []int
	for _, p := range pages {
		k := bytes.Index(p, []byte(`<p class="note">`))
		if k < 0 {
			k = bytes.Index(p, []byte(`<div class="run-help"`))
		}
		if k < 0 {
			b.Fatal("a cell page without the note or run help that opens its body")
		}
		headers = append(headers, k)
	}
	return headers
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
	s := testScanner(testTerms, randomPrivateText)
	b.SetBytes(int64(size))
	return s, pages, paths
}

const randomPrivateText = "the harbour chief had promised a quiet week of sun and the boats stayed in"

func BenchmarkReadApart(b *testing.B) {
	_, pages, _ := benchPages(b)
	headers := benchHeaders(b, pages)
	for b.Loop() {
		for i, p := range pages {
			if !readApart(p[:headers[i]], p[headers[i]:]) {
				b.Fatal("a cell page not read apart")
			}
		}
	}
}
