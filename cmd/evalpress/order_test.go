package main

import (
	"bytes"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/csv"
	"encoding/hex"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"

	"golang.org/x/net/html"

	"github.com/evalpress/evalpress/internal/commitment"
	"github.com/evalpress/evalpress/internal/testtree"
)

// The writers' order is private: a sections.md written in the order of the
// real names would otherwise give the aliases away. Every published list
// orders writers by alias, in natural order ("Model 2" before "Model 10").

// aliasRank is the test's own reading of an alias's place: the number of
// "Model N" (every alias in these tests has that form); ok is false for
// anything else.
func aliasRank(s string) (int, bool) {
	n, ok := strings.CutPrefix(strings.TrimSpace(s), "Model ")
	if !ok {
		return 0, false
	}
	r, err := strconv.Atoi(n)
	return r, err == nil
}

// aliasMentions are the aliases a text names, in order.
var aliasMentions = regexp.MustCompile(`Model [0-9]+`)

// increasing reports whether ranks, consecutive repeats taken as one, only
// go up.
func increasing(ranks []int) bool {
	for i := 1; i < len(ranks); i++ {
		if ranks[i] < ranks[i-1] {
			return false
		}
	}
	return true
}

// checkListsByAlias checks every list of writers in the site at out: the
// CSV files' writer column, every array of results.json that names writers
// (grouped by judge where it has one; a ranking by rank, then alias), every
// HTML table's writer column and header row, every chart's data and its
// text, and the cells of the search index.
func checkListsByAlias(t *testing.T, out string, least int) {
	t.Helper()
	lists := 0
	err := filepath.WalkDir(out, func(path string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(out, path)
		switch {
		case strings.HasSuffix(path, ".csv"):
			lists += checkCSV(t, rel, data)
		case strings.HasSuffix(path, ".json"):
			var v any
			if err := json.Unmarshal(data, &v); err != nil {
				t.Fatalf("%s: %v", rel, err)
			}
			lists += checkJSON(t, rel, "", v)
		case strings.HasSuffix(path, ".html"):
			lists += checkHTML(t, rel, data)
		case strings.HasSuffix(path, "search.js"):
			var ranks []int
			for _, m := range regexp.MustCompile(`"cells/model-([0-9]+)--`).FindAllSubmatch(data, -1) {
				n, _ := strconv.Atoi(string(m[1]))
				ranks = append(ranks, n)
			}
			if len(ranks) > 1 {
				lists++
				if !increasing(ranks) {
					t.Errorf("%s: cells listed in the order %v", rel, ranks)
				}
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if lists < least {
		t.Errorf("only %d lists of writers checked", lists)
	}
}

func checkCSV(t *testing.T, name string, data []byte) int {
	rows, err := csv.NewReader(bytes.NewReader(data)).ReadAll()
	if err != nil || len(rows) < 3 {
		t.Fatalf("%s: %d rows, %v", name, len(rows), err)
	}
	col := -1
	for i, h := range rows[0] {
		if h == "writer" || h == "model" {
			col = i
		}
	}
	if col < 0 {
		t.Fatalf("%s: no writer column in %q", name, rows[0])
	}
	// Rows are grouped by judge where the file has one.
	groups := map[string][]int{}
	judge := -1
	for i, h := range rows[0] {
		if h == "judge" {
			judge = i
		}
	}
	for _, r := range rows[1:] {
		k := ""
		if judge >= 0 {
			k = r[judge]
		}
		n, ok := aliasRank(r[col])
		if !ok {
			t.Fatalf("%s: writer %q", name, r[col])
		}
		groups[k] = append(groups[k], n)
	}
	for k, ranks := range groups {
		if !increasing(ranks) {
			t.Errorf("%s: judge %q: writers in the order %v", name, k, ranks)
		}
	}
	return 1
}

// checkJSON checks every array in v whose objects name a writer ("model"
// or "writer"), and every array of aliases; it returns the lists checked.
func checkJSON(t *testing.T, name, at string, v any) int {
	n := 0
	switch v := v.(type) {
	case map[string]any:
		keys := make([]string, 0, len(v))
		for k := range v {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			n += checkJSON(t, name, at+"."+k, v[k])
		}
	case []any:
		groups := map[string][]int{}
		var keys []string
		var aliases []int
		for _, e := range v {
			if s, ok := e.(string); ok {
				if r, ok := aliasRank(s); ok {
					aliases = append(aliases, r)
				}
			}
			o, ok := e.(map[string]any)
			if !ok {
				continue
			}
			w, _ := o["model"].(string)
			if w == "" {
				w, _ = o["writer"].(string)
			}
			r, ok := aliasRank(w)
			if !ok {
				continue
			}
			k, _ := o["judge"].(string)
			if rank, ok := o["rank"].(float64); ok {
				// A ranking: by rank, ties by alias.
				r += int(rank) * 1_000_000
			}
			if _, seen := groups[k]; !seen {
				keys = append(keys, k)
			}
			groups[k] = append(groups[k], r)
		}
		if len(aliases) > 1 {
			n++
			if !increasing(aliases) {
				t.Errorf("%s: %s: aliases in the order %v", name, at, aliases)
			}
		}
		for _, k := range keys {
			if len(groups[k]) > 1 {
				n++
				if !increasing(groups[k]) {
					t.Errorf("%s: %s (judge %q): writers in the order %v", name, at, k, groups[k])
				}
			}
		}
		for i, e := range v {
			n += checkJSON(t, name, at+"["+strconv.Itoa(i)+"]", e)
		}
	}
	return n
}

// checkHTML checks a page's tables (each column of aliases, and a header
// row of them; a ranking table by rank), its charts' data and the charts'
// text.
func checkHTML(t *testing.T, name string, data []byte) int {
	doc, err := html.Parse(bytes.NewReader(data))
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	n := 0
	var walk func(*html.Node)
	walk = func(node *html.Node) {
		if node.Type == html.ElementNode {
			switch {
			case node.Data == "table":
				n += checkTable(t, name, node)
			case attr(node, "data-option") != "":
				var v any
				if err := json.Unmarshal([]byte(attr(node, "data-option")), &v); err != nil {
					t.Fatalf("%s: chart %s: %v", name, attr(node, "id"), err)
				}
				n += checkJSON(t, name, "chart "+attr(node, "id"), v)
				n += checkSeries(t, name, attr(node, "id"), v)
			case node.Data == "details" && strings.Contains(attr(node, "class"), "chart-text"):
				// Sentence by sentence: a list of writers is one.
				for _, sentence := range regexp.MustCompile(`\.\s+`).Split(text(node), -1) {
					var ranks []int
					for _, m := range aliasMentions.FindAllString(sentence, -1) {
						r, _ := aliasRank(m)
						ranks = append(ranks, r)
					}
					if len(ranks) > 1 {
						n++
						if !increasing(ranks) {
							t.Errorf("%s: a chart's text names writers in the order %v: %s", name, ranks, sentence)
						}
					}
				}
			}
		}
		for c := node.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
	}
	walk(doc)
	return n
}

// checkSeries checks a chart's series named after writers.
func checkSeries(t *testing.T, name, id string, v any) int {
	o, _ := v.(map[string]any)
	series, _ := o["series"].([]any)
	var ranks []int
	for _, s := range series {
		so, _ := s.(map[string]any)
		if nm, _ := so["name"].(string); nm != "" {
			if r, ok := aliasRank(nm); ok {
				ranks = append(ranks, r)
			}
		}
	}
	if len(ranks) < 2 {
		return 0
	}
	if !increasing(ranks) {
		t.Errorf("%s: chart %s: series in the order %v", name, id, ranks)
	}
	return 1
}

func checkTable(t *testing.T, name string, table *html.Node) int {
	var rows [][]string
	var visit func(*html.Node)
	visit = func(node *html.Node) {
		if node.Type == html.ElementNode && node.Data == "tr" {
			var cells []string
			for c := node.FirstChild; c != nil; c = c.NextSibling {
				if c.Type == html.ElementNode && (c.Data == "td" || c.Data == "th") {
					cells = append(cells, strings.Join(strings.Fields(text(c)), " "))
				}
			}
			rows = append(rows, cells)
			return
		}
		for c := node.FirstChild; c != nil; c = c.NextSibling {
			visit(c)
		}
	}
	visit(table)
	if len(rows) == 0 {
		return 0
	}
	n := 0
	var header []int
	for _, h := range rows[0] {
		if r, ok := aliasRank(h); ok {
			header = append(header, r)
		}
	}
	if len(header) > 1 {
		n++
		if !increasing(header) {
			t.Errorf("%s: a table's header names writers in the order %v: %q", name, header, rows[0])
		}
	}
	rankCol := -1
	for i, h := range rows[0] {
		if h == "Rank" {
			rankCol = i
		}
	}
	width := 0
	for _, r := range rows {
		width = max(width, len(r))
	}
	// Each column of aliases, its rows grouped by the columns before it
	// (a judge's rows, the adequate sections and the thin).
	for col := range width {
		groups := map[string][]int{}
		var keys []string
		for _, r := range rows[1:] {
			if col >= len(r) {
				continue
			}
			a, ok := aliasRank(r[col])
			if !ok {
				continue
			}
			if rankCol >= 0 && rankCol < len(r) {
				k, _ := strconv.Atoi(r[rankCol])
				a += k * 1_000_000
			}
			k := strings.Join(r[:col], "\x00")
			if _, seen := groups[k]; !seen {
				keys = append(keys, k)
			}
			groups[k] = append(groups[k], a)
		}
		for _, k := range keys {
			if ranks := groups[k]; len(ranks) > 1 {
				n++
				if !increasing(ranks) {
					t.Errorf("%s: a table lists writers in the order %v (column %d of %q, rows %q)", name, ranks, col, rows[0], k)
				}
			}
		}
	}
	return n
}

func attr(n *html.Node, key string) string {
	for _, a := range n.Attr {
		if a.Key == key {
			return a.Val
		}
	}
	return ""
}

func text(n *html.Node) string {
	var b strings.Builder
	var visit func(*html.Node)
	visit = func(n *html.Node) {
		if n.Type == html.TextNode {
			b.WriteString(n.Data)
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			visit(c)
		}
	}
	visit(n)
	return b.String()
}

// scriptBlocks splits a sections.md into its scripts, each ending in a
// blank line so that any order of them reads the same texts.
func scriptBlocks(t *testing.T, sections string) []string {
	var blocks []string
	for _, b := range regexp.MustCompile(`(?m)^# `).Split(sections, -1)[1:] {
		blocks = append(blocks, "# "+strings.TrimRight(b, "\n")+"\n\n")
	}
	if len(blocks) < 3 {
		t.Fatalf("%d scripts", len(blocks))
	}
	return blocks
}

// TestWritersAreListedByAlias: the demo with sections.md's scripts in an
// order that is not the aliases' (Model 3, Model 1, Model 2) publishes
// every list of writers in alias order, and the same site, byte for byte,
// as the same scripts written in alias order: only sections.md's digest
// differs. Nothing published (a table, a chart, a permutation test's
// figure, a hypothesis's reason) follows the private order.
func TestWritersAreListedByAlias(t *testing.T) {
	t.Parallel()
	blocks := scriptBlocks(t, string(mustRead(t, filepath.Join("..", "..", "demo", "private", "sections.md"))))
	// The demo's scripts are written in alias order: Model 1, 2, 3.
	sites := map[string]map[string]string{}
	var key []byte // both trees keep one key: their keyed digests agree
	for _, order := range [][]int{{0, 1, 2}, {2, 0, 1}} {
		dir := copyDemoKeeping(t, &key)
		var b strings.Builder
		for _, k := range order {
			b.WriteString(blocks[k])
		}
		sections := b.String()
		if err := os.WriteFile(filepath.Join(dir, "demo", "private", "sections.md"), []byte(sections), 0o644); err != nil {
			t.Fatal(err)
		}
		if code, stderr := buildSite(t, dir); code != 0 {
			t.Fatalf("order %v: build failed (%d): %s", order, code, stderr)
		}
		out := filepath.Join(dir, "public")
		checkListsByAlias(t, out, 50)
		// The digest of sections.md is the one thing that may differ,
		// in full and in the 16-digit groups the pages show.
		sum := sha256.Sum256([]byte(sections))
		sites[strconv.Itoa(order[0])] = maskDigests(testtree.Read(t, out), hex.EncodeToString(sum[:]))
	}
	sameSites(t, sites["0"], sites["2"], "with sections.md in another order")
}

// copyDemoKeeping is copyDemo with the key *key holds, or, when it holds
// none yet, the copy's own key kept in *key: trees that share a key
// publish the same keyed digests.
func copyDemoKeeping(t *testing.T, key *[]byte) string {
	t.Helper()
	dir := copyDemo(t)
	keyFile := filepath.Join(dir, "demo", "private", commitment.KeyFile)
	if *key == nil {
		*key = mustRead(t, keyFile)
	} else if err := os.WriteFile(keyFile, *key, 0o600); err != nil {
		t.Fatal(err)
	}
	return dir
}

// maskDigests replaces each digest in the files, in full and in the
// 16-digit groups the pages show, by "DIGEST", and returns the files.
func maskDigests(files map[string]string, digests ...string) map[string]string {
	for _, digest := range digests {
		for name, text := range files {
			text = strings.ReplaceAll(text, digest, "DIGEST")
			for i := 0; i < len(digest); i += 16 {
				text = strings.ReplaceAll(text, digest[i:i+16], "DIGEST")
			}
			files[name] = text
		}
	}
	return files
}

// sameSites fails for each file that b lacks or holds otherwise than a,
// saying how b was made.
func sameSites(t *testing.T, a, b map[string]string, how string) {
	t.Helper()
	if len(a) != len(b) {
		t.Errorf("%d files, and %d %s", len(a), len(b), how)
	}
	for name, data := range a {
		if b[name] != data {
			t.Errorf("%s differs %s", name, how)
		}
	}
}

// TestWritersAreListedInNaturalOrder: aliases "Model 3", "Model 10" and
// "Model 2", written in that order, are listed as Model 2, Model 3,
// Model 10 everywhere: neither sections.md's order nor the aliases'
// order as strings.
func TestWritersAreListedInNaturalOrder(t *testing.T) {
	t.Parallel()
	dir := newSite(t, map[string]string{
		"private/sections.md": strings.Replace(readArchiveFile(t, "basic.txtar", "private/sections.md"), "# Beta Scribe",
			"# Gamma Pen\n## INTRO\nLanterns swung above the quay as the ferry docked late in the evening rain.\n"+
				"## MIDDLE\nThe market opened early and the bakers sold out before the bells rang nine.\n"+
				"## END\nThanks for listening to this little story.\n\n# Beta Scribe", 1),
		"private/models.toml": "[aliases]\n\"Alpha Writer 9000\" = \"Model 3\"\n\"Gamma Pen\" = \"Model 10\"\n\"Beta Scribe\" = \"Model 2\"\n",
	})
	if code, stderr := buildSite(t, dir); code != 0 {
		t.Fatalf("build failed (%d): %s", code, stderr)
	}
	out := filepath.Join(dir, "public")
	checkListsByAlias(t, out, 10)
	var order []string
	for _, c := range results(t, out)["cells"].([]any) {
		if m := c.(map[string]any)["model"].(string); len(order) == 0 || order[len(order)-1] != m {
			order = append(order, m)
		}
	}
	if want := []string{"Model 2", "Model 3", "Model 10"}; strings.Join(order, ",") != strings.Join(want, ",") {
		t.Errorf("cells in the order %q, want %q", order, want)
	}
}

// TestJudgesAreListedInAPublicOrder: the demo with judges.toml's entries
// in another order (a family judge first, the primary judge between the
// family judges) publishes the same site, byte for byte: every list of
// judges is in the public order (the primary judge, then the family
// judges by their writer's alias), whatever judges.toml's. Only the
// digests of judges.toml differ.
func TestJudgesAreListedInAPublicOrder(t *testing.T) {
	t.Parallel()
	judgesFile := filepath.Join("demo", "private", "judged", "judges.toml")
	text := string(mustRead(t, filepath.Join("..", "..", judgesFile)))
	head, rest, ok := strings.Cut(text, "[[judge]]")
	if !ok {
		t.Fatal("no [[judge]] in the demo's judges.toml")
	}
	var entries []string
	for _, e := range strings.Split("[[judge]]"+rest, "[[judge]]")[1:] {
		entries = append(entries, "[[judge]]"+strings.TrimRight(e, "\n")+"\n\n")
	}
	if len(entries) != 4 || !strings.Contains(entries[0], `role = "primary"`) {
		t.Fatalf("the demo's judges.toml: %d entries, the first not the primary judge's", len(entries))
	}
	sites := map[string]map[string]string{}
	var key []byte // both trees keep one key: their keyed digests agree
	for _, order := range [][]int{{0, 1, 2, 3}, {3, 1, 0, 2}} {
		dir := copyDemoKeeping(t, &key)
		var b strings.Builder
		b.WriteString(head)
		for _, k := range order {
			b.WriteString(entries[k])
		}
		data := []byte(b.String())
		if err := os.WriteFile(filepath.Join(dir, judgesFile), data, 0o644); err != nil {
			t.Fatal(err)
		}
		if code, stderr := buildSite(t, dir); code != 0 {
			t.Fatalf("order %v: build failed (%d): %s", order, code, stderr)
		}
		hexKey, err := hex.DecodeString(strings.TrimSpace(string(key)))
		if err != nil {
			t.Fatal(err)
		}
		sum := sha256.Sum256(data)
		sites[strconv.Itoa(order[0])] = maskDigests(testtree.Read(t, filepath.Join(dir, "public")),
			hex.EncodeToString(sum[:]), commitment.Sum(hexKey, data))
	}
	sameSites(t, sites["0"], sites["3"], "with judges.toml in another order")
}

// TestUnaliasedWritersAreNumberedByTheKey: two writers without an alias
// (Alpha Writer 9000 and Gamma Pen; models.toml aliases Beta Scribe) are
// numbered after the given alias in the order of their headings'
// HMAC-SHA-256 under the key, computed here independently, in either
// order of sections.md; the build says so once, naming neither writer.
func TestUnaliasedWritersAreNumberedByTheKey(t *testing.T) {
	t.Parallel()
	gamma := "# Gamma Pen\n## INTRO\nLanterns swung above the quay as the ferry docked late in the evening rain.\n" +
		"## MIDDLE\nThe market opened early and the bakers sold out before the bells rang nine.\n" +
		"## END\nThanks for listening to this little story.\n\n"
	sections := readArchiveFile(t, "basic.txtar", "private/sections.md")
	alpha, beta, ok := strings.Cut(sections, "# Beta Scribe")
	if !ok {
		t.Fatal("no Beta Scribe in basic.txtar")
	}
	beta = "# Beta Scribe" + beta
	key, err := hex.DecodeString(strings.TrimSpace(readArchiveFile(t, "basic.txtar", "private/"+commitment.KeyFile)))
	if err != nil {
		t.Fatal(err)
	}
	mac := func(s string) string {
		m := hmac.New(sha256.New, key)
		m.Write([]byte(s))
		return hex.EncodeToString(m.Sum(nil))
	}
	// Beta Scribe is Model 2; the other two get Model 3 and Model 4.
	want := map[string]string{"Alpha Writer 9000": "Model 3", "Gamma Pen": "Model 4"}
	if mac("Gamma Pen") < mac("Alpha Writer 9000") {
		want = map[string]string{"Alpha Writer 9000": "Model 4", "Gamma Pen": "Model 3"}
	}
	// Each writer's INTRO has its own length: 19 words Alpha's, 14 Gamma's.
	intro := map[float64]string{19: "Alpha Writer 9000", 14: "Gamma Pen"}
	for _, text := range []string{alpha + gamma + beta, gamma + beta + alpha} {
		dir := newSite(t, map[string]string{"private/sections.md": text})
		code, stderr := buildSite(t, dir)
		if code != 0 {
			t.Fatalf("build failed (%d): %s", code, stderr)
		}
		warning := "evalpress: " + filepath.Join(dir, "private", "models.toml") + ": warning: 2 writers have no alias: they are numbered \"Model N\" after the given aliases in the order of the inputs' key (evalpress.key), not in sections.md's; aliases in models.toml choose them\n"
		if n := strings.Count(stderr, warning); n != 1 {
			t.Errorf("the warning %d times, want once: %s", n, stderr)
		}
		for _, name := range []string{"Alpha", "Gamma", "Beta"} {
			if strings.Contains(stderr, name) {
				t.Errorf("stderr names %q: %s", name, stderr)
			}
		}
		seen := 0
		for _, c := range results(t, filepath.Join(dir, "public"))["cells"].([]any) {
			cell := c.(map[string]any)
			if cell["section"] != "INTRO" {
				continue
			}
			if w, ok := intro[cell["words"].(float64)]; ok {
				seen++
				if cell["model"] != want[w] {
					t.Errorf("%s is %q, want %q (the key's order)", w, cell["model"], want[w])
				}
			}
		}
		if seen != 2 {
			t.Errorf("%d of the two writers' INTRO cells found", seen)
		}
	}
}
