package main

import (
	"encoding/base64"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestEmbeddedMediaIsReadOrRefused: a page of the content folder whose
// data: image holds a writer's name fails the build at the page's line, as
// the same image as its own file does; a data: SVG with the name is read
// and fails the same way; an SVG drawing its text as paths is refused like
// an image unless publish.unscanned lists it; a page embedding a clean SVG
// builds. stderr never holds the name.
func TestEmbeddedMediaIsReadOrRefused(t *testing.T) {
	t.Parallel()
	b64 := func(s string) string { return base64.StdEncoding.EncodeToString([]byte(s)) }
	png := "\x89PNG\r\n\x1a\n\x00\x00\x00\x0dIHDR....tEXtComment\x00Beta Scribe"
	svg := func(text string) string {
		return `<svg xmlns="http://www.w3.org/2000/svg"><text x="1" y="9">` + text + `</text></svg>`
	}
	for _, tc := range []struct {
		name, file, data string
		says             string // "" builds
	}{
		{"a data: image", "content/note.html", "<p>A note.</p>\n<img src=\"data:image/png;base64," + b64(png) + "\">",
			"note.html:2: a file embedded as a data: URL that the leak scan cannot read"},
		{"a data: SVG", "content/note.html", "<p>A note.</p>\n<img src=\"data:image/svg+xml;base64," + b64(svg("by Beta Scribe")) + "\">",
			"note.html:2:1: a model name from sections.md:"},
		{"an SVG in a style sheet", "content/extra.css", "p {}\n.x { background: url(data:image/svg+xml;base64," + b64(svg("Beta Scribe")) + ") }",
			"extra.css:2:1: a model name from sections.md:"},
		{"text as paths", "content/title.svg", "<svg xmlns=\"http://www.w3.org/2000/svg\">\n<path d=\"M0 0L4 9L8 0\"/></svg>",
			"title.svg:2: a file the leak scan cannot read: it draws SVG shapes"},
		{"a clean data: SVG", "content/note.html", "<p>A note.</p>\n<img src=\"data:image/svg+xml;base64," + b64(svg("a chart")) + "\">", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			dir := newSite(t, map[string]string{tc.file: tc.data})
			code, stderr := buildSite(t, dir)
			if tc.says == "" {
				if code != 0 {
					t.Fatalf("exit %d: %s", code, stderr)
				}
				return
			}
			if code != 1 || !strings.Contains(stderr, tc.says) {
				t.Errorf("exit %d, stderr %q; want a failed build saying %q", code, stderr, tc.says)
			}
			if strings.Contains(stderr, "Beta Scribe") {
				t.Errorf("stderr names the writer: %s", stderr)
			}
			if _, err := os.Stat(filepath.Join(dir, "public")); err == nil {
				t.Error("a failed build left a site")
			}
		})
	}
	// Listed, the drawing is published unread, and the build says so.
	dir := newSite(t, map[string]string{"content/title.svg": "<svg><path d=\"M0 0\"/></svg>"})
	config := filepath.Join(dir, "config.toml")
	text := strings.Replace(string(mustRead(t, config)), "excerpts = true", "excerpts = true\nunscanned = [\"*.svg\"]", 1)
	if err := os.WriteFile(config, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	if code, stderr := buildSite(t, dir); code != 0 || !strings.Contains(stderr, "published without a leak scan (publish.unscanned): title.svg") {
		t.Errorf("listed: exit %d, stderr %q", code, stderr)
	}
}
