package inputs

import (
	"io/fs"
	"slices"
	"strings"
	"testing"
	"testing/fstest"
)

// layered makes a folder of the episodes layout from path -> content.
func layered(files ...string) fstest.MapFS {
	fsys := fstest.MapFS{}
	for i := 0; i+1 < len(files); i += 2 {
		fsys[files[i]] = &fstest.MapFile{Data: []byte(files[i+1])}
	}
	return fsys
}

// TestEpisodesLayout: every run of every episode is read, in natural order
// of the private names, each section marked with its episode and run, and
// compared with its own episode's example.
func TestEpisodesLayout(t *testing.T) {
	t.Parallel()
	f, err := OpenFS(layered(
		"episodes/pilot/examples.md", "## HOOK\nfirst outline\n",
		"episodes/pilot/runs/r10/sections.md", "# B\n## HOOK\nten\n# A\n## HOOK\nten a\n",
		"episodes/pilot/runs/r2/sections.md", "# A\n## HOOK\ntwo\n",
		"episodes/pilot/runs/.notes/x.md", "hidden, skipped",
		"episodes/alpha/examples.md", "## HOOK\nsecond outline\n",
		"episodes/alpha/sections.md", "# A\n## HOOK\nalpha\n",
	), "in")
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range f.Episodes {
		for _, r := range e.Runs {
			names = append(names, e.Name+"/"+r.Name)
		}
	}
	if want := []string{"alpha/", "pilot/r2", "pilot/r10"}; !slices.Equal(names, want) {
		t.Fatalf("episodes and runs %q, want %q", names, want)
	}
	if !f.Layered() || f.Runs() != 2 {
		t.Errorf("Layered %v, Runs %d; want true, 2", f.Layered(), f.Runs())
	}
	var got []string
	for _, c := range f.Cells() {
		text, err := f.SectionText(c)
		if err != nil {
			t.Fatal(err)
		}
		ex, err := f.VariantText(f.ExampleOf(c).Variants[0])
		if err != nil {
			t.Fatal(err)
		}
		got = append(got, strings.Join([]string{c.Script, string(rune('0' + c.Episode)), string(rune('0' + c.Repeat)), strings.TrimSpace(text), strings.TrimSpace(ex)}, "|"))
	}
	want := []string{
		"A|0|0|alpha|second outline",
		"A|1|0|two|first outline",
		"A|1|1|ten a|first outline", // scripts in one order across runs
		"B|1|1|ten|first outline",
	}
	if !slices.Equal(got, want) {
		t.Errorf("cells\n  %q\nwant\n  %q", got, want)
	}
	var keys []string
	for k := range f.Digests {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	if want := []string{"episodes/1/examples.md", "episodes/1/sections.md", "episodes/2/examples.md",
		"episodes/2/runs/1/sections.md", "episodes/2/runs/2/sections.md"}; !slices.Equal(keys, want) {
		t.Errorf("digests of %q, want %q (numbered, never the names)", keys, want)
	}
	if src := f.ScriptSource("B"); src != "episodes/2/runs/2/sections.md:1" {
		t.Errorf("ScriptSource(B) = %q", src)
	}
	if len(f.Variants()) != 2 {
		t.Errorf("%d variants, want 2 (one an episode)", len(f.Variants()))
	}
}

// TestTopLevelIsOneEpisode: the top-level files are one episode with one
// run, unnamed.
func TestTopLevelIsOneEpisode(t *testing.T) {
	t.Parallel()
	f, err := OpenFS(folder("# A\n## HOOK\nx\n", goodExamples), "in")
	if err != nil {
		t.Fatal(err)
	}
	if len(f.Episodes) != 1 || len(f.Episodes[0].Runs) != 1 || f.Layered() || f.Episodes[0].Name != "" {
		t.Fatalf("episodes %+v; want one unnamed episode with one run", f.Episodes)
	}
	if _, ok := f.Digests[SectionsFile]; !ok {
		t.Errorf("digests %v lack %s", f.Digests, SectionsFile)
	}
}

func TestEpisodesErrors(t *testing.T) {
	t.Parallel()
	good := "# A\n## HOOK\nx\n"
	tests := []struct {
		name string
		fsys fstest.MapFS
		want string
	}{
		{"top-level beside episodes", layered("sections.md", good, "episodes/e/examples.md", goodExamples, "episodes/e/sections.md", good),
			"in/sections.md: beside episodes/: the inputs hold either the top-level texts or episodes, not both"},
		{"episodes is a file", layered("episodes", "x"), "in/episodes: is a file, not a folder of episodes"},
		{"no episode", fstest.MapFS{"episodes": {Mode: fs.ModeDir | 0o755}}, "in/episodes: holds no episode folder"},
		{"file among episodes", layered("episodes/notes.md", "x", "episodes/e/examples.md", goodExamples, "episodes/e/sections.md", good),
			"in/episodes/notes.md: a file where only folders are expected"},
		{"sections beside runs", layered("episodes/e/examples.md", goodExamples, "episodes/e/sections.md", good, "episodes/e/runs/1/sections.md", good),
			"in/episodes/e/sections.md: beside runs/: an episode holds either one sections.md or runs, not both"},
		{"episode without examples", layered("episodes/e/sections.md", good),
			"in/episodes/e/examples.md: file does not exist"},
		{"run without sections", layered("episodes/e/examples.md", goodExamples, "episodes/e/runs/1/notes.md", good),
			"in/episodes/e/runs/1/sections.md: file does not exist"},
		{"error in a run names its file and line", layered("episodes/e/examples.md", goodExamples,
			"episodes/e/runs/1/sections.md", good, "episodes/e/runs/2/sections.md", "# A\n## HOOK\nx\n## HOOK\ny\n"),
			`in/episodes/e/runs/2/sections.md:4: section "HOOK" appears twice`},
		{"error in an episode's examples", layered("episodes/e/examples.md", "### VARIANT 1\nx\n", "episodes/e/sections.md", good),
			"in/episodes/e/examples.md:1: variant heading before any section heading"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			wantOpenError(t, tc.fsys, tc.want)
		})
	}
}
