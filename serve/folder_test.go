package serve

import (
	"context"
	"io"
	"os"
	"path/filepath"
	"slices"
	"syscall"
	"testing"

	"github.com/evalpress/evalpress/internal/buildlock"
	"github.com/evalpress/evalpress/sitewrite"
)

// TestRemoveLeftovers: of the folders in the temporary folder, only a
// serve's whose lock is free goes; a running serve's, one without its lock
// file, and every name, link or file serve did not make stay.
func TestRemoveLeftovers(t *testing.T) {
	tmp := t.TempDir()
	serveFolder := func(name string) string { // a serve's folder with its site and lock file
		dir := filepath.Join(tmp, name)
		site := filepath.Join(dir, siteName)
		if err := os.MkdirAll(site, 0o700); err != nil {
			t.Fatal(err)
		}
		os.WriteFile(filepath.Join(site, "index.html"), []byte("a full text"), 0o644)
		os.WriteFile(sitewrite.LockPath(site), nil, 0o644)
		return dir
	}
	dead := serveFolder("evalpress-serve-101")
	running := serveFolder("evalpress-serve-102")
	lock, err := buildlock.Acquire(context.Background(), sitewrite.LockPath(filepath.Join(running, siteName)), running, false, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer lock.Release()
	justMade := filepath.Join(tmp, "evalpress-serve-103")
	os.Mkdir(justMade, 0o700)
	// Names serve does not make, each with a free lock inside.
	similar := []string{serveFolder("evalpress-serve-104x"), serveFolder("evalpress-serve-"), serveFolder("my-evalpress-serve-105"), serveFolder("evalpress-serve-106.old")}
	elsewhere := serveFolder("elsewhere")
	link := filepath.Join(tmp, "evalpress-serve-107")
	os.Symlink(elsewhere, link)
	file := filepath.Join(tmp, "evalpress-serve-108")
	os.WriteFile(file, nil, 0o644)
	pipeLock := serveFolder("evalpress-serve-109")
	os.Remove(sitewrite.LockPath(filepath.Join(pipeLock, siteName)))
	syscall.Mkfifo(sitewrite.LockPath(filepath.Join(pipeLock, siteName)), 0o644)

	// A lock that is a hard link to a file of the user's is refused, and
	// the file keeps its bytes.
	hardLock := serveFolder("evalpress-serve-110")
	config := filepath.Join(tmp, "config.toml")
	os.WriteFile(config, []byte("title = \"x\"\n"), 0o644)
	os.Remove(sitewrite.LockPath(filepath.Join(hardLock, siteName)))
	if err := os.Link(config, sitewrite.LockPath(filepath.Join(hardLock, siteName))); err != nil {
		t.Fatal(err)
	}

	removed := removeLeftovers(tmp)
	if !slices.Equal(removed, []string{dead}) {
		t.Errorf("removed %q, want only %q", removed, dead)
	}
	if _, err := os.Lstat(dead); !os.IsNotExist(err) {
		t.Errorf("the dead serve's folder is still there: %v", err)
	}
	if data, _ := os.ReadFile(config); string(data) != "title = \"x\"\n" {
		t.Errorf("a leftover's lock emptied the file it shares: %q", data)
	}
	for _, kept := range append(similar, running, justMade, elsewhere, link, file, pipeLock, hardLock) {
		if _, err := os.Lstat(kept); err != nil {
			t.Errorf("%s was removed: %v", kept, err)
		}
	}
}

// TestMakeFolder: serve's folder is private and of the name form
// removeLeftovers removes, and while it is held it is not removed.
func TestMakeFolder(t *testing.T) {
	tmp := t.TempDir()
	dir, site, lock, err := makeFolder(context.Background(), tmp, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	info, err := os.Stat(dir)
	if err != nil || info.Mode().Perm() != 0o700 || !folderName.MatchString(filepath.Base(dir)) || filepath.Dir(site) != dir {
		t.Fatalf("folder %s (%v, %v), site %s", dir, info.Mode(), err, site)
	}
	if removed := removeLeftovers(tmp); len(removed) != 0 {
		t.Fatalf("a held folder was removed: %q", removed)
	}
	lock.Release()
	if removed := removeLeftovers(tmp); !slices.Equal(removed, []string{dir}) {
		t.Fatalf("removed %q after its lock was let go, want %q", removed, dir)
	}
}
