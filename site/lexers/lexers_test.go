package lexers

import (
	"bytes"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"strings"
	"testing"

	"github.com/alecthomas/chroma/v2"
	chromalexers "github.com/alecthomas/chroma/v2/lexers"
)

// TestMain checks, before any test asks for a lexer, that starting the
// program read no definition: the reading waits for the first code block.
func TestMain(m *testing.M) {
	if n := loads.Load(); n != 0 {
		fmt.Fprintf(os.Stderr, "the definitions were read %d times before any lexer was asked for\n", n)
		os.Exit(1)
	}
	os.Exit(m.Run())
}

// TestCopiesAreChromas holds every definition, and the licence, to the
// bytes of chroma's own, in the version go.mod names.
func TestCopiesAreChromas(t *testing.T) {
	out, err := exec.Command("go", "list", "-m", "-f", "{{.Dir}}", "github.com/alecthomas/chroma/v2").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	chromaDir := strings.TrimSpace(string(out))
	files, err := fs.Glob(definitions, "xml/*.xml")
	if err != nil || len(files) < 20 {
		t.Fatalf("%d definitions (%v): the set is not where it should be", len(files), err)
	}
	compare := func(ours []byte, theirs string) {
		t.Helper()
		want, err := os.ReadFile(theirs)
		if err != nil {
			t.Fatalf("%v: a definition chroma no longer has", err)
		}
		if !bytes.Equal(ours, want) {
			t.Errorf("%s differs from chroma's: copy it again", theirs)
		}
	}
	for _, f := range files {
		ours, err := definitions.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		compare(ours, filepath.Join(chromaDir, "lexers", "embedded", path.Base(f)))
	}
	licence, err := os.ReadFile(filepath.Join("xml", "COPYING"))
	if err != nil {
		t.Fatal(err)
	}
	compare(licence, filepath.Join(chromaDir, "COPYING"))
}

// samples are code in each language of the set. HTML's script and style
// and Docker's RUN are handed to other lexers of the set.
var samples = map[string]string{
	"Bash":         "for f in *.md; do echo \"$f\" | wc -w; done # count\n",
	"Bash Session": "$ evalpress build --set c5.max_run=10\nwrote public/\n",
	"C":            "#include <stdio.h>\nint main(void) { return printf(\"%d\\n\", 1); }\n",
	"C++":          "template <class T> T twice(T x) { return x * 2; } // c++\n",
	"CSS":          "body { color: #123456; margin: 0 auto; }\n",
	"CSV":          "cell,verdict,run\nA/HOOK,pass,3\n",
	"Diff":         "--- a\n+++ b\n@@ -1 +1 @@\n-old\n+new\n",
	"Docker":       "FROM debian:stable\nRUN apt-get install -y chromium && echo done\n",
	"HTML":         "<p class=\"x\">hi</p><script>let a = 1;</script><style>p { color: red }</style>\n",
	"INI":          "[section]\nkey = value ; note\n",
	"Java":         "public class A { static int n = 3; }\n",
	"JavaScript":   "const words = text.split(/\\s+/).filter(Boolean); // as the reference\n",
	"JSON":         "{\"criteria\": {\"C5\": {\"verdict\": \"pass\", \"limits\": [12, 0.1]}}}\n",
	"Julia":        "function f(x::Int) x^2 end\n",
	"Makefile":     "all: site\n\tgo run ./cmd/evalpress build\n",
	"plaintext":    "just <text> & more\n",
	"PowerShell":   "Get-ChildItem -Path . | Where-Object { $_.Length -gt 0 }\n",
	"Python":       "def kappa(a, b):\n    return sum(x == y for x, y in zip(a, b)) / len(a)  # agreement\n",
	"R":            "fit <- glm(pass ~ model, family = binomial, data = d)\n",
	"Rust":         "fn main() { let v: Vec<u32> = vec![1, 2]; println!(\"{:?}\", v); }\n",
	"SQL":          "SELECT model, count(*) FROM cells WHERE verdict = 'FAIL' GROUP BY model;\n",
	"TeX":          "\\kappa = \\frac{p_o - p_e}{1 - p_e} % Cohen\n",
	"TOML":         "[c5]\nmax_run = 12 # words\nmax_overlap = 0.10\n",
	"TypeScript":   "interface Cell { verdict: 'pass' | 'FAIL'; run: number }\n",
	"XML":          "<?xml version=\"1.0\"?><a b=\"c\">d</a>\n",
	"YAML":         "criteria:\n  - id: C5\n    max_run: 12\n",
}

// TestEveryLexerHighlightsAsChromas tokenises a sample of every language of
// the set, found by its name, and checks the tokens are those chroma's own
// registry gives, and that the sample's code is highlighted, not left as
// one run of text.
func TestEveryLexerHighlightsAsChromas(t *testing.T) {
	reg, err := registry()
	if err != nil {
		t.Fatal(err)
	}
	names := reg.Names(false)
	if len(names) != len(samples) {
		t.Errorf("%d languages %v, %d samples: give every language a sample", len(names), names, len(samples))
	}
	for _, name := range names {
		sample, ok := samples[name]
		if !ok {
			t.Errorf("no sample for %s", name)
			continue
		}
		ours, err := Get(name)
		if err != nil || ours == nil {
			t.Fatalf("Get(%q) = %v, %v", name, ours, err)
		}
		got := tokens(t, ours, sample)
		want := tokens(t, chromalexers.Get(name), sample)
		if got != want {
			t.Errorf("%s tokenises\n%s\nchroma's own:\n%s", name, got, want)
		}
		if name != "plaintext" && !strings.Contains(got, "\n") {
			t.Errorf("%s leaves its sample as one token: %s", name, got)
		}
	}
}

// tokens lists the tokens of code, one per line.
func tokens(t *testing.T, lexer chroma.Lexer, code string) string {
	t.Helper()
	it, err := lexer.Tokenise(nil, code)
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	var joined strings.Builder
	for i, tok := range it.Tokens() {
		if i > 0 {
			b.WriteByte('\n')
		}
		fmt.Fprintf(&b, "%s %q", tok.Type, tok.Value)
		joined.WriteString(tok.Value)
	}
	if joined.String() != code {
		t.Errorf("%s's tokens join to %q, not the code", lexer.Config().Name, joined.String())
	}
	return b.String()
}

// TestGetFindsWhatChromaFinds looks up the names a code block gives its
// language as chroma's registry does (aliases, any case, file extensions),
// and nothing for a language outside the set.
func TestGetFindsWhatChromaFinds(t *testing.T) {
	for _, tc := range []struct{ language, want string }{
		{"sh", "Bash"}, {"shell", "Bash"}, {"console", "Bash Session"}, {"py", "Python"}, {"Python3", "Python"},
		{"js", "JavaScript"}, {"ts", "TypeScript"}, {"yml", "YAML"}, {"jsonl", "JSON"}, {"latex", "TeX"},
		{"text", "plaintext"}, {"cpp", "C++"}, {"dockerfile", "Docker"}, {"r", "R"}, {"tsv", ""},
		{"brainfuck", ""}, {"go", ""}, {"", ""},
	} {
		lexer, err := Get(tc.language)
		if err != nil {
			t.Fatal(err)
		}
		got := ""
		if lexer != nil {
			got = lexer.Config().Name
		}
		if got != tc.want {
			t.Errorf("Get(%q) = %q, want %q", tc.language, got, tc.want)
		}
		if tc.want != "" {
			if theirs := chromalexers.Get(tc.language); theirs == nil || theirs.Config().Name != tc.want {
				t.Errorf("chroma finds %v for %q, not %s: the test's table is wrong", theirs, tc.language, tc.want)
			}
		}
	}
	if n := loads.Load(); n != 1 {
		t.Errorf("the definitions were read %d times, want once", n)
	}
}
