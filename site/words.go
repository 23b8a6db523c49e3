package site

import (
	"fmt"

	"github.com/evalpress/evalpress/internal/numfmt"
	"github.com/evalpress/evalpress/redact/public"
	"github.com/evalpress/evalpress/reports/criteria"
)

// Words for readers: a threshold is named by what it means, in its
// criterion's own words (criteria.Threshold's Now and Then), never by its
// configuration key.

// driftWords states a threshold that differs from its registered value in
// its criterion's words: "a longest run of 20 words (registered: 12
// words)".
func driftWords(d public.Drift) string {
	if d.Now.Now == "" || d.Registered.Then == "" {
		return fmt.Sprintf("%s %s → %s", d.Name, d.Registered.Text(), d.Now.Text())
	}
	return fmt.Sprintf(d.Now.Now, d.Now.Text()) + " (registered: " + fmt.Sprintf(d.Registered.Then, d.Registered.Text()) + ")"
}

// judgedHead heads a judged criterion's column: its ID, its title and,
// for a count, what it counts: "C1 outline coverage (bullets present of
// assigned)".
func judgedHead(crit criteria.Set, id string) string {
	head := id
	if c := crit.Lookup(criteria.ID(id)); c != nil {
		head += " " + c.Title
		if c.Counts != "" {
			head += " (" + c.Counts + ")"
		}
	}
	return head
}

// failedRuleWords states the rules a cell's headline outcome breaks, in
// the criterion's words with the limits this cell was judged by: "longest
// run over 12 words and overlap over 10%" (the CSV keeps the rules' names,
// "run+overlap").
func failedRuleWords(crit criteria.Set, c public.Cell) string {
	o := c.Headline()
	h := crit.Headline()
	if h == nil || len(o.Failed) == 0 {
		return joinRules(o.Failed)
	}
	share := map[string]bool{}
	for _, t := range crit.Defaults().Thresholds(h) {
		share[t.Name] = t.Share
	}
	var out []string
	for _, name := range o.Failed {
		words := name
		for _, r := range h.Rules {
			if r.Name != name || r.Words == "" {
				continue
			}
			if limit, ok := o.Limit(r.Limit); ok {
				text := numfmt.Number(limit)
				if share[r.Limit] {
					text = numfmt.Setting(limit)
				}
				words = fmt.Sprintf(r.Words, text)
			}
		}
		out = append(out, words)
	}
	return joinAnd(out)
}
