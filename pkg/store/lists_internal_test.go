package store

import (
	"slices"
	"testing"
)

// An owner's page merges the public and the unlisted partitions by start,
// and stops where a partition's read was cut, so no event of the other
// beyond that point is listed before the ones it has not read yet.
func TestMergeOwned(t *testing.T) {
	items := func(sks ...string) []eventItem {
		out := make([]eventItem, len(sks))
		for i, sk := range sks {
			out[i] = eventItem{GSI2SK: sk}
		}
		return out
	}
	sks := func(its []eventItem) []string {
		out := make([]string, len(its))
		for i, it := range its {
			out[i] = it.GSI2SK
		}
		return out
	}
	for _, tc := range []struct {
		name  string
		in    []eventItem
		edge  string
		limit int
		want  []string
	}{
		{"in order", items("b", "d", "a", "c"), "", 10, []string{"a", "b", "c", "d"}},
		{"to the limit", items("b", "d", "a", "c"), "", 3, []string{"a", "b", "c"}},
		{"to a cut read's last", items("b", "d", "a", "c"), "b", 10, []string{"a", "b"}},
		{"the edge itself kept", items("a", "c"), "c", 1, []string{"a"}},
	} {
		if got := sks(mergeOwned(tc.in, tc.edge, tc.limit)); !slices.Equal(got, tc.want) {
			t.Errorf("%s: %v, want %v", tc.name, got, tc.want)
		}
	}
}
