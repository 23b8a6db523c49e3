// Package provenance is what a site records of how it was made
// (data/provenance.json): the tool, keyed digests of the config and the
// content folder, the --set overrides, the baseline it was compared with
// and the release it is. verify reads it to rebuild the site as it was
// made, and to name the input that differs.
//
// Every digest of an author's file here is keyed (internal/commitment): a
// config or a document is short and partly predictable, and a plain digest
// would let anyone confirm a guess of what it holds. The private inputs'
// own digests are results.json's (inputs).
package provenance

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"regexp"
	"slices"
	"strings"

	"github.com/evalpress/evalpress/internal/commitment"
	"github.com/evalpress/evalpress/internal/version"
)

// File is the site's path of its provenance record.
const File = "data/provenance.json"

// BaselineFile is the site's path of the results it recorded its changes
// against: a copy of the earlier build's data/results.json, which verify
// needs to rebuild the changes page.
const BaselineFile = "data/baseline.json"

// Record is a site's provenance.
type Record struct {
	Tool version.Tool `json:"tool"`
	// Config is the config file's keyed digest; its name is the file's
	// base name.
	Config Digest `json:"config"`
	// Sets are the build's --set overrides, in their order.
	Sets []string `json:"sets"`
	// Content are the content folder's files, by slash-separated path.
	Content []Digest `json:"content"`
	// Baseline is the SHA-256 of BaselineFile; "" when the build compared
	// with no earlier results.
	Baseline string `json:"baseline,omitempty"`
	// Release is the release the site is; nil for a build that is none.
	Release *Release `json:"release,omitempty"`
}

// Digest is a file's keyed digest (HMAC-SHA-256, hex).
type Digest struct {
	File       string `json:"file"`
	HMACSHA256 string `json:"hmac_sha256"`
}

// Release names a release, the day it was made and its place among the
// site's releases.
type Release struct {
	Name   string `json:"name"`
	Date   string `json:"date"`   // YYYY-MM-DD, UTC
	Number int    `json:"number"` // 1 for the first release of the site
}

// releaseName is what a release may be called: a folder name that reads
// the same on every system and every host.
var releaseName = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$`)

// maxReleases bounds a release's number, far above any site's count,
// so that the next one's number cannot overflow.
const maxReleases = 1 << 20

// ErrReleaseName says what a release's name must be.
var ErrReleaseName = errors.New("a release's name is 1 to 64 letters, digits, dots, dashes or underscores, starting with a letter or digit")

// CheckReleaseName returns ErrReleaseName when name is not a release's
// name, or nil.
func CheckReleaseName(name string) error {
	if !releaseName.MatchString(name) {
		return ErrReleaseName
	}
	return nil
}

// check says what is wrong with a release a record names, or nil.
func (r *Release) check() error {
	if err := CheckReleaseName(r.Name); err != nil {
		return fmt.Errorf("the release %q: %w", r.Name, err)
	}
	if r.Number < 1 || r.Number > maxReleases {
		return fmt.Errorf("the release %q numbered %d: a build numbers its releases from 1", r.Name, r.Number)
	}
	return nil
}

// Keyed returns file's keyed digest of data.
func Keyed(key []byte, file string, data []byte) Digest {
	return Digest{File: file, HMACSHA256: commitment.Sum(key, data)}
}

// Encode returns r as the site writes it: indented JSON, the content in
// path order.
func Encode(r Record) []byte {
	r.Content = slices.Clone(r.Content)
	slices.SortFunc(r.Content, func(a, b Digest) int { return strings.Compare(a.File, b.File) })
	if r.Sets == nil {
		r.Sets = []string{}
	}
	if r.Content == nil {
		r.Content = []Digest{}
	}
	data, err := json.MarshalIndent(r, "", "  ")
	if err != nil {
		panic(err) // a Record holds strings and bools only
	}
	return append(data, '\n')
}

// Decode reads a record written by Encode.
func Decode(data []byte) (Record, error) {
	var r Record
	dec := json.NewDecoder(bytes.NewReader(data))
	if err := dec.Decode(&r); err != nil {
		return Record{}, fmt.Errorf("not a provenance record: %v", err)
	}
	if r.Tool.Version == "" {
		return Record{}, fmt.Errorf("not a provenance record: no tool version")
	}
	if r.Release != nil {
		if err := r.Release.check(); err != nil {
			return Record{}, fmt.Errorf("not a provenance record evalpress wrote: %w", err)
		}
	}
	return r, nil
}

// Differences names the files whose digests differ between a site's
// record and a rebuild's, each with what differs: the config, a content
// file changed, added or removed.
func Differences(site, rebuilt Record) []string {
	var out []string
	if site.Config.HMACSHA256 != rebuilt.Config.HMACSHA256 {
		out = append(out, rebuilt.Config.File+": differs from the config the site was built with")
	}
	if !slices.Equal(site.Sets, rebuilt.Sets) {
		out = append(out, "--set: the overrides differ from the site's")
	}
	was := map[string]string{}
	for _, d := range site.Content {
		was[d.File] = d.HMACSHA256
	}
	for _, d := range rebuilt.Content {
		switch h, ok := was[d.File]; {
		case !ok:
			out = append(out, d.File+": a content file the site was not built with")
		case h != d.HMACSHA256:
			out = append(out, d.File+": differs from the content file the site was built with")
		}
		delete(was, d.File)
	}
	for _, f := range slices.Sorted(maps.Keys(was)) {
		out = append(out, f+": a content file the site was built with is missing")
	}
	return out
}
