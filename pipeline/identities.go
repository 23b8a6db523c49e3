package pipeline

import (
	"context"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/evalpress/evalpress/matcher"
	"github.com/evalpress/evalpress/matcher/identity"
	"github.com/evalpress/evalpress/reports/findings"
	"github.com/evalpress/evalpress/reports/inputs"
	"github.com/evalpress/evalpress/reports/judged"
)

// An Identity is who one writer, or one family judge's model, is: every
// term the build keeps private for it (check --identities). It holds
// private data, for the author's eyes.
type Identity struct {
	// Who names it publicly: a writer's alias ("Model 1"), or "a judge's
	// model" with the file and line that names it.
	Who   string
	Terms []IdentityTerm
}

// An IdentityTerm is one private term of an identity and where it comes
// from.
type IdentityTerm struct {
	What, Text, Source string
}

// Identities derives the identity of every writer of the private inputs in
// dir, ordered by alias, and of every family judge's model: its name, and
// each word the identity table and models.toml add (matcher.Terms). The
// aliases are the build's: the key kept with the inputs numbers the
// writers without one (made here, and said so on stderr, when no build
// made it yet). The phrases of confirmed.txt come last.
func Identities(ctx context.Context, dir string, stderr io.Writer) ([]Identity, error) {
	key, err := commitmentKey(dir, stderr)
	if err != nil {
		return nil, err
	}
	folder, err := inputs.Open(dir, inputs.WithContext(ctx))
	if err != nil {
		return nil, err
	}
	if _, err := judged.Attach(ctx, folder, dir); err != nil {
		return nil, err
	}
	writers, err := findings.AssignAliases(folder, key)
	if err != nil {
		return nil, err
	}
	var out []Identity
	for _, w := range writers { // in natural order of their aliases
		src := folder.ScriptSource(w.Script)
		id := Identity{Who: w.Alias, Terms: []IdentityTerm{{What: "its name", Text: w.Script, Source: src}}}
		id.Terms = append(id.Terms, identityTerms(matcher.IdentityTerms(matcher.WriterIdentity(folder, w.Script), "the writer", src))...)
		out = append(out, id)
	}
	for _, t := range folder.Private {
		if !t.Model {
			continue
		}
		src := fmt.Sprintf("%s:%d", t.File, t.Line)
		id := Identity{Who: "a judge's model from " + src, Terms: []IdentityTerm{{What: "its name", Text: t.Text, Source: src}}}
		id.Terms = append(id.Terms, identityTerms(matcher.IdentityTerms(identity.Of(t.Text, identity.Extra{}), "a judge's model", src))...)
		out = append(out, id)
	}
	if c := confirmedPhrases(folder); len(c.Terms) > 0 {
		out = append(out, c)
	}
	return out, nil
}

// confirmedPhrases lists the phrases of confirmed.txt, each said to
// confirm the private term inside it or to be ignored, when it names a
// writer (matcher.Confirmable: "Claude 4.1", "we thank Claude Opus 4.1").
func confirmedPhrases(folder *inputs.Folder) Identity {
	var terms []matcher.Term
	for _, t := range matcher.Terms(folder) {
		if t.Kind == matcher.KindConfirmed {
			terms = append(terms, t)
		}
	}
	ok := matcher.New(matcher.Terms(folder)).Confirmable(terms)
	id := Identity{Who: "ordinary phrases the author confirmed (" + inputs.ConfirmedFile + ")"}
	for _, t := range terms {
		what := "ignored: it names a writer"
		if slices.ContainsFunc(ok, func(c matcher.Term) bool { return c.Source == t.Source }) {
			what = "confirmed: no writer"
		}
		id.Terms = append(id.Terms, IdentityTerm{What: what, Text: t.Text, Source: t.Source})
	}
	return id
}

// identityTerms lists terms as an identity's: what each is, without whose
// (the identity says), and where it comes from.
func identityTerms(terms []matcher.Term) []IdentityTerm {
	var out []IdentityTerm
	for _, t := range terms {
		what, _, _ := strings.Cut(t.What, " of ")
		out = append(out, IdentityTerm{What: what, Text: t.Text, Source: t.Source})
	}
	return out
}
