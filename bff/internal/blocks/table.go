package blocks

import (
	"encoding/json"
	"strconv"

	"github.com/union-benefits/portal/bff/internal/jsonapi"
	"github.com/union-benefits/portal/bff/internal/portal"
)

// Table is a table of plain-text cells whose first row is the header: the table bundle. With
// UseRowHeaders the first cell of every other row heads its row too.
type Table struct {
	head                      // type, id
	Caption       string      `json:"caption,omitempty"`
	HTML          portal.HTML `json:"html,omitzero"`
	Rows          [][]string  `json:"rows"` // rectangular
	UseRowHeaders bool        `json:"useRowHeaders"`
	MaxWidth      int         `json:"maxWidth,omitempty"` // CSS pixels; 0 is the container's width
}

func init() {
	register("table", func(p *paragraph) Table {
		var raw struct {
			Caption       jsonapi.Text    `json:"caption"`
			DescFormatted jsonapi.Markup  `json:"desc_formatted"`
			Value         table           `json:"value"`
			UseRowHeaders jsonapi.Boolean `json:"use_row_headers"`
			MaxWidth      jsonapi.Number  `json:"table_max_width"`
		}
		p.attrs(&raw)
		return Table{
			head: p.head("table"), Caption: string(raw.Caption), HTML: raw.DescFormatted.HTML,
			Rows: orEmpty([][]string(raw.Value)), UseRowHeaders: bool(raw.UseRowHeaders), MaxWidth: max(int(raw.MaxWidth), 0),
		}
	})
}

// table is a table field: rows of cells.
type table [][]string

// UnmarshalJSON reads any value; what is not rows of cells becomes empty rows or cells.
func (t *table) UnmarshalJSON(b []byte) error {
	var v any
	_ = json.Unmarshal(b, &v)
	*t = tableRows(v)
	return nil
}

// tableRows reads the CMS's rows of cells as text, every row as wide as the widest, so the
// frontend can draw a rectangular table.
func tableRows(v any) [][]string {
	raw, _ := v.([]any)
	rows := make([][]string, 0, len(raw))
	width := 0
	for _, r := range raw {
		cells, _ := r.([]any)
		row := make([]string, 0, len(cells))
		for _, c := range cells {
			switch c := c.(type) {
			case string:
				row = append(row, c)
			case float64:
				row = append(row, strconv.FormatFloat(c, 'f', -1, 64))
			default:
				row = append(row, "")
			}
		}
		width = max(width, len(row))
		rows = append(rows, row)
	}
	for i := range rows {
		for len(rows[i]) < width {
			rows[i] = append(rows[i], "")
		}
	}
	return rows
}

// For is the same for every reader.
func (b Table) For(portal.BlockReader) portal.Block { return b }
