package blocks

import (
	"github.com/union-benefits/portal/bff/internal/jsonapi"
	"github.com/union-benefits/portal/bff/internal/portal"
)

// ColumnsPromo is two or three columns of promotions: the columns_promo bundle.
type ColumnsPromo struct {
	titled                         // type, id, headline
	DisableDecoration bool         `json:"disableDecoration"`
	Items             []ColumnItem `json:"items"`
	linkPair                       // link, linkSecondary
}

// ColumnItem is one column of a ColumnsPromo: the column_item bundle.
type ColumnItem struct {
	Image    *portal.Image `json:"image,omitempty"`
	Headline string        `json:"headline"`
	HTML     portal.HTML   `json:"html,omitzero"`
	linked                 // link
	window
}

func init() {
	register("columns_promo", func(p *paragraph) ColumnsPromo {
		var raw struct {
			DisableDecoration jsonapi.Boolean `json:"disable_decoration"`
			rawLinkPair
		}
		p.attrs(&raw)
		return ColumnsPromo{
			titled: p.titled("columns_promo"), DisableDecoration: bool(raw.DisableDecoration), linkPair: raw.linkPair(),
			Items: items(p, func(it *paragraph) ColumnItem {
				var raw struct {
					rawCopy
					rawMainLink
				}
				it.attrs(&raw)
				return ColumnItem{
					window: it.window(), Image: portal.StyledImage(it.image("image"), "600x315"), Headline: string(raw.Headline),
					HTML: raw.html(), linked: raw.linked(),
				}
			}, "two_three", "items"),
		}
	})
}

// For keeps the columns active at the reader's time, with the links the reader follows.
func (b ColumnsPromo) For(r portal.BlockReader) portal.Block {
	b.chooseLinks(r)
	b.Items = active(r, b.Items, withLinks[ColumnItem](r))
	return b
}
