package site

import (
	"os"
	"strings"
	"testing"
)

// TestTheReferenceNamesEveryBlock: docs/documents.md describes every block
// placeholder a document may use.
func TestTheReferenceNamesEveryBlock(t *testing.T) {
	data, err := os.ReadFile("../docs/documents.md")
	if err != nil {
		t.Fatal(err)
	}
	if len(blockNames) < 15 {
		t.Fatalf("%d block names: the table is not what this test expects", len(blockNames))
	}
	for name := range blockNames {
		if !strings.Contains(string(data), "`{{"+name+"}}`") {
			t.Errorf("docs/documents.md does not describe the block {{%s}}", name)
		}
	}
}
