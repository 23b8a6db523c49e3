package site

import (
	"fmt"
	"strings"
)

// Words for readers: a threshold is named by what it means, in its
// criterion's own words (criteria.Threshold's Now and Then), never by its
// configuration key.

// DriftWords rewrites one of a hypothesis's threshold drifts, "max_run 12
// -> 20" as the findings state it, in its criterion's words: "a longest
// run of 20 words (registered: 12 words)".
func (sd *siteData) DriftWords(drift string) string {
	name, rest, ok := strings.Cut(drift, " ")
	then, now, ok2 := strings.Cut(rest, " -> ")
	if ok && ok2 && sd.Public != nil {
		for _, ct := range sd.Public.CriteriaThresholds {
			for _, t := range ct.Now {
				if t.Name == name && t.Now != "" && t.Then != "" {
					return fmt.Sprintf(t.Now, now) + " (registered: " + fmt.Sprintf(t.Then, then) + ")"
				}
			}
		}
	}
	return strings.ReplaceAll(drift, "->", "→")
}
