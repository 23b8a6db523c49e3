package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestCalibrationPerSectionType: the demo's N comes from a pilot of
// CHECKPOINT and STORY BEAT sections and is applied to the Act sections.
// Declaring the sections' types makes the build say so, naming them, and
// publish each type's calibration; a type's own N judges its sections.
func TestCalibrationPerSectionType(t *testing.T) {
	t.Parallel()
	dir := copyDemo(t)
	types := `
[judged.section_types]
"ACT 1" = "act"
"ACT 2" = "act"
"ACT 3" = "act"
"ACT 4" = "act"
"ACT 5" = "act"
"CHECKPOINT" = "beat"
"STORY BEAT" = "beat"

[judged.types.act]
c1_min_present = 10
c2_max_undeveloped = 0.3333
`
	f, err := os.OpenFile(filepath.Join(dir, "config.toml"), os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.WriteString(types); err != nil {
		t.Fatal(err)
	}
	f.Close()
	out := filepath.Join(dir, "out")
	code, stderr := buildSite(t, dir, "--out", out)
	if code != 0 {
		t.Fatalf("exit %d:\n%s", code, stderr)
	}
	want := `C1's N = 10 is applied to the ACT 1, ACT 2, ACT 3, ACT 4, ACT 5 sections (type "act"), and the pilot labelled no section of that type (it labelled CHECKPOINT (type "beat"), STORY BEAT (type "beat")): a pilot of one type does not calibrate another`
	if !strings.Contains(stderr, want) {
		t.Errorf("stderr\n%s\nsays nothing of the pilot's type; want\n%s", stderr, want)
	}
	var r struct {
		Agreement struct {
			ByType []struct {
				Type     string
				Sections []string
				Piloted  []string `json:"piloted_sections"`
				N        int
			} `json:"calibration_by_type"`
		} `json:"agreement"`
		Judged struct {
			Types []struct {
				Type     string
				Sections []string
				N        int `json:"c1_min_present"`
				Rates    []struct {
					Judge, Criterion string
					Pass, Fail       int
				}
			}
		}
	}
	data, err := os.ReadFile(filepath.Join(out, "data", "results.json"))
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(data, &r); err != nil {
		t.Fatal(err)
	}
	by := r.Agreement.ByType
	if len(by) != 1 || by[0].Type != "act" || len(by[0].Sections) != 5 || len(by[0].Piloted) != 0 || by[0].N != 10 {
		t.Errorf("calibration by type %+v; want the act type, 5 sections, none piloted, N 10", by)
	}
	jt := r.Judged.Types
	if len(jt) != 1 || jt[0].Type != "act" || len(jt[0].Sections) != 5 || jt[0].N != 10 || len(jt[0].Rates) == 0 {
		t.Fatalf("judged types %+v; want the act type with its 5 sections, N 10 and the judges' calls", jt)
	}
	calls := 0
	for _, rt := range jt[0].Rates {
		calls += rt.Pass + rt.Fail
	}
	if calls == 0 {
		t.Errorf("no call counted on the act sections: %+v", jt[0].Rates)
	}
}
