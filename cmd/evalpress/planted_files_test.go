//go:build unix

package main

import (
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"syscall"
	"testing"

	"github.com/evalpress/evalpress/internal/testtree"
)

// TestBuildTrustsNothingItFinds plants beside and in a built site what
// evalpress never made, then builds again, as #41 found them on the demo:
// each build fails with one line, or builds and names what it left, and
// nothing but evalpress's own files in the site is moved, emptied or
// deleted (the author's notes, CNAME, the config, redact.txt), and
// nothing from outside the site is moved into it.
func TestBuildTrustsNothingItFinds(t *testing.T) {
	t.Parallel()
	inode := func(t *testing.T, path string) uint64 {
		var st syscall.Stat_t
		if err := syscall.Lstat(path, &st); err != nil {
			t.Fatal(err)
		}
		return uint64(st.Ino)
	}
	staging := ".public.tmp-00112233445566ff"
	journal := func(t *testing.T, dir, carry string) {
		data := fmt.Sprintf(`{"staging":%q,"ino":%d,"old_ino":%d,"aside":%q,"foreign":[%q]}`,
			staging, inode(t, filepath.Join(dir, staging)), inode(t, filepath.Join(dir, "public")), staging+".old", carry)
		testtree.Write(t, dir, "", map[string]string{".public.swap": data})
	}
	marker := func(text string) func(t *testing.T, dir string) {
		return func(t *testing.T, dir string) {
			testtree.Write(t, dir, "", map[string]string{"public/.evalpress-build": text})
		}
	}
	cases := []struct {
		name  string
		plant func(t *testing.T, dir string)
		said  string // in stderr
		code  int
	}{
		{"a link and a journal carrying a key", func(t *testing.T, dir string) {
			testtree.Write(t, dir, "", map[string]string{"outside/id_rsa": "a private key"})
			os.Symlink(filepath.Join(dir, "outside"), filepath.Join(dir, staging))
			journal(t, dir, "id_rsa")
		}, "cannot carry the entries it had moved back", 1},
		{"a link to the inputs and a journal carrying redact.txt", func(t *testing.T, dir string) {
			os.Symlink("private", filepath.Join(dir, staging))
			journal(t, dir, "redact.txt")
		}, "cannot carry the entries it had moved back", 1},
		{"a marker line /", marker("audience=public\n# the files evalpress wrote; it moves or removes nothing else here\n/\n"), ".evalpress-build:3: damaged", 1},
		{"a marker cut to its first line", marker("audience=public\n"), ".evalpress-build: damaged", 1},
		{"a marker naming CNAME", marker("audience=public\n# the files evalpress wrote; it moves or removes nothing else here\nCNAME\n"), ".evalpress-build:3: damaged", 1},
		{"a lock that is a hard link to the config", func(t *testing.T, dir string) {
			os.Remove(filepath.Join(dir, ".public.lock"))
			if err := os.Link(filepath.Join(dir, "config.toml"), filepath.Join(dir, ".public.lock")); err != nil {
				t.Fatal(err)
			}
		}, "has another name (a hard link)", 1},
		{"folders that resemble evalpress's", func(t *testing.T, dir string) {
			testtree.Write(t, dir, "", map[string]string{".public.old-20250101/notes.txt": "mine", ".public.swap.tmp/keep.txt": "mine"})
		}, "left alone, as evalpress did not make them", 1},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			dir := newSite(t, nil)
			if code, stderr := buildSite(t, dir); code != 0 {
				t.Fatal(stderr)
			}
			testtree.Write(t, dir, "", map[string]string{"public/notes.txt": "the author's", "public/data/mine/keep.txt": "the author's", "public/CNAME": "example.org\n"})
			c.plant(t, dir)
			before := testtree.Read(t, dir)
			code, stderr := buildSite(t, dir)
			if code != c.code || !strings.Contains(stderr, c.said) {
				t.Fatalf("exit %d, said %q; want exit %d and %q", code, stderr, c.code, c.said)
			}
			after := testtree.Read(t, dir)
			if code != 0 && !reflect.DeepEqual(after, before) {
				t.Errorf("a refused build changed the folder")
			}
			for _, name := range []string{"public/notes.txt", "public/data/mine/keep.txt", "public/CNAME", "config.toml", "private/redact.txt"} {
				if after[name] != before[name] || after[name] == "" {
					t.Errorf("%s holds %q, %q before", name, after[name], before[name])
				}
			}
			for name := range after {
				if strings.HasSuffix(name, "/id_rsa") && !strings.HasPrefix(name, "outside/") || name == "public/redact.txt" {
					t.Errorf("%s was moved into the site", name)
				}
			}
		})
	}
}
