package criteria

import (
	"embed"
	"slices"
)

// source is the package's own code, embedded so that a published site can
// show exactly what decided its verdicts: each criterion's file (the
// machinery they share is left off the page).
//
//go:embed *.go
var source embed.FS

// SourceFiles lists the files that define the criteria of s, in the
// criteria's order: those of this package, whose source is embedded. With
// a judged criterion comes judged.go, the judged tier's rules for a
// verdict a judge marks ambiguous or cannot give yet.
func (s Set) SourceFiles() []string {
	var out []string
	add := func(file string) {
		if _, err := source.Open(file); err == nil && file != "" && !slices.Contains(out, file) {
			out = append(out, file)
		}
	}
	judged := false
	for _, c := range s.list {
		add(c.File)
		judged = judged || c.Judged
	}
	if judged {
		add("judged.go")
	}
	return out
}

// Source returns the embedded source of the named file.
func Source(name string) string {
	data, err := source.ReadFile(name)
	if err != nil {
		return ""
	}
	return string(data)
}
