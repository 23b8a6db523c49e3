package main

import (
	"crypto/sha256"
	"encoding/hex"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/evalpress/evalpress/internal/commitment"
)

// TestSmallInputsGetKeyedCommitments: the small, guessable inputs are
// published only as keyed digests that the key kept with the inputs
// checks; the long texts keep their plain SHA-256; no plain digest of a
// small file is anywhere in the site.
func TestSmallInputsGetKeyedCommitments(t *testing.T) {
	t.Parallel()
	dir := newSite(t, nil)
	// The test tree holds a key, for sites the tests compare; a first
	// build makes its own.
	if err := os.Remove(filepath.Join(dir, "private", commitment.KeyFile)); err != nil {
		t.Fatal(err)
	}
	code, stderr := buildSite(t, dir)
	if code != 0 {
		t.Fatal(stderr)
	}
	if !strings.Contains(stderr, commitment.KeyFile) {
		t.Errorf("the first build did not say it made the key: %s", stderr)
	}
	private := filepath.Join(dir, "private")
	key, created, err := commitment.Load(private)
	if err != nil || created {
		t.Fatalf("no key kept with the inputs: %v", err)
	}
	r := results(t, filepath.Join(dir, "public"))
	got := map[string]map[string]any{}
	for _, in := range r["inputs"].([]any) {
		m := in.(map[string]any)
		got[m["file"].(string)] = m
	}
	site := readTree(t, filepath.Join(dir, "public"))
	for _, name := range []string{"models.toml", "redact.txt", "mandated_phrases.txt", "sections.md", "examples.md"} {
		data := mustRead(t, filepath.Join(private, name))
		sum := sha256.Sum256(data)
		plain := hex.EncodeToString(sum[:])
		entry := got[name]
		if entry == nil {
			t.Errorf("%s: no digest published", name)
			continue
		}
		if commitment.Keyed(name) {
			if entry["sha256"] != "" || entry["hmac_sha256"] != commitment.Sum(key, data) {
				t.Errorf("%s: published %v, want only its keyed digest", name, entry)
			}
			if strings.Contains(site, plain) {
				t.Errorf("%s: its plain SHA-256, a guessing oracle, is in the site", name)
			}
		} else if entry["sha256"] != plain {
			t.Errorf("%s: published %v, want its SHA-256 %s", name, entry, plain)
		}
	}
	if strings.Contains(site, hex.EncodeToString(key)) {
		t.Error("the key is in the site")
	}
	// The same key, the same digests.
	if code, stderr := buildSite(t, dir, "--out", filepath.Join(dir, "again")); code != 0 {
		t.Fatal(stderr)
	}
	if a, b := mustRead(t, filepath.Join(dir, "public", "method.html")), mustRead(t, filepath.Join(dir, "again", "method.html")); string(a) != string(b) {
		t.Error("a second build with the same key changed the method page")
	}
}

// readTree returns every file under dir, concatenated in path order.
func readTree(t *testing.T, dir string) string {
	t.Helper()
	var b strings.Builder
	err := filepath.WalkDir(dir, func(path string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b.WriteString(path + "\n")
		b.Write(mustRead(t, path))
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// TestOutputMayNotHoldTheInputs: a build never writes its site around the
// private inputs.
func TestOutputMayNotHoldTheInputs(t *testing.T) {
	t.Parallel()
	dir := newSite(t, nil)
	for _, tc := range []struct{ out, says string }{
		{dir, "would hold the private inputs"},
		{filepath.Join(dir, "private", "site"), ""}, // a site inside the inputs publishes nothing of them
	} {
		code, stderr := buildSite(t, dir, "--out", tc.out)
		if tc.says == "" {
			if code != 0 {
				t.Errorf("--out %s: exit %d: %s", tc.out, code, stderr)
			}
			continue
		}
		if code != 1 || !strings.Contains(stderr, tc.says) || strings.Count(strings.TrimSpace(stderr), "\n") > 1 {
			t.Errorf("--out %s: exit %d, stderr %q", tc.out, code, stderr)
		}
	}
	// Through a link to the folder that holds the inputs, too.
	link := filepath.Join(t.TempDir(), "out")
	if err := os.Symlink(dir, link); err != nil {
		t.Fatal(err)
	}
	if code, stderr := buildSite(t, dir, "--out", filepath.Join(link, "x", "..")); code != 1 || !strings.Contains(stderr, "would hold the private inputs") {
		t.Errorf("--out through a link: exit %d, stderr %q", code, stderr)
	}
}

// TestFilesTheScanCannotReadAreRefusedUnlessListed: an image in the
// content folder fails a public build, unless publish.unscanned lists it;
// the build that publishes it says so.
func TestFilesTheScanCannotReadAreRefusedUnlessListed(t *testing.T) {
	t.Parallel()
	png := "\x89PNG\r\n\x1a\n\x00\x00\x00\x0dIHDR....tEXtComment\x00Beta Scribe"
	dir := newSite(t, map[string]string{"content/figure.png": png})
	code, stderr := buildSite(t, dir)
	// The message names the file to change, in the content folder, and
	// where it would have been published.
	source := filepath.Join(dir, "content", "figure.png") + ": a file the leak scan cannot read"
	if code != 1 || !strings.Contains(stderr, source) || !strings.Contains(stderr, "publish.unscanned") ||
		!strings.Contains(stderr, "(published as "+filepath.Join(dir, "public", "figure.png")+")") {
		t.Fatalf("unlisted: exit %d, stderr %q", code, stderr)
	}
	if _, err := os.Stat(filepath.Join(dir, "public")); err == nil {
		t.Fatal("a site was written")
	}
	config := filepath.Join(dir, "config.toml")
	text := strings.Replace(string(mustRead(t, config)), "excerpts = true", "excerpts = true\nunscanned = [\"*.png\"]", 1)
	os.WriteFile(config, []byte(text), 0o644)
	code, stderr = buildSite(t, dir)
	if code != 0 || !strings.Contains(stderr, "published without a leak scan (publish.unscanned): figure.png") {
		t.Fatalf("listed: exit %d, stderr %q", code, stderr)
	}
}
