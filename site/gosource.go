package site

import (
	"go/scanner"
	"go/token"
	"html/template"
	"strings"
)

// highlightGo renders Go source as highlighted HTML, in the classes and
// colours of the fenced code blocks (highlight.css): the method page's
// source, which is the program's own. It reads the code with the standard
// library's scanner, which knows every Go token and takes no regular
// expressions, no timeouts and a few milliseconds for the method page's
// files. Identifiers, punctuation and spaces are left unwrapped: their
// colour is the text's.
func highlightGo(code string) template.HTML {
	toks := scanGo(code)
	var b strings.Builder
	b.Grow(len(code) * 2)
	b.WriteString(`<pre class="hl-chroma"><code>`)
	at := 0
	for i, t := range toks {
		// A token the scanner could not read may end past the next one's
		// start: each is shown from where the last ended, once.
		start := max(t.start, at)
		end := max(t.end, start)
		template.HTMLEscape(&b, []byte(code[at:start]))
		text := code[start:end]
		class := goClass(t.tok, text)
		if t.tok == token.IDENT && class == "" && i+1 < len(toks) && toks[i+1].tok == token.LPAREN {
			class = "hl-nf" // a called or declared function
		}
		if class == "" {
			template.HTMLEscape(&b, []byte(text))
		} else {
			b.WriteString(`<span class="` + class + `">`)
			template.HTMLEscape(&b, []byte(text))
			b.WriteString(`</span>`)
		}
		at = end
	}
	template.HTMLEscape(&b, []byte(code[at:]))
	b.WriteString("</code></pre>")
	return template.HTML(b.String())
}

// goToken is one token of Go source, by its byte offsets.
type goToken struct {
	tok        token.Token
	start, end int
}

// scanGo returns the tokens of code as written, comments included and the
// semicolons the scanner inserts at line ends left out. Text the scanner
// cannot read (none in the program's own source) stays between tokens,
// shown plain.
func scanGo(code string) []goToken {
	fset := token.NewFileSet()
	src := []byte(code)
	file := fset.AddFile("", fset.Base(), len(src))
	var s scanner.Scanner
	s.Init(file, src, func(token.Position, string) {}, scanner.ScanComments)
	var toks []goToken
	for {
		pos, tok, lit := s.Scan()
		if tok == token.EOF {
			return toks
		}
		if tok == token.SEMICOLON && lit != ";" {
			continue // inserted at a newline or the end
		}
		start := file.Offset(pos)
		toks = append(toks, goToken{tok: tok, start: start, end: tokenEnd(code, start, tok, lit)})
	}
}

// tokenEnd returns the offset just past the token at start. The scanner
// gives a comment's and a raw string's text without its carriage returns,
// so those end where their closing delimiter does in code.
func tokenEnd(code string, start int, tok token.Token, lit string) int {
	rest := code[start:]
	closing, skip := "", 0
	switch {
	case lit == "":
		return min(start+len(tok.String()), len(code))
	case strings.HasPrefix(rest, "//"):
		closing = "\n"
	case strings.HasPrefix(rest, "/*"):
		closing, skip = "*/", 2
	case strings.HasPrefix(rest, "`"):
		closing, skip = "`", 1
	default:
		// An unreadable byte's text is U+FFFD, longer than the byte.
		return min(start+len(lit), len(code))
	}
	i := strings.Index(rest[skip:], closing)
	switch {
	case i < 0:
		return len(code) // unterminated: to the end
	case closing == "\n":
		return start + i
	}
	return start + skip + i + len(closing)
}

// goClass returns the highlighting class of a token, "" for one shown in
// the text's colour.
func goClass(tok token.Token, text string) string {
	switch {
	case tok == token.COMMENT && strings.HasPrefix(text, "//go:"):
		return "hl-cp" // a directive
	case tok == token.COMMENT && strings.HasPrefix(text, "/*"):
		return "hl-cm"
	case tok == token.COMMENT:
		return "hl-c1"
	case tok == token.PACKAGE || tok == token.IMPORT:
		return "hl-kn"
	case tok == token.VAR || tok == token.CONST || tok == token.FUNC || tok == token.TYPE ||
		tok == token.STRUCT || tok == token.INTERFACE || tok == token.MAP || tok == token.CHAN:
		return "hl-kd"
	case tok.IsKeyword():
		return "hl-k"
	case tok == token.IDENT:
		return goIdentClasses[text]
	case tok == token.INT && len(text) > 1 && (text[1] == 'x' || text[1] == 'X'):
		return "hl-mh"
	case tok == token.INT:
		return "hl-mi"
	case tok == token.FLOAT:
		return "hl-mf"
	case tok == token.IMAG:
		return "hl-m"
	case tok == token.CHAR:
		return "hl-sc"
	case tok == token.STRING:
		return "hl-s"
	case tok.IsOperator() && !goPunctuation[tok]:
		return "hl-o"
	}
	return ""
}

// goPunctuation are the operators shown as punctuation, in the text's colour.
var goPunctuation = map[token.Token]bool{
	token.LPAREN: true, token.RPAREN: true, token.LBRACK: true, token.RBRACK: true,
	token.LBRACE: true, token.RBRACE: true, token.COMMA: true, token.SEMICOLON: true,
	token.PERIOD: true, token.COLON: true,
}

// goIdentClasses classes the predeclared identifiers: types, constants and
// built-in functions.
var goIdentClasses = func() map[string]string {
	m := map[string]string{}
	for _, t := range strings.Fields("any bool byte comparable complex64 complex128 error float32 float64 " +
		"int int8 int16 int32 int64 rune string uint uint8 uint16 uint32 uint64 uintptr") {
		m[t] = "hl-kt"
	}
	for _, c := range strings.Fields("true false iota nil") {
		m[c] = "hl-kc"
	}
	for _, f := range strings.Fields("append cap clear close complex copy delete imag len make max min new " +
		"panic print println real recover") {
		m[f] = "hl-nb"
	}
	return m
}()
