package buildlock

import (
	"io"
	"sync"
)

// syncWriter closes wrote at its first Write.
type syncWriter struct {
	once  sync.Once
	w     io.Writer
	wrote chan struct{}
}

func (s *syncWriter) Write(p []byte) (int, error) {
	n, err := s.w.Write(p)
	s.once.Do(func() { close(s.wrote) })
	return n, err
}
