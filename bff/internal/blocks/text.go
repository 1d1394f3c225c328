package blocks

import (
	"github.com/union-benefits/portal/bff/internal/jsonapi"
	"github.com/union-benefits/portal/bff/internal/portal"
)

// Text is a headline over rich text: the text_block bundle.
type Text struct {
	Type     string      `json:"type"`
	ID       string      `json:"id"`
	Headline string      `json:"headline,omitempty"`
	HTML     portal.HTML `json:"html"`
}

func init() {
	register("text_block", func(p *paragraph) Text {
		var raw struct {
			Headline jsonapi.Text   `json:"headline"`
			Body     jsonapi.Markup `json:"body"`
		}
		p.attrs(&raw)
		return Text{Type: "text_block", ID: p.id(), Headline: string(raw.Headline), HTML: raw.Body.HTML}
	})
}

func (b Text) BlockType() string { return b.Type }

// For is the same for every reader.
func (b Text) For(portal.BlockReader) portal.Block { return b }
