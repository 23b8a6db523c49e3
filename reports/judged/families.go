package judged

import (
	"strings"

	"github.com/evalpress/evalpress/reports/inputs"
)

// WriterFamilies returns each writer's model family by script heading, as
// far as the inputs say: models.toml's [families] for now. This is the one
// place a writer's family is derived; an identity table of the labs and
// their families will feed it too.
func WriterFamilies(folder *inputs.Folder) map[string]string {
	out := map[string]string{}
	if folder == nil {
		return out
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
