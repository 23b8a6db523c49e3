package c5

import "embed"

// source is the measurement's own code, embedded so that a published site
// can show exactly what computed its numbers.
//
//go:embed tokens.go automaton.go compare.go runs.go
var source embed.FS

// SourceFiles lists the embedded source files of the measurement.
var SourceFiles = []string{"tokens.go", "automaton.go", "compare.go", "runs.go"}

// Source returns the embedded source of the named file.
func Source(name string) string {
	data, err := source.ReadFile(name)
	if err != nil {
		return ""
	}
	return string(data)
}
