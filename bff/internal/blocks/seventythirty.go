package blocks

import (
	"github.com/union-benefits/portal/bff/internal/portal"
)

// SeventyThirty is a wide column of text beside a narrow image: the seventy_thirty bundle.
type SeventyThirty struct {
	head      // type, id
	sideImage // eyebrow, headline, html, image, imageLayout
	linkPair  // link, linkSecondary
}

func init() {
	register("seventy_thirty", func(p *paragraph) SeventyThirty {
		var raw rawLinkPair
		p.attrs(&raw)
		return SeventyThirty{head: p.head("seventy_thirty"), sideImage: p.sideImage("372x372"), linkPair: raw.linkPair()}
	})
}

// For chooses the links for the reader.
func (b SeventyThirty) For(r portal.BlockReader) portal.Block {
	b.chooseLinks(r)
	return b
}
