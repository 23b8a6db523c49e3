package evalpress

import (
	"os"
	"path"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"unicode"
)

// githubAnchor is the anchor GitHub gives a heading: lower case, letters,
// digits, spaces, '-' and '_' kept, spaces made '-'.
func githubAnchor(heading string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(strings.TrimSpace(heading)) {
		switch {
		case r == ' ':
			b.WriteByte('-')
		case unicode.IsLetter(r) || unicode.IsDigit(r) || r == '-' || r == '_':
			b.WriteRune(r)
		}
	}
	return b.String()
}

// anchors returns the anchors of a markdown file's headings (outside code
// blocks), its inline code and links reduced to their text.
func anchors(markdown string) map[string]bool {
	out := map[string]bool{}
	fenced := false
	for _, line := range strings.Split(markdown, "\n") {
		if strings.HasPrefix(line, "```") {
			fenced = !fenced
			continue
		}
		if fenced || !strings.HasPrefix(line, "#") {
			continue
		}
		text := strings.TrimLeft(line, "#")
		text = regexp.MustCompile(`\[([^\]]*)\]\([^)]*\)`).ReplaceAllString(text, "$1")
		out[githubAnchor(text)] = true
	}
	return out
}

// TestTheDocsLinksResolve: every relative link of the README and the
// reference pages under docs/ reaches a file or folder of the repository
// and, with a #fragment into a markdown file, one of its headings as
// GitHub names them.
func TestTheDocsLinksResolve(t *testing.T) {
	pages, err := filepath.Glob("docs/*.md")
	if err != nil {
		t.Fatal(err)
	}
	pages = append(pages, "README.md")
	link := regexp.MustCompile(`\]\(([^)\s]+)\)`)
	checked := 0
	for _, page := range pages {
		data, err := os.ReadFile(page)
		if err != nil {
			t.Fatal(err)
		}
		// Code blocks hold examples, not links.
		text := regexp.MustCompile("(?s)```.*?```").ReplaceAllString(string(data), "")
		for _, m := range link.FindAllStringSubmatch(text, -1) {
			target := m[1]
			if strings.Contains(target, "://") || strings.HasPrefix(target, "mailto:") {
				continue
			}
			checked++
			file, fragment, _ := strings.Cut(target, "#")
			if file == "" {
				file = page
			} else {
				file = path.Join(path.Dir(page), file)
			}
			info, err := os.Stat(file)
			if err != nil {
				t.Errorf("%s: link %q: %s does not exist", page, target, file)
				continue
			}
			if fragment == "" || info.IsDir() || !strings.HasSuffix(file, ".md") {
				continue
			}
			body, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			if !anchors(string(body))[fragment] {
				t.Errorf("%s: link %q: %s has no heading #%s", page, target, file, fragment)
			}
		}
	}
	if checked < 20 {
		t.Fatalf("only %d links checked: the pages are not what this test reads", checked)
	}
}
