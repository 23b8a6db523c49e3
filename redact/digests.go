package redact

import (
	"slices"
	"strings"

	"github.com/evalpress/evalpress/internal/commitment"
	"github.com/evalpress/evalpress/redact/public"
)

// inputDigests lists the private inputs' digests: small, guessable files
// get their keyed commitment, never a plain digest, and one without a
// commitment is left out. A judge's or labeller's file is named by its
// published id.
func (r *redactor) inputDigests() []public.Digest {
	var out []public.Digest
	for _, d := range r.in.Findings.SortedDigests() {
		name := publicInputName(d[0], r.ids)
		switch hmac, ok := r.in.Commitments[d[0]]; {
		case !commitment.Keyed(d[0]):
			out = append(out, public.Digest{File: name, SHA256: d[1]})
		case ok:
			out = append(out, public.Digest{File: name, HMACSHA256: hmac})
		}
	}
	// Sorted by the names published: the author's would order them.
	slices.SortFunc(out, func(a, b public.Digest) int { return strings.Compare(a.File, b.File) })
	return out
}
