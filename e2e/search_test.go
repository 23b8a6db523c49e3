package e2e

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
)

// TestSearchFromTheIndexPageOverFile: opened from file://, the index
// page's search finds a section's name (CHECKPOINT, which only the
// results and the cell pages name) and a word of a document, leads to the
// page, and loads nothing from anywhere but the site. At a phone's width
// the search is in the menu.
func TestSearchFromTheIndexPageOverFile(t *testing.T) {
	ctx := browser(t)
	dir := demoSite(t)
	issues := &pageIssues{}
	listen(ctx, issues)
	if err := chromedp.Run(ctx, network.Enable(), runtime.Enable(), page.Enable()); err != nil {
		t.Fatal(err)
	}
	base := "file://" + dir + "/"
	type result struct{ Href, Title, Where string }
	search := func(query string) []result {
		t.Helper()
		var out []result
		err := chromedp.Run(ctx,
			chromedp.Evaluate(`(() => { const i = document.getElementById("search-input"); i.value = ""; i.focus(); })()`, nil),
			chromedp.SendKeys("#search-input", query, chromedp.ByID),
			chromedp.Poll(`document.querySelectorAll("#search-results a").length > 0 || /Nothing found/.test(document.getElementById("search-status").textContent)`,
				nil, chromedp.WithPollingTimeout(10*time.Second)),
			chromedp.Evaluate(`Array.from(document.querySelectorAll("#search-results a")).map((a) => ({Href: a.href, Title: a.querySelector(".sr-title").textContent, Where: (a.querySelector(".sr-where") || {}).textContent || ""}))`, &out))
		if err != nil {
			t.Fatalf("search %q: %v", query, err)
		}
		return out
	}
	for _, width := range []int64{1280, 390} {
		if err := chromedp.Run(ctx, emulation.SetDeviceMetricsOverride(width, 900, 1, width < 600),
			chromedp.Navigate(base+"index.html"), chromedp.WaitReady("body")); err != nil {
			t.Fatal(err)
		}
		if width < 600 {
			// On a phone the field is in the folded menu: open it.
			if err := chromedp.Run(ctx, chromedp.Click(".site-menu > summary", chromedp.ByQuery)); err != nil {
				t.Fatal(err)
			}
		}
		var visible bool
		chromedp.Run(ctx, chromedp.Evaluate(`document.getElementById("search-input").getClientRects().length > 0`, &visible))
		if !visible {
			t.Fatalf("at %dpx the search field is not shown", width)
		}
		hits := search("checkpoint")
		cells := 0
		for _, h := range hits {
			if strings.Contains(h.Href, "/cells/") && strings.HasSuffix(h.Title, ", CHECKPOINT") {
				cells++
			}
		}
		if cells != 3 {
			t.Errorf("at %dpx, searching checkpoint finds %d of the 3 writers' CHECKPOINT cells: %v", width, cells, hits)
		}
		if hits := search("kappa"); len(hits) == 0 || !strings.Contains(fmt.Sprint(hits), "02-judge-protocol.html") {
			t.Errorf("at %dpx, searching kappa does not find the protocol: %v", width, hits)
		}
		if hits := search("zzzqqq"); len(hits) != 0 {
			t.Errorf("a word in no page finds %v", hits)
		}
	}
	// A result leads to its page.
	hits := search("story beat")
	if len(hits) == 0 {
		t.Fatal("searching story beat finds nothing")
	}
	var loc string
	if err := chromedp.Run(ctx, chromedp.Click("#search-results a", chromedp.ByQuery), chromedp.Sleep(time.Second),
		chromedp.WaitReady("body"), chromedp.Location(&loc)); err != nil {
		t.Fatal(err)
	}
	if loc != hits[0].Href {
		t.Errorf("the first result leads to %s, not %s", loc, hits[0].Href)
	}
	for _, problem := range issues.take() {
		t.Error(problem)
	}
}
