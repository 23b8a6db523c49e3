// Package tomlfile decodes the TOML files evalpress reads (config.toml,
// models.toml) strictly: a syntax error is reported with its line and column,
// and a key the program does not know is an error naming the line it is on,
// never silently ignored.
//
// Messages are evalpress's own words, never the decoder's, which quote what
// they found ("expected value but found \"Claude\""). A private file's
// (Decode) name a key only as far as it is a field evalpress defines: a key
// of a table the author fills ([aliases] "Claude Opus 4.1" = ...) is a
// value read from the file, and is named by its line.
package tomlfile

import (
	"bytes"
	"errors"
	"reflect"
	"regexp"
	"strconv"
	"strings"

	"github.com/BurntSushi/toml"

	"github.com/evalpress/evalpress/internal/diag"
)

// Decode decodes data, read from file, a private input, into v. Its
// messages name keys only as far as they are v's fields.
func Decode(data []byte, file string, v any) (toml.MetaData, error) {
	f, err := parse(data, file, v, true)
	if err != nil {
		return toml.MetaData{}, err
	}
	return f.md, f.Check()
}

// File is a TOML file decoded in parts: the value Parse decoded it into,
// and the top-level tables that Table decodes into values of their own
// (a criterion's settings, read by the criterion). Check then reports a
// key that no part read.
type File struct {
	data   []byte
	name   string
	md     toml.MetaData
	tables map[string]toml.Primitive
	// tablesMD records what Table decoded; asked names the tables asked for.
	tablesMD toml.MetaData
	asked    map[string]bool
	// private is set for a private input: its messages name a key only
	// as far as it is a field of dst, the value decoded into.
	private bool
	dst     any
}

// Parse decodes data, read from file, into v; the keys v does not read are
// left for Table and Check.
func Parse(data []byte, file string, v any) (*File, error) {
	return parse(data, file, v, false)
}

func parse(data []byte, file string, v any, private bool) (*File, error) {
	f := &File{data: data, name: file, asked: map[string]bool{}, private: private, dst: v}
	md, err := toml.NewDecoder(bytes.NewReader(data)).Decode(v)
	if err != nil {
		return nil, f.decodeError(err)
	}
	f.md = md
	return f, nil
}

// Table decodes the top-level table name into v, which may share it with
// the value Parse decoded and with other tables' values, each reading its
// own keys. A file without the table leaves v as it is.
func (f *File) Table(name string, v any) error {
	f.asked[name] = true
	if f.tables == nil {
		// Decoded again, into the top-level tables: what they read is
		// recorded apart from what Parse's value read.
		md, err := toml.NewDecoder(bytes.NewReader(f.data)).Decode(&f.tables)
		if err != nil {
			return f.decodeError(err)
		}
		f.tablesMD = md
	}
	p, ok := f.tables[name]
	if !ok {
		return nil
	}
	if err := f.tablesMD.PrimitiveDecode(p, v); err != nil {
		return f.decodeError(err)
	}
	return nil
}

// Primitive decodes p, a toml.Primitive field of the value Parse decoded,
// into v.
func (f *File) Primitive(p toml.Primitive, v any) error {
	if err := f.md.PrimitiveDecode(p, v); err != nil {
		return f.decodeError(err)
	}
	return nil
}

// IsDefined reports whether the file sets the dotted key.
func (f *File) IsDefined(key ...string) bool { return f.md.IsDefined(key...) }

// Check reports the first key, in file order, that neither the value Parse
// decoded nor any Table read: an error naming the dotted key and its line.
func (f *File) Check() error {
	byTables := map[string]bool{} // keys no Table read
	if f.tables != nil {
		for _, k := range f.tablesMD.Undecoded() {
			byTables[k.String()] = true
		}
	}
	for _, key := range f.md.Undecoded() {
		if len(key) == 1 && f.asked[key[0]] || len(key) > 1 && f.tables != nil && !byTables[key.String()] {
			continue // a table asked for, or a key one of them read
		}
		if f.private {
			d := diag.Errorf(f.name, KeyLine(f.data, key), "%s", f.keyWords(key, "a key evalpress does not know"))
			if keys := f.keysAt(key); len(keys) > 0 {
				return d.WithHint("the keys it takes: %s", strings.Join(keys, ", "))
			}
			return d.WithHint("check the spelling and the table the key is in; docs/inputs.md lists every key")
		}
		return diag.Errorf(f.name, KeyLine(f.data, key), "unknown key %q", key.String()).
			WithHint("check the spelling; docs/configuration.md lists every key")
	}
	return nil
}

// decodeError turns a decoder's error into a diagnostic with the file, the
// line and, for a syntax error, the column, in evalpress's words.
func (f *File) decodeError(err error) error {
	var pe toml.ParseError
	if errors.As(err, &pe) {
		line, col := position(f.data, pe.Position)
		return &diag.Diagnostic{Severity: diag.Error, File: f.name, Line: line, Column: col,
			Message: syntaxWords(pe.Message)}
	}
	// Type mismatches ("incompatible types") carry no position; name the key when we can.
	line, msg := f.lineOfErrorKey(strings.TrimPrefix(err.Error(), "toml: "))
	return &diag.Diagnostic{Severity: diag.Error, File: f.name, Line: line, Message: msg}
}

// syntaxWords says what a decoder's syntax error means, without what it
// quotes of the file.
func syntaxWords(msg string) string {
	for _, w := range syntaxMessages {
		for _, part := range w.parts {
			if strings.Contains(msg, part) {
				return w.words
			}
		}
	}
	return "not valid TOML"
}

// syntaxMessages are the decoder's syntax errors (by a part of their text)
// as evalpress words them, the first that matches.
var syntaxMessages = []struct {
	parts []string
	words string
}{
	{[]string{"already been defined", "already created"}, "a key or table defined twice"},
	{[]string{"is not a table"}, "a key used both as a value and as a table"},
	{[]string{"escape", "Escaped"}, "an escape TOML does not know in a quoted text (write \\\\ for one backslash)"},
	{[]string{"expected value", "EOF; expected value", "expected a digit", "nvalid float", "nvalid integer", "not a binary", "not a hexadecimal", "not an octal", "floats must", "cannot use sign"},
		"not a value TOML reads: text goes in double quotes; or a number, true, false, a date, a [list] or an {inline table}"},
	{[]string{"expected a top-level item to end"}, "more follows on the line than one key = value: text with spaces goes in double quotes"},
	{[]string{"EOF", "terminator", "delimiter", "newline"}, "a quote, bracket or brace opened here is not closed"},
	{[]string{"bare key", "expected '.' or '='", "unexpected '='", "unexpected '.'", "appears blank", "cannot be empty", "end table name", "unexpected comma"},
		"a key or table name TOML cannot read: a name with spaces or other signs goes in double quotes"},
}

// lineOfErrorKey reads the line and the key of a decoder's message that
// carries no position of its own (a type mismatch, which the decoder
// words as `line 3 (last key "c5.max_run"): incompatible types: ...`),
// and returns the message as evalpress words it: `c5.max_run: the value
// is text; want a whole number`. A message it does not know is no message
// of its own. TestDecodeErrors holds the decoder to that wording.
func (f *File) lineOfErrorKey(msg string) (int, string) {
	m := errorKey.FindStringSubmatch(msg)
	if m == nil {
		return 0, "a value of a type this key does not take"
	}
	name, err := strconv.Unquote(`"` + m[2] + `"`)
	if err != nil {
		return 0, "a value of a type this key does not take"
	}
	key := splitKey(name)
	rest := "a value of a type this key does not take"
	if t := typeMismatch.FindStringSubmatch(msg[len(m[0]):]); t != nil {
		rest = "the value is " + typeWords(t[1]) + "; want " + typeWords(t[2])
	}
	line, err := strconv.Atoi(m[1])
	if err != nil {
		line = KeyLine(f.data, key)
	}
	if !f.private {
		return line, key.String() + ": " + rest
	}
	return line, f.keyWords(key, rest)
}

// keyWords says what is wrong at key of a private file, naming the key as
// far as its parts are fields of the value decoded into: a part after
// that (an alias table's script heading) is the author's, not named.
func (f *File) keyWords(key toml.Key, what string) string {
	known := fieldPrefix(reflect.TypeOf(f.dst), key)
	switch {
	case known == len(key):
		return key.String() + ": " + what
	case known == 0:
		return what
	}
	return key[:known].String() + ": under it, " + what
}

// keysAt returns the keys (toml tags) of the table that holds key, when
// evalpress defines that table's keys.
func (f *File) keysAt(key toml.Key) []string {
	t := reflect.TypeOf(f.dst)
	n := fieldPrefix(t, key)
	for _, part := range key[:n] {
		t = elem(t)
		field, _ := fieldByTag(t, part)
		t = field.Type
	}
	if t = elem(t); t == nil || t.Kind() != reflect.Struct || n == len(key) {
		return nil
	}
	var keys []string
	for i := range t.NumField() {
		if tag, _, _ := strings.Cut(t.Field(i).Tag.Get("toml"), ","); tag != "" && tag != "-" {
			keys = append(keys, tag)
		}
	}
	return keys
}

// elem returns t through pointers, slices and arrays.
func elem(t reflect.Type) reflect.Type {
	for t != nil && (t.Kind() == reflect.Pointer || t.Kind() == reflect.Slice || t.Kind() == reflect.Array) {
		t = t.Elem()
	}
	return t
}

// fieldPrefix returns how many parts of key, from the first, name fields
// (by their toml tags) of t, through pointers, slices and arrays.
func fieldPrefix(t reflect.Type, key toml.Key) int {
	for n, part := range key {
		if t = elem(t); t == nil || t.Kind() != reflect.Struct {
			return n
		}
		field, ok := fieldByTag(t, part)
		if !ok {
			return n
		}
		t = field.Type
	}
	return len(key)
}

// fieldByTag returns t's field that decodes the key name.
func fieldByTag(t reflect.Type, name string) (reflect.StructField, bool) {
	for i := range t.NumField() {
		f := t.Field(i)
		tag, _, _ := strings.Cut(f.Tag.Get("toml"), ",")
		if tag == name || tag == "" && strings.EqualFold(f.Name, name) {
			return f, true
		}
	}
	return reflect.StructField{}, false
}

var (
	errorKey     = regexp.MustCompile(`^(?:line (\d+) )?\(last key "((?:[^"\\]|\\.)*)"\): `)
	typeMismatch = regexp.MustCompile(`^incompatible types: TOML value has type ([\w-]+); destination has type ([\w-]+)`)
)

// typeWords names a decoder's type as a reader says it.
func typeWords(t string) string {
	switch t {
	case "integer", "int", "int64", "int32", "uint", "uint64":
		return "a whole number"
	case "float":
		return "a number"
	case "float64", "float32":
		return "a number with a fraction"
	case "string":
		return "text (in quotes)"
	case "bool":
		return "true or false"
	case "array", "slice":
		return "a list"
	case "map", "table", "struct":
		return "a table"
	}
	return "a " + t
}

// splitKey splits a dotted key as toml.Key.String writes it, each part
// that needs it in double quotes: g1.targets."ACT 1".
func splitKey(s string) toml.Key {
	var key toml.Key
	for s != "" {
		var part string
		if s[0] == '"' {
			end := 1
			for end < len(s) && s[end] != '"' {
				if s[end] == '\\' {
					end++
				}
				end++
			}
			part, _ = strconv.Unquote(s[:min(end+1, len(s))])
			s = s[min(end+1, len(s)):]
		} else {
			i := strings.IndexByte(s, '.')
			if i < 0 {
				i = len(s)
			}
			part, s = s[:i], s[i:]
		}
		key = append(key, part)
		s = strings.TrimPrefix(s, ".")
	}
	return key
}

// position returns the line and column of a parse error from its byte
// offset: the decoder counts an unexpected end of line as the start of the
// next line, where an editor shows it at the end of the line it ends.
func position(data []byte, p toml.Position) (line, col int) {
	if p.Start < 0 || p.Start > len(data) || (p.Start == 0 && p.Line > 1) {
		return p.Line, p.Col
	}
	before := data[:p.Start]
	line = 1 + bytes.Count(before, []byte("\n"))
	col = p.Start - bytes.LastIndexByte(before, '\n')
	return line, col
}
