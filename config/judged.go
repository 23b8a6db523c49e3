package config

import (
	"fmt"
	"strconv"
	"strings"
)

// Judged configures the judged tier ([judged]): which sections it covers
// and the thresholds applied, in code, to the judges' counts. A threshold
// changed here re-judges every reply without reading anything else again.
type Judged struct {
	// Sections are the section headings the tier covers, as written.
	Sections []string `toml:"sections"`
	JudgedThresholds
	// Prompt is the published judge prompt, relative to content_dir.
	Prompt string `toml:"prompt"`
	// Registered are the thresholds the rubric registered: quoted on their
	// own and never following --set.
	Registered *JudgedThresholds `toml:"registered"`
}

// JudgedThresholds are the pass lines of C1 and C2.
type JudgedThresholds struct {
	// C1MinPresent is the rubric's N: C1 fails when fewer assigned bullets
	// are present. 0 means not yet calibrated: C1 is unscored.
	C1MinPresent int `toml:"c1_min_present"`
	// C2MaxUndeveloped fails C2 when more than this share of the groups is
	// undeveloped.
	C2MaxUndeveloped float64 `toml:"c2_max_undeveloped"`
}

// JudgedCriteria are the criteria a judge decides.
var JudgedCriteria = []string{"C1", "C2", "C4", "C6"}

// DefaultJudged are the rubric's thresholds: N not yet calibrated, and at
// most a third of the groups undeveloped.
var DefaultJudged = JudgedThresholds{C1MinPresent: 0, C2MaxUndeveloped: 0.3333}

// Validate reports thresholds that cannot be applied; key names the table.
func (t JudgedThresholds) Validate(key string) error {
	switch {
	case t.C1MinPresent < 0:
		return fmt.Errorf("[%s] c1_min_present %d is negative; it is a number of bullets, 0 for not yet calibrated", key, t.C1MinPresent)
	case !(t.C2MaxUndeveloped >= 0 && t.C2MaxUndeveloped <= 1):
		return fmt.Errorf("[%s] c2_max_undeveloped %v is outside 0..1; it is a share of the groups", key, t.C2MaxUndeveloped)
	}
	return nil
}

// Changes lists the thresholds of t that differ from registered.
func (t JudgedThresholds) Changes(registered JudgedThresholds) []ThresholdChange {
	var out []ThresholdChange
	if registered.C1MinPresent != t.C1MinPresent {
		out = append(out, ThresholdChange{"c1_min_present", strconv.Itoa(registered.C1MinPresent), strconv.Itoa(t.C1MinPresent)})
	}
	if registered.C2MaxUndeveloped != t.C2MaxUndeveloped {
		out = append(out, ThresholdChange{"c2_max_undeveloped", SharePercent(registered.C2MaxUndeveloped), SharePercent(t.C2MaxUndeveloped)})
	}
	return out
}

// Drift lists the thresholds of t that differ from registered, as a
// hypothesis states them: "c1_min_present 10 -> 9"; empty when they match.
func (t JudgedThresholds) Drift(registered JudgedThresholds) []string {
	var out []string
	for _, c := range t.Changes(registered) {
		out = append(out, fmt.Sprintf("%s %s -> %s", c.Name, c.Registered, c.Now))
	}
	return out
}

// judgedThresholdsError says which of the judged thresholds in table is out
// of range, on its line; nil when none is.
func (c *Config) judgedThresholdsError(table string, t JudgedThresholds) error {
	err := t.Validate(table)
	if err == nil {
		return nil
	}
	key := table + ".c2_max_undeveloped" // the keys in the order Validate checks them
	if t.C1MinPresent < 0 {
		key = table + ".c1_min_present"
	}
	return c.keyError(key, "%v", err)
}

// validateJudged checks the [judged] block.
func (c *Config) validateJudged() error {
	j := c.Judged
	if err := c.judgedThresholdsError("judged", j.JudgedThresholds); err != nil {
		return err
	}
	if j.Registered != nil {
		if err := c.judgedThresholdsError("judged.registered", *j.Registered); err != nil {
			return err
		}
	}
	seen := map[string]bool{}
	for _, s := range j.Sections {
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

// JudgedRegistered returns the registered thresholds of the judged tier:
// [judged.registered], or the rubric's defaults.
func (c *Config) JudgedRegistered() JudgedThresholds {
	if c.Judged.Registered != nil {
		return *c.Judged.Registered
	}
	return DefaultJudged
}
