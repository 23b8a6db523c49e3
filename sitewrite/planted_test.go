//go:build unix

package sitewrite

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"syscall"
	"testing"

	"github.com/evalpress/evalpress/internal/testtree"
)

// plantedRoot is what each planted case starts from: a site written twice
// into public with the user's files in it, a folder of secrets outside it,
// and the private inputs.
func plantedRoot(t *testing.T) string {
	t.Helper()
	root := t.TempDir()
	dir := filepath.Join(root, "public")
	if err := Write(context.Background(), childSite(1), dir, "public", nil); err != nil {
		t.Fatal(err)
	}
	testtree.Write(t, dir, "", foreignFiles)
	if err := Write(context.Background(), childSite(2), dir, "public", nil); err != nil {
		t.Fatal(err)
	}
	testtree.Write(t, root, "", map[string]string{
		"outside/id_rsa": "a private key", "demo/redact.txt": "Orla Brennick\n", "config.toml": "title = \"x\"\n",
	})
	return root
}

// inode is the inode of path.
func inode(t *testing.T, path string) uint64 {
	t.Helper()
	var st syscall.Stat_t
	if err := syscall.Lstat(path, &st); err != nil {
		t.Fatal(err)
	}
	return uint64(st.Ino)
}

// plantJournal writes a journal of the form evalpress writes, for the
// staging folder name, with the inodes of what is at name and at public.
func plantJournal(t *testing.T, root, name string, foreign ...string) {
	t.Helper()
	ino, old := inode(t, filepath.Join(root, name)), inode(t, filepath.Join(root, "public"))
	list := ""
	if len(foreign) > 0 {
		list = `"` + strings.Join(foreign, `","`) + `"`
	}
	data := fmt.Sprintf(`{"staging":%q,"ino":%d,"old_ino":%d,"aside":%q,"foreign":[%s]}`, name, ino, old, name+".old", list)
	testtree.Write(t, root, "", map[string]string{".public.swap": data})
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

// setMarker replaces public's marker with text.
func setMarker(text string) func(t *testing.T, root string) {
	return func(t *testing.T, root string) {
		must(t, os.WriteFile(filepath.Join(root, "public", MarkerFile), []byte(text), 0o644))
	}
}

// TestPlantedFilesMoveNothing plants beside and inside an output folder
// what evalpress never made (links named as its folders, journals and
// markers it did not write, hard links, folders whose names resemble its
// own), then recovers and builds as a build does: each case fails with one
// line naming what it found, or builds and names what it left alone, and
// nothing outside evalpress's own files is moved, emptied or deleted, and
// nothing from outside the site is published.
func TestPlantedFilesMoveNothing(t *testing.T) {
	marker := "audience=public\n" + manifestLine + "\n"
	damaged := func(line int, text string) string {
		if line == 0 {
			return MarkerFile + ": damaged: " + text
		}
		return fmt.Sprintf("%s:%d: damaged: %s", MarkerFile, line, text)
	}
	cases := []struct {
		name  string
		plant func(t *testing.T, root string)
		err   string // in the error; "" when the build succeeds
		said  string // in what Recover said, when it succeeds
	}{
		{"new site's folder a link out, carrying a key", func(t *testing.T, root string) {
			must(t, os.Symlink(filepath.Join(root, "outside"), filepath.Join(root, testStaging)))
			plantJournal(t, root, testStaging, "id_rsa")
		}, "cannot carry the entries it had moved back", ""},
		{"new site's folder a link to the inputs, carrying redact.txt", func(t *testing.T, root string) {
			must(t, os.Symlink("demo", filepath.Join(root, testStaging)))
			plantJournal(t, root, testStaging, "redact.txt")
		}, "cannot carry the entries it had moved back", ""},
		{"a link on the way of a carried entry", func(t *testing.T, root string) {
			must(t, os.Mkdir(filepath.Join(root, testStaging), 0o755))
			must(t, os.Symlink(filepath.Join(root, "outside"), filepath.Join(root, testStaging, "cells")))
			plantJournal(t, root, testStaging, "cells/id_rsa")
		}, "cannot carry the entries it had moved back", ""},
		{"no site, and the aside a link out", func(t *testing.T, root string) {
			must(t, os.Rename(filepath.Join(root, "public"), filepath.Join(root, "kept")))
			must(t, os.Symlink(filepath.Join(root, "outside"), filepath.Join(root, testStaging+".old")))
			must(t, os.Mkdir(filepath.Join(root, testStaging), 0o755))
			must(t, os.Mkdir(filepath.Join(root, "public"), 0o755))
			plantJournal(t, root, testStaging)
			must(t, os.Remove(filepath.Join(root, "public")))
		}, "no site to put in place", ""},
		{"the journal a link", func(t *testing.T, root string) {
			must(t, os.Mkdir(filepath.Join(root, testStaging), 0o755))
			plantJournal(t, root, testStaging)
			must(t, os.Rename(filepath.Join(root, ".public.swap"), filepath.Join(root, "outside", "journal")))
			must(t, os.Symlink(filepath.Join(root, "outside", "journal"), filepath.Join(root, ".public.swap")))
		}, "not a swap journal evalpress wrote (a link)", ""},
		{"a journal with a field evalpress does not write", func(t *testing.T, root string) {
			must(t, os.Mkdir(filepath.Join(root, testStaging), 0o755))
			plantJournal(t, root, testStaging)
			data, _ := os.ReadFile(filepath.Join(root, ".public.swap"))
			must(t, os.WriteFile(filepath.Join(root, ".public.swap"), append(data[:len(data)-1], `,"then":"x"}`...), 0o644))
		}, "not a swap journal evalpress wrote", ""},
		{"a marker line /", setMarker(marker + "/\n"), damaged(3, `"/" starts with /`), ""},
		{"a marker line out of the site", setMarker(marker + "index.html\n../demo/redact.txt\n"), damaged(4, `"../demo/redact.txt" has an empty, . or .. segment`), ""},
		{"a marker line with an empty segment", setMarker(marker + "cells//c0.html\n"), damaged(3, `"cells//c0.html" has an empty, . or .. segment`), ""},
		{"a blank marker line", setMarker(marker + "index.html\n\n"), damaged(4, "an empty name"), ""},
		{"a marker naming CNAME", setMarker(marker + "CNAME\n"), damaged(3, `"CNAME" is a publishing set-up's entry, which evalpress never writes`), ""},
		{"a marker naming .git/HEAD", setMarker(marker + ".git/HEAD\n.git/config\n"), damaged(3, `".git/HEAD" is a publishing set-up's entry, which evalpress never writes`), ""},
		{"a marker naming a hidden file", setMarker(marker + "notes/.secret\n"), damaged(3, `"notes/.secret" has a hidden segment, which evalpress never writes`), ""},
		{"a marker cut to its first line", setMarker("audience=public\n"), damaged(0, "not the audience"), ""},
		{"a marker cut inside a line", setMarker(marker + "index.ht"), damaged(0, "not the audience"), ""},
		{"an empty marker", setMarker(""), damaged(0, "not the audience"), ""},
		{"a marker of another audience", setMarker("audience=everyone\n" + manifestLine + "\n"), damaged(0, "not the audience"), ""},
		{"folders that resemble evalpress's", func(t *testing.T, root string) {
			testtree.Write(t, root, "", map[string]string{
				".public.old-20250101/notes.txt": "mine", ".public.tmp-abcd/keep.txt": "mine",
				".public.spare/index.html": "mine", ".public.tmp-0123456789ABCDEF/x": "mine",
			})
		}, "", "left alone, as evalpress did not make them (their names or kinds only resemble what it makes beside the folder): .public.old-20250101, .public.spare, .public.tmp-0123456789ABCDEF, .public.tmp-abcd"},
		{"a folder named as the journal's new file", func(t *testing.T, root string) {
			testtree.Write(t, root, "", map[string]string{".public.swap.tmp/keep.txt": "mine"})
		}, ".public.swap.tmp is in the way, and evalpress did not make it; move it away", ""},
		{"a new site's folder that is a link", func(t *testing.T, root string) {
			must(t, os.Symlink(filepath.Join(root, "outside"), filepath.Join(root, testStaging)))
			must(t, os.Symlink(filepath.Join(root, "outside"), filepath.Join(root, testStaging+".old")))
		}, "", "left alone, as evalpress did not make them (their names or kinds only resemble what it makes beside the folder): " + testStaging + ", " + testStaging + ".old"},
		{"a journal's new file a hard link to the inputs", func(t *testing.T, root string) {
			must(t, os.Link(filepath.Join(root, "demo", "redact.txt"), filepath.Join(root, ".public.swap.tmp")))
		}, ".public.swap.tmp is in the way, and evalpress did not make it; move it away", ""},
		{"a folder of the author's named as a new site's", func(t *testing.T, root string) {
			testtree.Write(t, root, "", map[string]string{testStaging + "/notes/mine.txt": "mine"})
		}, "", "left alone, as they hold files evalpress did not write (move those back, then remove them): " + testStaging},
		{"a leftover whose marker names the inputs", func(t *testing.T, root string) {
			testtree.Write(t, root, "", map[string]string{testStaging + "/" + MarkerFile: marker + "../demo/redact.txt\n", testStaging + "/index.html": "x"})
		}, "", "warning: left " + testStaging + " alone, as its list of the files evalpress wrote cannot be read"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			root := plantedRoot(t)
			c.plant(t, root)
			before := testtree.Read(t, root)
			dir := filepath.Join(root, "public")
			said, err := Recover(dir)
			if err == nil {
				err = Write(context.Background(), childSite(3), dir, "public", nil)
			}
			after := testtree.Read(t, root)
			if c.err != "" {
				if err == nil || !strings.Contains(err.Error(), c.err) || strings.Contains(err.Error(), "\n") {
					t.Errorf("err = %v, want one line with %q", err, c.err)
				}
				if !reflect.DeepEqual(after, before) {
					t.Errorf("a refused build changed the folder:\n%v\nwas\n%v", after, before)
				}
				return
			}
			if err != nil {
				t.Fatalf("err = %v", err)
			}
			if text := strings.Join(said, "\n"); !strings.Contains(text, c.said) {
				t.Errorf("Recover said %q, want %q in it", text, c.said)
			}
			// Only evalpress's own files in public changed.
			for _, m := range []map[string]string{before, after} {
				for name := range m {
					if rel, ok := strings.CutPrefix(name, "public/"); ok && (childSite(2)[rel] != nil || childSite(3)[rel] != nil || rel == MarkerFile) {
						delete(m, name)
					}
				}
			}
			if !reflect.DeepEqual(after, before) {
				t.Errorf("the build changed what is not its own:\n%v\nwas\n%v", after, before)
			}
		})
	}
}

// TestAnOldSiteLeftIsNamed: a previous site that cannot be removed whole
// after the swap (a named pipe where evalpress wrote a file: the writer
// removes only what it wrote, so it is left) is named, and what is left
// of it stays beside the folder. A folder it may not change takes the same
// path; the tests run as root in CI, which may change any folder, so the
// pipe stands for both.
func TestAnOldSiteLeftIsNamed(t *testing.T) {
	t.Parallel()
	spoil := map[string]func(dir string) error{
		"a named pipe": func(dir string) error {
			p := filepath.Join(dir, "cells", "c0.html")
			return errors.Join(os.Remove(p), syscall.Mkfifo(p, 0o644))
		},
	}
	for name, spoil := range spoil {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			root := t.TempDir()
			dir := filepath.Join(root, "public")
			must(t, Write(context.Background(), childSite(2), dir, "public", nil))
			must(t, spoil(dir))
			w, err := NewWriter(context.Background(), dir, "public", nil)
			must(t, err)
			for name, data := range childSite(4) {
				w.Add(File{Path: name, Data: data})
			}
			must(t, w.Commit())
			leftovers, _ := filepath.Glob(filepath.Join(root, ".public.tmp-*"))
			for _, l := range leftovers {
				os.Chmod(filepath.Join(l, "cells"), 0o755) // for TempDir's removal
			}
			text := strings.Join(w.Warnings(), "\n")
			if len(leftovers) != 1 || !strings.Contains(text, "the previous site could not be removed whole") || !strings.Contains(text, leftovers[0]) {
				t.Errorf("left %v; the writer said %q", leftovers, text)
			}
		})
	}
}

// TestALinkInTheNewSiteIsNotWrittenThrough: a link put into the new
// site's folder while it is written (here before its first file) is
// refused: nothing is written where it leads, and the build fails naming
// the file.
func TestALinkInTheNewSiteIsNotWrittenThrough(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	outside := filepath.Join(root, "outside")
	must(t, os.Mkdir(outside, 0o755))
	w, err := NewWriter(context.Background(), filepath.Join(root, "public"), "public", nil)
	must(t, err)
	must(t, os.Symlink(outside, filepath.Join(w.tmp, "cells")))
	w.Add(File{Path: "cells/a.html", Data: []byte("a")})
	w.Add(File{Path: "index.html", Data: []byte("i")})
	if err := w.Commit(); err == nil || !strings.Contains(err.Error(), "failed to write cells/a.html") {
		t.Errorf("Commit: %v", err)
	}
	if got := testtree.Read(t, outside); len(got) > 0 {
		t.Errorf("written through the link: %v", got)
	}
}
