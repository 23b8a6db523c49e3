package main

import (
	"crypto/sha256"
	"encoding/hex"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/evalpress/evalpress/internal/commitment"
	"github.com/evalpress/evalpress/internal/testtree"
)

// blocksAt splits text before each line that heading matches: the text
// before the first, then each block as written, its line ends kept.
func blocksAt(heading *regexp.Regexp, text string) (head string, blocks []string) {
	at := heading.FindAllStringIndex(text, -1)
	if len(at) == 0 {
		return text, nil
	}
	head = text[:at[0][0]]
	for i, a := range at {
		end := len(text)
		if i+1 < len(at) {
			end = at[i+1][0]
		}
		blocks = append(blocks, text[a[0]:end])
	}
	return head, blocks
}

// TestLayoutOfInputsChangesNothing: the private files in another order
// (sections.md's scripts, examples.md's sections, a judge's replies) and
// another layout (Windows line ends, spaces at line ends, the last block
// ending with one newline where the others end with a blank line) build
// the same site, byte for byte, save the changed files' digests. Nothing
// published tells how the files were written: not a masked text's last
// line, not a writer's place in sections.md.
func TestLayoutOfInputsChangesNothing(t *testing.T) {
	t.Parallel()
	private := filepath.Join("demo", "private")
	script, section := regexp.MustCompile(`(?m)^# `), regexp.MustCompile(`(?m)^## `)
	edits := []struct {
		file    string
		heading *regexp.Regexp
		order   []int
		crlf    bool
		spaces  bool
	}{
		{"sections.md", script, []int{2, 0, 1}, true, true},
		{"examples.md", section, nil, true, false},
		{filepath.Join("judged", "primary.md"), script, []int{1, 2, 0}, true, false},
		{filepath.Join("judged", "labels", "author.md"), script, []int{2, 1, 0}, false, true},
	}
	var key []byte
	sites := make([]map[string]string, 2)
	var digests []string
	for run := range sites {
		dir := copyDemoKeeping(t, &key)
		hexKey, err := hex.DecodeString(strings.TrimSpace(string(key)))
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range edits {
			path := filepath.Join(dir, private, e.file)
			data := string(mustRead(t, path))
			if run == 1 {
				data = relayout(t, data, e.heading, e.order, e.crlf, e.spaces)
				if err := os.WriteFile(path, []byte(data), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			sum := sha256.Sum256([]byte(data))
			digests = append(digests, hex.EncodeToString(sum[:]), commitment.Sum(hexKey, []byte(data)))
		}
		if code, stderr := buildSite(t, dir); code != 0 {
			t.Fatalf("build %d failed (%d): %s", run, code, stderr)
		}
		sites[run] = testtree.Read(t, filepath.Join(dir, "public"))
	}
	for i := range sites {
		maskDigests(sites[i], digests...)
	}
	sameSites(t, sites[0], sites[1], "with the inputs in another order and layout")
}

// relayout writes text's blocks (split at heading) in order (nil: reversed),
// each ending as the block it replaces did, so that the last ends as the
// file did; with crlf, with Windows line ends, with spaces, with a space
// and a tab after every line of text.
func relayout(t *testing.T, text string, heading *regexp.Regexp, order []int, crlf, spaces bool) string {
	t.Helper()
	head, blocks := blocksAt(heading, text)
	if len(blocks) < 3 {
		t.Fatalf("%d blocks", len(blocks))
	}
	if order == nil {
		for i := len(blocks) - 1; i >= 0; i-- {
			order = append(order, i)
		}
	}
	ends := make([]string, len(blocks))
	for i, b := range blocks {
		ends[i] = b[len(strings.TrimRight(b, "\n")):]
	}
	var b strings.Builder
	b.WriteString(head)
	for i, k := range order {
		b.WriteString(strings.TrimRight(blocks[k], "\n") + ends[i])
	}
	out := b.String()
	if !slices.Equal(sortedLines(out), sortedLines(text)) {
		t.Fatal("the blocks in another order are not the same lines")
	}
	if spaces {
		out = regexp.MustCompile(`(?m)^(.*\S)$`).ReplaceAllString(out, "$1 \t")
	}
	if crlf {
		out = strings.ReplaceAll(out, "\n", "\r\n")
	}
	return out
}

func sortedLines(s string) []string {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	lines = slices.DeleteFunc(lines, func(l string) bool { return l == "" })
	slices.Sort(lines)
	return lines
}
