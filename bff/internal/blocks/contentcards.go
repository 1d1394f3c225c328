package blocks

import (
	"github.com/union-benefits/portal/bff/internal/jsonapi"
	"github.com/union-benefits/portal/bff/internal/portal"
)

// ContentCards is a row of cards pointing at other content: featured_content picks site content,
// manual_content cards are written by hand.
type ContentCards struct {
	titled                 // type (featured_content or manual_content), id, headline
	Items    []ContentCard `json:"items"`
	linkPair               // link, linkSecondary
}

// ContentCard is one card of a ContentCards block: the featured_item or manual_item bundle.
type ContentCard struct {
	Image *portal.Image `json:"image,omitempty"`
	card                // headline, description, link
	window
}

func init() {
	register("featured_content", readContentCards(readFeaturedCard, "featured_items", "items"))
	register("manual_content", readContentCards(readManualCard, "items"))
}

// readContentCards is the reader of either bundle, which reads its cards with readCard from the
// first of names that holds any.
func readContentCards(readCard func(*paragraph) ContentCard, names ...string) func(*paragraph) ContentCards {
	return func(p *paragraph) ContentCards {
		var raw rawLinkPair
		p.attrs(&raw)
		return ContentCards{titled: p.titled(p.bundle()), linkPair: raw.linkPair(), Items: items(p, readCard, names...)}
	}
}

// readFeaturedCard reads a featured_item: a site page the CMS picked.
func readFeaturedCard(it *paragraph) ContentCard {
	var raw struct {
		Title       jsonapi.Text `json:"title"`
		Headline    jsonapi.Text `json:"headline"`
		Description jsonapi.Text `json:"description"`
		Path        jsonapi.Text `json:"path"`
		ImageID     jsonapi.Text `json:"image_id"`
	}
	it.attrs(&raw)
	// Its image is the image relationship, or else the stored file image_id names (spec 3 §3).
	img := it.image("image")
	if img == nil {
		img = it.storedImage(string(raw.ImageID))
	}
	c := ContentCard{
		window: it.window(), Image: portal.StyledImage(img, "600x315"),
		card: card{Headline: firstNonEmpty(string(raw.Title), string(raw.Headline)), Description: string(raw.Description)},
	}
	// Its link is the page's path under its title, the same for every reader.
	if raw.Path != "" {
		c.main = mainLink{link: &portal.CMSLink{URL: string(raw.Path), Title: c.Headline}}
	}
	return c
}

// readManualCard reads a manual_item: a card written by hand.
func readManualCard(it *paragraph) ContentCard {
	var raw struct {
		Headline   jsonapi.Text `json:"headline"`
		SubHeading jsonapi.Text `json:"sub_heading"`
		rawMainLink
	}
	it.attrs(&raw)
	// A card's link without a title of its own is named after the card.
	main := raw.mainLink()
	for _, l := range []*portal.CMSLink{main.link, main.member} {
		if l != nil && l.Title == "" {
			l.Title = string(raw.Headline)
		}
	}
	return ContentCard{
		window: it.window(), Image: portal.StyledImage(it.image("image"), "600x470"),
		card: card{Headline: string(raw.Headline), Description: string(raw.SubHeading), linked: linked{main: main}},
	}
}

// For keeps the cards active at the reader's time, with the links the reader follows.
func (b ContentCards) For(r portal.BlockReader) portal.Block {
	b.chooseLinks(r)
	b.Items = active(r, b.Items, withLinks[ContentCard](r))
	return b
}
