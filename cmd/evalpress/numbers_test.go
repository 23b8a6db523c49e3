package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestResultsJSONRoundsAsThePagesShow: in the demo's results.json, every
// derived figure (a share, kappa, a lift, a spread) has no more decimals
// than the page that shows it, so that 0.050000000000000044 is never
// published for the "+5 points" a page says. The measured overlap stays
// exact (the reference's number) and the configured shares as written.
func TestResultsJSONRoundsAsThePagesShow(t *testing.T) {
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
	if checked < 20 {
		t.Errorf("only %d derived figures checked", checked)
	}
}
