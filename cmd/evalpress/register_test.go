package main

import (
	"crypto/sha256"
	"encoding/hex"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/evalpress/evalpress/internal/testtree"
)

// registeredTree is the judged tree with a rubric and registered
// thresholds, ready to register.
func registeredTree(t *testing.T) string {
	dir := judgedTree(t, map[string]string{"content/rubric.md": "# Rubric\n\nC1 fails with fewer than N bullets present.\n"})
	rewrite(t, dir, "config.toml", "[judged]\n", "[judged]\nrubric = \"rubric.md\"\n")
	appendTo(t, dir, "config.toml", "[judged.registered]\nc1_min_present = 5\nc2_max_undeveloped = 0.3333\n")
	return dir
}

// TestRegister: evalpress register writes the registration and prints
// its digest; every build compares the evaluation with it and publishes it
// as it is.
func TestRegister(t *testing.T) {
	t.Parallel()
	dir := registeredTree(t)
	cfg := filepath.Join(dir, "config.toml")
	code, stdout, stderr := runCLI(t, "register", "--config", cfg, "--at", "2026-06-15T10:00:00Z")
	if code != 0 {
		t.Fatalf("register: exit %d: %s", code, stderr)
	}
	data, err := os.ReadFile(filepath.Join(dir, "registration.toml"))
	if err != nil {
		t.Fatal(err)
	}
	sum := sha256.Sum256(data)
	digest := hex.EncodeToString(sum[:])
	if !strings.Contains(stdout, "SHA-256 "+digest) || !strings.Contains(stdout, "registered 2026-06-15T10:00:00Z") {
		t.Errorf("register printed %q, want the file's digest %s", stdout, digest)
	}
	for _, want := range []string{`id = "H1"`, `criterion = "C1"`, `name = "c1_min_present"`, "[rubric]", "[prompt]", `file = "prompts/judge.txt"`} {
		if !strings.Contains(string(data), want) {
			t.Errorf("registration lacks %q:\n%s", want, data)
		}
	}
	// A registration is made once.
	if code, _, stderr := runCLI(t, "register", "--config", cfg); code != 1 || !strings.Contains(stderr, "a registration exists already (registered 2026-06-15T10:00:00Z)") {
		t.Errorf("a second register: exit %d: %s", code, stderr)
	}
	code, stderr = buildSite(t, dir)
	if code != 0 || strings.Contains(stderr, "differs from its registration") {
		t.Fatalf("build: exit %d: %s", code, stderr)
	}
	out := filepath.Join(dir, "public")
	files := testtree.Read(t, out)
	if files["data/registration.toml"] != string(data) {
		t.Error("the registration is not published as it is")
	}
	page := files["findings.html"]
	if !strings.Contains(page, "as registered (registration made 2026-06-15T10:00:00Z") || !strings.Contains(page, "the evaluation matches its registration") {
		t.Errorf("findings.html does not say the hypotheses are as registered")
	}
	r := results(t, out)
	if reg, _ := r["registration"].(map[string]any); reg["matches"] != true || reg["sha256"] != digest {
		t.Errorf("results.json registration %v", r["registration"])
	}
	// The pilot labels are before N was registered, the validation labels
	// after: in order.
	if ag, _ := r["agreement"].(map[string]any); ag["order"].(map[string]any)["n_registered"] != "2026-06-15T10:00:00Z" {
		t.Errorf("N registered at %v", ag["order"])
	}
	// A changed hypothesis and rubric: warned about, and said on the block.
	rewrite(t, dir, "config.toml", `statement = "Model 3 copies the least."`, `statement = "Model 3 copies the least of all."`)
	appendTo(t, dir, "content/rubric.md", "\nEdited after the registration.\n")
	code, stderr = buildSite(t, dir)
	if code != 0 || !strings.Contains(stderr, "registration.toml: warning: the evaluation differs from its registration of 2026-06-15T10:00:00Z: the rubric (rubric.md) changed since its registration; hypothesis H1 changed since its registration") {
		t.Fatalf("build: exit %d: %s", code, stderr)
	}
	page = testtree.Read(t, out)["findings.html"]
	if !strings.Contains(page, "changed since its registration (registration made 2026-06-15T10:00:00Z") || !strings.Contains(page, "the evaluation differs from its registration") {
		t.Errorf("findings.html does not say H1 changed")
	}
	// Registered after the validation labels: out of the protocol's order.
	if code, _, stderr := runCLI(t, "register", "--config", cfg, "--force", "--at", "2026-06-25T10:00:00Z"); code != 0 {
		t.Fatal(stderr)
	}
	if _, stderr := buildSite(t, dir); !strings.Contains(stderr, "out of the protocol's order: N was registered (2026-06-25T10:00:00Z) after validation labelling began (2026-06-20T08:00:00Z)") {
		t.Errorf("no order warning: %s", stderr)
	}
}

// TestRegisterRefusesPrivateTerms: a registration, or a document it
// digests, that holds a private term is refused.
func TestRegisterRefusesPrivateTerms(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ name, file, old, new, want string }{
		{"statement", "config.toml", `statement = "Model 3 copies the least."`, `statement = "Beta Scribe copies the least."`, `hypothesis "H1" holds a private term`},
		{"rubric", "content/rubric.md", "bullets present.", "bullets present; Harbourline Holdings asked for it.", "rubric.md: holds a private term"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := registeredTree(t)
			rewrite(t, dir, tc.file, tc.old, tc.new)
			code, _, stderr := runCLI(t, "register", "--config", filepath.Join(dir, "config.toml"))
			if code != 1 || !strings.Contains(filepath.ToSlash(stderr), tc.want) {
				t.Errorf("exit %d: %s", code, stderr)
			}
			if _, err := os.Stat(filepath.Join(dir, "registration.toml")); err == nil {
				t.Error("a refused registration was written")
			}
		})
	}
}

// TestRegistrationAfterTheRun: a registration made after the first judge
// run, or once the sections had been measured, is said to be late on
// every page that cites it, and never "matches its registration".
func TestRegistrationAfterTheRun(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name       string
		buildFirst bool   // build before registering: the measurement exists
		at         string // the registration's time; the demo's judges ran from 2026-07-02T09:00:00Z
		want       string
	}{
		{"before the run", false, "2026-06-12T12:00:00Z", ""},
		{"after the first judge run", false, "2026-07-02T09:30:00Z", "made after the first judge run (2026-07-02T09:00:00Z)"},
		{"after the measurement", true, "2026-06-12T12:00:00Z", "made after the sections had been measured"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			dir := copyDemo(t)
			config := filepath.Join(dir, "config.toml")
			if tt.buildFirst {
				if code, _, stderr := runCLI(t, "build", "--config", config); code != 0 {
					t.Fatalf("build: exit %d\n%s", code, stderr)
				}
			}
			code, _, stderr := runCLI(t, "register", "--config", config, "--force", "--at", tt.at)
			if code != 0 || tt.buildFirst != strings.Contains(stderr, "made after the measurement") {
				t.Fatalf("register: exit %d\n%s", code, stderr)
			}
			code, _, stderr = runCLI(t, "build", "--config", config)
			if code != 0 {
				t.Fatalf("build: exit %d\n%s", code, stderr)
			}
			findings := pageText(t, filepath.Join(dir, "public", "00-findings.html"))
			protocol := pageText(t, filepath.Join(dir, "public", "02-judge-protocol.html"))
			results := string(mustRead(t, filepath.Join(dir, "public", "data", "results.json")))
			if tt.want == "" {
				if !strings.Contains(findings, "the evaluation matches its registration") || strings.Contains(findings, "after the run") || !strings.Contains(results, `"late": []`) {
					t.Errorf("a registration before the run is not said to match:\n%s", findings)
				}
				return
			}
			for name, text := range map[string]string{"stderr": stderr, "findings": findings, "results.json": results} {
				if !strings.Contains(text, tt.want) {
					t.Errorf("%s does not say %q:\n%s", name, tt.want, text)
				}
			}
			if strings.Contains(findings, "matches its registration") || strings.Contains(findings, "Registration: as registered (") {
				t.Errorf("a late registration is said to match:\n%s", findings)
			}
			if !strings.Contains(protocol, "commits to nothing in advance") || !strings.Contains(results, `"matches": false`) {
				t.Errorf("the protocol page or results.json does not say the registration was late")
			}
		})
	}
}
