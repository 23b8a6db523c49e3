package site

import (
	"html"
	"regexp"
	"strings"
	"testing"

	"github.com/alecthomas/chroma/v2"
)

func TestGoTokensKeepTheSource(t *testing.T) {
	sources := []string{
		"package c5\n\nimport \"sort\"\n\n// Run is a run.\ntype Run struct{ A, B int }\n\nfunc f(x []int) int { return len(x) + 0x1F }\n",
		"package p\r\n/* a\r\nblock */\r\nvar s = `raw\r\nstring` // trailing\r\nconst c = 'x' + 1.5i\n",
		"package p\nfunc g() { a := []string{\"x\", `y`}; _ = a; for i := range 3 { println(i) } }",
		"package p\n// unterminated at the end",
		"",
	}
	for _, src := range sources {
		var b strings.Builder
		for _, tok := range goTokens(src) {
			b.WriteString(tok.Value)
		}
		if b.String() != src {
			t.Errorf("tokens join to %q, want %q", b.String(), src)
		}
		out, err := highlightGo(src)
		if err != nil {
			t.Fatal(err)
		}
		text := html.UnescapeString(regexp.MustCompile(`<[^>]*>`).ReplaceAllString(string(out), ""))
		if text != src {
			t.Errorf("highlighted text %q, want the source %q", text, src)
		}
	}
}

func TestGoTokenTypes(t *testing.T) {
	src := "package p\n\nfunc f(n int) error {\n\tif n > 0 { return nil }\n\tx := len(\"s\") // c\n\treturn g(x)\n}\n"
	want := map[string]chroma.TokenType{
		"package": chroma.KeywordNamespace, "func": chroma.KeywordDeclaration, "f": chroma.NameFunction,
		"int": chroma.KeywordType, "error": chroma.KeywordType, "if": chroma.Keyword, "nil": chroma.KeywordConstant,
		"len": chroma.NameBuiltin, `"s"`: chroma.LiteralString, "// c": chroma.CommentSingle, "g": chroma.NameFunction,
		"x": chroma.NameOther, ":=": chroma.Operator, "(": chroma.Punctuation, "0": chroma.LiteralNumberInteger,
	}
	got := map[string]chroma.TokenType{}
	for _, tok := range goTokens(src) {
		if _, seen := got[tok.Value]; !seen {
			got[tok.Value] = tok.Type
		}
	}
	for text, typ := range want {
		if got[text] != typ {
			t.Errorf("%q is %v, want %v", text, got[text], typ)
		}
	}
}
