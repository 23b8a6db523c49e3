package site

import (
	"html"
	"math/rand/v2"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestHighlightGo colours each kind of Go token as the fenced code
// blocks' classes do, and escapes what HTML would read.
func TestHighlightGo(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name, code string
		want       []string // fragments of the HTML
	}{
		{"package clause", "package c5\n", []string{`<span class="hl-kn">package</span> c5`}},
		{"declaration", "func f(x int) error { return nil }",
			[]string{`<span class="hl-kd">func</span> <span class="hl-nf">f</span>(x <span class="hl-kt">int</span>)`,
				`<span class="hl-kt">error</span>`, `<span class="hl-k">return</span> <span class="hl-kc">nil</span>`}},
		{"method call", "s.Len()", []string{`s.<span class="hl-nf">Len</span>()`}},
		{"built-in", "n := len(a)", []string{`n <span class="hl-o">:=</span> <span class="hl-nb">len</span>(a)`}},
		{"numbers", "x = 0x1F + 2 + 1.5", []string{`<span class="hl-mh">0x1F</span>`, `<span class="hl-mi">2</span>`, `<span class="hl-mf">1.5</span>`}},
		{"strings", "a := \"<b>&\" + `r` + 'c'", []string{`<span class="hl-s">&#34;&lt;b&gt;&amp;&#34;</span>`,
			"<span class=\"hl-s\">`r`</span>", `<span class="hl-sc">&#39;c&#39;</span>`}},
		{"comments", "// a < b\n/* c */\n//go:embed x\n", []string{`<span class="hl-c1">// a &lt; b</span>` + "\n",
			`<span class="hl-cm">/* c */</span>`, `<span class="hl-cp">//go:embed x</span>`}},
		{"carriage returns", "// a\r\nx := `b\r\nc`\r\n", []string{"<span class=\"hl-c1\">// a\r</span>\n", "<span class=\"hl-s\">`b\r\nc`</span>"}},
		{"unterminated", "x := `open", []string{"<span class=\"hl-s\">`open</span>"}},
		{"explicit semicolon", "a; b", []string{"a; b"}},
		{"identifier", "var plain = other", []string{`<span class="hl-kd">var</span> plain <span class="hl-o">=</span> other`}},
	} {
		got := string(highlightGo(tc.code))
		if !strings.HasPrefix(got, `<pre class="hl-chroma"><code>`) || !strings.HasSuffix(got, "</code></pre>") {
			t.Errorf("%s: not a highlighted block: %q", tc.name, got)
		}
		for _, w := range tc.want {
			if !strings.Contains(got, w) {
				t.Errorf("%s: %q lacks %q", tc.name, got, w)
			}
		}
	}
}

// TestHighlightGoKeepsTheText highlights the program's own Go files, the
// method page's and more: the page's text, tags taken out, is the file's
// byte for byte.
func TestHighlightGoKeepsTheText(t *testing.T) {
	t.Parallel()
	files, err := filepath.Glob("../reports/c5/*.go")
	if err != nil || len(files) == 0 {
		t.Fatalf("no Go files: %v", err)
	}
	more, _ := filepath.Glob("*.go")
	for _, f := range append(files, more...) {
		code, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if textOf(highlightGo(string(code))) != string(code) {
			t.Errorf("%s: the highlighted text differs from the file", f)
		}
	}
}

// TestHighlightGoKeepsAnyText highlights texts that are no Go, or broken
// Go (unterminated strings and comments, bytes that are not UTF-8, a
// byte-order mark), made of pieces at random: none panics, and each
// page's text, tags taken out, is the input's.
func TestHighlightGoKeepsAnyText(t *testing.T) {
	t.Parallel()
	pieces := []string{"a", " ", "\n", "\r", "//", "/*", "*/", "`", `"`, "'", `\`, "0x", "1.5e", "\xff",
		"\xef\xbb\xbf", "é", "func", "(", ")", "<", "&", ".", "...", "go:"}
	rng := rand.New(rand.NewPCG(40, 5))
	for range 20000 {
		var b strings.Builder
		for range rng.IntN(12) {
			b.WriteString(pieces[rng.IntN(len(pieces))])
		}
		if got := textOf(highlightGo(b.String())); got != b.String() {
			t.Fatalf("%q highlighted reads %q", b.String(), got)
		}
	}
}

// textOf returns what a reader reads of highlighted HTML: its text,
// unescaped.
func textOf[S ~string](h S) string {
	return html.UnescapeString(tagPattern.ReplaceAllString(string(h), ""))
}

var tagPattern = regexp.MustCompile(`<[^>]*>`)

// TestHighlightFencedCode colours the author's fenced code in the
// languages chroma knows, and shows other code plain and escaped.
func TestHighlightFencedCode(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		lang, code, want string
	}{
		{"go", "package main\n\nfunc main() { println(\"hi\") }\n", `class="hl-kn"`},
		{"html", "<p>x</p><script>let a = 1;</script>\n", `class="hl-nt"`},
		{"toml", "[c5]\nmax_run = 12\n", `class="hl-mi"`},
		{"no-such-language", "<b> & c\n", "&lt;b&gt; &amp; c"},
	} {
		var b strings.Builder
		if err := highlight(&b, tc.lang, tc.code); err != nil {
			t.Fatalf("%s: %v", tc.lang, err)
		}
		if !strings.Contains(b.String(), tc.want) {
			t.Errorf("%s: %q lacks %q", tc.lang, b.String(), tc.want)
		}
	}
}
