// Package verify confirms that private inputs make exactly a published
// site: it rebuilds the site in a temporary folder, as the site's
// provenance record says it was made (internal/provenance), and compares
// the two file by file. It names each input whose digest differs from the
// one the site commits to, and each published file that differs, with its
// first differing line.
package verify

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"iter"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/evalpress/evalpress/config"
	"github.com/evalpress/evalpress/internal/commitment"
	"github.com/evalpress/evalpress/internal/provenance"
	"github.com/evalpress/evalpress/internal/readfile"
	"github.com/evalpress/evalpress/internal/textcheck"
	"github.com/evalpress/evalpress/internal/version"
	"github.com/evalpress/evalpress/pipeline"
	"github.com/evalpress/evalpress/reports/criteria"
	"github.com/evalpress/evalpress/site"
	"github.com/evalpress/evalpress/sitewrite"
)

// Options say what to verify.
type Options struct {
	Site   string // the published site's folder
	Inputs string // the private inputs folder
	Config string // the config file
	// Criteria are the criteria the site was built with: the program's
	// (criteria.Default, or its own set).
	Criteria criteria.Set
}

// Report is what a verification found.
type Report struct {
	// Files is how many files were compared.
	Files int
	// Differences name each differing input and file, one a line: "FILE:
	// what differs", "FILE:LINE: differs from the rebuild".
	Differences []string
	// Skipped are the site's files evalpress did not write (its record
	// says so: a CNAME, a host's files), not compared.
	Skipped []string
	// Carried are the earlier releases the site carries, by name: the
	// rebuild copies them from the site as they are, so they are not
	// compared; each is verified on its own, with the inputs it was made
	// from (its folder as Options.Site).
	Carried []string
}

// ErrOtherVersion is returned for a site made by another evalpress: a
// rebuild by this one is not expected to equal it.
var ErrOtherVersion = errors.New("made by another version of evalpress")

// Run rebuilds the site of o from its inputs and compares the two.
func Run(ctx context.Context, o Options) (*Report, error) {
	rec, err := readRecord(ctx, o.Site)
	if err != nil {
		return nil, err
	}
	if now := version.Current(); !rec.Tool.Same(now) {
		return nil, fmt.Errorf("%s: %w: it was made by %s, this is %s; verify it with the evalpress that made it", o.Site, ErrOtherVersion, rec.Tool, now)
	}
	if _, err := os.Stat(filepath.Join(o.Inputs, commitment.KeyFile)); err != nil {
		return nil, fmt.Errorf("%s: no %s: the site's keyed digests were made with the key kept with its private inputs; give the inputs folder that holds it", o.Inputs, commitment.KeyFile)
	}
	tmp, err := os.MkdirTemp("", "evalpress-verify-*")
	if err != nil {
		return nil, fmt.Errorf("cannot make a folder to rebuild in: %w", err)
	}
	defer os.RemoveAll(tmp)
	rebuilt, err := rebuild(ctx, o, rec, filepath.Join(tmp, "site"))
	if err != nil {
		return nil, err
	}
	return compare(ctx, o, rec, rebuilt)
}

// readRecord reads the site's provenance record.
func readRecord(ctx context.Context, site string) (provenance.Record, error) {
	name := filepath.Join(site, filepath.FromSlash(provenance.File))
	data, err := readfile.ReadFile(ctx, name, readfile.Settings)
	if errors.Is(err, fs.ErrNotExist) {
		return provenance.Record{}, fmt.Errorf("%s: no %s: not a site evalpress made, or made before sites recorded how they were made", site, provenance.File)
	}
	if err != nil {
		return provenance.Record{}, err
	}
	rec, err := provenance.Decode(data)
	if err != nil {
		return provenance.Record{}, fmt.Errorf("%s: %w", name, err)
	}
	return rec, nil
}

// rebuild builds the site again into out, as rec says it was made, and
// returns the folder of out to compare the site with: out, or the copy
// kept as its release when the site is that copy (releases/NAME/ of a
// site, without releases of its own).
func rebuild(ctx context.Context, o Options, rec provenance.Record, out string) (string, error) {
	p := pipeline.Options{Config: o.Config, Inputs: o.Inputs, Out: out, Sets: rec.Sets, Criteria: o.Criteria,
		ReleasesFrom: filepath.Join(o.Site, pipeline.ReleasesDir)}
	if rec.Baseline != "" {
		p.Baseline = filepath.Join(o.Site, filepath.FromSlash(provenance.BaselineFile))
	}
	compareWith := out
	if rec.Release != nil {
		p.Release, p.ReleaseAs = rec.Release.Name, rec.Release
		if !isDir(filepath.Join(p.ReleasesFrom, rec.Release.Name)) {
			// The site is the release's copy: its releases are beside it.
			p.ReleasesFrom = filepath.Dir(filepath.Clean(o.Site))
			compareWith = filepath.Join(out, pipeline.ReleasesDir, rec.Release.Name)
		}
	}
	if _, err := pipeline.Build(ctx, p, io.Discard); err != nil {
		return "", fmt.Errorf("the rebuild failed: %w", err)
	}
	return compareWith, nil
}

// isDir reports whether dir is a folder.
func isDir(dir string) bool {
	info, err := os.Stat(dir)
	return err == nil && info.IsDir()
}

// compare compares the site with its rebuild.
func compare(ctx context.Context, o Options, rec provenance.Record, rebuilt string) (*Report, error) {
	r := &Report{}
	again, err := readRecord(ctx, rebuilt)
	if err != nil {
		return nil, err
	}
	cfg, err := config.Load(o.Config, rec.Sets, o.Criteria)
	if err != nil {
		return nil, err
	}
	for _, d := range provenance.Differences(rec, again) {
		r.Differences = append(r.Differences, inputPath(cfg, o.Config, d))
	}
	inputs, err := inputDifferences(ctx, o, rebuilt)
	if err != nil {
		return nil, err
	}
	r.Differences = append(r.Differences, inputs...)
	r.Carried = carried(rebuilt, rec)
	files, err := fileDifferences(ctx, o.Site, rebuilt, r)
	if err != nil {
		return nil, err
	}
	r.Differences = append(r.Differences, files...)
	return r, nil
}

// inputPath puts the config's or a content file's folder before the name
// in a difference provenance.Differences states.
func inputPath(cfg *config.Config, configFile, d string) string {
	if strings.HasPrefix(d, "--set") {
		return d
	}
	if strings.HasPrefix(d, filepath.Base(configFile)+": differs from the config") {
		return configFile + strings.TrimPrefix(d, filepath.Base(configFile))
	}
	return filepath.Join(cfg.Path(cfg.ContentDir), d)
}

// inputDifferences names the private inputs whose digests differ between
// the site's results.json and the rebuild's.
func inputDifferences(ctx context.Context, o Options, rebuilt string) ([]string, error) {
	was, err := inputDigests(ctx, o.Site)
	if err != nil {
		return nil, err
	}
	now, err := inputDigests(ctx, rebuilt)
	if err != nil {
		return nil, err
	}
	var out []string
	for _, name := range slices.Sorted(union(was, now)) {
		w, inSite := was[name]
		n, inInputs := now[name]
		file := filepath.Join(o.Inputs, filepath.FromSlash(name))
		switch {
		case !inInputs:
			out = append(out, file+": missing; the site was built with it")
		case !inSite:
			out = append(out, file+": the site was built without it")
		case w != n:
			out = append(out, file+": differs from the one the site was built with")
		}
	}
	return out, nil
}

// inputDigests reads the private inputs' digests of a site's results.json.
func inputDigests(ctx context.Context, dir string) (map[string]string, error) {
	name := filepath.Join(dir, "data", "results.json")
	data, err := readfile.ReadFile(ctx, name, readfile.Corpus)
	if err != nil {
		return nil, err
	}
	results, err := site.ParseBaseline(data)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	out := map[string]string{}
	for _, in := range results.Inputs {
		out[in.File] = in.SHA256 + in.HMACSHA256
	}
	return out, nil
}

// union returns the keys of a and b, each once.
func union[V any](a, b map[string]V) iter.Seq[string] {
	return func(yield func(string) bool) {
		for k := range a {
			if !yield(k) {
				return
			}
		}
		for k := range b {
			if _, ok := a[k]; !ok && !yield(k) {
				return
			}
		}
	}
}

// carried names the earlier releases the rebuilt site holds, which the
// rebuild copied from the site: every release but the one the site made.
func carried(rebuilt string, rec provenance.Record) []string {
	entries, _ := os.ReadDir(filepath.Join(rebuilt, pipeline.ReleasesDir))
	var out []string
	for _, e := range entries {
		if e.IsDir() && (rec.Release == nil || e.Name() != rec.Release.Name) {
			out = append(out, e.Name())
		}
	}
	return out
}

// inCarried reports whether rel (slash-separated) is in one of the
// releases r.Carried.
func (r *Report) inCarried(rel string) bool {
	for _, name := range r.Carried {
		if strings.HasPrefix(rel, pipeline.ReleasesDir+"/"+name+"/") {
			return true
		}
	}
	return false
}

// fileDifferences compares the files of the site with the rebuild's: the
// files evalpress did not write (by the site's record) are skipped, and
// so are the releases the rebuild copied from the site (r.Carried).
func fileDifferences(ctx context.Context, site, rebuilt string, r *Report) ([]string, error) {
	have, skipped, err := ownFiles(site)
	if err != nil {
		return nil, err
	}
	r.Skipped = skipped
	want, _, err := ownFiles(rebuilt)
	if err != nil {
		return nil, err
	}
	var out []string
	for _, rel := range slices.Sorted(union(have, want)) {
		file := filepath.Join(site, filepath.FromSlash(rel))
		if r.inCarried(rel) {
			continue
		}
		if d := presence(r, rel, have, want); d != "" {
			out = append(out, file+": "+d)
			continue
		}
		r.Files++
		line, err := differingLine(ctx, file, filepath.Join(rebuilt, filepath.FromSlash(rel)))
		if err != nil {
			return nil, err
		}
		if line > 0 {
			out = append(out, fmt.Sprintf("%s:%d: differs from the rebuild", file, line))
		}
	}
	return out, nil
}

// presence says what is wrong with the file rel of the site, a regular
// file or not (have), as the rebuild has it or not (want): "" when both
// have it as a file, to compare.
func presence(r *Report, rel string, have, want map[string]bool) string {
	regular, inSite := have[rel]
	switch {
	case !inSite && slices.Contains(r.Skipped, rel):
		return "there, but the site's record does not list it as evalpress's; the rebuild has it"
	case !inSite:
		return "missing; the rebuild has it"
	case !regular:
		return "a link or another file that is not regular, never a file evalpress wrote"
	case !want[rel]:
		return "not made by these inputs"
	}
	return ""
}

// ownFiles lists the files of the site in dir by slash-separated path, but
// the marker evalpress keeps there and a git checkout's .git, each with
// whether it is a regular file (a link is not: it is never followed).
// When the site has its marker, the files it says evalpress did not write
// (a CNAME) are left out, and listed as skipped; so are files with a
// hidden name, which evalpress never writes.
func ownFiles(dir string) (files map[string]bool, skipped []string, err error) {
	if err := sitewrite.CheckRecord(dir); err != nil {
		return nil, nil, fmt.Errorf("%v; verify cannot tell which files of %s evalpress wrote, so it compares none: verify the site as it was published, with its record whole", err, dir)
	}
	if _, err := os.Lstat(filepath.Join(dir, sitewrite.MarkerFile)); err == nil {
		if skipped, err = sitewrite.Published(dir); err != nil {
			return nil, nil, err
		}
	}
	skip := map[string]bool{}
	for _, f := range skipped {
		skip[f] = true
	}
	out := map[string]bool{}
	err = filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(dir, p) // dir as given: "public/", "./public"
		if err != nil {
			return err
		}
		rel = filepath.ToSlash(rel)
		switch {
		case rel == ".":
		case d.IsDir() && sitewrite.IsGitDir(rel):
			return filepath.SkipDir
		case d.IsDir(), rel == sitewrite.MarkerFile, skip[rel]:
		case hidden(rel):
			skipped = append(skipped, rel) // a .DS_Store in a release, which has no record
		default:
			out[rel] = d.Type().IsRegular()
		}
		return nil
	})
	if err != nil {
		return nil, nil, fmt.Errorf("cannot list the files of %s: %w", dir, err)
	}
	return out, skipped, nil
}

// hidden reports whether the slash-separated path rel has a hidden
// segment: evalpress writes none into a site.
func hidden(rel string) bool {
	return strings.HasPrefix(rel, ".") || strings.Contains(rel, "/.")
}

// differingLine returns the first line where files a and b differ, or 0.
func differingLine(ctx context.Context, a, b string) (int, error) {
	x, err := readfile.ReadFile(ctx, a, readfile.Corpus)
	if err != nil {
		return 0, err
	}
	y, err := readfile.ReadFile(ctx, b, readfile.Corpus)
	if err != nil {
		return 0, err
	}
	return textcheck.FirstDifferingLine(x, y), nil
}
