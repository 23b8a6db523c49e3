package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestJudgeQuotingTheProtocolBuilds: a judge's analysis restating a line
// of the published prompt, or quoting a fixture, is no leak of the
// protocol page, the fixture page or the search index: the build and the
// check (given the config) pass. The analysis's own words are still
// private, and so are the replies on the fixtures.
func TestJudgeQuotingTheProtocolBuilds(t *testing.T) {
	t.Parallel()
	dir := copyDemo(t)
	primary := filepath.Join(dir, "demo", "private", "judged", "primary.md")
	data, err := os.ReadFile(primary)
	if err != nil {
		t.Fatal(err)
	}
	quotes := "As the prompt asks: for each assigned beat, quote where the section states it, or write ABSENT.\n" +
		"Like the fixture: an engineer proposed a simple fix, broad white stripes painted across the road, so that walkers would gather.\n"
	text := strings.Replace(string(data), "STEP 1 - Coverage.", quotes+"STEP 1 - Coverage.", 1)
	if err := os.WriteFile(primary, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	if code, stderr := buildSite(t, dir); code != 0 {
		t.Fatalf("a judge quoting the prompt and a fixture: exit %d: %s", code, stderr)
	}
	if code, _, stderr := runCLI(t, "check", "--leaks", filepath.Join(dir, "public"), "--inputs", filepath.Join(dir, "demo", "private"),
		"--config", filepath.Join(dir, "config.toml")); code != 0 {
		t.Fatalf("check --config: exit %d: %s", code, stderr)
	}
	// From the evaluation's folder, check finds its config.toml as build
	// does; without any config, the quote is reported.
	cmd := childCommand("", "check", "--leaks", "public", "--inputs", filepath.Join("demo", "private"))
	cmd.Dir = dir
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("check in the evaluation's folder: %v: %s", err, out)
	}
	cmd = childCommand("", "check", "--leaks", filepath.Join(dir, "public"), "--inputs", filepath.Join(dir, "demo", "private"))
	cmd.Dir = t.TempDir()
	if out, err := cmd.CombinedOutput(); err == nil {
		t.Fatalf("check without a config passed a quote it cannot know is public: %s", out)
	}
	for _, own := range []string{
		"Each assigned bullet was looked for in the section: expressed 11, ABSENT 1.",              // a reply on a section
		"The fixture states each beat once and follows it with a reason, a result or an instance.", // a reply on a fixture
	} {
		t.Run(own[:12], func(t *testing.T) {
			d := copyDemo(t)
			if err := os.WriteFile(filepath.Join(d, "demo", "private", "judged", "primary.md"), []byte(text), 0o644); err != nil {
				t.Fatal(err)
			}
			appendTo(t, d, "content/index.md", "\n"+own+"\n")
			refused(t, d, "a passage of 8 or more words of the private texts")
		})
	}
}

// TestContentLinkIntoTheInputsIsRefused: a content file that is a link
// into the private inputs folder (a fixture reply, the sections) fails the
// build with one line naming it.
func TestContentLinkIntoTheInputsIsRefused(t *testing.T) {
	t.Parallel()
	for _, target := range []string{"judged/fixtures/primary.md", "sections.md"} {
		dir := copyDemo(t)
		link := filepath.Join(dir, "content", "05-link.md")
		if err := os.Symlink(filepath.Join(dir, "demo", "private", filepath.FromSlash(target)), link); err != nil {
			t.Fatal(err)
		}
		refused(t, dir, link+": is ")
	}
}
