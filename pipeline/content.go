package pipeline

import (
	"bytes"
	"context"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"unicode/utf8"

	"github.com/evalpress/evalpress/internal/diag"
	"github.com/evalpress/evalpress/internal/readfile"
	"github.com/evalpress/evalpress/internal/textcheck"
	"github.com/evalpress/evalpress/redact"
)

// readContent reads an artifact's content folder dir: its markdown
// documents, unredacted (the redaction's input), and its other files
// (images), each a regular file within the content limit (readfile) and,
// for documents, UTF-8 text without a NUL byte. A file that is in the
// private inputs folder (a link into it) is an error naming it: whatever
// the content folder holds is published.
func readContent(ctx context.Context, dir, inputsDir string) ([]redact.RawDocument, map[string][]byte, error) {
	private := ""
	if inputsDir != "" {
		private = realPath(inputsDir)
	}
	info, err := os.Stat(dir)
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return nil, nil, diag.Errorf(dir, 0, "content folder does not exist").WithHint("set content_dir in config.toml to the folder of your markdown documents")
		}
		return nil, nil, diag.Errorf(dir, 0, "cannot read content folder: %v", err)
	}
	if !info.IsDir() {
		return nil, nil, diag.Errorf(dir, 0, "content_dir is a file, not a folder")
	}
	var docs []redact.RawDocument
	files := map[string][]byte{}
	err = filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return diag.Errorf(path, 0, "cannot read: %v", err)
		}
		name := d.Name()
		if path != dir && strings.HasPrefix(name, ".") {
			if d.IsDir() {
				return filepath.SkipDir
			}
			return nil
		}
		if d.IsDir() {
			return nil
		}
		rel, _ := filepath.Rel(dir, path)
		rel = filepath.ToSlash(rel)
		if real := realPath(path); private != "" && within(real, private) {
			return diag.Errorf(path, 0, "is %s, in the private inputs folder %s; the content folder is published", real, inputsDir).
				WithHint("copy into the content folder only what may be published")
		}
		data, err := readfile.ReadFile(ctx, path, readfile.Content)
		if err != nil {
			return err
		}
		if !strings.EqualFold(filepath.Ext(name), ".md") {
			files[rel] = data
			return nil
		}
		if !utf8.Valid(data) {
			line := 1 + strings.Count(string(data[:textcheck.FirstInvalid(data)]), "\n")
			return diag.Errorf(path, line, "bytes that are not UTF-8").WithHint("save the document as UTF-8")
		}
		if i := bytes.IndexByte(data, 0); i >= 0 {
			line := 1 + bytes.Count(data[:i], []byte("\n"))
			return diag.Errorf(path, line, "a NUL byte, which no text document holds").WithHint("remove it, or, for a file that is not a document, give it another extension than .md")
		}
		docs = append(docs, redact.RawDocument{Path: rel, Markdown: strings.TrimPrefix(string(data), "\uFEFF")})
		return nil
	})
	if err != nil {
		return nil, nil, err
	}
	sort.Slice(docs, func(i, j int) bool { return docs[i].Path < docs[j].Path })
	return docs, files, nil
}
