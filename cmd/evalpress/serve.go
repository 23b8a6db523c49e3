package main

import (
	"context"
	"fmt"
	"io"
	"net"

	"github.com/evalpress/evalpress/reports/criteria"
	"github.com/evalpress/evalpress/serve"
)

// serveCommand builds, serves and rebuilds the site on change.
type serveCommand struct {
	stdout, stderr io.Writer
	crit           criteria.Set     // the criteria the builds judge
	onReady        func(url string) // for tests
}

// Run implements command.
func (c *serveCommand) Run(ctx context.Context, args []string) error {
	fs := newFlagSet("serve", synopsis("serve"), c.stdout)
	var o buildOptions
	fs.StringVar(&o.config, "config", "config.toml", "configuration `file`")
	fs.StringVar(&o.inputs, "inputs", "", "private inputs `folder` (default: inputs.dir of the config)")
	fs.Var(&o.sets, "set", "override a config key, `key=value` (repeatable)")
	addr := fs.String("addr", "127.0.0.1:1313", "`address` to serve on; loopback unless you say otherwise")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	host, _, err := net.SplitHostPort(*addr)
	if err != nil {
		return usagef("serve: --addr %q: %v", *addr, err)
	}
	if ip := net.ParseIP(host); host != "localhost" && (ip == nil || !ip.IsLoopback()) {
		fmt.Fprintf(c.stderr, "evalpress: warning: serving on %s, reachable from other machines\n", *addr)
	}
	s := &serve.Server{Build: o.pipeline(c.crit), Addr: *addr, Stdout: c.stdout, Stderr: c.stderr, OnReady: c.onReady}
	return s.Run(ctx)
}
