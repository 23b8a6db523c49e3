package c5report_test

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/evalpress/evalpress/internal/textcheck"
	"github.com/evalpress/evalpress/reports/c5report"
	"github.com/evalpress/evalpress/reports/criteria"
	"github.com/evalpress/evalpress/reports/inputs"
	"github.com/evalpress/evalpress/reports/measure"
)

var update = flag.Bool("update", false, "rewrite the golden files of evalpress's own formats (json, csv); never the reference's")

// report measures the inputs folder dir with the thresholds in its args.txt.
func report(t *testing.T, dir string) c5report.Report {
	t.Helper()
	th := criteria.DefaultC5
	if args, err := os.ReadFile(filepath.Join(dir, "args.txt")); err == nil {
		f := strings.Fields(string(args))
		for i := 0; i+1 < len(f); i += 2 {
			var err error
			switch f[i] {
			case "--max-run":
				th.MaxRun, err = strconv.Atoi(f[i+1])
			case "--max-overlap":
				th.MaxOverlap, err = strconv.ParseFloat(f[i+1], 64)
			case "--ngram":
				th.NGram, err = strconv.Atoi(f[i+1])
			}
			if err != nil {
				t.Fatalf("%s/args.txt: %v", dir, err)
			}
		}
	}
	folder, err := inputs.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	res, err := measure.Run(context.Background(), folder, th.NGram)
	if err != nil {
		t.Fatal(err)
	}
	return c5report.Report{Result: res, Thresholds: th, Phrases: len(folder.Phrases)}
}

// TestTextMatchesReference checks the text format against the reference
// script's own output, kept in testdata/reference/*/expected.txt. Those files
// come from the reference, not from evalpress; tools/difffuzz writes and
// regenerates them.
func TestTextMatchesReference(t *testing.T) {
	dirs, err := filepath.Glob("testdata/reference/*")
	if err != nil {
		t.Fatal(err)
	}
	if len(dirs) < 100 {
		t.Fatalf("found %d reference cases, want the kept corpus of at least 100", len(dirs))
	}
	var ran, identical atomic.Int64
	t.Run("cases", func(t *testing.T) {
		for _, dir := range dirs {
			t.Run(filepath.Base(dir), func(t *testing.T) {
				t.Parallel()
				ran.Add(1)
				want, err := os.ReadFile(filepath.Join(dir, "expected.txt"))
				if err != nil {
					t.Fatal(err)
				}
				var got bytes.Buffer
				if err := c5report.Text(&got, report(t, dir)); err != nil {
					t.Fatal(err)
				}
				if got.String() != string(want) {
					t.Errorf("text output differs from the reference's\n%s", textcheck.FirstDifference(string(want), got.String()))
					return
				}
				identical.Add(1)
			})
		}
	})
	if int(ran.Load()) < len(dirs) {
		t.Logf("%d of %d cases run (-run): evidence.json not checked", ran.Load(), len(dirs))
		return
	}
	checkEvidence(t, dirs, int(identical.Load()))
}

// checkEvidence holds evidence.json, which sites publish, to what the
// comparison found: -update rewrites it, when every case was identical.
func checkEvidence(t *testing.T, dirs []string, identical int) {
	t.Helper()
	e := evidenceOf(t, dirs, identical)
	if *update && identical == len(dirs) {
		data, _ := json.MarshalIndent(e, "", "  ")
		if err := os.WriteFile("evidence.json", append(data, '\n'), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	recorded, err := c5report.RecordedEvidence()
	if err != nil {
		t.Fatal(err)
	}
	if recorded != e {
		t.Errorf("evidence.json says %+v, the comparison found %+v; when every case is identical, run go test ./reports/c5report -run TestTextMatchesReference -update", recorded, e)
	}
}

// evidenceOf describes the corpus in dirs and how many of its cases were
// identical.
func evidenceOf(t *testing.T, dirs []string, identical int) c5report.Evidence {
	t.Helper()
	h := sha256.New()
	thresholds := map[string]bool{}
	for _, dir := range dirs {
		entries, err := os.ReadDir(dir)
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range entries {
			data, err := os.ReadFile(filepath.Join(dir, e.Name()))
			if err != nil {
				t.Fatal(err)
			}
			fmt.Fprintf(h, "%s/%s %d\n", filepath.Base(dir), e.Name(), len(data))
			h.Write(data)
			if e.Name() == "args.txt" {
				thresholds[strings.TrimSpace(string(data))] = true
			}
		}
	}
	return c5report.Evidence{Corpus: "reports/c5report/testdata/reference", Cases: len(dirs), Identical: identical, Thresholds: len(thresholds),
		CorpusSHA256: hex.EncodeToString(h.Sum(nil)), Test: "go test ./reports/c5report -run TestTextMatchesReference"}
}

// TestFormatsGolden checks the json and csv formats against golden files,
// and the text format against the reference's output for the same folder.
// -update rewrites the first two only: expected.txt came from the
// reference script, and evalpress's output must not replace it.
func TestFormatsGolden(t *testing.T) {
	dir := "testdata/formats"
	r := report(t, dir)
	for _, tc := range []struct {
		format, golden string
		fromReference  bool
	}{
		{"json", "expected.json", false},
		{"csv", "expected.csv", false},
		{"text", "expected.txt", true},
	} {
		t.Run(tc.format, func(t *testing.T) {
			var got bytes.Buffer
			if err := c5report.Formats[tc.format](&got, r); err != nil {
				t.Fatal(err)
			}
			path := filepath.Join(dir, tc.golden)
			if *update && !tc.fromReference {
				if err := os.WriteFile(path, got.Bytes(), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatalf("%v (run go test -update to create it)", err)
			}
			if !bytes.Equal(got.Bytes(), want) {
				t.Errorf("%s output differs from %s\n%s", tc.format, path, textcheck.FirstDifference(string(want), got.String()))
			}
		})
	}
}
