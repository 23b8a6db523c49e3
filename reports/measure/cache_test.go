package measure

import (
	"context"
	"os"
	"reflect"
	"testing"
	"testing/fstest"

	"github.com/evalpress/evalpress/internal/cachefile"
	"github.com/evalpress/evalpress/reports/inputs"
)

func openFS(t *testing.T, sections, examples, phrases string) *inputs.Folder {
	t.Helper()
	fsys := fstest.MapFS{
		inputs.SectionsFile: {Data: []byte(sections)},
		inputs.ExamplesFile: {Data: []byte(examples)},
	}
	if phrases != "" {
		fsys[inputs.PhrasesFile] = &fstest.MapFile{Data: []byte(phrases)}
	}
	f, err := inputs.OpenFS(fsys, "in")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { f.Close() })
	return f
}

func TestCacheRoundTripAndKey(t *testing.T) {
	const sections = "# W\n## A\none two three four five six seven eight nine ten\n"
	const examples = "## A\none two three four five six seven eight nine\n"
	f := openFS(t, sections, examples, "")
	res, err := Run(context.Background(), f, 8)
	if err != nil {
		t.Fatal(err)
	}
	cache := Cache{Dir: t.TempDir(), Seal: []byte("a key for the test")}
	key := CacheKey(f, 8)
	if _, ok := cache.Load(key); ok {
		t.Fatal("hit in an empty cache")
	}
	if err := cache.Store(key, res); err != nil {
		t.Fatal(err)
	}
	got, ok := cache.Load(key)
	if !ok || !reflect.DeepEqual(got, res) {
		t.Fatalf("round trip: %v %+v", ok, got)
	}
	for name, other := range map[string]*inputs.Folder{
		"section text":    openFS(t, sections+"more\n", examples, ""),
		"example text":    openFS(t, sections, examples+"more\n", ""),
		"mandated phrase": openFS(t, sections, examples, "one two\n"),
	} {
		if CacheKey(other, 8) == key {
			t.Errorf("a change of %s keeps the cache key", name)
		}
	}
	if CacheKey(f, 5) == key {
		t.Error("a change of n-gram size keeps the cache key")
	}
	// A corrupt entry is a miss.
	os.WriteFile(cachefile.Path(cache.Dir, cacheKind, key), []byte("measure\nnot a measurement"), 0o644)
	if _, ok := cache.Load(key); ok {
		t.Error("corrupt cache entry was used")
	}
}
