package blocks

import (
	"github.com/union-benefits/portal/bff/internal/jsonapi"
	"github.com/union-benefits/portal/bff/internal/portal"
)

// ContentCards is a row of cards pointing at other content: featured_content picks site content,
// manual_content cards are written by hand.
type ContentCards struct {
	Type          string        `json:"type"` // featured_content or manual_content
	ID            string        `json:"id"`
	Headline      string        `json:"headline,omitempty"`
	Items         []ContentCard `json:"items"`
	Link          *portal.Link  `json:"link,omitempty"`
	LinkSecondary *portal.Link  `json:"linkSecondary,omitempty"`

	linkSecondary *portal.CMSLink
	main          mainLink
}

// ContentCard is one card of a ContentCards block: the featured_item or manual_item bundle.
type ContentCard struct {
	Image       *portal.Image `json:"image,omitempty"`
	Headline    string        `json:"headline"`
	Description string        `json:"description,omitempty"`
	Link        *portal.Link  `json:"link,omitempty"`

	window
	main mainLink
}

func init() {
	register("featured_content", func(p *paragraph) ContentCards {
		b := readContentCards(p, "featured_content")
		b.Items = items(p, func(it *paragraph) ContentCard {
			var raw struct {
				Title       jsonapi.Text `json:"title"`
				Headline    jsonapi.Text `json:"headline"`
				Description jsonapi.Text `json:"description"`
				Path        jsonapi.Text `json:"path"`
			}
			it.attrs(&raw)
			card := ContentCard{
				window: it.window(), Image: portal.StyledImage(it.image("image"), "600x315"),
				Headline: firstNonEmpty(string(raw.Title), string(raw.Headline)), Description: string(raw.Description),
			}
			// A site page the CMS picked: its link is the page's path under its title, the same
			// for every reader.
			if raw.Path != "" {
				card.main = mainLink{link: &portal.CMSLink{URL: string(raw.Path), Title: card.Headline}}
			}
			return card
		}, "featured_items", "items")
		return b
	})
	register("manual_content", func(p *paragraph) ContentCards {
		b := readContentCards(p, "manual_content")
		b.Items = items(p, func(it *paragraph) ContentCard {
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
				Headline: string(raw.Headline), Description: string(raw.SubHeading), main: main,
			}
		}, "items")
		return b
	})
}

// readContentCards reads what both bundles hold besides their cards.
func readContentCards(p *paragraph, bundle string) ContentCards {
	var raw struct {
		Headline      jsonapi.Text `json:"headline"`
		LinkSecondary jsonapi.Link `json:"link_secondary"`
		rawMainLink
	}
	p.attrs(&raw)
	return ContentCards{
		Type: bundle, ID: p.id(), Headline: string(raw.Headline),
		linkSecondary: raw.LinkSecondary.CMSLink, main: raw.mainLink(),
	}
}

func (b ContentCards) BlockType() string { return b.Type }

// For keeps the cards active at the reader's time, with the links the reader follows.
func (b ContentCards) For(r portal.BlockReader) portal.Block {
	b.Link, b.LinkSecondary = b.main.For(r), r.Link(b.linkSecondary)
	b.Items = active(r, b.Items, func(it ContentCard) ContentCard {
		it.Link = it.main.For(r)
		return it
	})
	return b
}
