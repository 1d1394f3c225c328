package cms

import (
	"slices"
	"testing"
)

func TestTableRowsAreRectangularText(t *testing.T) {
	got := tableRows([]any{[]any{"Plan", "Price", "Note"}, []any{"Basic", 9.5}, "junk"})
	want := [][]string{{"Plan", "Price", "Note"}, {"Basic", "9.5", ""}, {"", "", ""}}
	for i := range want {
		if !slices.Equal(got[i], want[i]) {
			t.Fatalf("rows %q; want %q", got, want)
		}
	}
}
