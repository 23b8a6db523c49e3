package pipeline

import (
	"crypto/sha256"
	"encoding/hex"
	"path/filepath"

	"github.com/evalpress/evalpress/internal/provenance"
	"github.com/evalpress/evalpress/internal/version"
	"github.com/evalpress/evalpress/reports/c5report"
	"github.com/evalpress/evalpress/site"
)

// provenanceFiles are the files a build adds to its site so that verify
// can rebuild it (internal/provenance): the record, and the copy of the
// results its changes were recorded against.
func (b *build) provenanceFiles() ([]site.File, error) {
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
	if b.base.results != nil {
		data, err := site.EncodeBaseline(b.base.results)
		if err != nil {
			return nil, err
		}
		r.Baseline = sha256Hex(data)
		files = append(files, site.File{Path: provenance.BaselineFile, Data: data})
	}
	return append(files, site.File{Path: provenance.File, Data: provenance.Encode(r)}), nil
}

// sha256Hex is data's SHA-256 in hex.
func sha256Hex(data []byte) string {
	sum := sha256.Sum256(data)
	return hex.EncodeToString(sum[:])
}

// methodEvidence is the method page's reference script and the record of
// the differential test against it (reports/c5report).
func methodEvidence() (*site.MethodEvidence, error) {
	e, err := c5report.RecordedEvidence()
	if err != nil {
		return nil, err
	}
	return &site.MethodEvidence{ReferenceName: c5report.ReferenceFile, Reference: c5report.Reference(), Corpus: e.Corpus,
		CorpusSHA256: e.CorpusSHA256, Test: e.Test, Cases: e.Cases, Identical: e.Identical, Thresholds: e.Thresholds}, nil
}
