package config

import "strings"

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
}

// validateJudged checks the [judged] block.
func (c *Config) validateJudged() error {
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
