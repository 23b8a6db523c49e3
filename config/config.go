// Package config loads an evalpress configuration (config.toml): the site's
// title and content, where the private inputs are, the C5 thresholds, the run
// highlighting, the publishing policy and the pre-registered hypotheses.
//
// Unknown keys are errors naming the dotted key and its line; any key can be
// overridden from the command line by its dotted name (--set c5.max_run=20).
package config

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"math"
	"os"
	"path"
	"path/filepath"
	"reflect"
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/evalpress/evalpress/internal/diag"
	"github.com/evalpress/evalpress/internal/tomlfile"
	"github.com/evalpress/evalpress/redact/public"
	"github.com/evalpress/evalpress/reports/criteria"
)

// Audiences.
const (
	Public   = public.AudiencePublic   // numbers, verdicts, aliases, permitted excerpts
	Internal = public.AudienceInternal // full texts, for the author's own review
)

// Config is a parsed config.toml.
type Config struct {
	Title      string  `toml:"title"`
	ContentDir string  `toml:"content_dir"`
	Inputs     Inputs  `toml:"inputs"`
	C5         C5      `toml:"c5"`
	G1         G1      `toml:"g1"`
	Runs       Runs    `toml:"runs"`
	Publish    Publish `toml:"publish"`
	Judged     Judged  `toml:"judged"`
	// Hypotheses are the [[hypothesis]] blocks, in file order.
	Hypotheses []Hypothesis `toml:"hypothesis"`
	// Fixtures are the [[fixture]] blocks, in file order.
	Fixtures []Fixture `toml:"fixture"`

	// File is the config file's path; relative paths resolve from its folder.
	File string `toml:"-"`
	// data is the config file's text, for the lines of keys in errors.
	data []byte
}

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

// thresholdsError says which of the thresholds in table ("c5",
// "c5.registered") is out of range, on its line; nil when none is.
func (c *Config) thresholdsError(table string, t C5) error {
	err := t.Thresholds().Validate()
	if err == nil {
		return nil
	}
	// The keys in the order Validate checks them.
	key := table + ".ngram"
	switch {
	case t.MaxRun < 0:
		key = table + ".max_run"
	case !(t.MaxOverlap >= 0 && t.MaxOverlap <= 1):
		key = table + ".max_overlap"
	}
	return c.keyError(key, "[%s] %v", table, err)
}

// Inputs names the private inputs folder.
type Inputs struct {
	Dir string `toml:"dir"`
}

// C5 holds the measurement thresholds.
type C5 struct {
	MaxRun     int     `toml:"max_run"`
	MaxOverlap float64 `toml:"max_overlap"`
	NGram      int     `toml:"ngram"`
	// Registered are the thresholds the rubric registered ([c5.registered]),
	// a fact of the past: documents quote them with their own placeholder and
	// no --set changes them. nil when the file declares none.
	Registered *C5 `toml:"registered"`
}

// Same reports whether c and o have the same thresholds.
func (c C5) Same(o C5) bool {
	return c.MaxRun == o.MaxRun && c.MaxOverlap == o.MaxOverlap && c.NGram == o.NGram
}

// ThresholdChange is one threshold whose value now differs from the
// registered one, both written as the config writes them.
type ThresholdChange struct{ Name, Registered, Now string }

// Changes lists the thresholds of now that differ from registered.
func Changes(registered, now C5) []ThresholdChange {
	var out []ThresholdChange
	if registered.MaxRun != now.MaxRun {
		out = append(out, ThresholdChange{"max_run", strconv.Itoa(registered.MaxRun), strconv.Itoa(now.MaxRun)})
	}
	if registered.MaxOverlap != now.MaxOverlap {
		out = append(out, ThresholdChange{"max_overlap", SharePercent(registered.MaxOverlap), SharePercent(now.MaxOverlap)})
	}
	if registered.NGram != now.NGram {
		out = append(out, ThresholdChange{"ngram", strconv.Itoa(registered.NGram), strconv.Itoa(now.NGram)})
	}
	return out
}

// Drift lists the thresholds of now that differ from registered, in words
// ("max_run 20 (registered 12)"); empty when none do.
func Drift(registered, now C5) []string {
	var out []string
	for _, c := range Changes(registered, now) {
		out = append(out, fmt.Sprintf("%s %s (registered %s)", c.Name, c.Now, c.Registered))
	}
	return out
}

// RegisteredDrift lists every threshold of cfg that differs from the
// registered ones ([c5.registered], [judged.registered]), in words.
func RegisteredDrift(cfg *Config) []string {
	var out []string
	if r := cfg.C5.Registered; r != nil {
		out = Drift(*r, cfg.C5)
	}
	if r := cfg.G1.Registered; r != nil && r.Tolerance != cfg.G1.Tolerance {
		out = append(out, fmt.Sprintf("g1.tolerance %s (registered %s)", SharePercent(cfg.G1.Tolerance), SharePercent(r.Tolerance)))
	}
	if r := cfg.Judged.Registered; r != nil {
		for _, c := range cfg.Judged.JudgedThresholds.Changes(*r) {
			out = append(out, fmt.Sprintf("%s %s (registered %s)", c.Name, c.Now, c.Registered))
		}
	}
	return out
}

// SharePercent writes a configured share as a percentage with no more
// decimals than it has: 0.1 is "10%", 0.125 is "12.5%".
func SharePercent(x float64) string {
	return strconv.FormatFloat(math.Round(x*100*1e6)/1e6, 'f', -1, 64) + "%"
}

// Thresholds converts c to C5's thresholds in the criteria package.
func (c C5) Thresholds() criteria.C5Thresholds {
	return criteria.C5Thresholds{MaxRun: c.MaxRun, MaxOverlap: c.MaxOverlap, NGram: c.NGram}
}

// G1 holds the length gate's tolerance and targets ([g1], [g1.targets]).
type G1 = criteria.G1Settings

// Criteria returns the settings of every criterion, for the stages that
// judge cells.
func (c *Config) Criteria() criteria.Settings {
	return criteria.Settings{C5: c.C5.Thresholds(), G1: c.G1,
		Judged: criteria.JudgedSettings{C1MinPresent: c.Judged.C1MinPresent, C2MaxUndeveloped: c.Judged.C2MaxUndeveloped}}
}

// WithCriteria returns a copy of c with the criteria's settings s.
func (c *Config) WithCriteria(s criteria.Settings) Config {
	out := *c
	out.C5.MaxRun, out.C5.MaxOverlap, out.C5.NGram = s.C5.MaxRun, s.C5.MaxOverlap, s.C5.NGram
	out.G1 = s.G1
	out.Judged.C1MinPresent, out.Judged.C2MaxUndeveloped = s.Judged.C1MinPresent, s.Judged.C2MaxUndeveloped
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
	Out      string `toml:"out"`
	Audience string `toml:"audience"`
	Excerpts bool   `toml:"excerpts"`
	// Unscanned lists files of the site (slash-separated paths within it,
	// path.Match patterns) that the leak scan cannot read (compressed,
	// binary containers, images) and that the author publishes unread.
	Unscanned []string `toml:"unscanned"`
}

// Hypothesis is a pre-registered hypothesis with a machine-checkable prediction.
type Hypothesis struct {
	ID         string     `toml:"id"`
	Registered time.Time  `toml:"registered"`
	Statement  string     `toml:"statement"`
	Thresholds *C5        `toml:"thresholds"` // in force at registration; nil: the defaults
	Prediction Prediction `toml:"prediction"`
	Line       int        `toml:"-"`
}

// Prediction kinds.
const (
	FewestFails  = "fewest_fails" // Model strictly fewest FAILs
	MostFails    = "most_fails"   // Model strictly most FAILs
	FailsAtMost  = "fails_at_most"
	FailsAtLeast = "fails_at_least"
)

// Prediction is what a hypothesis predicts, in a form the data can decide.
type Prediction struct {
	Kind  string `toml:"kind"`
	Model string `toml:"model"` // a public alias, or "" for all writers together
	// Criterion names the criterion whose FAILs are counted: empty for C5,
	// "G1" for the length gate, or a judged criterion (C1, C2, C4, C6) with
	// Judge the judge whose verdicts decide.
	Criterion string `toml:"criterion"`
	Judge     string `toml:"judge"`
	// Fails is the bound for fails_at_most and fails_at_least.
	Fails *int `toml:"fails"`
}

// Key returns the outcomes the prediction counts: its criterion's (C5 when
// it names none), by its judge.
func (p Prediction) Key() criteria.Key {
	id := criteria.ID(p.Criterion)
	if id == "" {
		id = criteria.C5
	}
	return criteria.Key{Criterion: id, Judge: p.Judge}
}

// Digest returns the SHA-256 of the hypothesis as registered: its id, date,
// statement, thresholds and prediction, in a fixed canonical form. Editing
// any of them after registration changes the digest.
func (h Hypothesis) Digest() string {
	th := DefaultC5
	if h.Thresholds != nil {
		th = *h.Thresholds
	}
	fails := "-"
	if h.Prediction.Fails != nil {
		fails = strconv.Itoa(*h.Prediction.Fails)
	}
	canonical := strings.Join([]string{
		"id=" + h.ID,
		"registered=" + h.Registered.Format("2006-01-02"),
		"statement=" + h.Statement,
		fmt.Sprintf("thresholds=%d,%s,%d", th.MaxRun, strconv.FormatFloat(th.MaxOverlap, 'g', -1, 64), th.NGram),
		"prediction=" + h.Prediction.Kind + "," + h.Prediction.Model + "," + fails,
	}, "\n")
	if p := h.Prediction; p.Criterion != "" || p.Judge != "" {
		// Only a G1 or judged prediction carries them, so a C5
		// hypothesis's digest is what it was before they existed.
		canonical += "\njudged=" + p.Criterion + "," + p.Judge
	}
	sum := sha256.Sum256([]byte(canonical))
	return hex.EncodeToString(sum[:])
}

// DefaultC5 are the rubric's thresholds.
var DefaultC5 = C5{MaxRun: criteria.DefaultC5.MaxRun, MaxOverlap: criteria.DefaultC5.MaxOverlap, NGram: criteria.DefaultC5.NGram}

// Default returns the configuration used for keys a file leaves out.
func Default() Config {
	return Config{
		Title:      "Evaluation artifact",
		ContentDir: "content",
		Inputs:     Inputs{Dir: "private"},
		C5:         DefaultC5,
		G1:         criteria.DefaultG1,
		Publish:    Publish{Out: "public", Audience: Public, Excerpts: true},
		Judged:     Judged{JudgedThresholds: DefaultJudged},
	}
}

// Load reads the config file at path, applies the --set overrides in order
// and validates the result.
func Load(path string, sets []string) (*Config, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		if os.IsNotExist(err) {
			return nil, diag.Errorf(path, 0, "config file does not exist").
				WithHint("run evalpress in the folder that holds config.toml, or pass --config FILE")
		}
		return nil, diag.Errorf(path, 0, "cannot read config file: %v", err)
	}
	cfg := Default()
	if _, err := tomlfile.Decode(data, path, &cfg); err != nil {
		return nil, err
	}
	cfg.File, cfg.data = path, data
	for i := range cfg.Hypotheses {
		cfg.Hypotheses[i].Line = hypothesisLine(data, i)
	}
	for i := range cfg.Fixtures {
		cfg.Fixtures[i].Line = arrayTableLine(data, "fixture", i)
	}
	if err := cfg.Validate(); err != nil {
		return nil, err
	}
	for _, s := range sets {
		if err := cfg.Set(s); err != nil {
			return nil, err
		}
	}
	if len(sets) > 0 {
		// The file was valid, so a failure now comes from an override.
		if err := cfg.Validate(); err != nil {
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

func hypothesisLine(data []byte, index int) int {
	n := -1
	for i, line := range strings.Split(string(data), "\n") {
		if strings.TrimSpace(line) == "[[hypothesis]]" {
			n++
			if n == index {
				return i + 1
			}
		}
	}
	return 0
}

// SetError is a bad --set override: a usage error.
type SetError struct{ msg string }

func (e *SetError) Error() string { return e.msg }

// Set applies one "dotted.key=value" override.
func (c *Config) Set(assignment string) error {
	key, value, ok := strings.Cut(assignment, "=")
	key = strings.TrimSpace(key)
	if !ok || key == "" {
		return &SetError{fmt.Sprintf("--set %q: want key=value, for example --set c5.max_run=20", assignment)}
	}
	fields := settableFields(reflect.ValueOf(c).Elem(), "")
	field, ok := fields[key]
	if !ok {
		keys := make([]string, 0, len(fields))
		for k := range fields {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		return &SetError{fmt.Sprintf("--set %s: unknown key (known keys: %s)", key, strings.Join(keys, ", "))}
	}
	value = strings.TrimSpace(value)
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
	s := c.Criteria()
	if err := s.Validate(); err != nil {
		var se *criteria.SettingError
		if errors.As(err, &se) && se.Key == "c5" {
			// The C5 thresholds: the line of the one out of range.
			if err := c.thresholdsError("c5", c.C5); err != nil {
				return err
			}
		}
		line := 0
		if se != nil {
			line = c.KeyLine(se.Key)
		}
		return diag.Errorf(file, line, "%v", err)
	}
	if r := c.C5.Registered; r != nil {
		if r.Registered != nil {
			return c.keyError("c5.registered.registered", "[c5.registered.registered]: registered thresholds have no registered thresholds of their own")
		}
		if err := c.thresholdsError("c5.registered", *r); err != nil {
			return err
		}
	}
	if c.Runs.MinWords < 0 {
		return c.keyError("runs.min_words", "[runs] min_words %d is negative", c.Runs.MinWords)
	}
	if c.Publish.Audience != Public && c.Publish.Audience != Internal {
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
	for _, h := range c.Hypotheses {
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
		case FewestFails, MostFails:
			if p.Model == "" {
				return diag.Errorf(file, h.Line, "hypothesis %q: prediction %s needs a model", h.ID, p.Kind)
			}
		case FailsAtMost, FailsAtLeast:
			if p.Fails == nil || *p.Fails < 0 {
				return diag.Errorf(file, h.Line, "hypothesis %q: prediction %s needs fails = N (0 or more)", h.ID, p.Kind)
			}
		default:
			return diag.Errorf(file, h.Line, "hypothesis %q: unknown prediction kind %q (one of %s, %s, %s, %s)",
				h.ID, p.Kind, FewestFails, MostFails, FailsAtMost, FailsAtLeast)
		}
		switch measured := criteria.Lookup(criteria.ID(p.Criterion)); {
		case p.Criterion != "" && measured != nil && !measured.Judged:
			// A measured criterion (G1) is counted without a judge.
			if p.Judge != "" {
				return diag.Errorf(file, h.Line, "hypothesis %q: criterion %q is not a judged criterion, so it takes no judge", h.ID, p.Criterion)
			}
		case p.Criterion != "" && !slices.Contains(JudgedCriteria, p.Criterion):
			return diag.Errorf(file, h.Line, "hypothesis %q: criterion %q is not a judged criterion (one of %s) nor G1", h.ID, p.Criterion, strings.Join(JudgedCriteria, ", "))
		case p.Criterion != "" && p.Judge == "":
			return diag.Errorf(file, h.Line, "hypothesis %q: criterion %s needs judge = \"<judge id>\"; judges are reported one by one, never averaged", h.ID, p.Criterion)
		case p.Criterion == "" && p.Judge != "":
			return diag.Errorf(file, h.Line, "hypothesis %q: judge %q needs a criterion (C1, C2, C4 or C6)", h.ID, p.Judge)
		}
		if h.Thresholds != nil {
			if err := h.Thresholds.Thresholds().Validate(); err != nil {
				return diag.Errorf(file, h.Line, "hypothesis %q thresholds: %v", h.ID, err)
			}
		}
	}
	return nil
}

// Path resolves p relative to the config file's folder.
func (c *Config) Path(p string) string {
	if filepath.IsAbs(p) || c.File == "" {
		return p
	}
	return filepath.Join(filepath.Dir(c.File), p)
}

// MinRunWords returns the shortest run to highlight.
func (c *Config) MinRunWords() int {
	if c.Runs.MinWords > 0 {
		return c.Runs.MinWords
	}
	return c.C5.NGram
}
