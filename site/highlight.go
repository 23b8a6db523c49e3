package site

import (
	"bytes"
	"fmt"
	"io"
	"reflect"
	"sync"
	"time"
	"unsafe"

	"github.com/alecthomas/chroma/v2"
	"github.com/alecthomas/chroma/v2/lexers"
	"github.com/dlclark/regexp2/v2"
)

// Highlighting must give the same HTML for the same code in every build.
// chroma compiles each lexer rule with a match timeout of 250 ms of wall
// time, and a rule whose match times out is taken as not matching, without
// an error: on a loaded machine (or after serve sat idle, which regexp2's
// clock can mistake for elapsed time) a rule could lose its match and the
// code be coloured otherwise, so that two builds of the same inputs
// differed (seen: method.html, once in a loaded test run). Every rule of
// every lexer a highlight has used is therefore made to match without a
// timeout, before its HTML is kept. The code is the author's documents and
// the program's own source; a build a pathological block slows down is
// still stopped by SIGINT.

// untimedMu orders highlighting (readers: a rule's timeout is read while
// it matches) and the untiming of newly compiled lexers (the writer).
var untimedMu sync.RWMutex

// untimed counts the lexers whose rules match without a timeout: a lexer
// compiled since, while a highlight ran, makes that highlight run again.
var untimed = map[*chroma.RegexLexer]bool{}

// highlight writes code, in language, as highlighted HTML (CSS classes)
// to w: chroma's lexer for the language (by name, alias or file
// extension), or plain text when chroma has none.
func highlight(w io.Writer, language, code string) error {
	lexer := lexers.Get(language)
	if lexer == nil {
		lexer = lexers.Fallback
	}
	for {
		var b bytes.Buffer
		fresh, err := formatOnce(&b, lexer, code)
		if err != nil {
			return err
		}
		if !fresh {
			_, err := w.Write(b.Bytes())
			return err
		}
		// A lexer was compiled, with timeouts, while the code was
		// highlighted: untime it, then highlight the code again.
		if err := untimeCompiled(); err != nil {
			return err
		}
	}
}

// formatOnce highlights code into b and reports whether a lexer was
// compiled meanwhile (its rules had timeouts, so b cannot be kept).
func formatOnce(b *bytes.Buffer, lexer chroma.Lexer, code string) (fresh bool, err error) {
	untimedMu.RLock()
	defer untimedMu.RUnlock()
	before := compiledLexers()
	it, err := lexer.Tokenise(nil, code)
	if err != nil {
		return false, fmt.Errorf("highlight: %w", err)
	}
	if err := chromaFormatter.Format(b, lightStyle, it); err != nil {
		return false, fmt.Errorf("highlight: %w", err)
	}
	return compiledLexers() != before || before != len(untimed), nil
}

// compiledLexers counts the registry's lexers whose rules are compiled.
func compiledLexers() int {
	n := 0
	for _, l := range lexers.GlobalLexerRegistry.Lexers {
		if r, ok := l.(*chroma.RegexLexer); ok && isCompiled(r) {
			n++
		}
	}
	return n
}

// untimeCompiled makes every rule of every compiled lexer of the registry
// match without a timeout.
func untimeCompiled() error {
	untimedMu.Lock()
	defer untimedMu.Unlock()
	for _, l := range lexers.GlobalLexerRegistry.Lexers {
		r, ok := l.(*chroma.RegexLexer)
		if !ok || untimed[r] || !isCompiled(r) {
			continue
		}
		if err := untime(r); err != nil {
			return err
		}
		untimed[r] = true
	}
	return nil
}

// isCompiled reports whether r's rules are compiled (chroma compiles a
// lexer the first time it tokenises).
func isCompiled(r *chroma.RegexLexer) bool {
	v := reflect.ValueOf(r).Elem()
	// Another highlight may be compiling r: its flag is read under r's own
	// lock, as chroma sets it.
	mu := (*sync.Mutex)(unsafe.Pointer(v.FieldByName("mu").UnsafeAddr()))
	mu.Lock()
	defer mu.Unlock()
	return v.FieldByName("compiled").Bool()
}

// untime sets the match timeout of each of r's compiled rules to regexp2's
// "forever". chroma exports no way to: its rules are read by reflection,
// and a chroma whose lexers are laid out otherwise fails the build here
// (and TestHighlightHasNoTimeout) rather than highlight with timeouts.
func untime(r *chroma.RegexLexer) error {
	rules := reflect.ValueOf(r).Elem().FieldByName("rules")
	if rules.Kind() != reflect.Map {
		return fmt.Errorf("highlight: chroma's %s lexer has no rules map to untime", r.Config().Name)
	}
	for it := rules.MapRange(); it.Next(); {
		state := it.Value()
		for i := range state.Len() {
			re := state.Index(i).Elem().FieldByName("Regexp")
			if re.Kind() != reflect.Pointer || re.Type() != reflect.TypeFor[*regexp2.Regexp]() {
				return fmt.Errorf("highlight: chroma's %s lexer has rules of another shape", r.Config().Name)
			}
			if re.IsNil() {
				continue
			}
			(*regexp2.Regexp)(unsafe.Pointer(re.Pointer())).MatchTimeout = forever
		}
	}
	return nil
}

// forever is regexp2's "no timeout".
const forever = time.Duration(1<<63 - 1)
