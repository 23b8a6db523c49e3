package judged

import (
	"fmt"
	"regexp"
	"strings"
	"time"

	"github.com/evalpress/evalpress/internal/diag"
	"github.com/evalpress/evalpress/internal/tomlfile"
)

// Judge roles.
const (
	Primary = "primary" // the headline judge, from a family no writer belongs to
	Family  = "family"  // a judge from one writer's family, to measure self-preference
)

// Judge is one [[judge]] entry of judges.toml.
type Judge struct {
	ID   string // public; names the reply file <id>.md
	Role string // Primary or Family
	// Model and Version name the judge model. A family judge's model is
	// private: it would tell which lab made its writer.
	Model, Version string
	// FamilyOf is, for a family judge, the script heading (private) of the
	// writer whose family it belongs to.
	FamilyOf string
	// Run is when the judge ran.
	Run time.Time
	// PromptSHA256 is the hex digest of the prompt text the judge ran with.
	PromptSHA256 string
	// Iterations counts the prompt's revisions; TunedOn names the sample
	// they were made on.
	Iterations int
	TunedOn    string
	Line       int // line of the judge's [[judge]] header
	// ModelLine is the line of its model key, for the private term.
	ModelLine int
}

// judgesFile is the shape of judges.toml.
type judgesFile struct {
	Judge []struct {
		ID           string `toml:"id"`
		Role         string `toml:"role"`
		Model        string `toml:"model"`
		Version      string `toml:"version"`
		FamilyOf     string `toml:"family_of"`
		Run          any    `toml:"run"`
		PromptSHA256 string `toml:"prompt_sha256"`
		Iterations   *int   `toml:"iterations"`
		TunedOn      string `toml:"tuned_on"`
	} `toml:"judge"`
}

var (
	judgeIDPattern = regexp.MustCompile(`^[a-z0-9][a-z0-9_-]*$`)
	sha256Pattern  = regexp.MustCompile(`^[0-9a-f]{64}$`)
)

// parseJudges reads judges.toml. writers holds the script headings of
// sections.md, which family_of must name.
func parseJudges(data []byte, file string, writers map[string]bool) ([]Judge, error) {
	var jf judgesFile
	if _, err := tomlfile.Decode(data, file, &jf); err != nil {
		return nil, err
	}
	if len(jf.Judge) == 0 {
		return nil, diag.Errorf(file, 0, "no [[judge]] entries").
			WithHint("describe each judge in a [[judge]] table with id, role, model, run and prompt_sha256")
	}
	headers := arrayTableLines(data, "judge")
	seen := map[string]int{}
	var out []Judge
	for i, e := range jf.Judge {
		header := 0
		if i < len(headers) {
			header = headers[i]
		}
		keyLine := func(key string) int {
			if l := keyLineIn(data, header, key); l > 0 {
				return l
			}
			return header
		}
		j := Judge{ID: strings.TrimSpace(e.ID), Role: e.Role, Model: strings.TrimSpace(e.Model), Version: strings.TrimSpace(e.Version),
			FamilyOf: strings.TrimSpace(e.FamilyOf), PromptSHA256: e.PromptSHA256, TunedOn: strings.TrimSpace(e.TunedOn),
			Line: header, ModelLine: keyLine("model")}
		switch {
		case j.ID == "":
			return nil, diag.Errorf(file, header, "judge has no id")
		case !judgeIDPattern.MatchString(j.ID):
			return nil, diag.Errorf(file, keyLine("id"), "judge id %q: use lower-case letters, digits, '-' and '_'", j.ID).
				WithHint("the id names the reply file judged/<id>.md and is shown in public")
		case seen[j.ID] > 0:
			return nil, diag.Errorf(file, keyLine("id"), "judge %q is described twice (first at line %d)", j.ID, seen[j.ID])
		case j.Role != Primary && j.Role != Family:
			return nil, diag.Errorf(file, keyLine("role"), "judge %q: role %q, want %q or %q", j.ID, j.Role, Primary, Family)
		case j.Model == "":
			return nil, diag.Errorf(file, header, "judge %q has no model", j.ID)
		case j.Role == Family && j.FamilyOf == "":
			return nil, diag.Errorf(file, header, "family judge %q has no family_of", j.ID).
				WithHint("family_of is the script heading of the writer whose family the judge belongs to")
		case j.Role == Family && !writers[j.FamilyOf]:
			return nil, diag.Errorf(file, keyLine("family_of"), "family judge %q: family_of names no writer in sections.md", j.ID).
				WithHint("use a '# SCRIPT' heading of sections.md exactly as written")
		case j.Role == Primary && j.FamilyOf != "":
			return nil, diag.Errorf(file, keyLine("family_of"), "primary judge %q has a family_of; only family judges belong to a writer's family", j.ID)
		case !sha256Pattern.MatchString(e.PromptSHA256):
			return nil, diag.Errorf(file, keyLine("prompt_sha256"), "judge %q: prompt_sha256 must be 64 lower-case hex digits", j.ID).
				WithHint("the SHA-256 of the prompt text it ran with, as sha256sum prints it")
		case e.Iterations != nil && *e.Iterations < 0:
			return nil, diag.Errorf(file, keyLine("iterations"), "judge %q: iterations %d is negative", j.ID, *e.Iterations)
		}
		if e.Iterations != nil {
			j.Iterations = *e.Iterations
		}
		run, err := parseTime(e.Run)
		if err != nil {
			return nil, diag.Errorf(file, keyLine("run"), "judge %q: run %v", j.ID, err)
		}
		j.Run = run
		seen[j.ID] = max(header, 1)
		out = append(out, j)
	}
	return out, nil
}

// parseTime accepts a TOML offset date-time or an RFC 3339 string.
func parseTime(v any) (time.Time, error) {
	switch t := v.(type) {
	case nil:
		return time.Time{}, fmt.Errorf("is missing; want an RFC 3339 time such as 2026-07-01T09:30:00Z")
	case time.Time:
		if strings.HasSuffix(t.Location().String(), "-local") { // the decoder's zone for a time without offset
			return time.Time{}, fmt.Errorf("has no time zone; want an RFC 3339 time such as 2026-07-01T09:30:00Z")
		}
		return t, nil
	case string:
		return parseRFC3339(t)
	}
	return time.Time{}, fmt.Errorf("is not a time; want an RFC 3339 time such as 2026-07-01T09:30:00Z")
}

func parseRFC3339(s string) (time.Time, error) {
	t, err := time.Parse(time.RFC3339, strings.TrimSpace(s))
	if err != nil {
		return time.Time{}, fmt.Errorf("%q is not an RFC 3339 time (such as 2026-07-01T09:30:00Z)", s)
	}
	return t, nil
}

// arrayTableLines returns the lines of every [[name]] header, in order.
func arrayTableLines(data []byte, name string) []int {
	var out []int
	for i, line := range strings.Split(string(data), "\n") {
		t := strings.TrimSpace(line)
		if strings.HasPrefix(t, "[[") {
			inner := strings.TrimSpace(strings.TrimSuffix(strings.TrimPrefix(strings.SplitN(t, "]]", 2)[0], "[["), "]]"))
			if inner == name {
				out = append(out, i+1)
			}
		}
	}
	return out
}

// keyLineIn returns the line of key in the table whose header is on line
// header, or 0.
func keyLineIn(data []byte, header int, key string) int {
	lines := strings.Split(string(data), "\n")
	for i := header; i < len(lines) && header > 0; i++ {
		t := strings.TrimSpace(lines[i])
		if strings.HasPrefix(t, "[") {
			break
		}
		k, _, ok := strings.Cut(t, "=")
		if ok && strings.Trim(strings.TrimSpace(k), `"'`) == key {
			return i + 1
		}
	}
	return 0
}
