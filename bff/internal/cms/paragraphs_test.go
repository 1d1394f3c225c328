package cms

import (
	"encoding/json"
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

func TestAFieldThatBecomesHTMLEscapesABareString(t *testing.T) {
	var m markup
	if err := json.Unmarshal([]byte(`"<img src=x onerror=alert(1)> & more"`), &m); err != nil {
		t.Fatal(err)
	}
	if got := m.String(); got != "&lt;img src=x onerror=alert(1)&gt; &amp; more" {
		t.Fatalf("a bare string became %q, want it escaped", got)
	}
	if err := json.Unmarshal([]byte(`{"value":"x","processed":"<p onclick=\"x()\">Hi</p>"}`), &m); err != nil {
		t.Fatal(err)
	}
	if got := m.String(); got != "<p>Hi</p>" {
		t.Fatalf("rich text became %q, want it sanitised", got)
	}
	if err := json.Unmarshal([]byte(`42`), &m); err != nil || !m.IsZero() {
		t.Fatalf("a number became %q (%v), want nothing", m.String(), err)
	}
}
