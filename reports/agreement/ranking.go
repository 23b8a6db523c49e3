package agreement

// Standing is one writer's place in a judge's ranking.
type Standing struct {
	Writer string
	// Passes counts PASS verdicts, Scored PASS and FAIL verdicts (AMBIGUOUS
	// and missing ones are not scored).
	Passes, Scored int
	// Rank is 1 for the best; tied writers share a rank and the next rank
	// skips as many places (1, 1, 3).
	Rank int
}

// Ranking orders writers by their share of passes under one rater, over
// one criterion or ("" criterion) over all the criteria given.
type Ranking struct {
	Criterion string
	Standings []Standing // best first; tied writers in the order given
}

// Rank ranks writers by the share of their scored verdicts that pass, over
// criteria and every item of the writer that r rated. With the same number
// of scored verdicts for every writer this is the order of passes. Shares
// are compared in whole numbers, so equal shares are ties exactly.
func Rank(r Ratings, writers []string, criteria []string) Ranking {
	crit := ""
	if len(criteria) == 1 {
		crit = criteria[0]
	}
	standings := make([]Standing, len(writers))
	index := map[string]int{}
	for i, w := range writers {
		standings[i] = Standing{Writer: w}
		index[w] = i
	}
	for it, verdicts := range r {
		i, ok := index[it.Writer]
		if !ok {
			continue
		}
		for _, c := range criteria {
			switch verdicts[c] {
			case Pass:
				standings[i].Passes++
				standings[i].Scored++
			case Fail:
				standings[i].Scored++
			}
		}
	}
	// Insertion sort: stable, and the lists are a handful of writers.
	for i := 1; i < len(standings); i++ {
		for j := i; j > 0 && better(standings[j], standings[j-1]); j-- {
			standings[j], standings[j-1] = standings[j-1], standings[j]
		}
	}
	for i := range standings {
		if i > 0 && compareShare(standings[i], standings[i-1]) == 0 {
			standings[i].Rank = standings[i-1].Rank
		} else {
			standings[i].Rank = i + 1
		}
	}
	return Ranking{Criterion: crit, Standings: standings}
}

// compareShare compares a's pass share with b's: -1, 0 or 1. A writer with
// nothing scored ranks below every writer with something scored, and ties
// with another such writer.
func compareShare(a, b Standing) int {
	switch {
	case a.Scored == 0 && b.Scored == 0:
		return 0
	case a.Scored == 0:
		return -1
	case b.Scored == 0:
		return 1
	}
	l, r := a.Passes*b.Scored, b.Passes*a.Scored
	switch {
	case l < r:
		return -1
	case l > r:
		return 1
	}
	return 0
}

func better(a, b Standing) bool { return compareShare(a, b) > 0 }

// RankOf returns w's rank, or 0 when w is not ranked.
func (r Ranking) RankOf(w string) int {
	for _, s := range r.Standings {
		if s.Writer == w {
			return s.Rank
		}
	}
	return 0
}

// Flip is a pair of writers that two rankings order strictly and oppositely.
type Flip struct {
	// Above is ahead under the base ranking, Below ahead under the other.
	Above, Below string
}

// Flips lists the pairs of writers that base ranks strictly one way and
// other strictly the other way, in base's order. A tie in either ranking is
// not a flip.
func Flips(base, other Ranking) []Flip {
	var out []Flip
	for i, a := range base.Standings {
		for _, b := range base.Standings[i+1:] {
			if a.Rank >= b.Rank {
				continue // tied under base
			}
			ra, rb := other.RankOf(a.Writer), other.RankOf(b.Writer)
			if ra > 0 && rb > 0 && ra > rb {
				out = append(out, Flip{Above: a.Writer, Below: b.Writer})
			}
		}
	}
	return out
}

// Same reports whether two rankings give every writer the same rank.
func Same(a, b Ranking) bool {
	if len(a.Standings) != len(b.Standings) {
		return false
	}
	for _, s := range a.Standings {
		if b.RankOf(s.Writer) != s.Rank {
			return false
		}
	}
	return true
}

// SelfPreference is how much more often a family judge passes its own
// family's writer than the primary judge does, set against the same
// difference for the other writers. Only verdicts both judges scored (PASS
// or FAIL on the same item and criterion) count.
type SelfPreference struct {
	Judge, Writer string
	// Own and OwnPrimary are the own writer's pass rates under the family
	// judge and the primary judge; Others and OthersPrimary those of the
	// other writers together, over every criterion given.
	Own, OwnPrimary, Others, OthersPrimary Rate
	// PerCriterion holds the same measure criterion by criterion, in the
	// order given (each with one criterion in Criterion).
	PerCriterion []SelfPreference
	// Criterion is the criterion of an entry of PerCriterion; "" for the
	// measure over every criterion.
	Criterion string
	// NotMeasured says why nothing was measured ("" when it was).
	NotMeasured string
}

// OwnLift is the family judge's pass rate of its own writer minus the
// primary's; ok is false when nothing was scored by both.
func (s SelfPreference) OwnLift() (float64, bool) { return lift(s.Own, s.OwnPrimary) }

// OthersLift is the same difference for the other writers.
func (s SelfPreference) OthersLift() (float64, bool) { return lift(s.Others, s.OthersPrimary) }

// Effect is OwnLift minus OthersLift: positive when the family judge
// favours its own writer more than it favours the others.
func (s SelfPreference) Effect() (float64, bool) {
	o, ok1 := s.OwnLift()
	x, ok2 := s.OthersLift()
	return o - x, ok1 && ok2
}

func lift(a, b Rate) (float64, bool) {
	va, ok1 := a.Value()
	vb, ok2 := b.Value()
	return va - vb, ok1 && ok2
}

// SelfPreferenceOf measures family's self-preference for writer own
// against primary over criteria.
func SelfPreferenceOf(judge string, family, primary Ratings, own string, criteria []string) SelfPreference {
	s := selfPreferenceOver(judge, family, primary, own, criteria)
	if len(criteria) > 1 {
		for _, c := range criteria {
			pc := selfPreferenceOver(judge, family, primary, own, []string{c})
			pc.Criterion = c
			s.PerCriterion = append(s.PerCriterion, pc)
		}
	}
	return s
}

// selfPreferenceOver measures the self-preference over criteria together.
func selfPreferenceOver(judge string, family, primary Ratings, own string, criteria []string) SelfPreference {
	s := SelfPreference{Judge: judge, Writer: own}
	for it, fv := range family {
		for _, c := range criteria {
			f, p := fv[c], primary.Verdict(it, c)
			if (f != Pass && f != Fail) || (p != Pass && p != Fail) {
				continue
			}
			fr, pr := &s.Others, &s.OthersPrimary
			if it.Writer == own {
				fr, pr = &s.Own, &s.OwnPrimary
			}
			fr.Den++
			pr.Den++
			if f == Pass {
				fr.Num++
			}
			if p == Pass {
				pr.Num++
			}
		}
	}
	return s
}
