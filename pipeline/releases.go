package pipeline

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/evalpress/evalpress/config"
	"github.com/evalpress/evalpress/internal/provenance"
	"github.com/evalpress/evalpress/internal/readfile"
	"github.com/evalpress/evalpress/matcher"
	"github.com/evalpress/evalpress/site"
)

// ReleasesDir is the folder of a site that holds its releases, each a
// whole site as it was published: releases/NAME/.
const ReleasesDir = "releases"

// CheckReleaseName says what is wrong with a release's name, or nil.
func CheckReleaseName(name string) error {
	if err := provenance.CheckReleaseName(name); err != nil {
		return fmt.Errorf("--release %q: %w", name, err)
	}
	return nil
}

// checkReleaseTerms refuses a release's name that holds a private term
// in any case (matcher.FindName): the name is published as given
// (releases/NAME/, the releases page), and "sonnet-eval" beside a Claude
// writer would name it. The message does not quote the name.
func checkReleaseTerms(name string, terms *matcher.Matcher) error {
	if name == "" {
		return nil
	}
	found := terms.FindName(name)
	if len(found) == 0 {
		return nil
	}
	return fmt.Errorf("--release: the name holds %s; name the release by a date or a number", found[0].Term.Describe())
}

// earlierRelease is a release a build carries into its site unchanged.
type earlierRelease struct {
	record  provenance.Record
	results *site.Results
	files   []site.File // every file of it, under releases/NAME/
}

// readReleases reads the releases in dir (the output folder's releases/,
// or the folder verify names), each a folder holding a provenance record
// that names it as a release; those numbered before, when before is not
// 0, are kept; in their order. Every other entry but a hidden one is an
// error naming it: each release was listed in the site's record as
// evalpress's, so a release that cannot be read whole (a link, a record
// edited, cut short or removed) would be left out of the new site and
// deleted with the old one. A damaged release is a stop, never a guess.
// verify (before > 0) reads a folder the user named, and leaves anything
// else in it alone.
func readReleases(ctx context.Context, dir string, before int) ([]earlierRelease, error) {
	entries, err := os.ReadDir(dir)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("%s: cannot read the releases: %w", dir, err)
	}
	var out []earlierRelease
	for _, e := range entries {
		if strings.HasPrefix(e.Name(), ".") {
			continue // a host's or a checkout's, carried as the author's
		}
		root := filepath.Join(dir, e.Name())
		rec, err := releaseRecord(ctx, root, e)
		if err != nil && before > 0 || err == nil && before > 0 && rec.Release.Number >= before {
			continue
		}
		var r earlierRelease
		if err == nil {
			r, err = readRelease(ctx, root, rec)
		}
		if err != nil {
			return nil, fmt.Errorf("%w; a release is never changed: restore it as it was published, or move it out of %s", err, dir)
		}
		out = append(out, r)
	}
	slices.SortFunc(out, func(a, b earlierRelease) int { return cmp.Compare(a.record.Release.Number, b.record.Release.Number) })
	return out, nil
}

// releaseRecord reads the provenance record of the release e in root: a
// folder, not a link, whose record names it as a release.
func releaseRecord(ctx context.Context, root string, e fs.DirEntry) (provenance.Record, error) {
	if e.Type()&fs.ModeSymlink != 0 {
		return provenance.Record{}, fmt.Errorf("%s: a link, never a release evalpress made", root)
	}
	if !e.IsDir() {
		return provenance.Record{}, fmt.Errorf("%s: not a folder, never a release evalpress made", root)
	}
	name := filepath.Join(root, filepath.FromSlash(provenance.File))
	data, err := readfile.ReadFile(ctx, name, readfile.Settings)
	if err != nil {
		return provenance.Record{}, err
	}
	rec, err := provenance.Decode(data)
	if err != nil {
		return provenance.Record{}, fmt.Errorf("%s: %w", name, err)
	}
	if rec.Release == nil || rec.Release.Name != e.Name() {
		return provenance.Record{}, fmt.Errorf("%s: the record of release %s, not of the release in %s", name, releaseOf(rec), e.Name())
	}
	return rec, nil
}

// releaseOf names the release a record says its site is.
func releaseOf(rec provenance.Record) string {
	if rec.Release == nil {
		return "(none: a site that is no release)"
	}
	return strconv.Quote(rec.Release.Name)
}

// readRelease reads every file of the release in root.
func readRelease(ctx context.Context, root string, rec provenance.Record) (earlierRelease, error) {
	r := earlierRelease{record: rec}
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		switch {
		case err != nil:
			return err
		case p != root && strings.HasPrefix(d.Name(), "."):
			// A system's or a tool's (a .DS_Store): evalpress writes no
			// hidden name into a site, and the writer carries it.
			if d.IsDir() {
				return filepath.SkipDir
			}
			return nil
		case d.IsDir():
			return nil
		case d.Type()&fs.ModeSymlink != 0:
			// Read, it would publish what it names, from anywhere.
			return fmt.Errorf("%s: a link, never a file evalpress wrote into a release", p)
		}
		rel, _ := filepath.Rel(root, p)
		return r.read(ctx, p, filepath.ToSlash(rel))
	})
	if err != nil {
		return earlierRelease{}, err
	}
	if r.results == nil {
		return earlierRelease{}, fmt.Errorf("%s: no data/results.json, which every release evalpress made holds", root)
	}
	return r, nil
}

// read reads the file p, at rel in the release, and its results when it
// is the release's results.json.
func (r *earlierRelease) read(ctx context.Context, p, rel string) error {
	data, err := readfile.ReadFile(ctx, p, readfile.Corpus)
	if err != nil {
		return err
	}
	r.files = append(r.files, site.File{Path: ReleasesDir + "/" + r.record.Release.Name + "/" + rel, Data: data})
	if rel == "data/results.json" {
		if r.results, err = site.ParseBaseline(data); err != nil {
			return fmt.Errorf("%s: %w", p, err)
		}
	}
	return nil
}

// planRelease settles the release this build makes, once the output
// folder is locked: its name is free in any case, its number follows the
// earlier releases', its date is SOURCE_DATE_EPOCH's day or today's (UTC).
func planRelease(name string, earlier []earlierRelease) (*provenance.Release, error) {
	n := 1
	for _, e := range earlier {
		if was := e.record.Release.Name; strings.EqualFold(was, name) {
			// One folder on a disk that ignores case (macOS, Windows).
			as := ""
			if was != name {
				as = fmt.Sprintf("as %q, ", was)
			}
			return nil, fmt.Errorf("release %q exists (%s%s); a release is never changed: choose another name", name, as, e.record.Release.Date)
		}
		n = max(n, e.record.Release.Number+1)
	}
	now := time.Now()
	if s := os.Getenv("SOURCE_DATE_EPOCH"); s != "" {
		sec, err := strconv.ParseInt(s, 10, 64)
		if err != nil {
			return nil, fmt.Errorf("SOURCE_DATE_EPOCH=%q: not a number of seconds", s)
		}
		now = time.Unix(sec, 0)
	}
	return &provenance.Release{Name: name, Date: now.UTC().Format(time.DateOnly), Number: n}, nil
}

// readReleases reads the earlier releases the site carries, and settles
// the release this build makes, if it makes one.
func (b *build) readReleases() ([]earlierRelease, error) {
	from, before := b.o.ReleasesFrom, 0
	if from == "" {
		from = filepath.Join(b.outDir, ReleasesDir)
	}
	if b.o.ReleaseAs != nil {
		before = b.o.ReleaseAs.Number
	}
	earlier, err := readReleases(b.ctx, from, before)
	if err == nil {
		err = b.carriable(from, earlier)
	}
	if err != nil || b.o.Release == "" {
		return earlier, err
	}
	if err := CheckReleaseName(b.o.Release); err != nil {
		return nil, err
	}
	b.release = b.o.ReleaseAs
	if b.release == nil {
		b.release, err = planRelease(b.o.Release, earlier)
	}
	return earlier, err
}

// carriable says why this build cannot carry the earlier releases in
// from: a public build cannot carry a release an internal build made,
// whose pages hold the full texts and the real names.
func (b *build) carriable(from string, earlier []earlierRelease) error {
	if b.cfg.Publish.Audience != config.Public {
		return nil
	}
	for _, e := range earlier {
		if e.results.Audience == string(config.Internal) {
			return fmt.Errorf("%s: a release an internal build made, which holds the full texts; a public build cannot carry it, and a release is never changed: build the public site into another folder (--out)",
				filepath.Join(from, e.record.Release.Name))
		}
	}
	return nil
}

// releaseList is the releases page's list: the earlier releases, then the
// one this build makes.
func (b *build) releaseList(earlier []earlierRelease) []site.Release {
	var out []site.Release
	for _, e := range earlier {
		r := e.record.Release
		out = append(out, site.Release{Name: r.Name, Date: r.Date, Number: r.Number, Results: e.results})
	}
	if r := b.release; r != nil {
		out = append(out, site.Release{Name: r.Name, Date: r.Date, Number: r.Number})
	}
	return out
}

// render hands opt.Emit the site's files: its provenance record, the
// earlier releases it carries as they are, the pages, and when the build
// makes a release, the copy kept as it (releases/NAME/), whose releases
// page links from there.
func (b *build) render(opt site.Options, earlier []earlierRelease) (*site.Output, error) {
	add := opt.Emit
	prov, err := b.provenanceFiles()
	if err != nil {
		return nil, err
	}
	for _, f := range prov {
		add(f)
	}
	for _, e := range earlier {
		for _, f := range e.files {
			add(f)
		}
	}
	out, err := site.Render(b.view, opt)
	if err != nil || b.release == nil {
		return out, err
	}
	prefix := ReleasesDir + "/" + b.release.Name + "/"
	opt.ReleaseHere = b.release.Name
	opt.Emit = func(f site.File) { add(site.File{Path: prefix + f.Path, Data: f.Data}) }
	for _, f := range prov {
		opt.Emit(f)
	}
	if _, err := site.Render(b.view, opt); err != nil {
		return nil, err
	}
	return out, nil
}

// releaseExcerpts are the excerpts each earlier release publishes (its
// results.json's run texts), by the release's folder in the site
// ("releases/v1/"): the build that made it permitted them, and they are
// published already, in the release's files and nowhere else.
func releaseExcerpts(earlier []earlierRelease) map[string][]string {
	out := map[string][]string{}
	for _, e := range earlier {
		dir := ReleasesDir + "/" + e.record.Release.Name + "/"
		for _, c := range e.results.Cells {
			for _, r := range c.Runs {
				if r.Text != "" {
					out[dir] = append(out[dir], r.Text)
				}
			}
		}
	}
	return out
}
