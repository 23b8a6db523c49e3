package agreement

import (
	"fmt"
	"math"
	"slices"
	"sort"
	"testing"

	"github.com/evalpress/evalpress/internal/draw"
)

// plainKappa is a second, textbook implementation of Cohen's kappa over two
// lists of PASS/FAIL verdicts: observed agreement, chance agreement from the
// raters' marginal proportions, then (po-pe)/(1-pe).
func plainKappa(a, b []Verdict) (float64, bool) {
	n := float64(len(a))
	if n == 0 {
		return 0, false
	}
	var agree, aPass, bPass float64
	for i := range a {
		if a[i] == b[i] {
			agree++
		}
		if a[i] == Pass {
			aPass++
		}
		if b[i] == Pass {
			bPass++
		}
	}
	po := agree / n
	pe := (aPass/n)*(bPass/n) + (1-aPass/n)*(1-bPass/n)
	if aPass == bPass && (aPass == 0 || aPass == n) {
		return 0, false // both raters used one verdict: pe is 1
	}
	return (po - pe) / (1 - pe), true
}

// plainBootstrap resamples with the same generator but computes every kappa
// with plainKappa and takes percentiles with math.Ceil.
func plainBootstrap(a, b []Verdict, resamples int, seed uint64) (lo, hi float64, undefined int, ok bool) {
	if _, ok := plainKappa(a, b); !ok {
		return 0, 0, 0, false
	}
	rng := draw.New(seed)
	var ks []float64
	for range resamples {
		ra, rb := make([]Verdict, len(a)), make([]Verdict, len(a))
		for i := range a {
			j := rng.Below(len(a))
			ra[i], rb[i] = a[j], b[j]
		}
		if k, ok := plainKappa(ra, rb); ok {
			ks = append(ks, k)
		} else {
			undefined++
		}
	}
	sort.Float64s(ks)
	m := float64(len(ks))
	return ks[int(math.Ceil(0.025*m))-1], ks[int(math.Ceil(0.975*m))-1], undefined, true
}

// verdicts spells a list of verdicts: P pass, F fail, A ambiguous, - none.
func verdicts(s string) []Verdict {
	out := make([]Verdict, len(s))
	for i, c := range s {
		out[i] = map[rune]Verdict{'P': Pass, 'F': Fail, 'A': Ambiguous, '-': None}[c]
	}
	return out
}

func tableOf(a, b []Verdict) Table {
	var t Table
	for i := range a {
		t.Add(a[i], b[i])
	}
	return t
}

func TestKappaHandWorked(t *testing.T) {
	tests := []struct {
		name      string
		a, b      string
		table     Table
		agree     Rate
		kappa     float64
		defined   bool
		catchFail Rate
		catchPass Rate
	}{
		// po = 1, pe = .5: kappa 1.
		{"perfect agreement", "PPFF", "PPFF", Table{2, 0, 0, 2}, Rate{4, 4}, 1, true, Rate{2, 2}, Rate{2, 2}},
		// po = .5, pe = .5: kappa 0.
		{"chance level", "PPFF", "PFPF", Table{1, 1, 1, 1}, Rate{2, 4}, 0, true, Rate{1, 2}, Rate{1, 2}},
		// A stamps PASS on all: po = .9, pe = .9*1 + .1*0 = .9, kappa 0.
		{"stamping PASS", "PPPPPPPPPP", "PPPPPPPPPF", Table{9, 1, 0, 0}, Rate{9, 10}, 0, true, Rate{0, 1}, Rate{9, 9}},
		// Both PASS everything: pe = 1, kappa undefined, agreement 100%.
		{"undefined", "PPPP", "PPPP", Table{4, 0, 0, 0}, Rate{4, 4}, 0, false, Rate{0, 0}, Rate{4, 4}},
		{"undefined all FAIL", "FFF", "FFF", Table{0, 0, 0, 3}, Rate{3, 3}, 0, false, Rate{3, 3}, Rate{0, 0}},
		// Perfect disagreement: po = 0, pe = .5, kappa -1.
		{"perfect disagreement", "PF", "FP", Table{0, 1, 1, 0}, Rate{0, 2}, -1, true, Rate{0, 1}, Rate{0, 1}},
		// 50 items: po = .7, pe = (25*30+25*20)/2500 = .5, kappa .4.
		{"textbook", repeat("P", 25) + repeat("F", 25), repeat("P", 20) + repeat("F", 5) + repeat("P", 10) + repeat("F", 15),
			Table{20, 5, 10, 15}, Rate{35, 50}, 0.4, true, Rate{15, 20}, Rate{20, 30}},
		// Ambiguous and missing verdicts never reach the table.
		{"ignores non-binary", "PA-F", "PPPF", Table{1, 0, 0, 1}, Rate{2, 2}, 1, true, Rate{1, 1}, Rate{1, 1}},
		{"empty", "", "", Table{}, Rate{0, 0}, 0, false, Rate{0, 0}, Rate{0, 0}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			tab := tableOf(verdicts(tc.a), verdicts(tc.b))
			if tab != tc.table {
				t.Fatalf("table = %+v, want %+v", tab, tc.table)
			}
			if got := tab.Agreement(); got != tc.agree {
				t.Errorf("agreement = %v, want %v", got, tc.agree)
			}
			k, ok := tab.Kappa()
			if ok != tc.defined || math.Abs(k-tc.kappa) > 1e-12 {
				t.Errorf("kappa = %v, %v; want %v, %v", k, ok, tc.kappa, tc.defined)
			}
			if got := tab.CatchFail(); got != tc.catchFail {
				t.Errorf("catch FAIL = %v, want %v", got, tc.catchFail)
			}
			if got := tab.CatchPass(); got != tc.catchPass {
				t.Errorf("catch PASS = %v, want %v", got, tc.catchPass)
			}
		})
	}
}

func repeat(s string, n int) string {
	out := ""
	for range n {
		out += s
	}
	return out
}

// TestKappaMatchesPlain checks Kappa against plainKappa on every pair of
// verdict lists of up to six items.
func TestKappaMatchesPlain(t *testing.T) {
	for n := 1; n <= 6; n++ {
		for mask := 0; mask < 1<<(2*n); mask++ {
			a, b := make([]Verdict, n), make([]Verdict, n)
			for i := range n {
				a[i], b[i] = Pass, Pass
				if mask>>(2*i)&1 == 1 {
					a[i] = Fail
				}
				if mask>>(2*i+1)&1 == 1 {
					b[i] = Fail
				}
			}
			got, ok := tableOf(a, b).Kappa()
			want, wok := plainKappa(a, b)
			if ok != wok || math.Abs(got-want) > 1e-12 {
				t.Fatalf("%v %v: kappa %v %v, plain %v %v", a, b, got, ok, want, wok)
			}
		}
	}
}

func TestBootstrapMatchesPlain(t *testing.T) {
	cases := [][2]string{
		{repeat("P", 25) + repeat("F", 25), repeat("P", 20) + repeat("F", 5) + repeat("P", 10) + repeat("F", 15)},
		{"PPPPPPPPFFFP", "PPPPPPPFFFFP"},
		{"PPFF", "PPFF"},
		{"PPPPPPPPPP", "PPPPPPPPPF"},
	}
	for _, c := range cases {
		a, b := verdicts(c[0]), verdicts(c[1])
		cells := make([]Cell, len(a))
		for i := range a {
			cells[i] = CellOf(a[i], b[i])
		}
		iv := Bootstrap(cells, Resamples, Seed)
		lo, hi, undef, ok := plainBootstrap(a, b, Resamples, Seed)
		if iv.Defined != ok || iv.Undefined != undef || math.Abs(iv.Low-lo) > 1e-12 || math.Abs(iv.High-hi) > 1e-12 {
			t.Errorf("%s/%s: interval %+v, plain [%v, %v] undefined %d ok %v", c[0], c[1], iv, lo, hi, undef, ok)
		}
		if again := Bootstrap(cells, Resamples, Seed); again != iv {
			t.Errorf("%s/%s: a second bootstrap gave %+v, first %+v", c[0], c[1], again, iv)
		}
		if k, _ := TableOf(cells).Kappa(); iv.Defined && (k < iv.Low || k > iv.High) {
			t.Errorf("%s/%s: kappa %v outside its interval [%v, %v]", c[0], c[1], k, iv.Low, iv.High)
		}
	}
}

func TestBootstrapHandWorked(t *testing.T) {
	// Perfect agreement: every resample with both verdicts has kappa 1; the
	// ones drawing a single verdict are undefined and left out.
	iv := Bootstrap([]Cell{CellPassPass, CellPassPass, CellFailFail, CellFailFail}, Resamples, Seed)
	if !iv.Defined || iv.Low != 1 || iv.High != 1 {
		t.Errorf("perfect agreement: interval %+v, want [1, 1]", iv)
	}
	// Of 2000 resamples of 4 items, about 2*(1/2)^4 = 1/8 draw one verdict.
	if iv.Undefined < 150 || iv.Undefined > 350 {
		t.Errorf("perfect agreement: %d undefined resamples, want about 250", iv.Undefined)
	}
	// Undefined kappa: no interval.
	if iv := Bootstrap([]Cell{CellPassPass, CellPassPass}, Resamples, Seed); iv.Defined {
		t.Errorf("undefined kappa got an interval %+v", iv)
	}
	if iv := Bootstrap(nil, Resamples, Seed); iv.Defined {
		t.Errorf("no items got an interval %+v", iv)
	}
	// A different seed draws differently: the seed is used.
	a, b := verdicts(repeat("P", 25)+repeat("F", 25)), verdicts(repeat("P", 20)+repeat("F", 5)+repeat("P", 10)+repeat("F", 15))
	cells := make([]Cell, len(a))
	for i := range a {
		cells[i] = CellOf(a[i], b[i])
	}
	if Bootstrap(cells, 200, 1) == Bootstrap(cells, 200, 2) {
		t.Error("two seeds gave the same interval")
	}
}

func TestNearestRank(t *testing.T) {
	for _, tc := range []struct {
		p    float64
		m, i int
	}{{0.025, 2000, 49}, {0.975, 2000, 1949}, {0.025, 10, 0}, {0.975, 10, 9}, {0.5, 3, 1}, {0.025, 1, 0}, {0.975, 1, 0}} {
		if got := nearestRank(tc.p, tc.m); got != tc.i {
			t.Errorf("nearestRank(%v, %d) = %d, want %d", tc.p, tc.m, got, tc.i)
		}
	}
}

func TestIntnUniform(t *testing.T) {
	rng := draw.New(Seed)
	counts := make([]int, 3)
	for range 30000 {
		counts[rng.Below(3)]++
	}
	for i, c := range counts {
		if c < 9500 || c > 10500 {
			t.Errorf("value %d drawn %d times of 30000, want about 10000", i, c)
		}
	}
}

func TestCompare(t *testing.T) {
	a, b := Ratings{}, Ratings{}
	sample := []Item{}
	// judge, human per item.
	rows := []struct{ judge, human Verdict }{
		{Pass, Pass}, {Pass, Pass}, {Fail, Fail}, {Pass, Fail}, {Ambiguous, Pass}, {Pass, Ambiguous}, {None, Pass}, {Fail, Pass},
	}
	for i, r := range rows {
		it := Item{Writer: "W", Section: fmt.Sprintf("S%d", 9-i)}
		sample = append(sample, it)
		if r.judge != None {
			a.Set(it, "C4", r.judge)
		}
		b.Set(it, "C4", r.human)
		b.Set(it, "C6", Pass)
	}
	p := Compare("judge", a, "human", b, "C4", sample)
	want := Table{PassPass: 2, PassFail: 1, FailPass: 1, FailFail: 1}
	if p.Table != want || p.Ambiguous != 2 || p.Missing != 1 || p.Sample != 8 || len(p.Compared) != 5 {
		t.Fatalf("pair = %+v", p)
	}
	for i := 1; i < len(p.Compared); i++ {
		if p.Compared[i-1].Section < p.Compared[i].Section {
			t.Errorf("compared items not in the sample's order: %v", p.Compared)
		}
	}
	if got := Compare("judge", a, "human", b, "C6", sample); got.Table.N() != 0 || got.Missing != 8 || got.Interval.Defined {
		t.Errorf("a criterion the judge never rated: %+v", got)
	}
}

// TestOrderIsTheWritersGiven: items sort by the writers' given (public)
// order, never by their private names; one not given comes last.
func TestOrderIsTheWritersGiven(t *testing.T) {
	items := []Item{{"Alpha", "B"}, {"Zed", "A"}, {"Other", "A"}, {"Alpha", "A"}, {"Mid", "C"}}
	got := SortItems(items, []string{"Zed", "Mid", "Alpha"})
	want := []Item{{"Zed", "A"}, {"Mid", "C"}, {"Alpha", "A"}, {"Alpha", "B"}, {"Other", "A"}}
	if !slices.Equal(got, want) {
		t.Errorf("sorted %v, want %v", got, want)
	}
}

func TestAmbiguityOf(t *testing.T) {
	items := []Item{{"W", "S1"}, {"W", "S2"}, {"W", "S3"}}
	r1, r2 := Ratings{}, Ratings{}
	r1.Set(items[0], "C4", Ambiguous)
	r1.Set(items[1], "C4", Pass)
	r1.Set(items[2], "C4", Fail)
	r1.Set(items[0], "C6", Pass)
	r2.Set(items[0], "C4", Ambiguous)
	r2.Set(items[1], "C6", Ambiguous)
	r2.Set(Item{"W", "not in sample"}, "C6", Ambiguous)
	per, all := AmbiguityOf([]Ratings{r1, r2}, []string{"C4", "C6"}, items)
	want := []Ambiguity{{"C4", 4, 2}, {"C6", 2, 1}}
	if len(per) != 2 || per[0] != want[0] || per[1] != want[1] {
		t.Errorf("per criterion = %+v, want %+v", per, want)
	}
	if all != (Ambiguity{"", 6, 3}) {
		t.Errorf("overall = %+v", all)
	}
	if r, _ := all.Rate().Value(); r != 0.5 {
		t.Errorf("overall rate = %v", r)
	}
}
