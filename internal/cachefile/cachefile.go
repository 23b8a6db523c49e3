// Package cachefile stores the build caches' files: one file per kind and
// key, written atomically, checked on reading by a CRC-32C of its content,
// and only the latest key of each kind kept.
package cachefile

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"hash/crc32"
	"os"
	"path/filepath"
)

var castagnoli = crc32.MakeTable(crc32.Castagnoli)

// Path returns the file of kind and key in dir.
func Path(dir, kind, key string) string { return filepath.Join(dir, kind+"-"+key+".bin") }

// Read returns the content stored for kind and key in dir, or false when
// there is none or it is damaged: a miss, never an error.
func Read(dir, kind, key string) ([]byte, bool) {
	data, err := os.ReadFile(Path(dir, kind, key))
	header := len(kind) + 1 + 4
	if err != nil || len(data) < header || !bytes.HasPrefix(data, []byte(kind+"\n")) {
		return nil, false
	}
	content := data[header:]
	if crc32.Checksum(content, castagnoli) != binary.LittleEndian.Uint32(data[header-4:]) {
		return nil, false
	}
	return content, true
}

// Write stores content for kind and key in dir, atomically, and removes the
// files of kind under other keys: they belong to earlier inputs or settings.
// content is built by fill, which appends to the buffer it is given, so that
// a large content is not copied again.
func Write(dir, kind, key string, fill func([]byte) []byte) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return fmt.Errorf("failed to create cache folder: %w", err)
	}
	header := len(kind) + 1 + 4
	file := fill(append([]byte(kind+"\n"), 0, 0, 0, 0))
	binary.LittleEndian.PutUint32(file[header-4:], crc32.Checksum(file[header:], castagnoli))
	tmp, err := os.CreateTemp(dir, "."+kind+"-*")
	if err != nil {
		return fmt.Errorf("failed to write the %s cache: %w", kind, err)
	}
	defer os.Remove(tmp.Name())
	if _, err := tmp.Write(file); err != nil {
		tmp.Close()
		return fmt.Errorf("failed to write the %s cache: %w", kind, err)
	}
	if err := tmp.Close(); err != nil {
		return fmt.Errorf("failed to write the %s cache: %w", kind, err)
	}
	if err := os.Rename(tmp.Name(), Path(dir, kind, key)); err != nil {
		return fmt.Errorf("failed to write the %s cache: %w", kind, err)
	}
	old, _ := filepath.Glob(filepath.Join(dir, kind+"-*.bin"))
	for _, f := range old {
		if f != Path(dir, kind, key) {
			os.Remove(f)
		}
	}
	return nil
}
