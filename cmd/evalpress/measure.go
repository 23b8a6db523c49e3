package main

import (
	"bufio"
	"context"
	"io"
	"slices"
	"sort"
	"strings"

	"github.com/evalpress/evalpress/internal/diag"
	"github.com/evalpress/evalpress/reports/c5report"
	"github.com/evalpress/evalpress/reports/criteria"
	"github.com/evalpress/evalpress/reports/inputs"
	"github.com/evalpress/evalpress/reports/measure"
)

// measureCommand runs the C5 measurement on an inputs folder and prints it.
type measureCommand struct {
	stdout, stderr io.Writer
}

// Run implements command.
func (c *measureCommand) Run(ctx context.Context, args []string) error {
	fs := newFlagSet("measure", synopsis("measure"), c.stdout)
	dir := fs.String("inputs", "", "private inputs `folder` (sections.md, examples.md, ...)")
	t := criteria.DefaultC5
	fs.IntVar(&t.MaxRun, "max-run", t.MaxRun, "fail a section whose longest verbatim run exceeds `N` words")
	fs.Float64Var(&t.MaxOverlap, "max-overlap", t.MaxOverlap, "fail a section whose n-gram overlap exceeds this `share` (0..1)")
	fs.IntVar(&t.NGram, "ngram", t.NGram, "n-gram size in `words`")
	format := fs.String("format", "text", "output `format`: text (as the reference prints), json or csv")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if *dir == "" {
		return usagef("measure: --inputs is required")
	}
	if err := t.Validate(); err != nil {
		return usagef("measure: %v", err)
	}
	write, ok := c5report.Formats[*format]
	if !ok {
		names := make([]string, 0, len(c5report.Formats))
		for n := range c5report.Formats {
			names = append(names, n)
		}
		sort.Strings(names)
		return usagef("measure: unknown --format %q (one of %s)", *format, strings.Join(slices.Clip(names), ", "))
	}

	folder, err := inputs.Open(*dir, inputs.WithoutDigests(), inputs.WithContext(ctx))
	if err != nil {
		return err
	}
	diag.Write(c.stderr, folder.Diagnostics.Warnings())
	res, err := measure.Run(ctx, folder, t.NGram)
	if err != nil {
		return err
	}
	out := bufio.NewWriter(c.stdout)
	if err := write(out, c5report.Report{Result: res, Thresholds: t, Phrases: len(folder.Phrases), Layered: folder.Layered()}); err != nil {
		return err
	}
	return out.Flush()
}
