package blocks

import (
	"github.com/union-benefits/portal/bff/internal/jsonapi"
	"github.com/union-benefits/portal/bff/internal/portal"
)

// Grid is a set of cards: grid_simple shows them as a carousel, grid_scroll as a strip that
// scrolls sideways, optionally led by a larger featured promo. The two bundles differ only in
// layout.
type Grid struct {
	Type          string       `json:"type"` // grid_simple or grid_scroll
	ID            string       `json:"id"`
	Headline      string       `json:"headline,omitempty"`
	Description   string       `json:"description,omitempty"`
	Link          *portal.Link `json:"link,omitempty"`
	FeaturedPromo *GridPromo   `json:"featuredPromo,omitempty"`
	Items         []GridItem   `json:"items"`

	// promos are the featured promo candidates: the first one active at the reader's time leads.
	promos []GridPromo
	main   mainLink
}

// GridPromo is the featured card that leads a Grid: the grid_promo bundle. ImageMobile falls
// back to Image.
type GridPromo struct {
	Headline    string        `json:"headline"`
	Description string        `json:"description,omitempty"`
	Link        *portal.Link  `json:"link,omitempty"`
	Image       *portal.Image `json:"image,omitempty"`
	ImageMobile *portal.Image `json:"imageMobile,omitempty"`

	window
	main mainLink
}

// GridItem is one card of a Grid: the grid_item bundle.
type GridItem struct {
	Eyebrow     string        `json:"eyebrow,omitempty"`
	Headline    string        `json:"headline"`
	Description string        `json:"description,omitempty"`
	Link        *portal.Link  `json:"link,omitempty"`
	Image       *portal.Image `json:"image,omitempty"`

	window
	main mainLink
}

func init() {
	register("grid_simple", readGrid)
	register("grid_scroll", readGrid)
}

func readGrid(p *paragraph) Grid {
	var raw struct {
		Headline    jsonapi.Text `json:"headline"`
		Description jsonapi.Text `json:"description"`
		rawMainLink
	}
	p.attrs(&raw)
	return Grid{
		Type: p.bundle(), ID: p.id(), Headline: string(raw.Headline), Description: string(raw.Description), main: raw.mainLink(),
		promos: items(p, func(it *paragraph) GridPromo {
			var raw struct {
				Headline    jsonapi.Text `json:"headline"`
				Description jsonapi.Text `json:"description"`
				rawMainLink
			}
			it.attrs(&raw)
			img := it.image("image")
			return GridPromo{
				window: it.window(), Headline: string(raw.Headline), Description: string(raw.Description),
				Image:       portal.StyledImage(img, "800x490"),
				ImageMobile: portal.StyledImage(firstImage(it.image("image_mobile"), img), "412w"), main: raw.mainLink(),
			}
		}, "featured_promo"),
		Items: items(p, func(it *paragraph) GridItem {
			var raw struct {
				Eyebrow     jsonapi.Text `json:"eyebrow"`
				Headline    jsonapi.Text `json:"headline"`
				Description jsonapi.Text `json:"description"`
				SubHeading  jsonapi.Text `json:"sub_heading"`
				rawMainLink
			}
			it.attrs(&raw)
			return GridItem{
				window: it.window(), Eyebrow: string(raw.Eyebrow), Headline: string(raw.Headline),
				Description: firstNonEmpty(string(raw.Description), string(raw.SubHeading)),
				Image:       portal.StyledImage(it.image("image"), "385x315"), main: raw.mainLink(),
			}
		}, "items"),
	}
}

func (b Grid) BlockType() string { return b.Type }

// For keeps the promo and items active at the reader's time, with the links the reader follows.
func (b Grid) For(r portal.BlockReader) portal.Block {
	b.Link = b.main.For(r)
	if promos := active(r, b.promos, nil); len(promos) > 0 {
		fp := promos[0]
		fp.Link = fp.main.For(r)
		b.FeaturedPromo = &fp
	}
	b.Items = active(r, b.Items, func(it GridItem) GridItem {
		it.Link = it.main.For(r)
		return it
	})
	return b
}
