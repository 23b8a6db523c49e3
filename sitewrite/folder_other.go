//go:build !unix

package sitewrite

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
)

// A folder is a folder evalpress acts inside. Here it is its path: this
// system has no openat, so each call looks again, refusing links where it
// can.
type folder struct{ path string }

func openParent(path string) (*folder, error) { return openDir(path, true) }

func openFolder(path string) (*folder, error) { return openDir(path, false) }

func openDir(path string, follow bool) (*folder, error) {
	info, err := os.Lstat(path)
	if err == nil && follow {
		info, err = os.Stat(path)
	}
	if err != nil {
		return nil, err
	}
	if !info.IsDir() {
		return nil, &fs.PathError{Op: "open", Path: path, Err: errors.New("not a folder")}
	}
	return &folder{path: path}, nil
}

func (d *folder) close() {}

func (d *folder) child(name string) (*folder, error) {
	return openFolder(filepath.Join(d.path, name))
}

func (d *folder) lstat(name string) (entry, error) {
	info, err := os.Lstat(filepath.Join(d.path, name))
	if errors.Is(err, fs.ErrNotExist) {
		return entry{}, nil
	}
	if err != nil {
		return entry{}, err
	}
	return entry{exists: true, mode: info.Mode().Type(), uid: myUID, links: 1}, nil
}

func (d *folder) stat() (entry, error) {
	return entry{exists: true, mode: fs.ModeDir, uid: myUID, links: 1}, nil
}

func (d *folder) names() ([]string, error) {
	entries, err := os.ReadDir(d.path)
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	return names, err
}

func (d *folder) renameTo(from string, dir *folder, to string) error {
	return os.Rename(filepath.Join(d.path, from), filepath.Join(dir.path, to))
}

func (d *folder) remove(name string, dir bool) error {
	return os.Remove(filepath.Join(d.path, name))
}

func (d *folder) create(name string, data []byte) error {
	f, err := os.OpenFile(filepath.Join(d.path, name), os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o666)
	if err != nil {
		return err
	}
	return writeAndClose(f, data)
}

func (d *folder) mkdir(name string) error {
	err := os.Mkdir(filepath.Join(d.path, name), 0o777)
	if errors.Is(err, fs.ErrExist) {
		return nil
	}
	return err
}

var myUID = os.Geteuid()

// inodesKnown is false here: a swap's journal cannot tell its folders
// by inode, and a swap it records is always undone.
const inodesKnown = false
