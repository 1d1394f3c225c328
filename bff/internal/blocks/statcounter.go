package blocks

import (
	"github.com/union-benefits/portal/bff/internal/jsonapi"
	"github.com/union-benefits/portal/bff/internal/portal"
)

// StatCounter is a large number with a description: the stat_counter bundle.
type StatCounter struct {
	Type        string       `json:"type"`
	ID          string       `json:"id"`
	Stat        int          `json:"stat"` // never negative
	Description string       `json:"description"`
	Link        *portal.Link `json:"link,omitempty"`

	main mainLink
}

func init() {
	register("stat_counter", func(p *paragraph) StatCounter {
		var raw struct {
			Stat        jsonapi.Number `json:"stat"`
			Description jsonapi.Text   `json:"description"`
			rawMainLink
		}
		p.attrs(&raw)
		return StatCounter{
			Type: "stat_counter", ID: p.id(), Stat: max(int(raw.Stat), 0), Description: string(raw.Description),
			main: raw.mainLink(),
		}
	})
}

func (b StatCounter) BlockType() string { return b.Type }

// For chooses the link for the reader.
func (b StatCounter) For(r portal.BlockReader) portal.Block {
	b.Link = b.main.For(r)
	return b
}
