package config

import (
	"path"
	"strings"
)

// Judged configures the judged tier ([judged]): which sections it covers
// and the published judge prompt. The thresholds applied, in code, to the
// judges' counts in the same block (c1_min_present, c2_max_undeveloped, and
// [judged.registered]) are the judged criteria's settings, read by them
// (reports/criteria); a threshold changed there re-judges every reply
// without reading anything else again.
type Judged struct {
	// Sections are the section headings the tier covers, as written.
	Sections []string `toml:"sections"`
	// Prompt is the published judge prompt, relative to content_dir.
	Prompt string `toml:"prompt"`
	// Rubric is the rubric's document, relative to content_dir: its
	// digest is registered (evalpress register) with the prompt's.
	Rubric string `toml:"rubric"`
}

// validateJudged checks the [judged] block.
func (c *Config) validateJudged() error {
	for _, k := range []struct{ key, rel string }{{"prompt", c.Judged.Prompt}, {"rubric", c.Judged.Rubric}} {
		if rel := k.rel; rel != "" && (path.IsAbs(rel) || path.Clean(rel) == ".." || strings.HasPrefix(path.Clean(rel), "../")) {
			return c.keyError("judged."+k.key, "[judged] %s %q must stay inside content_dir", k.key, rel)
		}
	}
	seen := map[string]bool{}
	for _, s := range c.Judged.Sections {
		if strings.TrimSpace(s) == "" {
			return c.keyError("judged.sections", "[judged] sections holds an empty name")
		}
		if seen[s] {
			return c.keyError("judged.sections", "[judged] sections names %q twice", s)
		}
		seen[s] = true
	}
	return nil
}
