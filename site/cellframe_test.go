package site

import (
	"github.com/evalpress/evalpress/reports/criteria"
	"html/template"
	"os"
	"testing"

	"github.com/evalpress/evalpress/config/audience"
)

// A cell page made in the frame is the page the layout makes of it, for
// titles with characters the layout escapes, public and internal.
func TestCellFrameIsTheLayout(t *testing.T) {
	tmpl, err := parseTemplates(Options{Templates: os.DirFS("../templates"), TemplatesLabel: "templates"}, criteria.Default())
	if err != nil {
		t.Fatal(err)
	}
	for _, internal := range []bool{false, true} {
		p := fixture()
		if internal {
			p.Audience = audience.Internal
		}
		sd := &siteData{Title: "Fixture & <co>", Public: p, Internal: internal, ThresholdNote: "Verdicts here use a longest run over 20 words.",
			Nav: []navItem{{Title: "Overview", Path: "index.html"}, {Title: "C5 results", Path: "results.html"}}}
		nav, err := navHTML(&htmlCache{}, tmpl, &pageData{Site: sd, Root: "../"})
		if err != nil {
			t.Fatal(err)
		}
		data := &pageData{Site: sd, Root: "../", Path: "cells/model-1--hook.html", Nav: nav, Cell: &cellPage{}}
		frame := makeCellFrame(tmpl, data)
		if frame == nil {
			t.Fatalf("internal %v: the built-in layout makes no frame", internal)
		}
		for _, title := range []string{"Model 1, HOOK", `Model "2", <ACT> & 'B' + C`, "Modèle 3, \x00ACT\xff"} {
			page := *data
			page.Title, page.Body = title, "<h1>A cell</h1>\n<p>its body</p>"
			var want []byte
			if err := tmpl.ExecuteTemplate((*bytesWriter)(&want), "layout.html", &page); err != nil {
				t.Fatal(err)
			}
			if got := frame.page(title, []byte(page.Body)); string(got) != string(want) {
				t.Errorf("internal %v, title %q: the frame's page\n%s\nthe layout's\n%s", internal, title, got, want)
			}
		}
	}
}

// A layout that shows more of a cell page than its title and body, or its
// title other than in its title element, makes no frame: the cell pages go
// through it one by one.
func TestCellFrameOnlyForTitleAndBody(t *testing.T) {
	for _, tc := range []struct {
		name, layout string
		frame        bool
	}{
		{"title and body", `<title>{{.Title}}</title><main>{{.Body}}</main>`, true},
		{"the title twice", `<title>{{.Title}}</title><h1>{{.Title}}</h1>{{.Body}}`, false},
		{"the title in a quoted attribute, escaped alike", `<meta name="t" content="{{.Title}}">{{.Body}}`, true},
		{"the title in an unquoted attribute", `<meta name=t content={{.Title}}>{{.Body}}`, false},
		{"the title in a script", `<script>var t = "{{.Title}}";</script>{{.Body}}`, false},
		{"the page's path", `<title>{{.Title}}</title><link rel="canonical" href="{{.Path}}">{{.Body}}`, false},
		{"the body twice", `<title>{{.Title}}</title>{{.Body}}{{.Body}}`, false},
		{"the body before the title", `{{.Body}}<title>{{.Title}}</title>`, false},
		{"no title", `<main>{{.Body}}</main>`, false},
	} {
		tmpl := template.Must(template.New("layout.html").Funcs(funcs).Parse(tc.layout))
		frame := makeCellFrame(tmpl, &pageData{Site: &siteData{Public: fixture()}, Root: "../"})
		if (frame != nil) != tc.frame {
			t.Errorf("%s: frame %v, want %v", tc.name, frame != nil, tc.frame)
		}
	}
}

// bytesWriter appends what is written to it to a byte slice.
type bytesWriter []byte

func (w *bytesWriter) Write(p []byte) (int, error) {
	*w = append(*w, p...)
	return len(p), nil
}
