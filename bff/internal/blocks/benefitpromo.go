package blocks

import (
	"encoding/json"

	"github.com/union-benefits/portal/bff/internal/jsonapi"
	"github.com/union-benefits/portal/bff/internal/portal"
)

// BenefitPromo promotes one benefit page: its title, a subtitle and a link to it. It is the
// benefit_promo bundle, whose headline and image fall back to the promoted benefit's.
type BenefitPromo struct {
	head                      // type, id
	Eyebrow     string        `json:"eyebrow,omitempty"`
	Headline    string        `json:"headline"`
	Subtitle    string        `json:"subtitle,omitempty"`
	HTML        portal.HTML   `json:"html,omitzero"`
	Image       *portal.Image `json:"image,omitempty"`
	ImageLayout string        `json:"imageLayout"`
	linked                    // link
}

func init() {
	register("benefit_promo", func(p *paragraph) BenefitPromo {
		var raw struct {
			rawCopy
			ImageLayout jsonapi.Text `json:"image_layout"`
			Subtitle    jsonapi.Text `json:"benefit_promo_subtitle"`
			Reference   benefitRef   `json:"benefit_promo_reference"`
			LinkText    jsonapi.Text `json:"benefit_promo_link_text"`
			rawMainLink
		}
		p.attrs(&raw)
		b := BenefitPromo{
			head: p.head("benefit_promo"), Eyebrow: string(raw.Eyebrow),
			Headline: firstNonEmpty(string(raw.Headline), string(raw.Reference.Title)),
			Subtitle: string(raw.Subtitle), HTML: raw.html(),
			Image:       portal.StyledImage(firstImage(p.image("benefit_promo_source_image"), p.image("image")), "385x315"),
			ImageLayout: imageSide(raw.ImageLayout), linked: raw.linked(),
		}
		// The link to the promoted benefit page is the block's link for everyone, since the
		// promotion exists to send readers there.
		if path := string(raw.Reference.Path); path != "" {
			b.main = mainLink{link: &portal.CMSLink{URL: path, Title: firstNonEmpty(string(raw.LinkText), "Learn more")}}
		}
		return b
	})
}

// benefitRef is the benefit page a benefit_promo points at.
type benefitRef struct {
	Path  jsonapi.Text `json:"path"`
	Title jsonapi.Text `json:"title"`
}

// UnmarshalJSON reads anything but an object as no benefit.
func (r *benefitRef) UnmarshalJSON(b []byte) error {
	type fields benefitRef // without this method
	var f fields
	if json.Unmarshal(b, &f) == nil {
		*r = benefitRef(f)
	}
	return nil
}

// For chooses the link for the reader.
func (b BenefitPromo) For(r portal.BlockReader) portal.Block {
	b.chooseLinks(r)
	return b
}
