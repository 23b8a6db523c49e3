// Package seal holds the key that makes a public view. It is internal to the
// redact tree, so the Go compiler lets only the redact packages import it:
// no other package, the site renderer included, can make a view.
package seal

// Key is required to seal a view.
type Key struct{ _ struct{} }
