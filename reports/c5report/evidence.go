package c5report

import (
	"embed"
	"encoding/json"
	"fmt"
)

// The reference script as the evaluation's documents give it, byte for
// byte, and the record of the differential test against it: a site's
// method page publishes both beside the Go engine.
//
//go:embed reference/c5-paraphrase-check.mjs evidence.json
var evidence embed.FS

// ReferenceFile is the reference script's name.
const ReferenceFile = "c5-paraphrase-check.mjs"

// Reference returns the reference script.
func Reference() string {
	data, _ := evidence.ReadFile("reference/" + ReferenceFile)
	return string(data)
}

// Evidence is what the differential test against the reference found: the
// golden corpus kept in the repository (testdata/reference, made by
// tools/difffuzz, each case's expected.txt printed by the reference
// script) and how many of its cases evalpress prints byte for byte.
// TestTextMatchesReference compares every case on each test run and
// fails when this record no longer says what it found (evidence.json;
// -update rewrites it, and only when every case is identical).
type Evidence struct {
	Corpus       string `json:"corpus"`        // the corpus's folder in the repository
	Cases        int    `json:"cases"`         // input sets compared
	Identical    int    `json:"identical"`     // of them, printed byte for byte as the reference does
	Thresholds   int    `json:"thresholds"`    // distinct threshold settings among them
	CorpusSHA256 string `json:"corpus_sha256"` // of every file of the corpus (CorpusDigest)
	Test         string `json:"test"`          // the command that runs the comparison
}

// RecordedEvidence returns the record kept in evidence.json.
func RecordedEvidence() (Evidence, error) {
	data, err := evidence.ReadFile("evidence.json")
	if err != nil {
		return Evidence{}, err
	}
	var e Evidence
	if err := json.Unmarshal(data, &e); err != nil {
		return Evidence{}, fmt.Errorf("evidence.json: %w", err)
	}
	return e, nil
}
