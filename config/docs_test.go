package config

import (
	"errors"
	"os"
	"reflect"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/BurntSushi/toml"

	"github.com/evalpress/evalpress/reports/criteria"
)

// acceptedKeys returns every dotted key a config file may set: the
// config's own and each criterion's, under its block. A table of values
// (g1.targets, fixture.expect) and a table read by a criterion
// (hypothesis.thresholds) are one key each.
func acceptedKeys(t *testing.T) map[string]bool {
	t.Helper()
	keys := map[string]bool{}
	tomlKeys(reflect.TypeOf(Config{}), "", keys)
	stop := errors.New("only looked")
	for _, c := range criteria.Default().All() {
		if c.Block == "" {
			continue
		}
		var s criteria.Settings
		err := s.Edit(c, func(p any) error {
			tomlKeys(reflect.TypeOf(p).Elem(), c.Block+".", keys)
			return stop
		})
		if !errors.Is(err, stop) {
			t.Fatalf("%s's settings were not looked at: %v", c.ID, err)
		}
	}
	return keys
}

// tomlKeys adds the dotted keys of the fields of struct type typ to keys.
func tomlKeys(typ reflect.Type, prefix string, keys map[string]bool) {
	leaf := map[reflect.Type]bool{reflect.TypeOf(time.Time{}): true, reflect.TypeOf(toml.Primitive{}): true}
	for i := range typ.NumField() {
		f := typ.Field(i)
		name, _, _ := strings.Cut(f.Tag.Get("toml"), ",")
		ft := f.Type
		if f.Anonymous && name == "" && ft.Kind() == reflect.Struct {
			tomlKeys(ft, prefix, keys) // embedded: its keys are its parent's
			continue
		}
		if name == "" || name == "-" {
			continue
		}
		if ft.Kind() == reflect.Pointer || ft.Kind() == reflect.Slice && ft.Elem().Kind() == reflect.Struct {
			ft = ft.Elem()
		}
		if ft.Kind() == reflect.Struct && !leaf[ft] {
			tomlKeys(ft, prefix+name+".", keys)
			continue
		}
		keys[prefix+name] = true
	}
}

// defaultValues returns the default of every key --set reaches.
func defaultValues() map[string]reflect.Value {
	cfg := Default()
	out := settableFields(reflect.ValueOf(&cfg).Elem(), "")
	for _, c := range criteria.Default().All() {
		if c.Block == "" {
			continue
		}
		cfg.Criteria.Edit(c, func(p any) error {
			for k, v := range settableFields(reflect.ValueOf(p).Elem(), c.Block+".") {
				out[k] = v
			}
			return nil
		})
	}
	return out
}

// TestTheReferenceNamesEveryKey: docs/configuration.md names every key a
// config file may set, and each row of its tables is a key the config
// accepts with the default a config that leaves it out gets, so that the
// page cannot fall behind the code.
func TestTheReferenceNamesEveryKey(t *testing.T) {
	data, err := os.ReadFile("../docs/configuration.md")
	if err != nil {
		t.Fatal(err)
	}
	page := string(data)
	keys := acceptedKeys(t)
	if len(keys) < 30 || !keys["c5.registered.max_run"] || !keys["judged.c1_min_present"] || !keys["hypothesis.prediction.kind"] {
		t.Fatalf("the accepted keys are not what this test expects to find: %v", slices.Sorted(func(yield func(string) bool) {
			for k := range keys {
				if !yield(k) {
					return
				}
			}
		}))
	}
	for k := range keys {
		if !strings.Contains(page, "| `"+k+"` |") {
			t.Errorf("docs/configuration.md has no row for the key %s", k)
		}
	}
	defaults := defaultValues()
	row := regexp.MustCompile("(?m)^\\| `([a-z0-9_.]+)` \\| ([^|]*) \\|")
	compared := 0
	for _, m := range row.FindAllStringSubmatch(page, -1) {
		key, stated := m[1], strings.TrimSpace(m[2])
		if !keys[key] {
			t.Errorf("docs/configuration.md describes %s, which is no key of the config", key)
			continue
		}
		v, settable := defaults[key]
		code, isCode := strings.CutPrefix(stated, "`")
		code, closed := strings.CutSuffix(code, "`")
		if !settable || !isCode || !closed || strings.Contains(code, "`") {
			continue // not a single value: "(required)", "none", words
		}
		compared++
		if !sameValue(v, code) {
			t.Errorf("docs/configuration.md: %s defaults to %s; the config's default is %v", key, stated, v)
		}
	}
	if compared < 10 {
		t.Errorf("only %d stated defaults were compared: the table's form is not the one this test reads", compared)
	}
}

// sameValue reports whether v is the value written as text: a quoted
// string, a number or true/false.
func sameValue(v reflect.Value, text string) bool {
	switch v.Kind() {
	case reflect.String:
		s, err := strconv.Unquote(text)
		return err == nil && s == v.String()
	case reflect.Int:
		n, err := strconv.Atoi(text)
		return err == nil && int64(n) == v.Int()
	case reflect.Float64:
		f, err := strconv.ParseFloat(text, 64)
		return err == nil && f == v.Float()
	case reflect.Bool:
		b, err := strconv.ParseBool(text)
		return err == nil && b == v.Bool()
	}
	return false
}
