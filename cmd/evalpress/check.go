package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/evalpress/evalpress/redact"
	"github.com/evalpress/evalpress/reports/criteria"
	"github.com/evalpress/evalpress/reports/inputs"
	"github.com/evalpress/evalpress/reports/judged"
	"github.com/evalpress/evalpress/reports/measure"
	"github.com/evalpress/evalpress/site"
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
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if *dir == "" || *private == "" {
		return usagef("check: --leaks and --inputs are both required")
	}
	if info, err := os.Stat(*dir); err != nil || !info.IsDir() {
		return fmt.Errorf("%s: not a folder to scan", *dir)
	}
	folder, err := inputs.Open(*private)
	if err != nil {
		return err
	}
	defer folder.Close()
	if _, err := judged.Attach(folder, *private); err != nil { // a family judge's model is private too
		return err
	}
	var allowed []string
	if *excerpts {
		if allowed, err = permittedFor(ctx, *dir, folder); err != nil {
			return err
		}
	}
	scanner, err := redact.NewScanner(folder, *passages, allowed)
	if err != nil {
		return err
	}
	if *unscanned != "" {
		scanner.PublishUnscanned(strings.Split(*unscanned, ","))
	}
	leaks, err := scanner.ScanDir(*dir)
	if err != nil {
		return err
	}
	for _, l := range leaks {
		fmt.Fprintf(c.stdout, "%s\n", redact.Leak{File: *dir + string(os.PathSeparator) + l.File, Line: l.Line, Column: l.Column, What: l.What})
	}
	if len(leaks) > 0 {
		return fmt.Errorf("check: %d leak(s) in %s", len(leaks), *dir)
	}
	if files := scanner.Unscanned(); len(files) > 0 {
		fmt.Fprintf(c.stderr, "evalpress: not scanned (--unscanned): %s\n", strings.Join(files, ", "))
	}
	fmt.Fprintf(c.stderr, "evalpress: no private term or passage in %s\n", *dir)
	return nil
}

// permittedFor recomputes, from the private inputs, the excerpts a public
// build may show (redact.PermittedExcerpts, as build permits them), under the thresholds the scanned site declares in data/results.json
// (the rubric's when it has none).
func permittedFor(ctx context.Context, dir string, folder *inputs.Folder) ([]string, error) {
	th := criteria.DefaultC5
	if data, err := os.ReadFile(filepath.Join(dir, "data", "results.json")); err == nil {
		if r, err := site.ParseBaseline(data); err == nil {
			th = criteria.C5Thresholds{MaxRun: r.Thresholds.MaxRun, MaxOverlap: r.Thresholds.MaxOverlap, NGram: r.Thresholds.NGram}
		}
	}
	res, err := measure.Run(ctx, folder, th.NGram)
	if err != nil {
		return nil, err
	}
	return redact.PermittedExcerpts(folder, res.Cells, th), nil
}
