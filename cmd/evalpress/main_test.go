package main

import (
	"os"
	"os/exec"
	"strconv"
	"strings"
	"syscall"
	"testing"

	"github.com/evalpress/evalpress/internal/killpoint"
)

// TestMain runs the test binary as evalpress itself when a test asks for it
// (runChild): EVALPRESS_TEST_ARGS holds the command line, one argument a
// line, EVALPRESS_TEST_KILL_AT a step of the site's swap ("carry:1",
// see internal/killpoint) at which the process sends itself SIGKILL, and
// EVALPRESS_TEST_UMASK the umask to run with (octal).
func TestMain(m *testing.M) {
	if args, ok := os.LookupEnv("EVALPRESS_TEST_ARGS"); ok {
		if mask, err := strconv.ParseUint(os.Getenv("EVALPRESS_TEST_UMASK"), 8, 32); err == nil {
			syscall.Umask(int(mask))
		}
		if at := os.Getenv("EVALPRESS_TEST_KILL_AT"); at != "" {
			name, nth, _ := strings.Cut(at, ":")
			count, _ := strconv.Atoi(nth)
			killpoint.Set(func(step string) {
				if step == name {
					if count--; count <= 0 {
						syscall.Kill(os.Getpid(), syscall.SIGKILL)
						select {}
					}
				}
			})
		}
		os.Exit(runWithSignals(strings.Split(args, "\n")))
	}
	os.Exit(m.Run())
}

// childCommand returns the test binary run as evalpress with args, killed
// at the swap step killAt when it is not "".
func childCommand(killAt string, args ...string) *exec.Cmd {
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), "EVALPRESS_TEST_ARGS="+strings.Join(args, "\n"), "EVALPRESS_TEST_KILL_AT="+killAt)
	return cmd
}

// runChild runs childCommand and returns its exit code (-1 when killed)
// and stderr.
func runChild(t testing.TB, killAt string, args ...string) (int, string) {
	t.Helper()
	cmd := childCommand(killAt, args...)
	var stderr strings.Builder
	cmd.Stderr = &stderr
	err := cmd.Run()
	if err == nil {
		return 0, stderr.String()
	}
	if ee, ok := err.(*exec.ExitError); ok {
		return ee.ExitCode(), stderr.String()
	}
	t.Fatal(err)
	return 0, ""
}

func pidOfTest() int { return os.Getpid() }
