package tomlfile

import (
	"strings"
	"testing"

	"github.com/evalpress/evalpress/internal/diag"
)

// models is the shape of a private file with a table the author fills and
// an array of tables evalpress defines.
type models struct {
	Aliases map[string]string `toml:"aliases"`
	Judge   []struct {
		Model string `toml:"model"`
		Runs  int    `toml:"runs"`
	} `toml:"judge"`
}

// TestPrivateMessagesQuoteNothing: every way a private TOML file can be
// broken gives a message with its line (and a syntax error's column) in
// evalpress's words, naming a key only as far as it is a field, and never
// a letter of the names planted in it.
func TestPrivateMessagesQuoteNothing(t *testing.T) {
	t.Parallel()
	planted := []string{"Claude", "Opus", "Gemini", "GPT", "Sonnet"}
	for _, tc := range []struct {
		name, data string
		line, col  int
		want       string
	}{
		{"no [aliases] header", "\"Claude Opus 4.1\" = \"Model 1\"\n", 1, 0, "a key evalpress does not know"},
		{"a table of its own", "[aliases]\n\"GPT-5\" = \"Model 2\"\n[families.\"Gemini 2.5 Pro\"]\nx = 1\n", 3, 0, "a key evalpress does not know"},
		{"duplicate alias key", "[aliases]\n\"Claude\" = \"Model 1\"\n\"Claude\" = \"Model 2\"\n", 3, 0, "defined twice"},
		{"unquoted value", "[[judge]]\nmodel = Claude Sonnet 4\n", 2, 9, "not a value TOML reads"},
		{"unquoted key with spaces", "[aliases]\nClaude Opus = \"Model 1\"\n", 2, 8, "TOML cannot read"},
		{"open quote", "[aliases]\n\"Gemini 2.5 Pro = \"Model 1\"\n", 2, 0, ""},
		{"wrong type in a field", "[[judge]]\nmodel = \"GPT-5\"\nruns = \"Sonnet\"\n", 3, 0, "judge.runs: the value is text (in quotes); want a whole number"},
		{"wrong type under an author's key", "[aliases]\n\"Claude Opus 4.1\" = 1\n", 2, 0, "aliases: under it, the value is a whole number; want text (in quotes)"},
		{"a field typed wrong", "[[judge]]\nmodle = \"Claude\"\n", 2, 0, "judge: under it, a key evalpress does not know"},
	} {
		var m models
		_, err := Decode([]byte(tc.data), "models.toml", &m)
		d, ok := err.(*diag.Diagnostic)
		if !ok {
			t.Errorf("%s: got %v, want a diagnostic", tc.name, err)
			continue
		}
		msg := d.Error() + "\n" + d.Hint
		for _, p := range planted {
			if strings.Contains(strings.ToLower(msg), strings.ToLower(p)) {
				t.Errorf("%s: %q quotes %s", tc.name, msg, p)
			}
		}
		if d.Line != tc.line || tc.col > 0 && d.Column != tc.col {
			t.Errorf("%s: %q at %d:%d, want %d:%d", tc.name, msg, d.Line, d.Column, tc.line, tc.col)
		}
		if !strings.Contains(d.Message, tc.want) {
			t.Errorf("%s: %q does not say %q", tc.name, d.Message, tc.want)
		}
	}
}

// TestSyntaxWordsKnowTheDecodersMessages: each of the decoder's kinds of
// syntax error is worded, none left to the catch-all.
func TestSyntaxWordsKnowTheDecodersMessages(t *testing.T) {
	t.Parallel()
	for _, data := range []string{
		"a = \n", "a = b\n", "a = 1 2\n", "a = \"x\n", "a = [1, 2\n", "[a\n", "a b = 1\n", "= 1\n",
		"a = 1\na = 2\n", "a = 01\n", "a = \"\\q\"\n", "a = 1.\n", "[a]\n[a]\n", "a = 1\n[a]\n",
	} {
		var v map[string]any
		_, err := toDiag(Parse([]byte(data), "x.toml", &v))
		if err == nil {
			t.Errorf("%q: no error", data)
			continue
		}
		if err.Message == "not valid TOML" {
			t.Errorf("%q: the catch-all message", data)
		}
	}
}

func toDiag(_ *File, err error) (*File, *diag.Diagnostic) {
	d, _ := err.(*diag.Diagnostic)
	return nil, d
}

// TestUnknownKeyHintListsTheKeys: a key a table of evalpress's does not
// take is not quoted, but the hint lists the keys it takes.
func TestUnknownKeyHintListsTheKeys(t *testing.T) {
	t.Parallel()
	var m models
	_, err := Decode([]byte("[[judge]]\nmodle = \"x\"\n"), "j.toml", &m)
	if h := diag.Hint(err); h != "the keys it takes: model, runs" {
		t.Errorf("hint %q", h)
	}
}
