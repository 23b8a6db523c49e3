package pipeline

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/evalpress/evalpress/config"
	"github.com/evalpress/evalpress/internal/testtree"
	"github.com/evalpress/evalpress/reports/criteria"
)

// TestConfigFoldersAreNamedAtTheirKey: a missing inputs or content folder
// is reported at the config line that names it, or, when the config does
// not set it (an emptied config.toml), as the default it fell back to.
func TestConfigFoldersAreNamedAtTheirKey(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, config string
		check        func(*config.Config) error
		want         string // after the config's path
	}{
		{"emptied config, inputs", "", checkInputsDir, `: inputs.dir "private" (the default): the folder ` + "DIR/private does not exist"},
		{"inputs at its line", "title = \"x\"\n[inputs]\ndir = \"nowhere\"\n", checkInputsDir, `:3: inputs.dir "nowhere": the folder DIR/nowhere does not exist`},
		{"inputs a file", "[inputs]\ndir = \"file.txt\"\n", checkInputsDir, `:2: inputs.dir "file.txt": DIR/file.txt is a file, not a folder`},
		{"inputs there", "[inputs]\ndir = \"there\"\n", checkInputsDir, ""},
		{"emptied config, content", "", checkContentDir, `: content_dir "content" (the default): the folder DIR/content does not exist`},
		{"content at its line", "title = \"x\"\ncontent_dir = \"docs\"\n", checkContentDir, `:2: content_dir "docs": the folder DIR/docs does not exist`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			dir := testtree.Write(t, t.TempDir(), "", map[string]string{"config.toml": tt.config, "file.txt": "", "there/sections.md": ""})
			cfg, err := config.Load(filepath.Join(dir, "config.toml"), nil, criteria.Default())
			if err != nil {
				t.Fatal(err)
			}
			err = tt.check(cfg)
			if tt.want == "" {
				if err != nil {
					t.Fatalf("err = %v", err)
				}
				return
			}
			want := filepath.Join(dir, "config.toml") + strings.ReplaceAll(tt.want, "DIR", dir)
			if err == nil || err.Error() != want {
				t.Fatalf("err = %v\nwant %s", err, want)
			}
		})
	}
}
