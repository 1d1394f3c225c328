package blocks

import (
	"github.com/union-benefits/portal/bff/internal/portal"
)

// Icons is a row of icon cards: the icons bundle.
type Icons struct {
	titled            // type, id, headline
	Items  []IconItem `json:"items"`
}

// IconItem is one card of an Icons block: the icon_item bundle. Its icon is shown as uploaded, in
// no image style.
type IconItem struct {
	Icon     *portal.Image `json:"icon,omitempty"`
	Headline string        `json:"headline"`
	HTML     portal.HTML   `json:"html"`
	linked                 // link
	window
}

func init() {
	register("icons", func(p *paragraph) Icons {
		return Icons{
			titled: p.titled("icons"),
			Items: items(p, func(it *paragraph) IconItem {
				var raw struct {
					rawCopy
					rawMainLink
				}
				it.attrs(&raw)
				return IconItem{
					window: it.window(), Icon: it.image("icon"), Headline: string(raw.Headline),
					HTML: raw.html(), linked: raw.linked(),
				}
			}, "items", "two_three"),
		}
	})
}

// For keeps the items active at the reader's time, with the links the reader follows.
func (b Icons) For(r portal.BlockReader) portal.Block {
	b.Items = active(r, b.Items, withLinks[IconItem](r))
	return b
}
