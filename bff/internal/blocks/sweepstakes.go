package blocks

import (
	"regexp"

	"github.com/union-benefits/portal/bff/internal/jsonapi"
	"github.com/union-benefits/portal/bff/internal/portal"
)

// Sweepstakes is a sweepstakes deal, a prize image or video beside the entry details: the
// sweepstakes bundle.
type Sweepstakes struct {
	head                          // type, id
	Eyebrow         string        `json:"eyebrow,omitempty"`
	EyebrowTwo      string        `json:"eyebrowTwo,omitempty"`
	Headline        string        `json:"headline"`
	HTML            portal.HTML   `json:"html,omitzero"`
	DetailsHTML     portal.HTML   `json:"detailsHtml,omitzero"` // the CMS's body: rules and fine print
	Attribution     string        `json:"attribution,omitempty"`
	Image           *portal.Image `json:"image,omitempty"`
	ImageLink       *portal.Link  `json:"imageLink,omitempty"`
	ImageLayout     string        `json:"imageLayout"`
	YouTubeID       string        `json:"youTubeId,omitempty"`
	linked                        // link
	BackgroundColor string        `json:"backgroundColor,omitempty"` // #rgb or #rrggbb

	imageLink *portal.CMSLink
}

func init() {
	register("sweepstakes", func(p *paragraph) Sweepstakes {
		var raw struct {
			rawCopy
			ImageLayout     jsonapi.Text `json:"image_layout"`
			EyebrowTwo      jsonapi.Text `json:"eyebrow_two"`
			Attribution     jsonapi.Text `json:"attribution"`
			ImageLink       jsonapi.Link `json:"image_link"`
			YouTubeID       jsonapi.Text `json:"you_tube_id"`
			BackgroundColor jsonapi.Text `json:"background_color"`
			rawMainLink
		}
		p.attrs(&raw)
		return Sweepstakes{
			head: p.head("sweepstakes"), Eyebrow: string(raw.Eyebrow), EyebrowTwo: string(raw.EyebrowTwo),
			Headline: string(raw.Headline), HTML: raw.DescFormatted.HTML, DetailsHTML: raw.Body.HTML,
			Attribution: string(raw.Attribution), Image: portal.StyledImage(p.image("image"), "537x490"),
			ImageLayout: imageSide(raw.ImageLayout), YouTubeID: jsonapi.YouTubeID(string(raw.YouTubeID)),
			BackgroundColor: hexColor(string(raw.BackgroundColor)),
			imageLink:       raw.ImageLink.CMSLink, linked: raw.linked(),
		}
	})
}

var hexColorPattern = regexp.MustCompile(`^#(?:[0-9a-fA-F]{3}){1,2}$`)

// hexColor keeps only a hex colour: it ends up in a style attribute.
func hexColor(s string) string {
	if hexColorPattern.MatchString(s) {
		return s
	}
	return ""
}

// For chooses the links for the reader.
func (b Sweepstakes) For(r portal.BlockReader) portal.Block {
	b.ImageLink = r.Link(b.imageLink)
	b.chooseLinks(r)
	return b
}
