package site

import (
	"github.com/evalpress/evalpress/reports/criteria"
	"strings"
	"testing"

	"github.com/evalpress/evalpress/redact/public"
)

// The navigation is the page table's labelled pages, in its order: the
// overview (a document of its own or evalpress's), the other top-level
// documents, the headline criterion's results, the judged results only
// when the tier ran, the changes and the method; a fixture's text in a
// subfolder and the cell pages are in the table but not the navigation.
func TestNavigationIsThePageTable(t *testing.T) {
	index := &page{HTMLPath: "index.html", Title: "Rendering an outline"}
	findings := &page{HTMLPath: "00-findings.html", Title: "Findings"}
	fixture := &page{HTMLPath: "fixtures/T1.html", Title: "T1"}
	for _, tc := range []struct {
		name        string
		judged      bool
		docs        []*page
		nav, others string
	}{
		{"documents with an index", false, []*page{index, findings, fixture},
			"index.html:Overview 00-findings.html:Findings results.html:C5 results changes.html:Changes method.html:Method", "fixtures/T1.html cells/"},
		{"no index, the judged tier", true, []*page{findings},
			"index.html:Overview 00-findings.html:Findings results.html:C5 results judged.html:Judged results changes.html:Changes method.html:Method", "cells/"},
	} {
		p := &public.Public{}
		if tc.judged {
			p.Judged = &public.Judged{}
		}
		table := pageTable(p, criteria.Default(), tc.docs)
		var nav, others []string
		for _, item := range navigation(table) {
			nav = append(nav, item.Path+":"+item.Title)
		}
		for _, k := range table {
			if k.make == nil || k.Title == "" {
				t.Errorf("%s: page %s has no title or no function that makes it", tc.name, k.Path)
			}
			if k.Nav == "" {
				others = append(others, k.Path)
			}
		}
		if got := strings.Join(nav, " "); got != tc.nav {
			t.Errorf("%s: navigation\n %s\nwant\n %s", tc.name, got, tc.nav)
		}
		if got := strings.Join(others, " "); got != tc.others {
			t.Errorf("%s: pages outside the navigation %q, want %q", tc.name, got, tc.others)
		}
	}
}
