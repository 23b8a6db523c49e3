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
	"github.com/evalpress/evalpress/pipeline"
	"github.com/evalpress/evalpress/reports/criteria"
	"github.com/evalpress/evalpress/site"
)

// buildCommand builds the static site.
type buildCommand struct {
	stdout, stderr io.Writer
	crit           criteria.Set // the criteria the build judges
}

// setFlags collects repeated --set key=value flags.
type setFlags []string

func (s *setFlags) String() string     { return strings.Join(*s, ",") }
func (s *setFlags) Set(v string) error { *s = append(*s, v); return nil }

// buildOptions are the build settings from the command line.
type buildOptions struct {
	config, inputs, out, baseline string
	release                       string
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
	fs.BoolVar(&o.wait, "wait", false, "wait for another build writing the same output folder, rather than fail")
	fs.StringVar(&o.release, "release", "", "also publish the site as the release `NAME` (releases/NAME/), which no later build changes")
}

// Run implements command.
func (c *buildCommand) Run(ctx context.Context, args []string) error {
	fs := newFlagSet("build", synopsis("build"), c.stdout)
	var o buildOptions
	o.register(fs)
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if o.release != "" {
		if err := pipeline.CheckReleaseName(o.release); err != nil {
			return usageError{err: err}
		}
	}
	res, err := pipeline.Build(ctx, o.pipeline(c.crit), c.stderr)
	if err != nil {
		var se *config.SetError
		if errors.As(err, &se) {
			return usageError{err: err}
		}
		return err
	}
	fmt.Fprintf(c.stderr, "built %d pages in %s -> %s\n", res.Pages, res.Elapsed.Round(time.Millisecond), filepath.Clean(res.Out)+string(filepath.Separator))
	if res.NewEvaluation {
		fmt.Fprintln(c.stderr, "a new evaluation: the previous build had no writer, or no section, in common with this one; no verdict compared")
	} else if res.Baselined {
		fmt.Fprintln(c.stderr, site.ChangesSummary(res.Changes))
	}
	return nil
}

func (o *buildOptions) pipeline(crit criteria.Set) pipeline.Options {
	return pipeline.Options{Config: o.config, Inputs: o.inputs, Out: o.out, Sets: o.sets, Baseline: o.baseline, Force: o.force, Wait: o.wait,
		Criteria: crit, Release: o.release}
}
