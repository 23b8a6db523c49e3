package inputs

import (
	"errors"
	"fmt"
	"io/fs"
	"path"
	"slices"
	"strconv"
	"strings"

	"github.com/evalpress/evalpress/internal/diag"
	"github.com/evalpress/evalpress/internal/natural"
)

// Folders of the layout with several episodes or runs:
// episodes/<episode>/examples.md, and episodes/<episode>/runs/<run>/sections.md
// or a single episodes/<episode>/sections.md.
const (
	EpisodesDir = "episodes"
	RunsDir     = "runs"
)

// Episode is one outline the writers wrote from: its examples and its runs.
// Its name, and its runs', are private labels (the folders' names); what is
// published numbers them, in natural order of the names, from 1.
type Episode struct {
	Name string // the folder's name; "" in the top-level layout
	// Examples maps a section name to its example in this episode.
	Examples map[string]*Example
	// Runs are the episode's runs, each one sections.md.
	Runs []Run

	file     string // examples.md, relative to the inputs folder
	public   string // how published lists name it (numbers, not names)
	examples []byte // the file's bytes, which the variants' spans index
}

// Run is one run of every writer on an episode: one sections.md.
type Run struct {
	Name string // the folder's name; "" for a single sections.md

	file     string
	public   string
	sections []byte
	parsed   []Section // while the folder is read
}

// Layered reports whether the folder uses the episodes layout with more
// than one episode or run: then each cell's episode and run tell its
// measurements apart.
func (f *Folder) Layered() bool {
	return len(f.Episodes) > 1 || len(f.Episodes) == 1 && len(f.Episodes[0].Runs) > 1
}

// Runs returns the number of runs of the folder's largest episode.
func (f *Folder) Runs() int {
	n := 0
	for _, e := range f.Episodes {
		n = max(n, len(e.Runs))
	}
	return n
}

// ExampleOf returns the example of s's section in s's episode, or nil.
func (f *Folder) ExampleOf(s Section) *Example {
	if s.Episode < 0 || s.Episode >= len(f.Episodes) {
		return nil
	}
	return f.Episodes[s.Episode].Examples[s.Name]
}

// layout finds the episodes and runs of fsys, without reading them: the
// top-level sections.md and examples.md are one episode with one run.
func (f *Folder) layout(fsys fs.FS) ([]Episode, error) {
	info, err := fs.Stat(fsys, EpisodesDir)
	if errors.Is(err, fs.ErrNotExist) {
		return []Episode{{file: ExamplesFile, public: ExamplesFile, Runs: []Run{{file: SectionsFile, public: SectionsFile}}}}, nil
	}
	if err != nil {
		return nil, diag.Errorf(f.path(EpisodesDir), 0, "%s", describeOpenError(err, "folder"))
	}
	if !info.IsDir() {
		return nil, diag.Errorf(f.path(EpisodesDir), 0, "is a file, not a folder of episodes")
	}
	for _, top := range []string{SectionsFile, ExamplesFile} {
		if _, err := fs.Stat(fsys, top); err == nil {
			return nil, diag.Errorf(f.path(top), 0, "beside %s/: the inputs hold either the top-level texts or episodes, not both", EpisodesDir).
				WithHint("move it into %s/<episode>/; see docs/inputs.md", EpisodesDir)
		}
	}
	names, err := f.subfolders(fsys, EpisodesDir)
	if err != nil {
		return nil, err
	}
	if len(names) == 0 {
		return nil, diag.Errorf(f.path(EpisodesDir), 0, "holds no episode folder").
			WithHint("put each episode's examples.md and its runs in %s/<episode>/", EpisodesDir)
	}
	episodes := make([]Episode, len(names))
	for i, name := range names {
		dir := path.Join(EpisodesDir, name)
		pub := path.Join(EpisodesDir, strconv.Itoa(i+1))
		e := Episode{Name: name, file: path.Join(dir, ExamplesFile), public: path.Join(pub, ExamplesFile)}
		if e.Runs, err = f.runs(fsys, dir, pub); err != nil {
			return nil, err
		}
		episodes[i] = e
	}
	return episodes, nil
}

// runs finds the runs of the episode folder dir (pub is how it is
// published): the folders of dir/runs/, or dir/sections.md alone.
func (f *Folder) runs(fsys fs.FS, dir, pub string) ([]Run, error) {
	runsDir := path.Join(dir, RunsDir)
	single := path.Join(dir, SectionsFile)
	if _, err := fs.Stat(fsys, runsDir); errors.Is(err, fs.ErrNotExist) {
		return []Run{{file: single, public: path.Join(pub, SectionsFile)}}, nil
	}
	if _, err := fs.Stat(fsys, single); err == nil {
		return nil, diag.Errorf(f.path(single), 0, "beside %s/: an episode holds either one sections.md or runs, not both", RunsDir).
			WithHint("move it into %s/<run>/", runsDir)
	}
	names, err := f.subfolders(fsys, runsDir)
	if err != nil {
		return nil, err
	}
	if len(names) == 0 {
		return nil, diag.Errorf(f.path(runsDir), 0, "holds no run folder").
			WithHint("put each run's sections.md in %s/<run>/", runsDir)
	}
	runs := make([]Run, len(names))
	for i, name := range names {
		runs[i] = Run{Name: name, file: path.Join(runsDir, name, SectionsFile),
			public: path.Join(pub, RunsDir, strconv.Itoa(i+1), SectionsFile)}
	}
	return runs, nil
}

// subfolders returns the names of dir's folders in natural order. Hidden
// entries (a name starting with ".") are skipped; any other file is an
// error naming it, since its texts would otherwise go unmeasured.
func (f *Folder) subfolders(fsys fs.FS, dir string) ([]string, error) {
	entries, err := fs.ReadDir(fsys, dir)
	if err != nil {
		return nil, diag.Errorf(f.path(dir), 0, "%s", describeOpenError(err, "folder"))
	}
	var names []string
	for _, e := range entries {
		switch {
		case strings.HasPrefix(e.Name(), "."):
		case !e.IsDir():
			return nil, diag.Errorf(f.path(path.Join(dir, e.Name())), 0, "a file where only folders are expected").
				WithHint("%s holds one folder for each; see docs/inputs.md", dir)
		default:
			names = append(names, e.Name())
		}
	}
	slices.SortFunc(names, natural.Compare)
	return names, nil
}

// Variants returns every example variant of every episode, by episode,
// then section name, then file order.
func (f *Folder) Variants() []Variant {
	var out []Variant
	for _, e := range f.Episodes {
		names := make([]string, 0, len(e.Examples))
		for name := range e.Examples {
			names = append(names, name)
		}
		slices.Sort(names)
		for _, name := range names {
			out = append(out, e.Examples[name].Variants...)
		}
	}
	return out
}

// ScriptSource returns where script's first heading is, as "FILE:LINE"
// with the file as published lists name it (sections.md, or
// episodes/1/runs/2/sections.md: numbers, never the private labels).
func (f *Folder) ScriptSource(script string) string {
	for _, sec := range f.Sections {
		if sec.Script != script {
			continue
		}
		file := SectionsFile // a folder made by hand, with no episodes
		if sec.Episode < len(f.Episodes) && sec.Repeat < len(f.Episodes[sec.Episode].Runs) {
			file = f.Episodes[sec.Episode].Runs[sec.Repeat].public
		}
		return fmt.Sprintf("%s:%d", file, sec.ScriptLine)
	}
	return SectionsFile + ":0"
}

// SectionPath returns the file that holds sec's heading, as the author
// names it (for messages, whose paths the terminal masks).
func (f *Folder) SectionPath(sec Section) string {
	file := SectionsFile
	if sec.Episode < len(f.Episodes) && sec.Repeat < len(f.Episodes[sec.Episode].Runs) {
		if r := f.Episodes[sec.Episode].Runs[sec.Repeat]; r.file != "" {
			file = r.file
		}
	}
	return f.path(file)
}

// ExamplesPath returns the file of ep's examples, as the author names it.
func (f *Folder) ExamplesPath(ep Episode) string {
	if ep.file == "" {
		return f.path(ExamplesFile)
	}
	return f.path(ep.file)
}
