package blocks

import (
	"github.com/union-benefits/portal/bff/internal/jsonapi"
	"github.com/union-benefits/portal/bff/internal/portal"
)

// Sponsors is a set of sponsor logos: sponsor_grid lays them out, sponsor_slider slides. The two
// bundles differ only in layout.
type Sponsors struct {
	Type     string        `json:"type"` // sponsor_grid or sponsor_slider
	ID       string        `json:"id"`
	Headline string        `json:"headline,omitempty"`
	Items    []SponsorItem `json:"items"`
}

// SponsorItem is one sponsor logo, linked to the sponsor when a link is given: the sponsor_item
// bundle.
type SponsorItem struct {
	Image *portal.Image `json:"image,omitempty"`
	Link  *portal.Link  `json:"link,omitempty"`

	window
	main mainLink
}

func init() {
	register("sponsor_grid", readSponsors)
	register("sponsor_slider", readSponsors)
}

func readSponsors(p *paragraph) Sponsors {
	var raw struct {
		Headline jsonapi.Text `json:"headline"`
	}
	p.attrs(&raw)
	return Sponsors{
		Type: p.bundle(), ID: p.id(), Headline: string(raw.Headline),
		Items: items(p, func(it *paragraph) SponsorItem {
			var raw struct {
				ImageAlt jsonapi.Text `json:"image_alt"`
				rawMainLink
			}
			it.attrs(&raw)
			return SponsorItem{
				window: it.window(), Image: portal.StyledImage(withAlt(it.image("image"), string(raw.ImageAlt)), "250x200"),
				main: raw.mainLink(),
			}
		}, "items"),
	}
}

func (b Sponsors) BlockType() string { return b.Type }

// For keeps the logos active at the reader's time, with the links the reader follows.
func (b Sponsors) For(r portal.BlockReader) portal.Block {
	b.Items = active(r, b.Items, func(it SponsorItem) SponsorItem {
		it.Link = it.main.For(r)
		return it
	})
	return b
}
