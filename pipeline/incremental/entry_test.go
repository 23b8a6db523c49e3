package incremental

import (
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/evalpress/evalpress/redact"
	"github.com/evalpress/evalpress/redact/public"
)

var testSeal = []byte("a key for the test")

func TestEntryStoreAndLoad(t *testing.T) {
	dir := t.TempDir()
	e := &entry{
		Key:         "k1",
		Measurement: "abc123",
		Runs:        []redact.CellRuns{{RunView: true, Runs: []public.Run{{ID: 1, Words: 9, SectionAt: 3, ExampleAt: 4}}}, {}},
		Pages: map[string]page{
			"cells/a.html": {Body: []byte("<div>a body</div>"), Certified: true, Window: 5},
			"cells/b.html": {Body: []byte("<div>another</div>")},
			"cells/c.html": {Body: []byte{}},
		},
	}
	if err := store(dir, testSeal, e); err != nil {
		t.Fatal(err)
	}
	got, ok := load(dir, testSeal)
	if !ok {
		t.Fatal("stored entry not found")
	}
	if got.Key != e.Key || got.Measurement != e.Measurement || !reflect.DeepEqual(got.Runs, e.Runs) || len(got.Pages) != len(e.Pages) {
		t.Fatalf("got %+v, want %+v", got, e)
	}
	for p, want := range e.Pages {
		if g := got.Pages[p]; string(g.Body) != string(want.Body) || g.Certified != want.Certified || g.Window != want.Window {
			t.Errorf("%s: got %+v, want %+v", p, g, want)
		}
	}
	// Storing another entry replaces it: only the latest is kept.
	e.Key = "k2"
	if err := store(dir, testSeal, e); err != nil {
		t.Fatal(err)
	}
	if got, ok := load(dir, testSeal); !ok || got.Key != "k2" {
		t.Errorf("after storing k2, loaded %v %v", got, ok)
	}
}

func TestEntryLoadRejectsDamage(t *testing.T) {
	dir := t.TempDir()
	e := &entry{Key: "k", Pages: map[string]page{"cells/a.html": {Body: []byte("<div>a body</div>")}}}
	if err := store(dir, testSeal, e); err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(dir, "pages-latest.bin")
	good, _ := os.ReadFile(file)
	for name, damage := range map[string]func([]byte) []byte{
		"a changed byte": func(b []byte) []byte { b[len(b)-3] ^= 1; return b },
		"cut short":      func(b []byte) []byte { return b[:len(b)-4] },
		"empty":          func([]byte) []byte { return nil },
		"another format": func(b []byte) []byte { b[0] = 'E'; return b },
	} {
		os.WriteFile(file, damage(append([]byte(nil), good...)), 0o644)
		if _, ok := load(dir, testSeal); ok {
			t.Errorf("%s: damaged entry loaded", name)
		}
	}
}
