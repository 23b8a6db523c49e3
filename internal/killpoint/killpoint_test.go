package killpoint

import (
	"slices"
	"testing"
)

func TestReachCallsWhatIsSet(t *testing.T) {
	var seen []string
	Reach("before")
	Set(func(step string) { seen = append(seen, step) })
	Reach("journal")
	Reach("carry")
	Set(nil)
	Reach("after")
	if want := []string{"journal", "carry"}; !slices.Equal(seen, want) {
		t.Errorf("saw %v, want %v", seen, want)
	}
}
