package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/evalpress/evalpress/internal/testtree"
)

// git runs git in dir and returns its output.
func git(t *testing.T, dir string, args ...string) string {
	t.Helper()
	cmd := exec.Command("git", args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GIT_CONFIG_GLOBAL=/dev/null", "GIT_CONFIG_SYSTEM=/dev/null",
		"GIT_AUTHOR_NAME=t", "GIT_AUTHOR_EMAIL=t@example.org", "GIT_COMMITTER_NAME=t", "GIT_COMMITTER_EMAIL=t@example.org",
		"GIT_AUTHOR_DATE=2026-01-01T00:00:00Z", "GIT_COMMITTER_DATE=2026-01-01T00:00:00Z")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("git %s: %v\n%s", strings.Join(args, " "), err, out)
	}
	return string(out)
}

// TestGitCheckoutInTheOutputFolderSurvives publishes from a git repository
// in the output folder (a gh-pages checkout): ten builds, some failing and
// some killed at each step of the swap, leave its history, its status and
// the files evalpress did not write as they were.
func TestGitCheckoutInTheOutputFolderSurvives(t *testing.T) {
	t.Parallel()
	if _, err := exec.LookPath("git"); err != nil {
		t.Fatal("git is needed for this test")
	}
	dir := newSite(t, nil)
	out := filepath.Join(dir, "public")
	config := filepath.Join(dir, "config.toml")
	// Two builds: the second records its changes against the first, as
	// every later one will.
	for range 2 {
		if code, stderr := runChild(t, "", "build", "--config", config); code != 0 {
			t.Fatal(stderr)
		}
	}
	git(t, out, "init", "-q", "-b", "gh-pages")
	testtree.Write(t, out, "", map[string]string{"CNAME": "evals.example.org\n", ".nojekyll": ""})
	git(t, out, "add", "-A")
	git(t, out, "commit", "-q", "-m", "first publication")
	history := git(t, out, "log", "--format=%H %s")
	leaky := strings.Replace(string(mustRead(t, "../../templates/doc.html")), "{{.Body}}", "{{.Body}}<p>by BETA&#32;scribe</p>", 1)
	builds := []struct {
		name, killAt string
		args         []string
		fails        int    // the exit status of a build that fails
		says         string // and what it says
	}{
		{name: "rebuild"},
		{name: "killed once written", killAt: "written:1"},
		{name: "killed after the journal", killAt: "journal:1"},
		{name: "killed while carrying", killAt: "carry:2"},
		{name: "killed once swapped", killAt: "swapped:1"},
		{name: "bad setting", args: []string{"--set", "c5.max_run=-3"}, fails: 2, says: "negative"},
		{name: "killed before the journal is removed", killAt: "removed:1"},
		{name: "leak found", args: []string{"--config", filepath.Join(dir, "leaky", "config.toml")}, fails: 1, says: "leak scan:"},
		{name: "rebuild after all that"},
		{name: "killed again after the journal", killAt: "journal:1"},
	}
	// The leaky build: the same artifact, a template that prints a model
	// name, the same output folder.
	leakyConfig := strings.Replace(string(mustRead(t, config)), `out = "public"`, `out = "../public"`, 1)
	leakyConfig = strings.Replace(leakyConfig, `dir = "private"`, `dir = "../private"`, 1)
	leakyConfig = strings.Replace(leakyConfig, `content_dir = "content"`, `content_dir = "../content"`, 1)
	testtree.Write(t, filepath.Join(dir, "leaky"), "", map[string]string{"config.toml": leakyConfig, "templates/doc.html": leaky})
	for i, b := range builds {
		args := append([]string{"build", "--config", config}, b.args...)
		code, stderr := runChild(t, b.killAt, args...)
		switch {
		case b.killAt != "" && code != -1:
			t.Fatalf("build %d (%s): exit %d, want it killed: %s", i+1, b.name, code, stderr)
		case b.killAt == "" && (code != b.fails || !strings.Contains(stderr, b.says)):
			t.Fatalf("build %d (%s): exit %d: %s", i+1, b.name, code, stderr)
		}
		if b.killAt != "" {
			// The next build recovers what the killed one left.
			code, stderr := runChild(t, "", "build", "--config", config)
			if code != 0 || !strings.Contains(stderr, "interrupted build") {
				t.Fatalf("build after %s: exit %d, stderr %q; want it to say what it recovered", b.name, code, stderr)
			}
		}
		if st := git(t, out, "status", "--porcelain", "--untracked-files=all"); st != "" {
			t.Errorf("after build %d (%s) git status is not clean:\n%s", i+1, b.name, st)
		}
		if h := git(t, out, "log", "--format=%H %s"); h != history {
			t.Errorf("after build %d (%s) the history changed:\n%s", i+1, b.name, h)
		}
	}
	git(t, out, "fsck", "--strict", "--no-progress")
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		if name := e.Name(); strings.HasPrefix(name, ".public.") && name != ".public.lock" {
			t.Errorf("%s left beside the site", name)
		}
	}
}
