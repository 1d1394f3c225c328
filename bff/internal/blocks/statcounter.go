package blocks

import (
	"github.com/union-benefits/portal/bff/internal/jsonapi"
	"github.com/union-benefits/portal/bff/internal/portal"
)

// StatCounter is a large number with a description: the stat_counter bundle.
type StatCounter struct {
	head               // type, id
	Stat        int    `json:"stat"` // never negative
	Description string `json:"description"`
	linked             // link
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
			head: p.head("stat_counter"), Stat: max(int(raw.Stat), 0), Description: string(raw.Description),
			linked: raw.linked(),
		}
	})
}

// For chooses the link for the reader.
func (b StatCounter) For(r portal.BlockReader) portal.Block {
	b.chooseLinks(r)
	return b
}
