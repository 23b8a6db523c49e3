//go:build unix

package pipeline

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// TestBaselineIsReadOnlyFromARegularFile: the previous results.json in the
// output folder is ignored, with a warning, when it is a named pipe, and a
// --baseline that is one is an error naming it; neither read blocks. No
// previous results at all is no baseline and no word.
func TestBaselineIsReadOnlyFromARegularFile(t *testing.T) {
	out := t.TempDir()
	ctx := context.Background()
	if b, err := loadBaseline(ctx, "", out); err != nil || b.results != nil || b.warning != "" {
		t.Fatalf("no previous results: %+v, %v", b, err)
	}
	fifo := filepath.Join(out, "data", "results.json")
	os.MkdirAll(filepath.Dir(fifo), 0o777)
	if err := syscall.Mkfifo(fifo, 0o666); err != nil {
		t.Fatal(err)
	}
	b, err := loadBaseline(ctx, "", out)
	if err != nil || b.results != nil || !strings.Contains(b.warning, fifo+": not a regular file (a named pipe)") {
		t.Errorf("a named pipe in the output folder: %+v, %v", b, err)
	}
	if _, err := loadBaseline(ctx, fifo, out); err == nil || !strings.Contains(err.Error(), fifo+": not a regular file") {
		t.Errorf("--baseline a named pipe: %v", err)
	}
}
