package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/evalpress/evalpress/internal/testtree"
)

// startServe runs `evalpress serve` on a free loopback port and returns its
// URL and a function that stops it and waits for it to return.
func startServe(t testing.TB, dir string) (string, func() error) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	ready := make(chan string, 1)
	var stderr syncBuffer
	cmd := &serveCommand{stdout: io.Discard, stderr: &stderr, onReady: func(url string) { ready <- url }}
	result := make(chan error, 1)
	go func() {
		result <- cmd.Run(ctx, []string{"--config", filepath.Join(dir, "config.toml"), "--addr", "127.0.0.1:0"})
	}()
	select {
	case url := <-ready:
		return url, func() error {
			cancel()
			select {
			case err := <-result:
				return err
			case <-time.After(5 * time.Second):
				t.Fatal("serve did not stop after cancellation")
				return nil
			}
		}
	case err := <-result:
		t.Fatalf("serve stopped: %v (stderr %s)", err, stderr.String())
	case <-time.After(20 * time.Second):
		t.Fatal("serve did not start")
	}
	cancel()
	return "", nil
}

type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}
func (s *syncBuffer) String() string { s.mu.Lock(); defer s.mu.Unlock(); return s.b.String() }

func get(t testing.TB, url string) string {
	t.Helper()
	resp, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	return string(body)
}

// eventually polls cond until it holds or a generous deadline passes.
func eventually(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(15 * time.Second)
	for time.Now().Before(deadline) {
		if cond() {
			return
		}
		time.Sleep(50 * time.Millisecond)
	}
	t.Fatalf("timed out waiting for %s", what)
}

func TestServeRebuildsAndReloads(t *testing.T) {
	t.Parallel()
	dir := newSite(t, nil)
	url, stop := startServe(t, dir)

	page := get(t, url+"index.html")
	if !strings.Contains(page, "3 of 6 sections fail") || !strings.Contains(page, `<script src="/__evalpress/client.js"></script></body>`) {
		t.Fatalf("served index lacks the site or the reload script:\n%.500s", page)
	}
	if js := get(t, url+"__evalpress/client.js"); !strings.Contains(js, "EventSource") {
		t.Fatal("no reload client")
	}
	// The icon a browser asks for at the root is the site's own.
	icon, err := http.Get(url + "favicon.ico")
	if err != nil {
		t.Fatal(err)
	}
	icon.Body.Close()
	if icon.StatusCode != http.StatusOK || !strings.HasPrefix(icon.Header.Get("Content-Type"), "image/") {
		t.Errorf("favicon.ico: %s, %s", icon.Status, icon.Header.Get("Content-Type"))
	}

	// Listen for reload events as an open page does.
	resp, err := http.Get(url + "__evalpress/events")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	events := make(chan string, 16)
	go func() {
		sc := bufio.NewScanner(resp.Body)
		for sc.Scan() {
			if strings.HasPrefix(sc.Text(), "event: ") {
				events <- strings.TrimPrefix(sc.Text(), "event: ")
			}
		}
	}()

	index := filepath.Join(dir, "content", "index.md")
	original := mustRead(t, index)
	os.WriteFile(index, append(append([]byte{}, original...), []byte("\nA freshly added sentence.\n")...), 0o644)
	eventually(t, "the edit to appear", func() bool { return strings.Contains(get(t, url+"index.html"), "A freshly added sentence.") })
	select {
	case e := <-events:
		if e != "reload" {
			t.Fatalf("event %q, want reload", e)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("no reload event reached the open page")
	}

	// A broken document: the error is reported, the last good site stays.
	os.WriteFile(index, []byte("# Broken\n\n{{count bananas}}\n"), 0o644)
	var status struct{ Error string }
	eventually(t, "the error to be reported", func() bool {
		json.Unmarshal([]byte(get(t, url+"__evalpress/status")), &status)
		return status.Error != ""
	})
	if !strings.Contains(status.Error, `index.md:3:9: {{count bananas}}: count: unknown field "bananas"`) {
		t.Errorf("status error %q", status.Error)
	}
	if !strings.Contains(get(t, url+"index.html"), "A freshly added sentence.") {
		t.Error("the last good site is no longer served after a failed rebuild")
	}

	// False claims: every one of them shows in the overlay, each on its line.
	os.WriteFile(index, []byte("# Claims\n\nNone fail.{{claim count(fails) == 0}}\n\n{{claim count(passes) > 1000}}\n"), 0o644)
	eventually(t, "the claims to be reported", func() bool {
		json.Unmarshal([]byte(get(t, url+"__evalpress/status")), &status)
		return strings.Contains(status.Error, "claim does not hold")
	})
	lines := strings.Split(status.Error, "\n")
	if len(lines) != 2 || !strings.Contains(lines[0], "index.md:3:11: claim does not hold: count(fails) == 0 (count(fails) = ") ||
		!strings.Contains(lines[1], "index.md:5:1: claim does not hold: count(passes) > 1000 (count(passes) = ") {
		t.Errorf("status error %q", status.Error)
	}

	// Fixed again: the error clears.
	os.WriteFile(index, original, 0o644)
	eventually(t, "the error to clear", func() bool {
		json.Unmarshal([]byte(get(t, url+"__evalpress/status")), &status)
		return status.Error == ""
	})
	if err := stop(); err != nil {
		t.Fatalf("serve returned %v after cancellation", err)
	}
	if _, err := http.Get(url); err == nil {
		t.Error("still serving after stop")
	}
}

func TestServePortInUse(t *testing.T) {
	t.Parallel()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	dir := newSite(t, nil)
	code, _, stderr := runCLI(t, "serve", "--config", filepath.Join(dir, "config.toml"), "--addr", ln.Addr().String())
	if code != 1 || !strings.Contains(stderr, "address already in use") {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if code, _, _ := runCLI(t, "serve", "--addr", "nonsense"); code != 2 {
		t.Fatalf("bad --addr: exit %d, want 2", code)
	}
}

// TestServeRefusesAForeignHost: a request naming another site's host (DNS
// rebinding) is refused; localhost and the address itself are answered.
func TestServeRefusesAForeignHost(t *testing.T) {
	t.Parallel()
	dir := newSite(t, nil)
	url, stop := startServe(t, dir)
	defer stop()
	for host, want := range map[string]int{"attacker.example": http.StatusMisdirectedRequest, "localhost": http.StatusOK, "": http.StatusOK} {
		req, _ := http.NewRequest("GET", url+"index.html", nil)
		if host != "" {
			req.Host = host
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != want {
			t.Errorf("Host %q: status %d, want %d", host, resp.StatusCode, want)
		}
		if want != http.StatusOK && strings.Contains(string(body), "Tiny artifact") {
			t.Errorf("Host %q: the site was served", host)
		}
	}
}

// TestServeStopsOnSignal runs the real binary and interrupts it, as Ctrl-C does.
func TestServeStopsOnSignal(t *testing.T) {
	t.Parallel()
	bin := filepath.Join(t.TempDir(), "evalpress")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	dir := newSite(t, nil)
	for _, sig := range []os.Signal{os.Interrupt, syscall.SIGTERM} {
		cmd := exec.Command(bin, "serve", "--config", filepath.Join(dir, "config.toml"), "--addr", "127.0.0.1:0")
		stdout, _ := cmd.StdoutPipe()
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		line, _ := bufio.NewReader(stdout).ReadString('\n')
		if !strings.HasPrefix(line, "serving http://127.0.0.1:") {
			cmd.Process.Kill()
			t.Fatalf("first line %q", line)
		}
		cmd.Process.Signal(sig)
		done := make(chan error, 1)
		go func() { done <- cmd.Wait() }()
		select {
		case err := <-done:
			if err != nil {
				t.Errorf("%v: exit %v, want a clean exit", sig, err)
			}
		case <-time.After(5 * time.Second):
			cmd.Process.Kill()
			t.Fatalf("%v: still running", sig)
		}
	}
}

// BenchmarkServeEditVisible times an edit to one content page until the
// served page shows it (target: under half a second on the demo).
func BenchmarkServeEditVisible(b *testing.B) {
	for _, site := range []struct {
		name string
		make func(*testing.B) string
	}{
		{"basic", testtreeWrite},
		{"demo", func(b *testing.B) string { return copyDemo(b) }},
	} {
		b.Run(site.name, func(b *testing.B) {
			dir := site.make(b)
			url, stop := startServe(b, dir)
			defer stop()
			index := filepath.Join(dir, "content", "index.md")
			original, _ := os.ReadFile(index)
			for i := 0; b.Loop(); i++ {
				marker := "Edit number " + strconv.Itoa(i) + "."
				os.WriteFile(index, append(append([]byte{}, original...), []byte("\n"+marker+"\n")...), 0o644)
				for !strings.Contains(get(b, url+"index.html"), marker) {
					time.Sleep(5 * time.Millisecond)
				}
			}
		})
	}
}

func testtreeWrite(b *testing.B) string {
	data, err := os.ReadFile(filepath.Join("testdata", "basic.txtar"))
	if err != nil {
		b.Fatal(err)
	}
	return testtree.Write(b, b.TempDir(), string(data), nil)
}
