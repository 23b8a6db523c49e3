// Command evalpress publishes an LLM-evaluation artifact as a static website.
// It measures the private inputs (the C5 paraphrase check), renders the public
// documents, tables, charts and hypotheses, and redacts every private term.
//
// Usage:
//
//	evalpress build   [--config F] [--inputs DIR] [--out DIR] [--set key=value]... [--baseline FILE] [--release NAME] [--force] [--wait]
//	evalpress measure --inputs DIR [--max-run N] [--max-overlap F] [--ngram N] [--format text|json|csv]
//	evalpress serve   [--config F] [--addr 127.0.0.1:1313] [--inputs DIR] [--set key=value]...
//	evalpress check   --leaks DIR --inputs PRIVATE [--passages=false] [--excerpts=false] [--unscanned PATTERNS] [--config F] [--wait] | --identities --inputs PRIVATE
//	evalpress init    DIR
//	evalpress register [--config F] [--inputs DIR] [--at TIME] [--force]
//	evalpress verify  --site DIR --inputs PRIVATE [--config F]
//	evalpress help    [COMMAND]
//	evalpress --version
//
// Exit status: 0 on success, 1 on failure, 2 on a usage error.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"regexp"
	"strconv"
	"strings"
	"sync"

	"github.com/evalpress/evalpress/internal/diag"
	"github.com/evalpress/evalpress/internal/earlysignal"
	"github.com/evalpress/evalpress/matcher"
	"github.com/evalpress/evalpress/reports/criteria"
)

// command is one evalpress subcommand.
type command interface {
	// Run runs the command with its arguments (after the command name).
	Run(ctx context.Context, args []string) error
}

// usageError marks a mistake in the command line: exit status 2. hint,
// when set, is printed on a line of its own after it.
type usageError struct {
	err  error
	hint string
}

func (e usageError) Error() string { return e.err.Error() }
func (e usageError) Unwrap() error { return e.err }

func usagef(format string, args ...any) error {
	return usageError{err: fmt.Errorf(format, args...)}
}

// synopses are each command's synopsis: the usage, each command's --help
// and docs/cli.md's command list say the same (a test holds them to it).
var synopses = []struct{ name, synopsis string }{
	{"build", "build   [--config F] [--inputs DIR] [--out DIR] [--set key=value]... [--baseline FILE] [--release NAME] [--force] [--wait]"},
	{"measure", "measure --inputs DIR [--max-run N] [--max-overlap F] [--ngram N] [--format text|json|csv]"},
	{"serve", "serve   [--config F] [--addr 127.0.0.1:1313] [--inputs DIR] [--set key=value]..."},
	{"check", "check   --leaks DIR --inputs PRIVATE [--passages=false] [--excerpts=false] [--unscanned PATTERNS] [--config F] [--wait] | --identities --inputs PRIVATE"},
	{"init", "init    DIR"},
	{"register", "register [--config F] [--inputs DIR] [--at TIME] [--force]"},
	{"verify", "verify  --site DIR --inputs PRIVATE [--config F]"},
}

// summaries say in a line what each command does: the usage lists them.
var summaries = map[string]string{
	"build":    "measure the private inputs and write the public site",
	"measure":  "print the C5 numbers of a private inputs folder, as the reference script does",
	"serve":    "build, serve on loopback, and rebuild and reload on every change",
	"check":    "scan any folder for private terms and passages before you upload it",
	"init":     "start a new evaluation in DIR: a config, documents and example inputs that build at once",
	"register": "record the hypotheses, registered thresholds, rubric and prompt before the run; print the digest to post",
	"verify":   "rebuild a published site from its private inputs and name each file that differs",
}

// synopsis returns the synopsis of the command name.
func synopsis(name string) string {
	for _, s := range synopses {
		if s.name == name {
			return strings.Join(strings.Fields(s.synopsis), " ")
		}
	}
	return name
}

// usage is what evalpress prints with no arguments or --help.
var usage = func() string {
	var b strings.Builder
	b.WriteString("evalpress publishes an LLM-evaluation artifact as a static website.\n\nUsage:\n")
	for _, s := range synopses {
		b.WriteString("  evalpress " + s.synopsis + "\n")
	}
	b.WriteString("  evalpress help    [COMMAND]\n  evalpress --version\n\nCommands:\n")
	for _, s := range synopses {
		fmt.Fprintf(&b, "  %-8s %s\n", s.name, summaries[s.name])
	}
	b.WriteString("\nRun 'evalpress help COMMAND' (or 'evalpress COMMAND --help') for a command's options.\n")
	return b.String()
}()

func main() { os.Exit(runWithSignals(os.Args[1:])) }

// runWithSignals runs the command line args until SIGINT or SIGTERM stops
// it, and returns the exit status.
func runWithSignals(args []string) int {
	// The handler was installed before any other package's initialisation
	// (earlysignal): a signal from the first moment on stops the command
	// with its message; a second one, the process.
	ctx, stop := earlysignal.Context(context.Background())
	code := run(ctx, args, os.Stdout, os.Stderr)
	stop()
	return code
}

// tableTerms matches the identity table's words that are private whatever
// the writers are (matcher.TableTerms), made once.
var tableTerms = sync.OnceValue(func() *matcher.Matcher { return matcher.New(matcher.TableTerms()) })

// run executes the command line args, with the evaluation's criteria, and
// returns the exit status.
func run(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	return runWith(ctx, args, stdout, stderr, criteria.Default())
}

// runWith is run with the criteria crit: a program that adds its own
// criteria, or a test's.
func runWith(ctx context.Context, args []string, stdout, stderr io.Writer, crit criteria.Set) int {
	// Standard error ends up in public CI logs: every path it names is
	// masked by the identity table's words, and by a build's own private
	// terms once it has read them.
	term := diag.NewTerminal(stderr, func(s string) string { return tableTerms().MaskLine(s) })
	defer term.Flush()
	stderr = term
	if len(args) == 0 {
		fmt.Fprint(stderr, usage)
		return 2
	}
	switch args[0] {
	case "help", "-h", "-help", "--help":
		return help(ctx, args[1:], stdout, stderr)
	case "version", "-version", "--version":
		fmt.Fprintln(stdout, versionLine())
		return 0
	}
	cmd := newCommand(args[0], stdout, stderr, crit)
	if cmd == nil {
		fmt.Fprintf(stderr, "evalpress: unknown command %q\n", args[0])
		fmt.Fprint(stderr, usage)
		return 2
	}
	err := cmd.Run(ctx, args[1:])
	switch {
	case err == nil:
		return 0
	case errors.Is(err, flag.ErrHelp):
		return 0
	case ctx.Err() != nil && errors.Is(err, ctx.Err()):
		fmt.Fprintf(stderr, "evalpress: stopped; nothing more was written, and the output folder is as it was\n")
		return 1
	}
	// Problems found together (every false claim of a build) print one a
	// line, through the one path every problem takes (diag.WriteError).
	var ue usageError
	isUsage := errors.As(err, &ue)
	diag.WriteError(stderr, err, ue.hint)
	if isUsage {
		return 2
	}
	return 1
}

// newCommand returns the command called name, or nil.
func newCommand(name string, stdout, stderr io.Writer, crit criteria.Set) command {
	switch name {
	case "measure":
		return &measureCommand{stdout: stdout, stderr: stderr}
	case "build":
		return &buildCommand{stdout: stdout, stderr: stderr, crit: crit}
	case "check":
		return &checkCommand{stdout: stdout, stderr: stderr}
	case "serve":
		return &serveCommand{stdout: stdout, stderr: stderr, crit: crit}
	case "init":
		return &initCommand{stdout: stdout, stderr: stderr}
	case "register":
		return &registerCommand{stdout: stdout, stderr: stderr}
	case "verify":
		return &verifyCommand{stdout: stdout, stderr: stderr, crit: crit}
	}
	return nil
}

// help prints the usage, or with a command's name that command's help.
func help(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprint(stdout, usage)
		return 0
	}
	cmd := newCommand(args[0], stdout, stderr, criteria.Default())
	if cmd == nil || len(args) > 1 {
		fmt.Fprintf(stderr, "evalpress: help: no command %q\n", strings.Join(args, " "))
		fmt.Fprint(stderr, usage)
		return 2
	}
	if err := cmd.Run(ctx, []string{"--help"}); err != nil && !errors.Is(err, flag.ErrHelp) {
		fmt.Fprintf(stderr, "evalpress: %v\n", err)
		return 1
	}
	return 0
}

// newFlagSet returns a flag set that reports errors instead of exiting and
// prints its help to stdout when asked for it.
func newFlagSet(name, synopsis string, stdout io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.Usage = func() {
		fmt.Fprintf(stdout, "Usage: evalpress %s\n", synopsis)
		if s := summaries[name]; s != "" {
			fmt.Fprintf(stdout, "\n%s%s.\n", strings.ToUpper(s[:1]), s[1:])
		}
		printFlags(stdout, fs)
	}
	return fs
}

// printFlags writes a flag set's flags as the usage line spells them,
// "--name", with what each is for and its default.
func printFlags(w io.Writer, fs *flag.FlagSet) {
	first := true
	fs.VisitAll(func(f *flag.Flag) {
		if first {
			fmt.Fprintln(w, "\nFlags:")
			first = false
		}
		name, what := flag.UnquoteUsage(f)
		line := "  --" + f.Name
		if name != "" {
			line += " " + name
		}
		fmt.Fprintf(w, "%s\n    \t%s", line, strings.ReplaceAll(what, "\n", "\n    \t"))
		if def := f.DefValue; def != "" && def != "false" && def != "0" && !strings.Contains(what, "(default") {
			if _, err := strconv.ParseFloat(def, 64); err == nil {
				fmt.Fprintf(w, " (default %s)", def)
			} else {
				fmt.Fprintf(w, " (default %q)", def)
			}
		}
		fmt.Fprintln(w)
	})
}

// parseFlags parses args into fs, turning flag errors into usage errors
// that spell flags as the usage line does ("unknown flag --nosuch"), with
// the command's usage as the hint. The help is printed only when asked
// for, not on a mistake.
func parseFlags(fs *flag.FlagSet, args []string) error {
	if err := parseFlagsOnly(fs, args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return usagef("%s: unexpected argument %q (see 'evalpress %s --help')", fs.Name(), fs.Arg(0), fs.Name())
	}
	return nil
}

// parseFlagsOnly is parseFlags for a command that takes arguments after
// its flags.
func parseFlagsOnly(fs *flag.FlagSet, args []string) error {
	usage := fs.Usage
	fs.Usage = func() {} // the flag package calls it on every error too
	err := fs.Parse(args)
	fs.Usage = usage
	if err != nil {
		if errors.Is(err, flag.ErrHelp) {
			usage()
			return err
		}
		return usageError{err: flagError(err), hint: fmt.Sprintf("usage: evalpress %s; 'evalpress %s --help' says what each flag does", synopsis(fs.Name()), fs.Name())}
	}
	return nil
}

// flagError rewrites an error of the flag package as the usage line
// spells flags: "flag provided but not defined: -nosuch" is "unknown flag
// --nosuch", "invalid value "x" for flag -max-run: ..." is "invalid value
// "x" for --max-run: ...".
func flagError(err error) error {
	msg := err.Error()
	if name, ok := strings.CutPrefix(msg, "flag provided but not defined: "); ok {
		return fmt.Errorf("unknown flag -%s", name)
	}
	return errors.New(flagName.ReplaceAllString(msg, "$1--$2"))
}

// flagName is a flag's name as the flag package writes it in an error.
var flagName = regexp.MustCompile(`(^|for |flag |: )(?:flag )?-([A-Za-z][\w-]*)`)
