package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestFixturePagesLeadBackAndShowEachJudge: a fixture's page links back to
// the page that lists the fixtures and shows what each judge returned on
// it, by the judge's display name, a miss marked as one.
func TestFixturePagesLeadBackAndShowEachJudge(t *testing.T) {
	t.Parallel()
	dir := copyDemo(t)
	if code, _, stderr := runCLI(t, "build", "--config", filepath.Join(dir, "config.toml")); code != 0 {
		t.Fatal(stderr)
	}
	page := pageText(t, filepath.Join(dir, "public", "fixtures", "T3.html"))
	raw, _ := os.ReadFile(filepath.Join(dir, "public", "fixtures", "T3.html"))
	for _, want := range []string{
		"What each judge returned",
		"a usable judge must return C1 pass, C2 FAIL",
		"Primary judge valid pass ✓ as expected FAIL ✓ as expected usable",
		"Model 2's family judge diagnostic only pass ✓ as expected pass ✗ missed unusable",
	} {
		if !strings.Contains(page, want) {
			t.Errorf("fixtures/T3.html lacks %q:\n%s", want, page)
		}
	}
	if !strings.Contains(string(raw), `<a href="../04-fixtures.html">Adversarial fixtures</a>`) {
		t.Error("fixtures/T3.html does not lead back to the fixtures page")
	}
	if strings.Contains(page, "family-2") {
		t.Error("fixtures/T3.html names a judge by its id")
	}
}
