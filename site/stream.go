package site

import (
	"bufio"
	"bytes"
	"crypto/sha256"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"html/template"
	"io"
	"iter"
	"strings"
	"sync"

	"github.com/evalpress/evalpress/redact/public"
)

// streamRows is how many results rows a streamed results page renders at a
// time.
const streamRows = 1000

// ResultRowPieces yields the rows of the results table for a page whose
// links start with root, in order: all at once (ResultRows), or, when the
// site streams its large files (Options.Stream), a thousand at a time,
// made from the cells as they go, none kept.
func (sd *siteData) ResultRowPieces(root string) iter.Seq[template.HTML] {
	return func(yield func(template.HTML) bool) {
		if !sd.stream {
			yield(sd.ResultRows(root))
			return
		}
		cells := sd.Public.Cells
		for i := 0; i < len(cells); i += streamRows {
			if !yield(resultRowsHTML(resultRows(cells[i:min(i+streamRows, len(cells))]), root)) {
				return
			}
		}
	}
}

// GridRowPieces yields the rows of the grid of sections by writers as
// ResultRowPieces yields the results rows: all at once (GridRows), or a
// thousand at a time, made as they go, when the site streams its large
// files.
func (sd *siteData) GridRowPieces(root string) iter.Seq[template.HTML] {
	return func(yield func(template.HTML) bool) {
		if !sd.stream {
			yield(sd.GridRows(root))
			return
		}
		g := sd.Grid
		for i := 0; i < len(g.p.Sections); i += streamRows {
			if !yield(gridRowsHTML(gridRowsOf(g.p, g.places, i, min(i+streamRows, len(g.p.Sections))), root)) {
				return
			}
		}
	}
}

// streamMark stands for a streamed page's body in its layout: no template
// output holds a NUL, which html/template escapes.
const streamMark = "\x00evalpress:stream\x00"

// pageStream returns what writes the page file, from the template name,
// straight into a writer: the layout around a marked body, and the body's
// template executed into the writer in its place. It returns false when
// the layout does not show the body exactly once (a template of the
// user's): the page is then rendered whole.
func pageStream(render func(string, *pageData) ([]byte, error), tmpl *template.Template, name string, data pageData) (func(io.Writer) error, bool) {
	frame := data
	frame.Cell = nil
	page, err := renderFrame(render, &frame)
	if err != nil || bytes.Count(page, []byte(streamMark)) != 1 {
		return nil, false
	}
	before, after, _ := strings.Cut(string(page), streamMark)
	return func(w io.Writer) error {
		bw := bufio.NewWriterSize(w, 64<<10)
		bw.WriteString(before)
		body := data
		if err := tmpl.ExecuteTemplate(bw, name, &body); err != nil {
			return fmt.Errorf("%s: template error: %w", data.Path, err)
		}
		bw.WriteString(after)
		return bw.Flush()
	}, true
}

// renderFrame renders data's page with the body template
// streamMarkTemplate, which writes streamMark.
func renderFrame(render func(string, *pageData) ([]byte, error), data *pageData) ([]byte, error) {
	return render(streamMarkTemplate, data)
}

// streamMarkTemplate is the name of the template that writes streamMark.
const streamMarkTemplate = "evalpress-stream-mark"

// addStreamMark defines streamMarkTemplate in tmpl: streamMark, as text.
func addStreamMark(tmpl *template.Template) error {
	_, err := tmpl.New(streamMarkTemplate).Parse(streamMark)
	return err
}

// resultsStream writes data/results.json as encodeJSON(buildResults(...))
// writes it, a cell at a time: head is the Results without its cells.
func resultsStream(p *public.Public, head Results, digest *fileDigest) (func(io.Writer) error, error) {
	head.Cells = []ResultsCell{}
	whole, err := encodeJSON(head)
	if err != nil {
		return nil, err
	}
	const empty = `"cells": []`
	at := bytes.Index(whole, []byte(empty))
	if at < 0 {
		return nil, fmt.Errorf("results.json: no cells in %.100s", whole)
	}
	before, after := whole[:at+len(empty)-1], whole[at+len(empty)-1:] // around "]"
	return func(w io.Writer) error {
		sum := sha256.New()
		bw := bufio.NewWriterSize(io.MultiWriter(w, sum), 64<<10)
		bw.Write(before)
		for i, c := range p.Cells {
			cell, err := json.MarshalIndent(resultsCell(c), "    ", "  ")
			if err != nil {
				return fmt.Errorf("results.json: %w", err)
			}
			if i > 0 {
				bw.WriteByte(',')
			}
			bw.WriteString("\n    ")
			bw.Write(cell)
		}
		if len(p.Cells) > 0 {
			bw.WriteString("\n  ")
		}
		bw.Write(after)
		if err := bw.Flush(); err != nil {
			return err
		}
		digest.set(sum.Sum(nil))
		return nil
	}, nil
}

// csvStream writes data/results.csv as resultsCSV returns it.
func csvStream(p *public.Public) func(io.Writer) error {
	return func(w io.Writer) error {
		bw := bufio.NewWriterSize(w, 64<<10)
		if err := writeResultsCSV(csv.NewWriter(bw), p); err != nil {
			return err
		}
		return bw.Flush()
	}
}

// fileDigest is the SHA-256 of a streamed file, set each time the file is
// written out.
type fileDigest struct {
	mu  sync.Mutex
	sum []byte
}

func (d *fileDigest) set(sum []byte) {
	d.mu.Lock()
	d.sum = sum
	d.mu.Unlock()
}

func (d *fileDigest) get() []byte {
	d.mu.Lock()
	defer d.mu.Unlock()
	return d.sum
}
