// Package tomlfile decodes the TOML files evalpress reads (config.toml,
// models.toml) strictly: a syntax error is reported with its line and column,
// and a key the program does not know is an error naming the dotted key and
// the line it is on, never silently ignored.
package tomlfile

import (
	"bytes"
	"errors"
	"regexp"
	"strconv"
	"strings"

	"github.com/BurntSushi/toml"

	"github.com/evalpress/evalpress/internal/diag"
)

// Decode decodes data, read from file, into v.
func Decode(data []byte, file string, v any) (toml.MetaData, error) {
	f, err := Parse(data, file, v)
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
}

// Parse decodes data, read from file, into v; the keys v does not read are
// left for Table and Check.
func Parse(data []byte, file string, v any) (*File, error) {
	md, err := toml.NewDecoder(bytes.NewReader(data)).Decode(v)
	if err != nil {
		return nil, decodeError(data, file, err)
	}
	return &File{data: data, name: file, md: md, asked: map[string]bool{}}, nil
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
			return decodeError(f.data, f.name, err)
		}
		f.tablesMD = md
	}
	p, ok := f.tables[name]
	if !ok {
		return nil
	}
	if err := f.tablesMD.PrimitiveDecode(p, v); err != nil {
		return decodeError(f.data, f.name, err)
	}
	return nil
}

// Primitive decodes p, a toml.Primitive field of the value Parse decoded,
// into v.
func (f *File) Primitive(p toml.Primitive, v any) error {
	if err := f.md.PrimitiveDecode(p, v); err != nil {
		return decodeError(f.data, f.name, err)
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
		return diag.Errorf(f.name, KeyLine(f.data, key), "unknown key %q", key.String()).
			WithHint("check the spelling; docs/configuration.md lists every key")
	}
	return nil
}

// decodeError turns a decoder's error into a diagnostic with the file and
// the line.
func decodeError(data []byte, file string, err error) error {
	var pe toml.ParseError
	if errors.As(err, &pe) {
		line, col := position(data, pe.Position)
		return &diag.Diagnostic{Severity: diag.Error, File: file, Line: line, Column: col,
			Message: strings.TrimPrefix(pe.Message, "toml: ")}
	}
	// Type mismatches ("incompatible types") carry no position; name the key when we can.
	line, msg := lineOfErrorKey(data, strings.TrimPrefix(err.Error(), "toml: "))
	return &diag.Diagnostic{Severity: diag.Error, File: file, Line: line, Message: msg}
}

// KeyLine returns the 1-based line on which the last part of key is defined
// in data, or 0 when it cannot be found. It follows [table] headers so that a
// key is looked for in the right table.
func KeyLine(data []byte, key toml.Key) int {
	full := strings.Join(key, ".")
	current := ""
	for i, line := range strings.Split(string(data), "\n") {
		t := strings.TrimSpace(line)
		if strings.HasPrefix(t, "[") {
			current = strings.Trim(strings.SplitN(t, "]", 2)[0], "[] ")
			if current == full {
				return i + 1
			}
			continue
		}
		k, _, ok := strings.Cut(t, "=")
		if !ok {
			continue
		}
		k = strings.Trim(strings.TrimSpace(k), `"'`)
		if current != "" {
			k = current + "." + k
		}
		if k == full {
			return i + 1
		}
	}
	return 0
}

// lineOfErrorKey finds the line of the key quoted in a decoder message such as
// `toml: line 3 (last key "c5.max_run"): incompatible types`, and returns
// the message as evalpress words it: `c5.max_run: the value is text; want
// a whole number`.
func lineOfErrorKey(data []byte, msg string) (int, string) {
	m := errorKey.FindStringSubmatch(msg)
	if m == nil {
		return 0, msg
	}
	name, err := strconv.Unquote(`"` + m[1] + `"`)
	if err != nil {
		return 0, msg
	}
	key := splitKey(name)
	rest := msg[len(m[0]):]
	if t := typeMismatch.FindStringSubmatch(rest); t != nil {
		rest = "the value is " + typeWords(t[1]) + "; want " + typeWords(t[2])
	}
	return KeyLine(data, key), key.String() + ": " + rest
}

var (
	errorKey     = regexp.MustCompile(`^(?:line \d+ )?\(last key "((?:[^"\\]|\\.)*)"\): `)
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
