// Command difffuzz compares `evalpress measure` with the C5 reference script on
// generated inputs (see internal/difffuzz) and keeps cases as golden testdata.
//
//	go run ./tools/difffuzz -n 2000                      # compare, report mismatches
//	go run ./tools/difffuzz -n 200 -keep reports/c5report/testdata/reference
//	go run ./tools/difffuzz -regen reports/c5report/testdata/reference
//
// It needs node and the reference (../shared/reference/run-reference.sh by
// default). The project's tests do not: they read the kept cases.
package main

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	"github.com/evalpress/evalpress/internal/difffuzz"
	"github.com/evalpress/evalpress/internal/textcheck"
	"github.com/evalpress/evalpress/reports/c5report"
	"github.com/evalpress/evalpress/reports/criteria"
	"github.com/evalpress/evalpress/reports/inputs"
	"github.com/evalpress/evalpress/reports/measure"
)

func main() {
	ref := flag.String("ref", "../shared/reference/run-reference.sh", "the reference runner")
	n := flag.Int("n", 500, "number of cases")
	seed := flag.Uint64("seed", 1, "first seed")
	keep := flag.String("keep", "", "write every case with the reference's output into this folder")
	regen := flag.String("regen", "", "rerun the reference on every case folder under this folder and rewrite expected.txt")
	flag.Parse()
	if *regen != "" {
		if err := regenerate(*ref, *regen); err != nil {
			fmt.Fprintln(os.Stderr, "difffuzz:", err)
			os.Exit(1)
		}
		return
	}
	failures := 0
	for i := range uint64(*n) {
		s := *seed + i
		c := difffuzz.Generate(s)
		dir, err := os.MkdirTemp("", "difffuzz")
		check(err)
		check(WriteCase(dir, c))
		want, err := runReference(*ref, dir, c.Env())
		if err != nil {
			fmt.Printf("seed %d: reference failed (input not well-formed?): %v\n", s, err)
			os.RemoveAll(dir)
			continue
		}
		got, err := runEvalpress(dir, c)
		if err != nil || got != want {
			failures++
			fmt.Printf("seed %d: MISMATCH (kept in %s)\n", s, dir)
			if err != nil {
				fmt.Printf("  evalpress: %v\n", err)
			} else {
				fmt.Println(textcheck.FirstDifference(want, got))
			}
			continue
		}
		if *keep != "" {
			target := filepath.Join(*keep, fmt.Sprintf("%05d", s))
			check(WriteCase(target, c))
			check(os.WriteFile(filepath.Join(target, "expected.txt"), []byte(want), 0o644))
		}
		os.RemoveAll(dir)
	}
	fmt.Printf("%d cases, %d mismatches\n", *n, failures)
	if failures > 0 {
		os.Exit(1)
	}
}

// WriteCase writes c's input files and its thresholds (args.txt) into dir.
func WriteCase(dir string, c difffuzz.Case) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	files := map[string]string{
		"sections.md": c.Sections,
		"examples.md": c.Examples,
		"args.txt":    strings.Join(c.Args(), " ") + "\n",
	}
	if c.HasPhrases {
		files["mandated_phrases.txt"] = c.Phrases
	}
	for name, content := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(content), 0o644); err != nil {
			return err
		}
	}
	return nil
}

func runReference(ref, dir string, env []string) (string, error) {
	cmd := exec.Command("bash", ref, dir)
	cmd.Env = append(os.Environ(), env...)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	if err := cmd.Run(); err != nil {
		return "", fmt.Errorf("%v: %s", err, firstLine(errb.String()))
	}
	return out.String(), nil
}

func runEvalpress(dir string, c difffuzz.Case) (string, error) {
	folder, err := inputs.Open(dir)
	if err != nil {
		return "", err
	}
	t := criteria.C5Thresholds{MaxRun: c.MaxRun, NGram: c.NGram}
	if _, err := fmt.Sscan(c.MaxOverlap, &t.MaxOverlap); err != nil {
		return "", err
	}
	res, err := measure.Run(context.Background(), folder, t.NGram)
	if err != nil {
		return "", err
	}
	var b bytes.Buffer
	err = c5report.Text(&b, c5report.Report{Result: res, Thresholds: t, Phrases: len(folder.Phrases)})
	return b.String(), err
}

// regenerate reruns the reference on each case folder under root.
func regenerate(ref, root string) error {
	entries, err := os.ReadDir(root)
	if err != nil {
		return err
	}
	for _, e := range entries {
		if !e.IsDir() {
			continue
		}
		dir := filepath.Join(root, e.Name())
		args, err := os.ReadFile(filepath.Join(dir, "args.txt"))
		if err != nil {
			return err
		}
		f := strings.Fields(string(args))
		env := []string{"MAX_RUN=" + f[1], "MAX_OVERLAP=" + f[3], "NGRAM=" + f[5]}
		out, err := runReference(ref, dir, env)
		if err != nil {
			return fmt.Errorf("%s: %w", dir, err)
		}
		if err := os.WriteFile(filepath.Join(dir, "expected.txt"), []byte(out), 0o644); err != nil {
			return err
		}
	}
	return nil
}

func firstLine(s string) string {
	line, _, _ := strings.Cut(strings.TrimSpace(s), "\n")
	return line
}

func check(err error) {
	if err != nil {
		fmt.Fprintln(os.Stderr, "difffuzz:", err)
		os.Exit(1)
	}
}
