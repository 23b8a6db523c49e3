package sitewrite

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"syscall"
	"testing"

	"github.com/evalpress/evalpress/internal/killpoint"
	"github.com/evalpress/evalpress/internal/testtree"
)

// TestMain runs the test binary as a child that writes a site and kills
// itself at a step of the swap (see writeAndDie).
func TestMain(m *testing.M) {
	if dir := os.Getenv("EVALPRESS_TEST_WRITE_DIR"); dir != "" {
		writeAndDie(dir, os.Getenv("EVALPRESS_TEST_KILL_AT"), os.Getenv("EVALPRESS_TEST_NO_EXCHANGE") != "")
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

// noExchange is an exchange that always fails, as on a system without
// one: the swap takes its two renames.
func noExchange(*folder, string, string) error { return errors.ErrUnsupported }

// writeAndDie writes childSite(EVALPRESS_TEST_BUILD) into dir, sending
// itself SIGKILL at the at'th occurrence of a step ("carry:2"), with no
// exchange when renames. It prints what Recover said on stderr.
func writeAndDie(dir, at string, renames bool) {
	n, _ := strconv.Atoi(os.Getenv("EVALPRESS_TEST_BUILD"))
	name, nth, _ := strings.Cut(at, ":")
	count, _ := strconv.Atoi(nth)
	killpoint.Set(func(s string) {
		if s == name {
			if count--; count <= 0 {
				syscall.Kill(os.Getpid(), syscall.SIGKILL)
				select {}
			}
		}
	})
	said, err := Recover(dir)
	for _, line := range said {
		fmt.Fprintln(os.Stderr, line)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(3)
	}
	w, err := NewWriter(context.Background(), dir, "public", nil)
	if err == nil {
		if renames {
			w.exchange = noExchange
		}
		for name, data := range childSite(n) {
			w.Add(File{Path: name, Data: data})
		}
		err = w.Commit()
	}
	if err != nil {
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

// The lines the next build's Recover says after a kill at each step.
const (
	saidLeftover = "removed what interrupted builds left beside it: .public.tmp-"
	saidUndone   = "an interrupted build was undone; the previous site is in place"
	saidSwapped  = "an interrupted build had put its new site in place; the previous one was removed"
)

// TestKilledWritesKeepEveryFileAndASite kills a child writing a site at
// each step of the swap, with the system's exchange and with the two
// renames that replace it where there is none, then lets the next write
// recover: the output folder always holds a whole site, the old or the
// new, and the user's files, nothing is left beside it, and the recovery
// says the one thing it did.
func TestKilledWritesKeepEveryFileAndASite(t *testing.T) {
	steps := []struct {
		at, said string
		renames  bool // only on the two renames' path
	}{
		{at: "written:1", said: saidLeftover},
		{at: "journal:1", said: saidUndone},
		{at: "carry:1", said: saidUndone},
		{at: "carry:3", said: saidUndone},
		{at: "aside:1", said: saidUndone, renames: true},
		{at: "swapped:1", said: saidSwapped},
		{at: "removed:1", said: saidSwapped},
		{at: "rename:1", said: saidLeftover},
	}
	for _, renames := range []bool{false, true} {
		for _, step := range steps {
			if step.renames && !renames {
				continue
			}
			name := step.at
			if renames {
				name = "renames/" + name
			}
			t.Run(name, func(t *testing.T) {
				t.Parallel()
				killAndRecover(t, step.at, step.said, renames)
			})
		}
	}
}

// killAndRecover kills a child at the step at, then recovers with the
// next: see TestKilledWritesKeepEveryFileAndASite.
func killAndRecover(t *testing.T, at, said string, renames bool) {
	root := t.TempDir()
	dir := filepath.Join(root, "public")
	if at != "rename:1" { // the first write into no folder at all
		child(t, dir, 1, "", renames)
		testtree.Write(t, dir, "", foreignFiles)
		child(t, dir, 2, "", renames)
	}
	before := ownFiles(t, dir)
	if code, _ := child(t, dir, 3, at, renames); code != -1 {
		t.Fatalf("the child exited %d; it was to be killed at %s", code, at)
	}
	// The user's entries carried so far are in the new site's
	// folder until the next build: evalpress's are whole.
	after := ownFiles(t, dir)
	// Between the two renames there is no site: the journal says where
	// the previous one is.
	between := at == "aside:1" && len(after) == 0
	if !between && !reflect.DeepEqual(after, before) && !reflect.DeepEqual(after, siteFiles(childSite(3))) {
		t.Fatalf("after a kill at %s the folder holds neither site:\n%v", at, after)
	}
	code, stderr := child(t, dir, 4, "", renames)
	if code != 0 {
		t.Fatalf("the next write failed: exit %d", code)
	}
	if want := dir + ": " + said; !strings.HasPrefix(stderr, want) || strings.Count(stderr, "\n") != 1 {
		t.Errorf("the next write said %q, want one line starting %q", stderr, want)
	}
	if got, want := testtree.Read(t, dir), withForeign(t, siteFiles(childSite(4)), at); !reflect.DeepEqual(got, want) {
		t.Errorf("after recovery:\n%v\nwant\n%v", got, want)
	}
	entries, _ := os.ReadDir(root)
	for _, e := range entries {
		if e.Name() != "public" && e.Name() != ".public.lock" {
			t.Errorf("%s left beside the site: %v", e.Name(), testtree.Read(t, filepath.Join(root, e.Name())))
		}
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

// child runs the test binary writing site n into dir, killed at step at,
// with no exchange when renames; it returns the exit code, -1 when killed,
// and what the child said.
func child(t *testing.T, dir string, n int, at string, renames bool) (int, string) {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), "EVALPRESS_TEST_WRITE_DIR="+dir, "EVALPRESS_TEST_KILL_AT="+at, "EVALPRESS_TEST_BUILD="+strconv.Itoa(n))
	if renames {
		cmd.Env = append(cmd.Env, "EVALPRESS_TEST_NO_EXCHANGE=1")
	}
	var stderr strings.Builder
	cmd.Stderr = &stderr
	err := cmd.Run()
	if err == nil {
		return 0, stderr.String()
	}
	if ee, ok := err.(*exec.ExitError); ok {
		return ee.ExitCode(), stderr.String()
	}
	t.Fatal(err)
	return 0, ""
}

// TestWriteCarriesWhatItDidNotWrite keeps a git checkout's files and the
// user's own in the output folder through builds whose files change.
func TestWriteCarriesWhatItDidNotWrite(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "public")
	testtree.Write(t, dir, "", map[string]string{".git/HEAD": "ref\n", "CNAME": "example.org\n"})
	for n := 1; n <= 4; n++ {
		if err := Write(context.Background(), childSite(n), dir, "public", nil); err != nil {
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
	if err := Write(context.Background(), childSite(1), dir, "public", nil); err != nil {
		t.Fatal(err)
	}
	testtree.Write(t, dir, "", map[string]string{"cells/c2.html": "mine"})
	before := testtree.Read(t, dir)
	err := Write(context.Background(), childSite(2), dir, "public", nil)
	if err == nil || !strings.Contains(err.Error(), "cells/c2.html was not written by evalpress") {
		t.Fatalf("err = %v", err)
	}
	if after := testtree.Read(t, dir); !reflect.DeepEqual(after, before) {
		t.Errorf("the folder changed:\n%v\nwas\n%v", after, before)
	}
}
