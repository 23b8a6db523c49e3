package config

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
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
		{"c5.max_run=20", func(c *Config) bool { return c.C5.MaxRun == 20 }, ""},
		{"c5.max_overlap=0.25", func(c *Config) bool { return c.C5.MaxOverlap == 0.25 }, ""},
		{"c5.max_overlap=15%", func(c *Config) bool { return c.C5.MaxOverlap == 0.15 }, ""},
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
		cfg, err := Load(path, []string{tc.set})
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
		{"title = \"x\"\n[c5]\nmax_run = \"12\"\n", "incompatible types"},
		{"title = [\n", ":1:"},
		{strings.Replace(base, `kind = "fewest_fails"`, `kind = "best"`, 1), `:4: hypothesis "H1": unknown prediction kind "best"`},
		{strings.Replace(base, "id = \"H1\"\n", "", 1), ":4: hypothesis has no id"},
		{base + base[strings.Index(base, "[[hypothesis]]"):], `hypothesis "H1" is defined twice (first at line 4)`},
	}
	for _, tc := range tests {
		_, err := Load(write(t, tc.content), nil)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("error %v, want %q", err, tc.want)
		}
	}
	if _, err := Load(filepath.Join(t.TempDir(), "none.toml"), nil); err == nil || !strings.Contains(err.Error(), "config file does not exist") {
		t.Errorf("missing file: %v", err)
	}
}

func TestHypothesisDigestChangesWithAnyField(t *testing.T) {
	cfg, err := Load(write(t, base), nil)
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
