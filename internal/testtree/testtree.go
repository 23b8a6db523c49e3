// Package testtree writes small file trees for tests from a txtar archive
// (golang.org/x/tools/txtar):
//
//	-- config.toml --
//	title = "x"
//	-- content/index.md --
//	# Hello
//
// Each "-- name --" line starts a file; the lines up to the next one are its
// content. Text before the first file is a comment.
package testtree

import (
	"os"
	"path/filepath"
	"testing"

	"golang.org/x/tools/txtar"
)

// Parse returns the files of archive, by slash-separated name.
func Parse(archive string) map[string]string {
	files := map[string]string{}
	for _, f := range txtar.Parse([]byte(archive)).Files {
		files[f.Name] = string(f.Data)
	}
	return files
}

// Write writes the files of archive under dir, with overrides replacing or
// adding files by name, and returns dir.
func Write(t testing.TB, dir, archive string, overrides map[string]string) string {
	t.Helper()
	files := Parse(archive)
	for k, v := range overrides {
		files[k] = v
	}
	for name, content := range files {
		path := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// Read returns every file under dir with its content, by slash-separated
// path relative to dir: a link or another file that is not regular, with
// its kind (and a link's target) in place of a content.
func Read(t testing.TB, dir string) map[string]string {
	t.Helper()
	files := map[string]string{}
	err := filepath.WalkDir(dir, func(path string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(dir, path)
		if !d.Type().IsRegular() {
			// A link or a named pipe, told by what it is, never read.
			target, _ := os.Readlink(path)
			files[filepath.ToSlash(rel)] = d.Type().String() + " " + target
			return nil
		}
		data, err := os.ReadFile(path)
		files[filepath.ToSlash(rel)] = string(data)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return files
}
