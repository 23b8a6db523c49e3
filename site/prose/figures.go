package prose

import (
	"github.com/evalpress/evalpress/site/figures"
	"math"
)

// evalSpread quotes how a measure splits between sections and writers:
// spread(run|overlap, sections|writers|neither|section_chance|writer_chance|sentence).
func evalSpread(ev *evaluator, c call) (Value, error) {
	measure, err := word(c, 0, "run", "overlap")
	if err != nil {
		return Value{}, err
	}
	name, err := word(c, 1, figures.FigureNames...)
	if err != nil {
		return Value{}, err
	}
	sp, _ := figures.Of(ev.p).Measure(measure)
	x, text, number, _ := sp.Figure(name)
	switch {
	case text != "":
		return textValue(text), nil
	case !number:
		return Value{}, nil // n/a: too few complete sections or writers
	case name == "section_chance" || name == "writer_chance":
		return shareValue(x, chanceDecimals(x)), nil
	}
	return shareValue(x, 0), nil
}

// hypothesisChance is the chance figure of hypothesis h: how often
// shuffling each section's verdicts among the writers gives its writer a
// FAIL gap as large; n/a when it names no writer.
func (ev *evaluator) hypothesisChance(id string) Value {
	for _, h := range ev.p.Hypotheses {
		if h.ID == id {
			if ch := figures.ChanceOf(h); ch != nil {
				p := ch.Gap.P()
				return shareValue(p, chanceDecimals(p))
			}
		}
	}
	return Value{}
}

// chanceDecimals is how many decimals show a chance's first significant
// digit, as figures.ChancePercent writes it.
func chanceDecimals(p float64) int {
	// As numfmt.Chance writes it: one decimal, more for a small one.
	for d := 1; d < 4; d++ {
		if p == 0 || p*100 >= 0.5*math.Pow(10, -float64(d)) {
			return d
		}
	}
	return 4
}
