package serve

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"

	"github.com/evalpress/evalpress/internal/buildlock"
	"github.com/evalpress/evalpress/pipeline"
	"github.com/evalpress/evalpress/sitewrite"
)

// A serve builds into a folder of its own in the system's temporary folder:
// its name is folderPrefix and os.MkdirTemp's digits, its mode 0700 (the
// build may be an internal one: full texts, real names), and it holds the
// site and, beside it, the site's lock, which the serve holds from before
// anything is written until it stops. A serve that is killed (SIGKILL)
// cannot remove its folder; the next serve does (removeLeftovers).
const folderPrefix = "evalpress-serve-"

// folderName is exactly the name form of serve's folders.
var folderName = regexp.MustCompile(`^` + folderPrefix + `[0-9]+$`)

// siteName is the site's folder inside serve's folder.
const siteName = "site"

// makeFolder makes and locks a serve's folder in tempDir. It returns the
// folder, the site folder inside it and the lock, which the caller
// releases before it removes the folder.
func makeFolder(ctx context.Context, tempDir string, stderr io.Writer) (dir, site string, lock *buildlock.Lock, err error) {
	dir, err = os.MkdirTemp(tempDir, folderPrefix+"*")
	if err != nil {
		return "", "", nil, fmt.Errorf("failed to create the serve folder: %w", err)
	}
	site = filepath.Join(dir, siteName)
	if lock, err = pipeline.LockOutput(ctx, site, false, stderr); err != nil {
		os.RemoveAll(dir)
		return "", "", nil, err
	}
	return dir, site, lock, nil
}

// removeLeftovers removes from tempDir the folders of serves that are no
// longer running, and returns them. It trusts only what a serve makes: a
// folder (not a link) of the exact name form, owned by this user, holding
// the site's lock file (a regular file), whose lock it can take: a running
// serve holds it, and the kernel lets it go when the process dies however
// it dies, so a reused process id cannot fool it. A folder without the
// lock file is left: it may be a serve that has just made its folder, and
// holds nothing yet.
func removeLeftovers(tempDir string) []string {
	entries, err := os.ReadDir(tempDir)
	if err != nil {
		return nil
	}
	var removed []string
	for _, e := range entries {
		if !folderName.MatchString(e.Name()) || !e.IsDir() {
			continue // e.IsDir is false for a link
		}
		dir := filepath.Join(tempDir, e.Name())
		if removeIfDead(dir) {
			removed = append(removed, dir)
		}
	}
	return removed
}

// removeIfDead removes dir, a serve's folder, if its serve has stopped.
func removeIfDead(dir string) bool {
	info, err := os.Lstat(dir)
	if err != nil || !info.IsDir() || !ownedByMe(info) {
		return false
	}
	site := filepath.Join(dir, siteName)
	lockFile := sitewrite.LockPath(site)
	if l, err := os.Lstat(lockFile); err != nil || !l.Mode().IsRegular() {
		return false
	}
	lock, err := buildlock.Acquire(context.Background(), lockFile, site, false, nil)
	if err != nil {
		return false // held: its serve runs
	}
	defer lock.Release()
	return os.RemoveAll(dir) == nil
}
