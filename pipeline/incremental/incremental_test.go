package incremental

import (
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/evalpress/evalpress/config"
	"github.com/evalpress/evalpress/redact"
	"github.com/evalpress/evalpress/reports/inputs"
	"github.com/evalpress/evalpress/reports/measure"
	"github.com/evalpress/evalpress/site"
)

// TestOpenReusesOnlyWhatFits: the previous build's pages are reused only
// when they were made from the same key and the same cached measurement,
// for as many cells; anything else reuses nothing, and Forget drops them.
func TestOpenReusesOnlyWhatFits(t *testing.T) {
	folder := &inputs.Folder{Digests: map[string]string{"sections.md": "aa", "examples.md": "bb"}}
	cfg := config.Default()
	m := &measure.Result{NGram: 8, Cells: make([]measure.Cell, 2), Digest: "m1"}
	dir := t.TempDir()
	stored := &entry{Key: key(folder, &cfg), Measurement: "m1", Runs: make([]redact.CellRuns, 2),
		Pages: map[string]page{"cells/a.html": {Body: []byte("<div>a</div>"), Certified: true}}}
	if err := store(dir, testSeal, stored); err != nil {
		t.Fatal(err)
	}
	otherCfg := config.Default()
	otherCfg.Runs.MinWords++
	unnamed := config.Default()
	// Past validation, a setting the key cannot hold.
	unnamed.Judged.Registered = &config.JudgedThresholds{C2MaxUndeveloped: math.NaN()}
	otherMeasurement := *m
	otherMeasurement.Digest = "m2"
	moreCells := *m
	moreCells.Cells = make([]measure.Cell, 3)
	for _, tc := range []struct {
		name   string
		on     bool
		cfg    *config.Config
		m      *measure.Result
		cached bool
		want   bool
	}{
		{"the same", true, &cfg, m, true, true},
		{"off", false, &cfg, m, true, false},
		{"measured anew", true, &cfg, m, false, false},
		{"another setting", true, &otherCfg, m, true, false},
		{"a setting the key cannot hold", true, &unnamed, m, true, false},
		{"another measurement", true, &cfg, &otherMeasurement, true, false},
		{"more cells", true, &cfg, &moreCells, true, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			b := Start(dir, testSeal, tc.on)
			defer b.Close()
			if got := b.Open(folder, tc.cfg, tc.m, tc.cached); got != tc.want || b.Reusing() != tc.want {
				t.Fatalf("Open = %v, Reusing = %v; want %v", got, b.Reusing(), tc.want)
			}
			if bodies := b.Bodies(); tc.want != (string(bodies["cells/a.html"]) == "<div>a</div>") || tc.want != (len(b.Runs()) == 2) {
				t.Fatalf("bodies %q, %d runs", bodies, len(b.Runs()))
			}
			b.Forget()
			if b.Reusing() || b.Bodies() != nil || b.Runs() != nil {
				t.Fatal("Forget kept the pages")
			}
		})
	}
}

// TestScanCertifiesCellPages: a cell page scanned whole is certified when
// its body may be reused, and a reused page whose body was certified is
// certified again; a file that is no cell page never is, and a leak is
// found in any of them.
func TestScanCertifiesCellPages(t *testing.T) {
	s, err := redact.NewScanner(&inputs.Folder{Redact: []inputs.Term{{Text: "Quayside Orbit 7", File: "redact.txt", Line: 1}}}, false, nil)
	if err != nil {
		t.Fatal(err)
	}
	header := "<h1>Model 1, ACT 1</h1>\n"
	body := `<div class="run-help">` + strings.Repeat("<p>words of a body that is long enough for a window</p>\n", 40) + "</div>"
	prev := &entry{Pages: map[string]page{
		"cells/kept.html":   {Body: []byte(body), Certified: true},
		"cells/unsure.html": {Body: []byte(body)},
	}}
	b := &Build{prev: prev}
	for _, tc := range []struct {
		name      string
		file      site.File
		certified bool
		leaks     bool
	}{
		{"a new cell page", site.File{Path: "cells/new.html", Data: []byte(header + body), Header: len(header)}, true, false},
		{"a reused certified page", site.File{Path: "cells/kept.html", Data: []byte(header + body), Header: len(header), Reused: true}, true, false},
		{"a reused page not certified", site.File{Path: "cells/unsure.html", Data: []byte(header + body), Header: len(header), Reused: true}, true, false},
		{"a cell page with a short body", site.File{Path: "cells/short.html", Data: []byte(header + "<p>short</p>"), Header: len(header)}, false, false},
		{"a leaking cell page", site.File{Path: "cells/leak.html", Data: []byte(header + body + "Quayside Orbit 7"), Header: len(header)}, false, true},
		{"a leak in a reused header", site.File{Path: "cells/kept.html", Data: []byte("<h1>Quayside Orbit 7</h1>\n" + body), Header: len("<h1>Quayside Orbit 7</h1>\n"), Reused: true}, true, true},
		{"another file", site.File{Path: "index.html", Data: []byte(header + body)}, false, false},
		// Given apart (site.File.Tail): the header, and the body as the
		// previous build left it.
		{"a reused certified page apart", site.File{Path: "cells/kept.html", Data: []byte(header), Tail: []byte(body), Header: len(header), Reused: true}, true, false},
		{"a leak in a reused header apart", site.File{Path: "cells/kept.html", Data: []byte("<h1>Quayside Orbit 7</h1>\n"), Tail: []byte(body), Header: len("<h1>Quayside Orbit 7</h1>\n"), Reused: true}, true, true},
		{"a leak across a reused header and body apart", site.File{Path: "cells/kept.html", Data: []byte("<h1>Model 1 Quayside</h1>\n"), Tail: []byte("<p>Orbit 7</p>" + body), Header: len("<h1>Model 1 Quayside</h1>\n"), Reused: true}, true, true},
		{"a reused page not certified apart", site.File{Path: "cells/unsure.html", Data: []byte(header), Tail: []byte(body), Header: len(header), Reused: true}, true, false},
		{"a leak in a body not certified apart", site.File{Path: "cells/unsure.html", Data: []byte(header), Tail: []byte(body + "Quayside Orbit 7"), Header: len(header), Reused: true}, false, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			b.certified.Delete(tc.file.Path)
			leaks := b.Scan(s, tc.file)
			if (len(leaks) > 0) != tc.leaks {
				t.Errorf("leaks %v, want leaks: %v", leaks, tc.leaks)
			}
			window, ok := b.certified.Load(tc.file.Path)
			if ok != tc.certified {
				t.Errorf("certified %v, want %v", ok, tc.certified)
			}
			// A page certified now records its body's window for the next
			// build: one that ends before a tag of the body.
			page := append(slices.Clone(tc.file.Data), tc.file.Tail...)
			if ok && !tc.file.Reused && (window.(int) <= 0 || page[tc.file.Header+window.(int)] != '<') {
				t.Errorf("window %v of a certified page", window)
			}
		})
	}
}

// TestScanReadsAFileGivenApartWhole: a reused cell page given apart whose
// header is not all of Data (site.File.Header != len(Data)) is scanned
// whole, not as the header followed by a body the previous build
// certified: the certified body's window, taken for a body that starts
// Data[Header:] bytes earlier, ends before words a term of the header's
// last word reaches.
func TestScanReadsAFileGivenApartWhole(t *testing.T) {
	s, err := redact.NewScanner(&inputs.Folder{Redact: []inputs.Term{{Text: "Quayside Orbit 7", File: "redact.txt", Line: 1}}}, false, nil)
	if err != nil {
		t.Fatal(err)
	}
	const header = "<h1>Model 1, ACT 1</h1>\n"
	wordless := strings.Repeat(`<i class="m"></i>`, 20)
	body := "<div>" + wordless + "Orbit 7 " + strings.Repeat("<p>words of a body that is long enough for a window</p>\n", 40) + "</div>"
	b := &Build{prev: &entry{Pages: map[string]page{}}}
	if leaks := b.Scan(s, site.File{Path: "cells/kept.html", Data: []byte(header + body), Header: len(header)}); len(leaks) > 0 {
		t.Fatalf("the body leaks by itself: %v", leaks)
	}
	window, ok := b.certified.Load("cells/kept.html")
	if !ok {
		t.Fatal("the body was not certified")
	}
	b.prev.Pages["cells/kept.html"] = page{Body: []byte(body), Certified: true, Window: window.(int)}
	tail := strings.Index(body, "Orbit 7")
	for _, tc := range []struct {
		name string
		file site.File
	}{
		// The header, more markup, and then the body: the window recorded for
		// the body, counted from the markup, ends before a tag of the
		// wordless run, before "Orbit 7".
		{"markup between the header and the body", site.File{Path: "cells/kept.html",
			Data: []byte("<h1>Model 1 Quayside</h1>\n" + "<b>" + strings.Repeat(" ", window.(int)-tail+17-7) + "</b>"), Header: len("<h1>Model 1 Quayside</h1>\n"),
			Tail: []byte(body), Reused: true}},
		{"the body's start in Data", site.File{Path: "cells/kept.html",
			Data: []byte("<h1>Model 1 Quayside</h1>\n" + body[:tail]), Header: len("<h1>Model 1 Quayside</h1>\n"),
			Tail: []byte(body[tail:]), Reused: true}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			whole := s.ScanOutput(tc.file.Path, append(slices.Clone(tc.file.Data), tc.file.Tail...))
			if len(whole) == 0 {
				t.Fatal("the page does not leak in a whole scan")
			}
			if leaks := b.Scan(s, tc.file); len(leaks) == 0 {
				t.Errorf("no leak found; a whole scan finds %v", whole)
			}
		})
	}
}
