// Package confusables gives the skeleton of a string as Unicode's security
// mechanisms define it (UTS #39, Confusable Detection): two strings a reader
// may take for one another have the same skeleton. Its table is generated
// from Unicode's confusables.txt (testdata/, the version in Version) by
// tools/confusablesgen.
package confusables

import (
	"strings"

	"golang.org/x/text/unicode/norm"
)

//go:generate go run ../../tools/confusablesgen -in testdata/confusables.txt -out tables.go

// Skeleton returns the skeleton of s: s in canonical decomposition, each
// character replaced by its prototype, decomposed again.
func Skeleton(s string) string {
	d := norm.NFD.String(s)
	var b strings.Builder
	b.Grow(len(d))
	for _, r := range d {
		if p, ok := prototypes[r]; ok {
			b.WriteString(p)
		} else {
			b.WriteRune(r)
		}
	}
	return norm.NFD.String(b.String())
}

// Prototype returns the prototype of r and whether the data maps it.
func Prototype(r rune) (string, bool) {
	p, ok := prototypes[r]
	return p, ok
}
