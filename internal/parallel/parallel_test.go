package parallel

import (
	"errors"
	"sync/atomic"
	"testing"
)

func TestFor(t *testing.T) {
	var sum atomic.Int64
	if err := For(1000, func(i int) error { sum.Add(int64(i)); return nil }); err != nil {
		t.Fatal(err)
	}
	if sum.Load() != 499500 {
		t.Fatalf("sum %d: some iteration did not run", sum.Load())
	}
	err := For(10, func(i int) error {
		if i == 3 || i == 7 {
			return errors.New("fail " + string(rune('0'+i)))
		}
		return nil
	})
	if err == nil || err.Error() != "fail 3" {
		t.Fatalf("got %v, want the lowest failing iteration's error", err)
	}
	if err := For(0, func(int) error { return errors.New("never") }); err != nil {
		t.Fatal(err)
	}
}
