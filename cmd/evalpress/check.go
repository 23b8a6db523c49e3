package main

import (
	"context"
	"errors"
	"io"
)

// checkCommand is not implemented yet.
type checkCommand struct {
	stdout, stderr io.Writer
}

// Run implements command.
func (c *checkCommand) Run(ctx context.Context, args []string) error {
	return errors.New("check: not implemented yet")
}
