package findings

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/evalpress/evalpress/reports/inputs"
)

// testKey is the commitment key of the tests' inputs: fixed, so that the
// aliases are.
var testKey = []byte("0123456789abcdef0123456789abcdef")

// aliasFolder opens inputs whose sections.md has the scripts in order, and
// whose models.toml is models ("" for none).
func aliasFolder(t *testing.T, scripts []string, models string) *inputs.Folder {
	t.Helper()
	var sections, examples strings.Builder
	for _, s := range scripts {
		sections.WriteString("# " + s + "\n## ONE\nlanterns swung above the quay as the ferry docked late in the rain\n")
	}
	examples.WriteString("## ONE\n### VARIANT 1\nthe market opened early and the bakers sold out before nine\n")
	files := fstest.MapFS{
		inputs.SectionsFile: {Data: []byte(sections.String())},
		inputs.ExamplesFile: {Data: []byte(examples.String())},
		inputs.PhrasesFile:  {Data: []byte("please subscribe now\n")},
	}
	if models != "" {
		files[inputs.ModelsFile] = &fstest.MapFile{Data: []byte(models)}
	}
	folder, err := inputs.OpenFS(files, "in")
	if err != nil {
		t.Fatal(err)
	}
	return folder
}

// aliasOf maps each script to its alias.
func aliasOf(t *testing.T, folder *inputs.Folder, key []byte) map[string]string {
	t.Helper()
	writers, err := AssignAliases(folder, key)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]string{}
	for _, w := range writers {
		out[w.Script] = w.Alias
	}
	return out
}

// TestUnaliasedWritersAreNumberedByTheKey: the writers models.toml gives
// no alias are numbered after the given ones in the order of their
// headings' HMAC-SHA-256 under the key (computed here independently), so
// the same scripts in any order of sections.md get the same aliases, and a
// sections.md written in the order of the names (alphabetical here) does
// not give the numbering.
func TestUnaliasedWritersAreNumberedByTheKey(t *testing.T) {
	names := []string{"Alpha Writer", "Beta Scribe", "Delta Pen", "Epsilon Quill", "Gamma Hand"}
	// The independent order: by the hex of each heading's HMAC.
	byMAC := slices.Clone(names)
	mac := func(s string) string {
		m := hmac.New(sha256.New, testKey)
		m.Write([]byte(s))
		return hex.EncodeToString(m.Sum(nil))
	}
	sort.Slice(byMAC, func(i, j int) bool { return mac(byMAC[i]) < mac(byMAC[j]) })
	if strings.Join(byMAC, ",") == strings.Join(names, ",") {
		t.Fatal("the key's order is the file's: choose another test key")
	}
	for _, tc := range []struct {
		name    string
		aliases map[string]string // models.toml's
	}{
		{"no models.toml", nil},
		{"one alias", map[string]string{"Gamma Hand": "Model 1"}},
		{"an alias taking a later number", map[string]string{"Gamma Hand": "Model 3"}},
		{"two aliases", map[string]string{"Gamma Hand": "Model 2", "Beta Scribe": "Model 7"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			models := ""
			if tc.aliases != nil {
				models = "[aliases]\n"
				for s, a := range tc.aliases {
					models += strconv.Quote(s) + " = " + strconv.Quote(a) + "\n"
				}
			}
			// The test's own numbering: after the given aliases, skipping
			// the numbers they take, in the key's order.
			want, used := map[string]string{}, map[string]bool{}
			for s, a := range tc.aliases {
				want[s], used[a] = a, true
			}
			n := len(tc.aliases)
			for _, s := range byMAC {
				if _, ok := tc.aliases[s]; ok {
					continue
				}
				for n++; used["Model "+strconv.Itoa(n)]; n++ {
				}
				want[s] = "Model " + strconv.Itoa(n)
			}
			reversed := slices.Clone(names)
			slices.Reverse(reversed)
			for _, order := range [][]string{names, reversed} {
				got := aliasOf(t, aliasFolder(t, order, models), testKey)
				for _, s := range names {
					if got[s] != want[s] {
						t.Errorf("sections.md in the order %q: %s is %q, want %q (the key's order)", order, s, got[s], want[s])
					}
				}
			}
		})
	}
}

// TestAliasesNeedTheKey: without the key, no alias is assigned: plain
// digests of the names would order them as anyone can.
func TestAliasesNeedTheKey(t *testing.T) {
	if _, err := AssignAliases(aliasFolder(t, []string{"Alpha Writer", "Beta Scribe"}, ""), nil); err == nil {
		t.Fatal("aliases assigned without a key")
	}
}
