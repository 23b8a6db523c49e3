//go:build unix

package earlysignal

import (
	"context"
	"syscall"
	"testing"
)

// TestASignalBeforeContextIsKept: a SIGINT that arrives after the init
// and before Context (in the packages' initialisation, in a real run) is
// not lost: the context Context returns is done.
func TestASignalBeforeContextIsKept(t *testing.T) {
	if err := syscall.Kill(syscall.Getpid(), syscall.SIGINT); err != nil {
		t.Fatal(err)
	}
	ctx, stop := Context(context.Background())
	defer stop()
	<-ctx.Done() // the test's own deadline bounds a signal that was lost
	if ctx.Err() != context.Canceled {
		t.Errorf("ctx.Err() = %v", ctx.Err())
	}
}
