package site

import (
	"html/template"
	"strings"
)

// MethodEvidence is what the method page shows of the measurement's
// evidence: the reference script the documents give, and the record of
// the differential test that compares evalpress with it.
type MethodEvidence struct {
	// ReferenceName and Reference are the reference script's file name
	// and text, as the documents give it.
	ReferenceName, Reference string
	// Corpus names the golden corpus's folder in the repository; Cases
	// the input sets compared, Identical those printed byte for byte as
	// the reference prints them, Thresholds the distinct threshold
	// settings among them, CorpusSHA256 the corpus's digest and Test the
	// command that runs the comparison.
	Corpus, CorpusSHA256, Test   string
	Cases, Identical, Thresholds int
}

// highlightJS highlights the reference script.
func highlightJS(code string) (template.HTML, error) {
	var b strings.Builder
	if err := highlight(&b, "javascript", code); err != nil {
		return "", err
	}
	return template.HTML(b.String()), nil
}
