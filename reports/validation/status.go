package validation

import (
	"fmt"
	"strings"

	"github.com/evalpress/evalpress/internal/numfmt"
	"github.com/evalpress/evalpress/reports/judged"
)

// The conditions of reporting: a judge's verdicts are results only when
// every one of them holds (the rubric's "before any judge output is
// reported"). A judge that fails one is a diagnostic.
const (
	// CondFixtures: it returns every fixture's expected verdicts, so it
	// separates the matched-length dense and padded fixtures.
	CondFixtures = "fixtures"
	// CondAgreement: its agreement was measured against a human labeller
	// on the validation sample.
	CondAgreement = "agreement"
	// CondBlind: every validation label predates its first output.
	CondBlind = "blind"
	// CondPrompt: it ran with the published, frozen prompt.
	CondPrompt = "prompt"
)

// Reason is one condition of reporting a judge fails, in words.
type Reason struct {
	Condition string // CondFixtures, CondAgreement, CondBlind or CondPrompt
	Text      string
}

// Status is what the protocol's conditions say of a judge's verdicts.
type Status struct {
	// Valid is true when every condition holds: its verdicts are results.
	Valid bool
	// Reasons are the conditions it fails; empty when Valid.
	Reasons []Reason
	// Notes are stated beside its verdicts, valid or not; they withhold
	// nothing (a prompt tuned on the validation sample, a fixed answer
	// order, a primary judge of a writer's family).
	Notes []string
}

// ReasonTexts returns the reasons' texts.
func (s Status) ReasonTexts() []string {
	out := make([]string, len(s.Reasons))
	for i, r := range s.Reasons {
		out[i] = r.Text
	}
	return out
}

// Fails reports whether s fails condition.
func (s Status) Fails(condition string) bool {
	for _, r := range s.Reasons {
		if r.Condition == condition {
			return true
		}
	}
	return false
}

// status decides jr's status from what Build found.
func (r *Report) status(in Input, jr *JudgeReport) Status {
	var s Status
	add := func(cond, format string, args ...any) {
		s.Reasons = append(s.Reasons, Reason{Condition: cond, Text: fmt.Sprintf(format, args...)})
	}
	for _, p := range fixtureProblems(in, jr) {
		add(CondFixtures, "%s", p)
	}
	compared := false
	for _, p := range jr.Pairs {
		compared = compared || p.Table.N() > 0
	}
	switch {
	case jr.Withheld():
	case len(r.Sample) == 0:
		add(CondAgreement, "no human labelled a validation sample, so its agreement with a human was never measured")
	case !compared:
		add(CondAgreement, "it shares no decided verdict with a labeller on the validation sample, so its agreement was never measured")
	}
	if !jr.Blind() {
		add(CondBlind, "not blind: %d validation label(s) were made at or after its first output", jr.Late)
	}
	switch jr.Prompt {
	case PromptDiffers:
		add(CondPrompt, "ran with another prompt than the published one")
	case PromptUnverified:
		add(CondPrompt, "its prompt cannot be checked as frozen: no published prompt is configured")
	}
	s.Valid = len(s.Reasons) == 0

	if jr.Iterations > 0 {
		n := fmt.Sprintf("its prompt was iterated %s on the %s sample", numfmt.Times(jr.Iterations), tunedOnWords(jr.TunedOn))
		if jr.TunedOnValidation {
			n += ": its agreement is measured on the set it was tuned on"
		}
		s.Notes = append(s.Notes, n)
	}
	if jr.Order == judged.OrderFixed {
		s.Notes = append(s.Notes, "answer order fixed on comparative calls (the protocol asks for randomised, or swapped and averaged)")
	}
	if !jr.Independent {
		s.Notes = append(s.Notes, "not independent: the primary judge belongs to a writer's family or lab, so the family judges' measure of self-preference is what the primary ranking rests on")
	}
	return s
}

// tunedOnWords names a tuning sample in a sentence.
func tunedOnWords(s string) string {
	if s == judged.TunedOnOther {
		return "author's own (neither the pilot nor the validation)"
	}
	return strings.TrimSpace(s)
}
