package e2e

import (
	"fmt"
	"testing"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
)

// linesJS counts, for each element a selector finds, the lines its text
// takes: its height over its line height. It returns the largest count
// and the text of the element that has it.
const linesJS = `((sel) => {
  let most = 0, text = "", n = 0;
  document.querySelectorAll(sel).forEach((el) => {
    if (!el.getClientRects().length) return;
    n++;
    const s = getComputedStyle(el), lh = parseFloat(s.lineHeight) || 1.55 * parseFloat(s.fontSize);
    const r = document.createRange();
    r.selectNodeContents(el);
    const tops = new Set(Array.from(r.getClientRects()).filter((b) => b.width > 0).map((b) => Math.round(b.top / (lh / 2))));
    const lines = Math.round((r.getBoundingClientRect().height) / lh);
    if (lines > most) { most = lines; text = el.textContent.trim().slice(0, 60); }
  });
  return {Most: most, Text: text, Found: n};
})`

// TestAPhoneKeepsItsPlace: a link to a heading shows the heading below the
// sticky contents bar; the primary judge's kappa table reads at 390 px with
// no cell over three lines; a run's badge is on one line; a digest in a
// table takes at most two lines at 1280 px; the long pages fold their long
// sections on a phone.
func TestAPhoneKeepsItsPlace(t *testing.T) {
	ctx := browser(t)
	dir := demoSite(t)
	base := "file://" + dir + "/"
	phone := emulation.SetDeviceMetricsOverride(390, 844, 1, true)
	desktop := emulation.SetDeviceMetricsOverride(1280, 900, 1, false)

	for _, anchor := range []string{"judged.html#judge-primary", "judged.html#agreement", "results.html#cells", "02-judge-protocol.html#agreement"} {
		var got struct{ Heading, Bar float64 }
		err := chromedp.Run(ctx, phone, chromedp.Navigate(base+"index.html"), chromedp.WaitReady("body"),
			chromedp.Navigate(base+anchor), chromedp.WaitReady("body"), settled(),
			chromedp.Evaluate(`(() => {
  const h = document.getElementById(decodeURIComponent(location.hash.slice(1))), bar = document.querySelector("nav.toc");
  return {Heading: h.getBoundingClientRect().top, Bar: bar ? bar.getBoundingClientRect().bottom : 0};
})()`, &got))
		if err != nil {
			t.Fatalf("%s: %v", anchor, err)
		}
		if got.Heading < got.Bar-1 {
			t.Errorf("%s at 390px: the heading's top (%.0fpx) is under the contents bar (bottom %.0fpx)", anchor, got.Heading, got.Bar)
		}
	}

	for _, tc := range []struct {
		page, sel string
		size      chromedp.Action
		width     int
		most      int
	}{
		{"judged.html", "table.judge-agreement td", phone, 390, 3},
		{"02-judge-protocol.html", "table.agreement td", phone, 390, 3},
		{"cells/model-1--act-1.html", "mark.run .lbl", phone, 390, 1},
		{"cells/model-1--act-1.html", ".legend .chip", phone, 390, 1},
		{"judged.html", "td .digest", desktop, 1280, 2},
		{"method.html", "td .digest", desktop, 1280, 2},
	} {
		where := fmt.Sprintf("%s at %dpx", tc.page, tc.width)
		var got struct {
			Most, Found int
			Text        string
		}
		if err := chromedp.Run(ctx, tc.size, chromedp.Navigate(base+tc.page), chromedp.WaitReady("body"), settled(),
			chromedp.Evaluate(linesJS+`(`+fmt.Sprintf("%q", tc.sel)+`)`, &got)); err != nil {
			t.Fatalf("%s: %v", where, err)
		}
		if got.Found == 0 {
			t.Errorf("%s: nothing shows %s: the measure measured nothing", where, tc.sel)
		}
		if got.Most > tc.most {
			t.Errorf("%s: %s takes %d lines (at most %d): %q", where, tc.sel, got.Most, tc.most, got.Text)
		}
	}

	for _, tc := range []struct {
		page  string
		most  float64 // the page's height at 390 px, folded
		folds int
	}{{"results.html", 14000, 4}, {"judged.html", 13000, 8}} {
		var got struct {
			Height       float64
			Folds, Open  int
			Summarycount int
		}
		if err := chromedp.Run(ctx, phone, chromedp.Navigate(base+tc.page), chromedp.WaitReady("body"), settled(),
			chromedp.Evaluate(`(() => {
  const folds = Array.from(document.querySelectorAll("details.fold"));
  return {Height: document.documentElement.scrollHeight, Folds: folds.length, Open: folds.filter((d) => d.open).length,
    Summarycount: folds.filter((d) => /\(\d+ /.test(d.querySelector("summary").textContent)).length};
})()`, &got)); err != nil {
			t.Fatalf("%s: %v", tc.page, err)
		}
		if got.Folds < tc.folds || got.Open != 0 || got.Summarycount != got.Folds {
			t.Errorf("%s at 390px: %d folds (want at least %d), %d open, %d with a count in the summary", tc.page, got.Folds, tc.folds, got.Open, got.Summarycount)
		}
		if got.Height > tc.most {
			t.Errorf("%s at 390px is %.0fpx tall, folded (at most %.0f)", tc.page, got.Height, tc.most)
		}
	}
}
