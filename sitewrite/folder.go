package sitewrite

import (
	"errors"
	"fmt"
	"io/fs"
	"path"
	"strings"
)

// entry is what is at a name in a folder, a link not followed: the zero
// entry when nothing is there. mode holds the type bits only.
type entry struct {
	exists bool
	mode   fs.FileMode
	ino    uint64
	dev    uint64
	uid    int
	links  uint64
}

// madeIn reports whether e could be a folder evalpress made in the folder
// parent: a folder, not a link to one, on parent's device, owned by the
// user evalpress runs as.
func (e entry) madeIn(parent entry) bool {
	return e.exists && e.mode == fs.ModeDir && e.dev == parent.dev && e.uid == myUID
}

// fileMadeIn reports whether e could be a file evalpress made in the
// folder parent: a regular file with no other name (a hard link would
// make writing or removing it act on another file), owned as above.
func (e entry) fileMadeIn(parent entry) bool {
	return e.exists && e.mode == 0 && e.links == 1 && e.dev == parent.dev && e.uid == myUID
}

// openRel opens the folder at rel (slash-separated, checked by plainPath)
// inside d, refusing a link at every step; "" and "." are d itself, which
// the caller must not close twice.
func (d *folder) openRel(rel string) (*folder, error) {
	if rel == "" || rel == "." {
		return d, nil
	}
	cur := d
	for _, name := range strings.Split(rel, "/") {
		next, err := cur.child(name)
		if cur != d {
			cur.close()
		}
		if err != nil {
			return nil, err
		}
		cur = next
	}
	return cur, nil
}

// lstatRel says what is at rel inside d, no link followed on the way.
func (d *folder) lstatRel(rel string) (entry, error) {
	dir, base := path.Split(rel)
	parent, err := d.openRel(strings.TrimSuffix(dir, "/"))
	if errors.Is(err, fs.ErrNotExist) {
		return entry{}, nil
	}
	if err != nil {
		return entry{}, err
	}
	if parent != d {
		defer parent.close()
	}
	return parent.lstat(base)
}

// move renames rel in from to rel in to, making to's folders on the way
// as needed; no link is followed on either side.
func move(from *folder, to *folder, rel string) error {
	dir, base := path.Split(rel)
	dir = strings.TrimSuffix(dir, "/")
	src, err := from.openRel(dir)
	if err != nil {
		return err
	}
	if src != from {
		defer src.close()
	}
	dst := to
	if dir != "" {
		for _, name := range strings.Split(dir, "/") {
			if err := dst.mkdir(name); err != nil {
				return err
			}
			next, err := dst.child(name)
			if dst != to {
				dst.close()
			}
			if err != nil {
				return err
			}
			dst = next
		}
		defer dst.close()
	}
	return src.renameTo(base, dst, base)
}

// plainPath says why rel, a name read from a journal or a marker, is not a
// plain slash-separated path inside the folder it describes: nil when it
// is one (no leading /, no empty, . or .. segment, no backslash, no NUL).
func plainPath(rel string) error {
	switch {
	case rel == "":
		return errors.New("an empty name")
	case strings.HasPrefix(rel, "/"):
		return fmt.Errorf("%q starts with /", rel)
	case strings.ContainsAny(rel, "\\\x00"):
		return fmt.Errorf("%q holds a backslash or a NUL", rel)
	}
	for _, seg := range strings.Split(rel, "/") {
		if seg == "" || seg == "." || seg == ".." {
			return fmt.Errorf("%q has an empty, . or .. segment", rel)
		}
	}
	return nil
}

// sitePath says why rel is not a path evalpress writes into a site: a
// plain path (plainPath) with no hidden segment and no CNAME at the top,
// which belong to a publishing set-up (carriable) and which evalpress
// never writes; nil when it is one.
func sitePath(rel string) error {
	if err := plainPath(rel); err != nil {
		return err
	}
	top, _, _ := strings.Cut(rel, "/")
	if carriable(top) {
		return fmt.Errorf("%q is a publishing set-up's entry, which evalpress never writes", rel)
	}
	for _, seg := range strings.Split(rel, "/") {
		if strings.HasPrefix(seg, ".") {
			return fmt.Errorf("%q has a hidden segment, which evalpress never writes", rel)
		}
	}
	return nil
}
