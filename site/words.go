package site

import (
	"fmt"

	"github.com/evalpress/evalpress/redact/public"
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
