package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/evalpress/evalpress/sitewrite"
)

// TestVerify: verify says a site is identical to the rebuild of its inputs,
// and after one changed byte in a page, or one changed input, names the
// file; a site made by another version is said so.
func TestVerify(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name   string
		change func(t *testing.T, dir, out string)
		code   int
		want   string // in stdout, or stderr for a failure
	}{
		{"identical", func(*testing.T, string, string) {}, 0, "identical to the rebuild"},
		{"page byte", func(t *testing.T, _, out string) { flipByte(t, filepath.Join(out, "method.html"), "<h1>") }, 1, "method.html:"},
		{"private input", func(t *testing.T, dir, _ string) {
			appendTo(t, dir, "demo/private/redact.txt", "# one more line\n")
		}, 1, filepath.Join("demo", "private", "redact.txt") + ": differs from the one the site was built with"},
		{"sections", func(t *testing.T, dir, _ string) {
			flipByte(t, filepath.Join(dir, "demo", "private", "sections.md"), "the ")
		}, 1, filepath.Join("demo", "private", "sections.md") + ": differs"},
		{"content", func(t *testing.T, dir, _ string) {
			appendTo(t, dir, "content/01-rubric.md", "\nOne more sentence.\n")
		}, 1, filepath.Join("content", "01-rubric.md") + ": differs from the content file"},
		{"config", func(t *testing.T, dir, _ string) {
			appendTo(t, dir, "config.toml", "\n# a comment\n")
		}, 1, "config.toml: differs from the config"},
		{"other version", func(t *testing.T, _, out string) {
			replaceIn(t, filepath.Join(out, "data", "provenance.json"), `"version": "`, `"version": "v0.0.1-`)
		}, 1, "made by another version of evalpress"},
		{"missing page", func(t *testing.T, _, out string) { os.Remove(filepath.Join(out, "changes.html")) }, 1, "changes.html: missing"},
		{"release named with ..", func(t *testing.T, _, out string) {
			replaceIn(t, filepath.Join(out, "data", "provenance.json"), "{", `{"release": {"name": "../..", "date": "2020-01-01", "number": 1},`)
		}, 1, `provenance.json: not a provenance record evalpress wrote: the release "../..": a release's name is`},
		{"release numbered 0", func(t *testing.T, _, out string) {
			replaceIn(t, filepath.Join(out, "data", "provenance.json"), "{", `{"release": {"name": "v1", "date": "2020-01-01", "number": 0},`)
		}, 1, `provenance.json: not a provenance record evalpress wrote: the release "v1" numbered 0`},
		{"record damaged", func(t *testing.T, _, out string) {
			appendTo(t, out, sitewrite.MarkerFile, "/etc/passwd\n")
		}, 1, "damaged: \"/etc/passwd\" starts with /; verify cannot tell which files of"},
		{"page left out of the record", func(t *testing.T, _, out string) {
			flipByte(t, filepath.Join(out, "method.html"), "<h1>")
			replaceIn(t, filepath.Join(out, sitewrite.MarkerFile), "\nmethod.html\n", "\n")
		}, 1, "method.html: there, but the site's record does not list it as evalpress's"},
		{"page a link to its copy", func(t *testing.T, dir, out string) {
			page, copied := filepath.Join(out, "method.html"), filepath.Join(dir, "method.html")
			if err := os.Rename(page, copied); err != nil {
				t.Fatal(err)
			}
			if err := os.Symlink(copied, page); err != nil {
				t.Fatal(err)
			}
		}, 1, "method.html: a link"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			dir := copyDemo(t)
			out := filepath.Join(dir, "public")
			config, private := filepath.Join(dir, "config.toml"), filepath.Join(dir, "demo", "private")
			// Two builds: the second, with an override, keeps the first's
			// results as its baseline, which verify must rebuild too.
			for _, args := range [][]string{{"build", "--config", config}, {"build", "--config", config, "--set", "c5.max_run=6"}} {
				if code, _, stderr := runCLI(t, args...); code != 0 {
					t.Fatalf("%v: exit %d\n%s", args, code, stderr)
				}
			}
			if !bytes.Contains(mustRead(t, filepath.Join(out, "data", "baseline.json")), []byte(`"baseline_of"`)) {
				t.Fatal("the second build kept no baseline")
			}
			tt.change(t, dir, out)
			code, stdout, stderr := runCLI(t, "verify", "--site", out, "--inputs", private, "--config", config)
			if code != tt.code || !strings.Contains(stdout+stderr, tt.want) {
				t.Errorf("verify: exit %d, want %d with %q\nstdout:\n%s\nstderr:\n%s", code, tt.code, tt.want, stdout, stderr)
			}
			if tt.code == 0 && strings.Count(stdout, "\n") != 1 {
				t.Errorf("verify of an identical site printed more than one line:\n%s", stdout)
			}
		})
	}
}

// TestReleaseNeverChanges: a release is byte-identical after later
// builds, a failed build and builds killed at each step of the swap, and
// verify confirms it.
func TestReleaseNeverChanges(t *testing.T) {
	t.Parallel()
	dir := copyDemo(t)
	out := filepath.Join(dir, "public")
	config, private := filepath.Join(dir, "config.toml"), filepath.Join(dir, "demo", "private")
	if code, _, stderr := runCLI(t, "build", "--config", config, "--release", "v1"); code != 0 {
		t.Fatalf("build --release v1: exit %d\n%s", code, stderr)
	}
	release := filepath.Join(out, "releases", "v1")
	want := siteFiles(t, release)
	if len(want) == 0 || want["index.html"] == nil || want["releases.html"] == nil {
		t.Fatalf("releases/v1 holds %d files, not the site", len(want))
	}
	check := func(after string) {
		t.Helper()
		if got := siteFiles(t, release); !sameTree(got, want) {
			t.Errorf("after %s, releases/v1 changed", after)
		}
	}
	if code, _, _ := runCLI(t, "build", "--config", config, "--set", "c5.max_run=4"); code != 0 {
		t.Fatalf("a later build failed")
	}
	check("a later build with other thresholds")
	if code, _, _ := runCLI(t, "build", "--config", config, "--release", "v1"); code != 1 {
		t.Errorf("a second release v1: exit %d, want 1", code)
	}
	check("a second --release v1")
	sections := filepath.Join(private, "sections.md")
	good, _ := os.ReadFile(sections)
	os.WriteFile(sections, []byte("text before any heading\n"), 0o644)
	if code, _, _ := runCLI(t, "build", "--config", config); code != 1 {
		t.Errorf("a build of broken inputs did not fail")
	}
	os.WriteFile(sections, good, 0o644)
	check("a failed build")
	for _, at := range []string{"written:1", "journal:1", "swapped:1", "removed:1"} {
		if code, _ := runChild(t, at, "build", "--config", config, "--set", "c5.max_run=5"); code != -1 {
			t.Fatalf("build killed at %s: exit %d, want killed", at, code)
		}
		if _, err := sitewrite.Recover(out); err != nil {
			t.Fatal(err)
		}
		check("a build killed at " + at)
	}
	if code, stdout, stderr := runCLI(t, "verify", "--site", release, "--inputs", private, "--config", config); code != 0 {
		t.Errorf("verify of releases/v1: exit %d\n%s%s", code, stdout, stderr)
	}
	// A second release: listed beside the first, and the two compared on
	// the changes page, threshold by threshold.
	if code, _, stderr := runCLI(t, "build", "--config", config, "--set", "c5.max_run=5", "--release", "v2"); code != 0 {
		t.Fatalf("build --release v2: exit %d\n%s", code, stderr)
	}
	check("a second release")
	releases, changes := pageText(t, filepath.Join(out, "releases.html")), pageText(t, filepath.Join(out, "changes.html"))
	if !strings.Contains(releases, "v1 ") || !strings.Contains(releases, "v2 ") || !strings.Contains(releases, "the first release") {
		t.Errorf("releases.html does not list v1 and v2:\n%s", releases)
	}
	if !strings.Contains(changes, "v1 → v2") || !strings.Contains(changes, "max_run 12 5 (changed)") {
		t.Errorf("changes.html does not compare v1 with v2:\n%s", changes)
	}
	for _, site := range []string{out, filepath.Join(out, "releases", "v2")} {
		if code, stdout, stderr := runCLI(t, "verify", "--site", site, "--inputs", private, "--config", config); code != 0 {
			t.Errorf("verify of %s: exit %d\n%s%s", site, code, stdout, stderr)
		}
	}
}

// TestReleaseNameRefused: a name that is no plain folder name is a usage
// error.
func TestReleaseNameRefused(t *testing.T) {
	t.Parallel()
	for _, name := range []string{"../x", ".hidden", "a/b", strings.Repeat("x", 65)} {
		if code, _, stderr := runCLI(t, "build", "--release", name); code != 2 || !strings.Contains(stderr, "--release") {
			t.Errorf("--release %q: exit %d\n%s", name, code, stderr)
		}
	}
}

// TestBuildSameEverywhere: the same inputs make the same site byte for
// byte whatever the time zone, locale, umask and GOMAXPROCS.
func TestBuildSameEverywhere(t *testing.T) {
	t.Parallel()
	envs := [][]string{
		{"TZ=UTC", "LC_ALL=C", "LANG=C", "GOMAXPROCS=4", "EVALPRESS_TEST_UMASK=022"},
		{"TZ=Pacific/Chatham", "LC_ALL=tr_TR.UTF-8", "LANG=tr_TR.UTF-8", "GOMAXPROCS=1", "EVALPRESS_TEST_UMASK=077"},
	}
	dir := copyDemo(t)
	var trees []map[string][]byte
	for i, env := range envs {
		out := filepath.Join(t.TempDir(), "site")
		cmd := childCommand("", "build", "--config", filepath.Join(dir, "config.toml"), "--out", out, "--release", "r1")
		cmd.Env = append(cmd.Env, append(env, "SOURCE_DATE_EPOCH=1780000000")...)
		if b, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("build %d: %v\n%s", i, err, b)
		}
		trees = append(trees, siteFiles(t, out))
	}
	if !sameTree(trees[0], trees[1]) {
		for name, data := range trees[0] {
			if !bytes.Equal(data, trees[1][name]) {
				t.Errorf("%s differs between %v and %v", name, envs[0], envs[1])
			}
		}
		t.Errorf("the two sites differ")
	}
}

// siteFiles reads every file under dir, by slash-separated path.
func siteFiles(t *testing.T, dir string) map[string][]byte {
	t.Helper()
	out := map[string][]byte{}
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := os.ReadFile(p)
		rel, _ := filepath.Rel(dir, p)
		out[filepath.ToSlash(rel)] = data
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// sameTree reports whether two trees hold the same files, byte for byte.
func sameTree(a, b map[string][]byte) bool {
	if len(a) != len(b) {
		return false
	}
	for name, data := range a {
		if other, ok := b[name]; !ok || !bytes.Equal(data, other) {
			return false
		}
	}
	return true
}

// flipByte changes one byte of file: the first letter after the first
// occurrence of after.
func flipByte(t *testing.T, file, after string) {
	t.Helper()
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	i := bytes.Index(data, []byte(after))
	if i < 0 {
		t.Fatalf("%s holds no %q", file, after)
	}
	data[i+len(after)] ^= 0x20 // the letter's case
	if err := os.WriteFile(file, data, 0o644); err != nil {
		t.Fatal(err)
	}
}

// replaceIn replaces the first old in file with new.
func replaceIn(t *testing.T, file, old, new string) {
	t.Helper()
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(data, []byte(old)) {
		t.Fatalf("%s holds no %q", file, old)
	}
	if err := os.WriteFile(file, bytes.Replace(data, []byte(old), []byte(new), 1), 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestNewEvaluation: a build whose baseline shares no section (or no
// writer) with it says "a new evaluation" and lists no flip.
func TestNewEvaluation(t *testing.T) {
	t.Parallel()
	dir := copyDemo(t)
	tests := []struct {
		name, cells string
		want        string
	}{
		{"other sections", `{"model": "Model 1", "section": "ELSEWHERE", "verdict": "FAIL", "run": 40}`, "a new evaluation"},
		{"other writers", `{"model": "Model 9", "section": "HOOK", "verdict": "FAIL", "run": 40}`, "a new evaluation"},
		{"shared", `{"model": "Model 1", "section": "HOOK", "verdict": "FAIL", "run": 40}`, "since the previous build"},
	}
	for _, tt := range tests {
		base := filepath.Join(t.TempDir(), "results.json")
		os.WriteFile(base, []byte(`{"thresholds": {"max_run": 12, "max_overlap": 0.1, "ngram": 8}, "cells": [`+tt.cells+`]}`), 0o644)
		out := filepath.Join(t.TempDir(), "site")
		code, _, stderr := runCLI(t, "build", "--config", filepath.Join(dir, "config.toml"), "--out", out, "--baseline", base)
		if code != 0 || !strings.Contains(stderr, tt.want) {
			t.Errorf("%s: exit %d, want %q in\n%s", tt.name, code, tt.want, stderr)
			continue
		}
		page := pageText(t, filepath.Join(out, "changes.html"))
		if isNew := strings.Contains(page, "This is a new evaluation"); isNew != (tt.want == "a new evaluation") {
			t.Errorf("%s: changes.html says a new evaluation: %v\n%s", tt.name, isNew, page)
		}
	}
}

// TestReleaseKeepsItsExcerpts: a release that shows excerpts is carried
// by a later build that shows others (other thresholds fail other cells),
// and the baseline the later build keeps holds no excerpt.
func TestReleaseKeepsItsExcerpts(t *testing.T) {
	t.Parallel()
	dir := copyDemo(t)
	out := filepath.Join(dir, "public")
	config := filepath.Join(dir, "config.toml")
	if code, _, stderr := runCLI(t, "build", "--config", config, "--set", "publish.excerpts=true", "--release", "v1"); code != 0 {
		t.Fatalf("build --release v1: exit %d\n%s", code, stderr)
	}
	want := siteFiles(t, filepath.Join(out, "releases", "v1"))
	if !bytes.Contains(want["data/results.json"], []byte(`"text": "`)) {
		t.Fatal("the release shows no excerpt: the test tests nothing")
	}
	if code, _, stderr := runCLI(t, "build", "--config", config, "--set", "publish.excerpts=true", "--set", "c5.max_run=40", "--set", "c5.max_overlap=0.9"); code != 0 {
		t.Fatalf("a later build with other excerpts: exit %d\n%s", code, stderr)
	}
	if !sameTree(siteFiles(t, filepath.Join(out, "releases", "v1")), want) {
		t.Error("the later build changed releases/v1")
	}
	if base := mustRead(t, filepath.Join(out, "data", "baseline.json")); bytes.Contains(base, []byte(`"text"`)) {
		t.Error("data/baseline.json holds the earlier site's excerpts")
	}
}

// TestVerifyCarriedRelease: verify of a site compares the files the
// rebuild makes, never a release the rebuild only copied from the site
// itself: those are named as not rebuilt, so that a release changed after
// it was made is not called identical; verify of the release itself finds
// the change.
func TestVerifyCarriedRelease(t *testing.T) {
	t.Parallel()
	dir := copyDemo(t)
	out := filepath.Join(dir, "public")
	config, private := filepath.Join(dir, "config.toml"), filepath.Join(dir, "demo", "private")
	for _, args := range [][]string{{"--release", "v1"}, {"--set", "c5.max_run=6"}} {
		if code, _, stderr := runCLI(t, append([]string{"build", "--config", config}, args...)...); code != 0 {
			t.Fatalf("build %v: exit %d\n%s", args, code, stderr)
		}
	}
	flipByte(t, filepath.Join(out, "releases", "v1", "results.html"), "<h1>")
	code, stdout, stderr := runCLI(t, "verify", "--site", out, "--inputs", private, "--config", config)
	if code != 0 || !strings.Contains(stdout, "identical") || !strings.Contains(stdout, "the release v1 is carried as published, not rebuilt") {
		t.Errorf("verify of the site: exit %d, want 0 and the release named as not rebuilt\n%s%s", code, stdout, stderr)
	}
	// The site's own files: all but the release's and the marker.
	own := len(siteFiles(t, out)) - len(siteFiles(t, filepath.Join(out, "releases"))) - 1
	if !strings.Contains(stdout, fmt.Sprintf("(%d files)", own)) {
		t.Errorf("verify counted the release's files as compared:\n%s", stdout)
	}
	code, stdout, stderr = runCLI(t, "verify", "--site", filepath.Join(out, "releases", "v1"), "--inputs", private, "--config", config)
	if code != 1 || !strings.Contains(stdout, "results.html:") {
		t.Errorf("verify of the changed release: exit %d, want 1 naming results.html\n%s%s", code, stdout, stderr)
	}
}

// TestVerifySiteSpelling: the site's folder may be named as a shell
// completes it (a trailing slash) or with a "." in it: the site is the
// same, and identical to its rebuild.
func TestVerifySiteSpelling(t *testing.T) {
	t.Parallel()
	dir := copyDemo(t)
	out := filepath.Join(dir, "public")
	config, private := filepath.Join(dir, "config.toml"), filepath.Join(dir, "demo", "private")
	if code, _, stderr := runCLI(t, "build", "--config", config); code != 0 {
		t.Fatalf("build: exit %d\n%s", code, stderr)
	}
	for _, site := range []string{out + "/", out + "/.", filepath.Join(dir, "content") + "/../public"} {
		if code, stdout, stderr := runCLI(t, "verify", "--site", site, "--inputs", private, "--config", config); code != 0 || !strings.Contains(stdout, "identical") {
			t.Errorf("verify --site %s: exit %d\n%s%s", site, code, stdout, stderr)
		}
	}
}

// TestAReleasesExcerptsStandInItsFilesOnly: an earlier release's excerpts
// are permitted in the release's own files, never in a file of the
// author's beside the site: a later build that finds one of them there
// stops, naming it.
func TestAReleasesExcerptsStandInItsFilesOnly(t *testing.T) {
	t.Parallel()
	dir := copyDemo(t)
	out := filepath.Join(dir, "public")
	config := filepath.Join(dir, "config.toml")
	if code, _, stderr := runCLI(t, "build", "--config", config, "--set", "publish.excerpts=true", "--release", "v1"); code != 0 {
		t.Fatalf("build --release v1: exit %d\n%s", code, stderr)
	}
	var r struct {
		Cells []struct{ Runs []struct{ Text string } }
	}
	if err := json.Unmarshal(mustRead(t, filepath.Join(out, "releases", "v1", "data", "results.json")), &r); err != nil {
		t.Fatal(err)
	}
	excerpt := ""
	for _, c := range r.Cells {
		for _, run := range c.Runs {
			if len(strings.Fields(run.Text)) > len(strings.Fields(excerpt)) && !strings.Contains(run.Text, "…") {
				excerpt = run.Text
			}
		}
	}
	if len(strings.Fields(excerpt)) < 12 {
		t.Fatalf("the release shows no excerpt of 12 words or more (%q): the test tests nothing", excerpt)
	}
	// Without excerpts, the later build shows none of its own.
	if err := os.WriteFile(filepath.Join(out, "notes.txt"), []byte("From the release: "+excerpt+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, _, stderr := runCLI(t, "build", "--config", config, "--set", "publish.excerpts=false")
	if code != 1 || !strings.Contains(stderr, "notes.txt") {
		t.Fatalf("a build with a release's excerpt in the author's notes: exit %d, want 1 naming notes.txt\n%s", code, stderr)
	}
}
