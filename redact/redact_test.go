package redact

import (
	"os/exec"
	"strings"
	"testing"
)

// TestRendererCannotReachPrivateFindings: the renderer (site and every
// package under it) depends on the public view and on pure helpers only,
// never on a package that holds or builds from private data: the inputs,
// the measurement, the findings, the judged tier's replies, the config, or
// the redact package's private side.
func TestRendererCannotReachPrivateFindings(t *testing.T) {
	const mod = "github.com/evalpress/evalpress/"
	out, err := exec.Command("go", "list", "-deps", mod+"site/...").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	deps := strings.Fields(string(out))
	if len(deps) < 10 {
		t.Fatalf("go list returned too little: %q", deps)
	}
	forbidden := map[string]string{
		"reports/inputs": "the private inputs", "reports/c5": "the measurement", "reports/measure": "the measurement",
		"reports/c5report": "the measurement's report", "reports/findings": "the private findings",
		"reports/judged": "the judges' replies", "reports/validation": "the judged tier's private labels",
		"config": "the config", "redact": "the redaction's private side", "pipeline": "the whole build",
		"matcher": "the private terms", "leakscan": "the leak scan's private terms and passages",
	}
	// Pure packages the renderer may use: they hold no private data.
	allowed := map[string]bool{"redact/public": true, "redact/internal/seal": true, "reports/criteria": true, "config/audience": true,
		"reports/stats": true, "internal/draw": true, "internal/diag": true, "internal/parallel": true, "internal/numfmt": true}
	seen := map[string]bool{}
	for _, dep := range deps {
		rel, ok := strings.CutPrefix(dep, mod)
		if !ok {
			continue
		}
		seen[rel] = true
		switch {
		case forbidden[rel] != "":
			t.Errorf("site depends on %s, %s", rel, forbidden[rel])
		case rel == "site" || strings.HasPrefix(rel, "site/") || allowed[rel]:
		default:
			t.Errorf("site depends on %s: allow it here only if it holds and builds from no private data", rel)
		}
	}
	if !seen["redact/public"] || !seen["site/prose"] {
		t.Errorf("site does not take its input from redact/public; the test is not looking at the right packages")
	}
	for rel := range forbidden {
		if _, err := exec.Command("go", "list", mod+rel).Output(); err != nil {
			t.Errorf("forbidden package %s does not exist: the list is stale", rel)
		}
	}
}
