package pipeline

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"path"

	"github.com/evalpress/evalpress/config"
	"github.com/evalpress/evalpress/internal/diag"
	"github.com/evalpress/evalpress/redact"
	"github.com/evalpress/evalpress/reports/agreement"
	"github.com/evalpress/evalpress/reports/findings"
	"github.com/evalpress/evalpress/reports/judged"
	"github.com/evalpress/evalpress/reports/validation"
)

// validate runs the judge validation: the judged tier of f (when it ran),
// the configured fixtures with their word counts and the published prompt,
// both read from the content folder. Its warnings go to stderr.
func validate(cfg *config.Config, f *findings.Findings, docs []redact.RawDocument, files map[string][]byte, stderr io.Writer) (*validation.Report, *redact.RawPrompt, error) {
	content := func(rel string) (string, bool) {
		rel = path.Clean(rel)
		for _, d := range docs {
			if d.Path == rel {
				return d.Markdown, true
			}
		}
		data, ok := files[rel]
		return string(data), ok
	}
	var prompt *validation.Prompt
	var raw *redact.RawPrompt
	if p := cfg.Judged.Prompt; p != "" {
		text, ok := content(p)
		if !ok {
			return nil, nil, diag.Errorf(cfg.File, 0, "[judged] prompt %q is no file of the content folder %s", p, cfg.ContentDir).
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
			return nil, nil, diag.Errorf(cfg.File, fc.Line, "fixture %q: file %q is no file of the content folder %s", fc.ID, fc.File, cfg.ContentDir)
		}
		fx := validation.Fixture{ID: fc.ID, Title: fc.Title, File: fc.File, Words: validation.FixtureWords(text),
			Line: fc.Line, Expect: map[string]agreement.Verdict{}}
		for crit, v := range fc.Expect {
			fx.Expect[crit] = agreement.Pass
			if v == config.ExpectFail {
				fx.Expect[crit] = agreement.Fail
			}
		}
		fixtures = append(fixtures, fx)
	}
	var writers []string
	for _, w := range f.Writers {
		writers = append(writers, w.Script)
	}
	in := validation.FromTier(f.Judged, f.JudgedResults, judged.ThresholdsOf(cfg.Criteria), writers, fixtures, prompt, cfg.File)
	r := validation.Build(in)
	for _, d := range r.Warnings {
		fmt.Fprintf(stderr, "evalpress: %s\n", d.Error())
	}
	return r, raw, nil
}
