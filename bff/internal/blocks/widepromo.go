package blocks

import (
	"encoding/json"

	"github.com/union-benefits/portal/bff/internal/jsonapi"
	"github.com/union-benefits/portal/bff/internal/portal"
)

// WidePromo is a full-width promotion: the wide_promo bundle. Its image comes in the three styles
// of spec 3 §3: the 1280x380 banner crop beside the text on wide screens, the whole picture 1275
// wide where it stacks above the text (tablets, up to the 1000 px breakpoint) and 412 wide on phones. SpecialWords are words of the
// headline to highlight, each optionally followed by "|n" to pick its n-th occurrence.
type WidePromo struct {
	head                       // type, id
	Headline     string        `json:"headline"`
	HTML         portal.HTML   `json:"html,omitzero"`
	Image        *portal.Image `json:"image,omitempty"`
	ImageTablet  *portal.Image `json:"imageTablet,omitempty"`
	ImageMobile  *portal.Image `json:"imageMobile,omitempty"`
	ImageLayout  string        `json:"imageLayout"` // left or right
	TextLayout   string        `json:"textLayout"`  // left or center
	SpecialWords []string      `json:"specialWords"`
	linked                     // link
}

func init() {
	register("wide_promo", func(p *paragraph) WidePromo {
		var raw struct {
			rawCopy
			ImageLayout  jsonapi.Text `json:"image_layout"`
			Description  jsonapi.Text `json:"description"`
			TextLayout   jsonapi.Text `json:"text_layout"`
			SpecialWords words        `json:"special_words"`
			rawMainLink
		}
		p.attrs(&raw)
		img := p.image("image")
		b := WidePromo{
			head: p.head("wide_promo"), Headline: string(raw.Headline),
			HTML:  richOrText(raw.DescFormatted.HTML, string(raw.Description)),
			Image: portal.StyledImage(img, "1280x380"), ImageTablet: portal.StyledImage(img, "1275w"),
			ImageMobile: portal.StyledImage(img, "412w"),
			ImageLayout: imageSide(raw.ImageLayout), TextLayout: "left",
			SpecialWords: orEmpty([]string(raw.SpecialWords)), linked: raw.linked(),
		}
		if raw.TextLayout == "center" || raw.TextLayout == "text_center" {
			b.TextLayout = "center"
		}
		return b
	})
}

// words is a list of plain strings; empty ones and anything else are dropped.
type words []string

// UnmarshalJSON keeps the strings of a list and drops the rest.
func (w *words) UnmarshalJSON(b []byte) error {
	var list []any
	_ = json.Unmarshal(b, &list)
	*w = nil
	for _, v := range list {
		if s, ok := v.(string); ok && s != "" {
			*w = append(*w, s)
		}
	}
	return nil
}

// For chooses the link for the reader.
func (b WidePromo) For(r portal.BlockReader) portal.Block {
	b.chooseLinks(r)
	return b
}
