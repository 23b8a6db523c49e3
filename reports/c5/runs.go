package c5

import "sort"

// Run is a shared verbatim run: Words words starting at word index SectionAt
// of the section and ExampleAt of the example.
type Run struct {
	SectionAt, ExampleAt, Words int
}

// MaxRuns caps the runs reported for one pair of texts: enough for any real
// section, and a bound on degenerate inputs (a word repeated a thousand times).
const MaxRuns = 200

// Runs returns the maximal shared runs of at least minWords words between
// section and example (both tokenised with the same Dict), longest first,
// such that no two of them overlap in the section or in the example. The
// longest run of c, the reference's, is always first, whatever its length.
//
// Runs are found by seed and extend: every minWords-gram of the section that
// occurs in the example seeds a run, extended to the right, from the seeds
// that cannot be extended to the left. Runs are then kept greedily, longest
// first, so each word of either text belongs to at most one highlighted run.
func Runs(section, example *Tokens, minWords int, c Comparison) []Run {
	var out []Run
	a, b := section.IDs, example.IDs
	if c.Run <= 0 || c.RunSectionAt < 0 || c.RunExampleAt < 0 || c.RunSectionAt+c.Run > len(a) || c.RunExampleAt+c.Run > len(b) {
		return nil // no run, or a comparison of other texts
	}
	out = append(out, Run{SectionAt: c.RunSectionAt, ExampleAt: c.RunExampleAt, Words: c.Run})
	s := max(minWords, 1)
	if len(a) < s || len(b) < s || c.Run < s {
		return out
	}
	// Index the example's s-grams by their first word's position: a chained
	// hash table, each bucket listing positions in ascending order. Grams
	// that only share a bucket fail the extension below.
	bits := 1
	for 1<<bits < 2*len(b) {
		bits++
	}
	bucket := func(h uint64) uint64 { return h * 0x9E3779B97F4A7C15 >> (64 - bits) }
	heads := make([]int32, 1<<bits) // position + 1 of the bucket's first gram; 0: empty
	next := make([]int32, len(b))
	hashes := gramHashes(b, s, nil)
	for j := len(hashes) - 1; j >= 0; j-- {
		k := bucket(hashes[j])
		next[j], heads[k] = heads[k], int32(j+1)
	}
	var found []Run
	hashes = gramHashes(a, s, hashes)
	for i := 0; i < len(hashes) && len(found) < 50*MaxRuns; i++ {
		for p := heads[bucket(hashes[i])]; p != 0; p = next[p-1] {
			j := int(p - 1)
			if i > 0 && j > 0 && a[i-1] == b[j-1] {
				continue // not left-maximal: found from an earlier seed
			}
			n := 0
			for i+n < len(a) && j+n < len(b) && a[i+n] == b[j+n] {
				n++
			}
			if n >= s {
				found = append(found, Run{SectionAt: i, ExampleAt: j, Words: n})
			}
		}
	}
	sort.Slice(found, func(x, y int) bool {
		if found[x].Words != found[y].Words {
			return found[x].Words > found[y].Words
		}
		if found[x].SectionAt != found[y].SectionAt {
			return found[x].SectionAt < found[y].SectionAt
		}
		return found[x].ExampleAt < found[y].ExampleAt
	})
	usedA := make([]bool, len(a))
	usedB := make([]bool, len(b))
	mark := func(r Run) {
		for k := range r.Words {
			usedA[r.SectionAt+k] = true
			usedB[r.ExampleAt+k] = true
		}
	}
	free := func(r Run) bool {
		for k := range r.Words {
			if usedA[r.SectionAt+k] || usedB[r.ExampleAt+k] {
				return false
			}
		}
		return true
	}
	for _, r := range out {
		mark(r)
	}
	for _, r := range found {
		if len(out) >= MaxRuns {
			break
		}
		if free(r) {
			out = append(out, r)
			mark(r)
		}
	}
	return out
}

// gramHashes returns, in into, the hash of each s words in a row of ws (its
// len(ws)-s+1 grams, in order): a polynomial hash, rolled from each gram to
// the next rather than made anew from its s words. Grams that only share a
// hash's bucket in Runs fail its extension, so the hash decides no run.
func gramHashes(ws []int32, s int, into []uint64) []uint64 {
	into = into[:0]
	if len(ws) < s {
		return into
	}
	const p = 1099511628211 // odd: each word counts in every bit above its own
	lead := uint64(1)       // p^(s-1), the weight of a gram's first word
	for range s - 1 {
		lead *= p
	}
	h := uint64(0)
	for _, w := range ws[:s] {
		h = h*p + uint64(uint32(w))
	}
	into = append(into, h)
	for j := s; j < len(ws); j++ {
		h = (h-uint64(uint32(ws[j-s]))*lead)*p + uint64(uint32(ws[j]))
		into = append(into, h)
	}
	return into
}
