package main

import (
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// g1Config adds the length gate to the basic site's config: INTRO and END
// have targets, MIDDLE has none, CODA names no section. H3 predicts on G1.
func g1Config(t *testing.T) (config string, codaLine int) {
	base := readConfig(t)
	config = base + `
[g1]
tolerance = 0.15
[g1.targets]
"INTRO" = 20
"END" = 10
"CODA" = 5
[[hypothesis]]
id = "H3"
registered = 2026-07-03
statement = "Model 3 keeps to the lengths best."
[hypothesis.prediction]
kind = "fewest_fails"
model = "Model 3"
criterion = "G1"
`
	for i, line := range strings.Split(config, "\n") {
		if strings.HasPrefix(line, `"CODA"`) {
			codaLine = i + 1
		}
	}
	return config, codaLine
}

// TestBuildLengthGate: G1 is reported on its own (its column, its summary
// line, its CSV columns, its outcome per cell) and changes nothing of C5:
// the C5 summary, verdicts and hypotheses are those of a build without it.
// END has no example here, and still counts its words.
func TestBuildLengthGate(t *testing.T) {
	t.Parallel()
	examples := "## INTRO\nThe harbour lights came on one by one while the fishing boats returned with empty nets and tired crews after the long cold day.\n" +
		"## MIDDLE\nNobody expected the storm, least of all the harbour master who had predicted calm seas for a week.\n"
	without := newSite(t, map[string]string{"private/examples.md": examples})
	if code, stderr := buildSite(t, without); code != 0 {
		t.Fatal(stderr)
	}
	config, codaLine := g1Config(t)
	with := newSite(t, map[string]string{"private/examples.md": examples, "config.toml": config})
	code, stderr := buildSite(t, with)
	if code != 0 {
		t.Fatal(stderr)
	}
	if want := fmt.Sprintf("config.toml:%d: warning: [g1.targets]: this key names no section of sections.md", codaLine); !strings.Contains(stderr, want) {
		t.Errorf("no warning %q in %s", want, stderr)
	}

	before, after := results(t, filepath.Join(without, "public")), results(t, filepath.Join(with, "public"))
	c5Summary := func(r map[string]any) (out []string) {
		for _, s := range r["summary"].([]any) {
			w := s.(map[string]any)
			out = append(out, fmt.Sprint(w["model"], w["fails"], w["sections"], field(w, "criteria", "C5")))
		}
		return out
	}
	if !reflect.DeepEqual(c5Summary(before), c5Summary(after)) {
		t.Errorf("G1 changed the C5 summary: %v -> %v", c5Summary(before), c5Summary(after))
	}
	g1 := map[string]string{}
	for i, c := range after["cells"].([]any) {
		cell := c.(map[string]any)
		old := before["cells"].([]any)[i].(map[string]any)
		if cell["verdict"] != old["verdict"] || !reflect.DeepEqual(cell["rules"], old["rules"]) {
			t.Errorf("G1 changed a C5 verdict: %v", cell)
		}
		if cell["words"].(float64) <= 0 {
			t.Errorf("%s / %s counts %v words", cell["model"], cell["section"], cell["words"])
		}
		o := cell["criteria"].(map[string]any)["G1"].(map[string]any)
		g1[cell["model"].(string)+" "+cell["section"].(string)] = fmt.Sprintf("%v %v %v", o["verdict"], o["rules"], o["values"].(map[string]any)["words"])
	}
	// Words as written, the mandated phrase included: Model 3's END has 13
	// (8.5 to 11.5 passes), Model 2's 8; INTRO 19 and 24 against 17 to 23.
	want := map[string]string{
		"Model 3 INTRO": "pass [] 19", "Model 3 MIDDLE": "unscored [] 18", "Model 3 END": "FAIL [long] 13",
		"Model 2 INTRO": "FAIL [long] 24", "Model 2 MIDDLE": "unscored [] 19", "Model 2 END": "FAIL [short] 8",
	}
	if !reflect.DeepEqual(g1, want) {
		t.Errorf("G1 outcomes\n got %v\nwant %v", g1, want)
	}
	for i, h := range after["hypotheses"].([]any) {
		h := h.(map[string]any)
		if i < 2 && h["verdict"] != before["hypotheses"].([]any)[i].(map[string]any)["verdict"] {
			t.Errorf("G1 changed the verdict of C5's %v", h["id"])
		}
		if h["id"] == "H3" && (h["verdict"] != "supported" || !strings.Contains(h["reason"].(string), "G1 FAIL counts: Model 2 2 of 2, Model 3 1 of 2")) {
			t.Errorf("H3: %v (%v)", h["verdict"], h["reason"])
		}
	}

	page, _ := os.ReadFile(filepath.Join(with, "public", "results.html"))
	for _, s := range []string{
		"<strong>G1 FAILs per writer:</strong> Model 2 2 FAIL of 2, Model 3 1 FAIL of 2. 2 cells are not scored (no target).",
		`data-sort="number">Length (G1)</button>`,
		`<td data-value="24" data-verdict="FAIL"><span class="badge badge-fail">FAIL</span> 24 words as written, target 20 (17 to 23 words)</td>`,
		`<td data-value="18" data-verdict="NO TARGET"><span class="badge badge-no target">NO TARGET</span> 18 words as written</td>`,
	} {
		if !strings.Contains(string(page), s) {
			t.Errorf("results page lacks %s", s)
		}
	}
	csv, _ := os.ReadFile(filepath.Join(with, "public", "data", "results.csv"))
	lines := strings.Split(string(csv), "\n")
	if !strings.HasSuffix(lines[0], ",g1_verdict,g1_failed_rules,g1_words,g1_target,g1_min,g1_max") {
		t.Errorf("CSV header %s", lines[0])
	}
	if !strings.Contains(string(csv), ",NO EXAMPLE,,,FAIL,short,8,10,9,11\n") {
		t.Errorf("CSV has no G1 columns for Model 2's END:\n%s", csv)
	}
	cell, _ := os.ReadFile(filepath.Join(with, "public", "cells", "model-2--intro.html"))
	if !strings.Contains(string(cell), `<li class="fail">length (G1) 24 words as written, target 20 (17 to 23 words): FAIL</li>`) {
		t.Errorf("cell page has no G1 line")
	}
}

// TestLengthGateChanges: a tolerance change flips G1 verdicts, which the
// change list shows beside C5's, naming the gate and the rule.
func TestLengthGateChanges(t *testing.T) {
	t.Parallel()
	config, _ := g1Config(t)
	dir := newSite(t, map[string]string{"config.toml": config})
	if code, stderr := buildSite(t, dir); code != 0 {
		t.Fatal(stderr)
	}
	if code, stderr := buildSite(t, dir, "--set", "g1.tolerance=0.5"); code != 0 {
		t.Fatal(stderr)
	}
	var got []string
	for _, c := range results(t, filepath.Join(dir, "public"))["changes"].([]any) {
		c := c.(map[string]any)
		got = append(got, fmt.Sprintf("%v %v %v->%v %v", c["model"], c["section"], c["before"], c["after"], c["rules"]))
	}
	// At 50%, INTRO's 24 words pass 10 to 30; END's 8 and 13 pass 5 to 15.
	want := []string{"Model 2 INTRO FAIL->pass [G1 long]", "Model 2 END FAIL->pass [G1 short]", "Model 3 END FAIL->pass [G1 long]"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("changes\n got %q\nwant %q", got, want)
	}
	page, _ := os.ReadFile(filepath.Join(dir, "public", "changes.html"))
	if !strings.Contains(string(page), "<td>G1 short</td>") {
		t.Errorf("the changes page does not name the gate's rule")
	}
}

func TestLengthGateBadInput(t *testing.T) {
	t.Parallel()
	base := readConfig(t)
	lines := strings.Count(base, "\n")
	for _, tc := range []struct {
		name, add, want string
	}{
		{"negative tolerance", "\n[g1]\ntolerance = -0.1\n", fmt.Sprintf("config.toml:%d: [g1] tolerance -0.1 is outside 0..1", lines+3)},
		{"negative target", "\n[g1.targets]\n\"INTRO\" = -5\n", fmt.Sprintf(`config.toml:%d: [g1.targets] "INTRO" = -5 is negative`, lines+3)},
		{"non-numeric target", "\n[g1.targets]\n\"INTRO\" = \"long\"\n", fmt.Sprintf(`config.toml:%d:`, lines+3)},
		{"non-numeric tolerance", "\n[g1]\ntolerance = \"wide\"\n", fmt.Sprintf(`config.toml:%d:`, lines+3)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := newSite(t, map[string]string{"config.toml": base + tc.add})
			code, stderr := buildSite(t, dir)
			if code != 1 || !strings.Contains(stderr, tc.want) {
				t.Errorf("exit %d, stderr %q, want 1 and %q", code, stderr, tc.want)
			}
			if strings.Contains(tc.name, "non-numeric") && !strings.Contains(stderr, "g1.") {
				t.Errorf("the error does not name the key: %q", stderr)
			}
		})
	}
}
