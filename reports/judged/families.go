package judged

import (
	"strings"

	"github.com/evalpress/evalpress/matcher/identity"
	"github.com/evalpress/evalpress/reports/inputs"
)

// WriterFamilies returns each writer's model family by script heading, as
// far as the inputs say: models.toml's [families], or else the family the
// identity table finds in the heading (matcher/identity: "Claude" for
// "Claude Opus 4.1"). This is the one place a writer's family is derived.
func WriterFamilies(folder *inputs.Folder) map[string]string {
	out := map[string]string{}
	if folder == nil {
		return out
	}
	for _, script := range folder.ScriptOrder() {
		if family := identity.Of(script, identity.Extra{Lab: folder.Labs[script].Text}).Family; family != "" {
			out[script] = family
		}
	}
	for script, t := range folder.Families {
		out[script] = t.Text
	}
	return out
}

// sharesFamily reports whether family is one of the writers' families.
func sharesFamily(family string, writers map[string]string) bool {
	family = strings.TrimSpace(family)
	if family == "" {
		return false
	}
	for _, f := range writers {
		if strings.EqualFold(strings.TrimSpace(f), family) {
			return true
		}
	}
	return false
}
