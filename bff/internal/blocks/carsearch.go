package blocks

import (
	"github.com/union-benefits/portal/bff/internal/jsonapi"
	"github.com/union-benefits/portal/bff/internal/portal"
)

// CarSearch is the car-pricing search (spec 3 §2, §5, §7): a new or used search for one of Makes
// near a zip code, which leaves for the pricing site. Makes holds only the makes that can be
// searched at all; each says for which condition.
type CarSearch struct {
	Type        string           `json:"type"`
	ID          string           `json:"id"`
	Headline    string           `json:"headline,omitempty"`
	Description string           `json:"description,omitempty"`
	Makes       []portal.CarMake `json:"makes"`
}

func init() {
	// truecar_search is the car search's bundle (spec 3 §2 'Car search block'): its copy. The
	// makes are a CMS collection of their own, which the page adds.
	register("truecar_search", func(p *paragraph) CarSearch {
		var raw struct {
			Headline    jsonapi.Text `json:"headline"`
			Description jsonapi.Text `json:"description"`
		}
		p.attrs(&raw)
		return CarSearch{
			Type: "car_search", ID: p.id(), Headline: string(raw.Headline), Description: string(raw.Description),
			Makes: []portal.CarMake{},
		}
	})
}

func (b CarSearch) BlockType() string { return b.Type }

// For is the same for every reader.
func (b CarSearch) For(portal.BlockReader) portal.Block { return b }
