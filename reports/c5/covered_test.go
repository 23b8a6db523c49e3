package c5

import (
	"math/rand/v2"
	"strings"
	"testing"
)

// TestCoveredMatchesOracle: Covered marks exactly the section's words that
// lie in an n-gram also in the example, as sets of joined words find them.
func TestCoveredMatchesOracle(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(3, 5))
	vocab := []string{"a", "b", "c", "d", "e", "f"}
	text := func(n, k int) string {
		ws := make([]string, n)
		for i := range ws {
			ws[i] = vocab[rng.IntN(k)]
		}
		return strings.Join(ws, " ")
	}
	var c Comparer
	var into []bool
	for range 2000 {
		k, n := 2+rng.IntN(len(vocab)-1), 1+rng.IntN(5)
		section, example := text(rng.IntN(40), k), text(rng.IntN(40), k)
		norm, dict := NewNormaliser(nil), NewDict()
		var s2, e2 Tokens
		norm.Tokenise(example, dict, &e2)
		var ex Example
		ex.Prepare(&e2)
		norm.Tokenise(section, dict, &s2)
		c.Compare(&s2, &ex, n) // Covered reads the comparer's last result
		into = c.Covered(s2.Len(), n, into)

		a, b := strings.Fields(section), strings.Fields(example)
		grams := map[string]bool{}
		for i := 0; i+n <= len(b); i++ {
			grams[strings.Join(b[i:i+n], " ")] = true
		}
		want := make([]bool, len(a))
		for i := 0; i+n <= len(a); i++ {
			if grams[strings.Join(a[i:i+n], " ")] {
				for j := i; j < i+n; j++ {
					want[j] = true
				}
			}
		}
		for i := range want {
			if into[i] != want[i] {
				t.Fatalf("section %q, example %q, n %d: word %d covered %v, want %v", section, example, n, i, into[i], want[i])
			}
		}
	}
}
