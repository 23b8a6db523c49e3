package redact

import (
	"math/rand/v2"
	"strings"
	"testing"
)

// TestScanSettled: a file is settled when it passed on what it holds
// alone; one that leaks, holds a permitted excerpt or was let through
// unread is not, since another build's permits or patterns may judge it
// otherwise.
func TestScanSettled(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 11))
	privateText := randomText(rng, 200)
	words := strings.Fields(privateText)
	excerpt := strings.Join(words[40:52], " ")
	fill := "quay zebra " + randomText(rng, 60)
	for _, tc := range []struct {
		name, file, data string
		unscanned        []string
		leaks, settled   bool
	}{
		{"a clean page", "index.html", "<p>" + fill + "</p>", nil, false, true},
		{"a clean script", "assets/site.js", "const a = '<b>" + fill + "</b>';", nil, false, true},
		{"an empty file", "assets/empty.css", "", nil, false, true},
		{"a private term", "index.html", "<p>" + fill + " Quillion 2.5 Pro</p>", nil, true, false},
		{"a private term in the name", "quillion-2.5-pro.html", "<p>" + fill + "</p>", nil, true, false},
		{"a private passage", "index.html", "<p>" + strings.Join(words[100:112], " ") + "</p>", nil, true, false},
		{"a permitted excerpt", "results.html", "<p>" + fill + " <q>" + excerpt + "</q></p>", nil, false, false},
		{"a permitted excerpt in data", "data/results.json", `{"excerpt": "` + excerpt + `"}`, nil, false, false},
		{"let through unread", "assets/logo.png", "\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR", []string{"assets/*.png"}, false, false},
		{"unreadable", "assets/logo.png", "\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR", nil, true, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := testScanner(testTerms, privateText)
			s.Permit(excerpt)
			s.PublishUnscanned(tc.unscanned)
			leaks, settled := s.ScanSettled(tc.file, []byte(tc.data))
			if (len(leaks) > 0) != tc.leaks || settled != tc.settled {
				t.Fatalf("leaks %v, settled %v; want leaks %v, settled %v", leaks, settled, tc.leaks, tc.settled)
			}
			// The leaks are ScanOutput's.
			if want := s.ScanOutput(tc.file, []byte(tc.data)); len(want) != len(leaks) {
				t.Fatalf("ScanSettled found %v, ScanOutput %v", leaks, want)
			}
		})
	}
}
