package judged

import (
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/evalpress/evalpress/internal/diag"
	"github.com/evalpress/evalpress/internal/numfmt"
	"github.com/evalpress/evalpress/internal/tomlfile"
)

// Judge roles.
const (
	Primary = "primary" // the headline judge, from a family no writer belongs to
	Family  = "family"  // a judge from one writer's family, to measure self-preference
)

// Answer orders a judge can record (order in judges.toml): the protocol
// asks for the order randomised on every comparative call, or swapped and
// averaged; a fixed order is recorded so that it is stated, never hidden.
const (
	OrderRandomised = "randomised"
	OrderSwapped    = "swapped"
	OrderFixed      = "fixed"
)

// Orders lists the answer orders in the order messages name them.
var Orders = []string{OrderRandomised, OrderSwapped, OrderFixed}

// TunedOnOther names a tuning set that is neither the pilot nor the
// validation sample (a held-out set of the author's).
const TunedOnOther = "other"

// TunedOn lists the samples a prompt's iterations can be made on: a closed
// list, so that no free text of judges.toml is ever published.
var TunedOn = []string{Pilot, Validation, TunedOnOther}

// Judge is one [[judge]] entry of judges.toml.
type Judge struct {
	ID string // names the reply file <id>.md; shown in data files, redacted
	// Name is the display name the author gave (name), "" when none: pages
	// then name the judge by its role.
	Name string
	Role string // Primary or Family
	// Model and Version name the judge model. A family judge's model is
	// private: it would tell which lab made its writer.
	Model, Version string
	// Family is the model family of a primary judge (family), "" when not
	// stated: it is compared with the writers' families to check that the
	// primary judge is independent of them.
	Family string
	// FamilyOf is, for a family judge, the script heading (private) of the
	// writer whose family it belongs to.
	FamilyOf string
	// Run is when the judge ran.
	Run time.Time
	// PromptSHA256 is the hex digest of the prompt text the judge ran with.
	PromptSHA256 string
	// Iterations counts the prompt's revisions; TunedOn names the sample
	// they were made on (one of TunedOn; "" with no iteration).
	Iterations int
	TunedOn    string
	// Order is how answers were ordered on comparative calls (Orders).
	Order string
	Line  int // line of the judge's [[judge]] header
	// ModelLine and FamilyLine are the lines of its model and family keys,
	// for the private terms.
	ModelLine, FamilyLine int
}

// judgesFile is the shape of judges.toml. Optional keys of no default are
// pointers, so that a missing one is told from a zero.
type judgesFile struct {
	Judge []struct {
		ID           string  `toml:"id"`
		Name         string  `toml:"name"`
		Role         string  `toml:"role"`
		Model        string  `toml:"model"`
		Version      *string `toml:"version"`
		Family       string  `toml:"family"`
		FamilyOf     string  `toml:"family_of"`
		Run          any     `toml:"run"`
		PromptSHA256 string  `toml:"prompt_sha256"`
		Iterations   *int    `toml:"iterations"`
		TunedOn      string  `toml:"tuned_on"`
		Order        *string `toml:"order"`
	} `toml:"judge"`
}

var (
	judgeIDPattern = regexp.MustCompile(`^[a-z0-9][a-z0-9_-]*$`)
	sha256Pattern  = regexp.MustCompile(`^[0-9a-f]{64}$`)
)

// parseJudges reads judges.toml. writers holds the script headings of
// sections.md, which family_of must name. Every key a judge's record needs
// is required: a missing one is an error on the judge's line, never a zero.
func parseJudges(data []byte, file string, writers map[string]bool) ([]Judge, error) {
	var jf judgesFile
	if _, err := tomlfile.Decode(data, file, &jf); err != nil {
		return nil, err
	}
	if len(jf.Judge) == 0 {
		return nil, diag.Errorf(file, 0, "no [[judge]] entries").
			WithHint("describe each judge in a [[judge]] table with id, role, model, version, run, prompt_sha256, iterations and order")
	}
	headers := tomlfile.ArrayTableLines(data, "judge")
	seen := map[string]int{}
	names := map[string]int{} // a display name, lower case -> its judge's line
	var out []Judge
	for i, e := range jf.Judge {
		header := 0
		if i < len(headers) {
			header = headers[i]
		}
		keyLine := func(key string) int {
			if l := tomlfile.KeyLineIn(data, "judge", i, key); l > 0 {
				return l
			}
			return header
		}
		j := Judge{ID: strings.TrimSpace(e.ID), Name: strings.TrimSpace(e.Name), Role: e.Role, Model: strings.TrimSpace(e.Model),
			Family: strings.TrimSpace(e.Family), FamilyOf: strings.TrimSpace(e.FamilyOf), PromptSHA256: e.PromptSHA256,
			TunedOn: strings.TrimSpace(e.TunedOn), Line: header, ModelLine: keyLine("model"), FamilyLine: keyLine("family")}
		if e.Version != nil {
			j.Version = strings.TrimSpace(*e.Version)
		}
		if e.Order != nil {
			j.Order = strings.TrimSpace(*e.Order)
		}
		switch {
		case j.ID == "":
			return nil, diag.Errorf(file, header, "judge has no id")
		case !judgeIDPattern.MatchString(j.ID):
			return nil, diag.Errorf(file, keyLine("id"), "the judge of line %d: its id holds a character other than lower-case letters, digits, '-' and '_'", header).
				WithHint("the id names the reply file judged/<id>.md; it is never published")
		case seen[j.ID] > 0:
			return nil, diag.Errorf(file, keyLine("id"), "the judge of line %d: its id is the judge's of line %d too", header, seen[j.ID])
		case j.Name != "" && names[strings.ToLower(j.Name)] > 0:
			return nil, diag.Errorf(file, keyLine("name"), "the judge of line %d: its name is the judge's of line %d too", header, names[strings.ToLower(j.Name)]).
				WithHint("readers tell judges apart by their names")
		case j.Role != Primary && j.Role != Family:
			return nil, diag.Errorf(file, keyLine("role"), "the judge of line %d: role is neither %q nor %q", header, Primary, Family)
		case j.Model == "":
			return nil, diag.Errorf(file, header, "this judge has no model")
		case e.Version == nil:
			return nil, diag.Errorf(file, header, "this judge has no version").
				WithHint(`the protocol reports the judge's model, version and date: version = "2026-05"`)
		case j.Version == "":
			return nil, diag.Errorf(file, keyLine("version"), "the judge of line %d: version is empty", header)
		case j.Role == Family && j.FamilyOf == "":
			return nil, diag.Errorf(file, header, "this family judge has no family_of").
				WithHint("family_of is the script heading of the writer whose family the judge belongs to")
		case j.Role == Family && !writers[j.FamilyOf]:
			return nil, diag.Errorf(file, keyLine("family_of"), "the family judge of line %d: family_of names no writer in sections.md", header).
				WithHint("use a '# SCRIPT' heading of sections.md exactly as written")
		case j.Role == Family && j.Family != "":
			return nil, diag.Errorf(file, keyLine("family"), "the family judge of line %d has a family; its family is its writer's (family_of)", header)
		case j.Role == Primary && j.FamilyOf != "":
			return nil, diag.Errorf(file, keyLine("family_of"), "the primary judge of line %d has a family_of; only family judges belong to a writer's family", header).
				WithHint(`state the primary judge's own model family with family = "..."`)
		case !sha256Pattern.MatchString(e.PromptSHA256):
			return nil, diag.Errorf(file, keyLine("prompt_sha256"), "the judge of line %d: prompt_sha256 must be 64 lower-case hex digits", header).
				WithHint("the SHA-256 of the prompt text it ran with, as sha256sum prints it")
		case e.Iterations == nil:
			return nil, diag.Errorf(file, header, "this judge has no iterations").
				WithHint("iterations counts the prompt's revisions before this run: 0 when it was never revised")
		case *e.Iterations < 0:
			return nil, diag.Errorf(file, keyLine("iterations"), "the judge of line %d: iterations %d is negative", header, *e.Iterations)
		case *e.Iterations > 0 && j.TunedOn == "":
			return nil, diag.Errorf(file, keyLine("iterations"), "the judge of line %d: its prompt was iterated %s, but tuned_on does not say on which sample", header, numfmt.Times(*e.Iterations)).
				WithHint("tuned_on = %s", quoteAll(TunedOn))
		case j.TunedOn != "" && !slices.Contains(TunedOn, j.TunedOn):
			return nil, diag.Errorf(file, keyLine("tuned_on"), "the judge of line %d: tuned_on is none of %s", header, quoteAll(TunedOn)).
				WithHint("the sample the prompt was iterated on; %q for a set of your own", TunedOnOther)
		case *e.Iterations == 0 && j.TunedOn != "":
			return nil, diag.Errorf(file, keyLine("tuned_on"), "the judge of line %d: tuned_on names a sample, but iterations is 0", header)
		case e.Order == nil:
			return nil, diag.Errorf(file, header, "this judge has no order").
				WithHint("order records how answers were ordered: %s", quoteAll(Orders))
		case !slices.Contains(Orders, j.Order):
			return nil, diag.Errorf(file, keyLine("order"), "the judge of line %d: order is none of %s", header, quoteAll(Orders))
		}
		j.Iterations = *e.Iterations
		run, err := parseTime(e.Run)
		if err != nil {
			return nil, diag.Errorf(file, keyLine("run"), "the judge of line %d: run %v", header, err)
		}
		j.Run = run
		seen[j.ID] = max(header, 1)
		if j.Name != "" {
			names[strings.ToLower(j.Name)] = max(header, 1)
		}
		out = append(out, j)
	}
	return out, nil
}

// quoteAll writes a list of words as messages quote them: "a", "b" or "c".
func quoteAll(words []string) string {
	q := make([]string, len(words))
	for i, w := range words {
		q[i] = strconv.Quote(w)
	}
	if len(q) < 2 {
		return strings.Join(q, "")
	}
	return strings.Join(q[:len(q)-1], ", ") + " or " + q[len(q)-1]
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
		return time.Time{}, fmt.Errorf("is not an RFC 3339 time (such as 2026-07-01T09:30:00Z)")
	}
	return t, nil
}
