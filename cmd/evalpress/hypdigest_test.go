package main

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// canonicalHypothesis is a hypothesis of the basic tree in the canonical
// form its digest is taken over, written out here from the form's
// description rather than by the code under test.
func canonicalHypothesis(id, registered, statement, thresholds, prediction string) string {
	return strings.Join([]string{"id=" + id, "registered=" + registered, "statement=" + statement,
		"thresholds=" + thresholds, "prediction=" + prediction}, "\n")
}

func sha(s string) string {
	sum := sha256.Sum256([]byte(s))
	return hex.EncodeToString(sum[:])
}

// TestHypothesisNamingAWriterPublishesNoDigest: a hypothesis whose
// statement names a writer is published redacted and without its digest
// (the digest of the statement as written would confirm a guess of the
// name); the build warns, naming it and its line; an ordinary hypothesis
// keeps its digest.
func TestHypothesisNamingAWriterPublishesNoDigest(t *testing.T) {
	t.Parallel()
	dir := newSite(t, nil)
	rewrite(t, dir, "config.toml", `statement = "Model 3 copies the least."`, `statement = "Model 3 (Beta Scribe) copies the least."`)
	code, stderr := buildSite(t, dir)
	if code != 0 {
		t.Fatalf("build: exit %d: %s", code, stderr)
	}
	line := 0
	for i, l := range strings.Split(string(mustRead(t, filepath.Join(dir, "config.toml"))), "\n") {
		if l == "[[hypothesis]]" {
			line = i + 1
			break
		}
	}
	want := fmt.Sprintf("config.toml:%d: warning: hypothesis H1 holds a private term", line)
	if !strings.Contains(stderr, want) || strings.Contains(stderr, "Beta") {
		t.Errorf("stderr %q, want a warning %q naming no private letters", stderr, want)
	}
	out := filepath.Join(dir, "public")
	site := readTree(t, out)
	// The ordinary hypothesis: its digest is published, and is the digest
	// of the canonical form written above (which checks that form).
	var h2 map[string]any
	for _, h := range results(t, out)["hypotheses"].([]any) {
		if m := h.(map[string]any); m["id"] == "H2" {
			h2 = m
		} else if m["id"] == "H1" {
			if _, ok := m["sha256"]; ok || m["sha256_withheld"] == nil {
				t.Errorf("results.json H1 %v: want no sha256 and why", m)
			}
		}
	}
	var thresholds string
	for _, th := range []string{"12,0.1,8", "12,0.10,8", ""} {
		if h2 != nil && h2["sha256"] == sha(canonicalHypothesis("H2", "2026-07-02", "At most one section fails overall.", th, "fails_at_most,,1")) {
			thresholds = th
		}
	}
	if h2 == nil || thresholds == "" || !strings.Contains(site, h2["sha256"].(string)) {
		t.Fatalf("the ordinary hypothesis H2's digest is not published as its canonical form's: %v", h2)
	}
	// The one naming a writer: no candidate in place of the redaction
	// gives a digest that is anywhere in the site.
	for _, name := range []string{"Beta Scribe", "Alpha Writer 9000", "Harbourline Holdings", "[model]"} {
		d := sha(canonicalHypothesis("H1", "2026-07-01", "Model 3 ("+name+") copies the least.", thresholds, "fewest_fails,Model 3,-"))
		if strings.Contains(site, d) {
			t.Errorf("the digest of H1 with %q in it is published", name)
		}
	}
	if page := string(mustRead(t, filepath.Join(out, "findings.html"))); !strings.Contains(page, "holds a private term") {
		t.Error("findings.html does not say why H1's digest is withheld")
	}
}

// TestRegistrationWithAWithheldDigestIsNotPublished: a term listed after
// registering that a registered document holds stops the build: the
// document would otherwise be published redacted beside its registered
// digest, which would confirm a guess.
func TestRegistrationWithAWithheldDigestIsNotPublished(t *testing.T) {
	t.Parallel()
	dir := registeredTree(t)
	appendTo(t, dir, "content/rubric.md", "\nDrafted at Quillmere Lodge.\n")
	if code, _, stderr := runCLI(t, "register", "--config", filepath.Join(dir, "config.toml"), "--at", "2026-06-15T10:00:00Z"); code != 0 {
		t.Fatal(stderr)
	}
	reg := string(mustRead(t, filepath.Join(dir, "registration.toml")))
	rubric := sha(string(mustRead(t, filepath.Join(dir, "content", "rubric.md"))))
	if !strings.Contains(reg, rubric) {
		t.Fatal("the registration holds no digest of the rubric")
	}
	out := filepath.Join(dir, "public")
	if code, stderr := buildSite(t, dir); code != 0 {
		t.Fatal(stderr)
	} else if _, err := os.Stat(filepath.Join(out, "data", "registration.toml")); err != nil {
		t.Fatal("an ordinary registration is not published")
	}
	// The rubric's place becomes a private term: the rubric is the
	// author's document, so the build stops at the term rather than
	// publish the rubric redacted beside its digest, and the previous
	// site stays.
	appendTo(t, dir, "private/redact.txt", "Quillmere Lodge\n")
	code, stderr := buildSite(t, dir)
	if code != 1 || !strings.Contains(stderr, "rubric.md:") || !strings.Contains(stderr, " characters here are a private term from redact.txt:") || strings.Contains(stderr, "Quillmere") {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if _, err := os.Stat(filepath.Join(out, "data", "registration.toml")); err != nil {
		t.Error("the previous site is gone")
	}
}
