package serve

import (
	"net/http"
	"net/http/httptest"
	"testing"
)

func TestHostCheck(t *testing.T) {
	tests := []struct {
		listening, given, host string
		ok                     bool
	}{
		{"127.0.0.1:1313", "127.0.0.1:1313", "127.0.0.1:1313", true},
		{"127.0.0.1:1313", "127.0.0.1:1313", "localhost:1313", true},
		{"127.0.0.1:1313", "127.0.0.1:1313", "LOCALHOST.:1313", true},
		{"127.0.0.1:1313", "127.0.0.1:1313", "app.localhost:1313", true},
		{"127.0.0.1:1313", "127.0.0.1:1313", "[::1]:1313", true},
		{"127.0.0.1:1313", "127.0.0.1:1313", "127.0.0.2", true},
		{"127.0.0.1:1313", "127.0.0.1:1313", "attacker.example:1313", false},
		{"127.0.0.1:1313", "127.0.0.1:1313", "localhost.attacker.example", false},
		{"127.0.0.1:1313", "127.0.0.1:1313", "", false},
		{"127.0.0.1:1313", "127.0.0.1:1313", "192.168.1.5:1313", false},
		{"[::]:1313", ":1313", "192.168.1.5:1313", true},
		{"[::]:1313", ":1313", "attacker.example:1313", false},
		{"10.0.0.7:1313", "devbox:1313", "devbox:1313", true},
		{"10.0.0.7:1313", "devbox:1313", "10.0.0.7:1313", true},
		{"10.0.0.7:1313", "devbox:1313", "other:1313", false},
	}
	for _, tt := range tests {
		h := newHostCheck(tt.listening, tt.given)
		if got := h.allows(tt.host); got != tt.ok {
			t.Errorf("listening on %s (--addr %s): Host %q allowed = %v, want %v", tt.listening, tt.given, tt.host, got, tt.ok)
		}
		rec := httptest.NewRecorder()
		req := httptest.NewRequest("GET", "/index.html", nil)
		req.Host = tt.host
		h.wrap(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { w.WriteHeader(http.StatusTeapot) })).ServeHTTP(rec, req)
		if want := map[bool]int{true: http.StatusTeapot, false: http.StatusMisdirectedRequest}[tt.ok]; rec.Code != want {
			t.Errorf("Host %q: status %d, want %d", tt.host, rec.Code, want)
		}
	}
}
