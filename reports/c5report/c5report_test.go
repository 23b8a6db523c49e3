package c5report_test

import (
	"bytes"
	"context"
	"flag"
	"os"
	"path/filepath"
	"strconv"
	"strings"
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
	for _, dir := range dirs {
		t.Run(filepath.Base(dir), func(t *testing.T) {
			t.Parallel()
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
			}
		})
	}
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
