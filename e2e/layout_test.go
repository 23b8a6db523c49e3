package e2e

import (
	"fmt"
	"testing"

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
			for _, p := range layoutPages {
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
					sawCards += cards.Cards
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
