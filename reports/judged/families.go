package judged

import (
	"slices"
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

// WriterLabs returns each writer's labs by script heading, as far as the
// inputs say: the identity table's for its heading and family, and
// models.toml's [labs] (matcher/identity). A writer no lab is known of is
// absent.
func WriterLabs(folder *inputs.Folder) map[string][]string {
	out := map[string][]string{}
	if folder == nil {
		return out
	}
	for _, script := range folder.ScriptOrder() {
		id := identity.Of(script, identity.Extra{Family: folder.Families[script].Text, Lab: folder.Labs[script].Text})
		if len(id.Labs) > 0 {
			out[script] = id.Labs
		}
	}
	return out
}

// JudgeIdentity returns who a judge's model is: its model name with the
// family the author states (matcher/identity), so that a judge of a
// writer's lab is told by the table ("Gemma 3 27B" is Google's).
func JudgeIdentity(j Judge) identity.Identity {
	return identity.Of(j.Model, identity.Extra{Family: j.Family})
}

// SharesLab reports whether the labs a and b have one in common, as a
// reader names them (in any case).
func SharesLab(a, b []string) bool {
	return slices.ContainsFunc(a, func(l string) bool {
		return slices.ContainsFunc(b, func(m string) bool { return strings.EqualFold(l, m) })
	})
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
