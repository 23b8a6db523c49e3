package public

// SectionPairs are writer against writer on one section (of one run).
type SectionPairs struct {
	Section string // public name, with its run where there are several
	Pairs   []Pair // every two writers, by alias
}

// Pair is C5's comparison between two writers' versions of a section.
type Pair struct {
	A, B string // aliases, A before B
	// Run is the longest run of words they share; Own the longest outside
	// the example's words (each version's words within an n-gram of its
	// example left out).
	Run, Own int
	// OverlapA is the share of A's distinct n-grams found in B's text,
	// OverlapB of B's in A's.
	OverlapA, OverlapB float64
	// Origin is "each other" when they share a run past C5's run limit of
	// words not the example's, "example" when the run past it is the
	// example's words, "" when they share none past it.
	Origin string
}
