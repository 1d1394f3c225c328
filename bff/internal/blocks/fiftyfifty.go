package blocks

import (
	"github.com/union-benefits/portal/bff/internal/jsonapi"
	"github.com/union-benefits/portal/bff/internal/portal"
)

// FiftyFifty is text beside an image, the image on the left or the right: the fifty_fifty
// bundle. With a YouTubeID the image is a poster whose play button opens the video overlay.
type FiftyFifty struct {
	head                   // type, id
	sideImage              // eyebrow, headline, html, image, imageLayout
	ImageLink *portal.Link `json:"imageLink,omitempty"`
	YouTubeID string       `json:"youTubeId,omitempty"`
	linkPair               // link, linkSecondary
	linkList               // linksSix

	imageLink *portal.CMSLink
}

func init() {
	register("fifty_fifty", func(p *paragraph) FiftyFifty {
		var raw struct {
			ImageLink jsonapi.Link `json:"image_link"`
			YouTubeID jsonapi.Text `json:"you_tube_id"`
			rawLinkPair
			rawLinkList
		}
		p.attrs(&raw)
		return FiftyFifty{
			head: p.head("fifty_fifty"), sideImage: p.sideImage("800x490"),
			YouTubeID: jsonapi.YouTubeID(string(raw.YouTubeID)),
			imageLink: raw.ImageLink.CMSLink, linkPair: raw.linkPair(), linkList: raw.linkList(),
		}
	})
}

// For chooses the links for the reader.
func (b FiftyFifty) For(r portal.BlockReader) portal.Block {
	b.ImageLink = r.Link(b.imageLink)
	b.linkPair.chooseLinks(r)
	b.linkList.chooseLinks(r)
	return b
}
