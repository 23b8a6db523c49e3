package site

import (
	"strings"
	"testing"
)

// TestSearchSkipsSource: the program source and the reference script the
// method page shows are no text to search; what follows them is.
func TestSearchSkipsSource(t *testing.T) {
	t.Parallel()
	page := `<main><h2 id="ref">The script</h2><p>before</p>` +
		`<details class="source"><summary><code>x.mjs</code></summary><pre><span>import.meta.url</span> <span>inside</span><details><summary>nested</summary></details><span>still</span></pre></details>` +
		`<p>after</p></main>`
	var all string
	for _, e := range pageEntries(searchPage{Path: "method.html", Title: "Method", HTML: []byte(page)}) {
		all += e.Title + " " + e.Text + "\n"
	}
	for _, word := range []string{"meta", "inside", "nested", "still", "x.mjs"} {
		if strings.Contains(all, word) {
			t.Errorf("the index holds %q of the source:\n%s", word, all)
		}
	}
	for _, word := range []string{"before", "after", "The script"} {
		if !strings.Contains(all, word) {
			t.Errorf("the index lacks %q:\n%s", word, all)
		}
	}
}
