package tomlfile

import (
	"slices"
	"strconv"
	"strings"

	"github.com/BurntSushi/toml"
)

// The decoder knows where each key is but tells only a syntax error's
// place (toml.ParseError); MetaData has no positions. The lines of keys
// and tables, for the messages about their values, come from the one
// reading below of the file's structure: table headers, array-table
// headers and key/value lines, with quoted and dotted keys, comments, and
// strings and arrays over several lines skipped as the decoder reads them.

// entry is a key or a table header of a file, where it is.
type entry struct {
	key    toml.Key // full: the table's path, then the key's
	line   int      // 1-based
	header bool     // a [table] or [[array]] header
	// array is the innermost [[array]] table the entry is in ("" when
	// none) and index its 0-based count among that name's headers.
	array string
	index int
}

// KeyLine returns the 1-based line on which key (its full dotted path) is
// set, or its table's header for a table; the first such line when the
// key is in an array of tables; for a table with no header of its own,
// the first line that sets a key in it ([families."GPT-5"] for
// families); 0 when the file does not have it.
func KeyLine(data []byte, key toml.Key) int {
	within := 0
	for _, e := range entries(data) {
		switch {
		case slices.Equal(e.key, key):
			return e.line
		case within == 0 && len(e.key) > len(key) && slices.Equal(e.key[:len(key)], key):
			within = e.line
		}
	}
	return within
}

// ArrayTableLines returns the lines of the headers of every [[name]]
// table (name dotted, as written in the header), in order.
func ArrayTableLines(data []byte, name string) []int {
	var out []int
	for _, e := range entries(data) {
		if e.header && e.array == name && e.key.String() == name {
			out = append(out, e.line)
		}
	}
	return out
}

// KeyLineIn returns the line of key in the index-th (0-based) [[name]]
// table, or 0 when that table does not set it.
func KeyLineIn(data []byte, name string, index int, key string) int {
	for _, e := range entries(data) {
		if !e.header && e.array == name && e.index == index && e.key.String() == name+"."+(toml.Key{key}).String() {
			return e.line
		}
	}
	return 0
}

// entries reads the keys and table headers of data.
func entries(data []byte) []entry {
	var out []entry
	var table toml.Key
	array, counts := "", map[string]int{}
	lines := strings.Split(string(data), "\n")
	for i := 0; i < len(lines); i++ {
		t := strings.TrimSpace(lines[i])
		if t == "" || t[0] == '#' {
			continue
		}
		if t[0] == '[' {
			double := strings.HasPrefix(t, "[[")
			rest := t[1:]
			if double {
				rest = t[2:]
			}
			key, rest, ok := parseKey(rest)
			if !ok || !strings.HasPrefix(rest, "]") || double && !strings.HasPrefix(rest, "]]") {
				continue // not a header the decoder would accept
			}
			table = key
			switch name := key.String(); {
			case double:
				array = name
				counts[name]++
			case array != "" && !strings.HasPrefix(name, array+"."):
				array = "" // a table outside the array's
			}
			out = append(out, entry{key: key, line: i + 1, header: true, array: array, index: counts[array] - 1})
			continue
		}
		key, rest, ok := parseKey(t)
		if !ok || !strings.HasPrefix(rest, "=") {
			continue
		}
		full := append(slices.Clone(table), key...)
		out = append(out, entry{key: full, line: i + 1, array: array, index: counts[array] - 1})
		i = valueEnd(lines, i, strings.TrimSpace(rest[1:]))
	}
	return out
}

// parseKey reads a key (bare, "basic" or 'literal' parts joined by dots)
// at the start of s and returns it with the rest of s, spaces trimmed.
func parseKey(s string) (toml.Key, string, bool) {
	var key toml.Key
	for {
		s = strings.TrimLeft(s, " \t")
		var part string
		switch {
		case s == "":
			return nil, "", false
		case s[0] == '"':
			end := 1
			for end < len(s) && s[end] != '"' {
				if s[end] == '\\' {
					end++
				}
				end++
			}
			if end >= len(s) {
				return nil, "", false
			}
			p, err := strconv.Unquote(s[:end+1])
			if err != nil {
				return nil, "", false
			}
			part, s = p, s[end+1:]
		case s[0] == '\'':
			end := strings.IndexByte(s[1:], '\'')
			if end < 0 {
				return nil, "", false
			}
			part, s = s[1:end+1], s[end+2:]
		default:
			end := 0
			for end < len(s) && isBareKeyByte(s[end]) {
				end++
			}
			if end == 0 {
				return nil, "", false
			}
			part, s = s[:end], s[end:]
		}
		key = append(key, part)
		s = strings.TrimLeft(s, " \t")
		if !strings.HasPrefix(s, ".") {
			return key, s, true
		}
		s = s[1:]
	}
}

func isBareKeyByte(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '_' || c == '-'
}

// valueEnd returns the index of the line on which the value that starts
// with v on line i ends: a multi-line string's closing quotes, or the
// bracket or brace that closes an array or inline table.
func valueEnd(lines []string, i int, v string) int {
	for _, q := range []string{`"""`, `'''`} {
		if strings.HasPrefix(v, q) {
			rest := v[len(q):]
			for !strings.Contains(rest, q) && i+1 < len(lines) {
				i++
				rest = lines[i]
			}
			return i
		}
	}
	if v == "" || v[0] != '[' && v[0] != '{' {
		return i
	}
	depth := 0
	for {
		depth = nesting(v, depth)
		if depth <= 0 || i+1 >= len(lines) {
			return i
		}
		i++
		v = lines[i]
	}
}

// nesting returns depth after the brackets and braces of line, outside
// its strings and comment.
func nesting(line string, depth int) int {
	for k := 0; k < len(line); k++ {
		switch c := line[k]; c {
		case '[', '{':
			depth++
		case ']', '}':
			depth--
		case '#':
			return depth
		case '"', '\'':
			end := k + 1
			for end < len(line) && line[end] != c {
				if c == '"' && line[end] == '\\' {
					end++
				}
				end++
			}
			k = end
		}
	}
	return depth
}
