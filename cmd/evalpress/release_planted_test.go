//go:build unix

package main

import (
	"errors"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strings"
	"syscall"
	"testing"

	"github.com/evalpress/evalpress/internal/testtree"
	"github.com/evalpress/evalpress/sitewrite"
)

// TestReleaseTrustsNothingItFinds plants in a site's releases/ what
// evalpress never made there, or damages what it made, then builds again:
// each build fails with one line naming what it found, and changes
// nothing; no release is deleted, and nothing from outside the site is
// published (a link in a release is never read into the new site).
func TestReleaseTrustsNothingItFinds(t *testing.T) {
	t.Parallel()
	const secret = "a private key from outside the site"
	v1 := filepath.Join("public", "releases", "v1")
	cases := []struct {
		name  string
		plant func(t *testing.T, dir string)
		said  string // in stderr
	}{
		{"a page of a release replaced by a link out of the site", func(t *testing.T, dir string) {
			relink(t, filepath.Join(dir, "outside", "id_rsa"), filepath.Join(dir, v1, "index.html"))
		}, "releases/v1/index.html: a link"},
		{"a folder of a release replaced by a link", func(t *testing.T, dir string) {
			data := filepath.Join(dir, v1, "data")
			if err := os.Rename(data, filepath.Join(dir, "outside", "data")); err != nil {
				t.Fatal(err)
			}
			relink(t, filepath.Join(dir, "outside", "data"), data)
		}, "releases/v1/data: a link"},
		{"a release that is a link", func(t *testing.T, dir string) {
			if err := os.Rename(filepath.Join(dir, v1), filepath.Join(dir, "outside", "v1")); err != nil {
				t.Fatal(err)
			}
			relink(t, filepath.Join(dir, "outside", "v1"), filepath.Join(dir, v1))
		}, "releases/v1: a link"},
		{"a release's record naming another release", func(t *testing.T, dir string) {
			replaceIn(t, filepath.Join(dir, v1, "data", "provenance.json"), `"name": "v1"`, `"name": "v9"`)
		}, "provenance.json: the record of release"},
		{"a release's record cut short", func(t *testing.T, dir string) {
			if err := os.Truncate(filepath.Join(dir, v1, "data", "provenance.json"), 40); err != nil {
				t.Fatal(err)
			}
		}, "provenance.json"},
		{"a release's record removed", func(t *testing.T, dir string) {
			os.Remove(filepath.Join(dir, v1, "data", "provenance.json"))
		}, "provenance.json"},
		{"a release's record a named pipe", func(t *testing.T, dir string) {
			name := filepath.Join(dir, v1, "data", "provenance.json")
			os.Remove(name)
			if err := syscall.Mkfifo(name, 0o644); err != nil {
				t.Fatal(err)
			}
		}, "provenance.json: not a regular file"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			dir := newSite(t, nil)
			if code, stderr := buildSite(t, dir, "--release", "v1"); code != 0 {
				t.Fatal(stderr)
			}
			testtree.Write(t, dir, "", map[string]string{"outside/id_rsa": secret})
			c.plant(t, dir)
			before := testtree.Read(t, dir)
			code, stderr := buildSite(t, dir, "--release", "v2")
			if code != 1 || !strings.Contains(stderr, c.said) || strings.Count(strings.TrimSpace(stderr), "\n") > 0 {
				t.Fatalf("exit %d, said %q; want exit 1 and one line with %q", code, stderr, c.said)
			}
			if after := testtree.Read(t, dir); !reflect.DeepEqual(after, before) {
				t.Errorf("a refused build changed the folder")
			}
		})
	}
}

// relink replaces the file or folder at link, if any, with a link to
// target.
func relink(t *testing.T, target, link string) {
	t.Helper()
	if err := os.RemoveAll(link); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(target, link); err != nil {
		t.Fatal(err)
	}
}

// TestReleaseKilled kills a build that makes a release at each step of
// its swap: afterwards the earlier release and the author's files are as
// they were, and the new release is either whole or not there at all, in
// which case the next build makes it.
func TestReleaseKilled(t *testing.T) {
	t.Parallel()
	build := func(t *testing.T, dir, killAt, release string) int {
		t.Helper()
		cmd := childCommand(killAt, "build", "--config", filepath.Join(dir, "config.toml"), "--release", release, "--set", "c5.max_run=5")
		cmd.Env = append(cmd.Env, "SOURCE_DATE_EPOCH=1780000000")
		if err := cmd.Run(); err != nil {
			if ee, ok := err.(*exec.ExitError); ok {
				return ee.ExitCode()
			}
			t.Fatal(err)
		}
		return 0
	}
	author := map[string]string{"public/CNAME": "example.org\n", "public/notes.txt": "the author's", "public/releases/.keep": ""}
	made := func(t *testing.T) string {
		dir := newSite(t, nil)
		if code := build(t, dir, "", "v1"); code != 0 {
			t.Fatalf("build --release v1: exit %d", code)
		}
		testtree.Write(t, dir, "", author)
		return dir
	}
	ref := made(t)
	if code := build(t, ref, "", "v2"); code != 0 {
		t.Fatalf("build --release v2: exit %d", code)
	}
	v1, v2 := filepath.Join("public", "releases", "v1"), filepath.Join("public", "releases", "v2")
	wantV1, wantV2 := testtree.Read(t, filepath.Join(ref, v1)), testtree.Read(t, filepath.Join(ref, v2))
	for _, at := range []string{"written:1", "journal:1", "carry:1", "carry:3", "swapped:1", "removed:1"} {
		t.Run(at, func(t *testing.T) {
			t.Parallel()
			dir := made(t)
			if code := build(t, dir, at, "v2"); code != -1 {
				t.Fatalf("exit %d, want killed", code)
			}
			if _, err := sitewrite.Recover(filepath.Join(dir, "public")); err != nil {
				t.Fatal(err)
			}
			if got := testtree.Read(t, filepath.Join(dir, v1)); !reflect.DeepEqual(got, wantV1) {
				t.Error("releases/v1 changed")
			}
			got := testtree.Read(t, dir)
			for name, text := range author {
				if got[name] != text {
					t.Errorf("%s holds %q, want %q", name, got[name], text)
				}
			}
			if _, err := os.Lstat(filepath.Join(dir, v2)); !errors.Is(err, fs.ErrNotExist) {
				if !reflect.DeepEqual(testtree.Read(t, filepath.Join(dir, v2)), wantV2) {
					t.Fatal("releases/v2 is there but not whole")
				}
				return
			}
			if code := build(t, dir, "", "v2"); code != 0 {
				t.Fatalf("build --release v2 after the kill: exit %d", code)
			}
			if !reflect.DeepEqual(testtree.Read(t, filepath.Join(dir, v2)), wantV2) {
				t.Error("releases/v2 made after the kill differs")
			}
		})
	}
}

// TestReleaseKeepsHiddenFiles: the hidden files a system leaves in a
// release's folders (a .DS_Store where Finder looked) are not the
// release's: a later build carries them as the author's, and the release
// is otherwise unchanged.
func TestReleaseKeepsHiddenFiles(t *testing.T) {
	t.Parallel()
	dir := newSite(t, nil)
	if code, stderr := buildSite(t, dir, "--release", "v1"); code != 0 {
		t.Fatal(stderr)
	}
	v1 := filepath.Join(dir, "public", "releases", "v1")
	hidden := map[string]string{".DS_Store": "Finder's", "assets/.DS_Store": "Finder's", ".cache/note.txt": "a tool's"}
	testtree.Write(t, v1, "", hidden)
	before := testtree.Read(t, v1)
	if code, stderr := buildSite(t, dir, "--release", "v2"); code != 0 {
		t.Fatalf("build --release v2 with hidden files in v1: exit %d\n%s", code, stderr)
	}
	if after := testtree.Read(t, v1); !reflect.DeepEqual(after, before) {
		t.Error("releases/v1 changed")
	}
	code, stdout, stderr := runCLI(t, "verify", "--site", v1, "--inputs", filepath.Join(dir, "private"), "--config", filepath.Join(dir, "config.toml"))
	if code != 0 || !strings.Contains(stdout, "identical") || !strings.Contains(stdout, "3 files evalpress did not write not compared") {
		t.Errorf("verify of releases/v1: exit %d, want identical with 3 files not compared\n%s%s", code, stdout, stderr)
	}
}

// TestInternalReleaseNamed: a public build over a folder holding a release
// an internal build made cannot carry it (its pages hold the full texts):
// it fails with one line that says so, rather than with the leak scan's
// hits in the release's pages, and changes nothing.
func TestInternalReleaseNamed(t *testing.T) {
	t.Parallel()
	dir := newSite(t, nil)
	if code, stderr := buildSite(t, dir, "--set", "publish.audience=internal", "--release", "i1"); code != 0 {
		t.Fatal(stderr)
	}
	before := testtree.Read(t, dir)
	code, stderr := buildSite(t, dir, "--force")
	if want := "releases/i1: a release an internal build made"; code != 1 || !strings.Contains(stderr, want) || strings.Count(strings.TrimSpace(stderr), "\n") > 0 {
		t.Errorf("public build over an internal release: exit %d, want 1 and one line with %q\n%s", code, want, stderr)
	}
	if !reflect.DeepEqual(testtree.Read(t, dir), before) {
		t.Error("the refused build changed the folder")
	}
}

// TestReleaseHoldingANewTerm: a term made private after a release was
// published, which the release's pages hold, fails every later build
// (the release is carried and scanned as it is), and the line says that
// the release cannot change and how to withdraw it, rather than pointing
// at an input to fix.
func TestReleaseHoldingANewTerm(t *testing.T) {
	t.Parallel()
	dir := newSite(t, map[string]string{"content/index.md": "# Home\n\nThanks to Zebulon Quist.\n"})
	if code, stderr := buildSite(t, dir, "--release", "v1"); code != 0 {
		t.Fatal(stderr)
	}
	testtree.Write(t, dir, "", map[string]string{"content/index.md": "# Home\n\nThanks to a friend.\n"})
	appendTo(t, dir, "private/redact.txt", "Zebulon Quist\n")
	code, stderr := buildSite(t, dir)
	want := "public/releases/v1 holds it as it was published, and a release is never changed"
	if code != 1 || !strings.Contains(stderr, want) || !strings.Contains(stderr, "withdraw the release") {
		t.Errorf("exit %d, want 1 and %q\n%s", code, want, stderr)
	}
}
