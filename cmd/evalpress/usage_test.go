package main

import (
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// flagNames returns the --flags a text names, sorted and without repeats.
func flagNames(text string) []string {
	var out []string
	for _, m := range regexp.MustCompile(`--([a-z][a-z-]*)`).FindAllStringSubmatch(text, -1) {
		out = append(out, m[1])
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// documentedCommands returns the command list of the command line's
// reference page (docs/cli.md): its lines under "## Commands", by command.
// The list must also name help and --version, which have no synopsis of
// their own.
func documentedCommands(t *testing.T) map[string]string {
	t.Helper()
	page, err := os.ReadFile("../../docs/cli.md")
	if err != nil {
		t.Fatal(err)
	}
	_, section, ok := strings.Cut(string(page), "## Commands\n")
	if !ok {
		t.Fatal("docs/cli.md has no ## Commands section")
	}
	_, block, _ := strings.Cut(section, "```\n")
	block, _, _ = strings.Cut(block, "```")
	out := map[string]string{}
	others := map[string]bool{}
	for _, line := range strings.Split(strings.TrimSpace(block), "\n") {
		f := strings.Fields(line)
		switch {
		case len(f) < 2 || f[0] != "evalpress":
			t.Fatalf("docs/cli.md command line %q does not start with evalpress COMMAND", line)
		case f[1] == "help" || f[1] == "--version":
			others[f[1]] = true
		default:
			out[f[1]] = strings.Join(f[1:], " ")
		}
	}
	for _, name := range []string{"help", "--version"} {
		if !others[name] {
			t.Errorf("docs/cli.md's command list does not show evalpress %s", name)
		}
	}
	return out
}

func TestUsageListsEveryFlagTheDocsList(t *testing.T) {
	t.Parallel()
	documented := documentedCommands(t)
	if len(documented) != len(synopses) {
		t.Errorf("docs/cli.md lists %d commands, evalpress %d", len(documented), len(synopses))
	}
	code, _, noArgs := runCLI(t)
	if code != 2 {
		t.Errorf("no arguments: exit %d, want 2", code)
	}
	code, help, _ := runCLI(t, "--help")
	if code != 0 {
		t.Errorf("--help: exit %d, want 0", code)
	}
	for _, s := range synopses {
		line, ok := documented[s.name]
		if !ok {
			t.Errorf("docs/cli.md does not list %s", s.name)
			continue
		}
		for what, text := range map[string]string{"no arguments": noArgs, "--help": help} {
			if !strings.Contains(text, "evalpress "+s.synopsis+"\n") {
				t.Errorf("%s does not show %q", what, s.synopsis)
			}
			for _, name := range flagNames(line) {
				if !strings.Contains(lineOf(text, "evalpress "+s.name+" "), "--"+name) {
					t.Errorf("%s: docs/cli.md lists --%s for %s; the usage does not", what, name, s.name)
				}
			}
		}
		if got := strings.Join(strings.Fields(line), " "); got != synopsis(s.name) {
			t.Errorf("docs/cli.md: %q\nusage:       %q", got, synopsis(s.name))
		}
		// The command's own help defines exactly the flags its synopsis names.
		code, cmdHelp, _ := runCLI(t, s.name, "--help")
		if code != 0 {
			t.Errorf("%s --help: exit %d", s.name, code)
		}
		var defined []string
		for _, m := range regexp.MustCompile(`(?m)^  --([a-z][a-z-]*)`).FindAllStringSubmatch(cmdHelp, -1) {
			defined = append(defined, m[1])
		}
		slices.Sort(defined)
		if named := flagNames(s.synopsis); !slices.Equal(defined, named) {
			t.Errorf("%s defines flags %v; its synopsis names %v", s.name, defined, named)
		}
	}
}

// lineOf returns the first line of text that contains prefix.
func lineOf(text, prefix string) string {
	for _, l := range strings.Split(text, "\n") {
		if strings.Contains(l, prefix) {
			return l
		}
	}
	return ""
}

// TestFlagMistakes: a mistake in a command's flags is one line that spells
// the flag as the usage line does (--nosuch, never Go's -nosuch), then the
// command's usage as the hint, and exit status 2; the help is not printed.
func TestFlagMistakes(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		args []string
		line string
	}{
		{[]string{"build", "--nosuch"}, "evalpress: unknown flag --nosuch"},
		{[]string{"build", "-nosuch=3"}, "evalpress: unknown flag --nosuch"},
		{[]string{"serve", "--addr"}, "evalpress: flag needs an argument: --addr"},
		{[]string{"measure", "--inputs", "x", "--max-run", "many"}, `evalpress: invalid value "many" for --max-run: `},
		{[]string{"check", "--passages=perhaps"}, `evalpress: invalid boolean value "perhaps" for --passages: `},
		{[]string{"init", "--nosuch", "dir"}, "evalpress: unknown flag --nosuch"},
		{[]string{"register", "--nosuch"}, "evalpress: unknown flag --nosuch"},
	} {
		t.Run(strings.Join(tc.args, " "), func(t *testing.T) {
			code, stdout, stderr := runCLI(t, tc.args...)
			lines := strings.Split(strings.TrimSuffix(stderr, "\n"), "\n")
			hint := "hint: usage: evalpress " + synopsis(tc.args[0]) + "; 'evalpress " + tc.args[0] + " --help' says what each flag does"
			if code != 2 || len(lines) != 2 || !strings.HasPrefix(lines[0], tc.line) || lines[1] != hint || stdout != "" {
				t.Errorf("exit %d, stdout %q, stderr:\n%s\nwant exit 2, nothing on stdout, and\n%s\n%s", code, stdout, stderr, tc.line, hint)
			}
		})
	}
}
