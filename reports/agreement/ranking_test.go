package agreement

import (
	"fmt"
	"reflect"
	"testing"

	"github.com/evalpress/evalpress/internal/draw"
)

// ratings builds a rater's verdicts from rows of writer, section, criterion
// and verdict letters (P, F, A).
func ratings(rows ...string) Ratings {
	r := Ratings{}
	for _, row := range rows {
		var w, s, c, v string
		if _, err := fmt.Sscan(row, &w, &s, &c, &v); err != nil {
			panic(row)
		}
		r.Set(Item{w, s}, c, verdicts(v)[0])
	}
	return r
}

// plainRanks is a second implementation of the ranking: a writer's rank is
// one more than the number of writers with a strictly higher pass share,
// compared as floats.
func plainRanks(r Ratings, writers, criteria []string) map[string]int {
	share := map[string]float64{}
	for _, w := range writers {
		pass, scored := 0, 0
		for it, vs := range r {
			if it.Writer != w {
				continue
			}
			for _, c := range criteria {
				if vs[c] == Pass {
					pass++
				}
				if vs[c] == Pass || vs[c] == Fail {
					scored++
				}
			}
		}
		share[w] = -1
		if scored > 0 {
			share[w] = float64(pass) / float64(scored)
		}
	}
	out := map[string]int{}
	for _, w := range writers {
		out[w] = 1
		for _, x := range writers {
			if share[x] > share[w] {
				out[w]++
			}
		}
	}
	return out
}

func ranksOf(r Ranking) map[string]int {
	out := map[string]int{}
	for _, s := range r.Standings {
		out[s.Writer] = s.Rank
	}
	return out
}

func TestRank(t *testing.T) {
	writers := []string{"A", "B", "C"}
	r := ratings(
		"A s1 C2 P", "A s2 C2 F", "A s1 C4 P", "A s2 C4 P",
		"B s1 C2 P", "B s2 C2 P", "B s1 C4 F", "B s2 C4 A",
		"C s1 C2 F", "C s2 C2 F", "C s1 C4 P", "C s2 C4 P",
	)
	tests := []struct {
		criteria []string
		want     []Standing
	}{
		// A 3 of 4, B 2 of 3, C 2 of 4.
		{[]string{"C2", "C4"}, []Standing{{"A", 3, 4, 1}, {"B", 2, 3, 2}, {"C", 2, 4, 3}}},
		// C2: B 2 of 2, A 1 of 2, C 0 of 2.
		{[]string{"C2"}, []Standing{{"B", 2, 2, 1}, {"A", 1, 2, 2}, {"C", 0, 2, 3}}},
		// C4: A and C tie at 2 of 2, B 0 of 1; ties keep the writers' order.
		{[]string{"C4"}, []Standing{{"A", 2, 2, 1}, {"C", 2, 2, 1}, {"B", 0, 1, 3}}},
		// Nothing scored: all tie.
		{[]string{"C6"}, []Standing{{"A", 0, 0, 1}, {"B", 0, 0, 1}, {"C", 0, 0, 1}}},
	}
	for _, tc := range tests {
		got := Rank(r, writers, tc.criteria)
		if !reflect.DeepEqual(got.Standings, tc.want) {
			t.Errorf("%v: standings %+v, want %+v", tc.criteria, got.Standings, tc.want)
		}
		if plain := plainRanks(r, writers, tc.criteria); !reflect.DeepEqual(ranksOf(got), plain) {
			t.Errorf("%v: ranks %v, plain implementation %v", tc.criteria, ranksOf(got), plain)
		}
	}
	if got := Rank(r, writers, []string{"C2"}).Criterion; got != "C2" {
		t.Errorf("one criterion: Criterion = %q", got)
	}
}

// TestRankMatchesPlain compares Rank with plainRanks on many small raters.
func TestRankMatchesPlain(t *testing.T) {
	writers := []string{"A", "B", "C", "D"}
	vs := []Verdict{Pass, Fail, Ambiguous, None}
	for seed := range uint64(300) {
		rng := draw.New(seed)
		r := Ratings{}
		for _, w := range writers {
			for s := range 3 {
				for _, c := range []string{"C1", "C2"} {
					if v := vs[rng.Below(4)]; v != None {
						r.Set(Item{w, fmt.Sprint(s)}, c, v)
					}
				}
			}
		}
		for _, crit := range [][]string{{"C1"}, {"C1", "C2"}} {
			got := Rank(r, writers, crit)
			if plain := plainRanks(r, writers, crit); !reflect.DeepEqual(ranksOf(got), plain) {
				t.Fatalf("seed %d %v: ranks %v, plain %v", seed, crit, ranksOf(got), plain)
			}
			for i := 1; i < len(got.Standings); i++ {
				if got.Standings[i].Rank < got.Standings[i-1].Rank {
					t.Fatalf("seed %d: standings out of order %+v", seed, got.Standings)
				}
			}
		}
	}
}

func TestFlips(t *testing.T) {
	rank := func(ranks ...int) Ranking {
		var r Ranking
		for i, k := range ranks {
			r.Standings = append(r.Standings, Standing{Writer: string(rune('A' + i)), Rank: k})
		}
		return r
	}
	tests := []struct {
		name        string
		base, other Ranking
		flips       []Flip
		same        bool
	}{
		{"same order", rank(1, 2, 3), rank(1, 2, 3), nil, true},
		{"top two swap", rank(1, 2, 3), rank(2, 1, 3), []Flip{{"A", "B"}}, false},
		{"reversed", rank(1, 2, 3), rank(3, 2, 1), []Flip{{"A", "B"}, {"A", "C"}, {"B", "C"}}, false},
		{"a tie is no flip", rank(1, 2, 3), rank(1, 1, 3), nil, false},
		{"a tie in the base is no flip", rank(1, 1, 3), rank(2, 1, 3), nil, false},
	}
	for _, tc := range tests {
		if got := Flips(tc.base, tc.other); !reflect.DeepEqual(got, tc.flips) {
			t.Errorf("%s: flips %v, want %v", tc.name, got, tc.flips)
		}
		if got := Same(tc.base, tc.other); got != tc.same {
			t.Errorf("%s: same = %v", tc.name, got)
		}
	}
}

func TestSelfPreference(t *testing.T) {
	primary := ratings(
		"A s1 C2 P", "A s2 C2 F", "A s3 C2 F", "A s4 C2 F",
		"B s1 C2 P", "B s2 C2 F",
		"C s1 C2 P", "C s2 C2 P",
	)
	family := ratings(
		"A s1 C2 P", "A s2 C2 P", "A s3 C2 P", "A s4 C2 A", // s4 ambiguous: not counted
		"B s1 C2 P", "B s2 C2 P",
		"C s1 C2 P", "C s2 C2 F", "C s3 C2 P", // s3 has no primary verdict
	)
	s := SelfPreferenceOf("fam-A", family, primary, "A", []string{"C2"})
	// Own: family 3/3, primary 1/3: lift 2/3. Others: family 3/4, primary 3/4: lift 0.
	want := SelfPreference{Judge: "fam-A", Writer: "A", Own: Rate{3, 3}, OwnPrimary: Rate{1, 3}, Others: Rate{3, 4}, OthersPrimary: Rate{3, 4}}
	if !reflect.DeepEqual(s, want) {
		t.Fatalf("self-preference %+v, want %+v", s, want)
	}
	// Over two criteria, each criterion is measured on its own too.
	primary.Set(Item{"A", "s1"}, "C4", Fail)
	family.Set(Item{"A", "s1"}, "C4", Pass)
	two := SelfPreferenceOf("fam-A", family, primary, "A", []string{"C2", "C4"})
	if len(two.PerCriterion) != 2 || two.PerCriterion[0].Criterion != "C2" || !reflect.DeepEqual(two.PerCriterion[0].Own, s.Own) ||
		two.PerCriterion[1].Own != (Rate{1, 1}) || two.PerCriterion[1].OwnPrimary != (Rate{0, 1}) || two.Own != (Rate{4, 4}) {
		t.Errorf("per criterion: %+v", two)
	}
	if e, ok := s.Effect(); !ok || e < 2.0/3-1e-12 || e > 2.0/3+1e-12 {
		t.Errorf("effect %v %v, want 2/3", e, ok)
	}
	// A judge with no verdicts in common with the primary has no effect.
	if _, ok := SelfPreferenceOf("x", Ratings{}, primary, "A", []string{"C2"}).Effect(); ok {
		t.Error("an effect without shared verdicts")
	}
}
