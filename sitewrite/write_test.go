//go:build unix

package sitewrite

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"sync"
	"testing"
)

func TestWriteNeverOverwritesALinkedFile(t *testing.T) {
	root := t.TempDir()
	dir := filepath.Join(root, "public")
	write := func(text string) {
		t.Helper()
		if err := Write(context.Background(), map[string][]byte{"index.html": []byte(text)}, dir, "public", nil); err != nil {
			t.Fatal(err)
		}
	}
	write("one")
	// A user's backup made of hard links, as cp -al makes.
	backup := filepath.Join(root, "backup.html")
	if err := os.Link(filepath.Join(dir, "index.html"), backup); err != nil {
		t.Fatal(err)
	}
	write("two")
	write("three")
	if data, _ := os.ReadFile(backup); string(data) != "one" {
		t.Errorf("a hard link to a replaced site's file was overwritten: %q", data)
	}
	if data, _ := os.ReadFile(filepath.Join(dir, "index.html")); string(data) != "three" {
		t.Errorf("index.html = %q", data)
	}
}

func TestWriteNeverWritesAFileTheCheckRejects(t *testing.T) {
	root := t.TempDir()
	dir := filepath.Join(root, "public")
	if err := Write(context.Background(), map[string][]byte{"index.html": []byte("good")}, dir, "public", nil); err != nil {
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
	err := Write(context.Background(), files, dir, "public", func(f File) error {
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
	check := func(f File) error {
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
	w.Add(File{Path: "hold.html", Data: []byte("x")})
	<-held
	var small []string
	for i := range 50 {
		small = append(small, fmt.Sprintf("cells/%02d.html", i))
		w.Add(File{Path: small[i], Data: []byte("small")})
	}
	large := []string{"results.html", "data/results.json"}
	w.Add(File{Path: large[0], Data: make([]byte, largeFile)})
	w.Add(File{Path: large[1], Data: make([]byte, 3*largeFile)})
	close(release)
	if err := w.Commit(); err != nil {
		t.Fatal(err)
	}
	want := slices.Concat([]string{"hold.html"}, large, small, []string{MarkerFile})
	if !slices.Equal(order, want) {
		t.Errorf("checked in the order %v, want %v", order, want)
	}
}
