package pipeline

import (
	"crypto/sha256"
	"encoding/hex"
	"path"

	"github.com/evalpress/evalpress/config"
	"github.com/evalpress/evalpress/internal/diag"
	"github.com/evalpress/evalpress/redact"
	"github.com/evalpress/evalpress/reports/agreement"
	"github.com/evalpress/evalpress/reports/validation"
)

// validationInputs reads what the judges are validated against from the
// content folder: the published prompt (nil when none is configured) and
// the configured fixtures with their word counts. A fixture's words are
// counted in its text as published (redacted: each term's placeholder one
// word), the text its page shows beside the count. The validation itself
// is the findings' (findings.Options).
func validationInputs(cfg *config.Config, docs []redact.RawDocument, files map[string][]byte, redacted func(string) string) (*validation.Prompt, *redact.RawPrompt, []validation.Fixture, error) {
	content := contentFile(docs, files)
	var prompt *validation.Prompt
	var raw *redact.RawPrompt
	if p := cfg.Judged.Prompt; p != "" {
		text, ok := content(p)
		if !ok {
			return nil, nil, nil, diag.Errorf(cfg.File, cfg.KeyLine("judged.prompt"), "[judged] prompt %q is no file of the content folder %s", p, cfg.ContentDir).
				WithHint("the prompt is published with the artifact: put it in the content folder and name it relative to it")
		}
		sum := sha256.Sum256([]byte(text))
		digest := hex.EncodeToString(sum[:])
		prompt = &validation.Prompt{File: p, SHA256: digest}
		raw = &redact.RawPrompt{File: p, Text: text, SHA256: digest}
	}
	var fixtures []validation.Fixture
	for _, fc := range cfg.Fixtures {
		text, ok := content(fc.File)
		if !ok {
			return nil, nil, nil, diag.Errorf(cfg.File, fc.Line, "fixture %q: file %q is no file of the content folder %s", fc.ID, fc.File, cfg.ContentDir)
		}
		fx := validation.Fixture{ID: fc.ID, Title: fc.Title, File: fc.File, Words: validation.FixtureWords(redacted(text)),
			Line: fc.Line, Expect: map[string]agreement.Verdict{}}
		for crit, v := range fc.Expect {
			fx.Expect[crit] = agreement.Pass
			if v == config.ExpectFail {
				fx.Expect[crit] = agreement.Fail
			}
		}
		fixtures = append(fixtures, fx)
	}
	return prompt, raw, fixtures, nil
}

// contentFile returns the lookup of a file of the content folder by its
// path relative to it.
func contentFile(docs []redact.RawDocument, files map[string][]byte) func(rel string) (string, bool) {
	return func(rel string) (string, bool) {
		rel = path.Clean(rel)
		for _, d := range docs {
			if d.Path == rel {
				return d.Markdown, true
			}
		}
		data, ok := files[rel]
		return string(data), ok
	}
}

// protocolTexts returns the texts the protocol publishes, the judge prompt
// and the fixtures, as far as the content folder holds them: a judge's
// analysis quoting them reveals nothing (inputs.Folder.AddPublicTexts).
func protocolTexts(cfg *config.Config, docs []redact.RawDocument, files map[string][]byte) []string {
	content := contentFile(docs, files)
	var out []string
	if p := cfg.Judged.Prompt; p != "" {
		if text, ok := content(p); ok {
			out = append(out, text)
		}
	}
	for _, fc := range cfg.Fixtures {
		if text, ok := content(fc.File); ok {
			out = append(out, text)
		}
	}
	return out
}
