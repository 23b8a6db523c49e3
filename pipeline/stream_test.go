package pipeline

import (
	"context"
	"crypto/sha256"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/evalpress/evalpress/internal/cachefile"
	"github.com/evalpress/evalpress/internal/testtree"
	"github.com/evalpress/evalpress/redact"
	"github.com/evalpress/evalpress/reports/inputs"
	"github.com/evalpress/evalpress/site"
)

// TestLargeSiteIsWrittenAsItIsMade builds the same artifact keeping its
// cell pages and, as a site with more cell pages than maxKeptCellPages,
// without: the sites are the same, and the second makes no page cache.
func TestLargeSiteIsWrittenAsItIsMade(t *testing.T) {
	archive, err := os.ReadFile("../cmd/evalpress/testdata/basic.txtar")
	if err != nil {
		t.Fatal(err)
	}
	// Each builds twice: the second at another run limit, against the
	// first's results as its baseline (cached by results.json's digest).
	build := func(keep int) (map[string]string, bool, map[string]string, []site.Change) {
		t.Helper()
		defer func(was int) { maxKeptCellPages = was }(maxKeptCellPages)
		maxKeptCellPages = keep
		dir := testtree.Write(t, t.TempDir(), string(archive), nil)
		o := Options{Config: filepath.Join(dir, "config.toml")}
		if _, err := Build(context.Background(), o, io.Discard); err != nil {
			t.Fatal(err)
		}
		cached, _ := filepath.Glob(filepath.Join(dir, CacheDir, "pages-*"))
		first := testtree.Read(t, filepath.Join(dir, "public"))
		// The baseline is cached under the digest of the results.json
		// written.
		if _, err := os.Stat(cachefile.Path(filepath.Join(dir, CacheDir), baselineKind, sumKey(sha256Of(first["data/results.json"])))); err != nil {
			t.Errorf("keeping %d cell pages: the baseline is not cached under results.json's digest: %v", keep, err)
		}
		o.Sets = []string{"c5.max_run=2"}
		r, err := Build(context.Background(), o, io.Discard)
		if err != nil {
			t.Fatal(err)
		}
		return first, len(cached) > 0, testtree.Read(t, filepath.Join(dir, "public")), r.Changes
	}
	kept, cachedKept, keptAgain, keptChanges := build(1000)
	dropped, cachedDropped, droppedAgain, droppedChanges := build(1)
	if !reflect.DeepEqual(kept, dropped) {
		t.Errorf("the site written as it is made differs from the one kept in memory")
	}
	if len(keptChanges) == 0 || !reflect.DeepEqual(keptChanges, droppedChanges) || !reflect.DeepEqual(keptAgain, droppedAgain) {
		t.Errorf("against its baseline, the site written as it is made differs from the one kept in memory (changes %v and %v)", droppedChanges, keptChanges)
	}
	if !cachedKept || cachedDropped {
		t.Errorf("page cache made: %v keeping the pages, %v dropping them; want true, false", cachedKept, cachedDropped)
	}
}

// TestStreamedFileIsScannedAsAWhole scans files with a private term and a
// private passage at every position around the cuts between pieces: the
// scan in pieces finds what the scan of the whole file finds, at the same
// lines, and reads the file's name.
func TestStreamedFileIsScannedAsAWhole(t *testing.T) {
	defer func(piece, overlap int) { streamPiece, streamOverlap = piece, overlap }(streamPiece, streamOverlap)
	streamPiece, streamOverlap = 300, 120
	folder, err := inputs.Open(filepath.Join("..", "demo", "private"))
	if err != nil {
		t.Fatal(err)
	}
	s, err := redact.NewScanner(folder, true, nil)
	if err != nil {
		t.Fatal(err)
	}
	term := redact.PrivateTerms(folder)[0].Text
	text, err := folder.SectionText(folder.Sections[0])
	if err != nil {
		t.Fatal(err)
	}
	passage := strings.Join(strings.Fields(text)[:redact.PassageWords+2], "\n")
	// In lines, or in one line longer than four pieces, which is cut
	// inside (where a leak's column counts from the piece's start).
	for _, eol := range []string{"\n", " "} {
		for _, name := range []string{"results.html", "data/results.json", "data/results.csv"} {
			for at := 0; at < 700; at += 7 {
				var b strings.Builder
				for i := 0; b.Len() < 1500; i++ {
					if b.Len() >= at && !strings.Contains(b.String(), term) {
						fmt.Fprintf(&b, "<p>%s</p> and then%s%s%s", term, eol, passage, eol)
					}
					fmt.Fprintf(&b, "<td>row %d</td>%s", i, eol)
				}
				data := []byte(b.String())
				want := s.ScanOutput(name, data)
				if len(want) < 2 {
					t.Fatalf("the whole file's scan finds %v; want the term and the passage", want)
				}
				got, err := scanStream(s, site.File{Path: name, Stream: func(w io.Writer) error {
					for rest := data; len(rest) > 0; rest = rest[min(len(rest), 61):] {
						w.Write(rest[:min(len(rest), 61)])
					}
					return nil
				}})
				if err != nil {
					t.Fatal(err)
				}
				// A piece that starts inside the passage finds its rest as a
				// passage too: more leaks, never fewer.
				key := func(l redact.Leak) string {
					if eol == " " {
						l.Column = 0
					}
					return l.String()
				}
				found, whole := map[string]bool{}, map[string]bool{}
				for _, l := range want {
					whole[key(l)] = true
				}
				for _, l := range got {
					found[key(l)] = true
					if !strings.Contains(l.What, "passage") && !whole[key(l)] {
						t.Errorf("%s, term at %d: in pieces %v, not found in the whole file", name, at, l)
					}
				}
				for _, l := range want {
					if !found[key(l)] {
						t.Fatalf("%s, term at %d: in pieces %v\nwhole %v", name, at, got, want)
					}
				}
			}
		}
	}
	leakyName := "cells/" + term + ".html"
	got, err := scanStream(s, site.File{Path: leakyName, Stream: func(w io.Writer) error { _, err := io.WriteString(w, "nothing"); return err }})
	if err != nil || len(got) != 1 || got[0].Line != 0 {
		t.Fatalf("a streamed file's name: %v, %v; want a leak in the name", got, err)
	}
}

// TestBaselineCacheRoundTrip stores the baseline of a built site's
// results, its head and then each cell, and reads it back as it was.
func TestBaselineCacheRoundTrip(t *testing.T) {
	archive, err := os.ReadFile("../cmd/evalpress/testdata/basic.txtar")
	if err != nil {
		t.Fatal(err)
	}
	dir := testtree.Write(t, t.TempDir(), string(archive), nil)
	if _, err := Build(context.Background(), Options{Config: filepath.Join(dir, "config.toml")}, io.Discard); err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(filepath.Join(dir, "public", "data", "results.json"))
	if err != nil {
		t.Fatal(err)
	}
	r, err := site.ParseBaseline(data)
	if err != nil {
		t.Fatal(err)
	}
	cache, seal := t.TempDir(), []byte("seal")
	if err := storeBaseline(cache, seal, &site.Output{Results: *r, Files: map[string][]byte{"data/results.json": data}}); err != nil {
		t.Fatal(err)
	}
	got, ok := cachedBaseline(cache, seal, sha256.Sum256(data))
	if !ok || len(got.Cells) == 0 {
		t.Fatalf("the stored baseline does not read back (%v)", ok)
	}
	// As the baseline is, an empty list or map kept apart from a nil one.
	want := r.Baseline()
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("read back %+v\nstored    %+v", got, want)
	}
}

// sha256Of returns the SHA-256 of text.
func sha256Of(text string) []byte {
	sum := sha256.Sum256([]byte(text))
	return sum[:]
}
