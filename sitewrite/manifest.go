package sitewrite

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"

	"github.com/evalpress/evalpress/internal/diag"
	"github.com/evalpress/evalpress/internal/readfile"
)

// manifestLine opens the list of files in the marker file: every path
// evalpress wrote into the site, one a line, sorted. evalpress removes or
// moves only those; everything else in the output folder (a .git folder,
// CNAME, .nojekyll) is carried into each new site untouched.
const manifestLine = "# the files evalpress wrote; it moves or removes nothing else here"

// markerData is the marker file of a site for audience holding files.
func markerData(audience string, files []string) []byte {
	var b bytes.Buffer
	b.WriteString("audience=" + audience + "\n" + manifestLine + "\n")
	for _, f := range files {
		b.WriteString(f)
		b.WriteByte('\n')
	}
	return b.Bytes()
}

// record is what a site's marker file says: its audience and the files
// evalpress wrote.
type record struct {
	audience string
	files    map[string]bool // slash-separated paths
	dirs     map[string]bool // the folders that hold them
}

// emptyRecord is the record of a folder with no marker: nothing in it is
// evalpress's.
func emptyRecord() *record { return &record{files: map[string]bool{}, dirs: map[string]bool{}} }

// readRecord reads the marker file of the site in dir: nil when there is
// none. A marker that is there but cannot be read whole (a link, not a
// regular file, too large, damaged) is an error: then nothing in dir is
// known to be evalpress's, and no caller removes or replaces anything by
// it. The marker is read only if it is a regular file of at most
// readfile.Settings (readfile.ReadSmall: one chunk, a read no interrupt
// would cut shorter, so readRecord takes no context). evalpress writes it
// at about 35 bytes a file: 94 KB for the bench site's 2,715 files, 0.8 MB
// for 20,000 cells.
func readRecord(dir string) (*record, error) {
	marker := filepath.Join(dir, MarkerFile)
	if info, err := os.Lstat(marker); errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	} else if err == nil && info.Mode()&fs.ModeSymlink != 0 {
		return nil, fmt.Errorf("%s: a link, never a marker evalpress wrote", marker)
	}
	data, err := readfile.ReadSmall(marker)
	if err != nil {
		return nil, err
	}
	return parseMarker(marker, data)
}

// parseMarker reads data, the marker file at file, as markerData writes it,
// whole or not at all: the audience line, manifestLine, then one path a
// line (sitePath), each line ended. Anything else (a marker cut short,
// emptied, or naming a path evalpress never writes) is an error naming
// its line: a damaged record is a stop, never a guess.
func parseMarker(file string, data []byte) (*record, error) {
	text, ended := strings.CutSuffix(string(data), "\n")
	lines := strings.Split(text, "\n")
	audience, ok := strings.CutPrefix(lines[0], "audience=")
	if !ended || !ok || audience != "public" && audience != "internal" || len(lines) < 2 || lines[1] != manifestLine {
		return nil, diag.Errorf(file, 0, "damaged: not the audience and the list of files evalpress writes there (cut short, emptied, or written by another program)").
			WithHint("evalpress touches nothing in a folder it cannot prove it wrote; a site written by an evalpress older than the file list is such a folder too: move the output folder aside and build again")
	}
	r := emptyRecord()
	r.audience = audience
	for n, line := range lines[2:] {
		if err := sitePath(line); err != nil {
			return nil, diag.Errorf(file, n+3, "damaged: %v", err)
		}
		r.files[line] = true
		for d := path.Dir(line); d != "."; d = path.Dir(d) {
			r.dirs[d] = true
		}
	}
	return r, nil
}

// carriable reports whether a top-level entry name of an output folder is
// one a publishing set-up keeps there (a git checkout's .git, .nojekyll,
// CNAME): evalpress builds into a folder holding only such entries.
func carriable(name string) bool {
	return name != MarkerFile && (strings.HasPrefix(name, ".") || name == "CNAME")
}

// owns reports whether the site's record says evalpress wrote the file or
// folder at rel (slash-separated).
func (r *record) owns(rel string) bool {
	if rel == MarkerFile {
		return true
	}
	return r.files[rel]
}

// foreign lists the entries of the site in dir that evalpress did not
// write, by slash-separated path, outermost only: a foreign folder is one
// entry. A folder evalpress wrote files into is looked into; anything else
// is not.
func (r *record) foreign(dir string) ([]string, error) {
	var out []string
	var walk func(rel string) error
	walk = func(rel string) error {
		entries, err := os.ReadDir(filepath.Join(dir, filepath.FromSlash(rel)))
		if err != nil {
			return err
		}
		for _, e := range entries {
			p := path.Join(rel, e.Name())
			switch {
			case r.owns(p):
			case r.dirs[p] && e.IsDir():
				if err := walk(p); err != nil {
					return err
				}
			default:
				out = append(out, p)
			}
		}
		return nil
	}
	if err := walk(""); err != nil {
		return nil, err
	}
	return out, nil
}

// ExistingAudience returns the audience of the build in dir: "" when dir
// does not exist, is empty or holds only what a publishing set-up keeps
// there (.git, other hidden entries, CNAME), and an error when it holds
// something else evalpress did not build.
func ExistingAudience(dir string) (string, error) {
	if info, err := os.Lstat(dir); err == nil && info.Mode()&fs.ModeSymlink != 0 {
		// The swap renames the folder: it would replace the link, not
		// the folder the link names, so it is refused before any work.
		target, _ := filepath.EvalSymlinks(dir)
		return "", fmt.Errorf("%s: the output folder is a link (to %s); give --out the folder itself", dir, target)
	}
	entries, err := os.ReadDir(dir)
	if errors.Is(err, os.ErrNotExist) {
		return "", nil
	}
	if err != nil {
		return "", fmt.Errorf("%s: cannot use as the output folder: %w", dir, readfile.WithoutPath(err))
	}
	r, err := readRecord(dir)
	if err != nil {
		return "", unknownSite(dir, err)
	}
	if r != nil {
		return r.audience, nil
	}
	for _, e := range entries {
		if !carriable(e.Name()) {
			return "", fmt.Errorf("%s: the output folder exists and was not built by evalpress (it holds %s); remove it or choose another --out", dir, e.Name())
		}
	}
	return "", nil
}

// unknownSite is the error for the site in dir whose marker cannot be
// read (readRecord's err): what in it evalpress wrote is not known, so
// nothing in it is touched.
func unknownSite(dir string, err error) error {
	return fmt.Errorf("%v; evalpress cannot tell which files of %s it wrote, so it touches none: remove %s yourself if it holds nothing else of yours, or choose another --out", err, dir, dir)
}

// removeOwned removes what evalpress wrote in the site at dir, by its
// record, then the folders of the record left empty (by that, or by the
// entries a swap carried out of it), and dir when that empties it. It
// reports whether dir is gone: anything else in it stays, with the marker,
// which still says what in it is evalpress's. A site whose marker cannot be
// read loses nothing. It goes through the open folders, never a link: the
// caller has checked that dir is the folder it means.
func removeOwned(dir string) bool {
	r, _ := readRecord(dir) // none when it cannot be read
	d, err := openFolder(dir)
	if err != nil {
		return false
	}
	if r != nil {
		r.removeIn(d, "")
		if names, err := d.names(); err == nil && len(names) == 1 && names[0] == MarkerFile {
			d.remove(MarkerFile, false)
		}
	}
	d.close()
	os.Remove(dir)
	_, err = os.Lstat(dir)
	return errors.Is(err, fs.ErrNotExist)
}

// removeIn removes from d, the site's folder rel, the regular files the
// record lists but the marker, and the folders left empty.
func (r *record) removeIn(d *folder, rel string) {
	names, _ := d.names()
	for _, name := range names {
		p := path.Join(rel, name)
		e, err := d.lstat(name)
		switch {
		case err != nil || p == MarkerFile:
		case e.mode == fs.ModeDir:
			if sub, err := d.child(name); err == nil && r.dirs[p] {
				r.removeIn(sub, p)
				sub.close()
			} else if err == nil {
				sub.close()
			}
			d.remove(name, true) // fails unless empty: a swap's carry may have emptied it
		case e.mode == 0 && r.files[p]:
			d.remove(name, false)
		}
	}
}

// Published lists the files of the output folder dir that evalpress did not
// write and that the next build carries into its site (see swapIn), by
// slash-separated path, sorted: they are published with it, and the leak
// scan reads them as it reads the files a build writes. A folder's files
// are listed one by one; a git checkout's .git at the top is not listed,
// which no host publishes. A missing folder has none.
func Published(dir string) ([]string, error) {
	if _, err := os.Lstat(dir); errors.Is(err, os.ErrNotExist) {
		return nil, nil
	}
	r, err := readRecord(dir)
	if err != nil {
		return nil, unknownSite(dir, err)
	}
	if r == nil {
		r = &record{files: map[string]bool{}, dirs: map[string]bool{}}
	}
	entries, err := r.foreign(dir)
	if err != nil {
		return nil, err
	}
	var out []string
	for _, e := range entries {
		if IsGitDir(e) {
			continue
		}
		root := filepath.Join(dir, filepath.FromSlash(e))
		err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if d.IsDir() {
				return nil
			}
			rel, _ := filepath.Rel(dir, p)
			out = append(out, filepath.ToSlash(rel))
			return nil
		})
		if err != nil {
			return nil, err
		}
	}
	slices.Sort(out)
	return out, nil
}

// CheckRecord returns why the record of the site in dir (its marker)
// cannot be read whole, naming the marker and its line: nil when it can,
// or when there is none.
func CheckRecord(dir string) error {
	_, err := readRecord(dir)
	return err
}

// IsGitDir reports whether the slash-separated path rel of an output folder
// is its git checkout's .git or inside it: not published, not scanned.
func IsGitDir(rel string) bool {
	top, _, _ := strings.Cut(rel, "/")
	return top == ".git"
}
