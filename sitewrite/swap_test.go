package sitewrite

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"syscall"
	"testing"

	"github.com/evalpress/evalpress/internal/testtree"
	"github.com/evalpress/evalpress/site"
)

// TestMain runs the test binary as a child that writes a site and kills
// itself at a step of the swap (see writeAndDie).
func TestMain(m *testing.M) {
	if dir := os.Getenv("EVALPRESS_TEST_WRITE_DIR"); dir != "" {
		writeAndDie(dir, os.Getenv("EVALPRESS_TEST_KILL_AT"))
		return
	}
	os.Exit(m.Run())
}

// childSite is the site the child writes: its number in each file.
func childSite(n int) map[string][]byte {
	files := map[string][]byte{"index.html": []byte("index " + strconv.Itoa(n))}
	for i := range n % 3 * 2 {
		files["cells/c"+strconv.Itoa(i)+".html"] = []byte("cell " + strconv.Itoa(n))
	}
	return files
}

// writeAndDie writes childSite(EVALPRESS_TEST_BUILD) into dir, sending
// itself SIGKILL at the at'th occurrence of a step ("carry:2").
func writeAndDie(dir, at string) {
	n, _ := strconv.Atoi(os.Getenv("EVALPRESS_TEST_BUILD"))
	name, nth, _ := strings.Cut(at, ":")
	count, _ := strconv.Atoi(nth)
	AtStep = func(s string) {
		if s == name {
			if count--; count <= 0 {
				syscall.Kill(os.Getpid(), syscall.SIGKILL)
				select {}
			}
		}
	}
	if _, err := Recover(dir); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(3)
	}
	if err := Write(context.Background(), &site.Output{Files: childSite(n)}, dir, "public", nil); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(4)
	}
	os.Exit(0)
}

// siteFiles is what a site written from files reads back as.
func siteFiles(files map[string][]byte) map[string]string {
	want := map[string]string{MarkerFile: string(markerData("public", sortedKeys(files)))}
	for name, data := range files {
		want[name] = string(data)
	}
	return want
}

// foreignFiles are what a user keeps in the output folder.
var foreignFiles = map[string]string{
	".git/HEAD": "ref: refs/heads/gh-pages\n", ".git/objects/ab/cdef": "object", ".nojekyll": "",
	"CNAME": "example.org\n", "cells/mine.txt": "a note of the user's", "notes/todo.md": "todo",
}

// TestKilledWritesKeepEveryFileAndASite kills a child writing a site at
// each step of the swap, then lets the next write recover: the output
// folder always holds a whole site, the old or the new, and the user's
// files, and nothing is left beside it.
func TestKilledWritesKeepEveryFileAndASite(t *testing.T) {
	steps := []string{"written:1", "journal:1", "carry:1", "carry:3", "swapped:1", "removed:1", "rename:1"}
	for _, at := range steps {
		t.Run(at, func(t *testing.T) {
			root := t.TempDir()
			dir := filepath.Join(root, "public")
			if at != "rename:1" { // the first write into no folder at all
				child(t, dir, 1, "")
				testtree.Write(t, dir, "", foreignFiles)
				child(t, dir, 2, "")
			}
			before := ownFiles(t, dir)
			if code := child(t, dir, 3, at); code != -1 {
				t.Fatalf("the child exited %d; it was to be killed at %s", code, at)
			}
			// The user's entries carried so far are in the new site's
			// folder until the next build: evalpress's are whole.
			after := ownFiles(t, dir)
			if !reflect.DeepEqual(after, before) && !reflect.DeepEqual(after, siteFiles(childSite(3))) {
				t.Fatalf("after a kill at %s the folder holds neither site:\n%v", at, after)
			}
			if code := child(t, dir, 4, ""); code != 0 {
				t.Fatalf("the next write failed: exit %d", code)
			}
			if got, want := testtree.Read(t, dir), withForeign(t, siteFiles(childSite(4)), at); !reflect.DeepEqual(got, want) {
				t.Errorf("after recovery:\n%v\nwant\n%v", got, want)
			}
			entries, _ := os.ReadDir(root)
			for _, e := range entries {
				if e.Name() != "public" {
					t.Errorf("%s left beside the site", e.Name())
				}
			}
		})
	}
}

// ownFiles reads the files evalpress wrote in dir: all but foreignFiles.
func ownFiles(t *testing.T, dir string) map[string]string {
	files := map[string]string{}
	if _, err := os.Stat(dir); err != nil {
		return files
	}
	for name, data := range testtree.Read(t, dir) {
		if _, foreign := foreignFiles[name]; !foreign {
			files[name] = data
		}
	}
	return files
}

func withForeign(t *testing.T, files map[string]string, at string) map[string]string {
	if at == "rename:1" {
		return files
	}
	for name, data := range foreignFiles {
		files[name] = data
	}
	return files
}

// child runs the test binary writing site n into dir, killed at step at;
// it returns the exit code, -1 when killed.
func child(t *testing.T, dir string, n int, at string) int {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), "EVALPRESS_TEST_WRITE_DIR="+dir, "EVALPRESS_TEST_KILL_AT="+at, "EVALPRESS_TEST_BUILD="+strconv.Itoa(n))
	var stderr strings.Builder
	cmd.Stderr = &stderr
	err := cmd.Run()
	if stderr.Len() > 0 {
		t.Logf("child writing site %d: %s", n, stderr.String())
	}
	if err == nil {
		return 0
	}
	if ee, ok := err.(*exec.ExitError); ok {
		return ee.ExitCode()
	}
	t.Fatal(err)
	return 0
}

// TestWriteCarriesWhatItDidNotWrite keeps a git checkout's files and the
// user's own in the output folder through builds whose files change.
func TestWriteCarriesWhatItDidNotWrite(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "public")
	testtree.Write(t, dir, "", map[string]string{".git/HEAD": "ref\n", "CNAME": "example.org\n"})
	for n := 1; n <= 4; n++ {
		if err := Write(context.Background(), &site.Output{Files: childSite(n)}, dir, "public", nil); err != nil {
			t.Fatalf("build %d: %v", n, err)
		}
		want := siteFiles(childSite(n))
		want[".git/HEAD"], want["CNAME"] = "ref\n", "example.org\n"
		if n > 1 {
			want["cells/mine.txt"], want["extra/x"] = "mine", "x"
		}
		if got := testtree.Read(t, dir); !reflect.DeepEqual(got, want) {
			t.Errorf("build %d:\n%v\nwant\n%v", n, got, want)
		}
		if n == 1 {
			testtree.Write(t, dir, "", map[string]string{"cells/mine.txt": "mine", "extra/x": "x"})
		}
	}
}

// TestWriteRefusesToReplaceAFileItDidNotWrite: a file of the user's where
// the new site has one fails the build, and changes nothing.
func TestWriteRefusesToReplaceAFileItDidNotWrite(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "public")
	if err := Write(context.Background(), &site.Output{Files: childSite(1)}, dir, "public", nil); err != nil {
		t.Fatal(err)
	}
	testtree.Write(t, dir, "", map[string]string{"cells/c2.html": "mine"})
	before := testtree.Read(t, dir)
	err := Write(context.Background(), &site.Output{Files: childSite(2)}, dir, "public", nil)
	if err == nil || !strings.Contains(err.Error(), "cells/c2.html was not written by evalpress") {
		t.Fatalf("err = %v", err)
	}
	if after := testtree.Read(t, dir); !reflect.DeepEqual(after, before) {
		t.Errorf("the folder changed:\n%v\nwas\n%v", after, before)
	}
}

// TestRecoverPutsBackALegacyAsideSite: an earlier evalpress renamed the
// previous site aside and was killed before the new one went in.
func TestRecoverPutsBackALegacyAsideSite(t *testing.T) {
	root := t.TempDir()
	dir := filepath.Join(root, "public")
	testtree.Write(t, filepath.Join(root, ".public.old-123"), "", map[string]string{MarkerFile: "audience=public\n", "index.html": "old"})
	testtree.Write(t, filepath.Join(root, ".public.tmp-124"), "", map[string]string{"index.html": "half"})
	testtree.Write(t, filepath.Join(root, ".public.tmp-125"), "", map[string]string{".git/HEAD": "ref"})
	said, err := Recover(dir)
	if err != nil {
		t.Fatal(err)
	}
	if got := testtree.Read(t, dir); got["index.html"] != "old" {
		t.Errorf("the aside site was not put back: %v", got)
	}
	text := strings.Join(said, "\n")
	for _, want := range []string{"put back the previous site", "removed what interrupted builds left beside it: .public.tmp-124", "left alone", ".public.tmp-125"} {
		if !strings.Contains(text, want) {
			t.Errorf("Recover said %q, want %q in it", text, want)
		}
	}
	if _, err := os.Stat(filepath.Join(root, ".public.tmp-125", ".git", "HEAD")); err != nil {
		t.Errorf("a leftover holding a .git folder was removed: %v", err)
	}
}
