package blocks

import (
	"github.com/union-benefits/portal/bff/internal/jsonapi"
	"github.com/union-benefits/portal/bff/internal/portal"
)

// ViralWidget embeds a Viral Sweep campaign: its widget inline and, behind a button, its
// lightbox. It is the viral_widget bundle. The HTML is the campaign vendor's embed code, shown
// only inside sandboxed frames.
type ViralWidget struct {
	titled               // type, id, headline
	WidgetHTML    string `json:"widgetHtml"`
	LightboxHTML  string `json:"lightboxHtml,omitempty"`
	LightboxLabel string `json:"lightboxLabel,omitempty"`
	PaddingTop    int    `json:"paddingTop"`    // 0 to 200 pixels
	PaddingBottom int    `json:"paddingBottom"` // 0 to 200 pixels
}

func init() {
	register("viral_widget", func(p *paragraph) ViralWidget {
		var raw struct {
			WidgetHTML    jsonapi.Text   `json:"widget_html"`
			LightboxHTML  jsonapi.Text   `json:"lightbox_html"`
			LightboxLabel jsonapi.Text   `json:"lightbox_label"`
			PaddingTop    jsonapi.Number `json:"padding_top"`
			PaddingBottom jsonapi.Number `json:"padding_bottom"`
		}
		p.attrs(&raw)
		return ViralWidget{
			titled: p.titled("viral_widget"), WidgetHTML: string(raw.WidgetHTML),
			LightboxHTML: string(raw.LightboxHTML), LightboxLabel: string(raw.LightboxLabel),
			PaddingTop: clamp(int(raw.PaddingTop), 0, 200), PaddingBottom: clamp(int(raw.PaddingBottom), 0, 200),
		}
	})
}

func clamp(v, lo, hi int) int { return min(max(v, lo), hi) }

// For is the same for every reader.
func (b ViralWidget) For(portal.BlockReader) portal.Block { return b }
