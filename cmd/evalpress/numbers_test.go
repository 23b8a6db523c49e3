package main

import (
	"encoding/csv"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// TestResultsJSONRoundsAsThePagesShow: in the demo's results.json, every
// derived figure (a share, kappa, a lift, a spread) has no more decimals
// than the page that shows it, so that 0.050000000000000044 is never
// published for the "+5 points" a page says, and a count of words (G1's
// bounds among them: "39 to 51 words", never 38.25) is whole. The measured
// overlap stays exact (the reference's number) and the configured shares
// as written. results.csv writes the same figures as the pages: whole
// word bounds, and the overlap by the one rule for percentages (0, never
// 0.0).
func TestResultsJSONRoundsAsThePagesShow(t *testing.T) {
	t.Parallel()
	dir := copyDemo(t)
	if code, _, stderr := runCLI(t, "build", "--config", filepath.Join(dir, "config.toml")); code != 0 {
		t.Fatal(stderr)
	}
	data, err := os.ReadFile(filepath.Join(dir, "public", "data", "results.json"))
	if err != nil {
		t.Fatal(err)
	}
	dec := json.NewDecoder(strings.NewReader(string(data)))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		t.Fatal(err)
	}
	exact := map[string]bool{"overlap": true}
	// Counts of words, G1's limits among them, are whole.
	wordCounts := map[string]bool{"words": true, "min": true, "max": true, "target": true}
	counts := 0
	// Probabilities keep four decimals: a page shows a small one to its
	// first significant digit.
	probability := map[string]bool{"p": true, "section_p": true, "writer_p": true}
	checked := 0
	var walk func(key string, v any)
	walk = func(key string, v any) {
		switch x := v.(type) {
		case map[string]any:
			for k, e := range x {
				walk(k, e)
			}
		case []any:
			for _, e := range x {
				walk(key, e)
			}
		case json.Number:
			s := x.String()
			_, frac, ok := strings.Cut(s, ".")
			if wordCounts[key] {
				counts++
				if ok || strings.ContainsAny(s, "eE") {
					t.Errorf("results.json %q = %s: a count of words is whole, as the pages show it", key, s)
				}
				return
			}
			if !ok || exact[key] || strings.Contains(key, "max_") || strings.Contains(key, "tolerance") {
				return
			}
			if _, err := strconv.ParseFloat(s, 64); err != nil {
				t.Errorf("%s: %s is not a number", key, s)
			}
			most := 3
			if probability[key] {
				most = 4
			}
			checked++
			if len(frac) > most {
				t.Errorf("results.json %q = %s: more decimals than a page shows", key, s)
			}
		}
	}
	walk("", v)
	if checked < 20 || counts < 100 {
		t.Errorf("only %d derived figures and %d word counts checked", checked, counts)
	}

	f, err := os.Open(filepath.Join(dir, "public", "data", "results.csv"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rows, err := csv.NewReader(f).ReadAll()
	if err != nil || len(rows) < 2 {
		t.Fatalf("results.csv: %v, %d rows", err, len(rows))
	}
	column := map[string]int{}
	for i, name := range rows[0] {
		column[name] = i
	}
	whole := regexp.MustCompile(`^\d+$`)
	onePercent := regexp.MustCompile(`^\d+(\.\d*[1-9])?$`) // 0, 5.4, 10.04; never 0.0 or 50.0
	for _, row := range rows[1:] {
		for _, name := range []string{"words", "g1_words", "g1_target", "g1_min", "g1_max"} {
			if v := row[column[name]]; v != "" && !whole.MatchString(v) {
				t.Errorf("results.csv %s = %s for %s %s: a count of words is whole", name, v, row[0], row[1])
			}
		}
		if v := row[column["overlap_percent"]]; v != "" && !onePercent.MatchString(v) {
			t.Errorf("results.csv overlap_percent = %s for %s %s: not as the pages write it", v, row[0], row[1])
		}
	}
}

// TestOneRuleForPercentages: on every page of the demo, a percentage has
// one decimal or none (never "0.0%" beside "0%"), except a threshold
// quoted as configured (33.33%).
func TestOneRuleForPercentages(t *testing.T) {
	t.Parallel()
	dir := copyDemo(t)
	if code, _, stderr := runCLI(t, "build", "--config", filepath.Join(dir, "config.toml")); code != 0 {
		t.Fatal(stderr)
	}
	settings := map[string]bool{"33.33%": true}
	pct := regexp.MustCompile(`\d+(?:\.\d+)?%`)
	seen := 0
	err := filepath.WalkDir(filepath.Join(dir, "public"), func(path string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".html") {
			return err
		}
		for _, p := range pct.FindAllString(pageText(t, path), -1) {
			seen++
			whole, frac, _ := strings.Cut(strings.TrimSuffix(p, "%"), ".")
			if strings.HasSuffix(frac, "0") || len(frac) > 1 && !settings[p] && whole != "0" { // a small probability may need more
				rel, _ := filepath.Rel(dir, path)
				t.Errorf("%s: %s breaks the one rule for percentages (%s)", rel, p, whole)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if seen < 100 {
		t.Errorf("only %d percentages seen", seen)
	}
}

// TestReaderTextNamesNoConfigKey: outside code, no page of the demo names
// a config key ("[judged.registered]") where it means what the key holds,
// and the footer states the thresholds as the checks do, with ≤ (never
// the ASCII "> ... fails").
func TestReaderTextNamesNoConfigKey(t *testing.T) {
	t.Parallel()
	dir := copyDemo(t)
	if code, _, stderr := runCLI(t, "build", "--config", filepath.Join(dir, "config.toml")); code != 0 {
		t.Fatal(stderr)
	}
	code := regexp.MustCompile(`(?s)<pre.*?</pre>|<code>.*?</code>`)
	key := regexp.MustCompile(`\[(c5|g1|judged|runs|publish|inputs)(\.[a-z_]+)*\]`)
	footers := 0
	err := filepath.WalkDir(filepath.Join(dir, "public"), func(path string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".html") {
			return err
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		text := code.ReplaceAllString(string(data), "")
		rel, _ := filepath.Rel(dir, path)
		for _, k := range key.FindAllString(text, -1) {
			t.Errorf("%s names the config key %s", rel, k)
		}
		if strings.Contains(text, "overlap &gt;") || strings.Contains(text, "fails a section") {
			t.Errorf("%s states the thresholds with >", rel)
		}
		if strings.Contains(text, "C5: a section passes with a longest run ≤ 12 words and an 8-gram overlap ≤ 10%.") {
			footers++
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if footers < 10 {
		t.Errorf("only %d pages state the thresholds in the footer", footers)
	}
}
