package pipeline

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"os"
	"slices"
	"sync"

	"github.com/evalpress/evalpress/config"
	"github.com/evalpress/evalpress/internal/pagecache"
	"github.com/evalpress/evalpress/redact"
	"github.com/evalpress/evalpress/redact/public"
	"github.com/evalpress/evalpress/reports/inputs"
	"github.com/evalpress/evalpress/site"
)

// pageCache is the build's use of the page cache: off when the user's own
// templates may put the verdicts anywhere on a cell page.
type pageCache struct {
	dir, key    string
	seal        []byte // the key of the cache's seals
	enabled     bool
	measurement string // the digest of the measurement the pages are made from
}

// pageCacheKey identifies the cell pages' bodies and runs: the evalpress
// binary, every private input and every setting but the verdict thresholds.
// An entry also records the measurement it was made from (by its digest: the
// texts are not read again to check a cached measurement).
func pageCacheKey(folder *inputs.Folder, cfg *config.Config) string {
	h := sha256.New()
	fmt.Fprintf(h, "evalpress-pages-2\n%s\n", executableID())
	writeDigests(h, folder)
	settings := cfg.WithCriteria(cfg.Criteria().ForMeasurement())
	settings.Hypotheses = nil // judged anew by every build
	enc, _ := json.Marshal(&settings)
	h.Write(enc)
	return hex.EncodeToString(h.Sum(nil))[:32]
}

// writeDigests writes every private input's name and digest to h.
func writeDigests(h io.Writer, folder *inputs.Folder) {
	for _, name := range slices.Sorted(maps.Keys(folder.Digests)) {
		fmt.Fprintf(h, "%s=%s\n", name, folder.Digests[name])
	}
}

// scannerKind names the cached index of the leak scanner's private passages.
const scannerKind = "scanner"

// scannerCacheKey identifies the leak scanner's index: the evalpress binary
// and every private input.
func scannerCacheKey(folder *inputs.Folder) string {
	h := sha256.New()
	fmt.Fprintf(h, "evalpress-scanner-1\n%s\n", executableID())
	writeDigests(h, folder)
	return hex.EncodeToString(h.Sum(nil))[:32]
}

// executableID names the running binary's build: a rebuilt evalpress may
// render or scan differently, and must not reuse an older one's pages.
func executableID() string {
	exe, err := os.Executable()
	if err != nil {
		return "unknown"
	}
	info, err := os.Stat(exe)
	if err != nil {
		return "unknown"
	}
	return fmt.Sprintf("%s %d %d", exe, info.Size(), info.ModTime().UnixNano())
}

// load reads the cached entry, whatever its key.
func (c pageCache) load() *pagecache.Entry {
	if !c.enabled {
		return nil
	}
	e, ok := pagecache.Load(c.dir, c.seal)
	if !ok {
		return nil
	}
	return e
}

// fits reports whether e was made from the binary, inputs, settings and
// measurement of this build.
func (c pageCache) fits(e *pagecache.Entry) bool {
	return e != nil && c.enabled && e.Key == c.key && e.Measurement == c.measurement
}

// store keeps the runs of view and the bodies of out's cell pages. In a
// public build, certified lists the bodies the leak scan certified.
func (c pageCache) store(view *public.View, out *site.Output, certified *sync.Map) error {
	e := &pagecache.Entry{Key: c.key, Measurement: c.measurement, Runs: redact.RunsOf(view), Pages: make(map[string]pagecache.Page, len(out.Headers))}
	for path := range out.Headers {
		ok := false
		if certified != nil {
			_, ok = certified.Load(path)
		}
		e.Pages[path] = pagecache.Page{Body: out.CellBody(path), Certified: ok}
	}
	return pagecache.Store(c.dir, c.seal, e)
}
