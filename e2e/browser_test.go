// Package e2e checks built sites in a real headless Chromium: every page
// loads without console errors, failed requests or requests to other hosts,
// charts draw, links and anchors resolve, tables sort and filter, the theme
// follows the system, the run view's keys and hover linking work, axe-core
// finds no serious accessibility problem, the keyboard reaches every control,
// and a malicious input runs no script. It runs the site both served on
// loopback and opened from file://.
//
// Without Chromium the tests skip with a message; in CI (CI=true) a missing
// browser is a failure. .ci/run installs Debian's chromium.
package e2e

import (
	"bytes"
	"context"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"

	"github.com/evalpress/evalpress/internal/testtree"
	"github.com/evalpress/evalpress/pipeline"
)

// chromium returns the browser to drive, skipping (or failing in CI) without one.
func chromium(t *testing.T) string {
	t.Helper()
	for _, name := range []string{os.Getenv("EVALPRESS_CHROMIUM"), "chromium", "chromium-browser", "google-chrome"} {
		if name == "" {
			continue
		}
		if path, err := exec.LookPath(name); err == nil {
			return path
		}
	}
	if os.Getenv("CI") == "true" {
		t.Fatal("no Chromium found, and CI=true: .ci/run must install Debian's chromium")
	}
	t.Skip("no Chromium found: install Debian's chromium (apt-get install chromium) to run the browser tests")
	return ""
}

// browser starts a fresh headless Chromium and returns a context for it.
func browser(t *testing.T) context.Context {
	t.Helper()
	// Chromium may still write its profile while the test ends, so the
	// profile is removed after the browser has stopped, not by t.TempDir.
	profile, err := os.MkdirTemp("", "evalpress-chromium-")
	if err != nil {
		t.Fatal(err)
	}
	opts := []chromedp.ExecAllocatorOption{
		chromedp.ExecPath(chromium(t)),
		chromedp.Headless,
		chromedp.NoSandbox,
		chromedp.DisableGPU,
		chromedp.NoFirstRun,
		chromedp.NoDefaultBrowserCheck,
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("allow-file-access-from-files", false),
		chromedp.UserDataDir(profile),
		chromedp.WindowSize(1280, 900),
	}
	allocCtx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	ctx, cancel := chromedp.NewContext(allocCtx)
	// No fixed budget that a loaded machine could trip: the browser has
	// what is left of the test binary's own deadline (go test -timeout),
	// less a moment to report what was running.
	cancelTimeout := context.CancelFunc(func() {})
	if deadline, ok := t.Deadline(); ok {
		ctx, cancelTimeout = context.WithDeadline(ctx, deadline.Add(-15*time.Second))
	}
	t.Cleanup(func() { cancelTimeout(); cancel(); cancelAlloc(); os.RemoveAll(profile) })
	if err := chromedp.Run(ctx); err != nil {
		t.Fatalf("starting Chromium: %v", err)
	}
	return ctx
}

var (
	buildOnce sync.Once
	demoDir   string
	buildErr  error
)

// demoSite builds the repository's demo artifact once for all tests.
func demoSite(t *testing.T) string {
	t.Helper()
	buildOnce.Do(func() {
		tmp, err := os.MkdirTemp("", "evalpress-e2e-")
		if err != nil {
			buildErr = err
			return
		}
		demoDir = filepath.Join(tmp, "site")
		_, buildErr = pipeline.Build(context.Background(), pipeline.Options{Config: "../config.toml", Out: demoDir}, io.Discard)
	})
	if buildErr != nil {
		t.Fatalf("building the demo: %v", buildErr)
	}
	return demoDir
}

// pageIssues records what went wrong while a page loaded.
type pageIssues struct {
	mu       sync.Mutex
	problems []string
	host     string // the only host requests may go to; "" for file://
}

func (p *pageIssues) add(format string, args ...any) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.problems = append(p.problems, fmt.Sprintf(format, args...))
}

func (p *pageIssues) take() []string {
	p.mu.Lock()
	defer p.mu.Unlock()
	out := p.problems
	p.problems = nil
	return out
}

// listen records console errors, exceptions, failed requests and requests
// that leave the site.
func listen(ctx context.Context, issues *pageIssues) {
	chromedp.ListenTarget(ctx, func(ev any) {
		switch e := ev.(type) {
		case *runtime.EventConsoleAPICalled:
			if e.Type == runtime.APITypeError || e.Type == runtime.APITypeAssert {
				var parts []string
				for _, a := range e.Args {
					parts = append(parts, string(a.Value))
				}
				issues.add("console error: %s", strings.Join(parts, " "))
			}
		case *runtime.EventExceptionThrown:
			issues.add("exception: %s", e.ExceptionDetails.Error())
		case *network.EventLoadingFailed:
			if !e.Canceled {
				issues.add("failed request: %s", e.ErrorText)
			}
		case *network.EventRequestWillBeSent:
			u, err := url.Parse(e.Request.URL)
			if err != nil {
				issues.add("unparseable request URL %q", e.Request.URL)
				return
			}
			switch {
			case u.Scheme == "data" || u.Scheme == "blob":
			case issues.host == "" && u.Scheme != "file":
				issues.add("request leaves the site: %s", e.Request.URL)
			case issues.host != "" && u.Host != issues.host:
				issues.add("request to another host: %s", e.Request.URL)
			}
		case *page.EventJavascriptDialogOpening:
			issues.add("a dialog opened: %q", e.Message)
			go chromedp.Run(ctx, page.HandleJavaScriptDialog(false))
		}
	})
}

// sitePages lists the HTML pages of a built site, relative and sorted;
// cells are sampled to keep the run short.
func sitePages(t *testing.T, dir string, atLeast int) []string {
	t.Helper()
	var pages []string
	cells := 0
	filepath.Walk(dir, func(path string, info os.FileInfo, err error) error {
		if err != nil || info.IsDir() || !strings.HasSuffix(path, ".html") {
			return err
		}
		rel, _ := filepath.Rel(dir, path)
		rel = filepath.ToSlash(rel)
		if strings.HasPrefix(rel, "cells/") {
			cells++
			if cells%5 != 1 {
				return nil
			}
		}
		pages = append(pages, rel)
		return nil
	})
	sort.Strings(pages)
	if len(pages) < atLeast {
		t.Fatalf("only %d pages in %s", len(pages), dir)
	}
	return pages
}

const chartCheckJS = `(() => {
  const out = [];
  document.querySelectorAll(".chart[data-option]").forEach((el) => {
    const canvas = el.querySelector("canvas");
    if (!canvas) { out.push(el.id + ": no canvas"); return; }
    const ctx = canvas.getContext("2d");
    const data = ctx.getImageData(0, 0, canvas.width, canvas.height).data;
    let painted = 0;
    for (let i = 3; i < data.length; i += 4 * 7) if (data[i] !== 0) painted++;
    if (painted < 50) out.push(el.id + ": blank canvas");
  });
  return out;
})()`

const linksJS = `Array.from(document.querySelectorAll("a[href]")).map((a) => a.href)`

const idsJS = `Array.from(document.querySelectorAll("[id]")).map((e) => e.id)`

// checkPages loads every page from base and checks it.
func checkPages(t *testing.T, ctx context.Context, dir, base string, issues *pageIssues) {
	ids := map[string]map[string]bool{} // page URL (without fragment) -> ids
	var links []struct{ from, to string }
	for _, p := range sitePages(t, dir, 8) {
		target := base + p
		var charts, hrefs, pageIDs []string
		err := chromedp.Run(ctx,
			chromedp.Navigate(target),
			chromedp.WaitReady("body"),
			settled(), // charts have drawn their first frame
			chromedp.Evaluate(chartCheckJS, &charts),
			chromedp.Evaluate(linksJS, &hrefs),
			chromedp.Evaluate(idsJS, &pageIDs),
		)
		if err != nil {
			t.Errorf("%s: %v", p, err)
			continue
		}
		for _, c := range charts {
			t.Errorf("%s: chart %s", p, c)
		}
		for _, problem := range issues.take() {
			t.Errorf("%s: %s", p, problem)
		}
		set := map[string]bool{}
		for _, id := range pageIDs {
			set[id] = true
		}
		ids[target] = set
		for _, h := range hrefs {
			links = append(links, struct{ from, to string }{target, h})
		}
	}
	// Every link inside the site points at a page that exists, and every
	// anchor at an element on it.
	for _, l := range links {
		u, err := url.Parse(l.to)
		if err != nil {
			t.Errorf("%s: bad link %q", l.from, l.to)
			continue
		}
		if !strings.HasPrefix(l.to, base) {
			if u.Scheme == "http" || u.Scheme == "https" || u.Scheme == "mailto" {
				continue // a link out, not a request
			}
			if u.Scheme == "blob" {
				continue // a download of what a table shows, made in the page
			}
			t.Errorf("%s: link %q is neither in the site nor a web link", l.from, l.to)
			continue
		}
		fragment := u.Fragment
		u.Fragment = ""
		rel := strings.TrimPrefix(u.String(), base)
		if rel == "" || strings.HasSuffix(rel, "/") {
			rel += "index.html"
		}
		if _, err := os.Stat(filepath.Join(dir, filepath.FromSlash(rel))); err != nil {
			t.Errorf("%s: link to missing %s", l.from, rel)
			continue
		}
		if fragment == "" || !strings.HasSuffix(rel, ".html") {
			continue
		}
		pageIDs, ok := ids[base+rel]
		if !ok {
			pageIDs = idsInFile(t, filepath.Join(dir, filepath.FromSlash(rel)))
			ids[base+rel] = pageIDs
		}
		if !pageIDs[fragment] {
			t.Errorf("%s: link to #%s, which %s does not have", l.from, fragment, rel)
		}
	}
}

var idAttr = regexp.MustCompile(`\sid="([^"]+)"`)

func idsInFile(t *testing.T, path string) map[string]bool {
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	set := map[string]bool{}
	for _, m := range idAttr.FindAllStringSubmatch(string(data), -1) {
		set[m[1]] = true
	}
	return set
}

func serveDir(t *testing.T, dir string) (string, string) {
	t.Helper()
	srv := httptest.NewServer(http.FileServer(http.Dir(dir)))
	t.Cleanup(srv.Close)
	u, _ := url.Parse(srv.URL)
	return srv.URL + "/", u.Host
}

func TestPagesServedOnLoopback(t *testing.T) {
	ctx := browser(t)
	dir := demoSite(t)
	base, host := serveDir(t, dir)
	issues := &pageIssues{host: host}
	listen(ctx, issues)
	if err := chromedp.Run(ctx, network.Enable(), runtime.Enable(), page.Enable()); err != nil {
		t.Fatal(err)
	}
	checkPages(t, ctx, dir, base, issues)
}

func TestPagesFromFile(t *testing.T) {
	ctx := browser(t)
	dir := demoSite(t)
	issues := &pageIssues{}
	listen(ctx, issues)
	if err := chromedp.Run(ctx, network.Enable(), runtime.Enable(), page.Enable()); err != nil {
		t.Fatal(err)
	}
	checkPages(t, ctx, dir, "file://"+filepath.ToSlash(dir)+"/", issues)
}

// column reads the text of one column of the visible rows of a table.
func column(ctx context.Context, t *testing.T, table string, col int) []string {
	var out []string
	js := fmt.Sprintf(`Array.from(document.querySelectorAll("#%s tbody tr")).filter((r) => !r.hidden).map((r) => r.cells[%d].textContent.trim())`, table, col)
	if err := chromedp.Run(ctx, chromedp.Evaluate(js, &out)); err != nil {
		t.Fatal(err)
	}
	return out
}

func TestTableSortingAndFiltering(t *testing.T) {
	ctx := browser(t)
	base, _ := serveDir(t, demoSite(t))
	if err := chromedp.Run(ctx, chromedp.Navigate(base+"results.html"), chromedp.WaitReady("#results-table")); err != nil {
		t.Fatal(err)
	}
	sortBy := `#results-table thead th:nth-child(4) button`
	if err := chromedp.Run(ctx, chromedp.Click(sortBy, chromedp.ByQuery)); err != nil {
		t.Fatal(err)
	}
	runs := column(ctx, t, "results-table", 3)
	if !sort.SliceIsSorted(runs, func(i, j int) bool { return atoi(runs[i]) < atoi(runs[j]) }) {
		t.Errorf("ascending sort by run: %v", runs)
	}
	chromedp.Run(ctx, chromedp.Click(sortBy, chromedp.ByQuery))
	runs = column(ctx, t, "results-table", 3)
	if !sort.SliceIsSorted(runs, func(i, j int) bool { return atoi(runs[i]) > atoi(runs[j]) }) {
		t.Errorf("descending sort by run: %v", runs)
	}
	var ariaSort string
	chromedp.Run(ctx, chromedp.AttributeValue(`#results-table thead th:nth-child(4)`, "aria-sort", &ariaSort, nil, chromedp.ByQuery))
	if ariaSort != "descending" {
		t.Errorf("aria-sort %q after two clicks", ariaSort)
	}

	if err := chromedp.Run(ctx, chromedp.SendKeys(`.table-tools[data-for="results-table"] input[data-filter-kind="text"]`, "Model 2", chromedp.ByQuery)); err != nil {
		t.Fatal(err)
	}
	writers := column(ctx, t, "results-table", 0)
	if len(writers) != 9 {
		t.Errorf("filter Model 2: %d rows, want 9: %v", len(writers), writers)
	}
	for _, w := range writers {
		if w != "Model 2" {
			t.Errorf("filter Model 2 shows %q", w)
		}
	}
	verdict := `.table-tools[data-for="results-table"] select[data-filter-kind="verdict"]`
	if err := chromedp.Run(ctx, chromedp.SetValue(verdict, "pass", chromedp.ByQuery),
		chromedp.Evaluate(`document.querySelector('`+verdict+`').dispatchEvent(new Event("change"))`, nil)); err != nil {
		t.Fatal(err)
	}
	if v := column(ctx, t, "results-table", 5); len(v) != 1 || v[0] != "pass" {
		t.Errorf("Model 2 and pass: %v, want its one passing section (the hook)", v)
	}
}

func atoi(s string) int {
	n := 0
	fmt.Sscan(s, &n)
	if s == "–" {
		return -1
	}
	return n
}

func TestThemeFollowsSystem(t *testing.T) {
	ctx := browser(t)
	base, _ := serveDir(t, demoSite(t))
	for _, tc := range []struct{ scheme, background string }{
		{"light", "rgb(255, 255, 255)"},
		{"dark", "rgb(13, 17, 23)"},
	} {
		var bg string
		err := chromedp.Run(ctx,
			emulation.SetEmulatedMedia().WithFeatures([]*emulation.MediaFeature{{Name: "prefers-color-scheme", Value: tc.scheme}}),
			chromedp.Navigate(base+"index.html"),
			chromedp.WaitReady("body"),
			chromedp.Evaluate(`getComputedStyle(document.body).backgroundColor`, &bg),
		)
		if err != nil {
			t.Fatal(err)
		}
		if bg != tc.background {
			t.Errorf("%s scheme: background %s, want %s", tc.scheme, bg, tc.background)
		}
	}
}

func TestRunViewInteractions(t *testing.T) {
	ctx := browser(t)
	base, _ := serveDir(t, demoSite(t))
	cell := base + "cells/model-1--act-1.html"
	var hash string
	var active []string
	activeJS := `Array.from(document.querySelectorAll("mark.run.active")).map((m) => m.id)`
	if err := chromedp.Run(ctx, chromedp.Navigate(cell), chromedp.WaitReady("mark.run")); err != nil {
		t.Fatal(err)
	}
	var total int
	chromedp.Run(ctx, chromedp.Evaluate(`document.querySelectorAll("#runs-table tbody tr[id]").length`, &total))
	if total < 2 {
		t.Fatalf("the cell has %d runs; the test needs two", total)
	}
	step := func(key string) {
		t.Helper()
		before := hash
		if err := chromedp.Run(ctx, chromedp.KeyEvent(key),
			chromedp.Poll(fmt.Sprintf(`location.hash !== %q && document.querySelector("mark.run.active") !== null`, before), nil, chromedp.WithPollingTimeout(10*time.Second)),
			chromedp.Evaluate(`location.hash`, &hash), chromedp.Evaluate(activeJS, &active)); err != nil {
			t.Fatal(err)
		}
	}
	step("n")
	if hash != "#run-1" || strings.Join(active, ",") != "s-run-1,e-run-1" {
		t.Errorf("after n: hash %q, active %v", hash, active)
	}
	step("n")
	if hash != "#run-2" || strings.Join(active, ",") != "s-run-2,e-run-2" {
		t.Errorf("after n n: hash %q, active %v", hash, active)
	}
	step("p")
	if hash != "#run-1" {
		t.Errorf("after p: hash %q", hash)
	}

	// Hovering one side lights up its counterpart.
	if err := chromedp.Run(ctx, chromedp.Navigate(cell), chromedp.WaitReady("mark.run"),
		chromedp.ScrollIntoView("#s-run-2", chromedp.ByQuery)); err != nil {
		t.Fatal(err)
	}
	var box []float64
	chromedp.Run(ctx, chromedp.Evaluate(`(() => { const r = document.getElementById("s-run-2").getClientRects()[0]; return [r.x + 4, r.y + r.height / 2]; })()`, &box))
	if err := chromedp.Run(ctx, chromedp.MouseEvent("mouseMoved", box[0], box[1]),
		chromedp.Poll(`document.querySelector("mark.run.active") !== null`, nil, chromedp.WithPollingTimeout(10*time.Second)),
		chromedp.Evaluate(activeJS, &active)); err != nil {
		t.Fatal(err)
	}
	if strings.Join(active, ",") != "s-run-2,e-run-2" {
		t.Errorf("hovering s-run-2 lights %v", active)
	}

	// A #run-N permalink opens with that run lit and in view.
	var inView bool
	if err := chromedp.Run(ctx, chromedp.Navigate(cell+"#run-2"), chromedp.WaitReady("mark.run"),
		// Until the run is lit and its counterpart has scrolled into view.
		chromedp.Poll(`document.querySelector("#e-run-2.active") !== null && (() => { const r = document.getElementById("e-run-2").getBoundingClientRect(); return r.top >= 0 && r.top < innerHeight; })()`,
			nil, chromedp.WithPollingTimeout(10*time.Second)),
		chromedp.Evaluate(activeJS, &active),
		chromedp.Evaluate(`(() => { const r = document.getElementById("e-run-2").getBoundingClientRect(); return r.top >= 0 && r.top < innerHeight; })()`, &inView)); err != nil {
		t.Fatal(err)
	}
	if strings.Join(active, ",") != "s-run-2,e-run-2" || !inView {
		t.Errorf("#run-2 permalink: active %v, counterpart in view %v", active, inView)
	}
}

func TestRowPermalinkScrolls(t *testing.T) {
	ctx := browser(t)
	base, _ := serveDir(t, demoSite(t))
	var top float64
	var scrolled float64
	if err := chromedp.Run(ctx, chromedp.Navigate(base+"results.html#cell-model-3--cta"), chromedp.WaitReady("#results-table"),
		// Until the page has scrolled the row into view (a fraction of a
		// pixel above the top counts: layouts round).
		chromedp.Poll(`scrollY > 0 && (() => { const r = document.getElementById("cell-model-3--cta").getBoundingClientRect(); return r.top > -1 && r.top < innerHeight; })()`,
			nil, chromedp.WithPollingTimeout(10*time.Second)),
		chromedp.Evaluate(`scrollY`, &scrolled),
		chromedp.Evaluate(`document.getElementById("cell-model-3--cta").getBoundingClientRect().top`, &top)); err != nil {
		t.Fatal(err)
	}
	if scrolled <= 0 || top <= -1 || top > 900 {
		t.Errorf("permalink to a row: scrollY %v, row top %v", scrolled, top)
	}
}

// axeOptions are axe-core's options per colour scheme. The dark scheme
// changes only colours, so only the colour rules run again in it: the other
// rules would check the same document twice.
var axeOptions = map[string]string{
	"light": `{ resultTypes: ["violations"] }`,
	"dark":  `{ resultTypes: ["violations"], runOnly: { type: "rule", values: ["color-contrast", "link-in-text-block"] } }`,
}

// TestAccessibility runs axe-core in each main page and fails on any serious
// or critical violation.
func TestAccessibility(t *testing.T) {
	ctx := browser(t)
	base, _ := serveDir(t, demoSite(t))
	axe, err := os.ReadFile("testdata/axe-core/axe.min.js")
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{"index.html", "00-findings.html", "01-rubric.html", "02-judge-protocol.html", "04-fixtures.html", "results.html", "judged.html", "method.html", "changes.html", "cells/model-2--cta.html", "cells/model-1--act-1.html", readersResults} {
		for _, scheme := range []string{"light", "dark"} {
			var violations []struct {
				ID     string `json:"id"`
				Impact string `json:"impact"`
				Help   string `json:"help"`
				Nodes  []struct {
					Target []any `json:"target"`
				} `json:"nodes"`
			}
			err := chromedp.Run(ctx,
				emulation.SetEmulatedMedia().WithFeatures([]*emulation.MediaFeature{{Name: "prefers-color-scheme", Value: scheme}}),
				chromedp.Navigate(base+p), chromedp.WaitReady("body"),
				chromedp.Evaluate(string(axe), nil),
				chromedp.Evaluate(`axe.run(document, `+axeOptions[scheme]+`).then((r) => r.violations)`, &violations,
					func(p *runtime.EvaluateParams) *runtime.EvaluateParams { return p.WithAwaitPromise(true) }),
			)
			if err != nil {
				t.Fatalf("%s: %v", p, err)
			}
			for _, v := range violations {
				if v.Impact == "serious" || v.Impact == "critical" {
					var where []string
					for i, n := range v.Nodes {
						if i < 3 {
							where = append(where, fmt.Sprint(n.Target))
						}
					}
					t.Errorf("%s (%s): %s %s: %s at %s", p, scheme, v.Impact, v.ID, v.Help, strings.Join(where, ", "))
				}
			}
		}
	}
}

// TestKeyboardReachesEveryControl tabs through pages and checks that every
// visible link, button, field, fold and run mark takes the focus.
func TestKeyboardReachesEveryControl(t *testing.T) {
	ctx := browser(t)
	base, _ := serveDir(t, demoSite(t))
	const controlsJS = `(() => {
	  const all = Array.from(document.querySelectorAll('a[href]:not([tabindex="-1"]), button, input, select, summary, [tabindex="0"]'));
	  all.forEach((el, i) => el.setAttribute("data-ctl", i));
	  return all.filter((el) => el.offsetParent !== null || el.getClientRects().length > 0).map((el) => el.getAttribute("data-ctl"));
	})()`
	for _, p := range []string{"results.html", "cells/model-1--act-1.html", "01-rubric.html"} {
		var controls []string
		if err := chromedp.Run(ctx, chromedp.Navigate(base+p), chromedp.WaitReady("body"), settled(),
			chromedp.Evaluate(controlsJS, &controls)); err != nil {
			t.Fatal(err)
		}
		reached := map[string]bool{}
		for range len(controls) + 10 {
			var id string
			if err := chromedp.Run(ctx, chromedp.KeyEvent("\t"),
				chromedp.Evaluate(`document.activeElement ? (document.activeElement.getAttribute("data-ctl") || "") : ""`, &id)); err != nil {
				t.Fatal(err)
			}
			reached[id] = true
		}
		missed := 0
		for _, c := range controls {
			if !reached[c] {
				missed++
			}
		}
		if missed > 0 {
			t.Errorf("%s: the keyboard reached %d of %d controls", p, len(controls)-missed, len(controls))
		}
	}
}

// TestScreenshots writes the main pages at desktop and phone widths into a
// folder for a person to look at: EVALPRESS_SCREENSHOTS, or a new folder
// under the system's temporary folder (the test logs which). Each must show
// what a person would see: not a blank page, and on a page with charts,
// every bar or line chart's first series in its colour.
func TestScreenshots(t *testing.T) {
	ctx := browser(t)
	base, _ := serveDir(t, demoSite(t))
	out := os.Getenv("EVALPRESS_SCREENSHOTS")
	if out == "" {
		var err error
		if out, err = os.MkdirTemp("", "evalpress-screenshots-"); err != nil {
			t.Fatal(err)
		}
	} else if err := os.MkdirAll(out, 0o755); err != nil {
		t.Fatal(err)
	}
	abs, _ := filepath.Abs(out)
	t.Logf("screenshots are written to %s", abs)
	charted := 0
	for _, size := range []struct {
		name          string
		width, height int64
		mobile        bool
	}{{"desktop", 1280, 900, false}, {"phone", 390, 844, true}} {
		for _, p := range []string{"index.html", "00-findings.html", "results.html", "cells/model-2--cta.html", "method.html"} {
			var shot []byte
			var charts []chartArea
			err := chromedp.Run(ctx,
				emulation.SetDeviceMetricsOverride(size.width, size.height, 1, size.mobile),
				chromedp.Navigate(base+p), chromedp.WaitReady("body"), settled(),
				chromedp.FullScreenshot(&shot, 100), // quality 100: PNG
				chromedp.Evaluate(chartAreasJS, &charts))
			if err != nil {
				t.Fatal(err)
			}
			name := strings.NewReplacer("/", "_", ".html", "").Replace(p) + "-" + size.name + ".png"
			if err := os.WriteFile(filepath.Join(out, name), shot, 0o644); err != nil {
				t.Fatal(err)
			}
			img, err := png.Decode(bytes.NewReader(shot))
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			if share := inkShare(img); share < 0.01 {
				t.Errorf("%s: the page looks blank (%.2f%% of its pixels differ from the background)", name, 100*share)
			}
			for _, c := range charts {
				if c.Kind != "bar" && c.Kind != "line" {
					continue // a heatmap's colours come from its scale
				}
				charted++
				if n := pixelsOf(img, c); n < 20 {
					t.Errorf("%s: chart %s shows %d pixels of its first series' colour %s", name, c.ID, n, c.Color)
				}
			}
		}
	}
	if charted == 0 {
		t.Error("no bar or line chart was checked on any page")
	}
}

// settled waits until the page has loaded, its fonts too, and every chart
// has painted its canvas.
func settled() chromedp.Action {
	return chromedp.Poll(`document.readyState === "complete" && document.fonts.status === "loaded" &&
		Array.from(document.querySelectorAll(".chart[data-option]")).every((el) => el.querySelector("canvas"))`,
		nil, chromedp.WithPollingTimeout(20*time.Second))
}

// chartArea is where a chart is on the page and the colour of its first
// series.
type chartArea struct {
	ID, Kind, Color     string
	X, Y, Width, Height float64
}

const chartAreasJS = `Array.from(document.querySelectorAll(".chart[data-option]")).map((el) => {
  const o = JSON.parse(el.getAttribute("data-option"));
  const r = el.getBoundingClientRect();
  const series = [].concat(o.series || []);
  return {ID: el.id, Kind: series.length ? series[0].type : "", Color: (o.color || [])[0] || "",
    X: r.left + scrollX, Y: r.top + scrollY, Width: r.width, Height: r.height};
})`

// inkShare is the share of img's pixels that differ from its most common
// colour (the background).
func inkShare(img image.Image) float64 {
	counts := map[color.RGBA]int{}
	b := img.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y += 2 {
		for x := b.Min.X; x < b.Max.X; x += 2 {
			r, g, bl, _ := img.At(x, y).RGBA()
			counts[color.RGBA{uint8(r >> 8), uint8(g >> 8), uint8(bl >> 8), 255}]++
		}
	}
	total, most := 0, 0
	for _, n := range counts {
		total += n
		most = max(most, n)
	}
	if total == 0 {
		return 0
	}
	return float64(total-most) / float64(total)
}

// pixelsOf counts the pixels of img inside c's area within a small
// distance of c's colour ("#D55E00").
func pixelsOf(img image.Image, c chartArea) int {
	var want [3]int
	if _, err := fmt.Sscanf(strings.TrimPrefix(c.Color, "#"), "%02x%02x%02x", &want[0], &want[1], &want[2]); err != nil {
		return 0
	}
	n := 0
	area := image.Rect(int(c.X), int(c.Y), int(c.X+c.Width), int(c.Y+c.Height)).Intersect(img.Bounds())
	for y := area.Min.Y; y < area.Max.Y; y++ {
		for x := area.Min.X; x < area.Max.X; x++ {
			r, g, b, _ := img.At(x, y).RGBA()
			if near(int(r>>8), want[0]) && near(int(g>>8), want[1]) && near(int(b>>8), want[2]) {
				n++
			}
		}
	}
	return n
}

func near(a, b int) bool { return a-b <= 12 && b-a <= 12 }

const maliciousArchive = `
-- config.toml --
title = "Malicious <script>window.__pwned=1</script> title"
content_dir = "content"
[inputs]
dir = "private"
[publish]
out = "out"
audience = "internal"
-- content/index.md --
# Hostile document

<script>window.__pwned = 2</script>

An image: <img src="x" onerror="window.__pwned = 3">

[a javascript link](javascript:window.__pwned=4) and [another](JaVaScRiPt:window.__pwned=5).

A "quoted" attribute breaker: " onmouseover="window.__pwned=6
-- private/sections.md --
# Writer </script><script>window.__pwned=7</script>
## INTRO <img src=x onerror="window.__pwned=8">
Text with </script><script>window.__pwned=9</script> and <img src=x onerror="window.__pwned=10"> inside.
-- private/examples.md --
## INTRO <img src=x onerror="window.__pwned=8">
Text with </script><script>window.__pwned=9</script> and more.
`

// TestMaliciousInputRunsNoScript builds an internal site (which shows the
// texts in full) from inputs full of markup and checks in the browser that
// none of it runs.
func TestMaliciousInputRunsNoScript(t *testing.T) {
	ctx := browser(t)
	dir := testtree.Write(t, t.TempDir(), maliciousArchive, nil)
	out := filepath.Join(dir, "out")
	if _, err := pipeline.Build(context.Background(), pipeline.Options{Config: filepath.Join(dir, "config.toml")}, io.Discard); err != nil {
		t.Fatalf("build: %v", err)
	}
	issues := &pageIssues{}
	listen(ctx, issues)
	chromedp.Run(ctx, page.Enable(), runtime.Enable())
	base := "file://" + filepath.ToSlash(out) + "/"
	for _, p := range sitePages(t, out, 4) {
		var pwned any
		err := chromedp.Run(ctx, chromedp.Navigate(base+p), chromedp.WaitReady("body"), settled(),
			chromedp.Evaluate(`(() => { document.querySelectorAll("a, mark, img").forEach((e) => { e.dispatchEvent(new MouseEvent("mouseover", {bubbles: true})); }); document.querySelectorAll("a[href]").forEach((a) => { if (!a.href.startsWith("file:")) a.click(); }); return window.__pwned === undefined ? null : window.__pwned; })()`, &pwned))
		if err != nil {
			t.Fatalf("%s: %v", p, err)
		}
		if pwned != nil {
			t.Errorf("%s: input script ran (window.__pwned = %v)", p, pwned)
		}
		for _, problem := range issues.take() {
			if strings.Contains(problem, "dialog") || strings.Contains(problem, "__pwned") {
				t.Errorf("%s: %s", p, problem)
			}
		}
	}
}
