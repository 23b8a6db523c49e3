package pipeline

import (
	"path/filepath"

	"github.com/evalpress/evalpress/internal/provenance"
	"github.com/evalpress/evalpress/internal/version"
	"github.com/evalpress/evalpress/site"
)

// provenanceFiles are the files a build adds to its site so that verify
// can rebuild it (internal/provenance): the record, and the copy of the
// results its changes were recorded against.
func (b *build) provenanceFiles() []site.File {
	r := provenance.Record{Tool: version.Current(), Sets: b.o.Sets,
		Config:  provenance.Keyed(b.key, filepath.Base(b.cfg.File), b.cfg.Source()),
		Release: b.release}
	for _, d := range b.docs {
		r.Content = append(r.Content, provenance.Keyed(b.key, d.Path, []byte(d.Markdown)))
	}
	for name, data := range b.files {
		r.Content = append(r.Content, provenance.Keyed(b.key, name, data))
	}
	files := []site.File{}
	if b.base.data != nil {
		r.Baseline = b.base.results.SHA256
		files = append(files, site.File{Path: provenance.BaselineFile, Data: b.base.data})
	}
	return append(files, site.File{Path: provenance.File, Data: provenance.Encode(r)})
}
