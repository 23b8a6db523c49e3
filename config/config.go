// Package config loads an evalpress configuration (config.toml): the site's
// title and content, where the private inputs are, every criterion's
// settings (each decoded by its criterion from its own block, [c5], [g1]),
// the run highlighting, the publishing policy and the pre-registered
// hypotheses.
//
// Unknown keys are errors naming the dotted key and its line; any key can be
// overridden from the command line by its dotted name (--set c5.max_run=20).
package config

import (
	"errors"
	"fmt"
	"maps"
	"os"
	"path"
	"path/filepath"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/BurntSushi/toml"

	"github.com/evalpress/evalpress/config/audience"
	"github.com/evalpress/evalpress/internal/diag"
	"github.com/evalpress/evalpress/internal/readfile"
	"github.com/evalpress/evalpress/internal/tomlfile"
	"github.com/evalpress/evalpress/reports/criteria"
	"github.com/evalpress/evalpress/reports/hypotheses"
)

// Audience is who a build is for ([publish] audience).
type Audience = audience.Audience

// Audiences.
const (
	Public   = audience.Public   // numbers, verdicts, aliases, permitted excerpts
	Internal = audience.Internal // full texts, for the author's own review
)

// Config is a parsed config.toml.
type Config struct {
	Title      string  `toml:"title"`
	ContentDir string  `toml:"content_dir"`
	Inputs     Inputs  `toml:"inputs"`
	Runs       Runs    `toml:"runs"`
	Publish    Publish `toml:"publish"`
	Judged     Judged  `toml:"judged"`
	// Hypotheses are the [[hypothesis]] blocks, in file order, each with
	// its line and the settings it is judged at as registered.
	Hypotheses []hypotheses.Hypothesis `toml:"-"`
	// HypothesisTables are the [[hypothesis]] blocks as decoded, for Load
	// to read into Hypotheses.
	HypothesisTables []HypothesisTable `toml:"hypothesis"`
	// Fixtures are the [[fixture]] blocks, in file order.
	Fixtures []Fixture `toml:"fixture"`

	// Criteria are every criterion's settings, each read by the criterion
	// from its block (criteria.Criterion.Block), --set applied.
	Criteria criteria.Settings `toml:"-"`
	// FileCriteria are the criteria's settings as the file has them,
	// before --set.
	FileCriteria criteria.Settings `toml:"-"`

	// File is the config file's path; relative paths resolve from its folder.
	File string `toml:"-"`
	// data is the config file's text, for the lines of keys in errors.
	data []byte
}

// Source returns the config file's bytes as Load read them: a site's
// provenance commits to them (internal/provenance).
func (c *Config) Source() []byte { return c.data }

// KeyLine returns the line of the config file that sets the dotted key
// ("c5.max_run"), or 0 when the file does not set it (a default).
func (c *Config) KeyLine(key string) int {
	if c.data == nil {
		return 0
	}
	// At most three parts: a [g1.targets] key is a section heading, which
	// may hold a dot.
	return tomlfile.KeyLine(c.data, strings.SplitN(key, ".", 3))
}

// keyError is an error about the value of key, on its line.
func (c *Config) keyError(key, format string, args ...any) *diag.Diagnostic {
	return diag.Errorf(c.File, c.KeyLine(key), format, args...)
}

// Inputs names the private inputs folder.
type Inputs struct {
	Dir string `toml:"dir"`
}

// RegisteredDrift lists every threshold of cfg that differs from the
// registered one of its criterion, for the criteria whose registered block
// the config declares: "max_run 20 (registered 12)".
func RegisteredDrift(cfg *Config) []string {
	var out []string
	for _, d := range cfg.Criteria.Drifts() {
		out = append(out, fmt.Sprintf("%s %s (registered %s)", d.Name, d.Now.Text(), d.Registered.Text()))
	}
	return out
}

// Unused warns of every criterion's settings that the inputs, whose
// sections are sections, give no use (a [g1.targets] key naming no
// section), each on its line.
func (c *Config) Unused(sections []string) diag.List {
	var out diag.List
	for _, u := range c.Criteria.Unused(sections) {
		out = append(out, diag.Warnf(c.File, c.KeyLine(u.Key), "%s", u.Msg))
	}
	return out
}

// Runs configures the highlighted verbatim runs.
type Runs struct {
	// MinWords is the shortest shared run highlighted; the longest run is
	// always shown. 0 means the n-gram size.
	MinWords int `toml:"min_words"`
}

// Publish is the publishing policy.
type Publish struct {
	Out      string   `toml:"out"`
	Audience Audience `toml:"audience"`
	Excerpts bool     `toml:"excerpts"`
	// Unscanned lists files of the site (slash-separated paths within it,
	// path.Match patterns) that the leak scan cannot read (compressed,
	// binary containers, images) and that the author publishes unread.
	Unscanned []string `toml:"unscanned"`
}

// HypothesisTable is a [[hypothesis]] block as the file has it: the
// hypothesis as declared, and its [hypothesis.thresholds] table as written,
// the settings of its criterion in force at registration, which the
// criterion reads into the hypothesis's At (nil when it has none). Load
// reads each into Config.Hypotheses.
type HypothesisTable struct {
	hypotheses.Hypothesis
	Thresholds *toml.Primitive `toml:"thresholds"`
}

// Default returns the configuration used for keys a file leaves out.
func Default() Config {
	return Config{
		Title:      "Evaluation artifact",
		ContentDir: "content",
		Inputs:     Inputs{Dir: "private"},
		Publish:    Publish{Out: "public", Audience: Public, Excerpts: true},
	}
}

// Load reads the config file at path, applies the --set overrides in order
// and validates the result. Each criterion reads its settings from its
// block; a key that neither the config nor a criterion reads is an error.
// The file is read only if it is a regular file of at most
// readfile.Settings (readfile.ReadSmall: one chunk, a read no interrupt
// would cut shorter, so Load takes no context).
//
// crit is the criteria the config is read for: each reads its own block,
// and a key none of them reads is an error (criteria.Default for the
// evaluation's own).
func Load(path string, sets []string, crit criteria.Set) (*Config, error) {
	data, err := readfile.ReadSmall(path)
	var d *diag.Diagnostic
	switch {
	case errors.As(err, &d): // not a regular file, too large
		return nil, err
	case os.IsNotExist(err):
		return nil, diag.Errorf(path, 0, "config file does not exist").
			WithHint("run evalpress in the folder that holds config.toml, or pass --config FILE")
	case err != nil:
		return nil, diag.Errorf(path, 0, "cannot read config file: %v", err)
	}
	cfg := Default()
	cfg.Criteria = crit.Defaults()
	file, err := tomlfile.Parse(data, path, &cfg)
	if err != nil {
		return nil, err
	}
	cfg.File, cfg.data = path, data
	for _, c := range cfg.Criteria.Criteria().All() {
		if c.Block == "" {
			continue
		}
		if err := cfg.Criteria.Edit(c, func(p any) error { return file.Table(c.Block, p) }); err != nil {
			return nil, err
		}
	}
	hypotheses := tomlfile.ArrayTableLines(data, "hypothesis")
	for i, t := range cfg.HypothesisTables {
		h := t.Hypothesis
		h.Line = lineAt(hypotheses, i)
		cfg.Hypotheses = append(cfg.Hypotheses, h)
	}
	fixtures := tomlfile.ArrayTableLines(data, "fixture")
	for i := range cfg.Fixtures {
		cfg.Fixtures[i].Line = lineAt(fixtures, i)
	}
	// The hypotheses' own thresholds are read once before the check, so
	// that a key they do not know is reported; once more after --set.
	if err := cfg.readHypotheses(file); err != nil {
		return nil, err
	}
	if err := file.Check(); err != nil {
		return nil, err
	}
	for _, c := range cfg.Criteria.Criteria().All() {
		if c.Block == "" {
			continue
		}
		if err := cfg.Criteria.Edit(c, func(p any) error { return cfg.checkRegistered(file, c.Block, p) }); err != nil {
			return nil, err
		}
	}
	cfg.FileCriteria = cfg.Criteria
	if err := cfg.Validate(); err != nil {
		return nil, err
	}
	for _, s := range sets {
		if err := cfg.Set(s); err != nil {
			return nil, err
		}
	}
	if len(sets) > 0 {
		err := cfg.readHypotheses(file)
		if err == nil {
			err = cfg.Validate()
		}
		// The file was valid, so a failure now comes from an override.
		if err != nil {
			msg := strings.TrimPrefix(err.Error(), cfg.File+": ")
			var d *diag.Diagnostic
			if errors.As(err, &d) {
				msg = d.Message // its line, if any, set what --set replaced
			}
			return nil, &SetError{fmt.Sprintf("--set %s: %s", strings.Join(sets, " --set "), msg)}
		}
	}
	return &cfg, nil
}

// readHypotheses sets each hypothesis's settings at registration: its
// criterion's registered ones in c.Criteria, its own thresholds, read by
// the criterion, over them.
func (c *Config) readHypotheses(file *tomlfile.File) error {
	for i := range c.Hypotheses {
		h := &c.Hypotheses[i]
		h.At = c.Criteria // the criteria it may name, before its own settings
		crit := h.Criterion()
		if crit == nil {
			continue // Validate says so
		}
		var declared bool
		h.At, declared = c.Criteria.Registered(crit)
		own := c.HypothesisTables[i].Thresholds
		h.Own = own != nil
		h.Declared = declared || h.Own
		if !h.Own {
			continue
		}
		if err := h.At.Edit(crit, func(p any) error { return file.Primitive(*own, p) }); err != nil {
			return err
		}
	}
	return nil
}

// SetError is a bad --set override: a usage error.
type SetError struct{ msg string }

func (e *SetError) Error() string { return e.msg }

// Set applies one "dotted.key=value" override: a key of the config's own,
// or of a criterion's settings under its block ("c5.max_run").
func (c *Config) Set(assignment string) error {
	key, value, ok := strings.Cut(assignment, "=")
	key = strings.TrimSpace(key)
	if !ok || key == "" {
		return &SetError{fmt.Sprintf("--set %q: want key=value, for example --set c5.max_run=20", assignment)}
	}
	value = strings.TrimSpace(value)
	fields := settableFields(reflect.ValueOf(c).Elem(), "")
	if field, ok := fields[key]; ok {
		return assign(field, key, value)
	}
	known := slices.Collect(maps.Keys(fields))
	for _, cr := range c.Criteria.Criteria().All() {
		if cr.Block == "" {
			continue
		}
		found := false
		err := c.Criteria.Edit(cr, func(p any) error {
			fields := settableFields(reflect.ValueOf(p).Elem(), cr.Block+".")
			field, ok := fields[key]
			if !ok {
				known = append(known, slices.Collect(maps.Keys(fields))...)
				return errNotHere
			}
			found = true
			return assign(field, key, value)
		})
		if found {
			return err
		}
	}
	slices.Sort(known)
	return &SetError{fmt.Sprintf("--set %s: unknown key (known keys: %s)", key, strings.Join(slices.Compact(known), ", "))}
}

// errNotHere says a key is not among a criterion's settings.
var errNotHere = errors.New("not a key of this criterion")

// assign sets field to value, as --set key=value gives it.
func assign(field reflect.Value, key, value string) error {
	switch field.Kind() {
	case reflect.String:
		field.SetString(strings.Trim(value, `"`))
	case reflect.Int:
		n, err := strconv.Atoi(value)
		if err != nil {
			return &SetError{fmt.Sprintf("--set %s=%s: want a whole number", key, value)}
		}
		field.SetInt(int64(n))
	case reflect.Float64:
		f, err := strconv.ParseFloat(strings.TrimSuffix(value, "%"), 64)
		if err != nil {
			return &SetError{fmt.Sprintf("--set %s=%s: want a number", key, value)}
		}
		if strings.HasSuffix(value, "%") {
			f /= 100
		}
		field.SetFloat(f)
	case reflect.Bool:
		b, err := strconv.ParseBool(value)
		if err != nil {
			return &SetError{fmt.Sprintf("--set %s=%s: want true or false", key, value)}
		}
		field.SetBool(b)
	}
	return nil
}

// settableFields maps each dotted key of a scalar field to the field.
func settableFields(v reflect.Value, prefix string) map[string]reflect.Value {
	out := map[string]reflect.Value{}
	t := v.Type()
	for i := range t.NumField() {
		tag := t.Field(i).Tag.Get("toml")
		f := v.Field(i)
		if tag == "" && t.Field(i).Anonymous && f.Kind() == reflect.Struct {
			for k, sub := range settableFields(f, prefix) { // embedded: its keys are its parent's
				out[k] = sub
			}
			continue
		}
		if tag == "" || tag == "-" {
			continue
		}
		switch f.Kind() {
		case reflect.Struct:
			if f.Type() == reflect.TypeOf(time.Time{}) {
				continue
			}
			for k, sub := range settableFields(f, prefix+tag+".") {
				out[k] = sub
			}
		case reflect.String, reflect.Int, reflect.Float64, reflect.Bool:
			out[prefix+tag] = f
		}
	}
	return out
}

// Validate checks values that decode but cannot be used.
func (c *Config) Validate() error {
	file := c.File
	if err := c.Criteria.Validate(); err != nil {
		var se *criteria.SettingError
		line := 0
		if errors.As(err, &se) {
			line = c.KeyLine(se.Key)
		}
		return diag.Errorf(file, line, "%v", err)
	}
	if c.Runs.MinWords < 0 {
		return c.keyError("runs.min_words", "[runs] min_words %d is negative", c.Runs.MinWords)
	}
	if !c.Publish.Audience.Valid() {
		return c.keyError("publish.audience", "[publish] audience %q: want %q or %q", c.Publish.Audience, Public, Internal)
	}
	for _, p := range c.Publish.Unscanned {
		if _, err := path.Match(p, ""); err != nil || strings.TrimSpace(p) == "" {
			return diag.Errorf(file, 0, "[publish] unscanned %q: not a path pattern (like \"downloads/*.pdf\")", p)
		}
	}
	if strings.TrimSpace(c.Publish.Out) == "" {
		return c.keyError("publish.out", "[publish] out is empty")
	}
	if err := c.validateFixtures(); err != nil {
		return err
	}
	if err := c.validateJudged(); err != nil {
		return err
	}
	seen := map[string]int{}
	for i, h := range c.Hypotheses {
		switch {
		case h.ID == "":
			return diag.Errorf(file, h.Line, "hypothesis has no id")
		case seen[h.ID] > 0:
			return diag.Errorf(file, h.Line, "hypothesis %q is defined twice (first at line %d)", h.ID, seen[h.ID])
		case h.Registered.IsZero():
			return diag.Errorf(file, h.Line, "hypothesis %q has no registration date (registered = 2026-07-01)", h.ID)
		case strings.TrimSpace(h.Statement) == "":
			return diag.Errorf(file, h.Line, "hypothesis %q has no statement", h.ID)
		}
		seen[h.ID] = max(h.Line, 1)
		p := h.Prediction
		switch p.Kind {
		case hypotheses.FewestFails, hypotheses.MostFails:
			if p.Model == "" {
				return diag.Errorf(file, h.Line, "hypothesis %q: prediction %s needs a model", h.ID, p.Kind)
			}
		case hypotheses.FailsAtMost, hypotheses.FailsAtLeast:
			if p.Fails == nil || *p.Fails < 0 {
				return diag.Errorf(file, h.Line, "hypothesis %q: prediction %s needs fails = N (0 or more)", h.ID, p.Kind)
			}
		case hypotheses.MedianOrder:
			if len(p.Order) < 2 || (p.Measure != hypotheses.MeasureRun && p.Measure != hypotheses.MeasureOverlap) || p.Criterion != "" && p.Criterion != string(criteria.C5) {
				return diag.Errorf(file, h.Line, "hypothesis %q: prediction %s needs order = [two or more aliases, lowest median first] and measure = %q or %q (C5's)",
					h.ID, p.Kind, hypotheses.MeasureRun, hypotheses.MeasureOverlap)
			}
		default:
			return diag.Errorf(file, c.hypothesisKeyLine(i, "prediction", "kind"), "hypothesis %q: unknown prediction kind %q (one of %s)",
				h.ID, p.Kind, strings.Join(hypotheses.Kinds, ", "))
		}
		if c5 := c.Criteria.C5(); c5.Measuring() && hypotheses.CountsFails(p.Kind) && h.Criterion() == c.Criteria.Criteria().Headline() {
			return diag.Errorf(file, h.Line, "hypothesis %q counts C5 FAILs, and with [c5] mode = %q C5 has none", h.ID, criteria.ModeMeasure).
				WithHint("predict an ordering of medians instead: kind = %q, order = [...], measure = \"run\"; see docs/configuration.md", hypotheses.MedianOrder)
		}
		if p.Runs != "" && !slices.Contains(hypotheses.RunRules, p.Runs) {
			return diag.Errorf(file, h.Line, "hypothesis %q: unknown rule over runs %q (one of %s)",
				h.ID, p.Runs, strings.Join(hypotheses.RunRules, ", "))
		}
		if err := c.validatePrediction(h); err != nil {
			return err
		}
	}
	return nil
}

// hypothesisKeyLine returns the line of key (below [[hypothesis]]) in the
// i'th hypothesis's entry, or the entry's line when it does not set it.
func (c *Config) hypothesisKeyLine(i int, key ...string) int {
	from := c.Hypotheses[i].Line
	lines := strings.SplitAfter(string(c.data), "\n")
	to := len(lines)
	if i+1 < len(c.Hypotheses) && c.Hypotheses[i+1].Line > from {
		to = c.Hypotheses[i+1].Line - 1
	}
	if from < 1 || from > to {
		return from
	}
	entry := strings.Join(lines[from-1:to], "")
	if line := tomlfile.KeyLine([]byte(entry), append(toml.Key{"hypothesis"}, key...)); line > 0 {
		return from - 1 + line
	}
	return from
}

// validatePrediction checks the criterion, judge and own thresholds a
// hypothesis predicts with.
func (c *Config) validatePrediction(h hypotheses.Hypothesis) error {
	p, crit := h.Prediction, h.Criterion()
	switch {
	case crit == nil:
		var ids []string
		for _, c := range c.Criteria.Criteria().All() {
			ids = append(ids, string(c.ID))
		}
		return diag.Errorf(c.File, h.Line, "hypothesis %q: criterion %q is not one of the criteria (%s)", h.ID, p.Criterion, strings.Join(ids, ", "))
	case !crit.Judged && p.Judge != "":
		if p.Criterion == "" {
			return diag.Errorf(c.File, h.Line, "hypothesis %q: judge %q needs a criterion (%s)", h.ID, p.Judge, strings.Join(c.judgedIDs(), ", "))
		}
		return diag.Errorf(c.File, h.Line, "hypothesis %q: criterion %q is not a judged criterion, so it takes no judge", h.ID, p.Criterion)
	case crit.Judged && p.Judge == "":
		return diag.Errorf(c.File, h.Line, "hypothesis %q: criterion %s needs judge = \"<judge id>\"; judges are reported one by one, never averaged", h.ID, p.Criterion)
	case h.Own && tomlfile.KeyLine(c.data, toml.Key{"hypothesis", "thresholds", "registered"}) > 0:
		return diag.Errorf(c.File, tomlfile.KeyLine(c.data, toml.Key{"hypothesis", "thresholds", "registered"}), "[hypothesis.thresholds.registered]: a hypothesis's thresholds are those at its registration; they have no registered thresholds of their own")
	}
	if err := h.At.Validate(); err != nil {
		return diag.Errorf(c.File, h.Line, "hypothesis %q thresholds: %v", h.ID, err)
	}
	return nil
}

// judgedIDs are the IDs of the judged criteria of c.
func (c *Config) judgedIDs() []string {
	var out []string
	for _, c := range c.Criteria.Criteria().All() {
		if c.Judged {
			out = append(out, string(c.ID))
		}
	}
	return out
}

// Path resolves p relative to the config file's folder.
func (c *Config) Path(p string) string {
	if filepath.IsAbs(p) || c.File == "" {
		return p
	}
	return filepath.Join(filepath.Dir(c.File), p)
}

// MinRunWords returns the shortest run to highlight: [runs] min_words,
// or the n-gram size of C5's comparison.
func (c *Config) MinRunWords() int {
	if c.Runs.MinWords > 0 {
		return c.Runs.MinWords
	}
	return c.Criteria.NGram()
}
