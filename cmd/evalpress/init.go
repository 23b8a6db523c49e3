package main

import (
	"context"
	"embed"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strings"
)

// skeleton is what evalpress init writes: a config with every section
// explained, the documents, and a private folder with one small example of
// every input file. Its gitignore is stored without its dot, so that it
// does not apply to this repository's own tree.
//
//go:embed skeleton
var skeletonFS embed.FS

// skeletonName maps a file of the skeleton to its name in the new folder.
func skeletonName(name string) string {
	if path.Base(name) == "gitignore" {
		return path.Join(path.Dir(name), ".gitignore")
	}
	return name
}

// initCommand starts a new evaluation in a folder.
type initCommand struct {
	stdout, stderr io.Writer
}

// Run implements command.
func (c *initCommand) Run(ctx context.Context, args []string) error {
	flags := newFlagSet("init", synopsis("init"), c.stdout)
	if err := parseFlagsOnly(flags, args); err != nil {
		return err
	}
	switch flags.NArg() {
	case 0:
		return usagef("init: name the folder to create (evalpress init DIR)")
	case 1:
	default:
		return usagef("init: unexpected argument %q (see 'evalpress init --help')", flags.Arg(1))
	}
	dir := flags.Arg(0)
	if err := writeSkeleton(dir); err != nil {
		return err
	}
	fmt.Fprintf(c.stdout, "evalpress: a new evaluation in %s: a config, documents in content/, example inputs in private/\n", dir)
	fmt.Fprintf(c.stdout, "next:\n  cd %s\n  evalpress build     # the site, in public/\n  evalpress serve     # the site on http://127.0.0.1:1313, rebuilt on every save\n", shellQuote(dir))
	return nil
}

// writeSkeleton writes the skeleton into dir, which must not exist or be
// empty: init writes only files of its own, and never over a file it did
// not make. The private folder is readable by its owner only.
func writeSkeleton(dir string) error {
	if entries, err := os.ReadDir(dir); err == nil && len(entries) > 0 {
		return fmt.Errorf("%s: not empty; evalpress init writes only into a new or empty folder", dir)
	} else if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("%s: %w", dir, err)
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return fmt.Errorf("failed to create %s: %w", dir, err)
	}
	return fs.WalkDir(skeletonFS, "skeleton", func(name string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel := strings.TrimPrefix(strings.TrimPrefix(name, "skeleton"), "/")
		if rel == "" {
			return nil
		}
		target := filepath.Join(dir, filepath.FromSlash(skeletonName(rel)))
		if d.IsDir() {
			perm := os.FileMode(0o755)
			if rel == "private" || strings.HasPrefix(rel, "private/") {
				perm = 0o700
			}
			if err := os.Mkdir(target, perm); err != nil {
				return fmt.Errorf("failed to create %s: %w", target, err)
			}
			return nil
		}
		data, err := skeletonFS.ReadFile(name)
		if err != nil {
			return err
		}
		perm := os.FileMode(0o644)
		if strings.HasPrefix(rel, "private/") {
			perm = 0o600
		}
		f, err := os.OpenFile(target, os.O_WRONLY|os.O_CREATE|os.O_EXCL, perm)
		if err != nil {
			return fmt.Errorf("failed to create %s: %w", target, err)
		}
		_, err = f.Write(data)
		if cerr := f.Close(); err == nil {
			err = cerr
		}
		if err != nil {
			return fmt.Errorf("failed to write %s: %w", target, err)
		}
		return nil
	})
}

// shellQuote quotes a path for a shell command line when it needs it.
func shellQuote(s string) string {
	if s != "" && strings.Trim(s, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_./") == "" {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}
