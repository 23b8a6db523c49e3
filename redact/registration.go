package redact

import (
	"strings"
	"time"

	"github.com/evalpress/evalpress/matcher"
	"github.com/evalpress/evalpress/redact/public"
	"github.com/evalpress/evalpress/reports/registration"
)

// RawRegistration is the comparison of the evaluation with its
// registration file, and the file as read.
type RawRegistration struct {
	Check registration.Check
	Data  []byte
}

// publicRegistration publishes the comparison, and the file and its digest
// only when the file can be published as it is.
//
// The file holds digests: of each hypothesis, the rubric and the judge
// prompt. One of them that this view withholds (withheld: of a text it
// publishes redacted) would confirm a guess through the file, so the file
// is not published then either.
func publicRegistration(r *RawRegistration, m *matcher.Matcher, withheld []string) public.Registration {
	if r == nil {
		return public.Registration{}
	}
	pr := public.Registration{Present: true, At: r.Check.At.UTC().Format(time.RFC3339), Matches: r.Check.Matches(),
		Differences: replaceAll(m, r.Check.Differences), Late: r.Check.Late}
	text := string(r.Data)
	for _, d := range withheld {
		if d != "" && strings.Contains(text, d) {
			return pr
		}
	}
	if m.Replace(text) == text {
		pr.Text, pr.SHA256 = text, r.Check.SHA256
	}
	return pr
}
