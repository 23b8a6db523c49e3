package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"path/filepath"
	"strings"
	"time"

	"github.com/evalpress/evalpress/config"
	"github.com/evalpress/evalpress/internal/memlimit"
	"github.com/evalpress/evalpress/pipeline"
	"github.com/evalpress/evalpress/site"
)

// buildMemory is the memory a build keeps to while its live heap stays
// under three quarters of it (internal/memlimit says why and how). It sits
// between two bounds: a third above the largest live heap of issue 13's
// 30 MB section (191 MiB), so that the collector runs at most three times
// as often as without it; and under its 400 MB target less what the
// program takes beside the Go runtime's memory (its code and data, about
// 25 MB). A build whose live heap is larger, or set GOMEMLIMIT, has no
// budget.
const buildMemory = 320 << 20

// buildCommand builds the static site.
type buildCommand struct {
	stdout, stderr io.Writer
}

// setFlags collects repeated --set key=value flags.
type setFlags []string

func (s *setFlags) String() string     { return strings.Join(*s, ",") }
func (s *setFlags) Set(v string) error { *s = append(*s, v); return nil }

// buildOptions are the build settings from the command line.
type buildOptions struct {
	config, inputs, out, baseline string
	sets                          setFlags
	force, wait                   bool
}

func (o *buildOptions) register(fs *flag.FlagSet) {
	fs.StringVar(&o.config, "config", "config.toml", "configuration `file`")
	fs.StringVar(&o.inputs, "inputs", "", "private inputs `folder` (default: inputs.dir of the config)")
	fs.StringVar(&o.out, "out", "", "output `folder` (default: publish.out of the config)")
	fs.Var(&o.sets, "set", "override a config key, `key=value` (repeatable), e.g. c5.max_run=20")
	fs.StringVar(&o.baseline, "baseline", "", "earlier results.json `file` to record changes against (default: the one in the output folder)")
	fs.BoolVar(&o.force, "force", false, "let an internal build replace a public one")
	fs.BoolVar(&o.wait, "wait", false, "wait for another build writing the same output folder or cache, rather than fail")
}

// Run implements command.
func (c *buildCommand) Run(ctx context.Context, args []string) error {
	fs := newFlagSet("build", synopsis("build"), c.stdout)
	var o buildOptions
	o.register(fs)
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	defer memlimit.Budget(buildMemory)()
	res, err := pipeline.Build(ctx, o.pipeline(), c.stderr)
	if err != nil {
		var se *config.SetError
		if errors.As(err, &se) {
			return usageError{err}
		}
		return err
	}
	reused := ""
	if res.Reused > 0 {
		reused = fmt.Sprintf(" (%d cell pages kept from the last build but for their verdicts)", res.Reused)
	}
	fmt.Fprintf(c.stderr, "built %d pages in %s%s -> %s\n", res.Pages, res.Elapsed.Round(time.Millisecond), reused, res.Out+string(filepath.Separator))
	if res.Baselined {
		fmt.Fprintln(c.stderr, site.ChangesSummary(res.Changes))
	}
	return nil
}

func (o *buildOptions) pipeline() pipeline.Options {
	return pipeline.Options{Config: o.config, Inputs: o.inputs, Out: o.out, Sets: o.sets, Baseline: o.baseline, Force: o.force, Wait: o.wait}
}
