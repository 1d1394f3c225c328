package blocks

import (
	"github.com/union-benefits/portal/bff/internal/jsonapi"
	"github.com/union-benefits/portal/bff/internal/portal"
)

// ColumnsPromo is two or three columns of promotions: the columns_promo bundle.
type ColumnsPromo struct {
	Type              string       `json:"type"`
	ID                string       `json:"id"`
	Headline          string       `json:"headline,omitempty"`
	DisableDecoration bool         `json:"disableDecoration"`
	Items             []ColumnItem `json:"items"`
	Link              *portal.Link `json:"link,omitempty"`
	LinkSecondary     *portal.Link `json:"linkSecondary,omitempty"`

	linkSecondary *portal.CMSLink
	main          mainLink
}

// ColumnItem is one column of a ColumnsPromo: the column_item bundle.
type ColumnItem struct {
	Image    *portal.Image `json:"image,omitempty"`
	Headline string        `json:"headline"`
	HTML     portal.HTML   `json:"html,omitzero"`
	Link     *portal.Link  `json:"link,omitempty"`

	window
	main mainLink
}

func init() {
	register("columns_promo", func(p *paragraph) ColumnsPromo {
		var raw struct {
			Headline          jsonapi.Text    `json:"headline"`
			DisableDecoration jsonapi.Boolean `json:"disable_decoration"`
			LinkSecondary     jsonapi.Link    `json:"link_secondary"`
			rawMainLink
		}
		p.attrs(&raw)
		return ColumnsPromo{
			Type: "columns_promo", ID: p.id(), Headline: string(raw.Headline), DisableDecoration: bool(raw.DisableDecoration),
			linkSecondary: raw.LinkSecondary.CMSLink, main: raw.mainLink(),
			Items: items(p, func(it *paragraph) ColumnItem {
				var raw struct {
					rawCopy
					rawMainLink
				}
				it.attrs(&raw)
				return ColumnItem{
					window: it.window(), Image: portal.StyledImage(it.image("image"), "600x315"), Headline: string(raw.Headline),
					HTML: raw.html(), main: raw.mainLink(),
				}
			}, "two_three", "items"),
		}
	})
}

func (b ColumnsPromo) BlockType() string { return b.Type }

// For keeps the columns active at the reader's time, with the links the reader follows.
func (b ColumnsPromo) For(r portal.BlockReader) portal.Block {
	b.Link, b.LinkSecondary = b.main.For(r), r.Link(b.linkSecondary)
	b.Items = active(r, b.Items, func(it ColumnItem) ColumnItem {
		it.Link = it.main.For(r)
		return it
	})
	return b
}
