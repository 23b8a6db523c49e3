//go:build !linux

package cachefile

import "os"

// mapFile reads the file at path: mapping it is left to Linux.
func mapFile(path string) ([]byte, func(), error) {
	data, err := os.ReadFile(path)
	return data, func() {}, err
}
