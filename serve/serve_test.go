package serve

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/evalpress/evalpress/pipeline"
)

// TestServeWatchesWhatABuildReads: a change to the config, the content,
// the templates (made later) or the private inputs rebuilds; a log or any
// other file beside the config does not, nor an editor's swap file.
func TestServeWatchesWhatABuildReads(t *testing.T) {
	dir := t.TempDir()
	config := filepath.Join(dir, "config.toml")
	os.WriteFile(config, []byte("title = \"t\"\ncontent_dir = \"docs\"\n[inputs]\ndir = \"../private\"\n"), 0o644)
	s := &Server{Build: pipeline.Options{Config: config}}
	s.inputs = absolute(pipeline.Inputs(s.Build))
	private := filepath.Join(filepath.Dir(dir), "private")
	for path, want := range map[string]bool{
		config:                                                  true,
		filepath.Join(dir, "docs", "index.md"):                  true,
		filepath.Join(dir, "templates"):                         true,
		filepath.Join(dir, "templates", "a.html"):               true,
		filepath.Join(private, "sections.md"):                   true,
		filepath.Join(dir, "serve.log"):                         false,
		filepath.Join(dir, "config.toml.bak"):                   false,
		filepath.Join(dir, "docs", ".index.md.swp"):             false,
		filepath.Join(dir, ".evalpress-cache", "measure-1.bin"): false,
		filepath.Join(dir, "public", "index.html"):              false,
		filepath.Join(dir, "docsx", "index.md"):                 false,
	} {
		if got := s.reads(path); got != want {
			t.Errorf("a change to %s rebuilds: %v, want %v", path, got, want)
		}
	}
	// A config that cannot be read: its file alone.
	os.WriteFile(config, []byte("title = \n"), 0o644)
	s.inputs = absolute(pipeline.Inputs(s.Build))
	if s.reads(filepath.Join(dir, "docs", "index.md")) || !s.reads(config) {
		t.Errorf("with a broken config, watching %v", s.inputs)
	}
}
