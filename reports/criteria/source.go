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

// SourceFiles lists the files that define the registered criteria, in the
// criteria's order: those of this package, whose source is embedded.
func SourceFiles() []string {
	var out []string
	for _, c := range registry {
		if _, err := source.Open(c.File); err == nil && c.File != "" && !slices.Contains(out, c.File) {
			out = append(out, c.File)
		}
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
