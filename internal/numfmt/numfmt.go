// Package numfmt writes the numbers a reader sees, by one set of rules for
// every page, every download and every data file:
//
//   - a percentage has one decimal, and none when it is whole: "5.4%",
//     "10%", "0%", "33.3%"; a share compared with a limit gets as many
//     more decimals as it takes not to look equal to the limit it is on
//     the other side of ("10.04%" against 10%, never "10%" for a FAIL);
//   - a count of words is whole, and a range of words is the whole
//     counts inside it: 45 words ± 15% is "39 to 51 words", not
//     "38.25 to 51.75";
//   - a statistic (kappa, a lift, an interval) has two decimals, and a
//     negative one a minus sign: "0.64", "-0.10";
//   - a number in a data file is rounded as the page shows it (Round).
package numfmt

import (
	"math"
	"strconv"
	"strings"
)

// PercentDecimals is how many decimals a percentage has.
const PercentDecimals = 1

// StatDecimals is how many decimals a statistic (kappa, a lift) has.
const StatDecimals = 2

// Percent writes a share (0.054) as a percentage ("5.4%").
func Percent(share float64) string { return trim(share*100, PercentDecimals) + "%" }

// PercentAgainst writes a share compared with limit: as Percent, with as
// many more decimals (at most six) as it takes for the figure to be on the
// same side of the limit, as written, as the share is.
func PercentAgainst(share, limit float64) string {
	for d := PercentDecimals; d <= 6; d++ {
		shown, err := strconv.ParseFloat(strconv.FormatFloat(share*100, 'f', d, 64), 64)
		if err != nil {
			break
		}
		if side(shown, limit*100) == side(share*100, limit*100) {
			return trim(share*100, d) + "%"
		}
	}
	return trim(share*100, 6) + "%"
}

// side is -1, 0 or 1 as x is below, at or above limit (within 1e-9, the
// noise of a share computed in floating point).
func side(x, limit float64) int {
	switch {
	case math.Abs(x-limit) < 1e-9:
		return 0
	case x < limit:
		return -1
	}
	return 1
}

// Chance writes a probability as a percentage: as Percent, and a
// probability too small for one decimal with as many as its first
// significant digit needs, at most four: "16.7%", "0.4%", "0.03%".
func Chance(p float64) string {
	if p == 0 || p*100 >= 0.05 {
		return Percent(p)
	}
	for d := 2; d < 4; d++ {
		if p*100 >= 0.5*math.Pow(10, -float64(d)) {
			return trim(p*100, d) + "%"
		}
	}
	return trim(p*100, 4) + "%"
}

// Setting writes a configured share (a threshold) as a percentage with as
// many decimals as it has, up to four: 0.1 is "10%", 0.125 "12.5%", 0.3333
// "33.33%". A threshold is the author's number, quoted as they wrote it.
func Setting(share float64) string {
	return trim(math.Round(share*100*1e4)/1e4, 4) + "%"
}

// Stat writes a statistic with two decimals ("0.64", "-0.10"); never "-0.00".
func Stat(x float64) string {
	s := strconv.FormatFloat(x, 'f', StatDecimals, 64)
	if strings.Trim(s, "-0.") == "" {
		return strconv.FormatFloat(0, 'f', StatDecimals, 64)
	}
	return s
}

// Points writes a difference of two shares in percentage points, signed:
// "+5 points", "-2.5 points", "0 points".
func Points(diff float64) string {
	s := trim(diff*100, PercentDecimals)
	switch {
	case s == "0" || s == "-0":
		return "0 points"
	case !strings.HasPrefix(s, "-"):
		s = "+" + s
	}
	return s + " points"
}

// Words writes a count of words: "1 word", "38 words".
func Words(n int) string {
	if n == 1 {
		return "1 word"
	}
	return strconv.Itoa(n) + " words"
}

// Times writes how often something happened: "once", "twice", "3 times".
func Times(n int) string {
	switch n {
	case 1:
		return "once"
	case 2:
		return "twice"
	}
	return strconv.Itoa(n) + " times"
}

// WordRange returns the whole word counts within [lo, hi], the bounds of
// a length target: 38.25 to 51.75 is 39 to 51. ok is false when no whole
// count is inside.
func WordRange(lo, hi float64) (from, to int, ok bool) {
	from, to = int(math.Ceil(lo-1e-9)), int(math.Floor(hi+1e-9))
	return from, to, from <= to
}

// WordBounds writes a range of words: "39 to 51 words"; "45 words" when
// the range holds one count, "no whole count" when it holds none.
func WordBounds(lo, hi float64) string {
	from, to, ok := WordRange(lo, hi)
	switch {
	case !ok:
		return "no whole count of words"
	case from == to:
		return Words(from)
	}
	return strconv.Itoa(from) + " to " + strconv.Itoa(to) + " words"
}

// Number writes a count or a measured number: whole numbers without a
// decimal point, others with at most two decimals.
func Number(x float64) string { return trim(x, 2) }

// Round rounds x to decimals places, as a page shows it: a data file's
// derived figure is the figure the page shows. Round(0.05000000000000004,
// 3) is 0.05.
func Round(x float64, decimals int) float64 {
	scale := math.Pow(10, float64(decimals))
	r := math.Round(x*scale) / scale
	if r == 0 {
		return 0 // no -0
	}
	return r
}

// RoundShare rounds a share as Percent shows it: 0.916666 is 0.917.
func RoundShare(share float64) float64 { return Round(share, PercentDecimals+2) }

// RoundStat rounds a statistic as Stat shows it.
func RoundStat(x float64) float64 { return Round(x, StatDecimals) }

// trim writes x with at most d decimals, trailing zeros dropped.
func trim(x float64, d int) string {
	s := strconv.FormatFloat(x, 'f', d, 64)
	if strings.Contains(s, ".") {
		s = strings.TrimRight(strings.TrimRight(s, "0"), ".")
	}
	if s == "-0" {
		s = "0"
	}
	return s
}
