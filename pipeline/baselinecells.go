package pipeline

import (
	"encoding/binary"
	"errors"
	"math"
	"slices"

	"github.com/evalpress/evalpress/reports/criteria"
	"github.com/evalpress/evalpress/site"
)

// The cached baseline's cells are written in a format of their own, not
// with encoding/gob: a threshold-only rebuild reads the previous build's
// baseline and writes its own, and gob, which reads and writes each map of
// each cell's outcomes through reflection, took 40 ms of the bench's
// rebuild for it. The format writes, for each cell, the fields a baseline
// keeps (site.Results.Baseline): strings and lists with their lengths
// first, maps as sorted keys and values, a nil list or map apart from an
// empty one. TestBaselineCellsCodecKnowsEveryField fails when one of the
// types gains a field this file does not write.

// appendBaselineCell appends c, as a baseline keeps it, to b.
func appendBaselineCell(b []byte, c *site.ResultsCell) []byte {
	b = appendString(b, c.Model)
	b = appendString(b, c.Section)
	b = appendString(b, c.Verdict)
	b = appendStrings(b, c.Rules)
	b = binary.AppendVarint(b, int64(c.Run))
	b = binary.LittleEndian.AppendUint64(b, math.Float64bits(c.Overlap))
	b = appendCount(b, len(c.Judged), c.Judged == nil)
	for _, g := range c.Judged {
		b = appendString(b, g.By)
		b = appendBool(b, g.Labeller)
		b = appendString(b, g.Sample)
		b = appendBool(b, g.Missing)
		b = appendCount(b, len(g.Criteria), g.Criteria == nil)
		var keys [8]string
		for _, id := range sortedKeys(g.Criteria, keys[:0]) {
			call := g.Criteria[id]
			b = appendString(b, id)
			b = appendString(b, call.Verdict)
			b = appendString(b, call.Reason)
			b = appendCountOf(b, call.N)
			b = appendCountOf(b, call.Of)
		}
	}
	return appendRecords(b, c.Criteria)
}

// maxRecordDepth bounds the records inside records (a judged criterion's
// judges) a reader follows.
const maxRecordDepth = 4

func appendRecords(b []byte, records map[string]criteria.Record) []byte {
	b = appendCount(b, len(records), records == nil)
	var keys [8]string
	for _, id := range sortedKeys(records, keys[:0]) {
		r := records[id]
		b = appendString(b, id)
		b = appendString(b, r.Verdict)
		b = appendString(b, r.Reason)
		b = appendStrings(b, r.Rules)
		b = appendFigures(b, r.Values)
		b = appendFigures(b, r.Limits)
		b = appendRecords(b, r.Judges)
	}
	return b
}

func appendFigures(b []byte, m map[string]float64) []byte {
	b = appendCount(b, len(m), m == nil)
	var keys [8]string
	for _, k := range sortedKeys(m, keys[:0]) {
		b = appendString(b, k)
		b = binary.LittleEndian.AppendUint64(b, math.Float64bits(m[k]))
	}
	return b
}

// sortedKeys returns m's keys, sorted, in keys (a map of a few keys: the
// room for them need not be made).
func sortedKeys[V any](m map[string]V, keys []string) []string {
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}

// appendCountOf appends a judged call's count, which may be missing.
func appendCountOf(b []byte, n *int) []byte {
	b = appendBool(b, n != nil)
	if n != nil {
		b = binary.AppendVarint(b, int64(*n))
	}
	return b
}

// appendCount appends the length of a list or map, 0 for a nil one.
func appendCount(b []byte, n int, isNil bool) []byte {
	if isNil {
		return binary.AppendUvarint(b, 0)
	}
	return binary.AppendUvarint(b, uint64(n)+1)
}

func appendString(b []byte, s string) []byte {
	return append(binary.AppendUvarint(b, uint64(len(s))), s...)
}

func appendStrings(b []byte, ss []string) []byte {
	b = appendCount(b, len(ss), ss == nil)
	for _, s := range ss {
		b = appendString(b, s)
	}
	return b
}

func appendBool(b []byte, v bool) []byte {
	if v {
		return append(b, 1)
	}
	return append(b, 0)
}

// errBaselineCells says the cached cells end early or hold a count that
// cannot be: the cache is then a miss.
var errBaselineCells = errors.New("damaged baseline cells")

// cellReader reads what appendBaselineCell wrote; a read past the end or
// of an impossible count sets err, and every read after it gives zeros.
type cellReader struct {
	b   []byte
	err error
	// seen are the strings read so far: a baseline's are mostly the
	// same few (the writers, verdicts, rules, criteria and their values'
	// names), each made once.
	seen map[string]string
}

// cell reads the next cell.
func (r *cellReader) cell() site.ResultsCell {
	c := site.ResultsCell{Model: r.string(), Section: r.string(), Verdict: r.string(), Rules: r.strings()}
	c.Run = int(r.varint())
	c.Overlap = r.float()
	if n, isNil := r.count(); !isNil {
		c.Judged = make([]site.ResultsGrade, 0, min(n, roomAtMost))
		for range n {
			g := r.grade()
			if r.err != nil {
				break
			}
			c.Judged = append(c.Judged, g)
		}
	}
	c.Criteria = r.records(0)
	return c
}

// grade reads a judge's or labeller's grade of a cell.
func (r *cellReader) grade() site.ResultsGrade {
	g := site.ResultsGrade{By: r.string(), Labeller: r.bool(), Sample: r.string(), Missing: r.bool()}
	n, isNil := r.count()
	if isNil {
		return g
	}
	g.Criteria = make(map[string]site.ResultsJudgedCall, min(n, roomAtMost))
	for range n {
		id := r.string()
		call := site.ResultsJudgedCall{Verdict: r.string(), Reason: r.string(), N: r.countOf(), Of: r.countOf()}
		if r.err != nil {
			break
		}
		g.Criteria[id] = call
	}
	return g
}

func (r *cellReader) records(depth int) map[string]criteria.Record {
	if depth > maxRecordDepth {
		r.fail()
	}
	n, isNil := r.count()
	if isNil {
		return nil
	}
	out := make(map[string]criteria.Record, min(n, roomAtMost))
	for range n {
		id := r.string()
		rec := criteria.Record{Verdict: r.string(), Reason: r.string(), Rules: r.strings(),
			Values: r.figures(), Limits: r.figures(), Judges: r.records(depth + 1)}
		if r.err != nil {
			break
		}
		out[id] = rec
	}
	return out
}

func (r *cellReader) figures() map[string]float64 {
	n, isNil := r.count()
	if isNil {
		return nil
	}
	out := make(map[string]float64, min(n, roomAtMost))
	for range n {
		k, v := r.string(), r.float()
		if r.err != nil {
			break
		}
		out[k] = v
	}
	return out
}

// countOf reads a judged call's count, nil when it is missing.
func (r *cellReader) countOf() *int {
	if !r.bool() {
		return nil
	}
	n := int(r.varint())
	return &n
}

// count reads the length of a list or map; a length longer than what is
// left to read (each element takes a byte at least) is damage. Its reader
// makes room for at most roomAtMost entries before reading them, so that
// a damaged length makes no more, however many bytes follow.
func (r *cellReader) count() (n int, isNil bool) {
	v := r.uvarint()
	if v == 0 {
		return 0, true
	}
	if v-1 > uint64(len(r.b)) {
		r.fail()
		return 0, true
	}
	return int(v - 1), false
}

// roomAtMost bounds the room a reader makes for a list or map before it
// reads it: a cell's lists and maps hold a few entries.
const roomAtMost = 16

func (r *cellReader) string() string {
	n := r.uvarint()
	if n > uint64(len(r.b)) {
		r.fail()
		return ""
	}
	s, ok := r.seen[string(r.b[:n])]
	if !ok {
		if r.seen == nil {
			r.seen = map[string]string{}
		}
		s = string(r.b[:n])
		r.seen[s] = s
	}
	r.b = r.b[n:]
	return s
}

func (r *cellReader) strings() []string {
	n, isNil := r.count()
	if isNil {
		return nil
	}
	out := make([]string, 0, min(n, roomAtMost))
	for range n {
		v := r.string()
		if r.err != nil {
			break
		}
		out = append(out, v)
	}
	return out
}

func (r *cellReader) bool() bool {
	if len(r.b) == 0 || r.b[0] > 1 {
		r.fail()
		return false
	}
	v := r.b[0] == 1
	r.b = r.b[1:]
	return v
}

func (r *cellReader) float() float64 {
	if len(r.b) < 8 {
		r.fail()
		return 0
	}
	v := math.Float64frombits(binary.LittleEndian.Uint64(r.b))
	r.b = r.b[8:]
	return v
}

func (r *cellReader) uvarint() uint64 { return readVarint(r, binary.Uvarint) }

func (r *cellReader) varint() int64 { return readVarint(r, binary.Varint) }

// readVarint reads a number with read: binary.Uvarint or binary.Varint.
func readVarint[T int64 | uint64](r *cellReader, read func([]byte) (T, int)) T {
	v, n := read(r.b)
	if n <= 0 {
		r.fail()
		return 0
	}
	r.b = r.b[n:]
	return v
}

// fail records the damage and reads nothing more.
func (r *cellReader) fail() {
	if r.err == nil {
		r.err = errBaselineCells
	}
	r.b = nil
}
