//go:build unix

package sitewrite

import (
	"context"
	"io/fs"
	"path/filepath"
	"syscall"
	"testing"

	"github.com/evalpress/evalpress/internal/testtree"
)

// TestModesFollowTheUmask writes a site into a new folder and writes it
// again over itself, under the umasks 022, 077 and 002: every file is 0666 and
// every folder 0777 less the umask, the output folder and the marker
// included, whether new or rewritten.
func TestModesFollowTheUmask(t *testing.T) {
	for _, umask := range []int{0o022, 0o077, 0o002} {
		old := syscall.Umask(umask)
		dir := filepath.Join(t.TempDir(), "out", "public")
		files := map[string][]byte{"index.html": []byte("i"), "cells/a.html": []byte("a"), "data/x/results.json": []byte("{}")}
		for build := range 2 {
			if err := Write(context.Background(), files, dir, "public", nil); err != nil {
				t.Fatal(err)
			}
			seen := 0
			filepath.WalkDir(filepath.Dir(dir), func(p string, d fs.DirEntry, err error) error {
				if err != nil {
					t.Fatal(err)
				}
				info, _ := d.Info()
				want := fs.FileMode(0o666 &^ umask)
				if d.IsDir() {
					want = fs.ModeDir | fs.FileMode(0o777&^umask)
				}
				if info.Mode() != want {
					t.Errorf("umask %03o, build %d: %s is %v, want %v", umask, build+1, p, info.Mode(), want)
				}
				seen++
				return nil
			})
			if seen != len(testtree.Read(t, dir))+5 { // the folders out, public, cells, data, data/x
				t.Errorf("umask %03o: looked at %d entries", umask, seen)
			}
		}
		syscall.Umask(old)
	}
}
