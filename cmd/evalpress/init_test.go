package main

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/evalpress/evalpress/internal/testtree"
	"github.com/evalpress/evalpress/reports/inputs"
	"github.com/evalpress/evalpress/reports/judged"
)

// TestInitThenBuild: a new evaluation made by init builds at once, with no
// warning, and its site passes the leak scan run on its own.
func TestInitThenBuild(t *testing.T) {
	t.Parallel()
	dir := filepath.Join(t.TempDir(), "my eval")
	if code, stdout, stderr := runCLI(t, "init", dir); code != 0 {
		t.Fatalf("init: exit %d\n%s%s", code, stdout, stderr)
	}
	config := filepath.Join(dir, "config.toml")
	code, _, stderr := runCLI(t, "build", "--config", config)
	if code != 0 {
		t.Fatalf("build of a new evaluation: exit %d\n%s", code, stderr)
	}
	for _, line := range strings.Split(strings.TrimSpace(stderr), "\n") {
		if strings.HasPrefix(line, "evalpress:") && !strings.Contains(line, "created the key") {
			t.Errorf("build of a new evaluation said: %s", line)
		}
	}
	out, private := filepath.Join(dir, "public"), filepath.Join(dir, "private")
	for _, page := range []string{"index.html", "findings.html", "rubric.html", "protocol.html", "results.html", "judged.html", "fixtures/T1.html", "data/results.json"} {
		if _, err := os.Stat(filepath.Join(out, filepath.FromSlash(page))); err != nil {
			t.Errorf("the new evaluation's site lacks %s", page)
		}
	}
	// One small example of every input file, each described in the
	// private folder's README, and two labellers, so that the human
	// ceiling is computed between two people and the C4 classification
	// and the disagreement register are used.
	readme, _ := os.ReadFile(filepath.Join(private, "README.md"))
	j := func(name string) string { return "judged/" + name }
	for _, f := range [][2]string{ // the example, and how the README names its kind
		{inputs.SectionsFile, inputs.SectionsFile}, {inputs.ExamplesFile, inputs.ExamplesFile}, {inputs.PhrasesFile, inputs.PhrasesFile},
		{inputs.ModelsFile, inputs.ModelsFile}, {inputs.RedactFile, inputs.RedactFile},
		{j(judged.JudgesFile), j(judged.JudgesFile)}, {j(judged.LabellersFile), j(judged.LabellersFile)},
		{j(judged.AdditionsFile), j(judged.AdditionsFile)}, {j(judged.DisagreementsFile), j(judged.DisagreementsFile)},
		{j("primary.md"), j("<judge id>.md")}, {j("labels/author.md"), j("labels/<labeller>.md")}, {j("labels/second.md"), j("labels/<labeller>.md")},
		{j("fixtures/primary.md"), j("fixtures/<judge id>.md")},
	} {
		if _, err := os.Stat(filepath.Join(private, filepath.FromSlash(f[0]))); err != nil {
			t.Errorf("init wrote no example of %s", f[0])
		}
		if !strings.Contains(string(readme), "| `"+f[1]+"` |") {
			t.Errorf("private/README.md does not describe %s", f[1])
		}
	}
	var r struct {
		Agreement struct {
			Pairs []struct {
				A, B    string
				Percent *float64
			}
			Disagreements []struct{ Cause string }
		}
	}
	if err := json.Unmarshal([]byte(testtree.Read(t, out)["data/results.json"]), &r); err != nil {
		t.Fatal(err)
	}
	people := false
	for _, p := range r.Agreement.Pairs {
		people = people || p.A == "labeller-2" && p.B == "labeller-1" && p.Percent != nil
	}
	if !people {
		t.Errorf("no agreement between the two labellers: %+v", r.Agreement.Pairs)
	}
	if len(r.Agreement.Disagreements) == 0 || slices.ContainsFunc(r.Agreement.Disagreements, func(d struct{ Cause string }) bool { return d.Cause == "" }) {
		t.Errorf("the disagreement register: %+v", r.Agreement.Disagreements)
	}
	if code, stdout, stderr := runCLI(t, "check", "--leaks", out, "--inputs", private); code != 0 {
		t.Errorf("check --leaks on the new evaluation's site: exit %d\n%s%s", code, stdout, stderr)
	}
	// The judge's recorded prompt digest is the published prompt's: the
	// example judge is valid, not withheld.
	prompt, err := os.ReadFile(filepath.Join(dir, "content", "prompts", "judge.txt"))
	if err != nil {
		t.Fatal(err)
	}
	sum := sha256.Sum256(prompt)
	judges, _ := os.ReadFile(filepath.Join(private, "judged", "judges.toml"))
	if !strings.Contains(string(judges), hex.EncodeToString(sum[:])) {
		t.Error("judges.toml's prompt_sha256 is not the SHA-256 of content/prompts/judge.txt")
	}
}

// TestInitConfigExplainsEverySection: every table of the new config has a
// comment before it or on its line.
func TestInitConfigExplainsEverySection(t *testing.T) {
	t.Parallel()
	data, err := skeletonFS.ReadFile("skeleton/config.toml")
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(string(data), "\n")
	tables := 0
	for i, l := range lines {
		if !strings.HasPrefix(l, "[") {
			continue
		}
		tables++
		if !strings.Contains(l, "#") && (i == 0 || !strings.HasPrefix(lines[i-1], "#")) {
			t.Errorf("config.toml:%d: %s has no comment", i+1, l)
		}
	}
	if tables < 10 {
		t.Errorf("config.toml has %d tables", tables)
	}
	for _, want := range []string{"[c5]", "[c5.registered]", "[g1]", "[g1.targets]", "[judged]", "[runs]", "[publish]", "[[hypothesis]]", "[[fixture]]", "[inputs]"} {
		if !strings.Contains(string(data), "\n"+want) {
			t.Errorf("config.toml has no %s", want)
		}
	}
}

// TestInitKeepsThePrivateFolderOutOfGit: in a git repository made of the
// new folder, after a build, git sees neither the private folder nor the
// key nor the built site.
func TestInitKeepsThePrivateFolderOutOfGit(t *testing.T) {
	t.Parallel()
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git")
	}
	dir := filepath.Join(t.TempDir(), "eval")
	if code, _, stderr := runCLI(t, "init", dir); code != 0 {
		t.Fatalf("init: %s", stderr)
	}
	if code, _, stderr := runCLI(t, "build", "--config", filepath.Join(dir, "config.toml")); code != 0 {
		t.Fatalf("build: %s", stderr)
	}
	if _, err := os.Stat(filepath.Join(dir, "private", "evalpress.key")); err != nil {
		t.Fatalf("the build made no key: %v", err)
	}
	git := func(args ...string) string {
		cmd := exec.Command("git", args...)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "GIT_CONFIG_GLOBAL=/dev/null", "GIT_CONFIG_SYSTEM=/dev/null")
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
		return string(out)
	}
	git("init", "-q")
	status := git("status", "--porcelain", "--untracked-files=all")
	for _, leak := range []string{"private/", "evalpress.key", "public/"} {
		if strings.Contains(status, leak) {
			t.Errorf("git would add %s:\n%s", leak, status)
		}
	}
	for _, kept := range []string{"config.toml", "content/index.md", ".gitignore"} {
		if !strings.Contains(status, kept) {
			t.Errorf("git does not see %s:\n%s", kept, status)
		}
	}
}

// TestInitWritesOnlyIntoANewFolder: a folder with anything in it is left
// as it is.
func TestInitWritesOnlyIntoANewFolder(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	mine := filepath.Join(dir, "notes.txt")
	os.WriteFile(mine, []byte("mine"), 0o644)
	code, _, stderr := runCLI(t, "init", dir)
	if code != 1 || !strings.Contains(stderr, "not empty") {
		t.Errorf("init into a folder with a file: exit %d, %q", code, stderr)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 1 {
		t.Errorf("init wrote into a folder that was not empty: %d entries", len(entries))
	}
	if code, _, _ := runCLI(t, "init"); code != 2 {
		t.Errorf("init without a folder: exit %d, want 2", code)
	}
	if code, _, _ := runCLI(t, "init", "a", "b"); code != 2 {
		t.Errorf("init with two folders: exit %d, want 2", code)
	}
}

func TestHelpCommand(t *testing.T) {
	t.Parallel()
	for _, name := range []string{"build", "measure", "serve", "check", "init"} {
		code, help, _ := runCLI(t, "help", name)
		_, own, _ := runCLI(t, name, "--help")
		if code != 0 || !strings.HasPrefix(help, "Usage: evalpress "+name) || help != own {
			t.Errorf("help %s: exit %d\n%s\nwant what %s --help prints:\n%s", name, code, help, name, own)
		}
		// Flags are spelled as in the usage line, with two dashes.
		if m := regexp.MustCompile(`(?m)^  -[a-z]`).FindString(help); m != "" {
			t.Errorf("help %s spells a flag with one dash: %q", name, m)
		}
	}
	if code, usage, _ := runCLI(t, "help"); code != 0 || !strings.Contains(usage, "evalpress init    DIR") {
		t.Errorf("help: exit %d\n%s", code, usage)
	}
	if code, _, stderr := runCLI(t, "help", "nonsense"); code != 2 || !strings.Contains(stderr, `no command "nonsense"`) {
		t.Errorf("help nonsense: exit %d, %q", code, stderr)
	}
}

func TestVersion(t *testing.T) {
	t.Parallel()
	for _, arg := range []string{"--version", "version"} {
		code, out, _ := runCLI(t, arg)
		if code != 0 || !strings.HasPrefix(out, "evalpress ") || !strings.Contains(out, "go1.") {
			t.Errorf("%s: exit %d, %q", arg, code, out)
		}
	}
}
