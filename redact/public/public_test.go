package public

import (
	"reflect"
	"strings"
	"testing"

	"github.com/evalpress/evalpress/internal/diag"
)

// modulePrefix is the path of the project's packages.
const modulePrefix = "github.com/evalpress/evalpress/"

// viewPackages are the packages whose types a view may hold: its own, the
// criteria's pure values (outcomes, tallies, records, thresholds), the
// statistics' numbers and the config's audience (a string).
var viewPackages = map[string]bool{modulePrefix + "redact/public": true, modulePrefix + "reports/criteria": true,
	modulePrefix + "reports/stats": true, modulePrefix + "config/audience": true}

// TestAViewHoldsOnlyData walks every type a View can reach, through its
// fields (exported or not), pointers, slices, arrays and maps: none is a
// function, a channel, an interface (which could hold anything, private
// data or a handle to it), an unsafe pointer, or a type of another package
// of the project (the private inputs, the findings, the config). A view is
// data the redaction made: the renderer can run no code of the private side
// through it, and reach nothing it does not hold.
func TestAViewHoldsOnlyData(t *testing.T) {
	found, structs := walkTypes(reflect.TypeFor[View]())
	for _, f := range found {
		t.Error(f)
	}
	if !structs[reflect.TypeFor[Cell]()] || !structs[reflect.TypeFor[TextView]()] || !structs[reflect.TypeFor[Judged]()] || len(structs) < 20 {
		t.Errorf("the walk reached %d structs: it does not see the view's contents", len(structs))
	}
}

// TestTheWalkFindsWhatItForbids holds the walk to what it must refuse,
// however deep: a function, an interface, a channel, a type of another
// package of the project.
func TestTheWalkFindsWhatItForbids(t *testing.T) {
	type inner struct{ texts func() string }
	for _, typ := range []reflect.Type{
		reflect.TypeFor[struct{ c []map[string]*inner }](),
		reflect.TypeFor[struct{ v [2]any }](),
		reflect.TypeFor[struct{ done map[chan struct{}]bool }](),
		reflect.TypeFor[struct{ d *diag.Diagnostic }](),
	} {
		if found, _ := walkTypes(typ); len(found) == 0 {
			t.Errorf("%s passed the walk", typ)
		}
	}
}

// walkTypes walks every type typ reaches and returns what in them a view
// may not hold, and the struct types it met.
func walkTypes(typ reflect.Type) (found []string, structs map[reflect.Type]bool) {
	seen, structs := map[reflect.Type]bool{}, map[reflect.Type]bool{}
	var walk func(typ reflect.Type, path string)
	walk = func(typ reflect.Type, path string) {
		if seen[typ] {
			return
		}
		seen[typ] = true
		if pkg := typ.PkgPath(); strings.HasPrefix(pkg, modulePrefix) && !viewPackages[pkg] {
			found = append(found, path+" is a "+typ.String()+", of "+pkg)
		}
		switch typ.Kind() {
		case reflect.Func, reflect.Chan, reflect.Interface, reflect.UnsafePointer, reflect.Uintptr:
			found = append(found, path+" is a "+typ.Kind().String()+" ("+typ.String()+")")
		case reflect.Pointer, reflect.Slice, reflect.Array:
			walk(typ.Elem(), path+"[]")
		case reflect.Map:
			walk(typ.Key(), path+"{key}")
			walk(typ.Elem(), path+"{}")
		case reflect.Struct:
			structs[typ] = true
			for i := range typ.NumField() {
				f := typ.Field(i)
				walk(f.Type, path+"."+f.Name)
			}
		}
	}
	walk(typ, typ.Name())
	return found, structs
}
