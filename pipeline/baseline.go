package pipeline

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"

	"github.com/evalpress/evalpress/internal/readfile"

	"github.com/evalpress/evalpress/site"
)

// baseline is the earlier results a build records its changes against,
// and a warning about them to show.
type baseline struct {
	results *site.Results
	warning string
}

// loadBaseline reads the baseline results: the --baseline file (an error
// when it is not a results.json) or the previous build's data/results.json
// in the output folder (a warning when it is not one), read as a regular
// file within the corpus limit.
func loadBaseline(ctx context.Context, file, outDir string) (baseline, error) {
	name := file
	if name == "" {
		name = filepath.Join(outDir, "data", "results.json")
	}
	data, err := readfile.ReadFile(ctx, name, readfile.Corpus)
	switch {
	case err != nil && file == "" && errors.Is(err, fs.ErrNotExist):
		return baseline{}, nil
	case err != nil && file == "" && ctx.Err() == nil:
		return baseline{warning: fmt.Sprintf("%s: warning: previous results ignored: %v", name, err)}, nil
	case err != nil && errors.Is(err, fs.ErrNotExist):
		return baseline{}, fmt.Errorf("%s: cannot read baseline: %w", file, errors.Unwrap(err))
	case err != nil:
		return baseline{}, err
	}
	r, err := site.ParseBaseline(data)
	switch {
	case err != nil && file != "":
		return baseline{}, fmt.Errorf("%s: %w", file, err)
	case err != nil:
		return baseline{warning: fmt.Sprintf("%s: warning: previous results ignored: %v", name, err)}, nil
	}
	return baseline{results: r}, nil
}
