package config

import (
	"fmt"
	"reflect"
	"strings"

	"github.com/evalpress/evalpress/internal/diag"
	"github.com/evalpress/evalpress/internal/tomlfile"
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
	for _, c := range cfg.Criteria.Criteria().All() {
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

// checkRegistered refuses a registered block that leaves out one of its
// criterion's registered keys: a threshold the file does not name was never
// registered, and must not become a registered 0. p points to the
// criterion's settings as decoded from block; its registered keys are the
// TOML keys of the struct its `toml:"registered"` field points to.
func (c *Config) checkRegistered(file *tomlfile.File, block string, p any) error {
	if !file.IsDefined(block, "registered") {
		return nil
	}
	v := reflect.ValueOf(p)
	for v.Kind() == reflect.Pointer {
		v = v.Elem()
	}
	if v.Kind() != reflect.Struct {
		return nil
	}
	for i := 0; i < v.NumField(); i++ {
		f := v.Type().Field(i)
		if f.Tag.Get("toml") != "registered" || f.Type.Kind() != reflect.Pointer || f.Type.Elem().Kind() != reflect.Struct {
			continue
		}
		for _, key := range registeredKeys(f.Type.Elem()) {
			if !file.IsDefined(block, "registered", key) {
				return diag.Errorf(c.File, c.KeyLine(block+".registered"), "[%s.registered] has no %s", block, key).
					WithHint("a registered block names every threshold it registers; add %s as registered, or remove the block if nothing was registered", key)
			}
		}
	}
	return nil
}

// registeredKeys returns the TOML keys of struct type t's fields, embedded
// structs' fields included, in field order.
func registeredKeys(t reflect.Type) []string {
	var out []string
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		name, _, _ := strings.Cut(f.Tag.Get("toml"), ",")
		switch {
		case f.Anonymous && f.Type.Kind() == reflect.Struct && name == "":
			out = append(out, registeredKeys(f.Type)...)
		case name != "" && name != "-":
			out = append(out, name)
		}
	}
	return out
}
