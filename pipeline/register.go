package pipeline

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strings"
	"time"

	"github.com/evalpress/evalpress/config"
	"github.com/evalpress/evalpress/internal/diag"
	"github.com/evalpress/evalpress/internal/readfile"
	"github.com/evalpress/evalpress/matcher"
	"github.com/evalpress/evalpress/redact"
	"github.com/evalpress/evalpress/reports/criteria"
	"github.com/evalpress/evalpress/reports/inputs"
	"github.com/evalpress/evalpress/reports/judged"
	"github.com/evalpress/evalpress/reports/registration"
	"github.com/evalpress/evalpress/site"
)

// RegisterOptions control Register.
type RegisterOptions struct {
	Config string // config.toml
	Inputs string // the private inputs folder; "" for the config's
	// At is the registration's time; zero for now.
	At time.Time
	// Force writes over an existing registration.
	Force bool
}

// Registered is what Register wrote.
type Registered struct {
	File   string // the registration file
	SHA256 string // the digest of its bytes, to post publicly
	At     time.Time
	// AfterMeasurement is true when the output folder (Out) held a site
	// measured from the same texts: the registration records it.
	AfterMeasurement bool
	Out              string
}

// Register writes the evaluation's registration (registration.toml beside
// the config): its hypotheses, registered thresholds, the rubric's and the
// judge prompt's digests, and the time. It refuses a registration in which
// a private term would appear, in the file or in a document it digests: a
// published digest of a text that holds one would confirm a guess of it.
// A registration is made once: an existing one is kept unless forced.
func Register(ctx context.Context, o RegisterOptions) (Registered, error) {
	cfg, err := config.Load(o.Config, nil, criteria.Default())
	if err != nil {
		return Registered{}, err
	}
	file := cfg.Path(registration.File)
	if old, err := readRegistration(ctx, file); err != nil {
		return Registered{}, err
	} else if old != nil && !o.Force {
		return Registered{}, diag.Errorf(file, 0, "a registration exists already (registered %s)", old.At.UTC().Format(time.RFC3339)).
			WithHint("a registration is made once, before the run; pass --force to make it again")
	}
	dir := cfg.Path(cfg.Inputs.Dir)
	if o.Inputs != "" {
		dir = o.Inputs
	}
	folder, err := inputs.Open(dir, inputs.WithContext(ctx))
	if err != nil {
		return Registered{}, err
	}
	if _, err := judged.Attach(ctx, folder, dir); err != nil {
		return Registered{}, err
	}
	docs, files, err := readContent(ctx, cfg.Path(cfg.ContentDir), dir)
	if err != nil {
		return Registered{}, err
	}
	content := contentOf(docs, files)
	at := o.At
	if at.IsZero() {
		at = now()
	}
	reg := registration.Make(cfg, content, at)
	reg.AfterMeasurement = measuredAlready(ctx, cfg.Path(cfg.Publish.Out), folder)
	m := matcher.New(matcher.Terms(folder))
	private := func(text string) bool { return m.Replace(text) != text }
	for _, d := range []*registration.Document{reg.Rubric, reg.Prompt} {
		if d == nil {
			continue
		}
		data, ok := content(d.File)
		switch {
		case !ok:
			return Registered{}, diag.Errorf(cfg.File, 0, "%s is no file of the content folder %s, so it cannot be registered", d.File, cfg.ContentDir)
		case private(string(data)):
			return Registered{}, diag.Errorf(filepath.Join(cfg.ContentDir, filepath.FromSlash(d.File)), 0,
				"holds a private term: a published digest of it would confirm a guess of that term").
				WithHint("take the term out of the document before registering it")
		}
	}
	for _, h := range reg.Hypotheses {
		if private(h.ID) || private(h.Statement) {
			return Registered{}, diag.Errorf(cfg.File, 0, "hypothesis %q holds a private term: the registration is published as it is", h.ID).
				WithHint("name writers by their aliases")
		}
	}
	data := reg.Encode()
	if private(string(data)) {
		return Registered{}, diag.Errorf(file, 0, "the registration would hold a private term: it is published as it is")
	}
	if err := writeWhole(file, data); err != nil {
		return Registered{}, err
	}
	return Registered{File: file, SHA256: registration.Digest(data), At: reg.At, AfterMeasurement: reg.AfterMeasurement, Out: cfg.Path(cfg.Publish.Out)}, nil
}

// now is the registration's time when none is given: SOURCE_DATE_EPOCH,
// else the clock.
func now() time.Time {
	if s := os.Getenv("SOURCE_DATE_EPOCH"); s != "" {
		var secs int64
		if _, err := fmt.Sscan(s, &secs); err == nil {
			return time.Unix(secs, 0).UTC()
		}
	}
	return time.Now().UTC()
}

// contentOf returns the content folder's files by relative path: the
// documents as written, the other files as read.
func contentOf(docs []redact.RawDocument, files map[string][]byte) registration.Content {
	return func(rel string) ([]byte, bool) {
		rel = path.Clean(rel)
		for _, d := range docs {
			if d.Path == rel {
				return []byte(d.Markdown), true
			}
		}
		data, ok := files[rel]
		return data, ok
	}
}

// readRegistration reads the registration file, or returns nil when there
// is none.
func readRegistration(ctx context.Context, file string) (*registration.Registration, error) {
	data, err := readfile.ReadFile(ctx, file, readfile.Settings)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	r, err := registration.Parse(data, file)
	if err != nil {
		return nil, err
	}
	return &r, nil
}

// writeWhole writes data to file through a temporary file beside it: a
// failure leaves the file as it was.
func writeWhole(file string, data []byte) error {
	tmp, err := os.CreateTemp(filepath.Dir(file), "."+filepath.Base(file)+".tmp-*")
	if err != nil {
		return fmt.Errorf("write %s: %w", file, err)
	}
	defer os.Remove(tmp.Name())
	if _, err := tmp.Write(data); err != nil {
		tmp.Close()
		return fmt.Errorf("write %s: %w", file, err)
	}
	if err := tmp.Close(); err != nil {
		return fmt.Errorf("write %s: %w", file, err)
	}
	if err := os.Chmod(tmp.Name(), 0o644); err != nil {
		return fmt.Errorf("write %s: %w", file, err)
	}
	if err := os.Rename(tmp.Name(), file); err != nil {
		return fmt.Errorf("write %s: %w", file, err)
	}
	return nil
}

// registrationCheck is a build's comparison with the registration file.
type registrationCheck struct {
	redact.RawRegistration
	// declaresN is true when the registration registers C1's N: its time
	// is when N was registered.
	declaresN bool
	// file is the registration as its file says.
	file registration.Registration
}

// order checks the registration was made before the run, once the
// findings know when the first judge ran, and warns when it was not.
func (r *registrationCheck) order(firstJudge time.Time, stderr io.Writer, file string) {
	if r == nil {
		return
	}
	r.Check.Order(r.file, firstJudge)
	if len(r.Check.Late) > 0 {
		diag.Write(stderr, diag.List{diag.Warnf(file, 0, "the registration of %s was %s: it registers nothing in advance, and every page that cites it says so",
			r.file.At.UTC().Format(time.RFC3339), strings.Join(r.Check.Late, ", and "))})
	}
}

// raw returns the comparison for the view, nil without a registration.
func (r *registrationCheck) raw() *redact.RawRegistration {
	if r == nil {
		return nil
	}
	return &r.RawRegistration
}

// checkRegistration compares the evaluation with its registration file,
// when there is one, and warns of what differs.
func checkRegistration(ctx context.Context, cfg *config.Config, docs []redact.RawDocument, files map[string][]byte, stderr io.Writer) (*registrationCheck, error) {
	file := cfg.Path(registration.File)
	data, err := readfile.ReadFile(ctx, file, readfile.Settings)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	reg, err := registration.Parse(data, file)
	if err != nil {
		return nil, err
	}
	check := registration.Compare(reg, data, registration.Make(cfg, contentOf(docs, files), time.Time{}))
	if len(check.Differences) > 0 {
		diag.Write(stderr, diag.List{diag.Warnf(file, 0, "the evaluation differs from its registration of %s: %s; the hypotheses say so",
			reg.At.UTC().Format(time.RFC3339), strings.Join(check.Differences, "; "))})
	}
	return &registrationCheck{RawRegistration: redact.RawRegistration{Check: check, Data: data}, declaresN: reg.Declares(criteria.C1), file: reg}, nil
}

// measuredAlready reports whether the site in out was measured from the
// same texts as folder: a plain digest its results.json publishes (the
// sections', the examples') is the same file's digest now.
func measuredAlready(ctx context.Context, out string, folder *inputs.Folder) bool {
	data, err := readfile.ReadFile(ctx, filepath.Join(out, "data", "results.json"), readfile.Corpus)
	if err != nil {
		return false
	}
	results, err := site.ParseBaseline(data)
	if err != nil {
		return false
	}
	for _, in := range results.Inputs {
		if in.SHA256 != "" && folder.Digests[in.File] == in.SHA256 {
			return true
		}
	}
	return false
}
