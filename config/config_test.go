package config

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/evalpress/evalpress/reports/criteria"
)

func write(t *testing.T, content string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "config.toml")
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

const base = `title = "T"
[c5]
max_run = 12
[[hypothesis]]
id = "H1"
registered = 2026-07-01
statement = "s"
[hypothesis.prediction]
kind = "fewest_fails"
model = "Model 1"
`

func TestSetOverrides(t *testing.T) {
	tests := []struct {
		set   string
		check func(*Config) bool
		err   string
	}{
		{"c5.max_run=20", func(c *Config) bool { return c.Criteria.C5().MaxRun == 20 && c.FileCriteria.C5().MaxRun == 12 }, ""},
		{"c5.max_overlap=0.25", func(c *Config) bool { return c.Criteria.C5().MaxOverlap == 0.25 }, ""},
		{"c5.max_overlap=15%", func(c *Config) bool { return c.Criteria.C5().MaxOverlap == 0.15 }, ""},
		{"g1.tolerance=0.2", func(c *Config) bool { return c.Criteria.G1().Tolerance == 0.2 }, ""},
		{"judged.c1_min_present=7", func(c *Config) bool { return c.Criteria.C1().MinPresent == 7 }, ""},
		{"judged.prompt=p.txt", func(c *Config) bool { return c.Judged.Prompt == "p.txt" }, ""},
		{"publish.audience=internal", func(c *Config) bool { return c.Publish.Audience == Internal }, ""},
		{"publish.excerpts=false", func(c *Config) bool { return !c.Publish.Excerpts }, ""},
		{`title="A new title"`, func(c *Config) bool { return c.Title == "A new title" }, ""},
		{"c5.maxrun=3", nil, "--set c5.maxrun: unknown key"},
		{"c5.max_run=twelve", nil, "want a whole number"},
		{"publish.excerpts=maybe", nil, "want true or false"},
		{"c5.ngram=0", nil, "n-gram size 0 is less than 1"},
		{"novalue", nil, "want key=value"},
	}
	path := write(t, base)
	for _, tc := range tests {
		cfg, err := load(path, []string{tc.set})
		if tc.err != "" {
			if err == nil || !strings.Contains(err.Error(), tc.err) {
				t.Errorf("--set %s: error %v, want %q", tc.set, err, tc.err)
			}
			if _, ok := err.(*SetError); !ok {
				t.Errorf("--set %s: %T is not a usage error", tc.set, err)
			}
			continue
		}
		if err != nil || !tc.check(cfg) {
			t.Errorf("--set %s: %v %+v", tc.set, err, cfg)
		}
	}
}

func TestLoadErrors(t *testing.T) {
	tests := []struct{ content, want string }{
		{base + "\n[publish]\nouts = 1\n", `:13: unknown key "publish.outs"`},
		{"title = \"x\"\n[c5]\nmax_run = \"12\"\n", "config.toml:3: c5.max_run: the value is text (in quotes); want a whole number"},
		{"[g1.targets]\n\"ACT 1\" = \"many\"\n", `config.toml:2: g1.targets."ACT 1": the value is text (in quotes); want a whole number`},
		{"[g1.targets]\n\"ACT 1\" = 300.5\n", `config.toml:2: g1.targets."ACT 1": the value is a number with a fraction; want a whole number`},
		{"title = \"x\"\n[c5]\nmaxrun = 3\n", `config.toml:3: unknown key "c5.maxrun"`},
		{"[judged]\nsections = [\"A\"]\nc3_min = 1\n", `config.toml:3: unknown key "judged.c3_min"`},
		{"[judged.registered]\nc1_min_present = 1\nsections = []\n", `config.toml:3: unknown key "judged.registered.sections"`},
		{"[no_such_table]\nmax_words = 3\n", `config.toml:1: unknown key "no_such_table"`},
		{"titel = \"x\"\n", `config.toml:1: unknown key "titel"`},
		{"title = [\n", ":1:"},
		{strings.Replace(base, `kind = "fewest_fails"`, `kind = "best"`, 1), `config.toml:9: hypothesis "H1": unknown prediction kind "best"`},
		{strings.Replace(base, `kind = "fewest_fails"`, `kind = ""`, 1), `config.toml:9: hypothesis "H1": unknown prediction kind ""`},
		{strings.Replace(base, `kind = "fewest_fails"`+"\n", "", 1), `config.toml:4: hypothesis "H1": unknown prediction kind ""`},
		{base + "[[hypothesis]]\nid = \"H2\"\nregistered = 2026-07-01\nstatement = \"s\"\n[hypothesis.prediction]\nkind = \"most\"\n", `config.toml:16: hypothesis "H2": unknown prediction kind "most"`},
		{strings.Replace(base, "id = \"H1\"\n", "", 1), ":4: hypothesis has no id"},
		{base + base[strings.Index(base, "[[hypothesis]]"):], `hypothesis "H1" is defined twice (first at line 4)`},
		// An out-of-range value names its line.
		{"title = \"x\"\n[c5]\nmax_run = -3\n", `config.toml:3: [c5] max run -3 is negative`},
		{"title = \"x\"\n[c5]\nmax_run = 3\nmax_overlap = 1.5\n", `config.toml:4: [c5] max overlap 1.5 is outside 0..1`},
		{"title = \"x\"\n\n[c5]\nngram = 0\n", `config.toml:4: [c5] n-gram size 0`},
		{"[c5.registered]\nmax_run = 12\nmax_overlap = 0.1\nngram = -1\n", `config.toml:4: [c5.registered] n-gram size -1`},
		{"[runs]\nmin_words = -1\n", `config.toml:2: [runs] min_words -1 is negative`},
		{"[publish]\naudience = \"everyone\"\n", `config.toml:2: [publish] audience "everyone"`},
		{"[judged]\nc2_max_undeveloped = 2.0\n", `config.toml:2: [judged] c2_max_undeveloped 2 is outside 0..1`},
		{"[judged]\nc1_min_present = -1\n", `config.toml:2: [judged] c1_min_present -1 is negative`},
		{"[judged]\nsections = [\"A\", \"A\"]\n", `config.toml:2: [judged] sections names "A" twice`},
	}
	for _, tc := range tests {
		_, err := load(write(t, tc.content), nil)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("error %v, want %q", err, tc.want)
		}
	}
	if _, err := load(filepath.Join(t.TempDir(), "none.toml"), nil); err == nil || !strings.Contains(err.Error(), "config file does not exist") {
		t.Errorf("missing file: %v", err)
	}
}

func TestHypothesisDigestChangesWithAnyField(t *testing.T) {
	cfg, err := load(write(t, base), nil)
	if err != nil {
		t.Fatal(err)
	}
	h := cfg.Hypotheses[0]
	d := h.Digest()
	if len(d) != 64 || d != h.Digest() {
		t.Fatalf("digest %q not stable", d)
	}
	edited := h
	edited.Statement += "."
	other := h
	other.Prediction.Model = "Model 2"
	if edited.Digest() == d || other.Digest() == d {
		t.Error("editing a registered hypothesis keeps its digest")
	}
}

// The registered thresholds are read from [c5.registered], validated, and
// never changed by --set.
func TestRegisteredThresholds(t *testing.T) {
	path := write(t, strings.Replace(base, "[c5]\nmax_run = 12\n", "[c5]\nmax_run = 12\n[c5.registered]\nmax_run = 12\nmax_overlap = 0.1\nngram = 8\n", 1))
	cfg, err := load(path, []string{"c5.max_run=20"})
	if err != nil {
		t.Fatal(err)
	}
	if r := cfg.Criteria.C5().Registered; r == nil || *r != (criteria.C5Thresholds{MaxRun: 12, MaxOverlap: 0.1, NGram: 8}) || cfg.Criteria.C5().MaxRun != 20 {
		t.Fatalf("registered %+v, c5 %+v", r, cfg.Criteria.C5())
	}
	if got := strings.Join(RegisteredDrift(cfg), "; "); got != "max_run 20 (registered 12)" {
		t.Errorf("drift %q", got)
	}
	if _, err := load(path, []string{"c5.registered.max_run=20"}); err == nil || !strings.Contains(err.Error(), "unknown key") {
		t.Errorf("--set reached the registered thresholds: %v", err)
	}
	g1 := write(t, base+"[g1]\ntolerance = 0.2\n[g1.registered]\ntolerance = 0.15\n")
	cfg, err = load(g1, []string{"g1.tolerance=0.3"})
	if g := cfg.Criteria.G1(); err != nil || g.Registered == nil || g.Registered.Tolerance != 0.15 || g.Tolerance != 0.3 {
		t.Errorf("[g1.registered]: %+v %v", g, err)
	}
	if _, err := load(g1, []string{"g1.registered.tolerance=0.3"}); err == nil || !strings.Contains(err.Error(), "unknown key") {
		t.Errorf("--set reached the registered G1 tolerance: %v", err)
	}
	bad := write(t, strings.Replace(base, "[c5]\nmax_run = 12\n", "[c5]\nmax_run = 12\n[c5.registered]\nmax_run = 12\nmax_overlap = 0.1\n", 1))
	if _, err := load(bad, nil); err == nil || !strings.HasSuffix(err.Error(), "config.toml:4: [c5.registered] has no ngram") {
		t.Errorf("incomplete [c5.registered]: %v", err)
	}
	for _, key := range []string{"max_runs", "registered"} {
		unknown := write(t, strings.Replace(base, "[c5]\nmax_run = 12\n", "[c5]\nmax_run = 12\n[c5.registered]\n"+key+" = 12\n", 1))
		if _, err := load(unknown, nil); err == nil || !strings.Contains(err.Error(), `unknown key "c5.registered.`+key) {
			t.Errorf("unknown key in [c5.registered]: %v", err)
		}
	}
}

func TestRegisteredDrift(t *testing.T) {
	path := write(t, base+`[c5.registered]
max_run = 12
max_overlap = 0.1
ngram = 8
[judged]
c1_min_present = 8
c2_max_undeveloped = 0.5
[judged.registered]
c1_min_present = 10
c2_max_undeveloped = 0.5
`)
	cfg, err := load(path, []string{"c5.max_run=20"})
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(RegisteredDrift(cfg), "; "); got != "max_run 20 (registered 12); c1_min_present 8 (registered 10)" {
		t.Errorf("drift %q", got)
	}
	cfg, err = load(write(t, base+"[g1]\ntolerance = 0.2\n[g1.registered]\ntolerance = 0.15\n[judged]\nc1_min_present = 8\n"), []string{"c5.max_run=20"})
	if err != nil {
		t.Fatal(err)
	}
	// Only declared registered blocks drift: [c5] and [judged] have none.
	if got := strings.Join(RegisteredDrift(cfg), "; "); got != "g1.tolerance 20% (registered 15%)" {
		t.Errorf("drift %q", got)
	}
}

// A hypothesis's own thresholds are read by its criterion, over the
// registered ones, and its digest is the one it was registered with.
func TestHypothesisThresholds(t *testing.T) {
	own := base + "[hypothesis.thresholds]\nmax_run = 14\nmax_overlap = 0.2\nngram = 6\n"
	cfg, err := load(write(t, own), []string{"c5.max_run=30"})
	if err != nil {
		t.Fatal(err)
	}
	h := cfg.Hypotheses[0]
	if !h.Own || h.At.C5().C5Thresholds != (criteria.C5Thresholds{MaxRun: 14, MaxOverlap: 0.2, NGram: 6}) {
		t.Errorf("own thresholds %+v (own %v)", h.At.C5(), h.Own)
	}
	// The digests of the demo's hypotheses, as registered before the
	// criteria read their own thresholds: a C5 hypothesis with its own,
	// and a judged one without (dated 2026-06-12 since the demo has a
	// registration file, made that day).
	demo, err := load("../config.toml", nil)
	if err != nil {
		t.Fatal(err)
	}
	for i, want := range []string{"980a29307554d5b62f179db18e10e002ffd13f66426c0f20c0c56fc3e81d5196",
		"ec3aec1bb4d3f401704a747fc27202522edbd6856f76eb57e68bd5f6779fcb3b", "4f751a2be77e096f37832a3b19d6d2a962998e383d71f3afc626bcf0c1ffb880"} {
		if got := demo.Hypotheses[i].Digest(); got != want {
			t.Errorf("%s's digest %s, registered as %s", demo.Hypotheses[i].ID, got, want)
		}
	}
	if _, err := load(write(t, base+"[hypothesis.thresholds]\nmax_runs = 14\n"), nil); err == nil || !strings.Contains(err.Error(), `unknown key "hypothesis.thresholds.max_runs"`) {
		t.Errorf("an unknown key in a hypothesis's thresholds: %v", err)
	}
	if _, err := load(write(t, base+"[hypothesis.thresholds]\nngram = 0\n"), nil); err == nil || !strings.Contains(err.Error(), `hypothesis "H1" thresholds: [c5] n-gram size 0`) {
		t.Errorf("a bad threshold of a hypothesis: %v", err)
	}
	g1 := strings.Replace(base, `model = "Model 1"`, "model = \"Model 1\"\ncriterion = \"G1\"", 1) + "[hypothesis.thresholds]\ntolerance = 0.3\n"
	cfg, err = load(write(t, g1+"[g1]\ntolerance = 0.1\n"), nil)
	if err != nil {
		t.Fatal(err)
	}
	if h := cfg.Hypotheses[0]; !h.Own || h.At.G1().Tolerance != 0.3 || cfg.Criteria.G1().Tolerance != 0.1 {
		t.Errorf("a G1 hypothesis's own tolerance: %+v", h.At.G1())
	}
}

// load is Load for the evaluation's own criteria.
func load(path string, sets []string) (*Config, error) {
	return Load(path, sets, criteria.Default())
}
