package pipeline

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestReadContentRefusesPrivateFiles: a content file that is a link into
// the private inputs folder is refused with one line naming it; a link
// elsewhere is read as the file it leads to.
func TestReadContentRefusesPrivateFiles(t *testing.T) {
	root := t.TempDir()
	content, private, other := filepath.Join(root, "content"), filepath.Join(root, "private"), filepath.Join(root, "other")
	for _, d := range []string{content, filepath.Join(private, "judged", "fixtures"), other} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	write := func(path, text string) {
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write(filepath.Join(content, "index.md"), "# Index\n")
	write(filepath.Join(private, "judged", "fixtures", "primary.md"), "## T1\n")
	write(filepath.Join(private, "sections.md"), "# A\n")
	write(filepath.Join(other, "notes.md"), "# Notes\n")
	if err := os.Symlink(filepath.Join("..", "other", "notes.md"), filepath.Join(content, "notes.md")); err != nil {
		t.Fatal(err)
	}
	docs, _, err := readContent(context.Background(), content, private)
	if err != nil || len(docs) != 2 {
		t.Fatalf("a link out of the content folder but not into the inputs: %d documents, %v", len(docs), err)
	}
	for _, target := range []string{filepath.Join("..", "private", "judged", "fixtures", "primary.md"), filepath.Join(private, "sections.md")} {
		link := filepath.Join(content, "05-link.md")
		os.Remove(link)
		if err := os.Symlink(target, link); err != nil {
			t.Fatal(err)
		}
		_, _, err := readContent(context.Background(), content, private)
		if err == nil || !strings.HasPrefix(err.Error(), link+": ") || !strings.Contains(err.Error(), "private inputs folder") || strings.Contains(err.Error(), "\n") {
			t.Errorf("a link to %s: got %v, want one line naming %s", target, err, link)
		}
	}
}
