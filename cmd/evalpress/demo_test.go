package main

import (
	"encoding/json"
	"fmt"
	"html"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/evalpress/evalpress/internal/commitment"
)

// copyDemo copies the demo artifact (config, content, private inputs) of
// the repository into a temporary folder, so that builds write nothing
// into the repository. A key a build of the checkout made is left behind:
// the copy gets a key of its own, as a checkout that has built once has.
func copyDemo(t testing.TB) string {
	t.Helper()
	dir := t.TempDir()
	root := filepath.Join("..", "..")
	for _, name := range []string{"config.toml", "content", filepath.Join("demo", "private")} {
		copyTree(t, filepath.Join(root, name), filepath.Join(dir, name))
	}
	if _, _, err := commitment.Load(filepath.Join(dir, "demo", "private")); err != nil {
		t.Fatal(err)
	}
	return dir
}

// copyTree copies the file or folder src to dst, leaving out a
// commitment key.
func copyTree(t testing.TB, src, dst string) {
	t.Helper()
	err := filepath.WalkDir(src, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || d.Name() == commitment.KeyFile {
			return err
		}
		rel, _ := filepath.Rel(src, path)
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		target := filepath.Join(dst, rel)
		if err := os.MkdirAll(filepath.Dir(target), 0o755); err != nil {
			return err
		}
		return os.WriteFile(target, data, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
}

var (
	tags   = regexp.MustCompile(`(?s)<script.*?</script>|<[^>]+>`)
	spaces = regexp.MustCompile(`\s+`)
)

// pageText returns the visible text of a built page, whitespace collapsed.
func pageText(t *testing.T, path string) string {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return spaces.ReplaceAllString(html.UnescapeString(tags.ReplaceAllString(string(data), " ")), " ")
}

// demoResults is what the checks read of results.json.
type demoResults struct {
	Cells []struct {
		Model, Section string
		Verdict        string
		Rules          []string
	}
	Summary []struct {
		Model string
		Fails int
	}
	Hypotheses []struct {
		ID                string
		VerdictRegistered string `json:"verdict_registered"`
	}
}

// The demo is rebuilt at thresholds far from the registered ones. Every
// build either fails naming the claims that no longer hold, or writes
// pages whose every conditional sentence is the one the data implies, and
// whose rubric still states the registered thresholds.
func TestDemoStaysTrueAtEveryThreshold(t *testing.T) {
	t.Parallel()
	dir := copyDemo(t)
	for _, run := range []int{2, 12, 20, 40} {
		for _, overlap := range []string{"0.05", "0.10", "0.13"} {
			name := fmt.Sprintf("max_run=%d,max_overlap=%s", run, overlap)
			t.Run(name, func(t *testing.T) {
				out := filepath.Join(dir, "out-"+strings.ReplaceAll(name, ",", "-"))
				code, stderr := buildSite(t, dir, "--out", out, "--set", fmt.Sprintf("c5.max_run=%d", run), "--set", "c5.max_overlap="+overlap)
				changed := run != 12 || overlap != "0.10"
				if code != 0 {
					claims := 0
					for _, line := range strings.Split(strings.TrimSpace(stderr), "\n") {
						switch {
						case strings.Contains(line, "claim does not hold"):
							claims++
						case strings.Contains(line, "warning:"):
						default:
							t.Errorf("the build failed other than on a claim: %s", line)
						}
					}
					if claims == 0 {
						t.Errorf("the build failed naming no claim:\n%s", stderr)
					}
					return
				}
				if warned := strings.Contains(stderr, "warning: thresholds differ from the registered ones"); warned != changed {
					t.Errorf("threshold warning printed: %v, thresholds changed: %v\n%s", warned, changed, stderr)
				}
				checkDemo(t, out, changed)
			})
		}
	}
}

func checkDemo(t *testing.T, out string, changed bool) {
	data, err := os.ReadFile(filepath.Join(out, "data", "results.json"))
	if err != nil {
		t.Fatal(err)
	}
	var r demoResults
	if err := json.Unmarshal(data, &r); err != nil {
		t.Fatal(err)
	}
	fails, cells, hookFails, hooks := 0, 0, 0, 0
	var ctaRules []string
	for _, c := range r.Cells {
		if c.Verdict == "NO EXAMPLE" {
			continue
		}
		cells++
		if c.Verdict == "FAIL" {
			fails++
		}
		if c.Section == "HOOK" {
			hooks++
			if c.Verdict == "FAIL" {
				hookFails++
			}
		}
		if c.Model == "Model 2" && c.Section == "CTA" {
			ctaRules = c.Rules
		}
	}
	writerFails := map[string]int{}
	for _, s := range r.Summary {
		writerFails[s.Model] = s.Fails
	}
	index := pageText(t, filepath.Join(out, "index.html"))
	findings := pageText(t, filepath.Join(out, "00-findings.html"))
	rubric := pageText(t, filepath.Join(out, "01-rubric.html"))
	results := pageText(t, filepath.Join(out, "results.html"))
	cell := pageText(t, filepath.Join(out, "cells", "model-2--cta.html"))
	method := pageText(t, filepath.Join(out, "method.html"))
	download, err := os.ReadFile(filepath.Join(out, "docs", "index.md"))
	if err != nil {
		t.Fatal(err)
	}

	type sentence struct {
		page, text string
		want       bool
	}
	m1, m2, m3 := writerFails["Model 1"], writerFails["Model 2"], writerFails["Model 3"]
	checks := []sentence{
		{index, fmt.Sprintf("%d of %d sections fail C5", fails, cells), true},
		{index, "fail C5 at the registered thresholds", !changed},
		{index, "at this build's thresholds, which differ from the registered ones", changed},
		{findings, "The C5 thresholds are the ones the rubric registered", !changed},
		{findings, "so every verdict below is a what-if", changed},
		{index, "Every hook passes", hookFails == 0},
		{findings, "Every hook passes once", hookFails == 0},
		{index, fmt.Sprintf("%d of %d hooks fail", hookFails, hooks), hookFails > 0},
		{findings, fmt.Sprintf("%d of %d hooks fail at these thresholds", hookFails, hooks), hookFails > 0},
		{findings, "so it fails on overlap alone", slices.Equal(ctaRules, []string{"overlap"})},
		{findings, "call to action passes at these thresholds", len(ctaRules) == 0},
		{findings, "call to action fails on its longest run alone", slices.Equal(ctaRules, []string{"run"})},
		{findings, "call to action fails on both rules", len(ctaRules) == 2},
		{findings, "fails more sections than either other writer", m2 > m1 && m2 > m3},
		{findings, "fails fewer sections than either other writer", m2 < m1 && m2 < m3},
		{findings, "No writer stands apart", !(m2 > m1 && m2 > m3) && !(m2 < m1 && m2 < m3)},
		{findings, fmt.Sprintf("Model 2 fails %d sections, Model 1 %d and Model 3 %d", m2, m1, m3), !(m2 > m1 && m2 > m3) && !(m2 < m1 && m2 < m3)},
		{findings, fmt.Sprintf("%d, against %d for Model 1 and %d for Model 3", m2, m1, m3), m2 > m1 && m2 > m3 || m2 < m1 && m2 < m3},
		// The rubric states the registered thresholds, whatever the build's.
		{rubric, "The section fails when the run is longer than 12 words or the share is above 10%", true},
		{rubric, "This build applies others as a what-if", changed},
		// Every page that shows verdicts notes changed thresholds; others do not.
		{results, "Verdicts here use", changed},
		{cell, "Verdicts here use", changed},
		{index, "Verdicts here use", changed},
		{method, "Verdicts here use", false},
		{string(download), fmt.Sprintf("%d of %d sections fail C5", fails, cells), true},
		{string(download), "{{", false},
	}
	for _, h := range r.Hypotheses {
		if h.ID == "H1" {
			checks = append(checks, sentence{index, "H1 is " + h.VerdictRegistered + " at its registered thresholds", true})
		}
	}
	for _, c := range checks {
		if got := strings.Contains(spaces.ReplaceAllString(c.page, " "), c.text); got != c.want {
			t.Errorf("%q on the page: %v, want %v", c.text, got, c.want)
		}
	}
}
