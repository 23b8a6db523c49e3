package pipeline

import (
	"context"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/evalpress/evalpress/internal/testtree"
)

// TestLargeSiteIsWrittenAsItIsMade builds the same artifact keeping its
// cell pages and, as a site with more cell pages than maxKeptCellPages,
// without: the sites are the same, and the second makes no page cache.
func TestLargeSiteIsWrittenAsItIsMade(t *testing.T) {
	archive, err := os.ReadFile("../cmd/evalpress/testdata/basic.txtar")
	if err != nil {
		t.Fatal(err)
	}
	build := func(keep int) (map[string]string, bool) {
		t.Helper()
		defer func(was int) { maxKeptCellPages = was }(maxKeptCellPages)
		maxKeptCellPages = keep
		dir := testtree.Write(t, t.TempDir(), string(archive), nil)
		if _, err := Build(context.Background(), Options{Config: filepath.Join(dir, "config.toml")}, io.Discard); err != nil {
			t.Fatal(err)
		}
		cached, _ := filepath.Glob(filepath.Join(dir, CacheDir, "pages-*"))
		return testtree.Read(t, filepath.Join(dir, "public")), len(cached) > 0
	}
	kept, cachedKept := build(1000)
	dropped, cachedDropped := build(1)
	if !reflect.DeepEqual(kept, dropped) {
		t.Errorf("the site written as it is made differs from the one kept in memory")
	}
	if !cachedKept || cachedDropped {
		t.Errorf("page cache made: %v keeping the pages, %v dropping them; want true, false", cachedKept, cachedDropped)
	}
}
