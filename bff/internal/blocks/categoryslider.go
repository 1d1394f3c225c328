package blocks

import (
	"github.com/union-benefits/portal/bff/internal/jsonapi"
	"github.com/union-benefits/portal/bff/internal/portal"
)

// CategorySlider slides through benefit categories: the category_slider bundle.
type CategorySlider struct {
	Type        string         `json:"type"`
	ID          string         `json:"id"`
	Headline    string         `json:"headline,omitempty"`
	Description string         `json:"description,omitempty"`
	Link        *portal.Link   `json:"link,omitempty"`
	Items       []CategoryItem `json:"items"`

	main mainLink
}

// CategoryItem is one slide of a CategorySlider: the category_item bundle.
type CategoryItem struct {
	Headline string        `json:"headline"`
	Image    *portal.Image `json:"image,omitempty"`
	HTML     portal.HTML   `json:"html,omitzero"`
	Link     *portal.Link  `json:"link,omitempty"`

	window
	main mainLink
}

func init() {
	register("category_slider", func(p *paragraph) CategorySlider {
		var raw struct {
			Headline    jsonapi.Text `json:"headline"`
			Description jsonapi.Text `json:"description"`
			rawMainLink
		}
		p.attrs(&raw)
		return CategorySlider{
			Type: "category_slider", ID: p.id(), Headline: string(raw.Headline), Description: string(raw.Description),
			main: raw.mainLink(),
			Items: items(p, func(it *paragraph) CategoryItem {
				var raw struct {
					rawCopy
					ImageAlt jsonapi.Text `json:"image_alt"`
					rawMainLink
				}
				it.attrs(&raw)
				return CategoryItem{
					window: it.window(), Headline: string(raw.Headline),
					Image: portal.StyledImage(withAlt(it.image("image"), string(raw.ImageAlt)), "385x315"),
					HTML:  firstHTML(raw.Body.HTML, raw.DescFormatted.HTML), main: raw.mainLink(),
				}
			}, "items"),
		}
	})
}

func (b CategorySlider) BlockType() string { return b.Type }

// For keeps the slides active at the reader's time, with the links the reader follows.
func (b CategorySlider) For(r portal.BlockReader) portal.Block {
	b.Link = b.main.For(r)
	b.Items = active(r, b.Items, func(it CategoryItem) CategoryItem {
		it.Link = it.main.For(r)
		return it
	})
	return b
}
