package incremental

import (
	"bytes"
	"encoding/binary"
	"encoding/gob"
	"fmt"
	"maps"
	"slices"

	"github.com/evalpress/evalpress/internal/cachefile"
	"github.com/evalpress/evalpress/redact"
)

// kind names the cache's files (see cachefile).
const kind = "pages"

// The entry is what a build can reuse when only the verdict thresholds
// change: every cell's runs and the body of every cell page (see
// site.Output.Headers), in one file beside the measurement cache. Only the
// latest entry is kept, under a fixed name with its key inside, so that a
// build can read it before it knows the key (its inputs' digests). The file
// is private (run texts of an internal build are in it) and is never part of
// a published folder.

// page is a cell page's body.
type page struct {
	Body []byte
	// Certified is true when the leak scan passed the body for reuse
	// (redact.Scanner.ScanCertified): a rebuild scans only its window,
	// Window bytes long (0: unknown, found again).
	Certified bool
	Window    int
}

// entry is what one build leaves for the next.
type entry struct {
	// Key names what the entry was made from: the binary, inputs, settings.
	Key string
	// Measurement names the measurement the entry was made from.
	Measurement string
	Runs        []redact.CellRuns // in cell order
	Pages       map[string]page   // by page path

	release func() // unmaps the bodies
}

// bodies returns the pages' bodies by path.
func (e *entry) bodies() map[string][]byte {
	out := make(map[string][]byte, len(e.Pages))
	for p, page := range e.Pages {
		out[p] = page.Body
	}
	return out
}

// index is the part of the file before the bodies.
type index struct {
	Key         string
	Measurement string
	Runs        []redact.CellRuns
	Paths       []string
	Sizes       []int
	Certified   []bool
	Windows     []int
}

// latest is the name of the one entry kept.
const latest = "latest"

// load returns the entry stored in dir, sealed with seal (see cachefile), or
// false. A missing, damaged, edited or foreign file is a miss, never an error. The caller compares its Key.
//
// The bodies may be mapped from the file: close the entry once they are no
// longer read.
func load(dir string, seal []byte) (*entry, bool) {
	data, release, ok := cachefile.Map(dir, kind, latest, seal)
	if !ok {
		return nil, false
	}
	e, ok := decode(data)
	if !ok {
		release()
		return nil, false
	}
	e.release = release
	return e, true
}

// close releases the entry's bodies.
func (e *entry) close() {
	if e != nil && e.release != nil {
		e.release()
		e.release = nil
	}
}

func decode(data []byte) (*entry, bool) {
	if len(data) < 8 {
		return nil, false
	}
	n, data := binary.LittleEndian.Uint64(data), data[8:]
	if n > uint64(len(data)) {
		return nil, false
	}
	var ix index
	if err := gob.NewDecoder(bytes.NewReader(data[:n])).Decode(&ix); err != nil || len(ix.Sizes) != len(ix.Paths) || len(ix.Certified) != len(ix.Paths) || len(ix.Windows) != len(ix.Paths) {
		return nil, false
	}
	bodies := data[n:]
	e := &entry{Key: ix.Key, Measurement: ix.Measurement, Runs: ix.Runs, Pages: make(map[string]page, len(ix.Paths))}
	for i, p := range ix.Paths {
		size := ix.Sizes[i]
		if size < 0 || size > len(bodies) {
			return nil, false
		}
		e.Pages[p] = page{Body: bodies[:size:size], Certified: ix.Certified[i], Window: ix.Windows[i]}
		bodies = bodies[size:]
	}
	if len(bodies) != 0 {
		return nil, false
	}
	return e, true
}

// store writes e into dir, sealed with seal, atomically, in place of the
// entry there.
func store(dir string, seal []byte, e *entry) error {
	ix := index{Key: e.Key, Measurement: e.Measurement, Runs: e.Runs, Paths: slices.Sorted(maps.Keys(e.Pages))}
	for _, p := range ix.Paths {
		page := e.Pages[p]
		ix.Sizes = append(ix.Sizes, len(page.Body))
		ix.Certified = append(ix.Certified, page.Certified)
		ix.Windows = append(ix.Windows, page.Window)
	}
	var head bytes.Buffer
	if err := gob.NewEncoder(&head).Encode(&ix); err != nil {
		return fmt.Errorf("failed to encode the page cache: %w", err)
	}
	pieces := [][]byte{binary.LittleEndian.AppendUint64(nil, uint64(head.Len())), head.Bytes()}
	for _, p := range ix.Paths {
		pieces = append(pieces, e.Pages[p].Body)
	}
	return cachefile.Write(dir, kind, latest, seal, pieces...)
}
