package main

import (
	"context"
	"fmt"
	"io"
	"path/filepath"
	"strings"

	"github.com/evalpress/evalpress/pipeline"
	"github.com/evalpress/evalpress/reports/criteria"
	"github.com/evalpress/evalpress/verify"
)

// verifyCommand confirms that private inputs make exactly a published site.
type verifyCommand struct {
	stdout, stderr io.Writer
	crit           criteria.Set // the criteria the site was built with
}

// Run implements command.
func (c *verifyCommand) Run(ctx context.Context, args []string) error {
	fs := newFlagSet("verify", synopsis("verify"), c.stdout)
	o := verify.Options{Criteria: c.crit}
	fs.StringVar(&o.Site, "site", "", "the published site's `folder`")
	fs.StringVar(&o.Inputs, "inputs", "", "the private inputs `folder` the site was built from, with its key")
	fs.StringVar(&o.Config, "config", "config.toml", "configuration `file` the site was built with")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if o.Site == "" || o.Inputs == "" {
		return usageError{err: fmt.Errorf("verify: --site and --inputs are both needed"), hint: "usage: evalpress " + synopsis("verify")}
	}
	r, err := verify.Run(ctx, o)
	if err != nil {
		return err
	}
	for _, d := range r.Differences {
		fmt.Fprintln(c.stdout, d)
	}
	if len(r.Differences) > 0 {
		return fmt.Errorf("%s: %d difference%s from the rebuild of %s", o.Site, len(r.Differences), plural(len(r.Differences)), o.Inputs)
	}
	note := ""
	if n := len(r.Skipped); n > 0 {
		note = fmt.Sprintf("; %d file%s evalpress did not write not compared", n, plural(n))
	}
	note += carriedNote(o.Site, r.Carried)
	fmt.Fprintf(c.stdout, "%s: identical to the rebuild of %s (%d files)%s\n", o.Site, o.Inputs, r.Files, note)
	return nil
}

// carriedNote says that the releases names a site carries were not
// rebuilt, and how to verify them: "" for none.
func carriedNote(site string, names []string) string {
	switch len(names) {
	case 0:
		return ""
	case 1:
		return fmt.Sprintf("; the release %s is carried as published, not rebuilt: verify it with the inputs it was made from (--site %s)",
			names[0], filepath.Join(site, pipeline.ReleasesDir, names[0]))
	}
	return fmt.Sprintf("; the releases %s are carried as published, not rebuilt: verify each with the inputs it was made from (--site %s)",
		strings.Join(names, ", "), filepath.Join(site, pipeline.ReleasesDir, "NAME"))
}

// plural is "s" unless n is 1.
func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}
