package blocks

import (
	"github.com/union-benefits/portal/bff/internal/jsonapi"
	"github.com/union-benefits/portal/bff/internal/portal"
)

// Testimonial is a set of member quotes: the testimonial bundle.
type Testimonial struct {
	titled                   // type, id, headline
	Items  []TestimonialItem `json:"items"`
}

// TestimonialItem is one quote and who said it: the testimonial_item bundle. Its icon is shown
// as uploaded.
type TestimonialItem struct {
	Icon           *portal.Image `json:"icon,omitempty"`
	HTML           portal.HTML   `json:"html"`
	Attribution    string        `json:"attribution,omitempty"`
	AttributionTwo string        `json:"attributionTwo,omitempty"`

	window
}

func init() {
	register("testimonial", func(p *paragraph) Testimonial {
		return Testimonial{
			titled: p.titled("testimonial"),
			Items: items(p, func(it *paragraph) TestimonialItem {
				var raw struct {
					rawCopy
					Attribution    jsonapi.Text `json:"attribution"`
					AttributionTwo jsonapi.Text `json:"attribution_two"`
				}
				it.attrs(&raw)
				return TestimonialItem{
					window: it.window(), Icon: it.image("icon"),
					HTML:        firstHTML(raw.Body.HTML, raw.DescFormatted.HTML),
					Attribution: string(raw.Attribution), AttributionTwo: string(raw.AttributionTwo),
				}
			}, "two_three", "items"),
		}
	})
}

// For keeps the quotes active at the reader's time.
func (b Testimonial) For(r portal.BlockReader) portal.Block {
	b.Items = active(r, b.Items, nil)
	return b
}
