package incremental

import (
	"math"
	"os"
	"path/filepath"
	"testing"

	"github.com/evalpress/evalpress/config"
	"github.com/evalpress/evalpress/redact"
	"github.com/evalpress/evalpress/reports/inputs"
	"github.com/evalpress/evalpress/reports/measure"
	"github.com/evalpress/evalpress/site"
)

// TestSettledVerdictsAreKeptForTheSameKey: a file that passed settled is
// not scanned again by the next build of the same key when its path and
// bytes are the same, and is scanned by any other build: another key (an
// input or setting changed), another byte, another path, or a damaged
// cache. A file that did not pass settled is never taken.
func TestSettledVerdictsAreKeptForTheSameKey(t *testing.T) {
	folder := &inputs.Folder{Digests: map[string]string{"sections.md": "aa"}, Redact: []inputs.Term{{Text: "Quayside Orbit 7", File: "redact.txt", Line: 1}}}
	scanner, err := redact.NewScanner(folder, false, nil)
	if err != nil {
		t.Fatal(err)
	}
	cfg := config.Default()
	m := &measure.Result{NGram: 8, Digest: "m1"}
	clean := site.File{Path: "assets/site.js", Data: []byte("const note = 'a clean script';")}
	dir := t.TempDir()

	first := Start(dir, testSeal, true)
	first.Open(folder, &cfg, m, true)
	if leaks := first.Scan(scanner, clean); len(leaks) > 0 {
		t.Fatal(leaks)
	}
	// A leaking file's digest, as a build of other inputs might have
	// settled it: taken from the cache, it shows the scan was skipped.
	leaking := site.File{Path: "index.html", Data: []byte("<p>Quayside Orbit 7</p>")}
	first.settled.now[digestOf(leaking.Path, leaking.Data)] = true
	if err := first.Store(nil, &site.Output{}); err != nil {
		t.Fatal(err)
	}
	first.Close()

	otherCfg := config.Default()
	otherCfg.Runs.MinWords++
	otherFolder := &inputs.Folder{Digests: map[string]string{"sections.md": "ab"}, Redact: folder.Redact}
	for _, tc := range []struct {
		name    string
		folder  *inputs.Folder
		cfg     *config.Config
		file    site.File
		damaged bool
		skipped bool
	}{
		{"the same key, path and bytes", folder, &cfg, leaking, false, true},
		{"another byte", folder, &cfg, site.File{Path: leaking.Path, Data: append([]byte(" "), leaking.Data...)}, false, false},
		{"another path", folder, &cfg, site.File{Path: "other.html", Data: leaking.Data}, false, false},
		{"another setting", folder, &otherCfg, leaking, false, false},
		{"another input", otherFolder, &cfg, leaking, false, false},
		{"a damaged cache", folder, &cfg, leaking, true, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if tc.damaged {
				files, _ := filepath.Glob(filepath.Join(dir, settledKind+"-*.bin"))
				if len(files) != 1 {
					t.Fatalf("settled files %v", files)
				}
				data, _ := os.ReadFile(files[0])
				data[len(data)-1] ^= 1
				os.WriteFile(files[0], data, 0o600)
			}
			b := Start(dir, testSeal, true)
			defer b.Close()
			b.Open(tc.folder, tc.cfg, m, true)
			if skipped := len(b.Scan(scanner, tc.file)) == 0; skipped != tc.skipped {
				t.Fatalf("scan skipped %v, want %v", skipped, tc.skipped)
			}
			if leaks := b.Scan(scanner, clean); len(leaks) > 0 {
				t.Fatal(leaks)
			}
		})
	}
}

// TestUnsettledPassIsNotKept: a file that passed only by a permit is
// scanned again by the next build, whose permits may differ.
func TestUnsettledPassIsNotKept(t *testing.T) {
	passage := "the harbour chief had promised a quiet week of sun and the boats stayed in"
	folder := &inputs.Folder{Digests: map[string]string{"sections.md": "aa"}}
	folder.AddPrivateTexts(passage)
	scanner, err := redact.NewScanner(folder, true, nil)
	if err != nil {
		t.Fatal(err)
	}
	scanner.Permit(passage)
	cfg := config.Default()
	m := &measure.Result{NGram: 8, Digest: "m1"}
	page := site.File{Path: "results.html", Data: []byte("<p><q>" + passage + "</q></p>")}
	b := Start(t.TempDir(), testSeal, true)
	defer b.Close()
	b.Open(folder, &cfg, m, true)
	if leaks := b.Scan(scanner, page); len(leaks) > 0 {
		t.Fatal(leaks)
	}
	if len(b.settled.now) != 0 {
		t.Fatalf("a permitted passage's page was settled")
	}
	if leaks := redactWithoutPermits(t, folder).ScanOutput(page.Path, page.Data); len(leaks) == 0 {
		t.Fatal("the page passes without the permit: the test shows nothing")
	}
}

func redactWithoutPermits(t *testing.T, folder *inputs.Folder) *redact.Scanner {
	s, err := redact.NewScanner(folder, true, nil)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// TestDigestSeparatesPathAndBytes: no two different files share a digest
// because a path's end and a content's start can be cut in two places: a
// file whose path ends in a NUL byte, or whose bytes start with one, must
// not take another's settled verdict.
func TestDigestSeparatesPathAndBytes(t *testing.T) {
	for _, tc := range []struct {
		name         string
		pathA, dataA string
		pathB, dataB string
	}{
		{"a NUL moved across the cut", "a", "\x00b", "a\x00", "b"},
		{"a path's end moved into the bytes", "index.html", "\x00<p>x</p>", "index.html\x00", "<p>x</p>"},
		{"an empty path", "", "a\x00b", "a", "b"},
		{"empty bytes", "a\x00b", "", "a", "b"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if digestOf(tc.pathA, []byte(tc.dataA)) == digestOf(tc.pathB, []byte(tc.dataB)) {
				t.Fatalf("(%q, %q) and (%q, %q) share a digest", tc.pathA, tc.dataA, tc.pathB, tc.dataB)
			}
		})
	}
}

// TestUnnamedSettingsStoreNothing: a build whose settings the key cannot
// hold (a NaN past validation) stores and takes no verdict and no page,
// so that two such builds of different settings share nothing.
func TestUnnamedSettingsStoreNothing(t *testing.T) {
	folder := &inputs.Folder{Digests: map[string]string{"sections.md": "aa"}}
	scanner, err := redact.NewScanner(folder, false, nil)
	if err != nil {
		t.Fatal(err)
	}
	cfg := config.Default()
	cfg.Judged.Registered = &config.JudgedThresholds{C2MaxUndeveloped: math.NaN()}
	dir := t.TempDir()
	b := Start(dir, testSeal, true)
	b.Open(folder, &cfg, &measure.Result{NGram: 8, Digest: "m1"}, true)
	if leaks := b.Scan(scanner, site.File{Path: "index.html", Data: []byte("<p>clean</p>")}); len(leaks) > 0 {
		t.Fatal(leaks)
	}
	if err := b.Store(nil, &site.Output{}); err != nil {
		t.Fatal(err)
	}
	b.Close()
	if files, _ := filepath.Glob(filepath.Join(dir, "*.bin")); len(files) > 0 {
		t.Fatalf("stored %v", files)
	}
}
