package sitewrite

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/evalpress/evalpress/internal/readfile"
)

// Recover finishes or undoes what a killed build left beside the output
// folder dir, and removes what such builds left over: a swap half done
// (the previous site is put back, or the new one kept and the previous one
// removed) and folders of new sites. It touches only the exact names
// evalpress makes there, once each is proven to be what it made; what
// merely resembles them is left alone and named. It returns a line to
// show for each thing it did. The caller holds the folder's lock.
func Recover(dir string) ([]string, error) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", dir, err)
	}
	parent, err := openParent(filepath.Dir(abs))
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil // nothing to recover: the folder's parent is made later
	}
	if err != nil {
		return nil, fmt.Errorf("%s: %w", dir, err)
	}
	defer parent.close()
	var said []string
	j, ok, err := readJournal(abs)
	if err != nil {
		return nil, err
	}
	if ok {
		line, err := finishSwap(parent, abs, j)
		if err != nil {
			return nil, fmt.Errorf("%s: an interrupted build left a swap half done that cannot be finished: %w; nothing was touched: put the site you want at %s, then remove %s", dir, err, dir, journalPath(abs))
		}
		said = append(said, fmt.Sprintf("%s: %s", dir, line))
	}
	return append(said, clearLeftovers(parent, abs, dir)...), nil
}

// The kinds of names beside the output folder (leftoverKind).
const (
	notLeftover = iota
	swapTmp     // .NAME.swap.tmp: a journal being written
	staging     // .NAME.tmp-HEX: a new site
	aside       // .NAME.tmp-HEX.old: a previous site set aside
	resembling  // a name that only resembles those
)

// leftoverKind says which of the names evalpress makes beside the output
// folder abs name is.
func leftoverKind(abs, name string) int {
	prefix := "." + filepath.Base(abs) + "."
	switch {
	case name == siblingName(abs, "swap.tmp"):
		return swapTmp
	case stagingName(abs, name):
		return staging
	case stagingName(abs, strings.TrimSuffix(name, ".old")):
		return aside
	case name == siblingName(abs, "swap") || name == siblingName(abs, "lock"):
		return notLeftover
	}
	for _, p := range []string{"tmp", "old", "swap", "spare"} {
		if strings.HasPrefix(name, prefix+p) {
			return resembling
		}
	}
	return notLeftover
}

// clearLeftovers removes from parent, the output folder abs's, what
// interrupted builds left there, and says what it did and left.
func clearLeftovers(parent *folder, abs, dir string) []string {
	names, err := parent.names()
	self, serr := parent.stat()
	if err != nil || serr != nil {
		return nil
	}
	slices.Sort(names)
	var said, removed, kept, strange []string
	for _, name := range names {
		kind := leftoverKind(abs, name)
		if kind == notLeftover {
			continue
		}
		e, err := parent.lstat(name)
		switch {
		case err != nil || kind == resembling:
			strange = append(strange, name)
		case kind == swapTmp:
			if !e.fileMadeIn(self) || parent.remove(name, false) != nil {
				strange = append(strange, name)
				continue
			}
			removed = append(removed, name)
		case !e.madeIn(self):
			strange = append(strange, name)
		default:
			switch stays, err := left(filepath.Join(parent.path, name), kind == staging); {
			case err != nil:
				said = append(said, fmt.Sprintf("%s: warning: left %s alone, as its list of the files evalpress wrote cannot be read (%v): remove it yourself", dir, name, err))
			case stays:
				kept = append(kept, name)
			default:
				removed = append(removed, name)
			}
		}
	}
	if len(removed) > 0 {
		said = append(said, fmt.Sprintf("%s: removed what interrupted builds left beside it: %s", dir, strings.Join(removed, ", ")))
	}
	if len(kept) > 0 {
		said = append(said, fmt.Sprintf("%s: warning: left alone, as they hold files evalpress did not write (move those back, then remove them): %s", dir, strings.Join(kept, ", ")))
	}
	if len(strange) > 0 {
		said = append(said, fmt.Sprintf("%s: warning: left alone, as evalpress did not make them (their names or kinds only resemble what it makes beside the folder): %s", dir, strings.Join(strange, ", ")))
	}
	return said
}

// left removes a folder a build left beside the output folder, and reports
// whether something in it had to be left. A site with a marker (a previous
// site set aside, a new one never swapped in) loses what its record lists.
// A new site's folder (isStaging) without one, which a kill stopped while
// it was written, holds nothing but what the build wrote, and goes whole
// if it holds the staging stamp it was made with, and at its top no entry
// a publishing set-up keeps (.git, CNAME); a folder of that name without
// the stamp is not evalpress's, and an aside without a marker goes only if
// empty. A folder whose marker cannot be read is left whole, with the
// marker's error: nothing in it is known to be evalpress's.
func left(p string, isStaging bool) (bool, error) {
	r, err := readRecord(p)
	if err != nil {
		return true, err
	}
	if r != nil {
		if isStaging {
			removeStamp(p) // a kill between the marker and the stamp's removal
		}
		return !removeOwned(p), nil
	}
	if os.Remove(p) == nil {
		return false, nil // empty
	}
	if !isStaging || holdsCarriable(p) || !removeStamp(p) {
		return true, nil
	}
	return os.RemoveAll(p) != nil, nil
}

// removeStamp removes the staging stamp of the folder p, and reports
// whether it was there: a regular file with no other name, made as the
// folder was.
func removeStamp(p string) bool {
	d, err := openFolder(p)
	if err != nil {
		return false
	}
	defer d.close()
	self, err := d.stat()
	if err != nil {
		return false
	}
	e, err := d.lstat(stagingStamp)
	return err == nil && e.fileMadeIn(self) && d.remove(stagingStamp, false) == nil
}

// hasRecord reports whether the site in dir has a marker that can be read.
func hasRecord(dir string) bool {
	r, _ := readRecord(dir)
	return r != nil
}

// holdsCarriable reports whether the folder p holds, at its top, an entry
// a publishing set-up keeps (.git, CNAME).
func holdsCarriable(p string) bool {
	entries, err := os.ReadDir(p)
	if err != nil {
		return false
	}
	for _, e := range entries {
		if e.Name() != stagingStamp && carriable(e.Name()) {
			return true
		}
	}
	return false
}

// sites tells the two sites of a swap j records beside the folder whose
// entry is self: each is a folder evalpress made there, with the inode the
// journal recorded. Where inodes are unknown, the new site is never
// proven, and a swap is undone.
type sites struct {
	j    journal
	self entry
}

func (s sites) isNew(e entry) bool { return inodesKnown && e.madeIn(s.self) && e.ino == s.j.Ino }

func (s sites) isOld(e entry) bool {
	return e.madeIn(s.self) && (!inodesKnown || e.ino == s.j.OldIno)
}

// isStaged is isOld for the new site's folder, which undo empties.
func (s sites) isStaged(e entry) bool {
	return e.madeIn(s.self) && (!inodesKnown || e.ino == s.j.Ino)
}

// finishSwap finishes or undoes the swap j records, and says which.
func finishSwap(parent *folder, abs string, j journal) (string, error) {
	self, err := parent.stat()
	if err != nil {
		return "", err
	}
	s := sites{j, self}
	look := func(name string) entry { e, _ := parent.lstat(name); return e }
	base := filepath.Base(abs)
	cur, staged, aside := look(base), look(j.Staging), look(j.Aside)
	if !cur.exists {
		switch {
		case s.isOld(aside):
			// Killed between the two renames: the previous site goes
			// back, and the swap is undone below.
			if err := parent.renameTo(j.Aside, parent, base); err != nil {
				return "", fmt.Errorf("cannot put the previous site back: %w", readfile.WithoutPath(err))
			}
			cur, aside = aside, entry{}
		case s.isNew(staged) && hasRecord(filepath.Join(parent.path, j.Staging)):
			if err := parent.renameTo(j.Staging, parent, base); err != nil {
				return "", fmt.Errorf("no site to put in place: %w", readfile.WithoutPath(err))
			}
			parent.remove(siblingName(abs, "swap"), false)
			return "an interrupted build had no previous site in place; its new one was put there", nil
		default:
			return "", errors.New("no site to put in place")
		}
	}
	switch {
	case s.isNew(cur):
		oldAt, old := j.Staging, staged
		if aside.exists {
			oldAt, old = j.Aside, aside
		}
		if s.isOld(old) {
			removeOwned(filepath.Join(parent.path, oldAt))
		}
		parent.remove(siblingName(abs, "swap"), false)
		return "an interrupted build had put its new site in place; the previous one was removed", nil
	case s.isOld(cur):
		if !undo(parent, abs, j) {
			return "", fmt.Errorf("cannot carry the entries it had moved back from %s", j.Staging)
		}
		return "an interrupted build was undone; the previous site is in place", nil
	}
	return "", fmt.Errorf("%s is not the folder the swap recorded", base)
}

// undo carries the entries a swap moved into its new site back into the
// old one, and removes the new site; false when something could not be
// moved back, or the new site's folder is not the one recorded, and the
// new site is left.
func undo(parent *folder, abs string, j journal) bool {
	self, err := parent.stat()
	if err != nil {
		return false
	}
	staged, err := parent.lstat(j.Staging)
	switch {
	case err != nil:
		return false
	case !staged.exists:
		parent.remove(siblingName(abs, "swap"), false)
		return true
	case !(sites{j, self}).isStaged(staged):
		return false
	}
	newDir, err := parent.child(j.Staging)
	if err != nil {
		return false
	}
	defer newDir.close()
	oldDir, err := parent.child(filepath.Base(abs))
	if err != nil {
		return false
	}
	defer oldDir.close()
	ok := true
	for _, f := range j.Foreign {
		there, err := newDir.lstatRel(f)
		if err != nil {
			ok = false
		}
		if err != nil || !there.exists {
			continue // not carried, or carried back
		}
		if back, err := oldDir.lstatRel(f); err != nil || back.exists || move(newDir, oldDir, f) != nil {
			ok = false
		}
	}
	if ok {
		os.RemoveAll(filepath.Join(parent.path, j.Staging)) // only evalpress's files are left in it
		parent.remove(siblingName(abs, "swap"), false)
	}
	return ok
}
