package config

import (
	"github.com/evalpress/evalpress/reports/criteria"
	"path/filepath"
	"strings"
	"testing"
)

const judgedBase = base + `[judged]
sections = ["ACT 1", "ACT 2"]
c1_min_present = 10
c2_max_undeveloped = 0.25
[judged.registered]
c1_min_present = 9
c2_max_undeveloped = 0.3333
`

func TestJudgedLoad(t *testing.T) {
	cfg, err := load(write(t, judgedBase), []string{"judged.c1_min_present=8"})
	if err != nil {
		t.Fatal(err)
	}
	j, s := cfg.Judged, cfg.Criteria
	if strings.Join(j.Sections, "|") != "ACT 1|ACT 2" || s.C1().MinPresent != 8 || s.C2().MaxUndeveloped != 0.25 {
		t.Errorf("[judged] = %+v %+v %+v", j, s.C1(), s.C2())
	}
	if r := s.C1().Registered; r == nil || r.MinPresent != 9 || s.C2().Registered.MaxUndeveloped != 0.3333 {
		t.Errorf("registered = %+v; --set must not move it", r)
	}
	if d := strings.Join(RegisteredDrift(cfg), "; "); d != "c1_min_present 8 (registered 9); c2_max_undeveloped 25% (registered 33.33%)" {
		t.Errorf("drift %q", d)
	}
	def, err := load(write(t, base), nil)
	if err != nil {
		t.Fatal(err)
	}
	if d := def.Criteria; d.C1().MinPresent != 0 || d.C2().MaxUndeveloped != 0.3333 || d.C1().Registered != nil {
		t.Errorf("defaults %+v %+v", d.C1(), d.C2())
	}
}

func TestJudgedErrors(t *testing.T) {
	tests := []struct {
		name, text string
		sets       []string
		want       string
	}{
		{"unknown key", base + "[judged]\nc1_min = 3\n", nil, `:12: unknown key "judged.c1_min"`},
		{"negative N", base + "[judged]\nc1_min_present = -1\n", nil, "[judged] c1_min_present -1 is negative"},
		{"share over 1", base + "[judged]\nc2_max_undeveloped = 1.5\n", nil, "[judged] c2_max_undeveloped 1.5 is outside 0..1"},
		{"registered share", base + "[judged.registered]\nc1_min_present = 0\nc2_max_undeveloped = -0.1\n", nil, "[judged.registered] c2_max_undeveloped -0.1 is outside"},
		// A registered block names each of its keys: a key left out was
		// never registered, and is no registered 0.
		{"registered without N", strings.Replace(judgedBase, "[judged.registered]\nc1_min_present = 9\n", "[judged.registered]\n", 1), nil,
			"config.toml:15: [judged.registered] has no c1_min_present"},
		{"registered without C2's line", strings.Replace(judgedBase, "c2_max_undeveloped = 0.3333\n", "", 1), nil,
			"config.toml:15: [judged.registered] has no c2_max_undeveloped"},
		{"inline registered without N", strings.Replace(judgedBase, "[judged.registered]\nc1_min_present = 9\nc2_max_undeveloped = 0.3333\n", "registered = { c2_max_undeveloped = 0.3333 }\n", 1), nil,
			"[judged.registered] has no c1_min_present"},
		{"repeated section", base + "[judged]\nsections = [\"A\", \"A\"]\n", nil, `[judged] sections names "A" twice`},
		{"set registered", base, []string{"judged.registered.c1_min_present=3"}, "unknown key"},
		{"criterion without judge", strings.Replace(base, `model = "Model 1"`, "model = \"Model 1\"\ncriterion = \"C2\"", 1), nil,
			`hypothesis "H1": criterion C2 needs judge`},
		{"judge without criterion", strings.Replace(base, `model = "Model 1"`, "model = \"Model 1\"\njudge = \"primary\"", 1), nil,
			`hypothesis "H1": judge "primary" needs a criterion`},
		{"a judge for C5", strings.Replace(base, `model = "Model 1"`, "model = \"Model 1\"\ncriterion = \"C5\"\njudge = \"primary\"", 1), nil,
			`hypothesis "H1": criterion "C5" is not a judged criterion, so it takes no judge`},
		{"unknown criterion", strings.Replace(base, `model = "Model 1"`, "model = \"Model 1\"\ncriterion = \"C3\"", 1), nil,
			`hypothesis "H1": criterion "C3" is not one of the criteria (` + criteriaIDs(criteria.Default()) + ")"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := load(write(t, tc.text), tc.sets)
			if err == nil || !strings.Contains(filepath.ToSlash(err.Error()), tc.want) {
				t.Fatalf("error %v, want it to contain %q", err, tc.want)
			}
		})
	}
}

// criteriaIDs lists the IDs of crit's criteria as messages do, so that a
// criterion added to the evaluation's breaks no test.
func criteriaIDs(crit criteria.Set) string {
	var ids []string
	for _, c := range crit.All() {
		ids = append(ids, string(c.ID))
	}
	return strings.Join(ids, ", ")
}
