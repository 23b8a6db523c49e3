package redact

import (
	"fmt"

	"github.com/evalpress/evalpress/matcher"
	"github.com/evalpress/evalpress/redact/public"
	"github.com/evalpress/evalpress/reports/hypotheses"
	"github.com/evalpress/evalpress/reports/registration"
)

// hypotheses makes the view's hypotheses, redacted, and returns with them
// the digests it withholds: of a hypothesis whose published words are
// redacted, whose digest would confirm a guess.
func (r *redactor) hypotheses() (out []public.Hypothesis, withheld []string) {
	m := r.m
	for _, h := range r.in.Findings.Hypotheses {
		ph := public.Hypothesis{
			ID: m.Replace(h.ID), Registered: h.Registered.Format("2006-01-02"), Statement: m.Replace(h.Statement),
			Kind: h.Prediction.Kind, Model: m.Replace(h.Prediction.Model), Fails: h.Prediction.Fails, Runs: h.Prediction.Runs,
			Criterion: h.Prediction.Criterion, Judge: h.Prediction.Judge, JudgeName: r.judgeName(h.Prediction.Judge), RegistrationWords: registrationWords(h.Hypothesis),
			Verdict: h.Verdict, Reason: m.Replace(h.Reason), Digest: h.Digest, Drifts: h.Drifts, Drift: h.Drift, Chance: h.Chance,
			RegisteredVerdict: h.RegisteredVerdict, RegisteredReason: m.Replace(h.RegisteredReason),
		}
		ph.Unregistered = !h.Declared
		if !digestPublic(h.Hypothesis, m) {
			ph.Digest, ph.DigestWithheld = "", public.DigestPrivate
			withheld = append(withheld, h.Digest)
		}
		if reg := r.in.Registration; reg != nil {
			ph.AsRegistered = reg.Check.Hypotheses[h.ID]
			if len(reg.Check.Late) > 0 && ph.AsRegistered == registration.Same {
				ph.AsRegistered = registration.SameLate
			}
		}
		out = append(out, ph)
	}
	return out, withheld
}

// registrationWords states the thresholds a hypothesis was registered at,
// or that none were: neither the hypothesis nor its criterion's registered
// block states any, so it is judged at this build's thresholds alone.
func registrationWords(h hypotheses.Hypothesis) string {
	c := h.Criterion()
	if c == nil {
		return ""
	}
	if !h.Declared {
		return fmt.Sprintf("none declared (no [%s.registered] block and no thresholds of its own), so it is judged at this build's thresholds alone", c.Block)
	}
	return h.At.Words(c)
}

// digestPublic reports whether a hypothesis's digest covers only what the
// view publishes as it is: its id, statement, predicted model and judge
// (its date, kind, bound and thresholds are numbers and words of a few).
func digestPublic(h hypotheses.Hypothesis, m *matcher.Matcher) bool {
	for _, s := range []string{h.ID, h.Statement, h.Prediction.Model, h.Prediction.Criterion, h.Prediction.Judge} {
		if m.Replace(s) != s {
			return false
		}
	}
	return true
}

// judgeName returns what pages call the judge a hypothesis names by its
// published id, or "" when no judge has it.
func (r *redactor) judgeName(id string) string {
	if t := r.in.Findings.Judged; t != nil && id != "" {
		if jd := t.JudgeByPublicID(id, r.alias); jd != nil {
			return r.names[jd.ID]
		}
	}
	return ""
}
