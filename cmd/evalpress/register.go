package main

import (
	"context"
	"fmt"
	"io"
	"time"

	"github.com/evalpress/evalpress/pipeline"
)

// registerCommand writes the evaluation's registration before its run and
// prints the digest to post publicly.
type registerCommand struct {
	stdout, stderr io.Writer
}

// Run implements command.
func (c *registerCommand) Run(ctx context.Context, args []string) error {
	fs := newFlagSet("register", synopsis("register"), c.stdout)
	cfg := fs.String("config", "config.toml", "the config `file`")
	inputs := fs.String("inputs", "", "the private inputs `folder` (default: the config's), whose terms the registration must not hold")
	at := fs.String("at", "", "the registration's `time` (RFC 3339; default: SOURCE_DATE_EPOCH, else now)")
	force := fs.Bool("force", false, "write over an existing registration")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return usagef("register: unexpected argument %q", fs.Arg(0))
	}
	o := pipeline.RegisterOptions{Config: *cfg, Inputs: *inputs, Force: *force}
	if *at != "" {
		t, err := time.Parse(time.RFC3339, *at)
		if err != nil {
			return usagef("register: --at %q is not an RFC 3339 time (such as 2026-06-12T10:00:00Z)", *at)
		}
		o.At = t
	}
	r, err := pipeline.Register(ctx, o)
	if err != nil {
		return err
	}
	if r.AfterMeasurement {
		fmt.Fprintf(c.stderr, "evalpress: %s: warning: holds a site measured from these same texts: the registration records that it was made after the measurement, and every page that cites it says so\n", r.Out)
	}
	fmt.Fprintf(c.stdout, "registered %s in %s\nSHA-256 %s\n", r.At.Format(time.RFC3339), r.File, r.SHA256)
	fmt.Fprintf(c.stderr, "evalpress: post this digest publicly before the run; every build checks the evaluation against %s and publishes it\n", r.File)
	return nil
}
