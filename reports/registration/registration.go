// Package registration records what an evaluation commits to before its
// run (its hypotheses, its registered thresholds, the digests of its
// rubric and judge prompt, and when) in a file the author publishes, and
// whose SHA-256 the author posts publicly before the run. Every build
// makes the same record of the evaluation as it is now and compares it
// with the file: a reader sees whether what is reported is what was
// registered, and since when.
//
// The record holds nothing private: aliases name the writers, and the
// rubric and prompt are documents published with the artifact. The
// command that writes it refuses a record in which a private term appears.
package registration

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"sort"
	"strings"
	"time"
	"unicode"

	"github.com/evalpress/evalpress/config"
	"github.com/evalpress/evalpress/internal/diag"
	"github.com/evalpress/evalpress/internal/tomlfile"
	"github.com/evalpress/evalpress/reports/criteria"
)

// File is the registration's file name, beside the config.
const File = "registration.toml"

// Document is a registered document: its path in the content folder and
// the SHA-256 of its bytes.
type Document struct {
	File   string `toml:"file"`
	SHA256 string `toml:"sha256"`
}

// Threshold is one registered threshold: its criterion, name and value as
// the config states it.
type Threshold struct {
	Criterion string `toml:"criterion"`
	Name      string `toml:"name"`
	Value     string `toml:"value"`
}

// Hypothesis is one registered hypothesis: its id, date and statement,
// and the SHA-256 of the whole of it (hypotheses.Hypothesis.Digest).
type Hypothesis struct {
	ID         string `toml:"id"`
	Registered string `toml:"registered"` // yyyy-mm-dd
	Statement  string `toml:"statement"`
	SHA256     string `toml:"sha256"`
}

// Registration is what an evaluation commits to.
type Registration struct {
	At time.Time `toml:"registered_at"`
	// AfterMeasurement is true when, as it was made, the output folder
	// already held a site measured from the same sections: the
	// measurement was made, and could be seen, before the registration.
	AfterMeasurement bool         `toml:"after_measurement"`
	Rubric           *Document    `toml:"rubric"`
	Prompt           *Document    `toml:"prompt"`
	Thresholds       []Threshold  `toml:"threshold"`
	Hypotheses       []Hypothesis `toml:"hypothesis"`
}

// Content returns a content-folder file's bytes, and false when there is
// none.
type Content func(rel string) ([]byte, bool)

// Make records cfg's evaluation as it is: the hypotheses, the thresholds of
// every criterion whose registered block the config declares (as the file
// states them: --set never reaches them), and the rubric's and prompt's
// digests, read through content. at is the registration's time.
func Make(cfg *config.Config, content Content, at time.Time) Registration {
	r := Registration{At: at.UTC().Truncate(time.Second)}
	doc := func(rel string) *Document {
		if rel == "" {
			return nil
		}
		d := &Document{File: rel}
		if data, ok := content(rel); ok {
			sum := sha256.Sum256(data)
			d.SHA256 = hex.EncodeToString(sum[:])
		}
		return d
	}
	r.Rubric, r.Prompt = doc(cfg.Judged.Rubric), doc(cfg.Judged.Prompt)
	for _, c := range cfg.FileCriteria.Criteria().All() {
		reg, declared := cfg.FileCriteria.Registered(c)
		if !declared {
			continue
		}
		for _, t := range reg.Thresholds(c) {
			if !t.PerSection {
				r.Thresholds = append(r.Thresholds, Threshold{Criterion: string(c.ID), Name: t.Name, Value: t.Text()})
			}
		}
	}
	for _, h := range cfg.Hypotheses {
		r.Hypotheses = append(r.Hypotheses, Hypothesis{ID: h.ID, Registered: h.Registered.Format("2006-01-02"), Statement: h.Statement, SHA256: h.Digest()})
	}
	return r
}

// Declares reports whether r registers a threshold of criterion.
func (r Registration) Declares(criterion criteria.ID) bool {
	for _, t := range r.Thresholds {
		if t.Criterion == string(criterion) {
			return true
		}
	}
	return false
}

// Encode writes r as its file: TOML, always the same bytes for the same
// registration.
func (r Registration) Encode() []byte {
	var b strings.Builder
	b.WriteString("# The evaluation's registration, written by evalpress register before the run.\n")
	b.WriteString("# Its SHA-256 is posted publicly; every build compares the evaluation with it.\n")
	b.WriteString("# Do not edit: a changed file no longer has the posted digest.\n\n")
	fmt.Fprintf(&b, "registered_at = %s\n", r.At.UTC().Format(time.RFC3339))
	if r.AfterMeasurement {
		b.WriteString("# The output folder held a site measured from the same sections when this was made.\n")
		b.WriteString("after_measurement = true\n")
	}
	for _, d := range []struct {
		name string
		doc  *Document
	}{{"rubric", r.Rubric}, {"prompt", r.Prompt}} {
		if d.doc != nil {
			fmt.Fprintf(&b, "\n[%s]\nfile = %s\nsha256 = %s\n", d.name, quote(d.doc.File), quote(d.doc.SHA256))
		}
	}
	for _, t := range r.Thresholds {
		fmt.Fprintf(&b, "\n[[threshold]]\ncriterion = %s\nname = %s\nvalue = %s\n", quote(t.Criterion), quote(t.Name), quote(t.Value))
	}
	for _, h := range r.Hypotheses {
		fmt.Fprintf(&b, "\n[[hypothesis]]\nid = %s\nregistered = %s\nstatement = %s\nsha256 = %s\n", quote(h.ID), quote(h.Registered), quote(h.Statement), quote(h.SHA256))
	}
	return []byte(b.String())
}

// quote writes s as a TOML basic string.
func quote(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for _, r := range s {
		switch {
		case r == '"' || r == '\\':
			b.WriteByte('\\')
			b.WriteRune(r)
		case r == '\n':
			b.WriteString(`\n`)
		case r == '\t':
			b.WriteString(`\t`)
		case unicode.IsControl(r):
			fmt.Fprintf(&b, `\u%04X`, r)
		default:
			b.WriteRune(r)
		}
	}
	b.WriteByte('"')
	return b.String()
}

// Digest returns the SHA-256 of a registration file's bytes: the digest the
// author posts.
func Digest(data []byte) string {
	sum := sha256.Sum256(data)
	return hex.EncodeToString(sum[:])
}

// Parse reads a registration file; file names it in errors.
func Parse(data []byte, file string) (Registration, error) {
	var r Registration
	if _, err := tomlfile.Decode(data, file, &r); err != nil {
		return Registration{}, err
	}
	if r.At.IsZero() {
		return Registration{}, diag.Errorf(file, 0, "no registered_at: a registration records when it was made").
			WithHint("write it with evalpress register")
	}
	return r, nil
}

// Check is a build's comparison of the evaluation with its registration.
type Check struct {
	// At is when the registration was made; SHA256 the digest of its file.
	At     time.Time
	SHA256 string
	// Differences say, in words, what differs now; none when it matches.
	Differences []string
	// Hypotheses says of each hypothesis of the build (by id) whether it
	// is as registered: Same, Changed or Added.
	Hypotheses map[string]string
	// Late says, in words, each step of the run the registration was made
	// after (Order): then it registers nothing in advance.
	Late []string
}

// Order checks the registration was made before the run: before the
// measurement (AfterMeasurement says it was not) and before the first
// judge run (firstJudge; zero when no judge ran). Each step it came after
// is added to c.Late.
func (c *Check) Order(file Registration, firstJudge time.Time) {
	if file.AfterMeasurement {
		c.Late = append(c.Late, "made after the sections had been measured")
	}
	if !firstJudge.IsZero() && !file.At.Before(firstJudge) {
		c.Late = append(c.Late, "made after the first judge run ("+firstJudge.UTC().Format(time.RFC3339)+")")
	}
}

// A hypothesis against the registration.
const (
	Same    = "as registered"
	Changed = "changed since its registration"
	Added   = "not in the registration"
	// SameLate is Same in a registration made after the run (Check.Late).
	SameLate = "as in a registration made after the run, which registers nothing in advance"
)

// Matches reports whether the evaluation is as registered, by a
// registration made before the run: a late one registers nothing.
func (c Check) Matches() bool { return len(c.Differences) == 0 && len(c.Late) == 0 }

// Compare compares the evaluation now with the registration file, whose
// bytes are data.
func Compare(file Registration, data []byte, now Registration) Check {
	c := Check{At: file.At, SHA256: Digest(data), Hypotheses: map[string]string{}}
	add := func(format string, args ...any) { c.Differences = append(c.Differences, fmt.Sprintf(format, args...)) }
	for _, d := range []struct {
		name      string
		then, cur *Document
	}{{"rubric", file.Rubric, now.Rubric}, {"judge prompt", file.Prompt, now.Prompt}} {
		switch {
		case d.then == nil && d.cur == nil:
		case d.then == nil:
			add("the %s (%s) was not registered", d.name, d.cur.File)
		case d.cur == nil:
			add("the registered %s (%s) is no longer configured", d.name, d.then.File)
		case d.cur.File != d.then.File:
			add("the %s is %s now, %s when registered", d.name, d.cur.File, d.then.File)
		case d.cur.SHA256 != d.then.SHA256:
			add("the %s (%s) changed since its registration", d.name, d.cur.File)
		}
	}
	key := func(t Threshold) string { return t.Criterion + " " + t.Name }
	then := map[string]string{}
	for _, t := range file.Thresholds {
		then[key(t)] = t.Value
	}
	seen := map[string]bool{}
	for _, t := range now.Thresholds {
		seen[key(t)] = true
		switch v, ok := then[key(t)]; {
		case !ok:
			add("%s's registered %s (%s) was not registered", t.Criterion, t.Name, t.Value)
		case v != t.Value:
			add("%s's registered %s is %s now, %s in the registration", t.Criterion, t.Name, t.Value, v)
		}
	}
	var gone []string
	for _, t := range file.Thresholds {
		if !seen[key(t)] {
			gone = append(gone, fmt.Sprintf("%s's %s (%s)", t.Criterion, t.Name, t.Value))
		}
	}
	sort.Strings(gone)
	for _, g := range gone {
		add("the registered %s is no longer declared", g)
	}
	registered := map[string]string{}
	for _, h := range file.Hypotheses {
		registered[h.ID] = h.SHA256
	}
	for _, h := range now.Hypotheses {
		switch d, ok := registered[h.ID]; {
		case !ok:
			c.Hypotheses[h.ID] = Added
			add("hypothesis %s was not registered", h.ID)
		case d != h.SHA256:
			c.Hypotheses[h.ID] = Changed
			add("hypothesis %s changed since its registration", h.ID)
		default:
			c.Hypotheses[h.ID] = Same
		}
		delete(registered, h.ID)
	}
	var dropped []string
	for id := range registered {
		dropped = append(dropped, id)
	}
	sort.Strings(dropped)
	for _, id := range dropped {
		add("registered hypothesis %s is no longer reported", id)
	}
	return c
}
