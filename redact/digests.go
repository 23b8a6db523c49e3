package redact

import (
	"github.com/evalpress/evalpress/internal/commitment"
	"github.com/evalpress/evalpress/redact/public"
)

// inputDigests lists the private inputs' digests: small, guessable files
// get their keyed commitment, never a plain digest, and one without a
// commitment is left out.
func (r *redactor) inputDigests() []public.Digest {
	var out []public.Digest
	for _, d := range r.in.Findings.SortedDigests() {
		switch hmac, ok := r.in.Commitments[d[0]]; {
		case !commitment.Keyed(d[0]):
			out = append(out, public.Digest{File: d[0], SHA256: d[1]})
		case ok:
			out = append(out, public.Digest{File: d[0], HMACSHA256: hmac})
		}
	}
	return out
}
