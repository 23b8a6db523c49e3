package jscompat

import (
	"math"
	"math/big"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"
)

// Expected values below are what Node.js prints for the same expressions.

func TestLower(t *testing.T) {
	tests := []struct{ in, want string }{
		{"ABC xyz", "abc xyz"},
		{"İ", "i\u0307"},                 // Go's unicode.ToLower gives plain "i"
		{"\u212A", "k"},                  // Kelvin sign
		{"ΟΔΟΣ ΚΑΙ", "οδος και"},         // final sigma at a word end
		{"AΣ.", "aς."},                   // "." is case-ignorable, then not followed by a cased letter
		{"AΣ\u0345", "aς\u0345"},         // U+0345 is both cased and case-ignorable: skipped
		{"\u0345Σ", "\u0345σ"},           // nothing cased before: not final
		{"A\u0345Σ", "a\u0345ς"},         // preceded by A across an ignorable
		{"AΣ\u0345B", "aσ\u0345b"},       // followed by B across an ignorable
		{"1Σ", "1σ"},                     // a digit is not cased
		{"A:Σ", "a:ς"},                   // ":" is case-ignorable (MidLetter)
		{"Σ", "σ"},                       // alone
		{"ΣΣ", "σς"},                     // the second is final
		{"ÀÉÎ Straße ǅ", "àéî straße ǆ"}, // ordinary mappings
	}
	for _, tc := range tests {
		if got := Lower(tc.in); got != tc.want {
			t.Errorf("Lower(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

func TestLowerMappedOffsets(t *testing.T) {
	s := "aİB"
	low, src := LowerMapped(s, nil, []int32{})
	if string(low) != "ai\u0307b" {
		t.Fatalf("lowered %q", low)
	}
	// a from 0; i and the two bytes of U+0307 from İ at 1; b from 3.
	if want := []int32{0, 1, 1, 1, 3}; !slices.Equal(src, want) {
		t.Fatalf("offsets %v, want %v", src, want)
	}
	if _, src := LowerMapped(s, nil, nil); src != nil {
		t.Fatalf("offsets kept without being asked for: %v", src)
	}
}

func TestTrimAndSpace(t *testing.T) {
	if got := Trim("\uFEFF\u00A0 x \u3000\u2028"); got != "x" {
		t.Errorf("Trim removed too little: %q", got)
	}
	if got := Trim("\u0085x\u0085"); got != "\u0085x\u0085" {
		t.Errorf("Trim removed U+0085, which JavaScript keeps: %q", got)
	}
	for _, r := range []rune{' ', '\t', '\v', '\f', 0xFEFF, 0x2000, 0x200A, 0x205F} {
		if !IsSpace(r) {
			t.Errorf("IsSpace(%U) = false", r)
		}
	}
	for _, r := range []rune{0x85, 0x200B, 'a', 0x180E} {
		if IsSpace(r) {
			t.Errorf("IsSpace(%U) = true", r)
		}
	}
}

func TestPadding(t *testing.T) {
	tests := []struct {
		got, want string
	}{
		{PadEnd("ab", 4), "ab  "},
		{PadEnd("😀", 4), "😀  "}, // two UTF-16 code units
		{PadEnd("é", 3), "é  "}, // one code unit, two bytes
		{PadEnd("toolongvalue", 4), "toolongvalue"},
		{PadStart("7", 3), "  7"},
		{PadStart("日本", 3), " 日本"},
	}
	for _, tc := range tests {
		if tc.got != tc.want {
			t.Errorf("got %q, want %q", tc.got, tc.want)
		}
	}
}

func TestToFixed(t *testing.T) {
	tests := []struct {
		x      float64
		digits int
		want   string
	}{
		{0.25, 1, "0.3"}, // exact tie: up, where Go's FormatFloat gives 0.2
		{12.25, 1, "12.3"},
		{12.5, 0, "13"},
		{1.005, 2, "1.00"}, // 1.005 is below the tie in binary
		{0, 1, "0.0"},
		{100, 1, "100.0"},
		{53.125, 1, "53.1"},
		{0.05, 1, "0.1"},
		{0.1 * 100, 0, "10"},
		{16.666666666666664, 1, "16.7"},
		{-1.25, 1, "-1.3"},
		// As node prints them: the sign of a negative value rounded to 0
		// stays, -0 has none.
		{-0.04, 1, "-0.0"},
		{math.Copysign(0, -1), 1, "0.0"},
		{37.5, 0, "38"},
		{-1.5, 0, "-2"},
		{5e-324, 3, "0.000"},
		{0.5, 0, "1"},
		{2.5, 0, "3"},
		{1e20 + 0.5, 0, "100000000000000000000"},
	}
	for _, tc := range tests {
		if got := ToFixed(tc.x, tc.digits); got != tc.want {
			t.Errorf("ToFixed(%v, %d) = %q, want %q", tc.x, tc.digits, got, tc.want)
		}
	}
}

// FuzzToFixed holds ToFixed, which takes strconv's rounding wherever no
// tie is possible, to the rounding in exact arithmetic.
func FuzzToFixed(f *testing.F) {
	for _, x := range []float64{0.25, 12.5, 1.005, 16.666666666666664, 5e-324, 1e20, 0.125, 99.95} {
		f.Add(x, uint8(1))
	}
	f.Fuzz(func(t *testing.T, x float64, d uint8) {
		digits := int(d % 25)
		if math.IsNaN(x) || math.IsInf(x, 0) || math.Abs(x) >= 1e21 {
			return
		}
		want := toFixedExact(math.Abs(x), digits)
		if x < 0 {
			want = "-" + want
		}
		if got := ToFixed(x, digits); got != want {
			t.Fatalf("ToFixed(%v, %d) = %q, exactly %q", x, digits, got, want)
		}
	})
}

// TestMayTieFindsEveryTie checks, in rational arithmetic, every value
// k/2^j (the values that can lie on a tie) against mayTie, which sends
// a value to the exact rounding: no tie may go past it.
func TestMayTieFindsEveryTie(t *testing.T) {
	half := big.NewRat(1, 2)
	ties := 0
	for j := range 16 {
		for k := range 3000 {
			x := float64(k) / float64(uint64(1)<<j)
			for digits := range 6 {
				r := new(big.Rat).SetFloat64(x)
				r.Mul(r, new(big.Rat).SetInt(new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(digits)), nil)))
				frac := new(big.Rat).Sub(r, new(big.Rat).SetInt(new(big.Int).Quo(r.Num(), r.Denom())))
				if frac.Cmp(half) == 0 {
					ties++
					if !mayTie(x, digits) {
						t.Fatalf("%v with %d digits lies on a tie, and mayTie says it cannot", x, digits)
					}
				}
			}
		}
	}
	if ties < 1000 {
		t.Fatalf("only %d ties checked", ties)
	}
	for _, x := range []float64{100.0 / 3, 16.666666666666664, 0.1, 1.005} {
		if mayTie(x, 1) {
			t.Errorf("mayTie(%v, 1): a value that is no dyadic fraction with few digits takes the slow way", x)
		}
	}
}

func TestRound(t *testing.T) {
	tests := []struct{ x, want float64 }{
		{0.5, 1}, {1.5, 2}, {2.5, 3}, {66.66666666666667, 67}, {0.49999999999999994, 0}, {12.5, 13},
	}
	for _, tc := range tests {
		if got := Round(tc.x); got != tc.want {
			t.Errorf("Round(%v) = %v, want %v", tc.x, got, tc.want)
		}
	}
}

func TestPropertyOrder(t *testing.T) {
	keys := []string{"b", "10", "2", "01", "4294967294", "4294967295", "-1", "a", "1"}
	SortByPropertyOrder(keys, func(s string) string { return s })
	want := []string{"1", "2", "10", "4294967294", "b", "01", "4294967295", "-1", "a"}
	if !slices.Equal(keys, want) {
		t.Errorf("order %q, want %q", keys, want)
	}
}

func TestLowerASCIIMatchesBytewise(t *testing.T) {
	var all []byte
	for c := 0; c < 128; c++ {
		all = append(all, byte(c))
	}
	for shift := range 9 { // every alignment of the eight-byte blocks
		b := append([]byte(nil), all[shift:]...)
		lowerASCII(b)
		for i, c := range all[shift:] {
			want := c
			if 'A' <= c && c <= 'Z' {
				want += 'a' - 'A'
			}
			if b[i] != want {
				t.Fatalf("byte %#x lowered to %#x, want %#x", c, b[i], want)
			}
		}
	}
}

// randomText mixes ASCII with characters whose lowercase changes length or
// is more than one character, sigmas at word ends, and invalid bytes.
func randomText(rng *rand.Rand, n int) string {
	pieces := []string{"a", "B", "z", "Q", "0", " ", "\n", ".", "é", "É", "ß", "ẞ", "İ", "\u212A", "\u2126", "Ⱥ", "Ⱦ",
		"Σ", "ΑΣ", "ΑΣ ", "σ", "ǅ", "\uFFFD", "\xff", "\xe2\x82", "日本", "Ａ", "\U0001F600", "\u0130\u0130"}
	var b strings.Builder
	for range n {
		b.WriteString(pieces[rng.IntN(len(pieces))])
	}
	return b.String()
}

func TestLowerOriginsMatchPerByteOffsets(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	texts := []string{"", "plain ascii", "aİB", "\u212Aelvin ΟΔΟΣ", "\xff\xfe", "ΑΣ.ΑΣ"}
	for range 300 {
		texts = append(texts, randomText(rng, rng.IntN(60)))
	}
	for _, s := range texts {
		want, src := LowerMapped(s, nil, []int32{})
		low, origins := LowerOrigins(s, nil, nil)
		if string(low) != string(want) {
			t.Fatalf("%q: lowered %q, want %q", s, low, want)
		}
		k := 0
		for p := range low { // in order, with the cursor
			if got := origins.At(low, p, &k); got != src[p] {
				t.Fatalf("%q: byte %d comes from %d, want %d (origins %v)", s, p, got, src[p], origins)
			}
		}
		for range 20 { // in any order
			if len(low) == 0 {
				break
			}
			p := rng.IntN(len(low))
			if got := origins.At(low, p, &k); got != src[p] {
				t.Fatalf("%q: byte %d (out of order) comes from %d, want %d", s, p, got, src[p])
			}
		}
		if isASCII(s) && len(origins) > 1 {
			t.Fatalf("%q: %d origins for ASCII text, want at most 1", s, len(origins))
		}
	}
}

func TestOriginsCopyMatchesPerByteOffsets(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for range 300 {
		s := randomText(rng, 1+rng.IntN(60))
		low, src := LowerMapped(s, nil, []int32{})
		_, origins := LowerOrigins(s, nil, nil)
		// Cut the text at random character boundaries into pieces, as
		// stripping phrases does, and join the pieces with a space that
		// comes from "-1".
		var bounds []int
		for p := range low {
			if utf8.RuneStart(low[p]) && rng.IntN(4) == 0 {
				bounds = append(bounds, p)
			}
		}
		bounds = append(bounds, len(low))
		var newLow []byte
		var newSrc []int32
		var got Origins
		k, from := 0, 0
		for i, to := range bounds {
			if i%2 == 1 { // drop [from, to), put a space for it
				got = got.add(Origin{Low: int32(len(newLow)), Src: -1, Whole: true})
				newLow, newSrc = append(newLow, ' '), append(newSrc, -1)
			} else {
				got = origins.Copy(got, from, to, len(newLow), &k)
				newLow, newSrc = append(newLow, low[from:to]...), append(newSrc, src[from:to]...)
			}
			from = to
		}
		k = 0
		for p := range newLow {
			if at := got.At(newLow, p, &k); at != newSrc[p] {
				t.Fatalf("%q cut at %v: byte %d of %q comes from %d, want %d", s, bounds, p, newLow, at, newSrc[p])
			}
		}
	}
}
