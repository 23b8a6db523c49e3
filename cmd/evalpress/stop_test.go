package main

import (
	"bufio"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/evalpress/evalpress/internal/testtree"
)

// largeSite writes an artifact of three writers with sections sections
// each, words drawn with a fixed seed, every section sharing a run with
// its example: enough cell pages that rendering takes a while.
func largeSite(tb testing.TB, sections int) string {
	tb.Helper()
	words := strings.Fields("harbour light boat net crew storm tide rope sail gull mast quay salt fog bell lamp dock wave shore reef")
	r := rand.New(rand.NewPCG(1, 2))
	text := func(n int) string {
		w := make([]string, n)
		for i := range w {
			w[i] = words[r.IntN(len(words))]
		}
		return strings.Join(w, " ")
	}
	var sec, ex strings.Builder
	examples := make([]string, sections)
	for i := range examples {
		examples[i] = text(60)
		fmt.Fprintf(&ex, "## S%d\n%s\n", i, examples[i])
	}
	for _, writer := range []string{"Writer One", "Writer Two", "Writer Three"} {
		fmt.Fprintf(&sec, "# %s\n", writer)
		for i := range sections {
			fmt.Fprintf(&sec, "## S%d\n%s %s %s\n", i, text(20), examples[i][:120], text(20))
		}
	}
	return testtree.Write(tb, tb.TempDir(), "", map[string]string{
		"config.toml":         "title = \"Large\"\ncontent_dir = \"content\"\n[inputs]\ndir = \"private\"\n[publish]\nout = \"public\"\n",
		"content/index.md":    "# Large\n\nMany sections.\n",
		"private/sections.md": sec.String(),
		"private/examples.md": ex.String(),
	})
}

// interruptMidRender starts a build of dir (with args) in a child, sends
// it sig once it says it renders, and returns its exit code, what it
// said, and how long it took to exit after the signal.
func interruptMidRender(tb testing.TB, dir string, sig syscall.Signal, args ...string) (int, string, time.Duration) {
	tb.Helper()
	cmd := childCommand("", append([]string{"build", "--config", filepath.Join(dir, "config.toml")}, args...)...)
	errPipe, _ := cmd.StderrPipe()
	if err := cmd.Start(); err != nil {
		tb.Fatal(err)
	}
	var said []string
	lines := bufio.NewScanner(errPipe)
	for lines.Scan() {
		said = append(said, lines.Text())
		if strings.HasSuffix(lines.Text(), "rendering") {
			break
		}
	}
	signalled := time.Now()
	cmd.Process.Signal(sig)
	// A generous bound for "it did exit": speed is the benchmark's.
	timer := time.AfterFunc(30*time.Second, func() { cmd.Process.Kill() })
	defer timer.Stop()
	for lines.Scan() {
		said = append(said, lines.Text())
	}
	err := cmd.Wait()
	took := time.Since(signalled)
	code := 0
	if err != nil {
		code = cmd.ProcessState.ExitCode()
	}
	return code, strings.Join(said, "\n"), took
}

// TestSignalMidRenderStopsAndKeepsTheSite stops a large build with SIGINT
// and SIGTERM while it renders: it exits, says it stopped, and the previous
// site is as it was; the next build removes what the stopped one began.
func TestSignalMidRenderStopsAndKeepsTheSite(t *testing.T) {
	t.Parallel()
	dir := largeSite(t, 340)
	if code, stderr := runChild(t, "", "build", "--config", filepath.Join(dir, "config.toml")); code != 0 {
		t.Fatal(stderr)
	}
	out := filepath.Join(dir, "public")
	before := testtree.Read(t, out)
	for i, sig := range []syscall.Signal{syscall.SIGINT, syscall.SIGTERM} {
		// Another n-gram size: measured and rendered again.
		code, said, _ := interruptMidRender(t, dir, sig, "--set", fmt.Sprintf("c5.ngram=%d", 6+i))
		if !strings.Contains(said, "rendering") {
			t.Fatalf("the build never rendered: %s", said)
		}
		if code != 1 || !strings.Contains(said, "evalpress: stopped; nothing more was written") {
			t.Fatalf("%v: exit %d, said %q; want exit 1 and that it stopped", sig, code, said)
		}
		if strings.Contains(said, "built ") {
			t.Fatalf("%v: the build went on: %s", sig, said)
		}
		if after := testtree.Read(t, out); !reflect.DeepEqual(after, before) {
			t.Fatalf("%v: the previous site changed", sig)
		}
	}
	code, stderr := runChild(t, "", "build", "--config", filepath.Join(dir, "config.toml"))
	if code != 0 {
		t.Fatal(stderr)
	}
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		if strings.Contains(e.Name(), ".tmp-") {
			t.Errorf("%s left after the next build (it said %q)", e.Name(), stderr)
		}
	}
}

// BenchmarkExitAfterSignal times how long a large build takes to exit
// after SIGINT while it renders (the target is a quarter of a second).
func BenchmarkExitAfterSignal(b *testing.B) {
	dir := largeSite(b, 1000)
	if code, stderr := runChild(b, "", "build", "--config", filepath.Join(dir, "config.toml")); code != 0 {
		b.Fatal(stderr)
	}
	var total time.Duration
	n := 0
	for b.Loop() {
		n++
		code, said, took := interruptMidRender(b, dir, syscall.SIGINT, "--set", fmt.Sprintf("c5.ngram=%d", 5+n%3))
		if code != 1 {
			b.Fatalf("exit %d: %s", code, said)
		}
		total += took
	}
	b.ReportMetric(float64(total.Milliseconds())/float64(n), "ms-to-exit")
}

// TestSignalHandlerComesFirst: evalpress's handler of SIGINT and SIGTERM
// (internal/earlysignal) is installed before the packages whose
// initialisation takes time (chroma's lexers took 26 ms, in which a Ctrl-C
// ended the process with no word) and before every package of evalpress:
// GODEBUG=inittrace=1 lists the packages in the order they were
// initialised. A few small ones that import nothing (a table of data) may
// come first.
func TestSignalHandlerComesFirst(t *testing.T) {
	t.Parallel()
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), "GODEBUG=inittrace=1")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("%v: %s", err, out)
	}
	heavy := []string{"github.com/evalpress/evalpress", "github.com/alecthomas/chroma", "github.com/yuin/goldmark", "github.com/mtibben/confusables", "golang.org/x/net/html", "golang.org/x/text"}
	for _, line := range strings.Split(string(out), "\n") {
		fields := strings.Fields(line)
		if len(fields) < 2 || fields[0] != "init" {
			continue
		}
		pkg := fields[1]
		if pkg == "github.com/evalpress/evalpress/internal/earlysignal" {
			return
		}
		for _, h := range heavy {
			if pkg == h || strings.HasPrefix(pkg, h+"/") {
				t.Errorf("%s was initialised before the signal handler", pkg)
			}
		}
	}
	t.Fatalf("internal/earlysignal was never initialised:\n%s", out)
}
