package config

import (
	"fmt"

	"github.com/evalpress/evalpress/reports/criteria"
)

// SetChanges lists the thresholds --set moved away from the config file's
// own values, for the criteria whose registered block the file does not
// declare: with nothing registered to compare with, the file's value is
// the one a reader would take for the evaluation's, and the change is
// stated against it. A criterion with a registered block has its changes
// stated against that (RegisteredDrift) instead. Drift.Registered holds
// the file's value.
func SetChanges(cfg *Config) []criteria.Drift {
	var out []criteria.Drift
	for _, c := range criteria.All() {
		if _, declared := cfg.Criteria.Registered(c); declared {
			continue
		}
		out = append(out, criteria.DriftOf(c, cfg.FileCriteria, cfg.Criteria)...)
	}
	return out
}

// SetChangeWords states SetChanges in words: "max_run 20 (config.toml:
// 12)".
func SetChangeWords(cfg *Config) []string {
	var out []string
	for _, d := range SetChanges(cfg) {
		out = append(out, fmt.Sprintf("%s %s (the file: %s)", d.Name, d.Now.Text(), d.Registered.Text()))
	}
	return out
}
