package e2e

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"

	"github.com/evalpress/evalpress/pipeline"
)

// builtResults is what the explorer is checked against in results.json.
type builtResults struct {
	Cells []struct {
		Model, Section string
		Criteria       map[string]struct {
			Verdict string
			Judges  map[string]struct{ Verdict string }
		}
	}
	Hypotheses []struct{ ID, Verdict, Reason string }
	Judged     *struct {
		Judges []struct {
			ID    string
			Valid bool
		}
	}
}

// explorerState is what the explorer shows (window.evalpressExplorerState).
type explorerState struct {
	Thresholds map[string]float64
	Cells      []map[string]string
	Hypotheses []struct{ ID, Verdict, Reason string }
}

func readResults(t *testing.T, dir string) builtResults {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(dir, "data", "results.json"))
	if err != nil {
		t.Fatal(err)
	}
	var r builtResults
	if err := json.Unmarshal(data, &r); err != nil {
		t.Fatal(err)
	}
	return r
}

// TestExplorerEqualsTheBuild: on the results page, opened from file://,
// the explorer at the build's own thresholds shows the build's verdicts,
// and at the thresholds of a link's fragment what build --set gives for
// the same keys: every cell's verdict under every criterion (per judge
// whose verdicts are results), and each hypothesis's verdict and reason.
// The mark says whose thresholds they are.
func TestExplorerEqualsTheBuild(t *testing.T) {
	ctx := browser(t)
	runsDir := filepath.Join(t.TempDir(), "runs")
	if _, err := pipeline.Build(context.Background(), pipeline.Options{Config: "../demo/runs/config.toml", Out: runsDir}, io.Discard); err != nil {
		t.Fatalf("building the runs demo: %v", err)
	}
	for _, tc := range []struct {
		config, dir string
		sets        []string
	}{
		{"../config.toml", demoSite(t), nil},
		{"../config.toml", demoSite(t), []string{"c5.max_run=15", "c5.max_overlap=0.12"}},
		{"../config.toml", demoSite(t), []string{"c5.max_run=30", "c5.max_overlap=0.5", "g1.tolerance=0.3"}},
		{"../config.toml", demoSite(t), []string{"c5.max_run=4", "c5.max_overlap=0"}},
		{"../config.toml", demoSite(t), []string{"judged.c1_min_present=11", "judged.c2_max_undeveloped=0.2"}},
		{"../config.toml", demoSite(t), []string{"c5.max_run=45", "c5.max_overlap=0.6", "g1.tolerance=0.05", "judged.c2_max_undeveloped=0.5"}},
		// Three runs on each of two episodes: a cell a run.
		{"../demo/runs/config.toml", runsDir, nil},
		{"../demo/runs/config.toml", runsDir, []string{"c5.max_run=20", "c5.max_overlap=0.3"}},
	} {
		dir, sets := tc.dir, tc.sets
		name := tc.config + "#" + strings.Join(sets, "&")
		fragment := strings.Join(sets, "&")
		t.Run(name, func(t *testing.T) {
			want := dir
			if sets != nil {
				want = filepath.Join(t.TempDir(), "site")
				if _, err := pipeline.Build(context.Background(), pipeline.Options{Config: tc.config, Out: want, Sets: sets}, io.Discard); err != nil {
					t.Fatalf("build --set %s: %v", name, err)
				}
			}
			built := readResults(t, want)
			var got explorerState
			var readers bool
			err := chromedp.Run(ctx, emulation.SetDeviceMetricsOverride(1280, 900, 1, false),
				chromedp.Navigate("file://"+dir+"/index.html"), chromedp.WaitReady("body"),
				chromedp.Navigate("file://"+dir+"/results.html#"+fragment), chromedp.WaitReady("body"),
				chromedp.Poll(`window.evalpressExplorerState || null`, &got),
				chromedp.Evaluate(`document.querySelector("#explorer .explorer-mark.readers") !== null`, &readers))
			if err != nil {
				t.Fatal(err)
			}
			if readers != (sets != nil) {
				t.Errorf("marked as the reader's thresholds: %v, want %v", readers, sets != nil)
			}
			var below bool
			if err := chromedp.Run(ctx, chromedp.Evaluate(`document.getElementById("explorer-below") !== null`, &below)); err != nil {
				t.Fatal(err)
			}
			if below != (sets != nil) {
				t.Errorf("the rest of the page said to be at the build's thresholds: %v, want %v", below, sets != nil)
			}
			for _, kv := range sets {
				k, v, _ := strings.Cut(kv, "=")
				if fmt.Sprint(got.Thresholds[k]) != v {
					t.Errorf("the page applies %s = %v, the link says %s", k, got.Thresholds[k], v)
				}
			}
			// The explorer keeps each judge's standing (the fixtures' counts
			// are not public): these thresholds must not change it.
			valid := map[string]bool{}
			if built.Judged != nil {
				for _, j := range built.Judged.Judges {
					valid[j.ID] = j.Valid
				}
				for _, j := range readResults(t, dir).Judged.Judges {
					if valid[j.ID] != j.Valid {
						t.Fatalf("at these thresholds judge %s's standing changes: pick others for this test", j.ID)
					}
				}
			}
			if len(got.Cells) != len(built.Cells) || len(built.Cells) == 0 {
				t.Fatalf("the explorer has %d cells, the build %d", len(got.Cells), len(built.Cells))
			}
			compared := 0
			for i, c := range built.Cells {
				for id, o := range c.Criteria {
					verdicts := map[string]string{id: o.Verdict}
					if o.Judges != nil {
						verdicts = map[string]string{}
						for j, jo := range o.Judges {
							if valid[j] {
								verdicts[id+"/"+j] = jo.Verdict
							}
						}
					}
					for k, v := range verdicts {
						compared++
						if got.Cells[i][k] != v {
							t.Errorf("%s, %s, %s: the page says %q, the build %q", c.Model, c.Section, k, got.Cells[i][k], v)
						}
					}
				}
			}
			if compared < 2*len(built.Cells) {
				t.Errorf("only %d verdicts compared", compared)
			}
			if len(got.Hypotheses) != len(built.Hypotheses) {
				t.Fatalf("the explorer has %d hypotheses, the build %d", len(got.Hypotheses), len(built.Hypotheses))
			}
			for i, h := range built.Hypotheses {
				if g := got.Hypotheses[i]; g.ID != h.ID || g.Verdict != h.Verdict || g.Reason != h.Reason {
					t.Errorf("%s: the page says %s (%s), the build %s (%s)", h.ID, g.Verdict, g.Reason, h.Verdict, h.Reason)
				}
			}
		})
	}
}

// TestExplorerKeepsTheReadersThresholds: changing a control recomputes the
// page and writes the thresholds in the address as config keys; the mark
// says so; the data the explorer reads is a part of results.json.
func TestExplorerKeepsTheReadersThresholds(t *testing.T) {
	ctx := browser(t)
	dir := demoSite(t)
	var hash, mark string
	var h1 string
	err := chromedp.Run(ctx, emulation.SetDeviceMetricsOverride(390, 844, 1, true),
		chromedp.Navigate("file://"+dir+"/results.html"), chromedp.WaitReady("body"),
		chromedp.Poll(`window.evalpressExplorerState || null`, nil),
		chromedp.Evaluate(`(() => {
  const set = (id, v) => { const i = document.getElementById(id); i.value = v; i.dispatchEvent(new Event("input", {bubbles: true})); };
  set("explore-c5-max_run", "40"); set("explore-c5-max_overlap", "0.6");
  return true;
})()`, nil),
		// The page recomputes once the reader pauses.
		chromedp.Poll(`window.evalpressExplorerState.thresholds["c5.max_overlap"] === 0.6`, nil),
		chromedp.Evaluate(`location.hash`, &hash),
		chromedp.Evaluate(`document.querySelector("#explorer .explorer-mark").textContent`, &mark),
		chromedp.Evaluate(`document.querySelector("[data-hypothesis=H1]").getAttribute("data-verdict")`, &h1))
	if err != nil {
		t.Fatal(err)
	}
	// Each table drawn again sorts, once a click (a second sorter would
	// sort it back): every cell's table too, open while the page redraws.
	var sortable bool
	if err := chromedp.Run(ctx,
		chromedp.Evaluate(`document.querySelector("#explorer .explorer-every summary").click()`, nil),
		chromedp.Evaluate(`(() => { const i = document.getElementById("explore-c5-max_run"); i.value = "41"; i.dispatchEvent(new Event("input", {bubbles: true})); })()`, nil),
		chromedp.Poll(`window.evalpressExplorerState.thresholds["c5.max_run"] === 41 && document.querySelector("#explorer table.explorer-cells") !== null`, nil),
		chromedp.Evaluate(`Array.from(document.querySelectorAll("#explorer table")).every((t) => {
  const th = t.tHead.rows[t.tHead.rows.length - 1].cells[1], b = th && th.querySelector("button");
  if (!b) return false;
  b.click();
  return th.getAttribute("aria-sort") === "ascending";
})`, &sortable)); err != nil {
		t.Fatal(err)
	}
	if !sortable {
		t.Error("a table the explorer drew again does not sort, or sorts twice a click")
	}
	if hash != "#c5.max_run=40&c5.max_overlap=0.6" {
		t.Errorf("the address keeps %q", hash)
	}
	if !strings.Contains(mark, "Your thresholds") || !strings.Contains(mark, "c5.max_run = 40") {
		t.Errorf("the mark says %q", mark)
	}
	if h1 == "" {
		t.Error("no verdict for H1")
	}
	// A verdict that differs from the build's says what the build's was.
	var unsaid []string
	if err := chromedp.Run(ctx, chromedp.Evaluate(`Array.from(document.querySelectorAll("[data-hypothesis]")).filter((li) => {
  const h = window.evalpressExplorer.hypotheses.find((x) => x.id === li.getAttribute("data-hypothesis"));
  return (h.verdict !== li.getAttribute("data-verdict")) !== li.textContent.includes("At this build's thresholds: " + h.verdict);
}).map((li) => li.textContent)`, &unsaid)); err != nil {
		t.Fatal(err)
	}
	if len(unsaid) > 0 {
		t.Errorf("hypotheses whose build verdict is said wrongly: %q", unsaid)
	}
	var was int
	if err := chromedp.Run(ctx, chromedp.Evaluate(`document.querySelectorAll("#explorer .explorer-was").length`, &was)); err != nil {
		t.Fatal(err)
	}
	if was == 0 {
		t.Error("at 40 words and 60% no hypothesis's verdict moved: the check above checked nothing")
	}

	// A key the page cannot apply is said, and left at the build's value.
	var refused string
	var run float64
	if err := chromedp.Run(ctx, chromedp.Navigate("file://"+dir+"/results.html#judged.c1_min_present=0&c5.max_run=abc&c5.max_overlap=0.2"),
		chromedp.WaitReady("body"), chromedp.Poll(`window.evalpressExplorerState || null`, nil),
		chromedp.Evaluate(`document.querySelector("#explorer .explorer-error").textContent`, &refused),
		chromedp.Evaluate(`window.evalpressExplorerState.thresholds["c5.max_run"]`, &run)); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(refused, "judged.c1_min_present=0") || !strings.Contains(refused, "c5.max_run=abc") || run != 12 {
		t.Errorf("refused %q, max_run %v", refused, run)
	}
	// A fragment that is not even percent-encoded is refused the same way.
	issues := &pageIssues{}
	listen(ctx, issues)
	if err := chromedp.Run(ctx, runtime.Enable(), chromedp.Navigate("file://"+dir+"/results.html#c5.max_run=1%zz"),
		chromedp.WaitReady("body"), chromedp.Poll(`window.evalpressExplorerState || null`, nil),
		chromedp.Evaluate(`document.querySelector("#explorer .explorer-error").textContent`, &refused)); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(refused, "c5.max_run=1%zz") {
		t.Errorf("a broken fragment: refused %q", refused)
	}
	for _, p := range issues.take() {
		t.Errorf("a broken fragment: %s", p)
	}

	// What the explorer reads is in results.json, value for value.
	var results any
	data, err := os.ReadFile(filepath.Join(dir, "data", "results.json"))
	if err != nil {
		t.Fatal(err)
	}
	json.Unmarshal(data, &results)
	var explorer any
	if err := chromedp.Run(ctx, chromedp.Evaluate(`window.evalpressExplorer`, &explorer)); err != nil {
		t.Fatal(err)
	}
	var extra []string
	subset("", explorer, results, &extra)
	if len(extra) > 0 {
		t.Errorf("the explorer's data holds what results.json does not: %q", extra[:min(5, len(extra))])
	}
}

// subset lists the paths of a that b does not hold with the same value.
func subset(path string, a, b any, out *[]string) {
	switch a := a.(type) {
	case map[string]any:
		bm, ok := b.(map[string]any)
		if !ok {
			*out = append(*out, path)
			return
		}
		keys := make([]string, 0, len(a))
		for k := range a {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		for _, k := range keys {
			subset(path+"."+k, a[k], bm[k], out)
		}
	case []any:
		bs, ok := b.([]any)
		if !ok || len(bs) != len(a) {
			*out = append(*out, path)
			return
		}
		for i := range a {
			subset(fmt.Sprintf("%s[%d]", path, i), a[i], bs[i], out)
		}
	default:
		if fmt.Sprint(a) != fmt.Sprint(b) {
			*out = append(*out, path)
		}
	}
}
