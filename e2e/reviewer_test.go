package e2e

import (
	"context"
	"encoding/json"
	"html"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"

	"github.com/evalpress/evalpress/pipeline"
)

// chartsReadyJS is true once every chart of the page has an ECharts
// instance with its option set.
const chartsReadyJS = `typeof echarts !== "undefined" &&
  Array.from(document.querySelectorAll(".chart[data-option]")).every((el) => {
    const c = echarts.getInstanceByDom(el);
    return c && c.getOption() && el.querySelector("canvas");
  })`

// load opens url and waits until the page's charts are drawn.
func load(ctx context.Context, url string) error {
	return chromedp.Run(ctx, chromedp.Navigate(url), chromedp.WaitReady("body"), chromedp.Poll(chartsReadyJS, nil))
}

func TestGridCellsLinkToTheirPages(t *testing.T) {
	ctx := browser(t)
	dir := demoSite(t)
	base, _ := serveDir(t, dir)
	var cells []struct{ Href, Title, Text string }
	if err := chromedp.Run(ctx, chromedp.Navigate(base+"results.html"), chromedp.WaitReady("body"),
		chromedp.Evaluate(`Array.from(document.querySelectorAll("table.grid td.grid-cell a")).map((a) => ({Href: a.href, Title: a.title, Text: a.textContent}))`, &cells)); err != nil {
		t.Fatal(err)
	}
	// Every measured cell with a page is in the grid, once.
	var results struct {
		Cells []struct{ Page string } `json:"cells"`
	}
	data, err := os.ReadFile(filepath.Join(dir, "data", "results.json"))
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(data, &results); err != nil {
		t.Fatal(err)
	}
	pages := 0
	for _, c := range results.Cells {
		if c.Page != "" {
			pages++
		}
	}
	if len(cells) != pages || pages == 0 {
		t.Fatalf("the grid links %d cells; results.json has %d cell pages", len(cells), pages)
	}
	// Each link, as the browser resolved it, names a page whose heading
	// is the cell's writer and section (read from the file: loading every
	// page in the browser adds nothing here).
	h1 := regexp.MustCompile(`<h1>([^<]*)`)
	for _, c := range cells {
		writer, section, _ := strings.Cut(strings.TrimSuffix(c.Title, ": the run view"), ", ")
		rel, ok := strings.CutPrefix(c.Href, base)
		if !ok {
			t.Errorf("grid cell %q links outside the site: %s", c.Title, c.Href)
			continue
		}
		page, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(rel)))
		if err != nil {
			t.Errorf("grid cell %q: %v", c.Title, err)
			continue
		}
		m := h1.FindSubmatch(page)
		if m == nil || !strings.HasPrefix(html.UnescapeString(string(m[1])), writer+", "+section+" ") {
			t.Errorf("grid cell %q (%s) leads to %s, whose heading is %q", c.Text, c.Title, rel, m)
		}
	}
}

// overflowJS lists what does not fit a phone's width: the page scrolling
// sideways, a results row whose verdict is off screen, a cut caption.
const overflowJS = `(() => {
  const out = [], w = document.documentElement.clientWidth;
  if (document.documentElement.scrollWidth > w) out.push("the page is " + document.documentElement.scrollWidth + "px wide in a " + w + "px window");
  document.querySelectorAll("table.results tbody tr").forEach((tr) => {
    const v = tr.querySelector(".badge");
    if (v && tr.style.display !== "none" && v.getBoundingClientRect().right > w) out.push("the verdict of " + tr.id + " is off screen");
  });
  document.querySelectorAll("caption, figcaption").forEach((c) => {
    if (c.scrollWidth > c.clientWidth + 1) out.push("caption cut: " + c.textContent.slice(0, 40));
    // A caption squeezed into a narrow column wraps a few letters a line.
    if (c.textContent.length > 30 && c.getBoundingClientRect().width < 160) out.push("caption squeezed to " + Math.round(c.getBoundingClientRect().width) + "px: " + c.textContent.slice(0, 40));
  });
  return out;
})()`

func TestNoPageOverflowsAtPhoneWidth(t *testing.T) {
	ctx := browser(t)
	dir := demoSite(t)
	base, _ := serveDir(t, dir)
	if err := chromedp.Run(ctx, emulation.SetDeviceMetricsOverride(390, 844, 1, true)); err != nil {
		t.Fatal(err)
	}
	for _, p := range sitePages(t, dir, 8) {
		var problems []string
		if err := load(ctx, base+p); err != nil {
			t.Fatalf("%s: %v", p, err)
		}
		if err := chromedp.Run(ctx, chromedp.Evaluate(overflowJS, &problems)); err != nil {
			t.Fatalf("%s: %v", p, err)
		}
		for _, problem := range problems {
			t.Errorf("%s at 390px: %s", p, problem)
		}
	}
}

// legendJS compares, for every chart, what its legend lists with what it
// draws: each legend entry names a series with data, each series shown in
// the legend is listed; each piece of a piecewise visual map is a value
// the data holds, and each value drawn has its piece.
const legendJS = `(() => {
  const out = [];
  document.querySelectorAll(".chart[data-option]").forEach((el) => {
    const o = echarts.getInstanceByDom(el).getOption();
    const series = o.series.filter((s) => (s.data || []).some((d) => d !== null && d !== undefined && (d.value === undefined || d.value !== null)));
    const names = series.map((s) => s.name);
    (o.legend || []).forEach((l) => {
      if (l.show === false) return;
      const listed = (l.data && l.data.length ? l.data : names).map((d) => typeof d === "string" ? d : d.name);
      listed.forEach((n) => { if (!names.includes(n)) out.push(el.id + ": legend entry " + n + " draws nothing"); });
      names.forEach((n) => { if (!listed.includes(n)) out.push(el.id + ": series " + n + " is not in the legend"); });
    });
    (o.visualMap || []).forEach((vm) => {
      if (!vm.pieces) return;
      const values = new Set();
      series.forEach((s) => s.data.forEach((d) => { const v = Array.isArray(d) ? d : d.value; values.add(v[v.length - 1]); }));
      const pieces = vm.pieces.map((p) => p.value);
      pieces.forEach((v, i) => { if (!values.has(v)) out.push(el.id + ": legend piece " + vm.pieces[i].label + " colours no cell"); });
      values.forEach((v) => { if (!pieces.includes(v)) out.push(el.id + ": cells of value " + v + " have no legend piece"); });
    });
  });
  return out;
})()`

func TestChartLegendsMatchWhatIsDrawn(t *testing.T) {
	ctx := browser(t)
	dir := demoSite(t)
	base, _ := serveDir(t, dir)
	charts := 0
	for _, p := range []string{"results.html", "00-findings.html", "index.html"} {
		var problems []string
		var n int
		if err := load(ctx, base+p); err != nil {
			t.Fatalf("%s: %v", p, err)
		}
		if err := chromedp.Run(ctx, chromedp.Evaluate(legendJS, &problems), chromedp.Evaluate(`document.querySelectorAll(".chart[data-option]").length`, &n)); err != nil {
			t.Fatalf("%s: %v", p, err)
		}
		charts += n
		for _, problem := range problems {
			t.Errorf("%s: %s", p, problem)
		}
	}
	if charts < 5 {
		t.Errorf("only %d charts checked", charts)
	}
}

func TestSensitivityLabelsArePlainDecimals(t *testing.T) {
	ctx := browser(t)
	base, _ := serveDir(t, demoSite(t))
	var got []struct {
		ID         string
		Labels     []string
		Configured []string
	}
	var rows []string
	err := chromedp.Run(ctx, chromedp.ActionFunc(func(ctx context.Context) error { return load(ctx, base+"results.html") }),
		chromedp.Evaluate(`["chart-sens-run", "chart-sens-overlap"].filter((id) => document.getElementById(id)).map((id) => {
  const o = echarts.getInstanceByDom(document.getElementById(id)).getOption();
  const marks = o.series.flatMap((s) => ((s.markLine || {}).data || []).map((d) => String(d.xAxis)));
  return {ID: id, Labels: o.xAxis[0].data.map(String), Configured: marks};
})`, &got),
		chromedp.Evaluate(`Array.from(document.querySelectorAll("table.sens tbody th")).map((th) => th.textContent)`, &rows))
	if err != nil {
		t.Fatal(err)
	}
	// A sweep that changes no verdict is a sentence, not a chart: in the
	// demo, at a 10% overlap limit, the run limit decides nothing.
	var sentences int
	if err := chromedp.Run(ctx, chromedp.Evaluate(`document.querySelectorAll("#chart-sens-run-sentence, #chart-sens-overlap-sentence").length`, &sentences)); err != nil {
		t.Fatal(err)
	}
	if len(got)+sentences != 2 || len(got) == 0 {
		t.Errorf("%d sensitivity charts and %d sentences, want 2 in all, at least one a chart", len(got), sentences)
	}
	plain := regexp.MustCompile(`^\d+(\.\d)?$`)
	for _, c := range got {
		if len(c.Labels) < 10 {
			t.Errorf("%s: %d points", c.ID, len(c.Labels))
		}
		for _, l := range c.Labels {
			if !plain.MatchString(l) {
				t.Errorf("%s: label %q is not a plain decimal", c.ID, l)
			}
		}
		if len(c.Configured) != 1 || !slices.Contains(c.Labels, c.Configured[0]) {
			t.Errorf("%s: the configured value is marked at %v, not at one of its points", c.ID, c.Configured)
		}
	}
	for _, r := range rows {
		if !plain.MatchString(strings.TrimSuffix(r, " (configured)")) {
			t.Errorf("sensitivity table row %q is not a plain decimal", r)
		}
	}
}

func TestHypothesisBlockAfterAThresholdChange(t *testing.T) {
	ctx := browser(t)
	out := filepath.Join(t.TempDir(), "site")
	if _, err := pipeline.Build(context.Background(), pipeline.Options{Config: "../config.toml", Out: out, Sets: []string{"c5.max_run=40", "c5.max_overlap=0.6"}}, io.Discard); err != nil {
		t.Fatal(err)
	}
	base, _ := serveDir(t, out)
	var blocks []struct {
		Text             string
		StatementSize    float64
		BodySize         float64
		StatementColour  string
		BodyColour       string
		StatementIsFirst bool
		RegisteredBadge  string
		CurrentBadge     string
	}
	err := chromedp.Run(ctx, chromedp.Navigate(base+"results.html"), chromedp.WaitReady("body"),
		chromedp.Evaluate(`Array.from(document.querySelectorAll("article.hypothesis")).map((a) => {
  const s = a.querySelector(".hyp-statement"), cs = getComputedStyle(s), bs = getComputedStyle(document.body);
  const badges = Array.from(a.querySelectorAll(".hyp-verdict .badge")).map((b) => b.textContent);
  return {Text: a.innerText, StatementSize: parseFloat(cs.fontSize), BodySize: parseFloat(bs.fontSize),
    StatementColour: cs.color, BodyColour: bs.color, StatementIsFirst: a.firstElementChild === s,
    RegisteredBadge: badges[0] || "", CurrentBadge: badges[1] || ""};
})`, &blocks))
	if err != nil {
		t.Fatal(err)
	}
	if len(blocks) < 2 {
		t.Fatalf("%d hypothesis blocks", len(blocks))
	}
	for i, b := range blocks {
		if !b.StatementIsFirst || b.StatementSize <= b.BodySize || b.StatementColour != b.BodyColour {
			t.Errorf("hypothesis %d: the statement is not the first and most prominent line (size %v against %v, colour %s against %s)",
				i+1, b.StatementSize, b.BodySize, b.StatementColour, b.BodyColour)
		}
		if !strings.Contains(b.Text, "Prediction checked: ") || !strings.Contains(b.Text, "Registered thresholds: ") {
			t.Errorf("hypothesis %d lacks its prediction or registered thresholds:\n%s", i+1, b.Text)
		}
		if i >= 2 {
			continue // the demo's H3 is on the judged tier, whose thresholds did not change
		}
		// H1 and H2 are on C5, whose thresholds this build changed.
		for _, want := range []string{"Registered thresholds: a longest run over 12 words, or more than 10% of the section's 8-grams shared, fails.",
			"This build's thresholds differ:", "At the registered thresholds:", "At this build's thresholds:"} {
			if !strings.Contains(b.Text, want) {
				t.Errorf("hypothesis %d lacks %q:\n%s", i+1, want, b.Text)
			}
		}
		if b.RegisteredBadge == "" || b.CurrentBadge == "" {
			t.Errorf("hypothesis %d: verdicts %q and %q", i+1, b.RegisteredBadge, b.CurrentBadge)
		}
		if strings.Contains(b.Text, "fewest_fails") || strings.Contains(b.Text, "fails_at_least") {
			t.Errorf("hypothesis %d shows a prediction kind's key, not words:\n%s", i+1, b.Text)
		}
	}
	// The demo's H2 (at least 18 of 27 fail) holds at the registered
	// thresholds and fails at these.
	if blocks[1].RegisteredBadge != "supported" || blocks[1].CurrentBadge != "refuted" {
		t.Errorf("H2: %s at the registered thresholds, %s at this build's", blocks[1].RegisteredBadge, blocks[1].CurrentBadge)
	}
}
