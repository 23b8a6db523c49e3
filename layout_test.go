package evalpress

import (
	"os/exec"
	"strings"
	"testing"
)

// TestHelpersDoNotReachTheDomain: the packages under internal/ are helpers
// (diagnostics, cache files, locks, JavaScript compatibility) and the site
// writer writes files: none of them imports a stage of the build (the
// inputs, measurement, findings, redaction, config, rendering, pipeline). A
// helper that needs one belongs to the stage it serves. Their tests may
// use the stages, to check a helper against them.
func TestHelpersDoNotReachTheDomain(t *testing.T) {
	const mod = "github.com/evalpress/evalpress/"
	out, err := exec.Command("go", "list", "-f", `{{.ImportPath}} {{join .Imports " "}}`, "./internal/...", "./sitewrite").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	domain := func(rel string) bool {
		for _, d := range []string{"redact", "reports", "site", "pipeline", "config", "serve", "cmd"} {
			if rel == d || strings.HasPrefix(rel, d+"/") {
				return true
			}
		}
		return false
	}
	// What the site writer writes, and the audience names it reads.
	allowed := map[string]map[string]bool{"sitewrite": {"site": true, "redact/public": true}}
	packages := 0
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		fields := strings.Fields(line)
		pkg := strings.TrimPrefix(fields[0], mod)
		packages++
		for _, imp := range fields[1:] {
			rel, ok := strings.CutPrefix(imp, mod)
			if ok && domain(rel) && !allowed[pkg][rel] {
				t.Errorf("%s imports %s: a helper must not depend on a stage of the build; move it to the stage it serves", pkg, rel)
			}
		}
	}
	if packages < 8 {
		t.Fatalf("go list found %d packages: the test is not looking at the right ones", packages)
	}
	if !domain("reports/inputs") || !domain("redact") || domain("internal/diag") {
		t.Fatal("the list of the build's stages is wrong")
	}
}
