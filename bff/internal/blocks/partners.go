package blocks

import (
	"github.com/union-benefits/portal/bff/internal/jsonapi"
	"github.com/union-benefits/portal/bff/internal/portal"
)

// Partners lists partner logos in sections: the partners bundle. Premiere sections show larger
// logos.
type Partners struct {
	titled                     // type, id, headline
	Sections []PartnersSection `json:"sections"`
}

// PartnersSection is one titled group of partners, all of one size: the partners_section bundle.
type PartnersSection struct {
	Headline string        `json:"headline,omitempty"`
	Size     string        `json:"size"` // premiere or other
	Items    []PartnerItem `json:"items"`

	window
}

// PartnerItem is one partner's logo, link and blurb: the partner_item bundle.
type PartnerItem struct {
	Image  *portal.Image `json:"image,omitempty"`
	linked               // link
	HTML   portal.HTML   `json:"html,omitzero"`
	window
}

func init() {
	register("partners", func(p *paragraph) Partners {
		return Partners{titled: p.titled("partners"), Sections: items(p, readPartnersSection, "sections")}
	})
}

// readPartnersSection reads a section and its logos, larger in a premiere section.
func readPartnersSection(it *paragraph) PartnersSection {
	var raw struct {
		Headline     jsonapi.Text `json:"headline"`
		PartnersSize jsonapi.Text `json:"partners_size"`
	}
	it.attrs(&raw)
	size, style := "other", "200w"
	if raw.PartnersSize == "premiere" {
		size, style = "premiere", "312w"
	}
	return PartnersSection{
		window: it.window(), Headline: string(raw.Headline), Size: size,
		Items: items(it, func(it *paragraph) PartnerItem {
			var raw struct {
				DescFormatted jsonapi.Markup `json:"desc_formatted"`
				Description   jsonapi.Text   `json:"description"`
				rawMainLink
			}
			it.attrs(&raw)
			return PartnerItem{
				window: it.window(), Image: portal.StyledImage(it.image("image"), style), linked: raw.linked(),
				HTML: richOrText(raw.DescFormatted.HTML, string(raw.Description)),
			}
		}, "items"),
	}
}

// For keeps the sections, and the logos in them, active at the reader's time, with the links
// the reader follows.
func (b Partners) For(r portal.BlockReader) portal.Block {
	b.Sections = active(r, b.Sections, func(s PartnersSection) PartnersSection {
		s.Items = active(r, s.Items, withLinks[PartnerItem](r))
		return s
	})
	return b
}
