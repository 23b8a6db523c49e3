package diag

import (
	"errors"
	"fmt"
	"io"
)

// Prefix starts every line evalpress prints about a problem.
const Prefix = "evalpress: "

// Write writes each diagnostic of list on a line of its own, after Prefix:
// "evalpress: FILE:LINE: warning: what". Write and WriteError are the one
// path by which problems reach the terminal, which ends up in public CI
// logs: a message names a file, a line and column, an alias or a key
// evalpress defines, never a value read from a private file.
func Write(w io.Writer, list List) {
	for _, d := range list {
		fmt.Fprintf(w, "%s%s\n", Prefix, d.Error())
	}
}

// WriteError writes err as a command ends with it: the warnings that came
// with it, each error it joins on a line of its own, then the first hint,
// or fallback when err has none. It reports whether a hint was written.
func WriteError(w io.Writer, err error, fallback string) bool {
	Write(w, Warnings(err))
	var joined interface{ Unwrap() []error }
	if errors.As(err, &joined) {
		for _, e := range joined.Unwrap() {
			fmt.Fprintf(w, "%s%v\n", Prefix, e)
		}
	} else {
		fmt.Fprintf(w, "%s%v\n", Prefix, err)
	}
	hint := Hint(err)
	if hint == "" {
		hint = fallback
	}
	if hint != "" {
		fmt.Fprintf(w, "hint: %s\n", hint)
	}
	return hint != ""
}
