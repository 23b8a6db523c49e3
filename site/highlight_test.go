package site

import (
	"reflect"
	"strings"
	"sync"
	"testing"

	"github.com/alecthomas/chroma/v2"
	"github.com/alecthomas/chroma/v2/lexers"
	"github.com/dlclark/regexp2/v2"
)

// TestHighlightHasNoTimeout highlights code of languages that hand parts
// of it to other lexers (HTML's script and style, a Markdown block of
// Go), and then holds every compiled lexer of the registry to rules that
// match without chroma's 250 ms timeout, which on a loaded machine let a
// rule lose its match and the same code be coloured otherwise.
func TestHighlightHasNoTimeout(t *testing.T) {
	blocks := map[string]string{
		"go":     "package main\n\nfunc main() { println(\"hi\") }\n",
		"html":   "<p>x</p><script>let a = 1;</script><style>p { color: red }</style>\n",
		"python": "def f(x):\n    return x + 1\n",
		"bash":   "for f in *; do echo \"$f\"; done\n",
		"toml":   "[c5]\nmax_run = 12\n",
		"md":     "# Title\n\n```go\nvar x = 1\n```\n",
	}
	for lang, code := range blocks {
		var b strings.Builder
		if err := highlight(&b, lang, code); err != nil {
			t.Fatalf("%s: %v", lang, err)
		}
		if !strings.Contains(b.String(), "hl-") {
			t.Errorf("%s: no highlighting in %q", lang, b.String())
		}
	}
	compiled := map[string]bool{}
	for _, l := range lexers.GlobalLexerRegistry.Lexers {
		r, ok := l.(*chroma.RegexLexer)
		if !ok || !isCompiled(r) {
			continue
		}
		compiled[r.Config().Name] = true
		rules := reflect.ValueOf(r).Elem().FieldByName("rules")
		for it := rules.MapRange(); it.Next(); {
			for i := range it.Value().Len() {
				re := it.Value().Index(i).Elem().FieldByName("Regexp")
				if re.IsNil() {
					continue
				}
				if got := (*regexp2.Regexp)(re.UnsafePointer()).MatchTimeout; got != forever {
					t.Fatalf("%s: a rule of state %v matches with a timeout of %v", r.Config().Name, it.Key(), got)
				}
			}
		}
	}
	// HTML hands its script to JavaScript and its style to CSS: those were
	// compiled while a highlight ran, and untimed too.
	for _, name := range []string{"Go", "HTML", "JavaScript", "CSS", "Python", "Bash", "TOML"} {
		if !compiled[name] {
			t.Errorf("lexer %s was not compiled; compiled: %v", name, compiled)
		}
	}
}

// TestHighlightIsTheSameAtOnce highlights the same code from many
// goroutines at once, as the pages of a build are rendered: every one
// gives the same HTML (the race detector checks the untiming's locks).
func TestHighlightIsTheSameAtOnce(t *testing.T) {
	code := "<div><script>var s = \"x\";</script><style>a{b:c}</style></div>\n"
	var want strings.Builder
	if err := highlight(&want, "html", code); err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	errs := make(chan string, 16)
	for range 16 {
		wg.Go(func() {
			var b strings.Builder
			if err := highlight(&b, "xml", code); err != nil {
				errs <- err.Error()
				return
			}
			var h strings.Builder
			if err := highlight(&h, "html", code); err != nil {
				errs <- err.Error()
				return
			}
			if h.String() != want.String() {
				errs <- "html highlighted otherwise: " + h.String()
			}
		})
	}
	wg.Wait()
	close(errs)
	for e := range errs {
		t.Error(e)
	}
}
