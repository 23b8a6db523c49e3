package sitewrite

import (
	"context"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/evalpress/evalpress/internal/testtree"
)

// TestPlantedJournalTouchesNothing plants swap journals beside an output
// folder (and beside none) that name what evalpress never makes there: the
// private inputs, the config, the content folder, paths out of the folder.
// Recover refuses each with an error naming the journal, and every file
// beside the folder is as it was.
func TestPlantedJournalTouchesNothing(t *testing.T) {
	journals := map[string]string{
		"inputs":         `{"staging":"demo","aside":"demo.old","ino":0}`,
		"config":         `{"staging":"config.toml","aside":"config.toml.old"}`,
		"content":        `{"staging":"content","aside":"content"}`,
		"aside inputs":   `{"staging":".public.tmp-1234","aside":"demo"}`,
		"up and out":     `{"staging":".public.tmp-1/../../demo","aside":".public.tmp-1/../../demo.old"}`,
		"absolute":       `{"staging":"/tmp","aside":"/tmp.old"}`,
		"other site":     `{"staging":".other.tmp-12","aside":".other.tmp-12.old"}`,
		"carry out":      `{"staging":".public.tmp-12","aside":".public.tmp-12.old","foreign":["../demo/sections.md"]}`,
		"carry absolute": `{"staging":".public.tmp-12","aside":".public.tmp-12.old","foreign":["/etc/passwd"]}`,
		"carry unclean":  `{"staging":".public.tmp-12","aside":".public.tmp-12.old","foreign":["cells/../../config.toml"]}`,
		"damaged":        `{"staging":".public.tmp-12","asi`,
	}
	for name, data := range journals {
		for _, withSite := range []bool{true, false} {
			root := t.TempDir()
			tree := map[string]string{
				"demo/sections.md": "# SCRIPT\n## ACT 1\nprivate words\n", "demo/evalpress.key": "key",
				"config.toml": "title = \"x\"\n", "content/index.md": "# Index\n",
				".public.tmp-12/index.html": "a half-written site", ".public.tmp-1234/x": "y",
				".public.swap": data,
			}
			if withSite {
				tree["public/"+MarkerFile] = "audience=public\n" + manifestLine + "\nindex.html\n"
				tree["public/index.html"] = "the site"
			}
			testtree.Write(t, root, "", tree)
			before := testtree.Read(t, root)
			_, err := Recover(filepath.Join(root, "public"))
			if err == nil || !strings.Contains(err.Error(), filepath.Join(root, ".public.swap")) || !strings.Contains(err.Error(), "not a swap journal evalpress wrote") {
				t.Errorf("%s (site %v): err = %v", name, withSite, err)
			}
			if after := testtree.Read(t, root); !reflect.DeepEqual(after, before) {
				t.Errorf("%s (site %v): the folder changed:\n%v\nwas\n%v", name, withSite, after, before)
			}
		}
	}
}

// TestJournalOfAnotherSiteIsNotFinished: a journal of the right form whose
// new site is not the one it recorded (another inode), with no previous
// site to put back, puts nothing in place.
func TestJournalOfAnotherSiteIsNotFinished(t *testing.T) {
	root := t.TempDir()
	testtree.Write(t, root, "", map[string]string{
		testStaging + "/" + MarkerFile: "audience=public\n" + manifestLine + "\nindex.html\n", testStaging + "/index.html": "not the recorded site",
		".public.swap": `{"staging":"` + testStaging + `","aside":"` + testStaging + `.old","ino":1,"old_ino":2}`,
	})
	before := testtree.Read(t, root)
	if _, err := Recover(filepath.Join(root, "public")); err == nil || !strings.Contains(err.Error(), "no site to put in place") {
		t.Errorf("err = %v", err)
	}
	if after := testtree.Read(t, root); !reflect.DeepEqual(after, before) {
		t.Errorf("the folder changed:\n%v\nwas\n%v", after, before)
	}
}

// testStaging is a name of the form evalpress gives a new site's folder
// beside the output folder public.
const testStaging = ".public.tmp-0123456789abcdef"

// TestWriteRemovesTheReplacedSite: once swapped, the previous site's files
// are gone, and nothing is left beside the folder.
func TestWriteRemovesTheReplacedSite(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	dir := filepath.Join(root, "public")
	for n := 1; n <= 3; n++ {
		if said, err := Recover(dir); err != nil || len(said) > 0 {
			t.Fatalf("Recover said %q, %v", said, err)
		}
		if err := Write(context.Background(), childSite(n), dir, "public", nil); err != nil {
			t.Fatal(err)
		}
	}
	entries, _ := os.ReadDir(root)
	for _, e := range entries {
		if e.Name() != "public" {
			t.Errorf("%s left beside the site", e.Name())
		}
	}
	if got, want := testtree.Read(t, dir), siteFiles(childSite(3)); !reflect.DeepEqual(got, want) {
		t.Errorf("the site holds %v, want %v", got, want)
	}
}
