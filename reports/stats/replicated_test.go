package stats

import (
	"errors"
	"math"
	"testing"
)

// TestDecomposeReplicatedByHand: a 2×2 grid with two runs a cell, worked
// out on paper.
func TestDecomposeReplicatedByHand(t *testing.T) {
	t.Parallel()
	// cell means 2, 4 / 6, 12; grand mean 6; row means 3, 9; column means 4, 8.
	grid := [][][]float64{
		{{1, 3}, {4, 4}},
		{{5, 7}, {10, 14}},
	}
	d, err := DecomposeReplicated(grid)
	if err != nil {
		t.Fatal(err)
	}
	want := Replicated{NRows: 2, NCols: 2, NReps: 2, Mean: 6,
		Rows: 4 * (9 + 9), Columns: 4 * (4 + 4), Interaction: 2 * (1 + 1 + 1 + 1), Within: 2 + 0 + 2 + 8,
		Total: 25 + 9 + 4 + 4 + 1 + 1 + 16 + 64}
	if d != want {
		t.Fatalf("got %+v\nwant %+v", d, want)
	}
	if sum := d.Rows + d.Columns + d.Interaction + d.Within; math.Abs(sum-d.Total) > 1e-9 {
		t.Errorf("parts sum to %v, total %v", sum, d.Total)
	}
	if got := d.WithinShare(); math.Abs(got-12.0/124) > 1e-12 {
		t.Errorf("within share %v", got)
	}
}

func TestDecomposeReplicatedErrors(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		grid [][][]float64
		want error
	}{
		{"one row", [][][]float64{{{1, 2}, {3, 4}}}, ErrShape},
		{"one run", [][][]float64{{{1}, {3}}, {{2}, {4}}}, ErrReplicates},
		{"unbalanced", [][][]float64{{{1, 2}, {3, 4}}, {{2, 3}, {4}}}, ErrReplicates},
		{"ragged", [][][]float64{{{1, 2}, {3, 4}}, {{2, 3}}}, ErrShape},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			if _, err := DecomposeReplicated(tc.grid); !errors.Is(err, tc.want) {
				t.Fatalf("error %v, want %v", err, tc.want)
			}
		})
	}
}

func TestSummarize(t *testing.T) {
	t.Parallel()
	tests := []struct {
		in   []float64
		want Summary
	}{
		{nil, Summary{}},
		{[]float64{7}, Summary{1, 7, 7, 7}},
		{[]float64{9, 1, 4}, Summary{3, 1, 4, 9}},
		{[]float64{9, 1, 4, 2}, Summary{4, 1, 3, 9}},
	}
	for _, tc := range tests {
		if got := Summarize(tc.in); got != tc.want {
			t.Errorf("Summarize(%v) = %+v, want %+v", tc.in, got, tc.want)
		}
	}
}

func TestMeanInterval(t *testing.T) {
	t.Parallel()
	tests := []struct {
		in              []float64
		mean, low, high float64
	}{
		{[]float64{0.5}, 0.5, 0.5, 0.5},
		// sd 0.1, standard error 0.1/√3, t(2) = 4.3027
		{[]float64{0.5, 0.6, 0.7}, 0.6, 0.6 - 4.3027*0.1/math.Sqrt(3), 0.6 + 4.3027*0.1/math.Sqrt(3)},
		{[]float64{0, 1}, 0.5, 0, 1}, // clamped
	}
	for _, tc := range tests {
		got := MeanInterval(tc.in, 0, 1)
		if math.Abs(got.Mean-tc.mean) > 1e-12 || math.Abs(got.Low-tc.low) > 1e-12 || math.Abs(got.High-tc.high) > 1e-12 {
			t.Errorf("MeanInterval(%v) = %+v, want %v [%v, %v]", tc.in, got, tc.mean, tc.low, tc.high)
		}
	}
}
