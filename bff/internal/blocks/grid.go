package blocks

import (
	"github.com/union-benefits/portal/bff/internal/jsonapi"
	"github.com/union-benefits/portal/bff/internal/portal"
)

// Grid is a set of cards: grid_simple shows them as a carousel, grid_scroll as a strip that
// scrolls sideways, optionally led by a larger featured promo. The two bundles differ only in
// layout.
type Grid struct {
	Type          string     `json:"type"` // grid_simple or grid_scroll
	ID            string     `json:"id"`
	intro                    // headline, description
	linked                   // link
	FeaturedPromo *GridPromo `json:"featuredPromo,omitempty"`
	Items         []GridItem `json:"items"`

	// promos are the featured promo candidates: the first one active at the reader's time leads.
	promos []GridPromo
}

// GridPromo is the featured card that leads a Grid: the grid_promo bundle. ImageMobile falls
// back to Image.
type GridPromo struct {
	card                      // headline, description, link
	Image       *portal.Image `json:"image,omitempty"`
	ImageMobile *portal.Image `json:"imageMobile,omitempty"`
	window
}

// GridItem is one card of a Grid: the grid_item bundle.
type GridItem struct {
	Eyebrow string        `json:"eyebrow,omitempty"`
	card                  // headline, description, link
	Image   *portal.Image `json:"image,omitempty"`
	window
}

func init() {
	register("grid_simple", readGrid)
	register("grid_scroll", readGrid)
}

func readGrid(p *paragraph) Grid {
	var raw rawMainLink
	p.attrs(&raw)
	return Grid{
		Type: p.bundle(), ID: p.id(), intro: p.intro(), linked: raw.linked(),
		promos: items(p, func(it *paragraph) GridPromo {
			c := it.card()
			img := it.image("image")
			return GridPromo{
				window: it.window(), card: c, Image: portal.StyledImage(img, "800x490"),
				ImageMobile: portal.StyledImage(firstImage(it.image("image_mobile"), img), "412w"),
			}
		}, "featured_promo"),
		Items: items(p, func(it *paragraph) GridItem {
			var raw struct {
				Eyebrow    jsonapi.Text `json:"eyebrow"`
				SubHeading jsonapi.Text `json:"sub_heading"`
			}
			it.attrs(&raw)
			c := it.card()
			c.Description = firstNonEmpty(c.Description, string(raw.SubHeading))
			return GridItem{
				window: it.window(), Eyebrow: string(raw.Eyebrow), card: c,
				Image: portal.StyledImage(it.image("image"), "385x315"),
			}
		}, "items"),
	}
}

func (b Grid) BlockType() string { return b.Type }

// For keeps the promo and items active at the reader's time, with the links the reader follows.
func (b Grid) For(r portal.BlockReader) portal.Block {
	b.chooseLinks(r)
	if promos := active(r, b.promos, nil); len(promos) > 0 {
		fp := promos[0]
		fp.chooseLinks(r)
		b.FeaturedPromo = &fp
	}
	b.Items = active(r, b.Items, withLinks[GridItem](r))
	return b
}
