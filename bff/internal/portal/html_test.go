package portal

import (
	"encoding/json"
	"testing"
)

func TestHTMLIsOnlyEverSanitisedOrEscapedMarkup(t *testing.T) {
	doc := struct {
		Body HTML `json:"body,omitzero"`
		Note HTML `json:"note,omitzero"`
	}{Body: RichText(`<p>ok<script>alert(1)</script></p>`)}
	b, err := json.Marshal(doc)
	if err != nil || string(b) != `{"body":"\u003cp\u003eok\u003c/p\u003e"}` {
		t.Fatalf("marshalled %s (%v): want the sanitised body and no empty note", b, err)
	}
	if got := PlainText(`<b>"hi"</b>`).String(); got != "&lt;b&gt;&#34;hi&#34;&lt;/b&gt;" {
		t.Fatalf("plain text %q, want it escaped", got)
	}
	// Decoding is no way around the sanitiser either.
	var h HTML
	if err := json.Unmarshal([]byte(`"<a href=\"javascript:x()\" onclick=\"y()\">z</a>"`), &h); err != nil || h.String() != "z" {
		t.Fatalf("decoded %q (%v), want the sanitised text", h.String(), err)
	}
}
