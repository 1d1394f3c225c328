package blocks

import (
	"github.com/union-benefits/portal/bff/internal/jsonapi"
	"github.com/union-benefits/portal/bff/internal/portal"
)

// Text is a headline over rich text: the text_block bundle. Its link is a call to action under the
// text, or, when the editor gave it the embedded-form type, the form itself (spec 3 §4).
type Text struct {
	Type     string      `json:"type"`
	ID       string      `json:"id"`
	Headline string      `json:"headline,omitempty"`
	HTML     portal.HTML `json:"html"`
	linked               // link
}

func init() {
	register("text_block", func(p *paragraph) Text {
		var raw struct {
			Headline jsonapi.Text   `json:"headline"`
			Body     jsonapi.Markup `json:"body"`
			rawMainLink
		}
		p.attrs(&raw)
		return Text{Type: "text_block", ID: p.id(), Headline: string(raw.Headline), HTML: raw.Body.HTML, linked: raw.linked()}
	})
}

func (b Text) BlockType() string { return b.Type }

// For chooses the link for the reader.
func (b Text) For(r portal.BlockReader) portal.Block {
	b.chooseLinks(r)
	return b
}
