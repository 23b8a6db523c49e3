package prose

import (
	"github.com/evalpress/evalpress/internal/numfmt"
	"strconv"
)

// Kind is the type of a value.
type Kind int

// Kinds of values.
const (
	None  Kind = iota // nothing to report: the minimum of no cells, a cell without example
	Int               // a whole number: words, counts, thresholds in words
	Share             // a share of 1, written as a percentage
	Text              // a word or a sentence: verdicts, statements
	Bool              // the result of a comparison
)

func (k Kind) String() string {
	return [...]string{"nothing (n/a)", "a whole number", "a share", "a text", "a condition"}[k]
}

// Value is what an expression evaluates to.
type Value struct {
	Kind Kind
	Num  float64
	Text string
	Bool bool
	// Decimals is how many decimals a share is written with; -1 writes as
	// many as it has (a configured threshold: 0.1 is "10%", 0.125 "12.5%").
	Decimals int
	// Plain writes a share as a decimal number, not a percentage: kappa is
	// "0.62" and still compares with 0.6.
	Plain bool
}

// String writes v as a document shows it.
func (v Value) String() string {
	switch v.Kind {
	case Int:
		return strconv.FormatFloat(v.Num, 'f', -1, 64)
	case Share:
		// One rule for every page (numfmt): a setting as written, a
		// measured share with one decimal and none when whole, a small
		// probability to its first significant digit.
		switch {
		case v.Plain && v.Decimals == numfmt.StatDecimals:
			return numfmt.Stat(v.Num)
		case v.Plain:
			return strconv.FormatFloat(v.Num, 'f', v.Decimals, 64)
		case v.Decimals < 0:
			return numfmt.Setting(v.Num)
		case v.Decimals <= numfmt.PercentDecimals:
			return numfmt.Percent(v.Num)
		}
		return numfmt.Chance(v.Num) // a small probability
	case Text:
		return v.Text
	case Bool:
		if v.Bool {
			return "true"
		}
		return "false"
	}
	return "n/a"
}

func intValue(n int) Value { return Value{Kind: Int, Num: float64(n)} }

func shareValue(x float64, decimals int) Value { return Value{Kind: Share, Num: x, Decimals: decimals} }

func textValue(s string) Value { return Value{Kind: Text, Text: s} }
