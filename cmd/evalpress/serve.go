package main

import (
	"context"
	"errors"
	"io"
)

// serveCommand is not implemented yet.
type serveCommand struct {
	stdout, stderr io.Writer
}

// Run implements command.
func (c *serveCommand) Run(ctx context.Context, args []string) error {
	return errors.New("serve: not implemented yet")
}
