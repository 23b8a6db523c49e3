package provenance

import (
	"slices"
	"testing"

	"github.com/evalpress/evalpress/internal/version"
)

func TestEncodeDecode(t *testing.T) {
	t.Parallel()
	r := Record{Tool: version.Tool{Version: "v1.0.0", Commit: "abc", Go: "go1.26.8"}, Sets: []string{"c5.max_run=20"},
		Config:  Digest{File: "config.toml", HMACSHA256: "11"},
		Content: []Digest{{File: "b.md", HMACSHA256: "22"}, {File: "a.md", HMACSHA256: "33"}},
		Release: &Release{Name: "v1", Date: "2026-12-01", Number: 1}}
	data := Encode(r)
	got, err := Decode(data)
	if err != nil {
		t.Fatal(err)
	}
	if got.Content[0].File != "a.md" {
		t.Errorf("content not in path order: %v", got.Content)
	}
	if got.Tool != r.Tool || *got.Release != *r.Release || !slices.Equal(got.Sets, r.Sets) {
		t.Errorf("Decode(Encode(r)) = %+v, want %+v", got, r)
	}
	if string(Encode(got)) != string(data) {
		t.Errorf("a record read back is not written the same")
	}
	for _, bad := range []string{"", "{", `{"tool": {}}`, "[]"} {
		if _, err := Decode([]byte(bad)); err == nil {
			t.Errorf("Decode(%q): no error", bad)
		}
	}
}

func TestDifferences(t *testing.T) {
	t.Parallel()
	site := Record{Config: Digest{File: "config.toml", HMACSHA256: "c"},
		Content: []Digest{{File: "a.md", HMACSHA256: "1"}, {File: "b.md", HMACSHA256: "2"}}}
	tests := []struct {
		name string
		edit func(r *Record)
		want []string
	}{
		{"same", func(*Record) {}, nil},
		{"config", func(r *Record) { r.Config.HMACSHA256 = "x" }, []string{"config.toml: differs from the config the site was built with"}},
		{"sets", func(r *Record) { r.Sets = []string{"c5.ngram=6"} }, []string{"--set: the overrides differ from the site's"}},
		{"changed", func(r *Record) { r.Content[1].HMACSHA256 = "x" }, []string{"b.md: differs from the content file the site was built with"}},
		{"added", func(r *Record) { r.Content = append(r.Content, Digest{File: "c.md", HMACSHA256: "3"}) }, []string{"c.md: a content file the site was not built with"}},
		{"removed", func(r *Record) { r.Content = r.Content[:1] }, []string{"b.md: a content file the site was built with is missing"}},
	}
	for _, tt := range tests {
		rebuilt := site
		rebuilt.Content = slices.Clone(site.Content)
		tt.edit(&rebuilt)
		if got := Differences(site, rebuilt); !slices.Equal(got, tt.want) {
			t.Errorf("%s: Differences = %q, want %q", tt.name, got, tt.want)
		}
	}
}
