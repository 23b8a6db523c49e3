// Package audience names who a build is for: the config's [publish]
// audience, which the public view records and a site's marker keeps. It is
// the config's, in a package of its own because it holds no private data:
// the renderer, which may not see the config, reads it from the view.
package audience

// Audience is who a build is for.
type Audience string

// Audiences.
const (
	Public   Audience = "public"   // numbers, verdicts, aliases, permitted excerpts
	Internal Audience = "internal" // full texts, for the author's own review
)

// Valid reports whether a is one of the audiences.
func (a Audience) Valid() bool { return a == Public || a == Internal }
