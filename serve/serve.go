// Package serve is `evalpress serve`: it builds the site into a private
// temporary folder, serves it on loopback, watches the configuration,
// content, templates and private inputs, rebuilds on change (debounced) and
// reloads open pages. A failed rebuild shows its error in the page and keeps
// the last good site.
package serve

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/fsnotify/fsnotify"

	"github.com/evalpress/evalpress/internal/diag"
	"github.com/evalpress/evalpress/internal/readfile"
	"github.com/evalpress/evalpress/pipeline"
)

// Server serves a site and rebuilds it on change.
type Server struct {
	Build    pipeline.Options
	Addr     string
	Stdout   io.Writer
	Stderr   io.Writer
	Debounce time.Duration // default 150ms
	// OnReady, if set, is called with the site's URL once it is served.
	OnReady func(url string)

	mu      sync.Mutex
	version int    // successful builds so far
	lastErr string // the last build's error, "" after a success
	clients map[chan event]bool
	siteDir string
	inputs  []string // what a build reads: rebuild on a change to these only
	hosts   hostCheck
}

type event struct{ name, data string }

// Run serves until ctx is cancelled, then stops within a second.
func (s *Server) Run(ctx context.Context) error {
	if s.Debounce == 0 {
		s.Debounce = 150 * time.Millisecond
	}
	ln, err := net.Listen("tcp", s.Addr)
	if err != nil {
		if errors.Is(err, syscall.EADDRINUSE) {
			return fmt.Errorf("%s: address already in use; pass --addr with another port", s.Addr)
		}
		return fmt.Errorf("%s: cannot listen: %w", s.Addr, err)
	}
	for _, dir := range removeLeftovers(os.TempDir()) {
		fmt.Fprintf(s.Stderr, "evalpress: removed %s, the build of a serve that was killed\n", dir)
	}
	// serve holds its folder's lock, as a build does, for as long as it runs.
	tmp, siteDir, lock, err := makeFolder(ctx, os.TempDir(), s.Stderr)
	if err != nil {
		ln.Close()
		return err
	}
	defer func() {
		os.RemoveAll(tmp) // under the lock: no other serve takes it for a dead one's meanwhile
		lock.Release()
	}()
	s.siteDir = siteDir
	s.Build.Out, s.Build.OutLocked = s.siteDir, true
	// A build writing a folder a serve's build needs is waited for, never
	// a failed rebuild.
	s.Build.Wait = true
	s.clients = map[chan event]bool{}

	s.hosts = newHostCheck(ln.Addr().String(), s.Addr)
	watch := s.rebuild(ctx)
	watcher, err := fsnotify.NewWatcher()
	if err != nil {
		ln.Close()
		return fmt.Errorf("failed to watch files: %w", err)
	}
	defer watcher.Close()
	s.watch(watcher, watch)

	done := make(chan struct{})
	srv := &http.Server{Handler: s.handler(done), ReadHeaderTimeout: 5 * time.Second}
	serveErr := make(chan error, 1)
	go func() { serveErr <- srv.Serve(ln) }()
	url := "http://" + ln.Addr().String() + "/"
	fmt.Fprintf(s.Stdout, "serving %s (Ctrl-C to stop)\n", url)
	if s.OnReady != nil {
		s.OnReady(url)
	}

	var timer *time.Timer
	fire := make(chan struct{}, 1)
	for {
		select {
		case <-ctx.Done():
			close(done)
			shutdown, cancel := context.WithTimeout(context.Background(), 500*time.Millisecond)
			defer cancel()
			if err := srv.Shutdown(shutdown); err != nil {
				srv.Close()
			}
			return nil
		case err := <-serveErr:
			return fmt.Errorf("server stopped: %w", err)
		case ev, ok := <-watcher.Events:
			if !ok {
				return nil
			}
			if !s.reads(ev.Name) {
				continue
			}
			if ev.Op&fsnotify.Create != 0 {
				if info, err := os.Stat(ev.Name); err == nil && info.IsDir() {
					s.watch(watcher, []string{ev.Name})
				}
			}
			if timer != nil {
				timer.Stop()
			}
			timer = time.AfterFunc(s.Debounce, func() {
				select {
				case fire <- struct{}{}:
				default:
				}
			})
		case err := <-watcher.Errors:
			fmt.Fprintf(s.Stderr, "evalpress: watching: %v\n", err)
		case <-fire:
			s.watch(watcher, s.rebuild(ctx))
		}
	}
}

// reads reports whether a change at path can change the build: path is one
// of the inputs a build reads or inside one of its folders, and no editor's
// swap or backup file.
func (s *Server) reads(path string) bool {
	s.mu.Lock()
	inputs := s.inputs
	s.mu.Unlock()
	if ignored(path) {
		return false
	}
	for _, in := range inputs {
		if path == in || strings.HasPrefix(path, in+string(filepath.Separator)) {
			return true
		}
	}
	return false
}

// ignored reports file events that must not trigger a rebuild: dotfiles
// (editor swap files, the lock and the journal) and editor backups.
func ignored(path string) bool {
	base := filepath.Base(path)
	return strings.HasPrefix(base, ".") || strings.HasSuffix(base, "~") || strings.HasPrefix(base, "#")
}

// rebuild builds the site and tells the open pages. It returns the paths to
// watch: exactly the inputs a build reads (pipeline.Inputs).
func (s *Server) rebuild(ctx context.Context) []string {
	res, err := pipeline.Build(ctx, s.Build, s.Stderr)
	s.mu.Lock()
	defer s.mu.Unlock()
	s.inputs = absolute(pipeline.Inputs(s.Build))
	if err != nil {
		s.lastErr = err.Error()
		diag.WriteError(s.Stderr, err, "") // the one path of every problem
		s.broadcast(event{"error", s.lastErr})
		return s.inputs
	}
	s.lastErr = ""
	s.version++
	fmt.Fprintf(s.Stderr, "built %d pages in %s\n", res.Pages, res.Elapsed.Round(time.Millisecond))
	s.broadcast(event{"reload", fmt.Sprint(s.version)})
	return s.inputs
}

// absolute makes paths absolute and clean, as the watcher names them.
func absolute(paths []string) []string {
	out := make([]string, 0, len(paths))
	for _, p := range paths {
		if abs, err := filepath.Abs(p); err == nil {
			p = abs
		}
		out = append(out, filepath.Clean(p))
	}
	return out
}

func (s *Server) broadcast(e event) {
	for c := range s.clients {
		select {
		case c <- e:
		default:
		}
	}
}

// watch adds paths to the watcher: folders with their subfolders, and for a
// file, or a folder not made yet, its folder (editors replace files by
// renaming); reads keeps only the events of the paths themselves.
func (s *Server) watch(w *fsnotify.Watcher, paths []string) {
	for _, p := range paths {
		info, err := os.Stat(p)
		if err != nil || !info.IsDir() {
			w.Add(filepath.Dir(p))
			continue
		}
		filepath.WalkDir(p, func(path string, d fs.DirEntry, err error) error {
			if err == nil && d.IsDir() {
				if path != p && ignored(path) {
					return filepath.SkipDir
				}
				w.Add(path)
			}
			return nil
		})
	}
}

const clientJS = `(function () {
  "use strict";
  function show(message) {
    var box = document.getElementById("evalpress-error");
    if (!message) { if (box) box.remove(); return; }
    if (!box) {
      box = document.createElement("pre");
      box.id = "evalpress-error";
      box.setAttribute("role", "alert");
      box.style.cssText = "position:fixed;left:0;right:0;bottom:0;margin:0;padding:1em;z-index:99;background:#b3261e;color:#fff;white-space:pre-wrap;font:14px/1.4 monospace";
      document.body.appendChild(box);
    }
    box.textContent = "Rebuild failed; showing the last good site.\n" + message;
  }
  fetch("/__evalpress/status").then(function (r) { return r.json(); }).then(function (s) { show(s.error); });
  var events = new EventSource("/__evalpress/events");
  events.addEventListener("reload", function () { location.reload(); });
  events.addEventListener("error", function (e) { show(e.data); });
})();
`

func (s *Server) handler(done chan struct{}) http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("/__evalpress/client.js", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/javascript; charset=utf-8")
		io.WriteString(w, clientJS)
	})
	mux.HandleFunc("/__evalpress/status", func(w http.ResponseWriter, r *http.Request) {
		s.mu.Lock()
		status := map[string]any{"version": s.version, "error": s.lastErr}
		s.mu.Unlock()
		w.Header().Set("Content-Type", "application/json")
		json.NewEncoder(w).Encode(status)
	})
	mux.HandleFunc("/__evalpress/events", func(w http.ResponseWriter, r *http.Request) {
		flusher, ok := w.(http.Flusher)
		if !ok {
			http.Error(w, "streaming unsupported", http.StatusInternalServerError)
			return
		}
		w.Header().Set("Content-Type", "text/event-stream")
		w.Header().Set("Cache-Control", "no-cache")
		c := make(chan event, 4)
		s.mu.Lock()
		s.clients[c] = true
		s.mu.Unlock()
		defer func() {
			s.mu.Lock()
			delete(s.clients, c)
			s.mu.Unlock()
		}()
		io.WriteString(w, ": connected\n\n")
		flusher.Flush()
		for {
			select {
			case e := <-c:
				fmt.Fprintf(w, "event: %s\ndata: %s\n\n", e.name, strings.ReplaceAll(e.data, "\n", "\ndata: "))
				flusher.Flush()
			case <-r.Context().Done():
				return
			case <-done:
				return
			}
		}
	})
	mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		s.serveSite(w, r)
	})
	return s.hosts.wrap(mux)
}

// serveSite serves the built files, adding the reload script to pages.
func (s *Server) serveSite(w http.ResponseWriter, r *http.Request) {
	name := filepath.Clean("/" + r.URL.Path)
	if strings.HasSuffix(r.URL.Path, "/") {
		name = filepath.Join(name, "index.html")
	}
	path := filepath.Join(s.siteDir, filepath.FromSlash(name))
	data, err := readfile.ReadFile(r.Context(), path, readfile.Corpus)
	if err != nil {
		// Before the first good build, or a missing page: the client script
		// shows the last build error, if any.
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.WriteHeader(http.StatusNotFound)
		io.WriteString(w, "<!DOCTYPE html><html lang=\"en\"><title>Not found</title><body><p>Not found.</p><script src=\"/__evalpress/client.js\"></script></body></html>")
		return
	}
	if strings.HasSuffix(path, ".html") {
		data = bytes.Replace(data, []byte("</body>"), []byte(`<script src="/__evalpress/client.js"></script></body>`), 1)
	}
	w.Header().Set("Cache-Control", "no-store")
	http.ServeContent(w, r, path, time.Time{}, bytes.NewReader(data))
}
