package redact

import (
	"sort"

	"github.com/evalpress/evalpress/internal/diag"
	"github.com/evalpress/evalpress/matcher"
	"github.com/evalpress/evalpress/reports/findings"
	"github.com/evalpress/evalpress/reports/inputs"
)

// CheckAliases reports an alias that is itself a private term, which would
// make the public build leak or fail its scan.
func CheckAliases(folder *inputs.Folder, writers []findings.Writer) error {
	m := matcher.New(matcher.Terms(folder))
	scripts := make([]string, 0, len(folder.Aliases))
	for s := range folder.Aliases {
		scripts = append(scripts, s)
	}
	sort.Strings(scripts)
	for _, script := range scripts {
		alias := folder.Aliases[script]
		if m.Contains(alias.Text) {
			return diag.Errorf(alias.File, alias.Line, "this alias is itself a private term; choose an alias like \"Model 1\"")
		}
	}
	for _, w := range writers {
		if m.Contains(w.Alias) {
			return diag.Errorf(folder.Dir, 0, "the generated alias %q is also a private term; give the writers aliases in models.toml", w.Alias)
		}
	}
	return nil
}
