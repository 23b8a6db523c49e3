package sitewrite

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"strings"

	"github.com/evalpress/evalpress/internal/readfile"
)

// AtStep, when set, is called at each step of putting a new site in place
// (see Writer.Commit) with the step's name. It is for fault-injection tests,
// which kill the process there; nil otherwise.
var AtStep func(step string)

func step(name string) {
	if AtStep != nil {
		AtStep(name)
	}
}

// The names evalpress makes beside the output folder NAME, and the only
// ones it ever removes or moves there:
//
//	.NAME.tmp-HEX      a new site being written (stagingName)
//	.NAME.tmp-HEX.old  the previous site, set aside where no exchange is possible
//	.NAME.swap         the journal of a swap in progress; .NAME.swap.tmp while written
//	.NAME.lock         the lock of the builds writing NAME
//
// An earlier evalpress also made .NAME.old-DIGITS (the previous site set
// aside) and .NAME.spare (the previous public site, kept to write into).

// stagingPrefix is the start of the names of new sites' folders beside the
// output folder abs.
func stagingPrefix(abs string) string { return "." + filepath.Base(abs) + ".tmp-" }

// stagingName reports whether name is one evalpress gives a new site's
// folder beside the output folder abs (makeStaging; an earlier evalpress's
// os.MkdirTemp made digits).
func stagingName(abs, name string) bool {
	return regexp.MustCompile(`^` + regexp.QuoteMeta(stagingPrefix(abs)) + `[0-9a-f]+$`).MatchString(name)
}

// legacyAsideName reports whether name is one an earlier evalpress gave
// the previous site it set aside beside the output folder abs.
func legacyAsideName(abs, name string) bool {
	return regexp.MustCompile(`^` + regexp.QuoteMeta("."+filepath.Base(abs)+".old-") + `[0-9]+$`).MatchString(name)
}

// journal records a swap in progress, beside the output folder, so that
// the build after a killed one can finish or undo it (Recover).
type journal struct {
	Staging string   `json:"staging"` // the new site's folder, by base name
	Ino     uint64   `json:"ino"`     // its inode: the output folder's once swapped
	Aside   string   `json:"aside"`   // where the old site goes where no exchange is possible
	Foreign []string `json:"foreign"` // entries carried from the old site into the new
}

func journalPath(abs string) string { return sibling(abs, "swap") }

// sibling names the file or folder beside the output folder abs that
// evalpress keeps for it: .NAME.what
func sibling(abs, what string) string {
	return filepath.Join(filepath.Dir(abs), "."+filepath.Base(abs)+"."+what)
}

// LockPath returns the file whose lock a build holds while it writes the
// output folder dir (see internal/buildlock). It is beside the folder, not
// in it: the folder is swapped for a new one by every build.
func LockPath(dir string) string {
	abs, err := filepath.Abs(dir)
	if err != nil {
		abs = dir
	}
	return sibling(abs, "lock")
}

func writeJournal(abs string, j journal) error {
	data, err := json.Marshal(j)
	if err != nil {
		return err
	}
	tmp := sibling(abs, "swap.tmp")
	if err := os.WriteFile(tmp, data, 0o666); err != nil {
		return err
	}
	return os.Rename(tmp, journalPath(abs))
}

// readJournal reads the journal of a swap beside the output folder abs:
// false when there is none. A journal is trusted in nothing: one that does
// not name a new site's folder (stagingName) and its aside, or whose
// carried entries are not paths inside a site, is an error, and nothing it
// names is touched.
func readJournal(abs string) (journal, bool, error) {
	var j journal
	data, err := readfile.ReadSmall(journalPath(abs))
	if errors.Is(err, os.ErrNotExist) {
		return j, false, nil
	}
	if err == nil {
		err = json.Unmarshal(data, &j)
	}
	if err == nil && (!stagingName(abs, j.Staging) || j.Aside != j.Staging+".old") {
		err = fmt.Errorf("it names %q and %q, which are not the folders evalpress makes beside %s", j.Staging, j.Aside, filepath.Base(abs))
	}
	for _, f := range j.Foreign {
		if err == nil && (!filepath.IsLocal(filepath.FromSlash(f)) || path.Clean(f) != f || strings.Contains(f, `\`)) {
			err = fmt.Errorf("it names %q, which is no path inside a site", f)
		}
	}
	if err != nil {
		return j, true, fmt.Errorf("%s: not a swap journal evalpress wrote (%v); nothing it names was touched: remove it if no build is running", journalPath(abs), err)
	}
	return j, true, nil
}

// SwapPending reports whether a swap of the output folder dir is recorded
// and not finished: a killed build left it, and the next build's Recover
// finishes or undoes it. Until then the folder may hold part of the site
// being put in place and part of the one before.
func SwapPending(dir string) bool {
	abs, err := filepath.Abs(dir)
	if err != nil {
		abs = dir
	}
	_, err = os.Lstat(journalPath(abs))
	return err == nil
}

// swapIn puts the new site in tmp in place of the folder abs. The entries
// of the folder evalpress did not write are moved into the new site first;
// the old site then takes the new one's place in one step (exchange, where
// the system allows it) and is removed. A journal beside the folder lets
// Recover finish or undo the swap after a kill.
func swapIn(tmp, abs string) error {
	info, err := os.Lstat(abs)
	if errors.Is(err, os.ErrNotExist) {
		step("rename")
		return os.Rename(tmp, abs)
	}
	if err != nil {
		return err
	}
	if !info.IsDir() {
		return fmt.Errorf("not a folder")
	}
	old, err := readRecord(abs)
	if err != nil {
		return unknownSite(abs, err)
	}
	if old == nil {
		old = &record{files: map[string]bool{}, dirs: map[string]bool{}} // every entry carriable (ExistingAudience)
	}
	foreign, err := old.foreign(abs)
	if err != nil {
		return err
	}
	foreign, err = carryList(abs, tmp, foreign)
	if err != nil {
		return err
	}
	j := journal{Staging: filepath.Base(tmp), Ino: inodeOf(tmp), Aside: filepath.Base(tmp) + ".old", Foreign: foreign}
	if err := writeJournal(abs, j); err != nil {
		return fmt.Errorf("cannot record the swap: %w", unwrapPath(err))
	}
	step("journal")
	for _, f := range foreign {
		to := filepath.Join(tmp, filepath.FromSlash(f))
		err := os.MkdirAll(filepath.Dir(to), 0o777)
		if err == nil {
			err = os.Rename(filepath.Join(abs, filepath.FromSlash(f)), to)
		}
		if err != nil {
			undo(abs, j)
			return fmt.Errorf("cannot carry %s into the new site: %w", f, unwrapPath(err))
		}
		step("carry")
	}
	oldAt := tmp
	if err := exchange(tmp, abs); err != nil {
		// No exchange here: two renames, which the journal covers.
		oldAt = filepath.Join(filepath.Dir(abs), j.Aside)
		if err := os.Rename(abs, oldAt); err != nil {
			undo(abs, j)
			return fmt.Errorf("cannot move the previous site aside: %w", unwrapPath(err))
		}
		step("aside")
		if err := os.Rename(tmp, abs); err != nil {
			os.Rename(oldAt, abs)
			undo(abs, j)
			return fmt.Errorf("cannot put the new site in place: %w", unwrapPath(err))
		}
	}
	step("swapped")
	removeOwned(oldAt)
	step("removed")
	os.Remove(journalPath(abs))
	return nil
}

// carryList returns the paths to move from the old site in abs into the
// new one in tmp for the foreign entries: an entry itself, or, for a
// folder the new site has too, the entries in it. A file the new site
// has where the old one has a foreign entry is an error.
func carryList(abs, tmp string, foreign []string) ([]string, error) {
	var out []string
	for len(foreign) > 0 {
		f := foreign[0]
		foreign = foreign[1:]
		there, err := os.Lstat(filepath.Join(tmp, filepath.FromSlash(f)))
		if errors.Is(err, os.ErrNotExist) {
			out = append(out, f)
			continue
		}
		if err == nil && there.IsDir() && isRealDir(filepath.Join(abs, filepath.FromSlash(f))) {
			entries, err := os.ReadDir(filepath.Join(abs, filepath.FromSlash(f)))
			if err != nil {
				return nil, err
			}
			for _, e := range entries {
				foreign = append(foreign, path.Join(f, e.Name()))
			}
			continue
		}
		return nil, fmt.Errorf("%s was not written by evalpress and the new site has a file there; move it away", f)
	}
	return out, nil
}

// undo carries the entries a swap moved into its new site back into the
// old one, and removes the new site; false when something could not be
// moved back, and the new site is left.
func undo(abs string, j journal) bool {
	staging := filepath.Join(filepath.Dir(abs), j.Staging)
	ok := true
	for _, f := range j.Foreign {
		from, to := filepath.Join(staging, filepath.FromSlash(f)), filepath.Join(abs, filepath.FromSlash(f))
		if _, err := os.Lstat(from); err != nil {
			continue // not carried, or carried back
		}
		if _, err := os.Lstat(to); err == nil || os.Rename(from, to) != nil {
			ok = false
		}
	}
	if ok {
		os.RemoveAll(staging) // only evalpress's files are left in it
		os.Remove(journalPath(abs))
	}
	return ok
}

// isRealDir reports whether path is a folder, not a link to one.
func isRealDir(path string) bool {
	info, err := os.Lstat(path)
	return err == nil && info.IsDir()
}

// Recover finishes or undoes what a killed build left beside the output
// folder dir, and removes what such builds left over: a swap half done
// (the previous site is put back, or the new one kept and the previous one
// removed), folders of new sites, and what an earlier evalpress kept or
// left there (the previous site moved aside, a spare site). It touches only
// names of the forms evalpress makes. It returns a line to show for each
// thing it did. The caller holds the folder's lock.
func Recover(dir string) ([]string, error) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", dir, err)
	}
	var said []string
	j, ok, err := readJournal(abs)
	if err != nil {
		return nil, err
	}
	if ok {
		line, err := finishSwap(abs, j)
		if err != nil {
			return nil, fmt.Errorf("%s: an interrupted build left a swap half done that cannot be finished: %w; nothing was touched: put the site you want at %s, then remove %s", dir, err, dir, journalPath(abs))
		}
		said = append(said, fmt.Sprintf("%s: %s", dir, line))
	}
	parent := filepath.Dir(abs)
	entries, err := os.ReadDir(parent)
	if err != nil {
		return said, nil // nothing to recover: the folder's parent is made later
	}
	if _, err := os.Lstat(abs); errors.Is(err, os.ErrNotExist) {
		// An earlier evalpress moved the previous site aside, then was
		// killed before it put the new one in place.
		for _, e := range entries {
			if old := filepath.Join(parent, e.Name()); legacyAsideName(abs, e.Name()) && isRealDir(old) && hasRecord(old) && os.Rename(old, abs) == nil {
				said = append(said, fmt.Sprintf("%s: put back the previous site an interrupted build had moved aside", dir))
				break
			}
		}
	}
	var removed, kept []string
	for _, e := range entries {
		name := e.Name()
		staging := stagingName(abs, name) || strings.HasSuffix(name, ".old") && stagingName(abs, strings.TrimSuffix(name, ".old"))
		if !staging && !legacyAsideName(abs, name) && name != "."+filepath.Base(abs)+".swap.tmp" {
			continue
		}
		p := filepath.Join(parent, name)
		if !isRealDir(p) {
			if name == "."+filepath.Base(abs)+".swap.tmp" && os.Remove(p) == nil {
				removed = append(removed, name)
			}
			continue // put back above, or not a folder evalpress made
		}
		switch stays, err := left(p); {
		case err != nil:
			said = append(said, fmt.Sprintf("%s: warning: left %s alone, as its list of the files evalpress wrote cannot be read (%v): remove it yourself", dir, name, err))
		case stays:
			kept = append(kept, name)
		default:
			removed = append(removed, name)
		}
	}
	if len(removed) > 0 {
		said = append(said, fmt.Sprintf("%s: removed what interrupted builds left beside it: %s", dir, strings.Join(removed, ", ")))
	}
	if len(kept) > 0 {
		said = append(said, fmt.Sprintf("%s: warning: left alone, as they hold files evalpress did not write (move those back, then remove them): %s", dir, strings.Join(kept, ", ")))
	}
	// An earlier evalpress kept the public site a build replaced, to write
	// the next one into: only what its marker lists goes.
	if spare := sibling(abs, "spare"); isRealDir(spare) && hasRecord(spare) {
		removeOwned(spare)
		said = append(said, fmt.Sprintf("%s: removed the spare copy of an earlier site that an earlier evalpress kept beside it", dir))
	}
	return said, nil
}

// left removes a folder a build left beside the output folder, and reports
// whether something in it had to be left. A site with a marker (a previous
// site set aside, a new one never swapped in) loses what its record lists;
// a new site's folder without one, which a kill stopped while it was
// written, holds nothing but what the build wrote, and goes whole, unless
// it holds at its top an entry a publishing set-up keeps (.git, CNAME): an
// earlier evalpress moved such entries with the site. A folder whose
// marker cannot be read is left whole, with the marker's error: nothing in
// it is known to be evalpress's.
func left(p string) (bool, error) {
	if r, err := readRecord(p); err != nil {
		return true, err
	} else if r != nil {
		return !removeOwned(p), nil
	}
	if holdsCarriable(p) {
		return true, nil
	}
	return os.RemoveAll(p) != nil, nil
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
		if carriable(e.Name()) {
			return true
		}
	}
	return false
}

// finishSwap finishes or undoes the swap j records, and says which.
func finishSwap(abs string, j journal) (string, error) {
	parent := filepath.Dir(abs)
	staging, aside := filepath.Join(parent, j.Staging), filepath.Join(parent, j.Aside)
	if _, err := os.Lstat(abs); errors.Is(err, os.ErrNotExist) {
		// Killed between the two renames: the previous site is aside.
		if err := os.Rename(aside, abs); err != nil {
			// Nothing to put back: the new site, complete, goes in
			// place if it is the one the journal recorded.
			if j.Ino == 0 || inodeOf(staging) != j.Ino || !hasRecord(staging) {
				return "", fmt.Errorf("no site to put in place")
			}
			if err := os.Rename(staging, abs); err != nil {
				return "", fmt.Errorf("no site to put in place: %w", unwrapPath(err))
			}
			os.Remove(journalPath(abs))
			return "an interrupted build had no previous site in place; its new one was put there", nil
		}
	}
	if j.Ino != 0 && inodeOf(abs) == j.Ino {
		oldAt := staging
		if _, err := os.Lstat(aside); err == nil {
			oldAt = aside
		}
		if isRealDir(oldAt) {
			removeOwned(oldAt)
		}
		os.Remove(journalPath(abs))
		return "an interrupted build had put its new site in place; the previous one was removed", nil
	}
	if !undo(abs, j) {
		return "", fmt.Errorf("cannot carry the entries it had moved back from %s", path.Base(staging))
	}
	return "an interrupted build was undone; the previous site is in place", nil
}
