package sitewrite

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"syscall"
	"testing"

	"github.com/evalpress/evalpress/internal/readfile"
	"github.com/evalpress/evalpress/internal/testtree"
)

// TestUnreadableMarkerTouchesNothing: a marker that cannot be read (larger
// than readfile.Settings, a folder, a named pipe, a link) says nothing of
// what evalpress wrote, so the site that holds it is not known to be
// evalpress's. A build into it fails, saying which file and why, and
// Recover leaves it whole beside the output folder, saying why, though its
// marker lists the files a build replaces and Recover removes: the same
// marker read (a regular file, up to exactly the limit) loses them.
func TestUnreadableMarkerTouchesNothing(t *testing.T) {
	marker := "audience=public\n" + manifestLine + "\nindex.html\ncells/c0.html\n"
	// A long name pads it.
	pad := func(n int) func(path string) error {
		return func(path string) error {
			return os.WriteFile(path, []byte(marker+strings.Repeat("x", n-len(marker)-1)+"\n"), 0o644)
		}
	}
	markers := []struct {
		name     string
		make     func(path string) error // replaces the usual marker at path; nil keeps it
		readable bool
		why      string // what the error says of the marker, after its path
	}{
		{"usual", nil, true, ""},
		{"at the limit", pad(int(readfile.Settings)), true, ""},
		{"past the limit", pad(int(readfile.Settings) + 1), false, "too large: more than 4 MiB, and a file of its kind may hold 4 MiB"},
		{"a folder", func(path string) error { return errors.Join(os.Remove(path), os.Mkdir(path, 0o755)) }, false, "not a regular file (a folder)"},
		{"a named pipe", func(path string) error { return errors.Join(os.Remove(path), syscall.Mkfifo(path, 0o644)) }, false, "not a regular file (a named pipe)"},
		{"a link to a marker", func(path string) error {
			return errors.Join(os.Rename(path, path+".real"), os.Symlink(filepath.Base(path)+".real", path))
		}, false, "a link, never a marker evalpress wrote"},
		{"a dangling link", func(path string) error { return errors.Join(os.Remove(path), os.Symlink("gone", path)) }, false, "a link, never a marker evalpress wrote"},
	}
	sites := []string{"public", testStaging, testStaging + ".old"}
	for _, m := range markers {
		for _, name := range sites {
			t.Run(m.name+"/"+name, func(t *testing.T) {
				root := t.TempDir()
				dir := filepath.Join(root, "public")
				testtree.Write(t, filepath.Join(root, name), "", map[string]string{MarkerFile: marker, "index.html": "old", "cells/c0.html": "old"})
				path := filepath.Join(root, name, MarkerFile)
				if m.make != nil {
					if err := m.make(path); err != nil {
						t.Fatal(err)
					}
				}
				before := testtree.Read(t, root)
				said, err := Recover(dir)
				if err != nil {
					t.Fatalf("Recover: %v", err)
				}
				text := strings.Join(said, "\n")
				wantSaid := ""
				if !m.readable && name != "public" {
					wantSaid = "warning: left " + name + " alone, as its list of the files evalpress wrote cannot be read (" + path + ": " + m.why + "): remove it yourself"
				}
				if !m.readable && !strings.Contains(text, wantSaid) || !m.readable && wantSaid == "" && text != "" {
					t.Errorf("Recover said %q, want %q", text, wantSaid)
				}
				if name == "public" {
					_, err = ExistingAudience(dir)
					if werr := Write(context.Background(), childSite(2), dir, "public", nil); m.readable != (werr == nil) {
						t.Errorf("Write: %v", werr)
					}
				}
				after := testtree.Read(t, root)
				if m.readable {
					if err != nil || after[name+"/index.html"] == "old" {
						t.Errorf("with a marker read, err = %v and %s/index.html was kept", err, name)
					}
					return
				}
				if !reflect.DeepEqual(after, before) {
					t.Errorf("the folder changed: it holds %d files, %d before; index.html is %q", len(after), len(before), after[name+"/index.html"])
				}
				want := path + ": " + m.why + "; evalpress cannot tell which files of " + dir + " it wrote, so it touches none: remove " + dir + " yourself if it holds nothing else of yours, or choose another --out"
				if name == "public" && (err == nil || err.Error() != want) {
					t.Errorf("err = %v\nwant %s", err, want)
				}
			})
		}
	}
}
