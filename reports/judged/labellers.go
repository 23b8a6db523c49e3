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
	headers := arrayTableLines(data, "labeller")
	seen := map[string]int{}
	names := map[string]string{}
	author := 0
	var out []Labeller
	for i, e := range lf.Labeller {
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
		// missing says a key that is not set, at the entry, or set
		// empty, at its own line.
		missing := func(key string) *diag.Diagnostic {
			if line := keyLineIn(data, header, key); line > 0 {
				return diag.Errorf(file, line, "labeller %q: %s is empty", strings.TrimSpace(e.ID), key)
			}
			return diag.Errorf(file, header, "labeller %q has no %s", strings.TrimSpace(e.ID), key)
		}
		l := Labeller{ID: strings.TrimSpace(e.ID), Name: strings.TrimSpace(e.Name), Role: e.Role, Line: header}
		wrote := e.WroteRubric != nil && *e.WroteRubric
		switch {
		case l.ID == "":
			return nil, diag.Errorf(file, header, "labeller has no id").WithHint("the id names the labels file labels/<id>.md")
		case !judgeIDPattern.MatchString(l.ID):
			return nil, diag.Errorf(file, keyLine("id"), "labeller id %q: use lower-case letters, digits, '-' and '_'", l.ID)
		case seen[l.ID] > 0:
			return nil, diag.Errorf(file, keyLine("id"), "labeller %q is described twice (first at line %d)", l.ID, seen[l.ID])
		case l.Name == "":
			return nil, missing("name").
				WithHint(`name is what readers see, for example name = "Labeller A"; the id appears only in data files`)
		case names[strings.ToLower(l.Name)] != "":
			return nil, diag.Errorf(file, keyLine("name"), "labeller %q: its name is labeller %q's too", l.ID, names[strings.ToLower(l.Name)])
		case e.Kind == "":
			return nil, missing("kind").WithHint(`kind = %q for a person`, KindHuman)
		case e.Kind == KindModel:
			return nil, diag.Errorf(file, keyLine("kind"), "labeller %q is a model: a model can be a second judge, never a human baseline", l.ID).
				WithHint("describe it as a [[judge]] in judges.toml, with its replies in judged/<id>.md")
		case e.Kind != KindHuman:
			return nil, diag.Errorf(file, keyLine("kind"), "labeller %q: kind is neither %q nor %q", l.ID, KindHuman, KindModel)
		case l.Role != RoleAuthor && l.Role != RoleSecond:
			return nil, diag.Errorf(file, keyLine("role"), "labeller %q: role is neither %q (the rubric's author) nor %q", l.ID, RoleAuthor, RoleSecond)
		case l.Role == RoleAuthor && author > 0:
			return nil, diag.Errorf(file, keyLine("role"), "labeller %q: a second author (the first at line %d); the rubric has one author", l.ID, author)
		case l.Role == RoleSecond && wrote:
			return nil, diag.Errorf(file, keyLine("wrote_rubric"), "labeller %q wrote the rubric, so it cannot be the second labeller", l.ID).
				WithHint("the protocol's second labeller works from the written rubric alone; give the rubric's author role = %q", RoleAuthor)
		case l.Role == RoleAuthor && e.WroteRubric != nil && !wrote:
			return nil, diag.Errorf(file, keyLine("wrote_rubric"), "labeller %q has role %q but wrote_rubric = false", l.ID, RoleAuthor)
		}
		l.Criteria = slices.Clone(Criteria)
		if e.Criteria != nil {
			l.Criteria = nil
			for _, c := range e.Criteria {
				c = strings.ToUpper(strings.TrimSpace(c))
				switch {
				case !slices.Contains(Criteria, c):
					return nil, diag.Errorf(file, keyLine("criteria"), "labeller %q: criteria names one that is not a judged criterion (%s)", l.ID, strings.Join(Criteria, ", "))
				case slices.Contains(l.Criteria, c):
					return nil, diag.Errorf(file, keyLine("criteria"), "labeller %q: criteria names %s twice", l.ID, c)
				}
				l.Criteria = append(l.Criteria, c)
			}
			if len(l.Criteria) == 0 {
				return nil, diag.Errorf(file, keyLine("criteria"), "labeller %q labels no criterion", l.ID)
			}
			slices.SortFunc(l.Criteria, func(a, b string) int { return indexOf(Criteria, a) - indexOf(Criteria, b) })
		}
		if l.Role == RoleAuthor {
			author = max(header, 1)
		}
		seen[l.ID] = max(header, 1)
		names[strings.ToLower(l.Name)] = l.ID
		out = append(out, l)
	}
	return out, nil
}

// Labelled reports whether the labeller labels criterion.
func (lab *Labeller) Labelled(criterion string) bool { return slices.Contains(lab.Criteria, criterion) }
