// Package lexers is the set of chroma lexers that a document's fenced code
// blocks are highlighted with: the languages an evaluation's documents
// show (shell sessions, Python, JavaScript, JSON, TOML, YAML, SQL, R,
// LaTeX, ...), as chroma's own XML definitions, copied unchanged into xml/
// with chroma's licence (COPYING), and read on first use.
//
// chroma's lexers package reads all of its 279 definitions when the program
// starts, used or not: 15 ms of every run of evalpress, a tenth of
// `evalpress measure` on the bench, which highlights nothing. A language
// outside this set is shown as plain text, escaped, as an unknown one
// always was. Go is not here: the site highlights Go with go/scanner.
//
// To add a language, copy its file from chroma's lexers/embedded folder of
// the version go.mod names into xml/; TestCopiesAreChromas holds every copy
// to that version's bytes.
package lexers

import (
	"embed"
	"fmt"
	"io/fs"
	"sync"
	"sync/atomic"

	"github.com/alecthomas/chroma/v2"
)

//go:embed xml/*.xml
var definitions embed.FS

// registry reads every definition once, on first use: a definition can
// hand part of a text to another by name (HTML's scripts to JavaScript), so
// they are registered together.
var registry = sync.OnceValues(func() (*chroma.LexerRegistry, error) {
	reg := chroma.NewLexerRegistry()
	paths, err := fs.Glob(definitions, "xml/*.xml")
	if err != nil {
		return nil, err
	}
	for _, path := range paths {
		lexer, err := chroma.NewXMLLexer(definitions, path)
		if err != nil {
			return nil, fmt.Errorf("lexer %s: %w", path, err)
		}
		reg.Register(lexer)
	}
	loads.Add(1)
	return reg, nil
})

// loads counts the times the registry was read: once at most, and never
// before a lexer is asked for (a test holds it to that).
var loads atomic.Int32

// Get returns the lexer for a code block's language, as chroma's
// lexers.Get finds it (by name, alias, or file extension), or nil for a
// language outside the set.
func Get(language string) (chroma.Lexer, error) {
	reg, err := registry()
	if err != nil {
		return nil, err
	}
	return reg.Get(language), nil
}
