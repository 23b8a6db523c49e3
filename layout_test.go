package evalpress

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// TestHelpersDoNotReachTheDomain: the packages under internal/ are helpers
// (diagnostics, cache files, locks, JavaScript compatibility) and the site
// writer writes files: none of them imports a stage of the build (the
// inputs, measurement, findings, redaction, config, rendering, pipeline). A
// helper that needs one belongs to the stage it serves. Their tests may
// use the stages, to check a helper against them.
func TestHelpersDoNotReachTheDomain(t *testing.T) {
	const mod = "github.com/evalpress/evalpress/"
	out, err := exec.Command("go", "list", "-f", `{{.ImportPath}} {{join .Imports " "}}`, "./internal/...", "./sitewrite").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	domain := func(rel string) bool {
		for _, d := range []string{"redact", "reports", "site", "pipeline", "config", "serve", "cmd"} {
			if rel == d || strings.HasPrefix(rel, d+"/") {
				return true
			}
		}
		return false
	}
	// None: the site writer defines the file it writes (sitewrite.File),
	// and the renderer's callers convert theirs.
	allowed := map[string]map[string]bool{}
	packages := 0
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		fields := strings.Fields(line)
		pkg := strings.TrimPrefix(fields[0], mod)
		packages++
		for _, imp := range fields[1:] {
			rel, ok := strings.CutPrefix(imp, mod)
			if ok && domain(rel) && !allowed[pkg][rel] {
				t.Errorf("%s imports %s: a helper must not depend on a stage of the build; move it to the stage it serves", pkg, rel)
			}
		}
	}
	if packages < 8 {
		t.Fatalf("go list found %d packages: the test is not looking at the right ones", packages)
	}
	if !domain("reports/inputs") || !domain("redact") || domain("internal/diag") {
		t.Fatal("the list of the build's stages is wrong")
	}
}

// TestTheReadmeMapsEveryPackage: the README's layout names every package
// of the module (a "dir/..." line stands for every package under dir), and
// every folder it names exists, so that the map cannot fall behind a
// package added, moved or removed.
func TestTheReadmeMapsEveryPackage(t *testing.T) {
	const mod = "github.com/evalpress/evalpress"
	readme, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	_, section, ok := strings.Cut(string(readme), "## Layout\n")
	if !ok {
		t.Fatal("README has no ## Layout section")
	}
	_, block, _ := strings.Cut(section, "```\n")
	block, _, _ = strings.Cut(block, "```")
	exact, trees := map[string]bool{}, map[string]bool{}
	for _, line := range strings.Split(strings.TrimSpace(block), "\n") {
		names, _, _ := strings.Cut(line, "  ") // the names, then what they hold
		for _, name := range strings.Split(names, ", ") {
			name = strings.TrimSuffix(strings.TrimSpace(name), "/")
			if tree, ok := strings.CutSuffix(name, "/..."); ok {
				trees[tree] = true
				name = tree
			} else {
				exact[name] = true
			}
			if info, err := os.Stat(name); err != nil || !info.IsDir() {
				t.Errorf("the README's layout names %s, which is no folder of the repository", name)
			}
		}
	}
	out, err := exec.Command("go", "list", "./...").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	packages := 0
	for _, pkg := range strings.Fields(string(out)) {
		rel, ok := strings.CutPrefix(pkg, mod+"/")
		if !ok {
			continue // the root package: embed.go
		}
		packages++
		covered := exact[rel]
		for dir := rel; !covered && dir != "."; dir = path.Dir(dir) {
			covered = trees[dir]
		}
		if !covered {
			t.Errorf("the README's layout does not name the package %s", rel)
		}
	}
	if packages < 30 {
		t.Fatalf("go list found %d packages: the test is not looking at the right ones", packages)
	}
}

// TestStagesKeepTheirDependencies: a stage depends only on what it is
// given. The findings, and the hypotheses they judge, are made from plain
// settings (findings.Settings, hypotheses.Hypothesis), never from the
// config file's decoding: config imports them, not the other way round. And
// config owns its audience type (config/audience): the redaction reads the
// config, never the config the redaction.
func TestStagesKeepTheirDependencies(t *testing.T) {
	const mod = "github.com/evalpress/evalpress/"
	for _, tc := range []struct {
		pkg, forbidden, why string
	}{
		{"./reports/findings", "config", "it must take plain settings, not the config"},
		{"./reports/hypotheses", "config", "it must take plain settings, not the config"},
		{"./config", "redact", "config owns its audience type; the redaction reads the config"},
		{"./config", "site", "config decodes settings; the site reads them"},
	} {
		out, err := exec.Command("go", "list", "-deps", tc.pkg).Output()
		if err != nil {
			t.Fatalf("go list -deps %s: %v", tc.pkg, err)
		}
		deps := strings.Fields(string(out))
		if len(deps) < 2 || !slices.Contains(deps, mod+strings.TrimPrefix(tc.pkg, "./")) {
			t.Fatalf("go list -deps %s listed %d packages: the test is not looking at the right one", tc.pkg, len(deps))
		}
		for _, d := range deps {
			if d == mod+tc.forbidden || strings.HasPrefix(d, mod+tc.forbidden+"/") {
				t.Errorf("%s depends on %s: %s", tc.pkg, d, tc.why)
			}
		}
	}
}

// TestTheSiteComputesNoStatistics: the findings compute every statistic
// (permutation tests, intervals, spreads) before rendering; the site and
// its figures only show them. They may name the statistics' types, never
// call into reports/stats.
func TestTheSiteComputesNoStatistics(t *testing.T) {
	const stats = "github.com/evalpress/evalpress/reports/stats"
	importing := 0
	programFiles(t, "site", nil, func(fset *token.FileSet, f *ast.File) {
		name := ""
		for _, imp := range f.Imports {
			if imp.Path.Value == strconv.Quote(stats) {
				name = path.Base(stats)
				if imp.Name != nil {
					name = imp.Name.Name
				}
			}
		}
		if name == "" {
			return
		}
		importing++
		ast.Inspect(f, func(n ast.Node) bool {
			if call, ok := n.(*ast.CallExpr); ok {
				if pkg, fn, ok := strings.Cut(callee(call), "."); ok && pkg == name {
					t.Errorf("%s: calls %s.%s: the findings compute statistics, the site shows them", fset.Position(call.Pos()), name, fn)
				}
			}
			return true
		})
	})
	if importing == 0 {
		t.Fatal("no file of site/ imports reports/stats: the test is not looking at the figures")
	}
}

// TestEveryReadIsBoundedAndCancellable: the program reads files only
// through internal/readfile (a regular file, under a size limit), and
// every read but readfile.ReadSmall's single chunk takes the caller's
// context, never a context made where the read is, so that an interrupt
// reaches it.
func TestEveryReadIsBoundedAndCancellable(t *testing.T) {
	reads := 0
	skip := []string{"e2e", "tools", "internal/readfile", "internal/testtree"}
	programFiles(t, ".", skip, func(fset *token.FileSet, f *ast.File) {
		ast.Inspect(f, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok {
				return true
			}
			switch callee(call) {
			case "os.ReadFile", "os.Open", "ioutil.ReadFile":
				t.Errorf("%s: reads with %s: read through internal/readfile, which reads only regular files, bounded", fset.Position(call.Pos()), callee(call))
			case "readfile.ReadFile":
				reads++
				if arg, ok := call.Args[0].(*ast.CallExpr); ok && (callee(arg) == "context.Background" || callee(arg) == "context.TODO") {
					t.Errorf("%s: a read with %s(): pass the caller's context, or use readfile.ReadSmall for a file of one chunk", fset.Position(call.Pos()), callee(arg))
				}
			}
			return true
		})
	})
	if reads < 3 {
		t.Fatalf("found %d calls of readfile.ReadFile: the test is not looking at the program", reads)
	}
}

// callee names the function a call calls, "pkg.Name" for a selector on an
// identifier, else "".
func callee(call *ast.CallExpr) string {
	sel, ok := call.Fun.(*ast.SelectorExpr)
	if !ok {
		return ""
	}
	x, ok := sel.X.(*ast.Ident)
	if !ok {
		return ""
	}
	return x.Name + "." + sel.Sel.Name
}

// programFiles parses each Go file of the program under root, tests left
// out, with the folders testdata, hidden ones and those skip names (paths
// from the repository's root), and passes it to fn.
func programFiles(t *testing.T, root string, skip []string, fn func(fset *token.FileSet, f *ast.File)) {
	t.Helper()
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		switch {
		case err != nil:
			return err
		case d.IsDir() && (d.Name() == "testdata" || strings.HasPrefix(d.Name(), ".") && p != "." || slices.Contains(skip, p)):
			return filepath.SkipDir
		case d.IsDir() || !strings.HasSuffix(p, ".go") || strings.HasSuffix(p, "_test.go"):
			return nil
		}
		fset := token.NewFileSet()
		f, err := parser.ParseFile(fset, p, nil, parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		fn(fset, f)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// TestNoCriterionIDOutsideTheCriteria: a criterion's ID ("C5", "G1") is
// written as a string only in reports/criteria, which registers it; every
// other file of the program names a criterion by its constant
// (criteria.C5) or goes through the registry, so that no copy of the
// registry's data can fall behind it (docs/criteria.md lists where a
// criterion is named, and why). Tests may write IDs.
func TestNoCriterionIDOutsideTheCriteria(t *testing.T) {
	id := regexp.MustCompile(`^"[CG][0-9]+"$`)
	files := 0
	programFiles(t, ".", []string{"reports/criteria", "e2e"}, func(fset *token.FileSet, f *ast.File) {
		files++
		ast.Inspect(f, func(n ast.Node) bool {
			if lit, ok := n.(*ast.BasicLit); ok && lit.Kind == token.STRING && id.MatchString(lit.Value) {
				t.Errorf("%s: the criterion ID %s written out: use the criterion's constant, or the registry", fset.Position(lit.Pos()), lit.Value)
			}
			return true
		})
	})
	if files < 50 {
		t.Fatalf("looked at %d Go files: the test is not looking at the program", files)
	}
}
