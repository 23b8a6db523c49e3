package main

import (
	"context"
	"errors"
	"io"
)

// buildCommand is not implemented yet.
type buildCommand struct {
	stdout, stderr io.Writer
}

// Run implements command.
func (c *buildCommand) Run(ctx context.Context, args []string) error {
	return errors.New("build: not implemented yet")
}
