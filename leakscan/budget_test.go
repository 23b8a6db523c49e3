package leakscan

import (
	"testing"
	"time"
)

// TestByteBudget: scans that fit in the budget run side by side; a scan
// larger than the budget waits for all of it, and is then let in alone.
func TestByteBudget(t *testing.T) {
	b := newByteBudget(16)
	b.acquire(5)
	b.acquire(10) // 15 of 16: both at once
	done := make(chan bool)
	go func() {
		b.acquire(40) // more than the budget: waits for all of it
		done <- true
	}()
	select {
	case <-done:
		t.Fatal("a scan larger than the budget started while 15 of 16 bytes were taken")
	case <-time.After(20 * time.Millisecond):
	}
	b.release(5)
	select {
	case <-done:
		t.Fatal("a scan larger than the budget started while 10 of 16 bytes were taken")
	case <-time.After(20 * time.Millisecond):
	}
	b.release(10)
	select {
	case <-done:
	case <-time.After(5 * time.Second):
		t.Fatal("a scan larger than the budget did not start once all of it was free")
	}
	if b.free != 0 {
		t.Errorf("%d bytes free while the large scan runs, want 0", b.free)
	}
	b.release(40)
	if b.free != 16 {
		t.Errorf("%d bytes free after every scan, want 16", b.free)
	}
}
