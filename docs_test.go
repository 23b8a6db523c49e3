package evalpress

import (
	"fmt"
	"os"
	"os/exec"
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

// TestTheCriteriaRecipeCompiles builds the program docs/criteria.md gives
// as the recipe for a criterion, as it stands on the page: a recipe that
// does not compile is worse than none. The program is laid in the module
// through an overlay, so the tree is left as it is.
func TestTheCriteriaRecipeCompiles(t *testing.T) {
	t.Parallel()
	data, err := os.ReadFile("docs/criteria.md")
	if err != nil {
		t.Fatal(err)
	}
	blocks := regexp.MustCompile("(?s)```go\n(.*?)```").FindAllStringSubmatch(string(data), -1)
	if len(blocks) != 1 || !strings.Contains(blocks[0][1], "package main") {
		t.Fatalf("docs/criteria.md has %d go blocks, want the one program", len(blocks))
	}
	dir := t.TempDir()
	src := filepath.Join(dir, "main.go")
	if err := os.WriteFile(src, []byte(blocks[0][1]), 0o644); err != nil {
		t.Fatal(err)
	}
	wd, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	virtual := filepath.Join(wd, "internal", "criteriarecipe", "main.go")
	overlay := filepath.Join(dir, "overlay.json")
	if err := os.WriteFile(overlay, []byte(fmt.Sprintf(`{"Replace":{%q:%q}}`, virtual, src)), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("go", "build", "-overlay", overlay, "-o", filepath.Join(dir, "myevalpress"), "./internal/criteriarecipe")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("the recipe does not build: %v\n%s", err, out)
	}
}
