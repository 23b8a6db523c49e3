package prose

import (
	"os"
	"regexp"
	"strings"
	"testing"
)

// TestTheReferenceNamesEveryFunction: docs/documents.md names every
// function of the expression language and every field each one takes, as
// its usage states them, so that a function added here cannot go
// undocumented.
func TestTheReferenceNamesEveryFunction(t *testing.T) {
	data, err := os.ReadFile("../../docs/documents.md")
	if err != nil {
		t.Fatal(err)
	}
	page := string(data)
	// The fields of a usage are its words joined by "|": "count([fails|passes], ...)".
	alternatives := regexp.MustCompile(`[a-z][a-z0-9_]*(?:\|[a-z][a-z0-9_]*)+`)
	fields := 0
	for _, name := range resolverNames() {
		if !strings.Contains(page, "`"+name+"(") {
			t.Errorf("docs/documents.md does not describe %s(...)", name)
		}
		for _, group := range alternatives.FindAllString(resolvers[name].usage, -1) {
			for _, f := range strings.Split(group, "|") {
				fields++
				if !strings.Contains(page, "`"+f+"`") {
					t.Errorf("docs/documents.md does not name %s's field %s", name, f)
				}
			}
		}
	}
	if len(resolvers) < 20 || fields < 60 {
		t.Fatalf("found %d functions and %d fields: the usage strings are not what this test reads", len(resolvers), fields)
	}
}
