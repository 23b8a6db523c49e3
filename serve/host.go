package serve

import (
	"fmt"
	"net"
	"net/http"
	"strings"
)

// hostCheck refuses requests whose Host header is not the address serve
// listens on or a loopback name: a page on another site whose name an
// attacker points at 127.0.0.1 (DNS rebinding) cannot read the site, which
// may be an internal build.
type hostCheck struct {
	names    map[string]bool // host names and addresses, lower case, no port
	anyIP    bool            // listening on every interface: any address literal
	listenOn string
}

// newHostCheck allows the listener's address, the address as the user gave
// it (--addr), and loopback names.
func newHostCheck(listening, given string) hostCheck {
	h := hostCheck{names: map[string]bool{"localhost": true}, listenOn: listening}
	for _, addr := range []string{listening, given} {
		host, _, err := net.SplitHostPort(addr)
		if err != nil {
			continue
		}
		if ip := net.ParseIP(host); ip != nil && ip.IsUnspecified() {
			h.anyIP = true
		}
		if host != "" {
			h.names[strings.ToLower(host)] = true
		}
	}
	return h
}

// allows reports whether a request with Host header host may be answered.
func (h hostCheck) allows(host string) bool {
	name := host
	if n, _, err := net.SplitHostPort(host); err == nil {
		name = n
	}
	name = strings.ToLower(strings.TrimSuffix(strings.Trim(name, "[]"), "."))
	if h.names[name] || strings.HasSuffix(name, ".localhost") {
		return true
	}
	ip := net.ParseIP(name)
	return ip != nil && (ip.IsLoopback() || h.anyIP)
}

func (h hostCheck) wrap(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !h.allows(r.Host) {
			http.Error(w, fmt.Sprintf("evalpress serve answers only for its own address (%s) or localhost, not for Host %q", h.listenOn, r.Host), http.StatusMisdirectedRequest)
			return
		}
		next.ServeHTTP(w, r)
	})
}
