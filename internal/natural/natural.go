// Package natural compares strings in natural order: runs of ASCII digits
// compare by their numeric value, so "Model 2" comes before "Model 10".
// Writers are listed by alias in this order wherever a list of them is
// published, so that no list follows a private order (sections.md's).
package natural

import "strings"

// Compare returns -1, 0 or +1 as a sorts before, equal to or after b in
// natural order. Strings that differ only in leading zeros ("Model 02",
// "Model 2") are ordered by their bytes, so the order is total.
func Compare(a, b string) int {
	i, j := 0, 0
	for i < len(a) && j < len(b) {
		if isDigit(a[i]) && isDigit(b[j]) {
			ei, ej := digitsEnd(a, i), digitsEnd(b, j)
			na, nb := strings.TrimLeft(a[i:ei], "0"), strings.TrimLeft(b[j:ej], "0")
			if len(na) != len(nb) {
				return sign(len(na) - len(nb))
			}
			if c := strings.Compare(na, nb); c != 0 {
				return c
			}
			i, j = ei, ej
			continue
		}
		if a[i] != b[j] {
			return sign(int(a[i]) - int(b[j]))
		}
		i++
		j++
	}
	switch {
	case i < len(a):
		return 1
	case j < len(b):
		return -1
	}
	return strings.Compare(a, b)
}

// Less reports whether a sorts before b in natural order.
func Less(a, b string) bool { return Compare(a, b) < 0 }

func isDigit(c byte) bool { return '0' <= c && c <= '9' }

func digitsEnd(s string, i int) int {
	for i < len(s) && isDigit(s[i]) {
		i++
	}
	return i
}

func sign(n int) int {
	switch {
	case n < 0:
		return -1
	case n > 0:
		return 1
	}
	return 0
}
