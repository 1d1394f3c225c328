package blocks

import (
	"github.com/union-benefits/portal/bff/internal/jsonapi"
	"github.com/union-benefits/portal/bff/internal/portal"
)

// SeventyThirty is a wide column of text beside a narrow image: the seventy_thirty bundle.
type SeventyThirty struct {
	Type          string        `json:"type"`
	ID            string        `json:"id"`
	Eyebrow       string        `json:"eyebrow,omitempty"`
	Headline      string        `json:"headline"`
	HTML          portal.HTML   `json:"html"`
	Image         *portal.Image `json:"image,omitempty"`
	ImageLayout   string        `json:"imageLayout"` // left or right
	Link          *portal.Link  `json:"link,omitempty"`
	LinkSecondary *portal.Link  `json:"linkSecondary,omitempty"`

	linkSecondary *portal.CMSLink
	main          mainLink
}

func init() {
	register("seventy_thirty", func(p *paragraph) SeventyThirty {
		var raw struct {
			rawCopy
			ImageLayout   jsonapi.Text `json:"image_layout"`
			LinkSecondary jsonapi.Link `json:"link_secondary"`
			rawMainLink
		}
		p.attrs(&raw)
		return SeventyThirty{
			Type: "seventy_thirty", ID: p.id(), Eyebrow: string(raw.Eyebrow), Headline: string(raw.Headline), HTML: raw.html(),
			Image: portal.StyledImage(p.image("image"), "372x372"), ImageLayout: imageSide(raw.ImageLayout),
			linkSecondary: raw.LinkSecondary.CMSLink, main: raw.mainLink(),
		}
	})
}

func (b SeventyThirty) BlockType() string { return b.Type }

// For chooses the links for the reader.
func (b SeventyThirty) For(r portal.BlockReader) portal.Block {
	b.Link, b.LinkSecondary = b.main.For(r), r.Link(b.linkSecondary)
	return b
}
