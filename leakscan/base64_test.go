package leakscan

import (
	"encoding/base64"
	"strings"
	"testing"

	"github.com/evalpress/evalpress/matcher"
	"github.com/evalpress/evalpress/matcher/matchertest"
)

// TestScriptBase64IsDecoded: a term a script spells in base64, which the
// browser decodes (atob), is found in a script file, a script element, an
// on* attribute and a javascript: URL; base64 that decodes to no text, or
// a term's base64 outside a string literal, raise no alarm.
func TestScriptBase64IsDecoded(t *testing.T) {
	s := &Scanner{terms: matcher.New(matchertest.Terms)}
	name := base64.StdEncoding.EncodeToString([]byte("Quillion 2.5 Pro"))
	raw := base64.RawURLEncoding.EncodeToString([]byte("Quillion 2.5 Pro!?"))
	for _, tc := range []struct {
		name, file, data string
		leak             bool
	}{
		{"a script file", "a.js", "let x = 1;\ndocument.title = atob(\"" + name + "\");", true},
		{"single quotes, URL alphabet unpadded", "a.mjs", "t(atob('" + raw + "'))", true},
		{"a template literal", "a.js", "t(atob(`" + name + "`))", true},
		{"a script element", "p.html", "<p>x</p>\n<script>document.title=atob('" + name + "')</script>", true},
		{"an on* attribute", "p.html", "<p>x</p>\n<body onload=\"document.title=atob('" + name + "')\">", true},
		{"a javascript: URL", "p.html", "<p>x</p>\n<a href=\"javascript:alert(atob('" + name + "'))\">x</a>", true},
		{"an SVG's script", "c.svg", "<svg>\n<script>t(atob(\"" + name + "\"))</script></svg>", true},
		{"no text", "a.js", "x = atob(\"" + base64.StdEncoding.EncodeToString([]byte{0xff, 0x00, 0x81, 0x9c, 0x01, 0x02}) + "\")", false},
		{"not a literal", "a.js", "// " + name + "\n", false},
		{"an ordinary script", "a.js", "const names = ['abcdefgh', \"Model 2\", `ordinary`]; if (x == \"function\") {}", false},
		{"too short", "a.js", "x = atob(\"" + base64.RawStdEncoding.EncodeToString([]byte("Quil")) + "\")", false},
	} {
		leaks := s.ScanFile(tc.file, []byte(tc.data))
		found := false
		for _, l := range leaks {
			found = found || strings.Contains(l.What, "model name") && l.Line == 2 || strings.Contains(l.What, "model name") && !strings.Contains(tc.data, "\n")
		}
		if found != tc.leak || len(leaks) > 0 && !tc.leak {
			t.Errorf("%s: %v, want a leak on its line: %v", tc.name, leaks, tc.leak)
		}
	}
}
