package judged

import (
	"slices"
	"strings"

	"github.com/evalpress/evalpress/internal/diag"
	"github.com/evalpress/evalpress/internal/tomlfile"
)

// LabellersFile describes the human labellers, in the judged/ folder.
const LabellersFile = "labellers.toml"

// Labeller roles (role in labellers.toml).
const (
	RoleAuthor = "author" // the rubric's author
	RoleSecond = "second" // a second person, labelling from the written rubric alone
)

// Labeller kinds (kind in labellers.toml): only a person can be a human
// baseline.
const (
	KindHuman = "human"
	KindModel = "model"
)

// labellersFile is the shape of labellers.toml.
type labellersFile struct {
	Labeller []struct {
		ID          string   `toml:"id"`
		Name        string   `toml:"name"`
		Role        string   `toml:"role"`
		Kind        string   `toml:"kind"`
		WroteRubric *bool    `toml:"wrote_rubric"`
		Criteria    []string `toml:"criteria"`
	} `toml:"labeller"`
}

// parseLabellers reads labellers.toml: who each labeller is. The protocol's
// rules are checked here: a model is never a human baseline, there is at
// most one author, and the rubric's author cannot be the second labeller.
func parseLabellers(data []byte, file string) ([]Labeller, error) {
	var lf labellersFile
	if _, err := tomlfile.Decode(data, file, &lf); err != nil {
		return nil, err
	}
	headers := tomlfile.ArrayTableLines(data, "labeller")
	seen := map[string]int{}
	names := map[string]int{} // a name, lower case -> its labeller's line
	author := 0
	var out []Labeller
	for i, e := range lf.Labeller {
		header := 0
		if i < len(headers) {
			header = headers[i]
		}
		keyLine := func(key string) int {
			if l := tomlfile.KeyLineIn(data, "labeller", i, key); l > 0 {
				return l
			}
			return header
		}
		// missing says a key that is not set, at the entry, or set
		// empty, at its own line.
		missing := func(key string) *diag.Diagnostic {
			if line := tomlfile.KeyLineIn(data, "labeller", i, key); line > 0 {
				return diag.Errorf(file, line, "the labeller of line %d: %s is empty", header, key)
			}
			return diag.Errorf(file, header, "this labeller has no %s", key)
		}
		l := Labeller{ID: strings.TrimSpace(e.ID), Name: strings.TrimSpace(e.Name), Role: e.Role, Line: header}
		wrote := e.WroteRubric != nil && *e.WroteRubric
		switch {
		case l.ID == "":
			return nil, diag.Errorf(file, header, "labeller has no id").WithHint("the id names the labels file labels/<id>.md")
		case !judgeIDPattern.MatchString(l.ID):
			return nil, diag.Errorf(file, keyLine("id"), "the labeller of line %d: its id holds a character other than lower-case letters, digits, '-' and '_'", header)
		case seen[l.ID] > 0:
			return nil, diag.Errorf(file, keyLine("id"), "the labeller of line %d: its id is the labeller's of line %d too", header, seen[l.ID])
		case l.Name == "":
			return nil, missing("name").
				WithHint(`name is what readers see, for example name = "Labeller A"; the id appears only in data files`)
		case names[strings.ToLower(l.Name)] > 0:
			return nil, diag.Errorf(file, keyLine("name"), "the labeller of line %d: its name is the labeller's of line %d too", header, names[strings.ToLower(l.Name)])
		case e.Kind == "":
			return nil, missing("kind").WithHint(`kind = %q for a person`, KindHuman)
		case e.Kind == KindModel:
			return nil, diag.Errorf(file, keyLine("kind"), "the labeller of line %d is a model: a model can be a second judge, never a human baseline", header).
				WithHint("describe it as a [[judge]] in judges.toml, with its replies in judged/<id>.md")
		case e.Kind != KindHuman:
			return nil, diag.Errorf(file, keyLine("kind"), "the labeller of line %d: kind is neither %q nor %q", header, KindHuman, KindModel)
		case l.Role != RoleAuthor && l.Role != RoleSecond:
			return nil, diag.Errorf(file, keyLine("role"), "the labeller of line %d: role is neither %q (the rubric's author) nor %q", header, RoleAuthor, RoleSecond)
		case l.Role == RoleAuthor && author > 0:
			return nil, diag.Errorf(file, keyLine("role"), "the labeller of line %d: a second author (the first at line %d); the rubric has one author", header, author)
		case l.Role == RoleSecond && wrote:
			return nil, diag.Errorf(file, keyLine("wrote_rubric"), "the labeller of line %d wrote the rubric, so it cannot be the second labeller", header).
				WithHint("the protocol's second labeller works from the written rubric alone; give the rubric's author role = %q", RoleAuthor)
		case l.Role == RoleAuthor && e.WroteRubric != nil && !wrote:
			return nil, diag.Errorf(file, keyLine("wrote_rubric"), "the labeller of line %d has role %q but wrote_rubric = false", header, RoleAuthor)
		}
		l.Criteria = slices.Clone(Criteria)
		if e.Criteria != nil {
			l.Criteria = nil
			for _, c := range e.Criteria {
				c = strings.ToUpper(strings.TrimSpace(c))
				switch {
				case !slices.Contains(Criteria, c):
					return nil, diag.Errorf(file, keyLine("criteria"), "the labeller of line %d: criteria names one that is not a judged criterion (%s)", header, strings.Join(Criteria, ", "))
				case slices.Contains(l.Criteria, c):
					return nil, diag.Errorf(file, keyLine("criteria"), "the labeller of line %d: criteria names %s twice", header, c)
				}
				l.Criteria = append(l.Criteria, c)
			}
			if len(l.Criteria) == 0 {
				return nil, diag.Errorf(file, keyLine("criteria"), "the labeller of line %d labels no criterion", header)
			}
			slices.SortFunc(l.Criteria, func(a, b string) int { return indexOf(Criteria, a) - indexOf(Criteria, b) })
		}
		if l.Role == RoleAuthor {
			author = max(header, 1)
		}
		seen[l.ID] = max(header, 1)
		names[strings.ToLower(l.Name)] = max(header, 1)
		out = append(out, l)
	}
	return out, nil
}

// Labelled reports whether the labeller labels criterion.
func (lab *Labeller) Labelled(criterion string) bool { return slices.Contains(lab.Criteria, criterion) }
