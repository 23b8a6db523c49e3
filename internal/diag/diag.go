// Package diag carries problems found in a user's files: where they are (file,
// line and, when known, column), how serious they are, and a hint on how to
// fix them. Diagnostics print as one line, "FILE:LINE: what is wrong", the
// form the evalpress command line promises for every error.
package diag

import (
	"errors"
	"fmt"
	"strings"
)

// Severity says whether a diagnostic stops the work.
type Severity int

const (
	// Warning marks something the user probably did not mean that does not
	// change any computed number.
	Warning Severity = iota
	// Error marks input that would make a number wrong or missing.
	Error
)

// Diagnostic is one problem in one place of one file.
type Diagnostic struct {
	Severity Severity
	File     string // path as the user gave it
	Line     int    // 1-based; 0 when the problem concerns the whole file
	Column   int    // 1-based; 0 when unknown
	Message  string
	Hint     string // optional advice, printed on its own line
}

// Error formats the diagnostic as "FILE:LINE[:COL]: message".
func (d Diagnostic) Error() string {
	var b strings.Builder
	b.WriteString(d.File)
	if d.Line > 0 {
		fmt.Fprintf(&b, ":%d", d.Line)
		if d.Column > 0 {
			fmt.Fprintf(&b, ":%d", d.Column)
		}
	}
	b.WriteString(": ")
	if d.Severity == Warning {
		b.WriteString("warning: ")
	}
	b.WriteString(d.Message)
	return b.String()
}

// Errorf returns an error diagnostic.
func Errorf(file string, line int, format string, args ...any) *Diagnostic {
	return &Diagnostic{Severity: Error, File: file, Line: line, Message: fmt.Sprintf(format, args...)}
}

// Warnf returns a warning diagnostic.
func Warnf(file string, line int, format string, args ...any) *Diagnostic {
	return &Diagnostic{Severity: Warning, File: file, Line: line, Message: fmt.Sprintf(format, args...)}
}

// WithHint sets the hint and returns d.
func (d *Diagnostic) WithHint(format string, args ...any) *Diagnostic {
	d.Hint = fmt.Sprintf(format, args...)
	return d
}

// List collects diagnostics in the order they were found.
type List []*Diagnostic

// Add appends d.
func (l *List) Add(d *Diagnostic) { *l = append(*l, d) }

// Warnings returns the warnings in l.
func (l List) Warnings() List { return l.filter(Warning) }

// Errors returns the errors in l.
func (l List) Errors() List { return l.filter(Error) }

func (l List) filter(s Severity) List {
	var out List
	for _, d := range l {
		if d.Severity == s {
			out = append(out, d)
		}
	}
	return out
}

// Err returns the first error in l, or nil when l holds only warnings.
func (l List) Err() error {
	for _, d := range l {
		if d.Severity == Error {
			return d
		}
	}
	return nil
}

// Hint returns the hint of the first Diagnostic in err's chain, if any.
func Hint(err error) string {
	var d *Diagnostic
	if errors.As(err, &d) {
		return d.Hint
	}
	return ""
}

// WithWarnings is an error that comes with the warnings found before it,
// which a command shows first: a failure does not hide them.
type WithWarnings struct {
	Err    error
	Before List
}

func (e *WithWarnings) Error() string { return e.Err.Error() }

// Unwrap returns the error.
func (e *WithWarnings) Unwrap() error { return e.Err }

// Warnings returns the warnings that came with err, if any.
func Warnings(err error) List {
	var w *WithWarnings
	if errors.As(err, &w) {
		return w.Before.Warnings()
	}
	return nil
}

// Join returns errs (nil ones dropped) as one error that a command prints
// one a line: joined errors (errors.Join, or any error with an
// Unwrap() []error) are flattened, and the warnings that came with any of
// them (WithWarnings) come with the whole. One error is returned as it is;
// none is nil.
func Join(errs ...error) error {
	var flat []error
	var warnings List
	var add func(error)
	add = func(err error) {
		switch e := err.(type) {
		case nil:
		case *WithWarnings:
			warnings = append(warnings, e.Before...)
			add(e.Err)
		case interface{ Unwrap() []error }:
			for _, inner := range e.Unwrap() {
				add(inner)
			}
		default:
			flat = append(flat, err)
		}
	}
	for _, err := range errs {
		add(err)
	}
	var out error
	switch len(flat) {
	case 0:
		return nil
	case 1:
		out = flat[0]
	default:
		out = errors.Join(flat...)
	}
	if len(warnings) > 0 {
		return &WithWarnings{Err: out, Before: warnings}
	}
	return out
}
