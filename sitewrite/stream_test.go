package sitewrite

import (
	"context"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/evalpress/evalpress/site"
)

// TestWriteStreamsWhatTheCheckRead writes a streamed file behind checks
// that read it or not, and streams that make the same bytes each time or
// not: the file is published only when the check read it whole and the
// write made what the check read; otherwise the previous site stays.
func TestWriteStreamsWhatTheCheckRead(t *testing.T) {
	big := strings.Repeat("a line of the results\n", 50_000)
	leak := errors.New("leak")
	readAll := func(f site.File) error {
		if f.Stream == nil {
			return nil
		}
		var b strings.Builder
		if err := f.Stream(&b); err != nil {
			return err
		}
		if strings.Contains(b.String(), "private") {
			return leak
		}
		return nil
	}
	tests := []struct {
		name    string
		check   func(site.File) error
		changes bool   // the stream makes other bytes its second time
		content string // what the stream makes
		wantErr string // "" for success
	}{
		{"checked and written", readAll, false, big, ""},
		{"unchecked (internal)", nil, false, big, ""},
		{"rejected by the check", readAll, false, big + "private\n", "leak"},
		{"not read by the check", func(site.File) error { return nil }, false, big, "not read to its end"},
		{"made differently when written", readAll, true, big, "differs from what the check read"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := filepath.Join(t.TempDir(), "public")
			if err := Write(context.Background(), &site.Output{Files: map[string][]byte{"data/results.json": []byte("old")}}, dir, "public", nil); err != nil {
				t.Fatal(err)
			}
			calls := 0
			stream := func(w io.Writer) error {
				calls++
				content := tt.content
				if tt.changes && calls > 1 {
					content = strings.Replace(content, "a line", "A line", 1)
				}
				for rest := content; len(rest) > 0; rest = rest[min(len(rest), 4096):] {
					if _, err := io.WriteString(w, rest[:min(len(rest), 4096)]); err != nil {
						return err
					}
				}
				return nil
			}
			w, err := NewWriter(context.Background(), dir, "public", tt.check)
			if err != nil {
				t.Fatal(err)
			}
			w.Add(site.File{Path: "data/results.json", Stream: stream})
			err = w.Commit()
			data, _ := os.ReadFile(filepath.Join(dir, "data", "results.json"))
			if tt.wantErr == "" {
				if err != nil || string(data) != tt.content {
					t.Fatalf("err %v, %d bytes written; want the %d streamed", err, len(data), len(tt.content))
				}
				return
			}
			if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
				t.Fatalf("err = %v, want %q", err, tt.wantErr)
			}
			if string(data) != "old" {
				t.Errorf("the previous site changed: %d bytes", len(data))
			}
		})
	}
}
