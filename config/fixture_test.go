package config

import (
	"reflect"
	"strings"
	"testing"
)

func TestFixtures(t *testing.T) {
	cfg, err := load(write(t, base+`
[[fixture]]
id = "T1"
title = "Dense"
file = "fixtures/T1.md"
expect = { C1 = "pass", C2 = "pass" }

[[fixture]]
id = "T2"
title = "Repetition-padded"
file = "fixtures/T2.md"
expect = { C1 = "fail" }
`), nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(cfg.Fixtures) != 2 {
		t.Fatalf("fixtures %+v", cfg.Fixtures)
	}
	f := cfg.Fixtures[1]
	if f.ID != "T2" || f.Title != "Repetition-padded" || f.File != "fixtures/T2.md" || f.Line != 18 ||
		!reflect.DeepEqual(f.Expect, map[string]string{"C1": "fail"}) {
		t.Errorf("fixture %+v", f)
	}
	if got := cfg.Fixtures[0].ExpectedCriteria(); !reflect.DeepEqual(got, []string{"C1", "C2"}) {
		t.Errorf("expected criteria %v", got)
	}
}

func TestFixtureErrors(t *testing.T) {
	tests := []struct{ entry, err string }{
		{`title = "x"
file = "a.md"
expect = { C1 = "pass" }`, ":11: fixture has no id"},
		{`id = "T1"
expect = { C1 = "pass" }`, `:11: fixture "T1" has no file`},
		{`id = "T1"
file = "../secret.md"
expect = { C1 = "pass" }`, "must stay inside content_dir"},
		{`id = "T1"
file = "/etc/x.md"
expect = { C1 = "pass" }`, "must stay inside content_dir"},
		{`id = "T1"
file = "a.md"`, "expects nothing"},
		{`id = "T1"
file = "a.md"
expect = { C5 = "pass" }`, `expects a verdict on "C5"; a judge returns C1, C2, C4, C6`},
		{`id = "T1"
file = "a.md"
expect = { C1 = "FAIL!" }`, `expected C1 verdict "FAIL!"`},
		{`id = "T1"
file = "a.md"
expect = { C1 = "pass" }
[[fixture]]
id = "T1"
file = "b.md"
expect = { C1 = "pass" }`, `:15: fixture "T1" is defined twice (first at line 11)`},
		{`id = "T1"
file = "a.md"
expect = { C1 = "pass" }
colour = "red"`, "colour"},
	}
	for _, tc := range tests {
		_, err := load(write(t, base+"[[fixture]]\n"+tc.entry+"\n"), nil)
		if err == nil || !strings.Contains(err.Error(), tc.err) {
			t.Errorf("%q: error %v, want %q", tc.entry, err, tc.err)
		}
	}
}
