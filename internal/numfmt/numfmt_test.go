package numfmt

import "testing"

func TestPercent(t *testing.T) {
	for _, tc := range []struct {
		share float64
		want  string
	}{
		{0, "0%"}, {0.054, "5.4%"}, {0.1, "10%"}, {0.3333, "33.3%"}, {0.9166666, "91.7%"}, {1, "100%"},
		{0.0004, "0%"}, {0.0005, "0.1%"}, {-0.0001, "0%"}, {0.125, "12.5%"},
	} {
		if got := Percent(tc.share); got != tc.want {
			t.Errorf("Percent(%v) = %q, want %q", tc.share, got, tc.want)
		}
	}
}

func TestPercentAgainstALimitNeverLooksEqual(t *testing.T) {
	for _, tc := range []struct {
		share, limit float64
		want         string
	}{
		{0.054, 0.1, "5.4%"},
		{0.1, 0.1, "10%"},
		{0.10004, 0.1, "10.004%"},
		{0.0999, 0.1, "9.99%"},
		{0.09999, 0.1, "9.999%"},
		{0.1 + 1e-12, 0.1, "10%"}, // floating-point noise is the limit itself
		{0.25, 0.1, "25%"},
	} {
		if got := PercentAgainst(tc.share, tc.limit); got != tc.want {
			t.Errorf("PercentAgainst(%v, %v) = %q, want %q", tc.share, tc.limit, got, tc.want)
		}
	}
}

func TestWordBoundsAreWholeWords(t *testing.T) {
	for _, tc := range []struct {
		lo, hi float64
		want   string
	}{
		{38.25, 51.75, "39 to 51 words"},
		{255, 345, "255 to 345 words"},
		{45 * 0.85, 45 * 1.15, "39 to 51 words"}, // 38.25 and 51.749999...
		{80 * 0.85, 80 * 1.15, "68 to 92 words"}, // 68.0000001 and 92
		{4.2, 4.8, "no whole count of words"},
		{4.2, 5.8, "5 words"},
		{0.5, 1.2, "1 word"},
	} {
		if got := WordBounds(tc.lo, tc.hi); got != tc.want {
			t.Errorf("WordBounds(%v, %v) = %q, want %q", tc.lo, tc.hi, got, tc.want)
		}
	}
}

func TestStatAndPoints(t *testing.T) {
	for _, tc := range []struct {
		got, want string
	}{
		{Stat(0.6363636), "0.64"}, {Stat(-0.1), "-0.10"}, {Stat(-0.001), "0.00"}, {Stat(0), "0.00"}, {Stat(1), "1.00"},
		{Points(0.050000000000000044), "+5 points"}, {Points(-0.025000000000000022), "-2.5 points"}, {Points(0.0001), "0 points"},
		{Setting(0.1), "10%"}, {Setting(0.3333), "33.33%"}, {Setting(0.125), "12.5%"}, {Setting(0.15), "15%"},
		{Chance(0.1667), "16.7%"}, {Chance(1), "100%"}, {Chance(0), "0%"}, {Chance(0.004), "0.4%"}, {Chance(0.0003), "0.03%"}, {Chance(0.00004), "0.004%"},
		{Number(12), "12"}, {Number(38.25), "38.25"}, {Words(1), "1 word"}, {Words(38), "38 words"},
	} {
		if tc.got != tc.want {
			t.Errorf("got %q, want %q", tc.got, tc.want)
		}
	}
}

func TestRoundIsWhatThePageShows(t *testing.T) {
	for _, tc := range []struct {
		got, want float64
	}{
		{Round(0.050000000000000044, 3), 0.05},
		{Round(-0.025000000000000022, 3), -0.025},
		{RoundShare(0.9166666666666666), 0.917},
		{RoundStat(0.6363636363636364), 0.64},
		{Round(-0.0001, 3), 0},
	} {
		if tc.got != tc.want {
			t.Errorf("got %v, want %v", tc.got, tc.want)
		}
	}
}

func TestTimesIsWordedAsSaid(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		n    int
		want string
	}{{0, "0 times"}, {1, "once"}, {2, "twice"}, {3, "3 times"}, {12, "12 times"}} {
		if got := Times(tc.n); got != tc.want {
			t.Errorf("Times(%d) = %q, want %q", tc.n, got, tc.want)
		}
	}
}
