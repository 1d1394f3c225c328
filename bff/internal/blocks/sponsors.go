package blocks

import (
	"github.com/union-benefits/portal/bff/internal/jsonapi"
	"github.com/union-benefits/portal/bff/internal/portal"
)

// Sponsors is a set of sponsor logos: sponsor_grid lays them out, sponsor_slider slides. The two
// bundles differ only in layout.
type Sponsors struct {
	titled               // type (sponsor_grid or sponsor_slider), id, headline
	Items  []SponsorItem `json:"items"`
}

// SponsorItem is one sponsor logo, linked to the sponsor when a link is given: the sponsor_item
// bundle.
type SponsorItem struct {
	Image  *portal.Image `json:"image,omitempty"`
	linked               // link
	window
}

func init() {
	register("sponsor_grid", readSponsors)
	register("sponsor_slider", readSponsors)
}

func readSponsors(p *paragraph) Sponsors {
	return Sponsors{
		titled: p.titled(p.bundle()),
		Items: items(p, func(it *paragraph) SponsorItem {
			var raw struct {
				ImageAlt jsonapi.Text `json:"image_alt"`
				rawMainLink
			}
			it.attrs(&raw)
			return SponsorItem{
				window: it.window(), Image: portal.StyledImage(withAlt(it.image("image"), string(raw.ImageAlt)), "250x200"),
				linked: raw.linked(),
			}
		}, "items"),
	}
}

// For keeps the logos active at the reader's time, with the links the reader follows.
func (b Sponsors) For(r portal.BlockReader) portal.Block {
	b.Items = active(r, b.Items, withLinks[SponsorItem](r))
	return b
}
