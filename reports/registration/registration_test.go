package registration

import (
	"github.com/evalpress/evalpress/reports/criteria"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/evalpress/evalpress/config"
)

const configText = `title = "t"
[c5.registered]
max_run = 12
max_overlap = 0.10
ngram = 8
[judged]
rubric = "rubric.md"
prompt = "prompt.txt"
c1_min_present = 10
[judged.registered]
c1_min_present = 10
c2_max_undeveloped = 0.3333
[[hypothesis]]
id = "H1"
registered = 2026-06-01
statement = "Model 2 fails \"least\"."
[hypothesis.prediction]
kind = "fewest_fails"
model = "Model 2"
`

func load(t *testing.T, text string, sets ...string) *config.Config {
	t.Helper()
	p := filepath.Join(t.TempDir(), "config.toml")
	if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	cfg, err := config.Load(p, sets, criteria.Default())
	if err != nil {
		t.Fatal(err)
	}
	return cfg
}

func content(files map[string]string) Content {
	return func(rel string) ([]byte, bool) {
		s, ok := files[rel]
		return []byte(s), ok
	}
}

var docs = map[string]string{"rubric.md": "# Rubric\n", "prompt.txt": "Grade.\n"}

var at = time.Date(2026, 6, 12, 10, 0, 0, 0, time.UTC)

// TestRoundTrip: a registration reads back as written, and always encodes
// to the same bytes.
func TestRoundTrip(t *testing.T) {
	r := Make(load(t, configText), content(docs), at.Add(300*time.Millisecond))
	data := r.Encode()
	back, err := Parse(data, "registration.toml")
	if err != nil {
		t.Fatalf("%v\n%s", err, data)
	}
	if string(back.Encode()) != string(data) {
		t.Errorf("not the same bytes again:\n%s\n%s", data, back.Encode())
	}
	if !back.At.Equal(at) || len(back.Thresholds) != 5 || back.Hypotheses[0].Statement != `Model 2 fails "least".` || back.Rubric.SHA256 == "" {
		t.Errorf("registration %+v", back)
	}
	if !back.Declares("C1") || back.Declares("G1") {
		t.Error("declared criteria")
	}
	if c := Compare(back, data, Make(load(t, configText), content(docs), at)); !c.Matches() || c.Hypotheses["H1"] != Same || c.SHA256 != Digest(data) {
		t.Errorf("unchanged: %+v", c)
	}
}

// TestChangedRegistration trips every part of the comparison.
func TestChangedRegistration(t *testing.T) {
	file := Make(load(t, configText), content(docs), at)
	data := file.Encode()
	changed := strings.NewReplacer(`statement = "Model 2 fails \"least\"."`, `statement = "Model 2 fails least."`,
		"[judged.registered]\nc1_min_present = 10", "[judged.registered]\nc1_min_present = 9").Replace(configText) +
		"[[hypothesis]]\nid = \"H2\"\nregistered = 2026-06-02\nstatement = \"More.\"\n[hypothesis.prediction]\nkind = \"fails_at_most\"\nfails = 3\n"
	now := Make(load(t, changed), content(map[string]string{"rubric.md": "# Rubric, edited\n", "prompt.txt": "Grade.\n"}), at)
	c := Compare(file, data, now)
	want := []string{
		"the rubric (rubric.md) changed since its registration",
		"C1's registered c1_min_present is 9 now, 10 in the registration",
		"hypothesis H1 changed since its registration",
		"hypothesis H2 was not registered",
	}
	if c.Matches() || strings.Join(c.Differences, "|") != strings.Join(want, "|") {
		t.Errorf("differences\n%s\nwant\n%s", strings.Join(c.Differences, "\n"), strings.Join(want, "\n"))
	}
	if c.Hypotheses["H1"] != Changed || c.Hypotheses["H2"] != Added {
		t.Errorf("hypotheses %v", c.Hypotheses)
	}
	// A --set changes no registered threshold.
	if c := Compare(file, data, Make(load(t, configText, "c5.max_run=20"), content(docs), at)); !c.Matches() {
		t.Errorf("--set reached the registration: %v", c.Differences)
	}
	// A registered block dropped.
	noC5 := strings.Replace(configText, "[c5.registered]\nmax_run = 12\nmax_overlap = 0.10\nngram = 8\n", "", 1)
	if c := Compare(file, data, Make(load(t, noC5), content(docs), at)); len(c.Differences) != 3 || !strings.Contains(c.Differences[0], "no longer declared") {
		t.Errorf("dropped: %v", c.Differences)
	}
}

func TestParseErrors(t *testing.T) {
	if _, err := Parse([]byte("registered_at = 2026-06-12T10:00:00Z\nwho = 1\n"), "r.toml"); err == nil || !strings.Contains(err.Error(), `r.toml:2: a key evalpress does not know`) {
		t.Errorf("unknown key: %v", err)
	}
	if _, err := Parse([]byte("[rubric]\nfile = \"x\"\n"), "r.toml"); err == nil || !strings.Contains(err.Error(), "no registered_at") {
		t.Errorf("no date: %v", err)
	}
}
