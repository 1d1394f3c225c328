package blocks

import (
	"github.com/union-benefits/portal/bff/internal/jsonapi"
	"github.com/union-benefits/portal/bff/internal/portal"
)

// CategorySlider slides through benefit categories one at a time, vertically: the category_slider
// bundle, the vertical slider of spec 3 §9 (1 item, speed 900). Each slide's image is in style
// 635x640, the one style of spec 3 §9 no other block names.
type CategorySlider struct {
	head                  // type, id
	intro                 // headline, description
	linked                // link
	Items  []CategoryItem `json:"items"`
}

// CategoryItem is one slide of a CategorySlider: the category_item bundle.
type CategoryItem struct {
	Headline string        `json:"headline"`
	Image    *portal.Image `json:"image,omitempty"`
	HTML     portal.HTML   `json:"html,omitzero"`
	linked                 // link
	window
}

func init() {
	register("category_slider", func(p *paragraph) CategorySlider {
		var raw rawMainLink
		p.attrs(&raw)
		return CategorySlider{
			head: p.head("category_slider"), intro: p.intro(), linked: raw.linked(),
			Items: items(p, func(it *paragraph) CategoryItem {
				var raw struct {
					rawCopy
					ImageAlt jsonapi.Text `json:"image_alt"`
					rawMainLink
				}
				it.attrs(&raw)
				return CategoryItem{
					window: it.window(), Headline: string(raw.Headline),
					Image: portal.StyledImage(withAlt(it.image("image"), string(raw.ImageAlt)), "635x640"),
					HTML:  firstHTML(raw.Body.HTML, raw.DescFormatted.HTML), linked: raw.linked(),
				}
			}, "items"),
		}
	})
}

// For keeps the slides active at the reader's time, with the links the reader follows.
func (b CategorySlider) For(r portal.BlockReader) portal.Block {
	b.chooseLinks(r)
	b.Items = active(r, b.Items, withLinks[CategoryItem](r))
	return b
}
