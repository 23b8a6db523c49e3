package config

import (
	"path"
	"slices"
	"sort"
	"strings"

	"github.com/evalpress/evalpress/internal/diag"
	"github.com/evalpress/evalpress/reports/criteria"
)

// Fixture is an adversarial fixture of the judge protocol ([[fixture]]): a
// public text engineered to trip a criterion, and the verdicts a usable
// judge must return on it.
type Fixture struct {
	ID    string `toml:"id"` // T1, T2, ...
	Title string `toml:"title"`
	// File is the fixture's markdown text, relative to the content folder.
	File string `toml:"file"`
	// Expect maps a judged criterion to its expected verdict: "pass" or
	// "fail".
	Expect map[string]string `toml:"expect"`
	Line   int               `toml:"-"`
}

// Expected verdicts of a fixture.
const (
	ExpectPass = "pass"
	ExpectFail = "fail"
)

// ExpectedCriteria returns the criteria f expects a verdict on, sorted.
func (f Fixture) ExpectedCriteria() []string {
	out := make([]string, 0, len(f.Expect))
	for c := range f.Expect {
		out = append(out, c)
	}
	sort.Strings(out)
	return out
}

// validateFixtures checks the [[fixture]] entries.
func (c *Config) validateFixtures() error {
	seen := map[string]int{}
	for _, f := range c.Fixtures {
		switch {
		case strings.TrimSpace(f.ID) == "":
			return diag.Errorf(c.File, f.Line, "fixture has no id").WithHint(`give it an id such as id = "T1"`)
		case seen[f.ID] > 0:
			return diag.Errorf(c.File, f.Line, "fixture %q is defined twice (first at line %d)", f.ID, seen[f.ID])
		case strings.TrimSpace(f.File) == "":
			return diag.Errorf(c.File, f.Line, "fixture %q has no file", f.ID).
				WithHint("file is the fixture's markdown text, relative to content_dir")
		case path.IsAbs(f.File) || strings.HasPrefix(path.Clean(f.File), "../") || path.Clean(f.File) == "..":
			return diag.Errorf(c.File, f.Line, "fixture %q: file %q must stay inside content_dir", f.ID, f.File)
		case len(f.Expect) == 0:
			return diag.Errorf(c.File, f.Line, "fixture %q expects nothing", f.ID).
				WithHint(`list the verdicts a judge must return, for example expect = { C1 = "pass", C2 = "fail" }`)
		}
		seen[f.ID] = max(f.Line, 1)
		for _, crit := range f.ExpectedCriteria() {
			if !slices.Contains(criteria.JudgedIDs, criteria.ID(crit)) {
				return diag.Errorf(c.File, f.Line, "fixture %q expects a verdict on %q; a judge returns %s", f.ID, crit, judgedList())
			}
			if v := f.Expect[crit]; v != ExpectPass && v != ExpectFail {
				return diag.Errorf(c.File, f.Line, "fixture %q: expected %s verdict %q, want %q or %q", f.ID, crit, v, ExpectPass, ExpectFail)
			}
		}
	}
	return nil
}

// judgedList names the judged criteria: "C1, C2, C4, C6".
func judgedList() string {
	ids := make([]string, len(criteria.JudgedIDs))
	for i, id := range criteria.JudgedIDs {
		ids[i] = string(id)
	}
	return strings.Join(ids, ", ")
}

// lineAt returns lines[i], or 0 past its end.
func lineAt(lines []int, i int) int {
	if i < len(lines) {
		return lines[i]
	}
	return 0
}
