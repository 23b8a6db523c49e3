package cachefile

import (
	"fmt"
	"io"
	"maps"
	"os"
	"slices"
)

// Executable names the running binary's build, for the keys of what it
// caches: a rebuilt evalpress may render or scan differently, and must not
// reuse what an older one made.
func Executable() string {
	exe, err := os.Executable()
	if err != nil {
		return "unknown"
	}
	info, err := os.Stat(exe)
	if err != nil {
		return "unknown"
	}
	return fmt.Sprintf("%s %d %d", exe, info.Size(), info.ModTime().UnixNano())
}

// WriteDigests writes, for a key, every name and digest of digests to w,
// one "name=digest" line each, sorted by name.
func WriteDigests(w io.Writer, digests map[string]string) {
	for _, name := range slices.Sorted(maps.Keys(digests)) {
		fmt.Fprintf(w, "%s=%s\n", name, digests[name])
	}
}
