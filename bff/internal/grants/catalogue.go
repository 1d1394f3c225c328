package grants

import (
	"strings"
	"unicode"
)

// Form is a catalogue entry (spec 2 §3 Form) with its id as the /form/{id} route has it.
type Form struct {
	ID                 string
	Title              string
	Kind               string // a key of grants.json's kinds; "" for an external-only form
	DrupalID           string // the backend form id
	WufooID            string // the external form id
	Height             int    // the frame's height, px
	UnionLocalRequired bool
}

// Grant reports whether the form is a portal form (it has a backend form id and a kind).
func (f Form) Grant() bool { return f.DrupalID != "" && f.Kind != "" }

// External reports whether the form is shown only as an external form in a frame.
func (f Form) External() bool { return !f.Grant() && f.WufooID != "" }

// Catalogue is the forms by id.
type Catalogue struct {
	forms []Form
}

// NewCatalogue is grants.json's catalogue with {product} in ids replaced by the product name as
// a slug ("Union Benefits" -> "union-benefits").
func NewCatalogue(productName string) Catalogue {
	slug := Slug(productName)
	c := Catalogue{}
	for _, e := range theRules.Forms {
		c.forms = append(c.forms, Form{
			ID:                 strings.ReplaceAll(e.ID, "{product}", slug),
			Title:              e.Title,
			Kind:               e.Kind,
			DrupalID:           e.DrupalID,
			WufooID:            e.WufooID,
			Height:             e.Height,
			UnionLocalRequired: e.UnionLocalRequired,
		})
	}
	return c
}

// Find is the form with id, if any.
func (c Catalogue) Find(id string) (Form, bool) {
	for _, f := range c.forms {
		if f.ID == id {
			return f, true
		}
	}
	return Form{}, false
}

// Forms lists the catalogue in grants.json's order.
func (c Catalogue) Forms() []Form { return append([]Form(nil), c.forms...) }

// Slug is a name in lower case with each run of other characters than letters and digits made
// one '-', none at either end.
func Slug(name string) string {
	var b strings.Builder
	dash := false
	for _, r := range strings.ToLower(name) {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			if dash && b.Len() > 0 {
				b.WriteByte('-')
			}
			dash = false
			b.WriteRune(r)
			continue
		}
		dash = true
	}
	return b.String()
}
