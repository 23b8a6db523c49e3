package site

import (
	"bytes"
	"encoding/json"
	"math/rand/v2"
	"strconv"
	"testing"
)

// encoderJSON is what encodeJSON replaced: the oracle.
func encoderJSON(t *testing.T, v any) []byte {
	t.Helper()
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetIndent("", "  ")
	if err := enc.Encode(v); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// randomValue makes a JSON value of nested objects, arrays (empty ones
// included) and strings that hold JSON's punctuation, escapes and HTML.
func randomValue(r *rand.Rand, depth int) any {
	strs := []string{"", `"`, `\`, `\"`, `"\`, "{[,:]}", "a\nb\tc", "<script>&amp;</script>", "☃ é \u2028 \x00 \x1f", `{"k": [1, 2]}`, "plain"}
	switch k := r.IntN(7); {
	case depth > 4 || k == 0:
		return strs[r.IntN(len(strs))]
	case k == 1:
		return r.Float64() * 1000
	case k == 2:
		return r.IntN(3) == 0
	case k == 3:
		return nil
	case k == 4:
		a := []any{}
		for range r.IntN(4) {
			a = append(a, randomValue(r, depth+1))
		}
		return a
	default:
		m := map[string]any{}
		for i := range r.IntN(4) {
			m[strs[r.IntN(len(strs))]+strconv.Itoa(i)] = randomValue(r, depth+1)
		}
		return m
	}
}

func TestEncodeJSONIsTheIndentingEncoders(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	values := []any{nil, "", 0, []any{}, map[string]any{}, []any{[]any{}, map[string]any{}}, buildResultsForTest()}
	for range 500 {
		values = append(values, randomValue(r, 0))
	}
	for i, v := range values {
		got, err := encodeJSON(v)
		if err != nil {
			t.Fatal(err)
		}
		if want := encoderJSON(t, v); !bytes.Equal(got, want) {
			t.Fatalf("value %d:\n got %q\nwant %q", i, got, want)
		}
	}
}

// buildResultsForTest is a results value with cells, runs and criteria.
func buildResultsForTest() Results {
	r := Results{Audience: "public", Thresholds: ResultsThresholds{{"max_run", 12}, {"max_overlap", 0.1}, {"ngram", 8}}}
	for i := range 5 {
		c := ResultsCell{Model: "Model <" + strconv.Itoa(i) + ">", Section: `ACT "1" & \ 2`, HasExample: i%2 == 0, Run: i, Overlap: float64(i) / 7,
			Rules: []string{"run"}}
		for k := range i {
			c.Runs = append(c.Runs, ResultsRun{Words: 10 - k, Text: "x,y:z", SectionAt: k, ExampleAt: 2 * k})
		}
		r.Cells = append(r.Cells, c)
	}
	return r
}

func BenchmarkEncodeJSON(b *testing.B) {
	var r Results
	for i := range 2700 {
		c := ResultsCell{Model: "Model " + strconv.Itoa(i%3+1), Section: "SECTION " + strconv.Itoa(i/3), HasExample: true, Words: 300, Run: i % 40,
			Overlap: float64(i%70) / 100, Shared: 3, Distinct: 30, Verdict: "pass", Rules: []string{}, Variant: 1, Variants: 2}
		for k := range 6 {
			c.Runs = append(c.Runs, ResultsRun{Words: 20 - k, SectionAt: 10 * k, ExampleAt: 12 * k})
		}
		r.Cells = append(r.Cells, c)
	}
	for b.Loop() {
		if _, err := encodeJSON(r); err != nil {
			b.Fatal(err)
		}
	}
}
