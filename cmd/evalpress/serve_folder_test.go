package main

import (
	"bufio"
	"context"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/evalpress/evalpress/pipeline"
)

// startServeChild runs `evalpress serve` as a child process whose
// temporary folder is tmp, and returns it once it serves.
func startServeChild(t *testing.T, dir, tmp string) *exec.Cmd {
	t.Helper()
	cmd := childCommand("", "serve", "--config", filepath.Join(dir, "config.toml"), "--addr", "127.0.0.1:0")
	cmd.Env = append(cmd.Env, "TMPDIR="+tmp)
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	line := make(chan string, 1)
	go func() {
		l, _ := bufio.NewReader(stdout).ReadString('\n')
		line <- l
		io.Copy(io.Discard, stdout)
	}()
	select {
	case l := <-line:
		if !strings.HasPrefix(l, "serving http://127.0.0.1:") {
			cmd.Process.Kill()
			cmd.Wait()
			t.Fatalf("first line %q", l)
		}
	case <-ctx.Done():
		cmd.Process.Kill()
		cmd.Wait()
		t.Fatal("serve did not start")
	}
	return cmd
}

// serveFolders lists the serve folders in tmp.
func serveFolders(t *testing.T, tmp string) []string {
	t.Helper()
	matches, err := filepath.Glob(filepath.Join(tmp, "evalpress-serve-*"))
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, m := range matches {
		if _, err := os.Stat(filepath.Join(m, "site", "index.html")); err == nil {
			out = append(out, m)
		}
	}
	return out
}

// TestServeRemovesAKilledServesBuild: a serve killed with SIGKILL leaves
// its build (full texts, when internal) in the temporary folder; the next
// serve removes it, and leaves a folder of a similar name alone. A serve
// stopped with SIGINT removes its own.
func TestServeRemovesAKilledServesBuild(t *testing.T) {
	t.Parallel()
	dir := newSite(t, map[string]string{"config.toml": strings.Replace(readConfig(t), `audience = "public"`, `audience = "internal"`, 1)})
	tmp := t.TempDir()
	foreign := filepath.Join(tmp, "evalpress-serve-12345.keep")
	if err := os.MkdirAll(filepath.Join(foreign, "site"), 0o755); err != nil {
		t.Fatal(err)
	}
	os.WriteFile(filepath.Join(foreign, "site", "index.html"), []byte("not serve's"), 0o644)
	os.WriteFile(filepath.Join(foreign, ".site.lock"), nil, 0o644)

	killed := startServeChild(t, dir, tmp)
	left := serveFolders(t, tmp)
	if len(left) != 2 {
		t.Fatalf("serve folders %q, want the foreign one and the serve's", left)
	}
	dead := left[0]
	if dead == foreign {
		dead = left[1]
	}
	if info, err := os.Stat(dead); err != nil || info.Mode().Perm() != 0o700 {
		t.Fatalf("serve's folder %s: %v, %v; want mode 0700", dead, info.Mode(), err)
	}
	killed.Process.Signal(syscall.SIGKILL)
	killed.Wait()
	if _, err := os.Stat(filepath.Join(dead, "site", "index.html")); err != nil {
		t.Fatalf("the killed serve's build is not there to be removed: %v", err)
	}

	next := startServeChild(t, dir, tmp)
	if _, err := os.Lstat(dead); !os.IsNotExist(err) {
		t.Errorf("the killed serve's folder %s is still there (%v)", dead, err)
	}
	if data, err := os.ReadFile(filepath.Join(foreign, "site", "index.html")); err != nil || string(data) != "not serve's" {
		t.Errorf("the foreign folder was touched: %q, %v", data, err)
	}
	running := serveFolders(t, tmp)
	next.Process.Signal(os.Interrupt)
	if err := next.Wait(); err != nil {
		t.Fatalf("serve stopped with %v, want a clean exit", err)
	}
	if len(running) != 2 {
		t.Fatalf("while the second serve ran: %q", running)
	}
	for _, f := range running {
		if _, err := os.Lstat(f); f != foreign && !os.IsNotExist(err) {
			t.Errorf("serve stopped by SIGINT left %s", f)
		}
	}
}

// TestServeBuildsWhileABuildHoldsItsFolder: a build writing the config's
// output folder (holding its lock) does not stop serve's first build nor
// its rebuilds, which write serve's own folder.
func TestServeBuildsWhileABuildHoldsItsFolder(t *testing.T) {
	t.Parallel()
	dir := newSite(t, nil)
	lock, err := pipeline.LockOutput(context.Background(), filepath.Join(dir, "public"), false, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer lock.Release()
	url, stop := startServe(t, dir)
	index := filepath.Join(dir, "content", "index.md")
	os.WriteFile(index, append(mustRead(t, index), []byte("\nAn edit while a build runs.\n")...), 0o644)
	eventually(t, "the edit to appear", func() bool { return strings.Contains(get(t, url+"index.html"), "An edit while a build runs.") })
	if err := stop(); err != nil {
		t.Fatal(err)
	}
}
