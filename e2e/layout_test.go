package e2e

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"testing"
	"time"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
)

// brokenWordsJS lists the words whose letters sit on more than one line:
// a Range over each run of letters and digits in every text node, and its
// client rectangles. A break at punctuation (a slash, a dot, a hyphen) is
// between two words, and allowed; a break inside a run of letters is not.
const brokenWordsJS = `(() => {
  const out = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  const word = /[\p{L}\p{N}]+/gu;
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement;
    if (!parent || parent.closest("script, style, noscript, [hidden], .skip")) continue;
    const text = node.data;
    let m;
    word.lastIndex = 0;
    while ((m = word.exec(text)) !== null) {
      if (m[0].length < 2) continue;
      const r = document.createRange();
      r.setStart(node, m.index);
      r.setEnd(node, m.index + m[0].length);
      const rects = Array.from(r.getClientRects()).filter((b) => b.width > 0 && b.height > 0);
      if (rects.length < 2) continue;
      const tops = rects.map((b) => b.top);
      const spread = Math.max(...tops) - Math.min(...tops);
      if (spread > rects[0].height / 2) {
        const where = parent.closest("[id]");
        out.push(JSON.stringify(m[0]) + " in <" + parent.tagName.toLowerCase() + (parent.className ? "." + parent.className : "") + ">" + (where ? " under #" + where.id : ""));
      }
    }
  }
  return out.slice(0, 20);
})()`

// clippedJS lists what a reader cannot reach: the page scrolling sideways,
// a table cut by an ancestor that hides its overflow, a table that scrolls
// inside a box that is not a labelled, focusable region, a cell whose
// content spills out of it, a caption wider than what shows of it.
const clippedJS = `(() => {
  const out = [], doc = document.documentElement;
  if (doc.scrollWidth > doc.clientWidth + 1) out.push("the page is " + doc.scrollWidth + "px wide in a " + doc.clientWidth + "px window");
  const name = (t) => (t.id ? "#" + t.id : "table." + (t.className || "?").split(" ")[0]) + " (" + (t.caption ? t.caption.textContent.slice(0, 30) : (t.tHead ? t.tHead.textContent.trim().slice(0, 30) : "")) + ")";
  document.querySelectorAll("main table").forEach((t) => {
    if (!t.getClientRects().length) return;
    for (let el = t.parentElement; el && el !== document.body; el = el.parentElement) {
      const s = getComputedStyle(el);
      if (el.scrollWidth <= el.clientWidth + 1) continue;
      if (s.overflowX === "hidden" || s.overflowX === "clip") { out.push(name(t) + ": clipped by <" + el.tagName.toLowerCase() + "." + el.className + ">"); break; }
      if (s.overflowX === "auto" || s.overflowX === "scroll") {
        if (el.getAttribute("role") !== "region" || !(el.getAttribute("aria-label") || el.getAttribute("aria-labelledby")) || el.tabIndex < 0)
          out.push(name(t) + ": scrolls inside a box that is not a labelled, focusable region");
        // What shows of the caption is all of it.
        if (t.caption && t.caption.getBoundingClientRect().width > el.clientWidth + 1) out.push(name(t) + ": its caption is wider (" + Math.round(t.caption.getBoundingClientRect().width) + "px) than its region (" + el.clientWidth + "px)");
        break;
      }
    }
    t.querySelectorAll("th, td").forEach((c) => {
      if (c.getClientRects().length && c.scrollWidth > c.clientWidth + 1) out.push(name(t) + ": a cell's content spills out: " + c.textContent.trim().slice(0, 30));
    });
  });
  return out.slice(0, 20);
})()`

// cardsJS checks, on a phone, each table shown as cards: every figure in
// a card has its label beside it, and the whole card is on screen.
const cardsJS = `(() => {
  const out = [], w = document.documentElement.clientWidth;
  let cards = 0;
  document.querySelectorAll("main table.cards").forEach((t) => {
    // A head shown above the cards offers a sort: it never says "Sort by"
    // with nothing to sort by.
    const head = t.tHead && t.tHead.rows[t.tHead.rows.length - 1];
    if (head && head.getClientRects().length) {
      const label = getComputedStyle(head, "::before").content;
      const buttons = Array.from(head.querySelectorAll("th button")).filter((b) => b.getClientRects().length);
      if (!buttons.length) out.push((t.id || t.className) + ": a card table's head offers no sort (" + label + ")");
    }
    t.querySelectorAll("tbody tr").forEach((tr) => {
      if (!tr.getClientRects().length) return;
      cards++;
      Array.from(tr.cells).forEach((c, i) => {
        if (!c.getClientRects().length || c.textContent.trim() === "") return;
        const r = c.getBoundingClientRect();
        if (r.right > w + 1 || r.left < -1) out.push((t.id || t.className) + ": a card's cell is off screen: " + c.textContent.trim().slice(0, 30));
        if (i === 0 && c.tagName === "TH") return; // the card's title
        const label = getComputedStyle(c, "::before").content;
        if (!label || label === "none" || label === '""' || label === "normal") out.push((t.id || t.className) + ": a figure without its label: " + c.textContent.trim().slice(0, 30));
      });
    });
  });
  return {problems: out.slice(0, 20), cards: cards};
})()`

// layoutPages are one page of every kind in the demo site.
var layoutPages = []string{"index.html", "00-findings.html", "01-rubric.html", "02-judge-protocol.html", "03-outline-fixes.html",
	"04-fixtures.html", "fixtures/T1.html", "results.html", "judged.html", "changes.html", "method.html",
	"cells/model-1--act-1.html", "cells/model-2--cta.html"}

// readersResults is the results page at thresholds a reader chose.
const readersResults = "results.html#c5.max_run=15&c5.max_overlap=0.12&judged.c2_max_undeveloped=0.2"

// TestLayoutAsAPersonSeesIt measures, at a phone's width and a desktop's,
// in the light and the dark theme, what a reader sees of each kind of page:
// no word broken inside, no table cut, every figure of a phone card with
// its label, and no console error.
func TestLayoutAsAPersonSeesIt(t *testing.T) {
	ctx := browser(t)
	dir := demoSite(t)
	issues := &pageIssues{}
	listen(ctx, issues)
	if err := chromedp.Run(ctx, network.Enable(), runtime.Enable(), page.Enable()); err != nil {
		t.Fatal(err)
	}
	base := "file://" + dir + "/"
	sawCards := 0
	for _, size := range []struct {
		width, height int64
		mobile        bool
	}{{390, 844, true}, {1280, 900, false}} {
		for _, scheme := range []string{"light", "dark"} {
			// The results page at a reader's thresholds too: the explorer's
			// tables and mark are then drawn.
			for _, p := range append(slices.Clone(layoutPages), readersResults) {
				where := fmt.Sprintf("%s at %dpx (%s)", p, size.width, scheme)
				var broken, clipped []string
				var cards struct {
					Problems []string
					Cards    int
				}
				err := chromedp.Run(ctx,
					emulation.SetDeviceMetricsOverride(size.width, size.height, 1, size.mobile),
					emulation.SetEmulatedMedia().WithFeatures([]*emulation.MediaFeature{{Name: "prefers-color-scheme", Value: scheme}}),
					chromedp.Navigate(base+p), chromedp.WaitReady("body"), settled(),
					chromedp.Evaluate(brokenWordsJS, &broken),
					chromedp.Evaluate(clippedJS, &clipped),
					chromedp.Evaluate(cardsJS, &cards))
				if err != nil {
					t.Fatalf("%s: %v", where, err)
				}
				for _, b := range broken {
					t.Errorf("%s: a word is broken across lines: %s", where, b)
				}
				for _, c := range clipped {
					t.Errorf("%s: %s", where, c)
				}
				for _, c := range cards.Problems {
					t.Errorf("%s: %s", where, c)
				}
				if size.width < 600 {
					// On a phone nothing needs scrolling sideways: a wide
					// table is cards, a table of settings stacks.
					var sideways []string
					if err := chromedp.Run(ctx, chromedp.Evaluate(`Array.from(document.querySelectorAll("main .table-wrap")).filter((w) => w.getClientRects().length && w.scrollWidth > w.clientWidth + 1).map((w) => w.getAttribute("aria-label"))`, &sideways)); err != nil {
						t.Fatal(err)
					}
					for _, w := range sideways {
						t.Errorf("%s: the table %q scrolls sideways", where, w)
					}
				}
				if size.width < 600 {
					sawCards += cards.Cards
				}
				if size.width < 600 && p == "cells/model-1--act-1.html" {
					// The judged calls, rows grouped under each rater, are
					// cards too: the head check above ran on them.
					var isCards bool
					if err := chromedp.Run(ctx, chromedp.Evaluate(`document.querySelector("table.judged-cell.cards") !== null`, &isCards)); err != nil {
						t.Fatal(err)
					}
					if !isCards {
						t.Errorf("%s: the judged calls are not cards on a phone", where)
					}
				}
				if size.width < 600 && p == "02-judge-protocol.html" {
					// The protocol: percent agreement never without kappa.
					var pairs struct{ Cards, Beside int }
					if err := chromedp.Run(ctx, chromedp.Evaluate(`(() => {
  let cards = 0, beside = 0;
  document.querySelectorAll("table.agreement.cards tbody tr").forEach((tr) => {
    const cells = Array.from(tr.cells), i = cells.findIndex((c) => (c.getAttribute("data-label") || "").startsWith("Agreement"));
    if (i < 0 || cells[i].textContent.trim() === "" || tr.classList.contains("withheld")) return;
    cards++;
    const k = cells[i + 1], a = cells[i].getBoundingClientRect();
    if (k && (k.getAttribute("data-label") || "").startsWith("Kappa") && k.getClientRects().length && k.getBoundingClientRect().top - a.bottom < 40) beside++;
  });
  return {Cards: cards, Beside: beside};
})()`, &pairs)); err != nil {
						t.Fatal(err)
					}
					if pairs.Cards == 0 || pairs.Beside != pairs.Cards {
						t.Errorf("%s: kappa beside percent agreement in %d of %d agreement cards", where, pairs.Beside, pairs.Cards)
					}
				}
				for _, problem := range issues.take() {
					t.Errorf("%s: %s", where, problem)
				}
			}
		}
	}
	if sawCards == 0 {
		t.Error("no table became cards on a phone: the card checks checked nothing")
	}
}

// printJS lists what would be lost on an A4 page: a table or any element
// of the main part wider than the page, or a table that would still need
// scrolling (paper does not scroll).
const printJS = `(() => {
  const out = [], w = document.documentElement.clientWidth;
  document.querySelectorAll("main table").forEach((t) => {
    const r = t.getBoundingClientRect();
    if (r.right > w + 1) out.push((t.id || t.className) + " is " + Math.round(r.width) + "px wide on a " + w + "px page");
    for (let el = t.parentElement; el && el !== document.body; el = el.parentElement) {
      if (el.scrollWidth > el.clientWidth + 1 && getComputedStyle(el).overflowX !== "visible") { out.push((t.id || t.className) + " scrolls inside <" + el.tagName.toLowerCase() + "." + el.className + ">"); break; }
    }
  });
  if (document.documentElement.scrollWidth > w + 1) out.push("the page is " + document.documentElement.scrollWidth + "px wide");
  return out;
})()`

// TestPrintFitsA4: printed on A4 (210 mm less 12 mm margins each side, 704
// CSS pixels), every table of every kind of page fits the width with all
// its columns, and no word is broken inside.
func TestPrintFitsA4(t *testing.T) {
	ctx := browser(t)
	dir := demoSite(t)
	for _, p := range layoutPages {
		var problems, broken []string
		err := chromedp.Run(ctx, emulation.SetDeviceMetricsOverride(704, 1000, 1, false),
			emulation.SetEmulatedMedia().WithMedia("print"),
			chromedp.Navigate("file://"+dir+"/"+p), chromedp.WaitReady("body"), settled(),
			chromedp.Evaluate(printJS, &problems), chromedp.Evaluate(brokenWordsJS, &broken))
		if err != nil {
			t.Fatalf("%s: %v", p, err)
		}
		for _, problem := range problems {
			t.Errorf("%s printed: %s", p, problem)
		}
		for _, b := range broken {
			t.Errorf("%s printed: a word is broken across lines: %s", p, b)
		}
	}
}

// TestWaysAround: a long page's "On this page" stays on screen once the
// reader has scrolled to the middle, at a desktop's width and a phone's;
// on a phone the header is one compact line; and every CSV the site
// publishes is linked from its pages.
func TestWaysAround(t *testing.T) {
	ctx := browser(t)
	dir := demoSite(t)
	for _, width := range []int64{1280, 390} {
		for _, p := range []string{"results.html", "judged.html", "02-judge-protocol.html"} {
			var got struct {
				Long, Visible bool
				Header        float64
			}
			err := chromedp.Run(ctx, emulation.SetDeviceMetricsOverride(width, 844, 1, width < 600),
				emulation.SetEmulatedMedia().WithMedia(""),
				chromedp.Navigate("file://"+dir+"/"+p), chromedp.WaitReady("body"), settled(),
				chromedp.Evaluate(`window.scrollTo(0, document.documentElement.scrollHeight / 2)`, nil),
				chromedp.Sleep(200*time.Millisecond),
				chromedp.Evaluate(`(() => {
  const toc = document.querySelector("nav.toc"), r = toc ? toc.getBoundingClientRect() : null;
  return {Long: document.documentElement.scrollHeight > 3 * innerHeight,
    Visible: !!r && r.height > 0 && r.top >= -1 && r.bottom <= innerHeight + 1 && r.top < innerHeight,
    Header: document.querySelector(".site-header").getBoundingClientRect().height};
})()`, &got))
			if err != nil {
				t.Fatalf("%s: %v", p, err)
			}
			if !got.Long {
				t.Errorf("%s at %dpx is not long enough to test its contents", p, width)
			}
			if !got.Visible {
				t.Errorf("%s at %dpx: \"On this page\" is not on screen halfway down", p, width)
			}
			if width < 600 && got.Header > 80 {
				t.Errorf("%s at %dpx: the header is %.0fpx tall", p, width, got.Header)
			}
		}
	}
	linked := map[string]bool{}
	for _, p := range layoutPages {
		data, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(p)))
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range regexp.MustCompile(`href="(?:\.\./)*(data/[^"]+\.csv)"`).FindAllStringSubmatch(string(data), -1) {
			linked[m[1]] = true
		}
	}
	csvs, _ := filepath.Glob(filepath.Join(dir, "data", "*.csv"))
	if len(csvs) < 2 {
		t.Fatalf("the demo publishes %d CSV files", len(csvs))
	}
	for _, f := range csvs {
		if rel := "data/" + filepath.Base(f); !linked[rel] {
			t.Errorf("%s is linked from no page", rel)
		}
	}
}
