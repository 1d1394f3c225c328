package blocks

import (
	"github.com/union-benefits/portal/bff/internal/portal"
)

// SeventyThirty is a wide column of text beside a narrow image: the seventy_thirty bundle.
type SeventyThirty struct {
	head      // type, id
	sideImage // eyebrow, headline, html, image, imageLayout
	linkPair  // link, linkSecondary
	linkList  // linksSix
}

func init() {
	register("seventy_thirty", func(p *paragraph) SeventyThirty {
		var raw struct {
			rawLinkPair
			rawLinkList
		}
		p.attrs(&raw)
		return SeventyThirty{
			head: p.head("seventy_thirty"), sideImage: p.sideImage("372x372"),
			linkPair: raw.linkPair(), linkList: raw.linkList(),
		}
	})
}

// For chooses the links for the reader.
func (b SeventyThirty) For(r portal.BlockReader) portal.Block {
	b.linkPair.chooseLinks(r)
	b.linkList.chooseLinks(r)
	return b
}
