package e2e

import (
	"context"
	"encoding/csv"
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
)

// awaitPromise makes Evaluate wait for the promise its script returns.
func awaitPromise(p *runtime.EvaluateParams) *runtime.EvaluateParams { return p.WithAwaitPromise(true) }

// shownJS reads a table as a reader sees it: the headings and the rows
// that are not hidden, without the cells of hidden columns.
const shownJS = `((id) => {
  const t = document.getElementById(id);
  const visible = (c) => c.getClientRects().length > 0;
  const head = Array.from(t.tHead.rows[t.tHead.rows.length - 1].cells).filter(visible).map((c) => c.textContent.replace(/\s+/g, " ").trim());
  const rows = Array.from(t.tBodies[0].rows).filter(visible).map((r) => Array.from(r.cells).filter(visible).map((c) => c.textContent.replace(/\s+/g, " ").trim()));
  return {Head: head, Rows: rows};
})`

type shownTable struct {
	Head []string
	Rows [][]string
}

// choose sets a table's filter of kind to value.
func choose(ctx context.Context, table, kind, value string) error {
	sel := `.table-tools[data-for="` + table + `"] [data-filter-kind="` + kind + `"]`
	return chromedp.Run(ctx, chromedp.Evaluate(`(() => { const s = document.querySelector('`+sel+`'); s.value = `+jsString(value)+`; s.dispatchEvent(new Event("change")); return s.value; })()`, nil))
}

func jsString(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}

// download fetches what a table's "download what is shown" link holds.
func download(ctx context.Context, t *testing.T, table, kind string) string {
	t.Helper()
	var text string
	js := `fetch(document.querySelector('.table-tools[data-for="` + table + `"] a.download-shown-` + kind + `').href).then((r) => r.text())`
	if err := chromedp.Run(ctx, chromedp.Evaluate(js, &text, awaitPromise)); err != nil {
		t.Fatalf("download %s of %s: %v", kind, table, err)
	}
	return text
}

// TestJudgedTablesFilterAndDownloadWhatIsShown: on the judged page, from
// file://, the primary judge's table filters by writer, section, criterion
// and verdict, and "download what is shown" gives exactly the rows and
// columns shown, as CSV and as JSON.
func TestJudgedTablesFilterAndDownloadWhatIsShown(t *testing.T) {
	ctx := browser(t)
	dir := demoSite(t)
	if err := chromedp.Run(ctx, chromedp.Navigate("file://"+dir+"/judged.html"), chromedp.WaitReady("#judged-primary")); err != nil {
		t.Fatal(err)
	}
	read := func() shownTable {
		var s shownTable
		if err := chromedp.Run(ctx, chromedp.Evaluate(shownJS+`("judged-primary")`, &s)); err != nil {
			t.Fatal(err)
		}
		return s
	}
	all := read()
	if len(all.Rows) < 10 || len(all.Head) != 6 {
		t.Fatalf("the primary judge's table: %d rows, headings %v", len(all.Rows), all.Head)
	}
	for _, step := range []struct{ kind, value string }{{"criterion", "C2"}, {"verdict", "FAIL"}} {
		if err := choose(ctx, "judged-primary", step.kind, step.value); err != nil {
			t.Fatal(err)
		}
	}
	shown := read()
	if len(shown.Head) != 3 || !strings.HasPrefix(shown.Head[2], "C2") {
		t.Errorf("criterion C2: headings %v, want writer, section and C2 only", shown.Head)
	}
	if len(shown.Rows) == 0 || len(shown.Rows) >= len(all.Rows) {
		t.Fatalf("C2 FAIL: %d of %d rows", len(shown.Rows), len(all.Rows))
	}
	for _, r := range shown.Rows {
		if len(r) != 3 || !strings.HasPrefix(r[2], "FAIL") {
			t.Errorf("C2 FAIL shows %v", r)
		}
	}
	// The downloads hold what is shown, as it is shown.
	records, err := csv.NewReader(strings.NewReader(download(ctx, t, "judged-primary", "csv"))).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(records[0], shown.Head) || len(records)-1 != len(shown.Rows) {
		t.Errorf("CSV of what is shown: %v, want %v and %d rows", records, shown.Head, len(shown.Rows))
	}
	for i, r := range shown.Rows {
		if i+1 < len(records) && !slices.Equal(records[i+1], r) {
			t.Errorf("CSV row %d: %v, the page shows %v", i+1, records[i+1], r)
		}
	}
	var objects []map[string]string
	if err := json.Unmarshal([]byte(download(ctx, t, "judged-primary", "json")), &objects); err != nil {
		t.Fatal(err)
	}
	if len(objects) != len(shown.Rows) || len(objects) > 0 && objects[0][shown.Head[2]] != shown.Rows[0][2] {
		t.Errorf("JSON of what is shown: %v, the page shows %v", objects, shown.Rows)
	}
	// Writer and section narrow it further; "all" brings every row back.
	writer := shown.Rows[0][0]
	if err := choose(ctx, "judged-primary", "writer", writer); err != nil {
		t.Fatal(err)
	}
	for _, r := range read().Rows {
		if r[0] != writer {
			t.Errorf("writer %s shows %v", writer, r)
		}
	}
	for _, kind := range []string{"writer", "criterion", "verdict"} {
		choose(ctx, "judged-primary", kind, "")
	}
	if err := choose(ctx, "judged-primary", "section", "ACT 3"); err != nil {
		t.Fatal(err)
	}
	rows := read().Rows
	if len(rows) == 0 {
		t.Error("section ACT 3 shows no row")
	}
	for _, r := range rows {
		if r[1] != "ACT 3" {
			t.Errorf("section ACT 3 shows %v", r)
		}
	}
}

// TestLongTablesFilterByTheirColumns: the disagreement register, a row
// per criterion, filters by its criterion column.
func TestLongTablesFilterByTheirColumns(t *testing.T) {
	ctx := browser(t)
	dir := demoSite(t)
	var all, shown shownTable
	if err := chromedp.Run(ctx, chromedp.Navigate("file://"+dir+"/judged.html"), chromedp.WaitReady("#disagreement-register"),
		chromedp.Evaluate(shownJS+`("disagreement-register")`, &all)); err != nil {
		t.Fatal(err)
	}
	criteria := map[string]bool{}
	for _, r := range all.Rows {
		criteria[r[2]] = true
	}
	if len(all.Rows) < 2 || len(criteria) < 2 {
		t.Fatalf("the demo's register has %d rows on %d criteria: the test needs two criteria", len(all.Rows), len(criteria))
	}
	pick := all.Rows[0][2]
	if err := choose(ctx, "disagreement-register", "criterion", pick); err != nil {
		t.Fatal(err)
	}
	chromedp.Run(ctx, chromedp.Evaluate(shownJS+`("disagreement-register")`, &shown))
	if len(shown.Rows) == 0 || len(shown.Rows) >= len(all.Rows) {
		t.Errorf("criterion %s: %d of %d rows", pick, len(shown.Rows), len(all.Rows))
	}
	for _, r := range shown.Rows {
		if r[2] != pick {
			t.Errorf("criterion %s shows %v", pick, r)
		}
	}
}

// sortableJS lists the tables of figures (a heading row, two rows or more,
// no rows grouped under a spanning heading, which a sort would tear apart)
// that a reader cannot sort, and sorts each by every column once, in
// both directions, to check that the figures come out in order.
const sortableJS = `(() => {
  const out = [];
  document.querySelectorAll("main table").forEach((t) => {
    if (!t.tHead || !t.tBodies.length || t.tBodies[0].rows.length < 2 || t.classList.contains("kv")) return;
    if (Array.from(t.tBodies[0].rows).some((r) => Array.from(r.cells).some((c) => c.colSpan > 1 && c.tagName === "TH"))) return;
    const name = t.id || t.className || t.caption && t.caption.textContent.slice(0, 30);
    const heads = Array.from(t.tHead.rows[t.tHead.rows.length - 1].cells);
    const buttons = heads.map((th) => th.querySelector("button"));
    if (!buttons.some(Boolean)) { out.push(name + ": not sortable"); return; }
    buttons.forEach((b, col) => {
      if (!b) return;
      b.click();
      if (heads[col].getAttribute("aria-sort") !== "ascending") out.push(name + ": column " + col + " does not say it is sorted");
      const values = Array.from(t.tBodies[0].rows).map((r) => r.cells[col] ? (r.cells[col].getAttribute("data-value") || r.cells[col].textContent.trim()) : "");
      const numbers = values.map((v) => { const m = /^[^\d−-]{0,4}(-?\d+(?:\.\d+)?)/.exec(v); return m ? parseFloat(m[1]) : null; });
      if (numbers.every((n) => n !== null)) {
        for (let i = 1; i < numbers.length; i++) if (numbers[i] < numbers[i - 1]) { out.push(name + ": column " + col + " is not in ascending order: " + values.join(" | ")); break; }
      }
    });
  });
  return out;
})()`

// TestEveryTableOfFiguresSorts: on every page with tables of figures, each
// can be sorted by its columns, and a column of numbers sorts as numbers.
func TestEveryTableOfFiguresSorts(t *testing.T) {
	ctx := browser(t)
	dir := demoSite(t)
	for _, p := range []string{"results.html", "judged.html", "02-judge-protocol.html", "04-fixtures.html", "index.html", "00-findings.html", "cells/model-1--act-1.html"} {
		var problems []string
		if err := chromedp.Run(ctx, chromedp.Navigate("file://"+dir+"/"+p), chromedp.WaitReady("body"), chromedp.Evaluate(sortableJS, &problems)); err != nil {
			t.Fatalf("%s: %v", p, err)
		}
		for _, problem := range problems {
			t.Errorf("%s: %s", p, problem)
		}
	}
}
