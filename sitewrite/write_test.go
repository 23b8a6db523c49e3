//go:build unix

package sitewrite

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"reflect"
	"runtime"
	"slices"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/evalpress/evalpress/internal/testtree"
	"github.com/evalpress/evalpress/site"
)

func inode(t *testing.T, path string) uint64 {
	t.Helper()
	info, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	return info.Sys().(*syscall.Stat_t).Ino
}

func TestWriteReusesTheReplacedPublicSite(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "public")
	builds := []map[string][]byte{
		{"index.html": []byte("first build, a long index page"), "cells/a.html": []byte("a1"), "cells/b.html": []byte("b1")},
		{"index.html": []byte("second"), "cells/a.html": []byte("a2 is longer than before"), "cells/b.html": []byte("b2")},
		// Third: the spare holds the first build's files, now overwritten
		// where the paths are the same; cells/b.html goes.
		{"index.html": []byte("third"), "cells/a.html": []byte("a3")},
		{"index.html": []byte("4")},
	}
	var inodes []map[uint64]bool
	for i, files := range builds {
		if err := Write(context.Background(), &site.Output{Files: files}, dir, "public", nil); err != nil {
			t.Fatalf("build %d: %v", i+1, err)
		}
		want := map[string]string{MarkerFile: string(markerData("public", sortedKeys(files)))}
		for name, data := range files {
			want[name] = string(data)
		}
		got := testtree.Read(t, dir)
		if len(got) != len(want) {
			t.Errorf("build %d: %d files, want %d: %v", i+1, len(got), len(want), got)
		}
		for name, data := range want {
			if got[name] != data {
				t.Errorf("build %d: %s = %q, want %q", i+1, name, got[name], data)
			}
			if info, err := os.Stat(filepath.Join(dir, name)); err != nil || info.Mode().Perm() != 0o644 {
				t.Errorf("build %d: %s mode %v (%v), want 0644", i+1, name, info.Mode(), err)
			}
		}
		if i == 1 { // a spare file whose mode changed is still written 0644
			os.Chmod(filepath.Join(SpareDir(dir), "cells", "a.html"), 0o600)
		}
		set := map[uint64]bool{}
		for name := range want {
			set[inode(t, filepath.Join(dir, name))] = true
		}
		inodes = append(inodes, set)
	}
	// Build 3 wrote its files at paths build 1 had: all of them reused
	// inodes of build 1's site.
	for ino := range inodes[2] {
		if !inodes[0][ino] {
			t.Errorf("build 3 created a new file (inode %d) although build 1's files were spare", ino)
		}
	}
	if _, err := os.Stat(SpareDir(dir)); err != nil {
		t.Errorf("no spare folder after a public rebuild: %v", err)
	}
}

func TestWriteNeverOverwritesALinkedFile(t *testing.T) {
	root := t.TempDir()
	dir := filepath.Join(root, "public")
	write := func(text string) {
		t.Helper()
		if err := Write(context.Background(), &site.Output{Files: map[string][]byte{"index.html": []byte(text)}}, dir, "public", nil); err != nil {
			t.Fatal(err)
		}
	}
	write("one")
	// A user's backup made of hard links, as cp -al makes.
	backup := filepath.Join(root, "backup.html")
	if err := os.Link(filepath.Join(dir, "index.html"), backup); err != nil {
		t.Fatal(err)
	}
	write("two")   // build one's site becomes the spare
	write("three") // and must not be overwritten here
	if data, _ := os.ReadFile(backup); string(data) != "one" {
		t.Errorf("a hard link to a replaced site's file was overwritten: %q", data)
	}
	if data, _ := os.ReadFile(filepath.Join(dir, "index.html")); string(data) != "three" {
		t.Errorf("index.html = %q", data)
	}
}

func TestWriteKeepsNoInternalSpare(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "site")
	for _, audience := range []string{"internal", "public"} {
		files := map[string][]byte{"index.html": []byte("private words of an " + audience + " build")}
		if err := Write(context.Background(), &site.Output{Files: files}, dir, audience, nil); err != nil {
			t.Fatal(err)
		}
		if _, err := os.Stat(SpareDir(dir)); !errors.Is(err, os.ErrNotExist) {
			t.Fatalf("after the %s build, the replaced internal site was kept beside the output (%v)", audience, err)
		}
	}
}

func TestWriteNeverWritesAFileTheCheckRejects(t *testing.T) {
	root := t.TempDir()
	dir := filepath.Join(root, "public")
	if err := Write(context.Background(), &site.Output{Files: map[string][]byte{"index.html": []byte("good")}}, dir, "public", nil); err != nil {
		t.Fatal(err)
	}
	files := map[string][]byte{"index.html": []byte("leaky"), "a.html": []byte("fine"), "cells/z.html": []byte("leaky too")}
	for i := range 200 {
		files[fmt.Sprintf("cells/c%03d.html", i)] = []byte("fine")
	}
	var mu sync.Mutex
	checked := map[string]string{}
	leak, leak2 := errors.New("leak in index.html"), errors.New("leak in z.html")
	// Watch the temporary folder: a rejected file must never appear in it.
	stop := make(chan bool)
	seen := make(chan []string)
	go func() {
		var bad []string
		for {
			select {
			case <-stop:
				seen <- bad
				return
			default:
			}
			matches, _ := filepath.Glob(filepath.Join(root, ".public.tmp-*", "index.html"))
			bad = append(bad, matches...)
		}
	}()
	err := Write(context.Background(), &site.Output{Files: files}, dir, "public", func(f site.File) error {
		name, data := f.Path, f.Data
		mu.Lock()
		checked[name] = string(data)
		mu.Unlock()
		if early, _ := filepath.Glob(filepath.Join(root, ".public.tmp-*", filepath.FromSlash(name))); len(early) > 0 {
			t.Errorf("%s was written before it was checked", name)
		}
		switch name {
		case "index.html":
			return leak
		case "cells/z.html":
			return leak2
		}
		return nil
	})
	stop <- true
	if bad := <-seen; len(bad) > 0 {
		t.Errorf("a rejected file was written: %v", bad)
	}
	if !errors.Is(err, leak2) {
		t.Fatalf("err = %v, want the first error in path order (cells/z.html)", err)
	}
	if len(checked) != len(files)+1 || checked[MarkerFile] != string(markerData("public", sortedKeys(files))) {
		t.Errorf("the check saw %d files, want all %d and the marker", len(checked), len(files)+1)
	}
	entries, _ := os.ReadDir(root)
	if len(entries) != 1 {
		t.Errorf("a failed build left %d entries beside the site, want only the site: %v", len(entries), entries)
	}
	if data, _ := os.ReadFile(filepath.Join(dir, "index.html")); string(data) != "good" {
		t.Errorf("previous site changed: %q", data)
	}
}

func TestWriteLeavesAForeignSpareFolderAlone(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "public")
	foreign := SpareDir(dir)
	if err := os.MkdirAll(foreign, 0o755); err != nil {
		t.Fatal(err)
	}
	mine := filepath.Join(foreign, "notes.txt")
	if err := os.WriteFile(mine, []byte("not evalpress's"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, text := range []string{"one", "two", "three"} {
		if err := Write(context.Background(), &site.Output{Files: map[string][]byte{"index.html": []byte(text)}}, dir, "public", nil); err != nil {
			t.Fatal(err)
		}
	}
	if data, err := os.ReadFile(mine); err != nil || string(data) != "not evalpress's" {
		t.Errorf("a folder evalpress did not make was used or removed: %q, %v", data, err)
	}
}

// TestWriteOverSpareOfAnotherShape writes a site over a spare that has a
// folder where the site has a file, a file where it has a folder, links to
// a file and to a folder, and files it no longer has: the site is exactly
// what was written, and nothing is written through a link.
func TestWriteOverSpareOfAnotherShape(t *testing.T) {
	root := t.TempDir()
	dir := filepath.Join(root, "public")
	outside := filepath.Join(root, "outside.txt")
	os.WriteFile(outside, []byte("not evalpress's"), 0o644)
	first := map[string][]byte{"index.html": []byte("1"), "x/inner.html": []byte("1"), "y": []byte("1"), "gone/deep/old.html": []byte("1"), "link.html": []byte("1")}
	for _, files := range []map[string][]byte{first, {"index.html": []byte("2")}} {
		if err := Write(context.Background(), &site.Output{Files: files}, dir, "public", nil); err != nil {
			t.Fatal(err)
		}
	}
	spare := SpareDir(dir) // holds the first site now
	os.Remove(filepath.Join(spare, "link.html"))
	if err := os.Symlink(outside, filepath.Join(spare, "link.html")); err != nil {
		t.Fatal(err)
	}
	elsewhere := filepath.Join(root, "elsewhere")
	os.Mkdir(elsewhere, 0o755)
	os.RemoveAll(filepath.Join(spare, "gone"))
	if err := os.Symlink(elsewhere, filepath.Join(spare, "gone")); err != nil {
		t.Fatal(err)
	}
	third := map[string][]byte{"index.html": []byte("3"), "x": []byte("3"), "y/inner.html": []byte("3"), "link.html": []byte("3"), "gone/new.html": []byte("3")}
	if err := Write(context.Background(), &site.Output{Files: third}, dir, "public", nil); err != nil {
		t.Fatal(err)
	}
	got := testtree.Read(t, dir)
	want := map[string]string{MarkerFile: string(markerData("public", sortedKeys(third))), "index.html": "3", "x": "3", "y/inner.html": "3", "link.html": "3", "gone/new.html": "3"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("site %v, want %v", got, want)
	}
	if entries, _ := os.ReadDir(elsewhere); len(entries) > 0 {
		t.Errorf("a file was written through the spare's link to a folder: %v", entries)
	}
	if info, err := os.Lstat(filepath.Join(dir, "link.html")); err != nil || !info.Mode().IsRegular() {
		t.Errorf("link.html: %v %v", info, err)
	}
	if data, _ := os.ReadFile(outside); string(data) != "not evalpress's" {
		t.Errorf("a file a spare's link points to was overwritten: %q", data)
	}
}

// TestWriteIgnoresASpareThatIsALink: a spare folder that is a link to a
// folder elsewhere is not written into.
func TestWriteIgnoresASpareThatIsALink(t *testing.T) {
	root := t.TempDir()
	dir := filepath.Join(root, "public")
	elsewhere := filepath.Join(root, "elsewhere")
	for _, text := range []string{"1", "2"} {
		if err := Write(context.Background(), &site.Output{Files: map[string][]byte{"index.html": []byte(text)}}, dir, "public", nil); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Rename(SpareDir(dir), elsewhere); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(elsewhere, SpareDir(dir)); err != nil {
		t.Fatal(err)
	}
	if err := Write(context.Background(), &site.Output{Files: map[string][]byte{"index.html": []byte("3")}}, dir, "public", nil); err != nil {
		t.Fatal(err)
	}
	if data, _ := os.ReadFile(filepath.Join(elsewhere, "index.html")); string(data) != "1" {
		t.Errorf("the folder the spare links to was written: %q", data)
	}
	if data, _ := os.ReadFile(filepath.Join(dir, "index.html")); string(data) != "3" {
		t.Errorf("index.html = %q", data)
	}
}

func sortedKeys(files map[string][]byte) []string { return slices.Sorted(maps.Keys(files)) }

// TestLargeFilesAreCheckedFirst holds the checker on a file, queues small
// files and then large ones, and lets it go: the large
// files are checked before every small file queued before them, so that
// their long scans never end the build alone. One checker
// (GOMAXPROCS 1), so that the order it checks in is the order it takes.
func TestLargeFilesAreCheckedFirst(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(1))
	dir := filepath.Join(t.TempDir(), "public")
	var order []string
	held, release := make(chan bool), make(chan bool)
	check := func(f site.File) error {
		order = append(order, f.Path)
		if f.Path == "hold.html" {
			held <- true
			<-release
		}
		return nil
	}
	w, err := NewWriter(context.Background(), dir, "public", check)
	if err != nil {
		t.Fatal(err)
	}
	w.Add(site.File{Path: "hold.html", Data: []byte("x")})
	<-held
	var small []string
	for i := range 50 {
		small = append(small, fmt.Sprintf("cells/%02d.html", i))
		w.Add(site.File{Path: small[i], Data: []byte("small")})
	}
	large := []string{"results.html", "data/results.json"}
	w.Add(site.File{Path: large[0], Data: make([]byte, largeFile)})
	w.Add(site.File{Path: large[1], Data: make([]byte, 3*largeFile)})
	close(release)
	if err := w.Commit(); err != nil {
		t.Fatal(err)
	}
	want := slices.Concat([]string{"hold.html"}, large, small, []string{MarkerFile})
	if !slices.Equal(order, want) {
		t.Errorf("checked in the order %v, want %v", order, want)
	}
}

// TestWriteLeavesASpareFileThatHoldsTheBytes: a spare file that holds the
// bytes to write already (a page unchanged since the build whose site is
// the spare) is not written again; one of the same size with other bytes, or a byte more, is; and
// either way the file ends 0644.
func TestWriteLeavesASpareFileThatHoldsTheBytes(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "public")
	big := string(make([]byte, 200<<10)) // past the compare buffer
	first := map[string]site.File{
		"same.html":     {Path: "same.html", Data: []byte("unchanged" + big)},
		"sameSize.html": {Path: "sameSize.html", Data: []byte("verdict pass" + big)},
		"lastByte.html": {Path: "lastByte.html", Data: []byte("abc" + big + "x")},
		"longer.html":   {Path: "longer.html", Data: []byte("short")},
		"chmodded.html": {Path: "chmodded.html", Data: []byte("mode")},
	}
	third := map[string]site.File{
		"same.html":     first["same.html"],
		"sameSize.html": {Path: "sameSize.html", Data: []byte("verdict FAIL" + big)},
		"lastByte.html": {Path: "lastByte.html", Data: []byte("abc" + big + "y")},
		"longer.html":   {Path: "longer.html", Data: []byte("short, and longer")},
		"chmodded.html": first["chmodded.html"],
	}
	write := func(files map[string]site.File) {
		t.Helper()
		w, err := NewWriter(context.Background(), dir, "public", nil)
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range files {
			w.Add(f)
		}
		if err := w.Commit(); err != nil {
			t.Fatal(err)
		}
	}
	write(first)
	write(map[string]site.File{"index.html": {Path: "index.html", Data: []byte("second")}}) // the first build's site is the spare
	old := time.Date(2001, 2, 3, 4, 5, 6, 0, time.UTC)
	for name := range first {
		if err := os.Chtimes(filepath.Join(SpareDir(dir), name), old, old); err != nil {
			t.Fatal(err)
		}
	}
	os.Chmod(filepath.Join(SpareDir(dir), "chmodded.html"), 0o600)
	write(third)
	got := testtree.Read(t, dir)
	for name, f := range third {
		path := filepath.Join(dir, name)
		if want := string(f.Data); got[name] != want {
			t.Errorf("%s holds %d bytes, not the %d written", name, len(got[name]), len(want))
		}
		info, err := os.Stat(path)
		if err != nil {
			t.Fatal(err)
		}
		kept := info.ModTime().Equal(old)
		if unchanged := name == "same.html" || name == "chmodded.html"; kept != unchanged {
			t.Errorf("%s: left unwritten %v, want %v", name, kept, unchanged)
		}
		if info.Mode().Perm() != 0o644 {
			t.Errorf("%s: mode %v, want 0644", name, info.Mode().Perm())
		}
	}
}

// TestWriteReplacesASpareFIFO: a named pipe put in the spare where a page
// was is neither read (holds opens the spare's files to read them back),
// nor written through, nor waited on: the page replaces it.
func TestWriteReplacesASpareFIFO(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "public")
	files := map[string][]byte{"index.html": []byte("page")}
	for range 2 {
		if err := Write(context.Background(), &site.Output{Files: files}, dir, "public", nil); err != nil {
			t.Fatal(err)
		}
	}
	fifo := filepath.Join(SpareDir(dir), "index.html")
	os.Remove(fifo)
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatalf("cannot make a named pipe: %v", err)
	}
	done := make(chan error, 1)
	go func() { done <- Write(context.Background(), &site.Output{Files: files}, dir, "public", nil) }()
	select {
	case err := <-done:
		if err != nil {
			t.Fatal(err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("the build waits on a named pipe in the spare")
	}
	info, err := os.Lstat(filepath.Join(dir, "index.html"))
	if err != nil || !info.Mode().IsRegular() {
		t.Fatalf("index.html is %v (%v), want a regular file", info.Mode(), err)
	}
	if got := testtree.Read(t, dir)["index.html"]; got != "page" {
		t.Errorf("index.html = %q", got)
	}
}
