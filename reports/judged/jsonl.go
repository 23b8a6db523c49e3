package judged

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"path"
	"sort"
	"strings"
	"time"

	"github.com/evalpress/evalpress/internal/diag"
	"github.com/evalpress/evalpress/reports/inputs"
)

// A judge's replies can also be read as an API pipeline logs them: JSON
// Lines, one object a call, in any judged/*.jsonl file. A call on a
// writer's section names its judge, script and section; a call on a
// fixture names its judge and fixture. The reply text is read as the
// markdown form's body is, with the same errors on the call's line.
const jsonlSuffix = ".jsonl"

// call is one line of a JSON Lines file.
type call struct {
	Judge   string  `json:"judge"`
	Script  string  `json:"script"`
	Section string  `json:"section"`
	Fixture string  `json:"fixture"`
	Reply   *string `json:"reply"`
	Time    string  `json:"time"`
}

// jsonlFiles lists judged/'s JSON Lines files, sorted.
func (l *loader) jsonlFiles() ([]string, error) {
	entries, err := fs.ReadDir(l.fsys, Dir)
	if err != nil {
		return nil, diag.Errorf(l.path(Dir), 0, "cannot read: %v", err)
	}
	var out []string
	for _, e := range entries {
		if !e.IsDir() && strings.HasSuffix(e.Name(), jsonlSuffix) {
			out = append(out, e.Name())
		}
	}
	sort.Strings(out)
	return out, nil
}

// jsonl reads every JSON Lines file of judged/ into the judges' replies
// and fixture replies. A call on a section or fixture the judge replied on
// already (in either form) is an error.
func (l *loader) jsonl(byID map[string]int) error {
	files, err := l.jsonlFiles()
	if err != nil {
		return err
	}
	first := map[string]string{} // judge, script, section or fixture -> where its reply is
	where := func(file string, line int) string { return fmt.Sprintf("%s:%d", file, line) }
	for i, rs := range l.tier.Replies {
		for _, r := range rs.Replies {
			first[l.tier.Judges[i].ID+"\x00"+r.Script+"\x00"+r.Section] = where(rs.File, r.Line)
		}
	}
	for _, fx := range l.tier.Fixtures {
		for _, r := range fx.Replies {
			first[fx.Judge+"\x00\x00"+r.Fixture] = where(fx.File, r.Line)
		}
	}
	for _, name := range files {
		rel := path.Join(Dir, name)
		data, err := l.read(rel)
		if err != nil {
			return err
		}
		file := l.path(rel)
		for n, raw := range bytes.Split(data, []byte("\n")) {
			line := n + 1
			if len(bytes.TrimSpace(raw)) == 0 {
				continue
			}
			c, err := decodeCall(raw, file, line)
			if err != nil {
				return err
			}
			i, ok := byID[c.Judge]
			if !ok {
				return diag.Errorf(file, line, "the judge named here has no [[judge]] entry in %s", JudgesFile)
			}
			key := c.Judge + "\x00" + c.Script + "\x00" + c.Section
			what := "section " + quote(c.Section)
			if c.Fixture != "" {
				key, what = c.Judge+"\x00\x00"+c.Fixture, "fixture "+quote(c.Fixture)
			}
			if at, ok := first[key]; ok {
				return diag.Errorf(file, line, "this judge replied on %s already (at %s)", what, at)
			}
			first[key] = where(file, line)
			if c.Time != "" {
				t, err := parseRFC3339(c.Time)
				if err != nil {
					return diag.Errorf(file, line, "time %v", err)
				}
				if old, ok := l.tier.firstCall[c.Judge]; !ok || t.Before(old) {
					if l.tier.firstCall == nil {
						l.tier.firstCall = map[string]time.Time{}
					}
					l.tier.firstCall[c.Judge] = t
				}
			}
			if err := l.addCall(c, i, file, line); err != nil {
				return err
			}
		}
	}
	return nil
}

// decodeCall reads one line of a JSON Lines file: an object of known
// fields, with a judge, a reply, and either a script and section or a
// fixture.
func decodeCall(raw []byte, file string, line int) (call, error) {
	var c call
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&c); err != nil {
		d := diag.Errorf(file, line, "not a call: %s", jsonWords(err))
		var se *json.SyntaxError
		if errors.As(err, &se) {
			d.Column = int(se.Offset)
		}
		return c, d.WithHint(`one JSON object a line: {"judge": "...", "script": "...", "section": "...", "reply": "...", "time": "RFC 3339"}`)
	}
	if dec.More() {
		return c, diag.Errorf(file, line, "more than one JSON value on the line")
	}
	c.Judge, c.Script, c.Section, c.Fixture = strings.TrimSpace(c.Judge), strings.TrimSpace(c.Script), strings.TrimSpace(c.Section), strings.TrimSpace(c.Fixture)
	switch {
	case c.Judge == "":
		return c, diag.Errorf(file, line, "the call names no judge")
	case c.Reply == nil:
		return c, diag.Errorf(file, line, "the call has no reply")
	case c.Fixture != "" && (c.Script != "" || c.Section != ""):
		return c, diag.Errorf(file, line, "the call names a fixture and a section; a call is on one of them")
	case c.Fixture == "" && (c.Script == "" || c.Section == ""):
		return c, diag.Errorf(file, line, "the call names no script and section (nor a fixture)")
	}
	return c, nil
}

// addCall adds one call's reply to judge i's replies or fixture replies.
// Every line of the reply is reported on the call's line.
func (l *loader) addCall(c call, i int, file string, line int) error {
	var body []inputs.BodyLine
	for _, text := range strings.Split(strings.ReplaceAll(*c.Reply, "\r\n", "\n"), "\n") {
		body = append(body, inputs.BodyLine{Text: text, Number: line})
	}
	b := inputs.Block{Script: c.Script, ScriptLine: line, Name: c.Section, Line: line, Body: body}
	if c.Fixture != "" {
		b.Name = c.Fixture
		analysis, v, _, err := parseReply(b, file, "the reply on fixture "+quote(c.Fixture))
		if err != nil {
			return err
		}
		id := l.tier.Judges[i].ID
		k := -1
		for n := range l.tier.Fixtures {
			if l.tier.Fixtures[n].Judge == id {
				k = n
			}
		}
		if k < 0 {
			l.tier.Fixtures = append(l.tier.Fixtures, Fixtures{Judge: id, File: file})
			k = len(l.tier.Fixtures) - 1
		}
		l.tier.Fixtures[k].Replies = append(l.tier.Fixtures[k].Replies, FixtureReply{Fixture: c.Fixture, Line: line, Analysis: analysis, Verdicts: v})
		return nil
	}
	if err := l.checkCell(b, file); err != nil {
		return err
	}
	where := "the reply on section " + quote(c.Section)
	analysis, v, st, err := parseReply(b, file, where)
	if err != nil {
		return err
	}
	l.checkGroups(st.Groups, v, file, where)
	rs := &l.tier.Replies[i]
	if rs.File == "" {
		rs.Judge, rs.File = l.tier.Judges[i], file
	}
	rs.Replies = append(rs.Replies, Reply{Script: c.Script, Section: c.Section, Line: line, Analysis: analysis, Verdicts: v,
		Groups: st.Groups, Candidates: st.Candidates, Step3: st.Step3})
	return nil
}

// jsonWords says what is wrong with a call's JSON without the decoder's
// words, which quote what they found (a key, a character).
func jsonWords(err error) string {
	var se *json.SyntaxError
	var te *json.UnmarshalTypeError
	switch {
	case errors.As(err, &se):
		return "not valid JSON here"
	case errors.As(err, &te):
		return fmt.Sprintf("%s takes a string, not %s", te.Field, te.Value) // every key of a call does
	case errors.Is(err, io.ErrUnexpectedEOF):
		return "the object is not closed on its line"
	case strings.Contains(err.Error(), "unknown field"):
		return "a key a call does not take"
	}
	return "not a JSON object"
}
