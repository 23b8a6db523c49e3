package criteria

import "embed"

// source is the criteria's own code, embedded so that a published site can
// show exactly what decided its verdicts: each criterion's file (the
// machinery they share, in criteria.go, is left off the page).
//
//go:embed c5.go g1.go judged.go
var source embed.FS

// SourceFiles lists the embedded source files of the criteria.
var SourceFiles = []string{"c5.go", "g1.go", "judged.go"}

// Source returns the embedded source of the named file.
func Source(name string) string {
	data, err := source.ReadFile(name)
	if err != nil {
		return ""
	}
	return string(data)
}
