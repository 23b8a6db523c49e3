package pipeline

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/evalpress/evalpress/config"
	"github.com/evalpress/evalpress/internal/buildlock"
	"github.com/evalpress/evalpress/internal/diag"
	"github.com/evalpress/evalpress/internal/readfile"
	"github.com/evalpress/evalpress/sitewrite"
)

// checkContentDir fails, on the config line that names it, when the
// content folder is missing or not a folder.
func checkContentDir(cfg *config.Config) error {
	return checkConfigFolder(cfg, "content_dir", cfg.ContentDir, "set content_dir to the folder of your markdown documents, relative to the config file")
}

// checkInputsDir fails, on the config line that names it, when the inputs
// folder the config gives (dir, not --inputs) is missing or not a folder:
// an emptied config names the default it fell back to.
func checkInputsDir(cfg *config.Config) error {
	return checkConfigFolder(cfg, "inputs.dir", cfg.Inputs.Dir, "set dir in [inputs] to the private inputs folder, relative to the config file, or pass --inputs")
}

// checkConfigFolder fails when the folder value, the config key key's
// (the default when the config does not set it), is missing or not a
// folder, naming the config file, the key's line and the default.
func checkConfigFolder(cfg *config.Config, key, value, hint string) error {
	dir := cfg.Path(value)
	line := cfg.KeyLine(key)
	info, err := os.Stat(dir)
	switch {
	case err == nil && info.IsDir():
		return nil
	case err == nil:
		return diag.Errorf(cfg.File, line, "%s %q: %s is a file, not a folder", key, value, dir)
	case errors.Is(err, os.ErrNotExist):
		set := ""
		if line == 0 {
			set = " (the default)"
		}
		return diag.Errorf(cfg.File, line, "%s %q%s: the folder %s does not exist", key, value, set, dir).WithHint("%s", hint)
	}
	return nil // the reader of the folder says what else is wrong
}

// lockBuild takes the lock of the output folder (unless the caller holds
// it) for the whole build, then recovers what a killed build left beside
// it. The function it returns releases the lock.
func lockBuild(ctx context.Context, o Options, outDir string, stderr io.Writer) (func(), error) {
	var out *buildlock.Lock
	if !o.OutLocked {
		var err error
		if out, err = LockOutput(ctx, outDir, o.Wait, stderr); err != nil {
			return nil, err
		}
	}
	said, err := sitewrite.Recover(outDir)
	for _, line := range said {
		fmt.Fprintf(stderr, "evalpress: %s\n", line)
	}
	if err != nil {
		out.Release()
		return nil, err
	}
	return out.Release, nil
}

// LockOutput takes the lock of the output folder dir: a build that finds
// it held fails with one line naming the holder, or with wait says so
// and waits. serve holds its folder's for as long as it runs.
func LockOutput(ctx context.Context, dir string, wait bool, stderr io.Writer) (*buildlock.Lock, error) {
	return buildlock.Acquire(ctx, sitewrite.LockPath(dir), dir, wait, stderr)
}

// separateFolders refuses an output folder that holds the private inputs:
// a build would publish them.
func separateFolders(out, inputsDir string) error {
	if within(realPath(inputsDir), realPath(out)) {
		return fmt.Errorf("%s: the output folder would hold the private inputs %s; choose another --out", out, inputsDir)
	}
	return nil
}

// realPath returns p made absolute with every link resolved, as far as it
// exists: a folder not made yet resolves through its nearest parent.
func realPath(p string) string {
	abs, err := filepath.Abs(p)
	if err != nil {
		return filepath.Clean(p)
	}
	rest := ""
	for dir := abs; ; dir = filepath.Dir(dir) {
		if real, err := filepath.EvalSymlinks(dir); err == nil {
			return filepath.Join(real, rest)
		}
		if filepath.Dir(dir) == dir {
			return abs
		}
		rest = filepath.Join(filepath.Base(dir), rest)
	}
}

// within reports whether path is folder or inside it.
func within(path, folder string) bool {
	rel, err := filepath.Rel(folder, path)
	return err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator))
}

// templateOverride returns the templates folder beside the config, dir,
// when there is one: nil when there is none, an error naming it when it
// is there but cannot be read (a build would otherwise use the built-in
// templates without a word).
func templateOverride(ctx context.Context, dir string) (fs.FS, error) {
	if _, err := os.Lstat(dir); errors.Is(err, os.ErrNotExist) {
		return nil, nil
	}
	info, err := os.Stat(dir)
	switch {
	case err != nil:
		return nil, fmt.Errorf("%s: cannot read the templates folder: %w", dir, readfile.WithoutPath(err))
	case !info.IsDir():
		return nil, fmt.Errorf("%s: not a folder; the templates folder beside the config holds *.html templates that replace the built-in ones", dir)
	}
	if _, err := os.ReadDir(dir); err != nil {
		return nil, fmt.Errorf("%s: cannot read the templates folder: %w", dir, readfile.WithoutPath(err))
	}
	return readfile.DirFS(ctx, dir, readfile.Settings), nil
}

func isDir(p string) bool {
	info, err := os.Stat(p)
	return err == nil && info.IsDir()
}
