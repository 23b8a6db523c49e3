// Package c5report writes a C5 measurement as the reference script prints it
// (text, byte for byte) or as raw values for other programs (JSON, CSV).
package c5report

import (
	"bufio"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"github.com/evalpress/evalpress/internal/jscompat"
	"github.com/evalpress/evalpress/reports/criteria"
	"github.com/evalpress/evalpress/reports/measure"
)

// Report is what the formats print: a measurement, the thresholds it is
// judged by and the number of mandated phrases stripped.
type Report struct {
	Result     *measure.Result
	Thresholds criteria.C5Thresholds
	Phrases    int
	// Layered is set when the inputs hold several runs or episodes: each
	// run is then reported on its own, numbered ("episode 1, run 2"; the
	// names are private labels), and JSON and CSV number each cell's.
	Layered bool
}

// Formats lists the output formats by name.
var Formats = map[string]func(io.Writer, Report) error{
	"text": Text,
	"json": JSON,
	"csv":  CSV,
}

// Text writes the report exactly as the reference script prints it for the
// same inputs and thresholds. With several runs, each run's report follows
// a line that numbers it, as the reference would print that run's folder.
func Text(w io.Writer, r Report) error {
	b := bufio.NewWriterSize(w, 64<<10)
	if !r.Layered {
		text(b, r.Thresholds, r.Phrases, r.Result.Cells)
		return b.Flush()
	}
	cells := r.Result.Cells
	for start := 0; start < len(cells); {
		end := start + 1
		for end < len(cells) && cells[end].Episode == cells[start].Episode && cells[end].Repeat == cells[start].Repeat {
			end++
		}
		if start > 0 {
			b.WriteByte('\n')
		}
		fmt.Fprintf(b, "== episode %d, run %d ==\n", cells[start].Episode+1, cells[start].Repeat+1)
		text(b, r.Thresholds, r.Phrases, cells[start:end])
		start = end
	}
	return b.Flush()
}

// text writes the reference's report of cells.
func text(b *bufio.Writer, t criteria.C5Thresholds, phrases int, cells []measure.Cell) {
	fmt.Fprintf(b, "C5 paraphrase compliance   MAX_RUN=%d  MAX_OVERLAP=%s%%  n-gram=%d\n",
		t.MaxRun, jscompat.ToFixed(t.MaxOverlap*100, 0), t.NGram)
	fmt.Fprintf(b, "mandated phrases excluded: %d\n\n", phrases)
	header := jscompat.PadEnd("script", 12) + jscompat.PadEnd("section", 16) + jscompat.PadStart("words", 6) +
		jscompat.PadStart("run", 6) + jscompat.PadStart("8gram", 8) + "  verdict"
	b.WriteString(header + "\n")
	b.WriteString(strings.Repeat("-", len(header)) + "\n")

	type total struct {
		script         string
		fails, counted int
	}
	var totals []*total
	var num []byte // a number's digits
	for i, c := range cells {
		padEnd(b, c.Script, 12)
		padEnd(b, c.Name, 16)
		if !c.HasExample {
			padStart(b, "", 6+6+8)
			b.WriteString("  NO EXAMPLE\n")
		} else {
			v := judge(t, c)
			if len(totals) == 0 || totals[len(totals)-1].script != c.Script {
				totals = append(totals, &total{script: c.Script})
			}
			tot := totals[len(totals)-1]
			tot.counted++
			if v.Fail() {
				tot.fails++
			}
			num = strconv.AppendInt(num[:0], int64(c.Words), 10)
			padStart(b, string(num), 6)
			num = strconv.AppendInt(num[:0], int64(c.Run), 10)
			padStart(b, string(num), 6)
			padStart(b, jscompat.ToFixed(c.Overlap*100, 1)+"%", 8)
			b.WriteString("  ")
			b.WriteString(v.Label())
			b.WriteByte('\n')
			if v.Fail() {
				spaces(b, 34)
				b.WriteString(`longest run: "`)
				b.WriteString(truncateUTF16(c.RunText, 100))
				b.WriteString("...\"\n")
			}
		}
		if i == len(cells)-1 || cells[i+1].Script != c.Script {
			b.WriteByte('\n')
		}
	}
	b.WriteString("summary\n")
	b.WriteString(strings.Repeat("-", 48) + "\n")
	for _, tot := range totals {
		pct := jscompat.Round(float64(tot.fails) / float64(tot.counted) * 100)
		fmt.Fprintf(b, "%s%d FAIL of %d sections (%s%%)\n", jscompat.PadEnd(tot.script, 12), tot.fails, tot.counted, strconv.FormatFloat(pct, 'f', -1, 64))
	}
}

// padEnd writes String(s).padEnd(width), padStart String(s).padStart(width),
// without making the padded string.
func padEnd(b *bufio.Writer, s string, width int) {
	b.WriteString(s)
	spaces(b, width-jscompat.UTF16Len(s))
}

func padStart(b *bufio.Writer, s string, width int) {
	spaces(b, width-jscompat.UTF16Len(s))
	b.WriteString(s)
}

func spaces(b *bufio.Writer, n int) {
	for ; n > 0; n-- {
		b.WriteByte(' ')
	}
}

// truncateUTF16 returns s.slice(0, n). Runs are ASCII, so bytes are code units.
func truncateUTF16(s string, n int) string {
	if len(s) > n {
		return s[:n]
	}
	return s
}

// jsonReport is the JSON shape of a report.
type jsonReport struct {
	Thresholds jsonThresholds `json:"thresholds"`
	Phrases    int            `json:"mandated_phrases"`
	Cells      []jsonCell     `json:"cells"`
	Summary    []jsonSummary  `json:"summary"`
}

type jsonThresholds struct {
	MaxRun     int     `json:"max_run"`
	MaxOverlap float64 `json:"max_overlap"`
	NGram      int     `json:"ngram"`
}

type jsonCell struct {
	Script   string   `json:"script"`
	Section  string   `json:"section"`
	Episode  int      `json:"episode,omitempty"`
	Repeat   int      `json:"repeat,omitempty"`
	Line     int      `json:"line"`
	Example  bool     `json:"example"`
	Words    int      `json:"words"`
	Run      *jsonRun `json:"run,omitempty"`
	Shared   int      `json:"shared_ngrams"`
	Distinct int      `json:"distinct_ngrams"`
	Overlap  float64  `json:"overlap"`
	Variant  int      `json:"variant,omitempty"`
	Variants int      `json:"variants"`
	Verdict  string   `json:"verdict"`
	Failed   []string `json:"failed"`
}

type jsonRun struct {
	Words     int    `json:"words"`
	Text      string `json:"text"`
	SectionAt int    `json:"section_at"`
	ExampleAt int    `json:"example_at"`
}

type jsonSummary struct {
	Script   string `json:"script"`
	Episode  int    `json:"episode,omitempty"`
	Repeat   int    `json:"repeat,omitempty"`
	Fails    int    `json:"fails"`
	Sections int    `json:"sections"`
}

// judge returns C5's outcome for a measured cell.
func judge(t criteria.C5Thresholds, c measure.Cell) criteria.Outcome {
	if !c.HasExample {
		return t.Outcome(&criteria.Measurements{})
	}
	return t.Judge(c.Run, c.Overlap, c.Shared, c.Distinct)
}

// JSON writes the raw values of every cell and the per-script summary.
func JSON(w io.Writer, r Report) error {
	t := r.Thresholds
	out := jsonReport{
		Thresholds: jsonThresholds{MaxRun: t.MaxRun, MaxOverlap: t.MaxOverlap, NGram: t.NGram},
		Phrases:    r.Phrases,
		Cells:      []jsonCell{},
		Summary:    []jsonSummary{},
	}
	for _, c := range r.Result.Cells {
		v := judge(t, c)
		jc := jsonCell{
			Script: c.Script, Section: c.Name, Line: c.Line, Example: c.HasExample,
			Words: c.Words, Shared: c.Shared, Distinct: c.Distinct, Overlap: c.Overlap,
			Variants: c.Variants, Verdict: v.Label(), Failed: []string{},
		}
		if r.Layered {
			jc.Episode, jc.Repeat = c.Episode+1, c.Repeat+1
		}
		if c.HasExample {
			jc.Variant = c.Worst + 1
			jc.Run = &jsonRun{Words: c.Run, Text: c.RunText, SectionAt: c.RunSectionAt, ExampleAt: c.RunExampleAt}
			jc.Failed = append(jc.Failed, v.Failed...)
			if n := len(out.Summary); n == 0 || out.Summary[n-1].Script != c.Script || out.Summary[n-1].Episode != jc.Episode || out.Summary[n-1].Repeat != jc.Repeat {
				out.Summary = append(out.Summary, jsonSummary{Script: c.Script, Episode: jc.Episode, Repeat: jc.Repeat})
			}
			s := &out.Summary[len(out.Summary)-1]
			s.Sections++
			if v.Fail() {
				s.Fails++
			}
		}
		out.Cells = append(out.Cells, jc)
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(out)
}

// CSVHeader is the header row of the CSV format.
var CSVHeader = []string{"script", "section", "line", "words", "run", "run_text", "run_section_at", "run_example_at",
	"shared_ngrams", "distinct_ngrams", "overlap", "variant", "variants", "verdict", "failed"}

// CSV writes one row per cell with the raw values; with several runs,
// two more columns number each cell's episode and run.
func CSV(w io.Writer, r Report) error {
	cw := csv.NewWriter(w)
	header := CSVHeader
	if r.Layered {
		header = append(slices.Clone(header), "episode", "repeat")
	}
	if err := cw.Write(header); err != nil {
		return err
	}
	for _, c := range r.Result.Cells {
		v := judge(r.Thresholds, c)
		row := []string{c.Script, c.Name, strconv.Itoa(c.Line), "", "", "", "", "", "", "", "", "", "0", v.Label(), ""}
		if c.HasExample {
			row = []string{c.Script, c.Name, strconv.Itoa(c.Line), strconv.Itoa(c.Words), strconv.Itoa(c.Run), c.RunText,
				strconv.Itoa(c.RunSectionAt), strconv.Itoa(c.RunExampleAt), strconv.Itoa(c.Shared), strconv.Itoa(c.Distinct),
				strconv.FormatFloat(c.Overlap, 'g', -1, 64), strconv.Itoa(c.Worst + 1), strconv.Itoa(c.Variants),
				v.Label(), strings.Join(v.Failed, "+")}
		}
		if r.Layered {
			row = append(row, strconv.Itoa(c.Episode+1), strconv.Itoa(c.Repeat+1))
		}
		if err := cw.Write(row); err != nil {
			return err
		}
	}
	cw.Flush()
	return cw.Error()
}
