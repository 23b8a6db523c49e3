package prose

import (
	"fmt"
	"strconv"
	"strings"
)

// expr is a parsed expression.
type expr interface {
	// text is the expression as an author would write it, for messages.
	text() string
}

// literal is a number, a share ("10%") or a string.
type literal struct {
	v   Value
	src string
}

// call is a function of the resolver table with its arguments: positional
// words and key=value filters.
type call struct {
	name    string
	words   []string
	cols    []int // 1-based column of each word
	filters []filterArg
	col     int // 1-based column of the name inside the placeholder
}

// filterArg is one key=value argument.
type filterArg struct {
	key, value string
	col        int
}

// compare is a comparison of two operands.
type compare struct {
	op          string
	left, right expr
}

// logic is "and", "or" or "not" (right is nil for "not").
type logic struct {
	op          string
	left, right expr
}

func (l literal) text() string { return l.src }
func (c call) text() string {
	var args []string
	for _, w := range c.words {
		args = append(args, quoteWord(w))
	}
	for _, f := range c.filters {
		args = append(args, f.key+"="+quoteWord(f.value))
	}
	return c.name + "(" + strings.Join(args, ", ") + ")"
}
func (c compare) text() string { return c.left.text() + " " + c.op + " " + c.right.text() }
func (l logic) text() string {
	if l.op == "not" {
		return "not " + l.left.text()
	}
	return l.left.text() + " " + l.op + " " + l.right.text()
}

// quoteWord writes w bare when it is a name, quoted otherwise.
func quoteWord(w string) string {
	if isName(w) {
		return w
	}
	return strconv.Quote(w)
}

func isName(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if !isNameByte(s[i]) {
			return false
		}
	}
	return true
}

func isNameByte(c byte) bool {
	return c == '_' || c == '.' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}

// token kinds.
const (
	tokName   = "name"
	tokString = "string"
	tokNumber = "number"
	tokOp     = "operator"
	tokEnd    = "end"
)

type token struct {
	kind, text string
	col        int // 1-based, inside the placeholder's text
}

// SyntaxError is a malformed placeholder; Col is 1-based inside the
// placeholder's inner text.
type SyntaxError struct {
	Col int
	Msg string
}

func (e *SyntaxError) Error() string { return e.Msg }

func lex(s string) ([]token, error) {
	var toks []token
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r':
			i++
		case c == '"':
			j := i + 1
			var b strings.Builder
			for ; j < len(s) && s[j] != '"'; j++ {
				if s[j] == '\\' && j+1 < len(s) {
					j++
				}
				b.WriteByte(s[j])
			}
			if j >= len(s) {
				return nil, &SyntaxError{Col: i + 1, Msg: "unclosed quote"}
			}
			toks = append(toks, token{tokString, b.String(), i + 1})
			i = j + 1
		case c >= '0' && c <= '9':
			j := i
			for j < len(s) && (s[j] >= '0' && s[j] <= '9' || s[j] == '.') {
				j++
			}
			if j < len(s) && s[j] == '%' {
				j++
			}
			if j < len(s) && isNameByte(s[j]) {
				for j < len(s) && isNameByte(s[j]) {
					j++
				}
				toks = append(toks, token{tokName, s[i:j], i + 1}) // "8grams"-like words are names
			} else {
				toks = append(toks, token{tokNumber, s[i:j], i + 1})
			}
			i = j
		case isNameByte(c):
			j := i
			for j < len(s) && isNameByte(s[j]) {
				j++
			}
			toks = append(toks, token{tokName, s[i:j], i + 1})
			i = j
		default:
			op := ""
			for _, o := range []string{"<=", ">=", "==", "!=", "<", ">", "(", ")", ",", "="} {
				if strings.HasPrefix(s[i:], o) {
					op = o
					break
				}
			}
			if op == "" {
				return nil, &SyntaxError{Col: i + 1, Msg: fmt.Sprintf("unexpected character %q", c)}
			}
			toks = append(toks, token{tokOp, op, i + 1})
			i += len(op)
		}
	}
	return append(toks, token{kind: tokEnd, col: len(s) + 1}), nil
}

type exprParser struct {
	toks []token
	pos  int
}

func (p *exprParser) peek() token { return p.toks[p.pos] }
func (p *exprParser) next() token {
	t := p.toks[p.pos]
	if t.kind != tokEnd {
		p.pos++
	}
	return t
}

func (p *exprParser) errorf(t token, format string, args ...any) error {
	return &SyntaxError{Col: t.col, Msg: fmt.Sprintf(format, args...)}
}

// parseExpr parses a whole expression. A placeholder that is a single
// function may also be written with its arguments after the name,
// separated by spaces ("count fails", "cell "Model 2" HOOK run").
func parseExpr(s string) (expr, error) {
	toks, err := lex(s)
	if err != nil {
		return nil, err
	}
	p := &exprParser{toks: toks}
	if len(toks) >= 3 && toks[0].kind == tokName && !isKeyword(toks[0]) && isWord(toks[1]) && !isKeyword(toks[1]) {
		c := call{name: toks[0].text, col: toks[0].col}
		p.next()
		for isWord(p.peek()) {
			w := p.next()
			c.words, c.cols = append(c.words, w.text), append(c.cols, w.col)
		}
		if t := p.peek(); t.kind != tokEnd {
			return nil, p.errorf(t, "unexpected %q after %s; to compare, write %s(...) with parentheses", t.text, c.name, c.name)
		}
		return c, nil
	}
	e, err := p.or()
	if err != nil {
		return nil, err
	}
	if t := p.peek(); t.kind != tokEnd {
		return nil, p.errorf(t, "unexpected %q", t.text)
	}
	return e, nil
}

func isKeyword(t token) bool {
	return t.kind == tokName && (t.text == "and" || t.text == "or" || t.text == "not")
}

func isWord(t token) bool { return t.kind == tokName || t.kind == tokString || t.kind == tokNumber }

func (p *exprParser) or() (expr, error) { return p.binary("or", p.and) }

func (p *exprParser) and() (expr, error) { return p.binary("and", p.not) }

// binary parses operands joined by the keyword op, left to right.
func (p *exprParser) binary(op string, operand func() (expr, error)) (expr, error) {
	left, err := operand()
	for err == nil && p.peek().kind == tokName && p.peek().text == op {
		p.next()
		var right expr
		right, err = operand()
		left = logic{op: op, left: left, right: right}
	}
	return left, err
}

func (p *exprParser) not() (expr, error) {
	if t := p.peek(); t.kind == tokName && t.text == "not" {
		p.next()
		e, err := p.not()
		return logic{op: "not", left: e}, err
	}
	return p.compare()
}

func (p *exprParser) compare() (expr, error) {
	left, err := p.operand()
	if err != nil {
		return nil, err
	}
	if t := p.peek(); t.kind == tokOp && strings.ContainsAny(t.text[:1], "<>=!") {
		if t.text == "=" {
			return nil, p.errorf(t, "use == to compare")
		}
		p.next()
		right, err := p.operand()
		if err != nil {
			return nil, err
		}
		return compare{op: t.text, left: left, right: right}, nil
	}
	return left, nil
}

func (p *exprParser) operand() (expr, error) {
	t := p.next()
	switch t.kind {
	case tokNumber:
		v, err := parseNumber(t.text)
		if err != nil {
			return nil, p.errorf(t, "%v", err)
		}
		return literal{v: v, src: t.text}, nil
	case tokString:
		return literal{v: Value{Kind: Text, Text: t.text}, src: strconv.Quote(t.text)}, nil
	case tokOp:
		if t.text == "(" {
			e, err := p.or()
			if err != nil {
				return nil, err
			}
			if c := p.next(); c.text != ")" {
				return nil, p.errorf(c, "expected \")\"")
			}
			return e, nil
		}
	case tokName:
		if isKeyword(t) {
			break
		}
		c := call{name: t.text, col: t.col}
		if p.peek().text != "(" || p.peek().kind != tokOp {
			return c, nil
		}
		p.next()
		if p.peek().text == ")" {
			p.next()
			return c, nil
		}
		for {
			w := p.next()
			if !isWord(w) {
				return nil, p.errorf(w, "expected an argument of %s, found %s", c.name, describe(w))
			}
			if p.peek().text == "=" && p.peek().kind == tokOp {
				p.next()
				v := p.next()
				if !isWord(v) {
					return nil, p.errorf(v, "expected a value for %s=, found %s", w.text, describe(v))
				}
				c.filters = append(c.filters, filterArg{key: w.text, value: v.text, col: w.col})
			} else {
				if len(c.filters) > 0 {
					return nil, p.errorf(w, "%s: filters (key=value) come after the other arguments", c.name)
				}
				c.words, c.cols = append(c.words, w.text), append(c.cols, w.col)
			}
			sep := p.next()
			if sep.text == ")" {
				return c, nil
			}
			if sep.text != "," {
				return nil, p.errorf(sep, "expected \",\" or \")\" in the arguments of %s, found %s", c.name, describe(sep))
			}
		}
	}
	return nil, p.errorf(t, "expected a value, found %s", describe(t))
}

func describe(t token) string {
	if t.kind == tokEnd {
		return "the end"
	}
	return strconv.Quote(t.text)
}

// parseNumber reads 12 (a whole number), 0.1 or 10% (shares).
func parseNumber(s string) (Value, error) {
	if pct, ok := strings.CutSuffix(s, "%"); ok {
		f, err := strconv.ParseFloat(pct, 64)
		if err != nil {
			return Value{}, fmt.Errorf("%q is not a number", s)
		}
		return Value{Kind: Share, Num: f / 100, Decimals: -1}, nil
	}
	if !strings.Contains(s, ".") {
		n, err := strconv.Atoi(s)
		if err != nil {
			return Value{}, fmt.Errorf("%q is not a number", s)
		}
		return Value{Kind: Int, Num: float64(n)}, nil
	}
	f, err := strconv.ParseFloat(s, 64)
	if err != nil {
		return Value{}, fmt.Errorf("%q is not a number", s)
	}
	return Value{Kind: Share, Num: f, Decimals: -1}, nil
}
