package criteria

import "slices"

// Tally counts one criterion's (and judge's) verdicts over some cells.
type Tally struct {
	Criterion                       ID
	Judge                           string
	Pass, Fail, Unscored, Ambiguous int
	// FailLow and FailHigh bound the share of the scored cells that fail,
	// a 95% interval the findings compute (0 and 0 until they do).
	FailLow, FailHigh float64
}

// Scored returns the number of cells passed or failed.
func (t Tally) Scored() int { return t.Pass + t.Fail }

// Tallies are tallies in the order their outcomes were first added.
type Tallies []Tally

// Add counts o.
func (ts *Tallies) Add(o Outcome) {
	i := slices.IndexFunc(*ts, func(t Tally) bool { return t.Criterion == o.Criterion && t.Judge == o.Judge })
	if i < 0 {
		*ts = append(*ts, Tally{Criterion: o.Criterion, Judge: o.Judge})
		i = len(*ts) - 1
	}
	t := &(*ts)[i]
	switch o.Verdict {
	case Pass:
		t.Pass++
	case Fail:
		t.Fail++
	case Unscored:
		t.Unscored++
	case Ambiguous:
		t.Ambiguous++
	}
}

// AddAll counts every outcome of a cell.
func (ts *Tallies) AddAll(outcomes []Outcome) {
	for _, o := range outcomes {
		ts.Add(o)
	}
}

// Of returns the tally with key k (zero when nothing was counted).
func (ts Tallies) Of(k Key) Tally {
	for _, t := range ts {
		if t.Criterion == k.Criterion && t.Judge == k.Judge {
			return t
		}
	}
	return Tally{Criterion: k.Criterion, Judge: k.Judge}
}

// Record is an outcome as results.json holds it. A judged criterion's
// record holds its judges' outcomes by judge id (Judges).
type Record struct {
	Verdict string             `json:"verdict,omitempty"`
	Reason  string             `json:"reason,omitempty"`
	Rules   []string           `json:"rules"`
	Values  map[string]float64 `json:"values"`
	Limits  map[string]float64 `json:"limits"`
	Judges  map[string]Record  `json:"judges,omitempty"`
}

// Records returns a cell's outcomes as results.json holds them: by
// criterion ID, a judged criterion's by judge inside its criterion's.
func Records(outcomes []Outcome) map[string]Record {
	out := map[string]Record{}
	for _, o := range outcomes {
		r := Record{Verdict: string(o.Verdict), Reason: o.Reason, Rules: append([]string{}, o.Failed...),
			Values: map[string]float64{}, Limits: map[string]float64{}}
		for _, v := range o.Values {
			r.Values[v.Name] = v.Value
		}
		for _, l := range o.Limits {
			r.Limits[l.Name] = l.Value
		}
		if o.Judge == "" {
			judges := out[string(o.Criterion)].Judges
			r.Judges = judges
			out[string(o.Criterion)] = r
			continue
		}
		c := out[string(o.Criterion)]
		if c.Judges == nil {
			c.Judges = map[string]Record{}
		}
		c.Judges[o.Judge] = r
		if c.Rules == nil {
			c.Rules, c.Values, c.Limits = []string{}, map[string]float64{}, map[string]float64{}
		}
		out[string(o.Criterion)] = c
	}
	return out
}
