package site

import (
	"fmt"
	"io"

	"github.com/alecthomas/chroma/v2/lexers"
)

// highlight writes code, in language, as highlighted HTML (CSS classes)
// to w: chroma's lexer for the language (by name, alias or file
// extension), or plain text when chroma has none. It highlights the
// author's fenced code blocks; the program's own Go source, far longer,
// goes through highlightGo.
//
// chroma gives each match of a lexer's rule 250 ms of wall time and takes
// a rule that runs out as not matching: a block of a few lines is matched
// in microseconds, so only a pathological block on a stalled machine
// could be coloured otherwise than in another build. chroma exports no
// way to lift the limit, and evalpress does not reach into its lexers.
func highlight(w io.Writer, language, code string) error {
	lexer := lexers.Get(language)
	if lexer == nil {
		lexer = lexers.Fallback
	}
	it, err := lexer.Tokenise(nil, code)
	if err != nil {
		return fmt.Errorf("highlight: %w", err)
	}
	if err := chromaFormatter.Format(w, lightStyle, it); err != nil {
		return fmt.Errorf("highlight: %w", err)
	}
	return nil
}
