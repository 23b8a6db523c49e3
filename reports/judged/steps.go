package judged

import (
	"slices"
	"strings"

	"github.com/evalpress/evalpress/reports/inputs"
)

// The elaborating moves a judge names in its STEP 2, the protocol's five.
var MoveKinds = []string{"MECHANISM", "CONSEQUENCE", "EXAMPLE", "CONTRAST", "QUALIFICATION"}

// Classes of an addition, as a judge's STEP 3 and a human classify it.
const (
	Transition = "TRANSITION"  // connective material serving assigned beats
	ScopeCreep = "SCOPE_CREEP" // a new claim, tease or argument the outline did not ask for
)

// Group is one beat group of a reply's STEP 2: the moves the judge named
// for it, and whether it called it developed.
type Group struct {
	Moves     []string // MoveKinds, in the reply's order
	Developed bool
	Line      int // the line that states DEVELOPED or UNDEVELOPED
}

// Candidate is one addition a judge's STEP 3 lists, with the judge's own
// class for it. Its text is private (it quotes the section).
type Candidate struct {
	Class string // Transition or ScopeCreep
	Line  int
}

// steps is what a reply's analysis says step by step, where it is laid
// out so that it can be read: STEP 2's groups (one per line stating
// DEVELOPED or UNDEVELOPED, with the move lines before it) and STEP 3's
// candidate additions (one per list item naming TRANSITION or
// SCOPE_CREEP). Anything else is left as the judge wrote it.
type steps struct {
	Groups     []Group
	Candidates []Candidate
	// Step3 is true when the analysis has a STEP 3 part at all.
	Step3 bool
}

// stepOf returns the step a line opens ("STEP 3 - Additions" is 3), or 0.
func stepOf(text string) int {
	t := strings.ToUpper(strings.TrimSpace(text))
	if !strings.HasPrefix(t, "STEP ") {
		return 0
	}
	t = strings.TrimSpace(t[len("STEP "):])
	if t == "" || t[0] < '1' || t[0] > '9' || len(t) > 1 && t[1] >= '0' && t[1] <= '9' {
		return 0
	}
	return int(t[0] - '0')
}

// listItem returns a line without its list marker ("- ", "* ", "• ",
// "1. ", "2) "), and whether it had one.
func listItem(text string) (string, bool) {
	t := strings.TrimSpace(text)
	for _, m := range []string{"- ", "* ", "• "} {
		if strings.HasPrefix(t, m) {
			return strings.TrimSpace(t[len(m):]), true
		}
	}
	i := 0
	for i < len(t) && t[i] >= '0' && t[i] <= '9' {
		i++
	}
	if i > 0 && i+1 < len(t) && (t[i] == '.' || t[i] == ')') && t[i+1] == ' ' {
		return strings.TrimSpace(t[i+2:]), true
	}
	return t, false
}

// words returns the upper-case words of text that are one of want.
func words(text string, want []string) []string {
	var out []string
	for _, w := range strings.FieldsFunc(text, func(r rune) bool {
		return !(r >= 'A' && r <= 'Z' || r == '_')
	}) {
		for _, x := range want {
			if w == x {
				out = append(out, w)
			}
		}
	}
	return out
}

// parseSteps reads the steps of an analysis's lines.
func parseSteps(lines []inputs.BodyLine) steps {
	var s steps
	step := 0
	var moves []string
	for _, l := range lines {
		if n := stepOf(l.Text); n > 0 {
			step, moves = n, nil
			s.Step3 = s.Step3 || n == 3
			continue
		}
		item, isItem := listItem(l.Text)
		switch step {
		case 2:
			// A move is a list item that opens with its kind: "- EXAMPLE: ...".
			if kind, _, _ := strings.Cut(item, ":"); isItem && slices.Contains(MoveKinds, strings.TrimSpace(kind)) {
				moves = append(moves, strings.TrimSpace(kind))
				continue
			}
			if states := words(l.Text, []string{"DEVELOPED", "UNDEVELOPED"}); len(states) == 1 {
				s.Groups = append(s.Groups, Group{Moves: moves, Developed: states[0] == "DEVELOPED", Line: l.Number})
				moves = nil
			}
		case 3:
			if classes := words(item, []string{Transition, ScopeCreep}); isItem && len(classes) == 1 {
				s.Candidates = append(s.Candidates, Candidate{Class: classes[0], Line: l.Number})
			}
		}
	}
	return s
}
