package blocks

import (
	"github.com/union-benefits/portal/bff/internal/jsonapi"
	"github.com/union-benefits/portal/bff/internal/portal"
)

// FiftyFifty is text beside an image, the image on the left or the right: the fifty_fifty
// bundle. With a YouTubeID the image is a poster whose play button opens the video overlay.
type FiftyFifty struct {
	Type          string        `json:"type"`
	ID            string        `json:"id"`
	Eyebrow       string        `json:"eyebrow,omitempty"`
	Headline      string        `json:"headline"`
	HTML          portal.HTML   `json:"html"`
	Image         *portal.Image `json:"image,omitempty"`
	ImageLayout   string        `json:"imageLayout"` // left or right
	ImageLink     *portal.Link  `json:"imageLink,omitempty"`
	YouTubeID     string        `json:"youTubeId,omitempty"`
	Link          *portal.Link  `json:"link,omitempty"`
	LinkSecondary *portal.Link  `json:"linkSecondary,omitempty"`

	imageLink, linkSecondary *portal.CMSLink
	main                     mainLink
}

func init() {
	register("fifty_fifty", func(p *paragraph) FiftyFifty {
		var raw struct {
			rawCopy
			ImageLayout   jsonapi.Text `json:"image_layout"`
			ImageLink     jsonapi.Link `json:"image_link"`
			YouTubeID     jsonapi.Text `json:"you_tube_id"`
			LinkSecondary jsonapi.Link `json:"link_secondary"`
			rawMainLink
		}
		p.attrs(&raw)
		return FiftyFifty{
			Type: "fifty_fifty", ID: p.id(), Eyebrow: string(raw.Eyebrow), Headline: string(raw.Headline), HTML: raw.html(),
			Image: portal.StyledImage(p.image("image"), "800x490"), ImageLayout: imageSide(raw.ImageLayout),
			YouTubeID: jsonapi.YouTubeID(string(raw.YouTubeID)),
			imageLink: raw.ImageLink.CMSLink, linkSecondary: raw.LinkSecondary.CMSLink, main: raw.mainLink(),
		}
	})
}

func (b FiftyFifty) BlockType() string { return b.Type }

// For chooses the links for the reader.
func (b FiftyFifty) For(r portal.BlockReader) portal.Block {
	b.ImageLink, b.Link, b.LinkSecondary = r.Link(b.imageLink), b.main.For(r), r.Link(b.linkSecondary)
	return b
}
