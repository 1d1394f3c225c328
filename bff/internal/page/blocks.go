package page

import (
	"log/slog"
	"sync"
	"time"

	"github.com/union-benefits/portal/bff/internal/portal"
)

// blockBuilders type each bundle's paragraph into its block for a reader.
var blockBuilders = map[string]func(p portal.Paragraph, a portal.Audience) portal.Block{
	"text_block": func(p portal.Paragraph, _ portal.Audience) portal.Block {
		return portal.TextBlock{Type: "text_block", ID: p.ID, Headline: p.Str("headline"), HTML: p.Str("body")}
	},
	"fifty_fifty": func(p portal.Paragraph, a portal.Audience) portal.Block {
		return portal.FiftyFiftyBlock{
			Type: "fifty_fifty", ID: p.ID, Eyebrow: p.Str("eyebrow"), Headline: p.Str("headline"),
			HTML: firstNonEmpty(p.Str("descFormatted"), p.Str("body")), Image: p.Image("image"),
			ImageLayout: imageSide(p.Str("imageLayout")), Link: link(p.Link("link"), a),
		}
	},
	"wide_promo": func(p portal.Paragraph, a portal.Audience) portal.Block {
		return portal.WidePromoBlock{
			Type: "wide_promo", ID: p.ID, Headline: p.Str("headline"),
			HTML:  firstNonEmpty(p.Str("descFormatted"), p.Str("description")),
			Image: p.Image("image"), Link: link(p.Link("link"), a),
		}
	},
	"stat_counter": func(p portal.Paragraph, a portal.Audience) portal.Block {
		return portal.StatCounterBlock{
			Type: "stat_counter", ID: p.ID, Stat: max(p.Int("stat"), 0), Description: p.Str("description"),
			Link: link(p.Link("link"), a),
		}
	},
	"icons": func(p portal.Paragraph, a portal.Audience) portal.Block {
		b := portal.IconsBlock{Type: "icons", ID: p.ID, Headline: p.Str("headline"), Items: []portal.IconItem{}}
		for _, it := range p.Items("items") {
			if !it.Active {
				continue
			}
			b.Items = append(b.Items, portal.IconItem{
				Icon: it.Image("icon"), Headline: it.Str("headline"),
				HTML: firstNonEmpty(it.Str("descFormatted"), it.Str("body")), Link: link(it.Link("link"), a),
			})
		}
		return b
	},
}

// pendingBundles are the block types of spec 3 that the BFF does not type yet: they reach the
// page as a neutral placeholder rather than vanish, so editors see where they will go.
var pendingBundles = map[string]bool{
	"seventy_thirty": true, "benefit_promo": true, "grid_scroll": true, "grid_simple": true,
	"sweepstakes": true, "testimonial": true, "table": true, "sponsor_grid": true,
	"sponsor_slider": true, "winners_grid": true, "partners": true, "category_slider": true,
	"featured_content": true, "manual_content": true, "columns_promo": true, "benefit_slider": true,
	"viral_widget": true,
}

// blockBuilder turns paragraphs into blocks and logs each unknown bundle once, so a CMS that
// gains a new block type shows up in the logs without flooding them.
type blockBuilder struct {
	log     *slog.Logger
	unknown sync.Map // bundle -> struct{}
}

func newBlockBuilder(log *slog.Logger) *blockBuilder { return &blockBuilder{log: log} }

// build keeps the paragraphs active at now, in order, typed for the reader.
func (b *blockBuilder) build(ps []portal.Paragraph, a portal.Audience, now time.Time) []portal.Block {
	out := make([]portal.Block, 0, len(ps))
	for _, p := range ps {
		if !p.ActiveAt(now) {
			continue
		}
		if build, ok := blockBuilders[p.Bundle]; ok {
			out = append(out, build(p, a))
			continue
		}
		if pendingBundles[p.Bundle] {
			out = append(out, portal.PendingBlock{Type: "pending", ID: p.ID, Bundle: p.Bundle, Headline: p.Str("headline")})
			continue
		}
		if _, seen := b.unknown.LoadOrStore(p.Bundle, struct{}{}); !seen {
			b.log.Warn("skipping paragraphs of an unknown bundle", "bundle", p.Bundle, "paragraph", p.ID)
		}
	}
	return out
}

func link(l *portal.CMSLink, a portal.Audience) *portal.Link {
	if l == nil || l.URL == "" {
		return nil
	}
	out := l.For(a)
	return &out
}

func imageSide(layout string) string {
	if layout == "img_left" || layout == "left" {
		return "left"
	}
	return "right"
}

func firstNonEmpty(ss ...string) string {
	for _, s := range ss {
		if s != "" {
			return s
		}
	}
	return ""
}
