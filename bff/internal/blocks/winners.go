package blocks

import (
	"github.com/union-benefits/portal/bff/internal/jsonapi"
	"github.com/union-benefits/portal/bff/internal/portal"
)

// WinnersGrid shows sweepstakes winners: the winners_grid bundle.
type WinnersGrid struct {
	titled              // type, id, headline
	SubHeading string   `json:"subHeading,omitempty"`
	Winners    []Winner `json:"winners"`
}

// Winner is one winner's photo, name and attribution: the winner_item bundle.
type Winner struct {
	Image       *portal.Image `json:"image,omitempty"`
	Headline    string        `json:"headline"`
	Attribution string        `json:"attribution,omitempty"`

	window
}

func init() {
	register("winners_grid", func(p *paragraph) WinnersGrid {
		var raw struct {
			SubHeading jsonapi.Text `json:"sub_heading"`
		}
		p.attrs(&raw)
		return WinnersGrid{
			titled: p.titled("winners_grid"), SubHeading: string(raw.SubHeading),
			Winners: items(p, func(it *paragraph) Winner {
				var raw struct {
					Headline    jsonapi.Text `json:"headline"`
					Attribution jsonapi.Text `json:"attribution"`
				}
				it.attrs(&raw)
				return Winner{
					window: it.window(), Image: portal.StyledImage(it.image("image"), "500x500"),
					Headline: string(raw.Headline), Attribution: string(raw.Attribution),
				}
			}, "winners"),
		}
	})
}

// For keeps the winners active at the reader's time.
func (b WinnersGrid) For(r portal.BlockReader) portal.Block {
	b.Winners = active(r, b.Winners, nil)
	return b
}
