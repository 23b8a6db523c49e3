package main

import (
	"bytes"
	"compress/gzip"
	"encoding/binary"
	"fmt"
	"html"
	"io"
	"math/rand/v2"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"
	"unicode"
	"unicode/utf16"

	"github.com/evalpress/evalpress/matcher/confusables"
	"golang.org/x/text/unicode/norm"
)

// The confidentiality wall against every construction that once got a
// private term or passage into a public build that succeeded. Each round
// plants a private term or passage through one construction at a random
// place of the small artifact, builds it publicly, and requires that the
// build either fails naming a leak, or publishes nothing a reader would
// recognise. Whether a reader would recognise it is decided here, by a
// skeleton comparison of the test's own (Unicode's confusable skeletons,
// compatibility decomposition, case, and dropping everything but letters),
// over the test's own readings of each file: never by the scanner under test.

// wallTerms are private terms of the basic tree, with the kind of file
// that makes them private.
var wallTerms = []string{"Beta Scribe", "Harbourline Holdings", "Say hello to Brightwave Studios", "Alpha Writer 9000"}

// wallPassage is private text (Beta Scribe's MIDDLE section, which passes:
// no excerpt of it is permitted).
const wallPassage = "A sudden gale caught the town by surprise; even the harbour chief had promised a quiet week of sun."

// A construction turns a term (or a passage) into what is planted, and
// may add files to the tree. markdown is true where the text lands in a
// markdown document.
type construction struct {
	name    string
	passage bool
	plant   func(rng *rand.Rand, text string, markdown bool, files map[string]string) string
	// private, when set, plants the term in the private texts instead.
	private func(rng *rand.Rand, term string, files map[string]string)
}

var constructions = []construction{
	{name: "an excerpt cut through a term", plant: func(*rand.Rand, string, bool, map[string]string) string { return "nothing here" },
		private: func(rng *rand.Rand, term string, f map[string]string) {
			// A longest run that holds the term where a cut at 100
			// characters would split it.
			run := "fishing boats"
			for _, w := range strings.Fields("and all the ferries of the bay that were owned by the old and") {
				if len("the harbour lights came on one by one while the "+run)+len(term)/2 >= 100-rng.IntN(6) {
					break
				}
				run += " " + w
			}
			for _, file := range []string{"private/sections.md", "private/examples.md"} {
				f[file] = strings.ReplaceAll(f[file], "fishing boats returned", run+" "+term+" returned")
			}
		}},
	{name: "a suffix glued on", plant: func(_ *rand.Rand, s string, _ bool, _ map[string]string) string { return s + "s" }},
	{name: "a modifier-letter apostrophe", plant: func(rng *rand.Rand, s string, _ bool, _ map[string]string) string {
		return insertInWord(rng, s, "\u02BC")
	}},
	{name: "an invisible Hangul filler", plant: func(rng *rand.Rand, s string, _ bool, _ map[string]string) string {
		return insertInWord(rng, s, []string{"\u115F", "\u1160", "\u3164", "\uFFA0"}[rng.IntN(4)])
	}},
	{name: "homoglyphs", plant: func(rng *rand.Rand, s string, _ bool, _ map[string]string) string {
		look := map[rune][]string{'a': {"\u0430", "\u0251"}, 'e': {"\u0435"}, 'o': {"\u03BF", "\u043E", "\u1D0F"},
			'c': {"\u0441"}, 'p': {"\u0440", "\u1D18"}, 'i': {"\u0131", "\u0456", "\u026A"}, 'r': {"\u0280"},
			'B': {"\u0392", "\u0412"}, 'H': {"\u041D", "\u0397"}, 'S': {"\u0405"}, 'l': {"\u217C"}, 't': {"\u1D1B"}}
		var b strings.Builder
		for _, r := range s {
			if alts, ok := look[r]; ok && rng.IntN(2) == 0 {
				b.WriteString(alts[rng.IntN(len(alts))])
			} else {
				b.WriteRune(r)
			}
		}
		return b.String()
	}},
	{name: "a footnote mark inside", plant: func(rng *rand.Rand, s string, markdown bool, _ map[string]string) string {
		if !markdown {
			return insertAtSpace(rng, s, "\u00B9")
		}
		return insertAtSpace(rng, s, "[^w]") + "\n\n[^w]: A note.\n"
	}},
	{name: "a literal < before markup inside", plant: func(rng *rand.Rand, s string, _ bool, _ map[string]string) string {
		return "1 < 2 and " + emphasiseInWord(rng, s) + " > 0"
	}},
	{name: "a passage after a literal <", passage: true, plant: func(rng *rand.Rand, s string, _ bool, _ map[string]string) string {
		return "a < b: " + emphasiseInWord(rng, s)
	}},
	{name: "a passage in an HTML comment", passage: true, plant: func(_ *rand.Rand, s string, markdown bool, _ map[string]string) string {
		if !markdown {
			return s
		}
		return "<!-- " + s + " -->"
	}},
	{name: "files the scan could not read", plant: func(rng *rand.Rand, s string, _ bool, files map[string]string) string {
		switch rng.IntN(5) {
		case 0:
			b := []byte{0xFF, 0xFE}
			for _, u := range utf16.Encode([]rune("notes: " + s)) {
				b = binary.LittleEndian.AppendUint16(b, u)
			}
			files["content/notes.txt"] = string(b)
		case 1:
			files["content/figure.svg"] = `<svg xmlns="http://www.w3.org/2000/svg"><title>x</title><text aria-label="` + html.EscapeString(s) + `">1</text></svg>`
		case 2:
			var gz bytes.Buffer
			w := gzip.NewWriter(&gz)
			w.Write([]byte(s))
			w.Close()
			files["content/data.txt.gz"] = gz.String()
		case 3:
			var b strings.Builder
			for _, r := range s {
				fmt.Fprintf(&b, "\\u%04x", r)
			}
			files["content/app.js"] = `const who = "` + b.String() + `";`
		default:
			var b strings.Builder
			for _, r := range s {
				fmt.Fprintf(&b, "\\%x ", r)
			}
			files["content/style.css"] = `p::after { content: "` + b.String() + `"; }`
		}
		return "nothing here"
	}},
}

// insertInWord puts mark inside a random word of s (after its first letter).
func insertInWord(rng *rand.Rand, s, mark string) string {
	words := strings.Split(s, " ")
	k := rng.IntN(len(words))
	w := []rune(words[k])
	at := 1 + rng.IntN(max(1, len(w)-1))
	if rng.IntN(3) == 0 {
		at = len(w) // or after it
	}
	words[k] = string(w[:at]) + mark + string(w[at:])
	return strings.Join(words, " ")
}

// insertAtSpace puts mark at the end of a random word but the last.
func insertAtSpace(rng *rand.Rand, s, mark string) string {
	words := strings.Split(s, " ")
	k := rng.IntN(max(1, len(words)-1))
	words[k] += mark
	return strings.Join(words, " ")
}

// emphasiseInWord puts markdown emphasis around the end of a word.
func emphasiseInWord(rng *rand.Rand, s string) string {
	words := strings.Split(s, " ")
	k := rng.IntN(len(words))
	w := []rune(words[k])
	if len(w) < 3 {
		return s
	}
	at := 1 + rng.IntN(len(w)-2)
	words[k] = string(w[:at]) + "*" + string(w[at:]) + "*"
	return strings.Join(words, " ")
}

// A place is where a planted text goes in the basic tree.
type place struct {
	name     string
	markdown bool
	put      func(files map[string]string, text string)
}

var places = []place{
	{"a paragraph of a document", true, func(f map[string]string, s string) {
		f["content/index.md"] += "\nAlso worth saying: " + s + "\n"
	}},
	{"a heading", true, func(f map[string]string, s string) {
		f["content/findings.md"] = strings.Replace(f["content/findings.md"], "## Per writer", "## Per writer "+strings.ReplaceAll(s, "\n", " "), 1)
	}},
	{"a new document", true, func(f map[string]string, s string) {
		f["content/notes.md"] = "# Notes\n\n" + s + "\n"
	}},
	{"the site's title", false, func(f map[string]string, s string) {
		f["config.toml"] = strings.Replace(f["config.toml"], `title = "Tiny artifact"`, "title = "+strconv.Quote(oneLine(s)), 1)
	}},
	{"a hypothesis statement", false, func(f map[string]string, s string) {
		f["config.toml"] = strings.Replace(f["config.toml"], `statement = "At most one section fails overall."`, "statement = "+strconv.Quote(oneLine(s)), 1)
	}},
	{"a section name", false, func(f map[string]string, s string) {
		for _, file := range []string{"private/sections.md", "private/examples.md"} {
			f[file] = strings.ReplaceAll(f[file], "## END\n", "## END "+oneLine(s)+"\n")
		}
	}},
}

func firstLine(s string) string {
	line, _, _ := strings.Cut(s, "\n")
	return line
}

func oneLine(s string) string { return strings.Join(strings.Fields(s), " ") }

func TestConfidentialityWallHoldsAgainstPlantedLeaks(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(12, 2026))
	rounds := 2 * len(constructions)
	leaksCaught, clean := 0, 0
	for round := range rounds {
		c := constructions[round%len(constructions)]
		p := places[rng.IntN(len(places))]
		secret := wallTerms[rng.IntN(len(wallTerms))]
		if c.private != nil {
			secret = wallTerms[rng.IntN(2)] // a model name or a private term: mandated phrases are stripped from texts
		}
		if c.passage {
			secret = wallPassage
		}
		files := map[string]string{}
		planted := c.plant(rng, secret, p.markdown, files)
		dir := newSite(t, files)
		plantIn(dir, p, planted, t)
		if c.private != nil {
			private := map[string]string{}
			for _, name := range []string{"private/sections.md", "private/examples.md"} {
				private[name] = string(mustRead(t, filepath.Join(dir, filepath.FromSlash(name))))
			}
			c.private(rng, secret, private)
			for name, text := range private {
				os.WriteFile(filepath.Join(dir, filepath.FromSlash(name)), []byte(text), 0o644)
			}
		}
		label := fmt.Sprintf("round %d: %s in %s", round, c.name, p.name)
		start := time.Now()
		code, stderr := buildSite(t, dir)
		t.Logf("%s: exit %d in %v: %s", label, code, time.Since(start).Round(time.Millisecond), firstLine(stderr))
		switch {
		case code != 0 && (strings.Contains(stderr, "leak scan") || strings.Contains(stderr, "cannot read")):
			leaksCaught++
			continue
		case code != 0:
			// A build may refuse what is planted for other reasons (a
			// section name it cannot store); that publishes nothing either.
			if _, err := os.Stat(filepath.Join(dir, "public")); err == nil {
				t.Errorf("%s: failed (%s) but left a site", label, stderr)
			}
			continue
		}
		clean++
		if found := recognisable(t, filepath.Join(dir, "public"), secret, c.passage); found != "" {
			t.Errorf("%s: the build succeeded and %s shows the secret to a reader", label, found)
		}
	}
	// The rounds must test both outcomes' checks.
	if leaksCaught == 0 || clean == 0 {
		t.Errorf("%d builds failed on a leak, %d succeeded: the rounds do not test both", leaksCaught, clean)
	}
}

// plantIn puts text at place p of the tree in dir.
func plantIn(dir string, p place, text string, t *testing.T) {
	t.Helper()
	files := map[string]string{}
	for _, name := range []string{"config.toml", "content/index.md", "content/findings.md", "private/sections.md", "private/examples.md"} {
		files[name] = string(mustRead(t, filepath.Join(dir, filepath.FromSlash(name))))
	}
	p.put(files, text)
	for name, content := range files {
		path := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// recognisable returns the first file (and reading) of the site under dir
// in which a reader would recognise secret, or "".
func recognisable(t *testing.T, dir, secret string, passage bool) string {
	t.Helper()
	var found string
	filepath.WalkDir(dir, func(path string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || found != "" {
			return err
		}
		rel, _ := filepath.Rel(dir, path)
		if strings.HasPrefix(filepath.ToSlash(rel), "assets/vendor/") {
			return nil // the vendored chart library, embedded in evalpress: nothing planted reaches it
		}
		data := mustRead(t, path)
		for k, text := range readings(rel, data) {
			if shows(text, secret, passage) {
				found = fmt.Sprintf("%s (reading %d)", rel, k)
				break
			}
		}
		return nil
	})
	return found
}

var (
	tagPattern = regexp.MustCompile(`(?s)<!--.*?-->|<[^>]*>`)
	supPattern = regexp.MustCompile(`(?s)<sup[^>]*>.*?</sup>`)
	jsEscape   = regexp.MustCompile(`\\u([0-9a-fA-F]{4})|\\([0-9a-fA-F]{1,6}) ?`)
)

// readings returns the ways a reader's tools read a file: its bytes (as
// UTF-16 when it starts so, decompressed when gzip), with entities undone,
// with tags removed and then entities undone, and with URL and JavaScript
// or CSS escapes undone; comments are read too, inside the raw bytes.
func readings(name string, data []byte) []string {
	if bytes.HasPrefix(data, []byte{0xFF, 0xFE}) {
		units := make([]uint16, (len(data)-2)/2)
		for i := range units {
			units[i] = binary.LittleEndian.Uint16(data[2+2*i:])
		}
		data = []byte(string(utf16.Decode(units)))
	}
	if bytes.HasPrefix(data, []byte{0x1f, 0x8b}) {
		if r, err := gzip.NewReader(bytes.NewReader(data)); err == nil {
			if d, err := io.ReadAll(r); err == nil {
				data = d
			}
		}
	}
	raw := string(data)
	out := []string{raw, html.UnescapeString(raw), html.UnescapeString(tagPattern.ReplaceAllString(raw, ""))}
	if u, err := url.PathUnescape(raw); err == nil {
		out = append(out, u)
	}
	out = append(out, jsEscape.ReplaceAllStringFunc(raw, func(m string) string {
		hex := strings.TrimSpace(strings.TrimPrefix(strings.TrimPrefix(m, "\\u"), "\\"))
		n, err := strconv.ParseUint(hex, 16, 32)
		if err != nil {
			return m
		}
		return string(rune(n))
	}))
	// A superscript (a footnote mark) is read past.
	out = append(out, html.UnescapeString(tagPattern.ReplaceAllString(supPattern.ReplaceAllString(raw, " "), "")))
	return out
}

// shows reports whether text shows secret to a reader: for a term, the
// term, or all of it but the end of its last word (an excerpt cut inside
// it), by skeleton, with or without digits; for a passage, any eight of its
// words in a row.
func shows(text, secret string, passage bool) bool {
	if passage {
		words := skeletonWords(text)
		secretWords := skeletonWords(secret)
		joined := " " + strings.Join(words, " ") + " "
		for i := 0; i+8 <= len(secretWords); i++ {
			if strings.Contains(joined, " "+strings.Join(secretWords[i:i+8], " ")+" ") {
				return true
			}
		}
		return false
	}
	fields := strings.Fields(secret)
	cut := strings.Join(fields[:len(fields)-1], " ") + " " + string([]rune(fields[len(fields)-1])[:2])
	for _, digits := range []bool{true, false} {
		t := skeleton(text, digits)
		for _, form := range []string{secret, cut} {
			if f := skeleton(form, digits); len(f) > 4 && strings.Contains(t, f) {
				return true
			}
		}
	}
	return false
}

// testSmallCapitals: letters Unicode's confusables data keeps apart from
// the lowercase letters readers take them for.
var testSmallCapitals = map[rune]rune{'ᴀ': 'a', 'ʙ': 'b', 'ᴄ': 'c', 'ᴅ': 'd', 'ᴇ': 'e', 'ɢ': 'g', 'ʜ': 'h',
	'ɪ': 'i', 'ᴊ': 'j', 'ᴋ': 'k', 'ʟ': 'l', 'ᴍ': 'm', 'ɴ': 'n', 'ᴏ': 'o', 'ᴘ': 'p', 'ʀ': 'r', 'ꜱ': 's',
	'ᴛ': 't', 'ᴜ': 'u', 'ᴠ': 'v', 'ᴡ': 'w', 'ʏ': 'y', 'ᴢ': 'z', 'ʍ': 'm', 'ĸ': 'k'}

// skeleton reduces text to the letters (and digits) a reader reads.
func skeleton(text string, digits bool) string {
	var b strings.Builder
	for _, r := range text {
		for _, d := range runeSkeleton(r) {
			if unicode.IsLetter(d) || digits && unicode.IsDigit(d) {
				b.WriteRune(d)
			}
		}
	}
	return b.String()
}

// skeletons memoises runeSkeleton: the test reads whole sites.
var skeletons = map[rune]string{}

// runeSkeleton returns the letters, digits and other characters a reader
// takes r for, lowercase; nothing for what a browser does not show.
func runeSkeleton(r rune) string {
	if s, ok := skeletons[r]; ok {
		return s
	}
	var b strings.Builder
	if !(unicode.Is(unicode.Mn, r) || unicode.Is(unicode.Cf, r) || r == 0x115F || r == 0x1160 || r == 0x3164 || r == 0xFFA0) {
		l := unicode.ToLower(r)
		if m, ok := testSmallCapitals[l]; ok {
			l = m
		}
		for _, d := range norm.NFKD.String(confusables.Skeleton(string(l))) {
			if unicode.Is(unicode.Mn, d) {
				continue
			}
			d = unicode.ToLower(d)
			if m, ok := testSmallCapitals[d]; ok {
				d = m
			}
			b.WriteRune(d)
		}
	}
	skeletons[r] = b.String()
	return b.String()
}

// skeletonWords splits text into words (at anything but letters, digits and
// invisible characters) and reduces each to its skeleton.
func skeletonWords(text string) []string {
	var out []string
	for _, w := range strings.FieldsFunc(text, func(r rune) bool {
		return !(unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.Is(unicode.Mn, r) || unicode.Is(unicode.Cf, r))
	}) {
		if s := skeleton(w, true); s != "" {
			out = append(out, s)
		}
	}
	return out
}
