package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// runCLI runs the command line and returns its exit status and outputs.
func runCLI(t *testing.T, args ...string) (int, string, string) {
	t.Helper()
	var stdout, stderr bytes.Buffer
	code := run(context.Background(), args, &stdout, &stderr)
	return code, stdout.String(), stderr.String()
}

func writeInputs(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	for name, content := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

func TestMeasureCommand(t *testing.T) {
	t.Parallel()
	good := writeInputs(t, map[string]string{
		"sections.md": "# W\n## HOOK\nsome words that are copied from the example here today\n",
		"examples.md": "## HOOK\nsome words that are copied from the example here\n",
	})
	tests := []struct {
		name       string
		args       []string
		code       int
		stdout     string // substring
		stderrLine string // prefix of the first stderr line; "" means empty stderr
	}{
		{"text", []string{"measure", "--inputs", good}, 0, "W           HOOK                10     9   66.7%  FAIL", ""},
		{"threshold flag", []string{"measure", "--inputs", good, "--max-run", "5"}, 0, "MAX_RUN=5", ""},
		{"json", []string{"measure", "--inputs", good, "--format", "json"}, 0, `"verdict": "FAIL"`, ""},
		{"csv", []string{"measure", "--inputs", good, "--format", "csv"}, 0, "W,HOOK,2,10,9,", ""},
		{"help", []string{"measure", "--help"}, 0, "-max-overlap share", ""},
		{"missing inputs flag", []string{"measure"}, 2, "", "evalpress: measure: --inputs is required"},
		{"bad format", []string{"measure", "--inputs", good, "--format", "xml"}, 2, "", `evalpress: measure: unknown --format "xml" (one of csv, json, text)`},
		{"negative run", []string{"measure", "--inputs", good, "--max-run", "-1"}, 2, "", "evalpress: measure: max run -1 is negative"},
		{"overlap out of range", []string{"measure", "--inputs", good, "--max-overlap", "1.5"}, 2, "", "evalpress: measure: max overlap 1.5 is outside 0..1"},
		{"ngram zero", []string{"measure", "--inputs", good, "--ngram", "0"}, 2, "", "evalpress: measure: n-gram size 0 is less than 1"},
		{"not a number", []string{"measure", "--inputs", good, "--max-run", "x"}, 2, "", `evalpress: invalid value "x" for --max-run`},
		{"unknown flag", []string{"measure", "--bogus"}, 2, "", "evalpress: unknown flag --bogus"},
		{"missing folder", []string{"measure", "--inputs", filepath.Join(good, "nope")}, 1, "", "evalpress: " + filepath.Join(good, "nope") + ": inputs folder does not exist"},
		{"unknown command", []string{"mesure"}, 2, "", `evalpress: unknown command "mesure"`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			code, stdout, stderr := runCLI(t, tc.args...)
			if code != tc.code {
				t.Errorf("exit %d, want %d (stderr %q)", code, tc.code, stderr)
			}
			if !strings.Contains(stdout, tc.stdout) {
				t.Errorf("stdout %q does not contain %q", stdout, tc.stdout)
			}
			first, _, _ := strings.Cut(stderr, "\n")
			if (tc.stderrLine == "") != (stderr == "") || !strings.HasPrefix(first, tc.stderrLine) {
				t.Errorf("stderr %q, want first line starting %q", stderr, tc.stderrLine)
			}
			if strings.Contains(stderr, "goroutine ") || strings.Contains(stderr, "panic") {
				t.Errorf("stderr holds a Go stack trace: %q", stderr)
			}
		})
	}
}

func TestMeasureBadInputIsOneLineWithFileAndLine(t *testing.T) {
	t.Parallel()
	dir := writeInputs(t, map[string]string{
		"sections.md": "# W\n## HOOK\nok\n## HOOK\nagain\n",
		"examples.md": "## HOOK\nx\n",
	})
	code, stdout, stderr := runCLI(t, "measure", "--inputs", dir)
	if code != 1 || stdout != "" {
		t.Fatalf("exit %d, stdout %q; want 1 and nothing printed", code, stdout)
	}
	lines := strings.Split(strings.TrimSpace(stderr), "\n")
	want := "evalpress: " + filepath.Join(dir, "sections.md") + `:4: section "HOOK" appears twice in the script of line 1 (first at line 2)`
	if lines[0] != want {
		t.Fatalf("stderr line %q\nwant %q", lines[0], want)
	}
	if len(lines) != 2 || !strings.HasPrefix(lines[1], "hint: ") {
		t.Fatalf("want the error and one hint line, got %q", lines)
	}
}

func TestMeasureWarningsGoToStderr(t *testing.T) {
	t.Parallel()
	dir := writeInputs(t, map[string]string{
		"sections.md": "Draft title\n# W\n## HOOK\nsome words\n",
		"examples.md": "## HOOK\nsome words\n",
	})
	code, stdout, stderr := runCLI(t, "measure", "--inputs", dir)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if !strings.HasPrefix(stdout, "C5 paraphrase compliance") {
		t.Errorf("stdout should be the report alone, got %q", stdout)
	}
	if want := filepath.Join(dir, "sections.md") + ":1: warning: text before the first heading is not measured"; !strings.Contains(stderr, want) {
		t.Errorf("stderr %q lacks %q", stderr, want)
	}
}
