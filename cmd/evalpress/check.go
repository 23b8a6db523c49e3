package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"strings"

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
	passages := fs.Bool("passages", true, "also report passages of 8 or more words of the private texts")
	excerpts := fs.Bool("excerpts", true, "permit the longest-run excerpts of failing cells, as a public build with excerpts shows them")
	unscanned := fs.String("unscanned", "", "comma-separated `patterns` of files the scan cannot read that are published unread, as publish.unscanned")
	wait := fs.Bool("wait", false, "wait for a build writing the folder, rather than fail")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if *dir == "" || *private == "" {
		return usagef("check: --leaks and --inputs are both required")
	}
	var unscannedPatterns []string
	if *unscanned != "" {
		unscannedPatterns = strings.Split(*unscanned, ",")
	}
	res, err := pipeline.Check(ctx, pipeline.CheckOptions{Dir: *dir, Inputs: *private, Passages: *passages, Excerpts: *excerpts, Unscanned: unscannedPatterns,
		Wait: *wait, Stderr: c.stderr})
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
