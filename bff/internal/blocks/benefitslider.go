package blocks

import (
	"github.com/union-benefits/portal/bff/internal/jsonapi"
	"github.com/union-benefits/portal/bff/internal/portal"
)

// BenefitSlider slides through benefits, with or without their images: the benefit_slider
// bundle.
type BenefitSlider struct {
	Type        string        `json:"type"`
	ID          string        `json:"id"`
	Headline    string        `json:"headline,omitempty"`
	Description string        `json:"description,omitempty"`
	Link        *portal.Link  `json:"link,omitempty"`
	UseImages   bool          `json:"useImages"`
	Items       []BenefitItem `json:"items"`

	main mainLink
}

// BenefitItem is one slide of a BenefitSlider: the benefit_item bundle. Its Image is nil unless
// its slider uses images.
type BenefitItem struct {
	Image       *portal.Image `json:"image,omitempty"`
	Headline    string        `json:"headline"`
	Description string        `json:"description,omitempty"`
	Link        *portal.Link  `json:"link,omitempty"`

	window
	main mainLink
}

func init() {
	register("benefit_slider", func(p *paragraph) BenefitSlider {
		var raw struct {
			Headline    jsonapi.Text    `json:"headline"`
			Description jsonapi.Text    `json:"description"`
			UseImages   jsonapi.Boolean `json:"use_images"`
			rawMainLink
		}
		p.attrs(&raw)
		return BenefitSlider{
			Type: "benefit_slider", ID: p.id(), Headline: string(raw.Headline), Description: string(raw.Description),
			UseImages: bool(raw.UseImages), main: raw.mainLink(),
			Items: items(p, func(it *paragraph) BenefitItem {
				var item struct {
					Headline    jsonapi.Text `json:"headline"`
					Description jsonapi.Text `json:"description"`
					rawMainLink
				}
				it.attrs(&item)
				out := BenefitItem{
					window: it.window(), Headline: string(item.Headline), Description: string(item.Description),
					main: item.mainLink(),
				}
				if raw.UseImages {
					out.Image = portal.StyledImage(it.image("image"), "600x315")
				}
				return out
			}, "items"),
		}
	})
}

func (b BenefitSlider) BlockType() string { return b.Type }

// For keeps the slides active at the reader's time, with the links the reader follows.
func (b BenefitSlider) For(r portal.BlockReader) portal.Block {
	b.Link = b.main.For(r)
	b.Items = active(r, b.Items, func(it BenefitItem) BenefitItem {
		it.Link = it.main.For(r)
		return it
	})
	return b
}
