// Package incremental is the threshold-only rebuild: a build whose inputs,
// settings and measurement are those of the previous one but for the
// verdict thresholds renders only the headers of the cell pages and puts
// the previous build's bodies under them, and its leak scan reads only the
// header and the window of the body a term or passage touching it could
// reach (redact.Scanner.ScanReused, which says why that is enough).
//
// One Build is one build's use of it, in this order: Start reads what the
// previous build left in the cache while the build measures; Open keeps it
// when it fits this build; Runs and Bodies hand it to the redaction and the
// renderer; Scan scans each file the build writes and certifies the cell
// pages whose bodies a later build may reuse unscanned; Store leaves this
// build's pages for the next; Close releases the previous ones. Putting a
// new header above an earlier body is the renderer's part
// (site.Options.CellBodies, site.Output.Headers). Figures are reused the
// same way: the statistics' permutation tests do not depend on thresholds.
package incremental

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"sync"

	"github.com/evalpress/evalpress/config"
	"github.com/evalpress/evalpress/internal/cachefile"
	"github.com/evalpress/evalpress/redact"
	"github.com/evalpress/evalpress/redact/public"
	"github.com/evalpress/evalpress/reports/inputs"
	"github.com/evalpress/evalpress/reports/measure"
	"github.com/evalpress/evalpress/site"
)

// Build is one build's use of the page cache. Its methods may be called on
// a nil Build (no cache at all): it then reuses and stores nothing, and
// scans every file whole.
type Build struct {
	dir  string
	seal []byte // the key of the cache's seals
	// on is false when nothing may be stored: the user's own templates may
	// put the verdicts anywhere on a cell page, the measurement has no
	// digest, or it was stale.
	on          bool
	loading     chan *entry // the previous build's entry, once read
	loaded      *entry      // what loading gave, kept to release it
	received    bool        // loaded is what loading gave
	prev        *entry      // the previous build's entry, when it fits this build
	key         string      // what this build's pages are made from (see key)
	measurement string      // the digest of the measurement they are made from
	certified   sync.Map    // cell page paths whose body the scan certified
	settled     *settled    // the leak scan's settled verdicts; nil when none are kept
}

// Start begins reading what the previous build left in the cache folder
// dir, sealed with seal. With on false (a templates folder of the user's
// overrides the layout) nothing is read or stored.
func Start(dir string, seal []byte, on bool) *Build {
	b := &Build{dir: dir, seal: seal, on: on, loading: make(chan *entry, 1)}
	if !on {
		b.loading <- nil
		return b
	}
	go func() {
		e, _ := load(dir, seal)
		b.loading <- e
	}()
	return b
}

// Open waits for the previous build's entry and keeps it when it was made
// from the same binary, inputs and settings but for the verdict thresholds
// (key), and from the measurement m, read from the cache (cached): a
// measurement made again may differ from the one the bodies show. It
// returns whether the build reuses bodies, when the findings need no texts
// for the run views of the reused pages.
func (b *Build) Open(folder *inputs.Folder, cfg *config.Config, m *measure.Result, cached bool) bool {
	if b == nil {
		return false
	}
	b.key, b.measurement = key(folder, cfg), m.Digest
	b.on = b.on && m.Digest != "" && b.key != ""
	if b.on {
		b.settled = loadSettled(b.dir, b.key, b.seal)
	}
	b.loaded, b.received = <-b.loading, true
	if e := b.loaded; cached && b.on && e != nil && e.Key == b.key && e.Measurement == b.measurement && len(e.Runs) == len(m.Cells) {
		b.prev = e
	}
	return b.prev != nil
}

// Forget reuses nothing and stores nothing: the measurement Open was given
// turned out stale, and pages made now would not fit it.
func (b *Build) Forget() {
	if b != nil {
		b.prev, b.on, b.settled = nil, false, nil
	}
}

// Reusing reports whether the build reuses the previous build's pages.
func (b *Build) Reusing() bool { return b != nil && b.prev != nil }

// Runs returns the runs of every cell the previous build found, for
// redact.Input.Runs; nil when it reuses nothing.
func (b *Build) Runs() []redact.CellRuns {
	if !b.Reusing() {
		return nil
	}
	return b.prev.Runs
}

// Bodies returns the previous build's cell page bodies by path, for
// site.Options.CellBodies; nil when it reuses nothing.
func (b *Build) Bodies() map[string][]byte {
	if !b.Reusing() {
		return nil
	}
	return b.prev.bodies()
}

// Scan leak-scans a file the build writes with s, and returns what it
// found. A cell page whose body it reused from a page the scan certified
// is scanned only in its header and the window after it
// (redact.Scanner.ScanReused); another cell page is scanned whole, and
// certified when its body may be reused so (ScanCertified). Another file
// that passed settled in the previous build, with the same path and
// bytes, is not scanned again (see settled). It may run on several
// goroutines at once.
func (b *Build) Scan(s *redact.Scanner, f site.File) []redact.Leak {
	switch {
	case f.Reused && b.Reusing() && b.prev.Pages[f.Path].Certified && f.Header == len(f.Data) && f.Tail != nil:
		window := b.prev.Pages[f.Path].Window
		b.certified.Store(f.Path, window)
		return s.ScanReusedBody(f.Path, f.Data, f.Tail, window)
	case f.Tail != nil:
		// Any other file given apart is scanned whole: not as reused,
		// whose body would start Header bytes in, before the Tail the
		// previous build certified, its recorded window cut short.
		f.Data, f.Tail, f.Reused = append(f.Data[:len(f.Data):len(f.Data)], f.Tail...), nil, false
		return b.Scan(s, f)
	case f.Header == 0 && b != nil && b.settled != nil:
		return b.settled.scan(s, f.Path, f.Data)
	case f.Header == 0:
		return s.ScanOutput(f.Path, f.Data)
	case f.Reused && b.Reusing() && b.prev.Pages[f.Path].Certified:
		window := b.prev.Pages[f.Path].Window
		b.certified.Store(f.Path, window)
		return s.ScanReused(f.Path, f.Data, f.Header, window)
	}
	leaks, window := s.ScanCertified(f.Path, f.Data, f.Header)
	if window >= 0 && b != nil {
		b.certified.Store(f.Path, window)
	}
	return leaks
}

// Store keeps the scan's settled verdicts, and the runs of view and the
// bodies of out's cell pages, each marked certified when Scan certified
// it, for the next build. It stores nothing when nothing may be stored,
// and no pages when every page was reused (the entry holds them already)
// or when the cell pages were not kept in memory
// (site.Options.DropCellPages).
func (b *Build) Store(view *public.View, out *site.Output) error {
	if b == nil || !b.on {
		return nil
	}
	if b.settled != nil {
		if err := b.settled.store(b.dir, b.key, b.seal); err != nil {
			return err
		}
	}
	if len(out.Reused) == len(out.Headers) {
		return nil
	}
	e := &entry{Key: b.key, Measurement: b.measurement, Runs: redact.RunsOf(view), Pages: make(map[string]page, len(out.Headers))}
	for path := range out.Headers {
		body := out.CellBody(path)
		if body == nil {
			return nil // dropped
		}
		window, ok := b.certified.Load(path)
		p := page{Body: body, Certified: ok}
		if ok {
			p.Window = window.(int)
		}
		e.Pages[path] = p
	}
	return store(b.dir, b.seal, e)
}

// Close releases the previous build's pages, once nothing reads their
// bodies any more.
func (b *Build) Close() {
	if b == nil {
		return
	}
	if !b.received { // Open was never called
		b.loaded, b.received = <-b.loading, true
	}
	b.loaded.close()
	b.loaded, b.prev = nil, nil
}

// key identifies the cell pages' bodies and runs: the evalpress binary,
// every private input and every setting but the verdict thresholds; "" when
// the settings cannot be written down. An entry also records the
// measurement it was made from (by its digest: the texts are not read
// again to check a cached measurement).
func key(folder *inputs.Folder, cfg *config.Config) string {
	h := sha256.New()
	fmt.Fprintf(h, "evalpress-pages-2\n%s\n", cachefile.Executable())
	cachefile.WriteDigests(h, folder.Digests)
	settings := cfg.WithCriteria(cfg.Criteria().ForMeasurement())
	settings.Hypotheses = nil // judged anew by every build
	enc, err := json.Marshal(&settings)
	if err != nil {
		return "" // settings it cannot name (a NaN): nothing is reused or stored
	}
	h.Write(enc)
	return hex.EncodeToString(h.Sum(nil))[:32]
}
