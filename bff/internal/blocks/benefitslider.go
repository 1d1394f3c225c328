package blocks

import (
	"github.com/union-benefits/portal/bff/internal/jsonapi"
	"github.com/union-benefits/portal/bff/internal/portal"
)

// BenefitSlider slides through benefits, with or without their images: the benefit_slider
// bundle.
type BenefitSlider struct {
	head                    // type, id
	intro                   // headline, description
	linked                  // link
	UseImages bool          `json:"useImages"`
	Items     []BenefitItem `json:"items"`
}

// BenefitItem is one slide of a BenefitSlider: the benefit_item bundle. Its Image is nil unless
// its slider uses images.
type BenefitItem struct {
	Image *portal.Image `json:"image,omitempty"`
	card                // headline, description, link
	window
}

func init() {
	register("benefit_slider", func(p *paragraph) BenefitSlider {
		var raw struct {
			UseImages jsonapi.Boolean `json:"use_images"`
			rawMainLink
		}
		p.attrs(&raw)
		return BenefitSlider{
			head: p.head("benefit_slider"), intro: p.intro(), linked: raw.linked(), UseImages: bool(raw.UseImages),
			Items: items(p, func(it *paragraph) BenefitItem {
				out := BenefitItem{card: it.card(), window: it.window()}
				if raw.UseImages {
					out.Image = portal.StyledImage(it.image("image"), "600x315")
				}
				return out
			}, "items"),
		}
	})
}

// For keeps the slides active at the reader's time, with the links the reader follows.
func (b BenefitSlider) For(r portal.BlockReader) portal.Block {
	b.chooseLinks(r)
	b.Items = active(r, b.Items, withLinks[BenefitItem](r))
	return b
}
