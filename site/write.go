package site

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// MarkerFile is written into every site evalpress builds. It records the
// audience, so that an internal build does not replace a public one unless
// told to, and marks the folder as evalpress's to replace.
const MarkerFile = ".evalpress-build"

// ErrInternalOverPublic is returned when an internal build would replace a
// public one.
var ErrInternalOverPublic = errors.New("refusing to replace a public build with an internal one")

// ExistingAudience returns the audience of the build in dir, "" when dir
// does not exist or is empty, and an error when it holds something evalpress
// did not build.
func ExistingAudience(dir string) (string, error) {
	entries, err := os.ReadDir(dir)
	if errors.Is(err, os.ErrNotExist) || err == nil && len(entries) == 0 {
		return "", nil
	}
	if err != nil {
		return "", fmt.Errorf("%s: cannot use as the output folder: %w", dir, unwrapPath(err))
	}
	data, err := os.ReadFile(filepath.Join(dir, MarkerFile))
	if err != nil {
		return "", fmt.Errorf("%s: the output folder exists and was not built by evalpress; remove it or choose another --out", dir)
	}
	audience := strings.TrimPrefix(strings.TrimSpace(string(data)), "audience=")
	return audience, nil
}

// Write writes out into dir so that dir changes only if everything works:
// the files go into a temporary folder beside dir, check (the leak scan)
// runs on that folder, and only then is it swapped in. On any failure the
// previous dir is left as it was.
func Write(out *Output, dir, audience string, check func(tmp string) error) error {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return fmt.Errorf("%s: %w", dir, err)
	}
	parent, base := filepath.Dir(abs), filepath.Base(abs)
	if err := os.MkdirAll(parent, 0o755); err != nil {
		return fmt.Errorf("%s: cannot create the output folder's parent: %w", dir, unwrapPath(err))
	}
	tmp, err := os.MkdirTemp(parent, "."+base+".tmp-")
	if err != nil {
		return fmt.Errorf("%s: cannot write beside the output folder: %w", dir, unwrapPath(err))
	}
	ok := false
	defer func() {
		if !ok {
			os.RemoveAll(tmp)
		}
	}()
	names := out.Paths()
	dirs := map[string]bool{}
	for _, name := range names {
		dirs[filepath.Dir(filepath.Join(tmp, filepath.FromSlash(name)))] = true
	}
	for d := range dirs {
		if err := os.MkdirAll(d, 0o755); err != nil {
			return fmt.Errorf("%s: %w", dir, unwrapPath(err))
		}
	}
	// One goroutine: file creation is a syscall, and spreading syscalls over
	// threads costs more in thread wake-ups than it saves.
	for _, name := range names {
		if err := os.WriteFile(filepath.Join(tmp, filepath.FromSlash(name)), out.Files[name], 0o644); err != nil {
			return fmt.Errorf("%s: failed to write %s: %w", dir, name, unwrapPath(err))
		}
	}
	if err := os.WriteFile(filepath.Join(tmp, MarkerFile), []byte("audience="+audience+"\n"), 0o644); err != nil {
		return fmt.Errorf("%s: %w", dir, unwrapPath(err))
	}
	if err := os.Chmod(tmp, 0o755); err != nil {
		return fmt.Errorf("%s: %w", dir, unwrapPath(err))
	}
	if check != nil {
		if err := check(tmp); err != nil {
			return err
		}
	}
	old := ""
	if _, err := os.Stat(abs); err == nil {
		old = filepath.Join(parent, "."+base+".old-"+filepath.Base(tmp)[len(base)+6:])
		if err := os.Rename(abs, old); err != nil {
			return fmt.Errorf("%s: cannot move the previous site aside: %w", dir, unwrapPath(err))
		}
	}
	if err := os.Rename(tmp, abs); err != nil {
		if old != "" {
			os.Rename(old, abs)
		}
		return fmt.Errorf("%s: cannot put the new site in place: %w", dir, unwrapPath(err))
	}
	ok = true
	if old != "" {
		os.RemoveAll(old)
	}
	return nil
}

func unwrapPath(err error) error {
	var pe *os.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}
