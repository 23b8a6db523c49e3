// Package earlysignal catches SIGINT and SIGTERM from the first moment of
// the program on: its init runs before the heavy initialisation of the
// packages evalpress imports (tens of milliseconds), in which a signal
// would otherwise end the process with no word. The command's main imports
// it and takes the signals caught so far with Context.
//
// Go initialises packages in the order of their import paths, each once
// the packages it imports are: this one imports only os/signal and what
// that needs, so it runs as soon as os/signal has.
package earlysignal

import (
	"context"
	"os"
	"os/signal"
	"syscall"
)

// caught holds the first signal until Context takes it.
var caught = make(chan os.Signal, 1)

func init() { signal.Notify(caught, os.Interrupt, syscall.SIGTERM) }

// Context returns a context cancelled at the first SIGINT or SIGTERM since
// the program started, and stop, which ends the catching: from the first
// signal on, or once stop is called, a signal ends the process as usual,
// so that a second Ctrl-C stops a command that does not.
func Context(parent context.Context) (ctx context.Context, stop func()) {
	ctx, cancel := context.WithCancel(parent)
	done := make(chan struct{})
	go func() {
		select {
		case <-caught:
			signal.Stop(caught)
			cancel()
		case <-done:
		}
	}()
	return ctx, func() {
		signal.Stop(caught)
		select {
		case <-done:
		default:
			close(done)
		}
		cancel()
	}
}
