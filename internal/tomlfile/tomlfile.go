// Package tomlfile decodes the TOML files evalpress reads (config.toml,
// models.toml) strictly: a syntax error is reported with its line and column,
// and a key the program does not know is an error naming the dotted key and
// the line it is on, never silently ignored.
package tomlfile

import (
	"bytes"
	"errors"
	"strings"

	"github.com/BurntSushi/toml"

	"github.com/evalpress/evalpress/internal/diag"
)

// Decode decodes data, read from file, into v.
func Decode(data []byte, file string, v any) (toml.MetaData, error) {
	md, err := toml.NewDecoder(bytes.NewReader(data)).Decode(v)
	if err != nil {
		var pe toml.ParseError
		if errors.As(err, &pe) {
			line, col := position(data, pe.Position)
			return md, &diag.Diagnostic{Severity: diag.Error, File: file, Line: line, Column: col,
				Message: strings.TrimPrefix(pe.Message, "toml: ")}
		}
		// Type mismatches ("incompatible types") carry no position; name the key when we can.
		msg := strings.TrimPrefix(err.Error(), "toml: ")
		return md, &diag.Diagnostic{Severity: diag.Error, File: file, Line: lineOfErrorKey(data, msg), Message: msg}
	}
	if undecoded := md.Undecoded(); len(undecoded) > 0 {
		key := undecoded[0]
		return md, diag.Errorf(file, KeyLine(data, key), "unknown key %q", key.String()).
			WithHint("check the spelling; the keys evalpress knows are listed in the README")
	}
	return md, nil
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
// `toml: line 3 (last key "c5.max_run"): incompatible types`.
func lineOfErrorKey(data []byte, msg string) int {
	_, after, ok := strings.Cut(msg, `last key "`)
	if !ok {
		return 0
	}
	name, _, _ := strings.Cut(after, `"`)
	return KeyLine(data, toml.Key(strings.Split(name, ".")))
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
