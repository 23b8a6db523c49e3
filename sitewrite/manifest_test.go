package sitewrite

import (
	"context"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/evalpress/evalpress/internal/readfile"
	"github.com/evalpress/evalpress/internal/testtree"
	"github.com/evalpress/evalpress/site"
)

// TestOversizedMarkerTouchesNothing: a marker larger than readfile.Settings
// is not read, so the site that holds it is not known to be evalpress's. A
// build into it fails, saying which file and why, and Recover leaves it
// whole beside the output folder, though its marker lists the files a
// build replaces and Recover removes: the same marker at its usual size
// loses them.
func TestOversizedMarkerTouchesNothing(t *testing.T) {
	marker := "audience=public\n" + manifestLine + "\nindex.html\ncells/c0.html\n"
	// Blank lines, which a marker's reader skips, pad it past the limit.
	padded := marker + strings.Repeat("\n", int(readfile.Settings))
	cases := []struct {
		name, site string // the folder holding the marker, in the parent of public
		said       string // in what Recover says when the marker is padded
	}{
		{"output folder", "public", ""},
		{"new site left by a kill", ".public.tmp-12", "left alone, as they hold files evalpress did not write (move those back, then remove them): .public.tmp-12"},
		{"previous site set aside", ".public.tmp-12.old", "left alone, as they hold files evalpress did not write (move those back, then remove them): .public.tmp-12.old"},
		{"earlier evalpress's aside", ".public.old-7", "left alone, as they hold files evalpress did not write (move those back, then remove them): .public.old-7"},
		{"earlier evalpress's spare", ".public.spare", ""},
	}
	for _, c := range cases {
		for _, data := range []string{padded, marker} {
			oversized := data == padded
			root := t.TempDir()
			dir := filepath.Join(root, "public")
			testtree.Write(t, filepath.Join(root, c.site), "", map[string]string{MarkerFile: data, "index.html": "old", "cells/c0.html": "old"})
			before := testtree.Read(t, root)
			said, err := Recover(dir)
			if err != nil {
				t.Fatalf("%s: Recover: %v", c.name, err)
			}
			if text := strings.Join(said, "\n"); oversized && (c.said == "" && text != "" || !strings.Contains(text, c.said)) {
				t.Errorf("%s: Recover said %q, want %q", c.name, text, c.said)
			}
			if c.site == "public" {
				_, err = ExistingAudience(dir)
				werr := Write(context.Background(), &site.Output{Files: childSite(2)}, dir, "public", nil)
				if oversized != (werr != nil) {
					t.Errorf("%s (oversized %v): Write: %v", c.name, oversized, werr)
				}
			}
			after := testtree.Read(t, root)
			if !oversized {
				if err != nil || after[c.site+"/index.html"] == "old" {
					t.Errorf("%s: with the marker at its usual size, err = %v and %s/index.html was kept", c.name, err, c.site)
				}
				continue
			}
			if !reflect.DeepEqual(after, before) {
				t.Errorf("%s: the folder changed: it holds %d files, %d before; index.html is %q", c.name, len(after), len(before), after[c.site+"/index.html"])
			}
			want := filepath.Join(dir, MarkerFile) + ": too large: more than 4 MiB, and a file of its kind may hold 4 MiB; evalpress cannot tell which files of " + dir + " it wrote, so it touches none: remove them yourself or choose another --out"
			if c.site == "public" && (err == nil || err.Error() != want) {
				t.Errorf("%s: err = %v\nwant %s", c.name, err, want)
			}
		}
	}
}
