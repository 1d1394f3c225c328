package portal

import (
	"encoding/json"
	"html"
)

// HTML is markup safe to draw as it is, the only type of a field the frontend sets as inner
// HTML. Only RichText (sanitised CMS HTML) and PlainText (escaped text) make one: its markup is
// unexported, so no plain string becomes HTML by assignment or conversion anywhere else, and a
// CMS field that arrives as a bare string cannot slip past the sanitiser into a page.
type HTML struct{ markup string }

// RichText is CMS HTML made safe to draw: node bodies, paragraphs, and the HTML of site
// variables (form texts, disclaimers).
func RichText(src string) HTML { return HTML{richText.Sanitize(src)} }

// PlainText is text shown where HTML goes: escaped, so markup in it reads as text.
func PlainText(s string) HTML { return HTML{html.EscapeString(s)} }

// String is the markup.
func (h HTML) String() string { return h.markup }

// IsZero is true for no markup, so `omitzero` leaves an empty field out of a document.
func (h HTML) IsZero() bool { return h.markup == "" }

// MarshalJSON writes the markup as a JSON string.
func (h HTML) MarshalJSON() ([]byte, error) { return json.Marshal(h.markup) }

// UnmarshalJSON reads a JSON string as CMS HTML, sanitising it: decoding cannot forge HTML either.
func (h *HTML) UnmarshalJSON(b []byte) error {
	var s string
	if err := json.Unmarshal(b, &s); err != nil {
		return err
	}
	*h = RichText(s)
	return nil
}
