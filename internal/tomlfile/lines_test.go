package tomlfile

import (
	"slices"
	"testing"

	"github.com/BurntSushi/toml"
)

// doc is a TOML file with each kind of key and table, and values over
// several lines that hold what looks like keys and headers.
const doc = `# a comment = 1
title = "x" # comment
[c5]
max_run = 12
"quoted key" = 1
'literal key' = 2
dotted . inner = 3
[g1.targets]
"ACT 1" = 300
note = """
fake = 1
[not.a.table]
"""
list = [
  "a = 1",
  [1, 2],
]
[[fixture]]
id = "T1"
expect = { C1 = "pass" }
[[fixture]]
title = "two"
id = "T2"
[[hypothesis]]
id = "H1"
[hypothesis.thresholds]
max_run = 10
[[hypothesis]]
id = "H2"
[after]
id = "not a hypothesis's"
`

func TestKeyLine(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		key  toml.Key
		want int
	}{
		{toml.Key{"title"}, 2},
		{toml.Key{"c5"}, 3},
		{toml.Key{"c5", "max_run"}, 4},
		{toml.Key{"c5", "quoted key"}, 5},
		{toml.Key{"c5", "literal key"}, 6},
		{toml.Key{"c5", "dotted", "inner"}, 7},
		{toml.Key{"g1", "targets"}, 8},
		{toml.Key{"g1", "targets", "ACT 1"}, 9},
		{toml.Key{"g1", "targets", "note"}, 10},
		{toml.Key{"g1", "targets", "list"}, 14},
		{toml.Key{"fixture", "id"}, 19}, // the first of the array's
		{toml.Key{"hypothesis", "thresholds", "max_run"}, 27},
		{toml.Key{"after", "id"}, 31},
		{toml.Key{"fake"}, 0}, // inside a string
		{toml.Key{"not", "a", "table"}, 0},
		{toml.Key{"a"}, 0}, // inside an array
		{toml.Key{"c5", "nothing"}, 0},
		{toml.Key{"hypothesis", "thresholds"}, 26},
		{toml.Key{"g1"}, 8}, // no header of its own: its first table's
	} {
		if got := KeyLine([]byte(doc), tc.key); got != tc.want {
			t.Errorf("KeyLine(%s) = %d, want %d", tc.key, got, tc.want)
		}
	}
}

func TestArrayTables(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name string
		want []int
	}{
		{"fixture", []int{18, 21}},
		{"hypothesis", []int{24, 28}},
		{"after", nil},
		{"none", nil},
	} {
		if got := ArrayTableLines([]byte(doc), tc.name); !slices.Equal(got, tc.want) {
			t.Errorf("ArrayTableLines(%s) = %v, want %v", tc.name, got, tc.want)
		}
	}
	for _, tc := range []struct {
		name  string
		index int
		key   string
		want  int
	}{
		{"fixture", 0, "id", 19},
		{"fixture", 1, "id", 23},
		{"fixture", 1, "title", 22},
		{"fixture", 0, "title", 0},
		{"fixture", 0, "expect", 20},
		{"hypothesis", 1, "id", 29},
		{"hypothesis", 0, "max_run", 0}, // in its sub-table, not in it
		{"hypothesis", 2, "id", 0},
	} {
		if got := KeyLineIn([]byte(doc), tc.name, tc.index, tc.key); got != tc.want {
			t.Errorf("KeyLineIn(%s, %d, %s) = %d, want %d", tc.name, tc.index, tc.key, got, tc.want)
		}
	}
}

// TestDocParses holds the test's file to what the decoder reads: every
// key KeyLine finds is one the decoder defines.
func TestDocParses(t *testing.T) {
	t.Parallel()
	var v map[string]any
	md, err := toml.Decode(doc, &v)
	if err != nil {
		t.Fatal(err)
	}
	defined := map[string]bool{}
	for _, k := range md.Keys() {
		defined[k.String()] = true
	}
	for _, e := range entries([]byte(doc)) {
		if !defined[e.key.String()] {
			t.Errorf("line %d: %s is no key of the decoder's", e.line, e.key)
		}
	}
}
