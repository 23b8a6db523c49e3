package site

import (
	"encoding/json"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/go-echarts/go-echarts/v2/charts"
	"github.com/go-echarts/go-echarts/v2/opts"

	"github.com/evalpress/evalpress/redact/public"
	"github.com/evalpress/evalpress/reports/criteria"
)

// chart is a chart ready for a page: its ECharts option as JSON (written into
// a data attribute by html/template, never as a raw script), a fixed ID and a
// text description for readers who cannot see it.
type chart struct {
	ID          string
	Title       string
	Option      string
	Description string
	Height      int // pixels
	// Note says, under the chart, what its drawing alone could hide:
	// which series coincide. Flat marks a chart whose figures do not
	// change at all: the page shows Note, a sentence, instead of it.
	Note string
	Flat bool
}

// palette is Okabe and Ito's colour-blind-safe palette.
var palette = []string{"#0072B2", "#E69F00", "#009E73", "#CC79A7", "#56B4E9", "#D55E00", "#F0E442", "#000000"}

type echartsChart interface {
	Validate()
	JSON() map[string]interface{}
}

// optionJSON encodes a chart's option as go-echarts makes it.
func optionJSON(c echartsChart) (string, error) { return encodeOption(optionOf(c)) }

func baseOpts(id, title string) []charts.GlobalOpts {
	return []charts.GlobalOpts{
		charts.WithInitializationOpts(opts.Initialization{ChartID: id}),
		charts.WithTooltipOpts(opts.Tooltip{Show: opts.Bool(true)}),
		charts.WithLegendOpts(opts.Legend{Show: opts.Bool(true), Bottom: "0"}),
		charts.WithAnimation(false),
		charts.WithAriaOpts(&opts.Aria{Enabled: opts.Bool(true), Label: &opts.AriaLabel{Enabled: opts.Bool(true), Description: title}}),
	}
}

// verdictGrades are the heatmap's colours: a passing cell, and a failing
// cell graded by how far past its limit its worst rule is.
var verdictGrades = []struct {
	Label, Color, Text string
	Below              float64 // the grade holds ratios under this
}{
	{"pass (both rules within their limits)", "#cfe3f0", "#1b1f24", 0},
	{"FAIL, up to 2× the limit", "#f7c9a9", "#1b1f24", 2},
	{"FAIL, 2× to 4× the limit", "#e98a55", "#1b1f24", 4},
	{"FAIL, over 4× the limit", "#a83c0c", "#ffffff", math.Inf(1)},
}

// pastLimit is how many times its limit a failing cell's worst failing
// rule reaches (infinite for a limit of 0); 0 for a passing cell.
func pastLimit(crit criteria.Set, c public.Cell) float64 {
	return crit.Excess(c.Headline())
}

// grade returns the index in verdictGrades of a cell.
func grade(crit criteria.Set, c public.Cell) int {
	if !c.Headline().Fail() {
		return 0
	}
	r := pastLimit(crit, c)
	for i := 1; i < len(verdictGrades); i++ {
		if r < verdictGrades[i].Below {
			return i
		}
	}
	return len(verdictGrades) - 1
}

// runsHeatmap shows every cell's verdict, sections down and writers across
// as in the grid, coloured by the verdict and graded by how far past its
// limit a failing cell is, each labelled with its run and overlap.
func runsHeatmap(p *public.Public, crit criteria.Set) (chart, error) {
	hm := charts.NewHeatMap()
	row := map[string]int{}
	// Sections from the top down: the y axis counts upwards.
	sections := slices.Clone(p.Sections)
	slices.Reverse(sections)
	for i, s := range sections {
		row[s] = i
	}
	col := map[string]int{}
	for i, w := range p.Writers {
		col[w.Alias] = i
	}
	// A data item with a label of its own (go-echarts has no such item).
	type label struct {
		Color     string `json:"color"`
		Formatter string `json:"formatter"`
		Show      bool   `json:"show"`
	}
	type item struct {
		Value [3]int `json:"value"`
		Label label  `json:"label"`
	}
	var items []item
	for _, c := range p.Cells {
		if !c.HasExample {
			continue
		}
		g := grade(crit, c)
		v := [3]int{col[c.Writer], row[c.Section], g}
		items = append(items, item{Value: v, Label: label{Show: true, Formatter: strconv.Itoa(c.Run) + " / " + percent(c.Overlap), Color: verdictGrades[g].Text}})
	}
	pieces := make([]verdictPiece, len(verdictGrades))
	for i, g := range verdictGrades {
		pieces[i] = verdictPiece{Value: i, Label: g.Label, Color: g.Color}
	}
	title := fmt.Sprintf("Verdict per section and writer, labelled longest run / overlap; a cell fails on a run over %d words or an overlap over %s", p.Thresholds.MaxRun, sharePercent(p.Thresholds.MaxOverlap))
	hm.SetGlobalOptions(append(baseOpts("chart-runs", title),
		charts.WithXAxisOpts(opts.XAxis{Type: "category", Data: aliases(p), Position: "top", AxisLabel: &opts.AxisLabel{Interval: "0"}}),
		charts.WithYAxisOpts(opts.YAxis{Type: "category", Data: sections, AxisLabel: &opts.AxisLabel{Interval: "0"}}),
		charts.WithGridOpts(opts.Grid{Top: "40", Bottom: "110", Left: "8", Right: "8", ContainLabel: opts.Bool(true)}),
		charts.WithLegendOpts(opts.Legend{Show: opts.Bool(false)}),
	)...)
	hm.AddSeries("verdict", nil, charts.WithItemStyleOpts(opts.ItemStyle{BorderColor: "#ffffff", BorderWidth: 1}))
	// go-echarts' HeatMapData has no label of its own: the series takes
	// the items, with theirs, through its Data.
	hm.MultiSeries[0].Data = items
	option := optionOf(hm)
	// Nor has its visual map's Piece a value and a label: the visual
	// map is set beside go-echarts' options, as one of its own.
	option["visualMap"] = []verdictMap{{
		VisualMap: opts.VisualMap{Type: "piecewise", Orient: "vertical", Left: "0", Bottom: "0"},
		Pieces:    pieces,
	}}
	b, err := encodeOption(option)
	if err != nil {
		return chart{}, err
	}
	return chart{ID: "chart-runs", Title: "Verdict per section and writer", Option: b, Description: title + ". " + cellsSummary(p, func(c public.Cell) string {
		return fmt.Sprintf("run %d, overlap %s, %s", c.Run, overlapText(c), verdictGrades[grade(crit, c)].Label)
	}), Height: 150 + 34*len(p.Sections)}, nil
}

// verdictPiece is a piece of the heatmap's visual map: a grade's value,
// label and colour.
type verdictPiece struct {
	Color string `json:"color"`
	Label string `json:"label"`
	Value int    `json:"value"`
}

// verdictMap is go-echarts' visual map with pieces that have a value and
// a label (an opts.Piece has neither).
type verdictMap struct {
	opts.VisualMap
	Pieces []verdictPiece `json:"pieces"`
}

// optionOf returns a chart's option as go-echarts makes it, with no
// toolbox (an empty toolbox draws nothing).
func optionOf(c echartsChart) map[string]any {
	c.Validate()
	m := c.JSON()
	delete(m, "toolbox")
	return m
}

// encodeOption encodes a chart's option.
func encodeOption(option map[string]any) (string, error) {
	b, err := json.Marshal(option)
	if err != nil {
		return "", fmt.Errorf("failed to encode chart option: %w", err)
	}
	return string(b), nil
}

func aliases(p *public.Public) []string {
	out := make([]string, len(p.Writers))
	for i, w := range p.Writers {
		out[i] = w.Alias
	}
	return out
}

func cellsSummary(p *public.Public, value func(public.Cell) string) string {
	var parts []string
	for _, c := range p.Cells {
		if c.HasExample && len(parts) < 60 {
			parts = append(parts, fmt.Sprintf("%s %s: %s", c.Writer, c.Section, value(c)))
		}
	}
	return strings.Join(parts, "; ")
}

// overlapBars shows each cell's n-gram overlap with the threshold line:
// sections down the side, so that their names never collide however
// narrow the screen, and writers' bars across.
func overlapBars(p *public.Public) (chart, error) {
	bar := charts.NewBar()
	title := fmt.Sprintf("Share of the section's %d-grams found in the example; fails above %s", p.Thresholds.NGram, sharePercent(p.Thresholds.MaxOverlap))
	if p.C5Measure {
		title = fmt.Sprintf("Share of the section's %d-grams found in the example, a measurement with no pass line", p.Thresholds.NGram)
	}
	// Horizontal: the sections on the vertical axis, top down; the
	// overlap across, with the limit as a line.
	bar.SetGlobalOptions(append(baseOpts("chart-overlap", title),
		charts.WithGridOpts(opts.Grid{Left: "8", Right: "24", Top: "24", Bottom: "70", ContainLabel: opts.Bool(true)}),
		charts.WithColorsOpts(opts.Colors(palette)),
		charts.WithXAxisOpts(opts.XAxis{Type: "value", Name: "overlap %", NameLocation: "middle", NameGap: 24, Max: 100}),
		charts.WithYAxisOpts(opts.YAxis{Type: "category", Inverse: opts.Bool(true), AxisLabel: &opts.AxisLabel{Interval: "0"}}),
	)...)
	bar.SetXAxis(p.Sections).XYReversal()
	overlap := map[[2]string]float64{} // by writer and section
	for _, c := range p.Cells {
		if c.HasExample {
			overlap[[2]string{c.Writer, c.Section}] = roundTo(c.Overlap*100, 1)
		}
	}
	for i, w := range p.Writers {
		var data []opts.BarData
		for _, s := range p.Sections {
			v := opts.BarData{Value: nil}
			if o, ok := overlap[[2]string{w.Alias, s}]; ok {
				v.Value = o
			}
			data = append(data, v)
		}
		var limit []charts.SeriesOpts
		if i == 0 && !p.C5Measure {
			limit = []charts.SeriesOpts{
				charts.WithMarkLineNameXAxisItemOpts(opts.MarkLineNameXAxisItem{Name: "threshold", XAxis: roundTo(p.Thresholds.MaxOverlap*100, 2)}),
				charts.WithMarkLineStyleOpts(opts.MarkLineStyle{Symbol: []string{"none", "none"},
					Label:     &opts.Label{Show: opts.Bool(true), Position: "start", Formatter: "limit"},
					LineStyle: &opts.LineStyle{Color: "#D55E00", Type: "dashed", Width: 2}}),
			}
		}
		bar.AddSeries(w.Alias, data, limit...)
	}
	b, err := encodeOption(optionOf(bar))
	if err != nil {
		return chart{}, err
	}
	return chart{ID: "chart-overlap", Title: "N-gram overlap per cell", Option: b, Description: title + ". " + cellsSummary(p, func(c public.Cell) string {
		return overlapText(c)
	}), Height: 110 + len(p.Sections)*(8+10*len(p.Writers))}, nil
}

func roundTo(x float64, decimals int) float64 {
	scale := 1.0
	for range decimals {
		scale *= 10
	}
	return float64(int64(x*scale+0.5)) / scale
}

// failBars shows the failing sections per writer.
func failBars(p *public.Public) (chart, error) {
	bar := charts.NewBar()
	title := "Failing sections per writer"
	bar.SetGlobalOptions(append(baseOpts("chart-fails", title),
		charts.WithYAxisOpts(opts.YAxis{Type: "value", Name: "sections", MinInterval: 1}),
		charts.WithColorsOpts(opts.Colors([]string{"#D55E00", "#56B4E9"})),
	)...)
	bar.SetXAxis(aliases(p))
	var fails, passes []opts.BarData
	var desc []string
	for _, w := range p.Writers {
		fails = append(fails, opts.BarData{Value: w.Fails()})
		passes = append(passes, opts.BarData{Value: w.Sections() - w.Fails()})
		desc = append(desc, fmt.Sprintf("%s: %d FAIL of %d", w.Alias, w.Fails(), w.Sections()))
	}
	bar.AddSeries("FAIL", fails, charts.WithBarChartOpts(opts.BarChart{Stack: "total"}))
	bar.AddSeries("pass", passes, charts.WithBarChartOpts(opts.BarChart{Stack: "total"}))
	option, err := optionJSON(bar)
	return chart{ID: "chart-fails", Title: title, Option: option, Description: title + ": " + strings.Join(desc, "; "), Height: 320}, err
}

// lineStyles tell the writers' lines apart where they coincide: each has
// its own symbol, size and dash as well as its colour.
var lineStyles = []struct {
	Symbol string
	Size   int
	Dash   string
}{
	{"circle", 12, "solid"}, {"rect", 9, "dashed"}, {"triangle", 7, "dotted"}, {"diamond", 11, "solid"},
	{"pin", 10, "dashed"}, {"arrow", 8, "dotted"}, {"roundRect", 6, "solid"}, {"emptyCircle", 5, "dashed"},
}

// sensitivityLines shows FAIL counts per writer as one threshold varies.
func sensitivityLines(p *public.Public, s sensitivity, byRun bool) (chart, error) {
	line := charts.NewLine()
	id, title, axis := "chart-sens-overlap", "FAIL count per writer as the overlap limit varies (run limit as configured)", "overlap limit (%)"
	points := s.Overlap
	if byRun {
		id, title, axis = "chart-sens-run", "FAIL count per writer as the run limit varies (overlap limit as configured)", "run limit (words)"
		points = s.Run
	}
	configured := ""
	var x []string
	for _, pt := range points {
		x = append(x, pt.Label)
		if pt.Configured {
			configured = pt.Label
		}
	}
	line.SetGlobalOptions(append(baseOpts(id, title),
		charts.WithXAxisOpts(opts.XAxis{Type: "category", Name: axis, NameLocation: "middle", NameGap: 30}),
		charts.WithYAxisOpts(opts.YAxis{Type: "value", Name: "FAILs", NameLocation: "middle", NameGap: 28, MinInterval: 1, Max: mostFails(points) + 1}),
		charts.WithGridOpts(opts.Grid{Left: "30", Right: "16", Top: "34", Bottom: "70", ContainLabel: opts.Bool(true)}),
		charts.WithColorsOpts(opts.Colors(palette)),
	)...)
	line.SetXAxis(x)
	for wi, w := range p.Writers {
		var data []opts.LineData
		for _, pt := range points {
			data = append(data, opts.LineData{Value: pt.Fails[wi]})
		}
		st := lineStyles[wi%len(lineStyles)]
		so := []charts.SeriesOpts{
			charts.WithLineChartOpts(opts.LineChart{Symbol: st.Symbol, SymbolSize: st.Size, ShowSymbol: opts.Bool(true)}),
			charts.WithLineStyleOpts(opts.LineStyle{Type: st.Dash, Width: 2}),
		}
		if wi == 0 && configured != "" {
			so = append(so, charts.WithMarkLineNameXAxisItemOpts(opts.MarkLineNameXAxisItem{Name: "configured", XAxis: configured}),
				charts.WithMarkLineStyleOpts(opts.MarkLineStyle{Symbol: []string{"none", "none"}, Label: &opts.Label{Show: opts.Bool(true), Position: "end", Formatter: "configured"},
					LineStyle: &opts.LineStyle{Color: "#D55E00", Type: "dashed", Width: 2}}))
		}
		line.AddSeries(w.Alias, data, so...)
	}
	option, err := optionJSON(line)
	unit := "words"
	if !byRun {
		unit = "%"
	}
	note, flat := sweepNote(p, points, axis, unit)
	desc := title + "; the configured value " + configured + " is marked. " + note
	return chart{ID: id, Title: title, Option: option, Description: desc, Height: 340, Note: note, Flat: flat}, err
}

// sweepNote says in words what a sensitivity chart's lines could hide:
// which writers' lines coincide at every point, from which point on they
// all coincide, whose count never changes. flat is true when no writer's
// count changes across the sweep: the page then shows the note instead of
// a chart of flat lines.
func sweepNote(p *public.Public, points []sensitivityPoint, axis, unit string) (note string, flat bool) {
	if len(points) == 0 || len(p.Writers) == 0 {
		return "", false
	}
	at := func(pt sensitivityPoint) string {
		if unit == "%" {
			return pt.Label + "%"
		}
		return pt.Label + " " + unit
	}
	first, last := points[0], points[len(points)-1]
	constant := make([]bool, len(p.Writers))
	for wi := range p.Writers {
		constant[wi] = true
		for _, pt := range points {
			if pt.Fails[wi] != first.Fails[wi] {
				constant[wi] = false
			}
		}
	}
	if !slices.Contains(constant, false) {
		var counts []string
		for wi, w := range p.Writers {
			counts = append(counts, fmt.Sprintf("%s %d", w.Alias, first.Fails[wi]))
		}
		return fmt.Sprintf("Across every %s from %s to %s, no verdict changes: the FAIL counts stay at %s.", strings.TrimSuffix(axis, " ("+unit+")"), at(first), at(last), joinAnd(counts)), true
	}
	var sentences []string
	// Writers whose lines are the same at every point.
	groups := map[string][]string{}
	var order []string
	for wi, w := range p.Writers {
		key := fmt.Sprint(seriesOf(points, wi))
		if groups[key] == nil {
			order = append(order, key)
		}
		groups[key] = append(groups[key], w.Alias)
	}
	for _, key := range order {
		if ws := groups[key]; len(ws) > 1 {
			sentences = append(sentences, fmt.Sprintf("The lines of %s coincide at every point: each is drawn with its own marker and dash.", joinAnd(ws)))
		}
	}
	// The point from which every writer's count is the same.
	if len(p.Writers) > 1 && len(groups) > 1 {
		from := -1
		for i := len(points) - 1; i >= 0 && allEqual(points[i].Fails); i-- {
			from = i
		}
		if from > 0 {
			sentences = append(sentences, fmt.Sprintf("From %s on, all %d lines coincide.", at(points[from]), len(p.Writers)))
		}
	}
	// Writers whose count never changes, by their count.
	steady := map[int][]string{}
	var counts []int
	for wi, w := range p.Writers {
		if constant[wi] {
			n := first.Fails[wi]
			if steady[n] == nil {
				counts = append(counts, n)
			}
			steady[n] = append(steady[n], w.Alias)
		}
	}
	for _, n := range counts {
		if ws := steady[n]; len(ws) == 1 {
			sentences = append(sentences, fmt.Sprintf("%s's FAIL count stays at %d across the sweep.", ws[0], n))
		} else {
			sentences = append(sentences, fmt.Sprintf("The FAIL counts of %s stay at %d across the sweep.", joinAnd(ws), n))
		}
	}
	return strings.Join(sentences, " "), false
}

// seriesOf is writer wi's counts along the sweep.
func seriesOf(points []sensitivityPoint, wi int) []int {
	out := make([]int, len(points))
	for i, pt := range points {
		out[i] = pt.Fails[wi]
	}
	return out
}

func allEqual(xs []int) bool {
	for _, x := range xs {
		if x != xs[0] {
			return false
		}
	}
	return true
}

// mostFails is the largest FAIL count of a sweep: its chart leaves a step
// above it, for the mark's label.
func mostFails(points []sensitivityPoint) int {
	most := 0
	for _, pt := range points {
		for _, n := range pt.Fails {
			most = max(most, n)
		}
	}
	return most
}
