package e2e

import (
	"fmt"
	"testing"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
)

// collisionsJS draws each chart of the page again with ECharts' SVG
// renderer, at the width the page gives it, and lists every two of its
// texts (axis labels, names, legend entries, marks) whose boxes overlap:
// on a canvas a collision cannot be seen from the page's side.
const collisionsJS = `(() => {
  const out = [];
  document.querySelectorAll(".chart[data-option]").forEach((el) => {
    const probe = document.createElement("div");
    probe.style.cssText = "position:absolute;left:0;top:0;visibility:hidden;width:" + el.clientWidth + "px;height:" + el.clientHeight + "px";
    document.body.appendChild(probe);
    const chart = echarts.init(probe, null, { renderer: "svg" });
    const option = JSON.parse(el.getAttribute("data-option"));
    option.animation = false;
    chart.setOption(option);
    const boxes = Array.from(probe.querySelectorAll("text")).filter((t) => t.textContent.trim() !== "")
      .map((t) => ({ text: t.textContent.trim(), r: t.getBoundingClientRect() }))
      .filter((b) => b.r.width > 0 && b.r.height > 0);
    for (let i = 0; i < boxes.length; i++) {
      for (let j = i + 1; j < boxes.length; j++) {
        const a = boxes[i].r, b = boxes[j].r;
        const w = Math.min(a.right, b.right) - Math.max(a.left, b.left), h = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
        if (w > 1 && h > 1) out.push(el.id + ": " + JSON.stringify(boxes[i].text) + " and " + JSON.stringify(boxes[j].text) + " overlap");
      }
    }
    chart.dispose();
    probe.remove();
  });
  return out;
})()`

// stylesJS lists, for every line chart, the series that share both their
// marker and their dash with another: where two lines coincide, a reader
// could not see that there are two.
const stylesJS = `(() => {
  const out = [];
  document.querySelectorAll(".chart[data-option]").forEach((el) => {
    const o = JSON.parse(el.getAttribute("data-option"));
    const seen = {};
    [].concat(o.series || []).filter((s) => s.type === "line").forEach((s) => {
      const key = (s.symbol || "") + "/" + ((s.lineStyle || {}).type || "solid") + "/" + (s.symbolSize || "");
      if (seen[key]) out.push(el.id + ": " + seen[key] + " and " + s.name + " are drawn alike");
      seen[key] = s.name;
    });
  });
  return out;
})()`

// TestChartsTellTheTruth: at a phone's width and a desktop's, no chart's
// labels collide; every line of a line chart has a look of its own; and a
// chart whose lines coincide says which, under it.
func TestChartsTellTheTruth(t *testing.T) {
	ctx := browser(t)
	dir := demoSite(t)
	for _, width := range []int64{390, 1280} {
		for _, p := range []string{"results.html", "00-findings.html", "index.html"} {
			where := fmt.Sprintf("%s at %dpx", p, width)
			var collisions, styles []string
			var notes int
			err := chromedp.Run(ctx, emulation.SetDeviceMetricsOverride(width, 900, 1, width < 600),
				chromedp.Navigate("file://"+dir+"/"+p), chromedp.WaitReady("body"), settled(),
				chromedp.Evaluate(collisionsJS, &collisions), chromedp.Evaluate(stylesJS, &styles),
				chromedp.Evaluate(`document.querySelectorAll("#chart-sens-overlap ~ .chart-note").length`, &notes))
			if err != nil {
				t.Fatalf("%s: %v", where, err)
			}
			for _, c := range append(collisions, styles...) {
				t.Errorf("%s: %s", where, c)
			}
			// In the demo, Model 1's and Model 3's overlap sweeps coincide.
			if p == "results.html" && notes != 1 {
				t.Errorf("%s: the overlap sweep's coinciding lines have %d notes", where, notes)
			}
		}
	}
}
