package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"strings"
	"text/tabwriter"

	"github.com/evalpress/evalpress/leakscan"
	"github.com/evalpress/evalpress/pipeline"
)

// checkCommand runs the leak scan on any folder, for example before uploading.
type checkCommand struct {
	stdout, stderr io.Writer
}

// Run implements command.
func (c *checkCommand) Run(ctx context.Context, args []string) error {
	fs := newFlagSet("check", synopsis("check"), c.stdout)
	dir := fs.String("leaks", "", "the `folder` to scan (a built site, an upload)")
	private := fs.String("inputs", "", "the private inputs `folder` whose terms must not appear")
	passages := fs.Bool("passages", true, "also report passages of the private texts: 8 or more words in a row, or a near copy")
	excerpts := fs.Bool("excerpts", true, "permit the longest-run excerpts of failing cells, as a public build with excerpts shows them")
	unscanned := fs.String("unscanned", "", "comma-separated `patterns` of files the scan cannot read that are published unread, as publish.unscanned")
	wait := fs.Bool("wait", false, "wait for a build writing the folder, rather than fail")
	identities := fs.Bool("identities", false, "instead of a scan, print every private term derived for each writer and family judge (name, family and product words, lab, API id forms) and where it comes from: PRIVATE DATA, for your terminal, never for a log or an upload")
	cfg := fs.String("config", "", "the `file` of the build that made the folder: what the judges' analyses quote of its judge prompt and fixtures is public, as in the build (default: config.toml in this folder, when there is one)")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if *identities {
		if *private == "" || *dir != "" {
			return usagef("check: --identities takes --inputs and no --leaks")
		}
		return c.identities(ctx, *private)
	}
	if *dir == "" || *private == "" {
		return usagef("check: --leaks and --inputs are both required")
	}
	if *cfg == "" {
		if info, err := os.Stat("config.toml"); err == nil && info.Mode().IsRegular() {
			*cfg = "config.toml" // as build finds it
		}
	}
	var unscannedPatterns []string
	if *unscanned != "" {
		unscannedPatterns = strings.Split(*unscanned, ",")
	}
	res, err := pipeline.Check(ctx, pipeline.CheckOptions{Dir: *dir, Inputs: *private, Passages: *passages, Excerpts: *excerpts, Unscanned: unscannedPatterns,
		Wait: *wait, Stderr: c.stderr, Config: *cfg})
	if err != nil {
		return err
	}
	leaks := res.Leaks
	for _, l := range leaks {
		fmt.Fprintf(c.stdout, "%s\n", leakscan.Leak{File: *dir + string(os.PathSeparator) + l.File, Line: l.Line, Column: l.Column, What: l.What})
	}
	if len(leaks) > 0 {
		return fmt.Errorf("check: %d leak(s) in %s", len(leaks), *dir)
	}
	if files := res.Unscanned; len(files) > 0 {
		fmt.Fprintf(c.stderr, "evalpress: not scanned (--unscanned): %s\n", strings.Join(files, ", "))
	}
	fmt.Fprintf(c.stderr, "evalpress: no private term or passage in %s\n", *dir)
	return nil
}

// identities prints the identity of every writer and family judge of the
// private inputs in dir: private data, which is its purpose (the author
// sees what the build keeps private, and adds what it misses in
// models.toml).
func (c *checkCommand) identities(ctx context.Context, dir string) error {
	ids, err := pipeline.Identities(ctx, dir, c.stderr)
	if err != nil {
		return err
	}
	fmt.Fprintf(c.stderr, "evalpress: the private terms of each identity in %s: private data, keep it off logs and uploads\n", dir)
	w := tabwriter.NewWriter(c.stdout, 0, 4, 2, ' ', 0)
	for _, id := range ids {
		fmt.Fprintf(w, "%s\n", id.Who)
		for _, t := range id.Terms {
			fmt.Fprintf(w, "  %s\t%s\t%s\n", t.What, t.Text, t.Source)
		}
	}
	return w.Flush()
}
