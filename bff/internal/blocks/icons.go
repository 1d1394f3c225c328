package blocks

import (
	"github.com/union-benefits/portal/bff/internal/jsonapi"
	"github.com/union-benefits/portal/bff/internal/portal"
)

// Icons is a row of icon cards: the icons bundle.
type Icons struct {
	Type     string     `json:"type"`
	ID       string     `json:"id"`
	Headline string     `json:"headline,omitempty"`
	Items    []IconItem `json:"items"`
}

// IconItem is one card of an Icons block: the icon_item bundle. Its icon is shown as uploaded, in
// no image style.
type IconItem struct {
	Icon     *portal.Image `json:"icon,omitempty"`
	Headline string        `json:"headline"`
	HTML     portal.HTML   `json:"html"`
	Link     *portal.Link  `json:"link,omitempty"`

	window
	main mainLink
}

func init() {
	register("icons", func(p *paragraph) Icons {
		var raw struct {
			Headline jsonapi.Text `json:"headline"`
		}
		p.attrs(&raw)
		return Icons{
			Type: "icons", ID: p.id(), Headline: string(raw.Headline),
			Items: items(p, func(it *paragraph) IconItem {
				var raw struct {
					rawCopy
					rawMainLink
				}
				it.attrs(&raw)
				return IconItem{
					window: it.window(), Icon: it.image("icon"), Headline: string(raw.Headline),
					HTML: raw.html(), main: raw.mainLink(),
				}
			}, "items", "two_three"),
		}
	})
}

func (b Icons) BlockType() string { return b.Type }

// For keeps the items active at the reader's time, with the links the reader follows.
func (b Icons) For(r portal.BlockReader) portal.Block {
	b.Items = active(r, b.Items, func(it IconItem) IconItem {
		it.Link = it.main.For(r)
		return it
	})
	return b
}
