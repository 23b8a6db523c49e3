package confusables

import (
	"os"
	"strconv"
	"strings"
	"testing"
)

// TestTableIsTheData: the generated table holds exactly the mappings of
// testdata/confusables.txt, read here on its own, and its version is the
// data's (Unicode 17); a stale tables.go fails with the hint to regenerate.
func TestTableIsTheData(t *testing.T) {
	t.Parallel()
	data, err := os.ReadFile("testdata/confusables.txt")
	if err != nil {
		t.Fatal(err)
	}
	text := string(data)
	if !strings.Contains(text, "# Version: "+Version+"\n") || Version != "17.0.0" {
		t.Errorf("Version %q: want the data's, 17.0.0", Version)
	}
	want := 0
	for _, line := range strings.Split(text, "\n") {
		if line == "" || line[0] == '#' {
			continue
		}
		f := strings.Split(line, " ;\t")
		src, err := strconv.ParseUint(f[0], 16, 32)
		if err != nil || len(f) < 3 {
			t.Fatalf("unreadable line %q", line)
		}
		var target []rune
		for _, h := range strings.Fields(f[1]) {
			v, err := strconv.ParseUint(h, 16, 32)
			if err != nil {
				t.Fatalf("unreadable target in %q", line)
			}
			target = append(target, rune(v))
		}
		want++
		if got, ok := Prototype(rune(src)); !ok || got != string(target) {
			t.Errorf("U+%04X: prototype %q, want %q: run go generate ./matcher/confusables", src, got, string(target))
		}
	}
	if want != len(prototypes) || want < 6000 {
		t.Errorf("%d mappings in the table, %d in the data", len(prototypes), want)
	}
}

func TestSkeleton(t *testing.T) {
	t.Parallel()
	for _, c := range []struct{ in, want string }{
		{"paypal", "paypal"},
		{"раураl", "paypal"}, // Cyrillic
		{"ℂ𝗅аսԁе", "Claude"},
		{"ǀ", "l"},
		{"m", "rn"}, // the prototype of m
		{"rn", "rn"},
		{"é", "e\u0301"},
	} {
		if got := Skeleton(c.in); got != c.want {
			t.Errorf("Skeleton(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}
