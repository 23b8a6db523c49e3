package sitewrite

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/evalpress/evalpress/internal/killpoint"
	"github.com/evalpress/evalpress/internal/readfile"
)

// The names evalpress makes beside the output folder NAME, and the only
// ones it ever removes or moves there, each only once it has checked that
// it is what evalpress made (madeIn, and the inode a journal recorded):
//
//	.NAME.tmp-HEX      a new site being written (HEX: stagingHex digits)
//	.NAME.tmp-HEX.old  the previous site, set aside where no exchange is possible
//	.NAME.swap         the journal of a swap in progress; .NAME.swap.tmp while written
//	.NAME.lock         the lock of the builds writing NAME
//
// Anything else beside the folder is left alone; what merely resembles
// these names (".NAME.old-1", a folder ".NAME.swap.tmp") is named in a
// warning.

// stagingHex is how many hexadecimal digits follow stagingPrefix.
const stagingHex = 16

// stagingPrefix is the start of the names of new sites' folders beside the
// output folder abs.
func stagingPrefix(abs string) string { return "." + filepath.Base(abs) + ".tmp-" }

// stagingName reports whether name is exactly one evalpress gives a new
// site's folder beside the output folder abs (makeStaging).
func stagingName(abs, name string) bool {
	rest, ok := strings.CutPrefix(name, stagingPrefix(abs))
	if !ok || len(rest) != stagingHex {
		return false
	}
	for _, c := range rest {
		if !('0' <= c && c <= '9' || 'a' <= c && c <= 'f') {
			return false
		}
	}
	return true
}

// journal records a swap in progress, beside the output folder, so that
// the build after a killed one can finish or undo it (Recover).
type journal struct {
	Staging string   `json:"staging"` // the new site's folder, by base name
	Ino     uint64   `json:"ino"`     // its inode: the output folder's once swapped
	OldIno  uint64   `json:"old_ino"` // the previous site's inode
	Aside   string   `json:"aside"`   // where the old site goes where no exchange is possible
	Foreign []string `json:"foreign"` // entries carried from the old site into the new
}

// siblingName is the name of the file or folder beside the output folder
// abs that evalpress keeps for it: .NAME.what
func siblingName(abs, what string) string { return "." + filepath.Base(abs) + "." + what }

func sibling(abs, what string) string {
	return filepath.Join(filepath.Dir(abs), siblingName(abs, what))
}

func journalPath(abs string) string { return sibling(abs, "swap") }

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

// writeJournal writes j beside the output folder abs, in parent: into a
// new file first, renamed over the journal, so that a kill leaves the
// whole journal or none.
func writeJournal(parent *folder, abs string, j journal) error {
	data, err := json.Marshal(j)
	if err != nil {
		return err
	}
	tmp := siblingName(abs, "swap.tmp")
	self, err := parent.stat()
	if err != nil {
		return err
	}
	if e, err := parent.lstat(tmp); err != nil {
		return err
	} else if e.exists && (!e.fileMadeIn(self) || parent.remove(tmp, false) != nil) {
		return fmt.Errorf("%s is in the way, and evalpress did not make it; move it away", filepath.Join(parent.path, tmp))
	}
	if err := parent.create(tmp, data); err != nil {
		return err
	}
	return parent.renameTo(tmp, parent, siblingName(abs, "swap"))
}

// readJournal reads the journal of a swap beside the output folder abs:
// false when there is none. A journal is trusted in nothing: one that is
// not a regular file, does not parse whole, does not name a new site's
// folder (stagingName) and its aside, records no inodes, or whose carried
// entries are not plain paths inside a site (plainPath), is an error, and
// nothing it names is touched.
func readJournal(abs string) (journal, bool, error) {
	var j journal
	file := journalPath(abs)
	if _, err := os.Lstat(file); errors.Is(err, fs.ErrNotExist) {
		return j, false, nil
	}
	err := linkError(file)
	var data []byte
	if err == nil {
		data, err = readfile.ReadSmall(file)
	}
	if err == nil {
		err = decodeStrict(data, &j)
	}
	if err == nil && (!stagingName(abs, j.Staging) || j.Aside != j.Staging+".old") {
		err = fmt.Errorf("it names %q and %q, which are not the folders evalpress makes beside %s", j.Staging, j.Aside, filepath.Base(abs))
	}
	if err == nil && inodesKnown && (j.Ino == 0 || j.OldIno == 0) {
		err = errors.New("it records no inodes")
	}
	for _, f := range j.Foreign {
		if err == nil {
			if perr := plainPath(f); perr != nil {
				err = fmt.Errorf("it names %v, which is no path inside a site", perr)
			}
		}
	}
	if err != nil {
		return j, true, fmt.Errorf("%s: not a swap journal evalpress wrote (%v); nothing it names was touched: remove it if no build is running", file, err)
	}
	return j, true, nil
}

// linkError is an error when path is a link.
func linkError(path string) error {
	if info, err := os.Lstat(path); err == nil && info.Mode()&fs.ModeSymlink != 0 {
		return errors.New("a link")
	}
	return nil
}

// decodeStrict decodes data, one JSON object and nothing after it, into
// v, refusing a field v does not have.
func decodeStrict(data []byte, v any) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return err
	}
	if _, err := dec.Token(); err != io.EOF {
		return errors.New("more after the journal")
	}
	return nil
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

// swapIn puts the new site in w.tmp in place of the folder w.abs. The
// entries of the folder evalpress did not write are moved into the new
// site first; the old site then takes the new one's place in one step
// (exchange, where the system allows it) and is removed. A journal beside
// the folder lets Recover finish or undo the swap after a kill. Every
// rename goes through the open parent folder and the two open sites.
func (w *Writer) swapIn() error {
	parent, err := openParent(filepath.Dir(w.abs))
	if err != nil {
		return err
	}
	defer parent.close()
	base, tmpName := filepath.Base(w.abs), filepath.Base(w.tmp)
	cur, err := parent.lstat(base)
	if err != nil {
		return err
	}
	if !cur.exists {
		killpoint.Reach("rename")
		return parent.renameTo(tmpName, parent, base)
	}
	if cur.mode != fs.ModeDir {
		return errors.New("not a folder")
	}
	j, err := w.plan(parent, cur)
	if err != nil {
		return err
	}
	oldDir, err := parent.child(base)
	if err != nil {
		return err
	}
	defer oldDir.close()
	newDir, err := parent.child(tmpName)
	if err != nil {
		return err
	}
	defer newDir.close()
	if err := writeJournal(parent, w.abs, j); err != nil {
		return fmt.Errorf("cannot record the swap: %w", readfile.WithoutPath(err))
	}
	killpoint.Reach("journal")
	for _, f := range j.Foreign {
		if err := move(oldDir, newDir, f); err != nil {
			undo(parent, w.abs, j)
			return fmt.Errorf("cannot carry %s into the new site: %w", f, readfile.WithoutPath(err))
		}
		killpoint.Reach("carry")
	}
	oldAt, err := w.exchangeIn(parent, j)
	if err != nil {
		return err
	}
	killpoint.Reach("swapped")
	if left := filepath.Join(filepath.Dir(w.dir), oldAt); !removeOwned(filepath.Join(parent.path, oldAt)) {
		w.said = append(w.said, fmt.Sprintf("%s: warning: the previous site could not be removed whole (a file that is not a regular one, or a folder it may not change); what is left of it is in %s: remove it yourself", w.dir, left))
	}
	killpoint.Reach("removed")
	parent.remove(siblingName(w.abs, "swap"), false)
	return nil
}

// plan makes the journal of the swap of the new site for the old one,
// whose entry is cur: the old site's entries evalpress did not write are
// carried.
func (w *Writer) plan(parent *folder, cur entry) (journal, error) {
	old, err := readRecord(w.abs)
	if err != nil {
		return journal{}, unknownSite(w.abs, err)
	}
	if old == nil {
		old = emptyRecord() // every entry carriable (ExistingAudience)
	}
	foreign, err := old.foreign(w.abs)
	if err == nil {
		foreign, err = carryList(w.abs, w.tmp, foreign)
	}
	if err != nil {
		return journal{}, err
	}
	tmpName := filepath.Base(w.tmp)
	staged, err := parent.lstat(tmpName)
	if err != nil {
		return journal{}, err
	}
	return journal{Staging: tmpName, Ino: staged.ino, OldIno: cur.ino, Aside: tmpName + ".old", Foreign: foreign}, nil
}

// exchangeIn puts the new site in place of the old one, and returns the
// name the old one is at then: one exchange, or two renames where the
// system has none, which the journal covers.
func (w *Writer) exchangeIn(parent *folder, j journal) (string, error) {
	base := filepath.Base(w.abs)
	if err := w.exchange(parent, j.Staging, base); err == nil {
		return j.Staging, nil
	}
	if err := parent.renameTo(base, parent, j.Aside); err != nil {
		undo(parent, w.abs, j)
		return "", fmt.Errorf("cannot move the previous site aside: %w", readfile.WithoutPath(err))
	}
	killpoint.Reach("aside")
	if err := parent.renameTo(j.Staging, parent, base); err != nil {
		parent.renameTo(j.Aside, parent, base)
		undo(parent, w.abs, j)
		return "", fmt.Errorf("cannot put the new site in place: %w", readfile.WithoutPath(err))
	}
	return j.Aside, nil
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
				foreign = append(foreign, f+"/"+e.Name())
			}
			continue
		}
		return nil, fmt.Errorf("%s was not written by evalpress and the new site has a file there; move it away", f)
	}
	return out, nil
}

// isRealDir reports whether path is a folder, not a link to one.
func isRealDir(path string) bool {
	info, err := os.Lstat(path)
	return err == nil && info.IsDir()
}
