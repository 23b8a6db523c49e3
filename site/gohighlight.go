package site

import (
	"go/scanner"
	"go/token"
	"html/template"
	"strings"
	"unicode/utf8"

	"github.com/alecthomas/chroma/v2"
)

// goTokens splits Go source into chroma tokens with go/scanner, the Go
// toolchain's own tokeniser: exact for any valid Go and some twenty times
// faster than chroma's regular-expression lexer, which made highlighting the
// method page's source the largest fixed cost of a build. Joined, the tokens'
// values are the source unchanged.
func goTokens(src string) []chroma.Token {
	var s scanner.Scanner
	fset := token.NewFileSet()
	file := fset.AddFile("", fset.Base(), len(src))
	s.Init(file, []byte(src), nil, scanner.ScanComments)
	var out []chroma.Token
	at := 0
	emit := func(typ chroma.TokenType, end int) {
		if end > at {
			out = append(out, chroma.Token{Type: typ, Value: src[at:end]})
			at = end
		}
	}
	for {
		pos, tok, lit := s.Scan()
		if tok == token.EOF {
			break
		}
		start := file.Offset(pos)
		if tok == token.SEMICOLON && lit != ";" {
			continue // inserted at a line end: not in the source
		}
		emit(chroma.TextWhitespace, start)
		text := lit
		if text == "" {
			text = tok.String()
		}
		end := start + len(text)
		if tok == token.ILLEGAL {
			// A byte that is not UTF-8 is one byte of the source, which
			// the scanner's text gives as U+FFFD, three.
			_, size := utf8.DecodeRuneInString(src[start:])
			end = start + size
		}
		// The scanner drops carriage returns from comments and raw
		// strings: their ends are found in the source.
		switch {
		case strings.HasPrefix(src[start:], "//"):
			end = len(src)
			if i := strings.IndexByte(src[start:], '\n'); i >= 0 {
				end = start + i
			}
		case strings.HasPrefix(src[start:], "/*"):
			end = len(src)
			if i := strings.Index(src[start+2:], "*/"); i >= 0 {
				end = start + 2 + i + 2
			}
		case tok == token.STRING && src[start] == '`':
			end = len(src)
			if i := strings.IndexByte(src[start+1:], '`'); i >= 0 {
				end = start + 1 + i + 1
			}
		}
		emit(goTokenType(tok, lit, src[end:]), end)
	}
	emit(chroma.TextWhitespace, len(src))
	return out
}

// goTokenType classifies a token as chroma's Go lexer does.
func goTokenType(tok token.Token, lit, rest string) chroma.TokenType {
	switch {
	case tok == token.COMMENT && strings.HasPrefix(lit, "/*"):
		return chroma.CommentMultiline
	case tok == token.COMMENT:
		return chroma.CommentSingle
	case tok == token.STRING:
		return chroma.LiteralString
	case tok == token.CHAR:
		return chroma.LiteralStringChar
	case tok == token.INT:
		return chroma.LiteralNumberInteger
	case tok == token.FLOAT:
		return chroma.LiteralNumberFloat
	case tok == token.IMAG:
		return chroma.LiteralNumber
	case tok == token.PACKAGE || tok == token.IMPORT:
		return chroma.KeywordNamespace
	case tok == token.FUNC || tok == token.VAR || tok == token.CONST || tok == token.TYPE ||
		tok == token.STRUCT || tok == token.INTERFACE || tok == token.MAP || tok == token.CHAN:
		return chroma.KeywordDeclaration
	case tok.IsKeyword():
		return chroma.Keyword
	case tok == token.IDENT:
		switch {
		case goBuiltinTypes[lit]:
			return chroma.KeywordType
		case lit == "true" || lit == "false" || lit == "nil" || lit == "iota":
			return chroma.KeywordConstant
		case strings.HasPrefix(rest, "("):
			if goBuiltinFuncs[lit] {
				return chroma.NameBuiltin
			}
			return chroma.NameFunction
		}
		return chroma.NameOther
	case tok.IsOperator() && strings.ContainsAny(tok.String(), "()[]{},;.:") && tok != token.DEFINE && tok != token.ELLIPSIS:
		return chroma.Punctuation
	}
	return chroma.Operator
}

var goBuiltinTypes = setOf("any bool byte comparable complex64 complex128 error float32 float64 int int8 int16 int32 int64 rune string uint uint8 uint16 uint32 uint64 uintptr")

var goBuiltinFuncs = setOf("append cap clear close complex copy delete imag len make max min new panic print println real recover")

func setOf(words string) map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(words) {
		m[w] = true
	}
	return m
}

// highlightGo renders Go source as highlighted HTML (CSS classes): as
// chromaFormatter formats goTokens, which a test holds it to, in a tenth of
// the time (chroma's formatter took 30 ms of every build on the method
// page's source): a line is a span of class line holding one of class cl,
// and each piece of a token on a line a span of the token's class.
func highlightGo(code string) (template.HTML, error) {
	var b strings.Builder
	b.Grow(12 * len(code)) // the method page's sources grow about ten times
	b.WriteString(`<pre class="hl-chroma"><code>`)
	inLine := false
	opens := map[chroma.TokenType]string{} // each type's opening tag
	piece := func(typ chroma.TokenType, text string) {
		if !inLine {
			b.WriteString(`<span class="hl-line"><span class="hl-cl">`)
			inLine = true
		}
		open, ok := opens[typ]
		if !ok {
			if cls := highlightClass(typ); cls != "" {
				open = `<span class="` + cls + `">`
			}
			opens[typ] = open
		}
		b.WriteString(open)
		writeEscaped(&b, text)
		if open != "" {
			b.WriteString("</span>")
		}
	}
	for _, tok := range goTokens(code) {
		rest := tok.Value
		for {
			k := strings.IndexByte(rest, '\n')
			if k < 0 {
				break
			}
			piece(tok.Type, rest[:k+1])
			b.WriteString("</span></span>")
			inLine = false
			rest = rest[k+1:]
		}
		if rest != "" {
			piece(tok.Type, rest)
		}
	}
	if inLine {
		b.WriteString("</span></span>")
	}
	b.WriteString("</code></pre>")
	return template.HTML(b.String()), nil
}

// highlightClass is the class chromaFormatter gives a token type: that of
// the type or its nearest parent in chroma's table, with the formatter's
// prefix; "" for none.
func highlightClass(t chroma.TokenType) string {
	for ; t != 0; t = t.Parent() {
		if cls, ok := chroma.StandardTypes[t]; ok {
			if cls == "" {
				return ""
			}
			return "hl-" + cls
		}
	}
	if cls := chroma.StandardTypes[0]; cls != "" {
		return "hl-" + cls
	}
	return ""
}

// writeEscaped writes text escaped as html.EscapeString escapes it, which
// chroma's formatter uses, without a copy of the text.
func writeEscaped(b *strings.Builder, text string) {
	for {
		i := indexEscape(text)
		if i < 0 {
			b.WriteString(text)
			return
		}
		b.WriteString(text[:i])
		b.WriteString(htmlEscapes[text[i]])
		text = text[i+1:]
	}
}

// htmlEscapes are html.EscapeString's escapes.
var htmlEscapes = map[byte]string{'<': "&lt;", '>': "&gt;", '&': "&amp;", '\'': "&#39;", '"': "&#34;"}
