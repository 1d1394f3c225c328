package content

import (
	"html"
	"log/slog"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/union-benefits/portal/bff/internal/portal"
)

// reader is what a builder needs to know about the request: who reads (link titles, links meant
// for members) and when (nested items have active windows of their own).
type reader struct {
	audience portal.Audience
	now      time.Time
}

// blockBuilders type each bundle's paragraph into its block for a reader. Every bundle of spec 3
// §2 has one; a bundle missing here is unknown and skipped.
var blockBuilders = map[string]func(p portal.Paragraph, r reader) portal.Block{
	"text_block": func(p portal.Paragraph, _ reader) portal.Block {
		return portal.TextBlock{Type: "text_block", ID: p.ID, Headline: p.Str("headline"), HTML: p.Str("body")}
	},
	"fifty_fifty": func(p portal.Paragraph, r reader) portal.Block {
		return portal.FiftyFiftyBlock{
			Type: "fifty_fifty", ID: p.ID, Eyebrow: p.Str("eyebrow"), Headline: p.Str("headline"),
			HTML: firstNonEmpty(p.Str("descFormatted"), p.Str("body")), Image: portal.StyledImage(p.Image("image"), "800x490"),
			ImageLayout: imageSide(p.Str("imageLayout")), ImageLink: r.link(p.Link("imageLink")),
			YouTubeID: youTubeID(p.Str("youTubeId")), Link: r.primary(p), LinkSecondary: r.link(p.Link("linkSecondary")),
		}
	},
	"seventy_thirty": func(p portal.Paragraph, r reader) portal.Block {
		return portal.SeventyThirtyBlock{
			Type: "seventy_thirty", ID: p.ID, Eyebrow: p.Str("eyebrow"), Headline: p.Str("headline"),
			HTML: firstNonEmpty(p.Str("descFormatted"), p.Str("body")), Image: portal.StyledImage(p.Image("image"), "372x372"),
			ImageLayout: imageSide(p.Str("imageLayout")), Link: r.primary(p), LinkSecondary: r.link(p.Link("linkSecondary")),
		}
	},
	"benefit_promo": func(p portal.Paragraph, r reader) portal.Block {
		b := portal.BenefitPromoBlock{
			Type: "benefit_promo", ID: p.ID, Eyebrow: p.Str("eyebrow"),
			Headline: firstNonEmpty(p.Str("headline"), field(p, "benefitPromoReference", "title")),
			Subtitle: p.Str("benefitPromoSubtitle"), HTML: firstNonEmpty(p.Str("descFormatted"), p.Str("body")),
			Image:       portal.StyledImage(firstImage(p.Image("benefitPromoSourceImage"), p.Image("image")), "385x315"),
			ImageLayout: imageSide(p.Str("imageLayout")), Link: r.primary(p),
		}
		// The reference names the benefit page; its link text is the editor's, else "Learn more".
		if path := field(p, "benefitPromoReference", "path"); path != "" {
			b.Link = r.link(&portal.CMSLink{URL: path, Title: firstNonEmpty(p.Str("benefitPromoLinkText"), "Learn more")})
		}
		return b
	},
	"grid_simple": gridBlock("grid_simple"),
	"grid_scroll": gridBlock("grid_scroll"),
	"wide_promo": func(p portal.Paragraph, r reader) portal.Block {
		b := portal.WidePromoBlock{
			Type: "wide_promo", ID: p.ID, Headline: p.Str("headline"),
			HTML:  richOrText(p.Str("descFormatted"), p.Str("description")),
			Image: portal.StyledImage(p.Image("image"), "1280x380"), ImageMobile: portal.StyledImage(p.Image("image"), "412w"),
			ImageLayout: imageSide(p.Str("imageLayout")), TextLayout: "left", SpecialWords: strs(p.Fields["specialWords"]),
			Link: r.primary(p),
		}
		if p.Str("textLayout") == "center" || p.Str("textLayout") == "text_center" {
			b.TextLayout = "center"
		}
		return b
	},
	"stat_counter": func(p portal.Paragraph, r reader) portal.Block {
		return portal.StatCounterBlock{
			Type: "stat_counter", ID: p.ID, Stat: max(p.Int("stat"), 0), Description: p.Str("description"),
			Link: r.primary(p),
		}
	},
	"icons": func(p portal.Paragraph, r reader) portal.Block {
		b := portal.IconsBlock{Type: "icons", ID: p.ID, Headline: p.Str("headline"), Items: []portal.IconItem{}}
		for _, it := range r.items(p, "items", "twoThree") {
			b.Items = append(b.Items, portal.IconItem{
				Icon: it.Image("icon"), Headline: it.Str("headline"),
				HTML: firstNonEmpty(it.Str("descFormatted"), it.Str("body")), Link: r.primary(it),
			})
		}
		return b
	},
	"sweepstakes": func(p portal.Paragraph, r reader) portal.Block {
		return portal.SweepstakesBlock{
			Type: "sweepstakes", ID: p.ID, Eyebrow: p.Str("eyebrow"), EyebrowTwo: p.Str("eyebrowTwo"),
			Headline: p.Str("headline"), HTML: p.Str("descFormatted"), DetailsHTML: p.Str("body"),
			Attribution: p.Str("attribution"), Image: portal.StyledImage(p.Image("image"), "537x490"),
			ImageLink: r.link(p.Link("imageLink")), ImageLayout: imageSide(p.Str("imageLayout")),
			YouTubeID: youTubeID(p.Str("youTubeId")), Link: r.primary(p), BackgroundColor: hexColor(p.Str("backgroundColor")),
		}
	},
	"testimonial": func(p portal.Paragraph, r reader) portal.Block {
		b := portal.TestimonialBlock{Type: "testimonial", ID: p.ID, Headline: p.Str("headline"), Items: []portal.TestimonialItem{}}
		for _, it := range r.items(p, "twoThree", "items") {
			b.Items = append(b.Items, portal.TestimonialItem{
				Icon: it.Image("icon"), HTML: firstNonEmpty(it.Str("body"), it.Str("descFormatted")),
				Attribution: it.Str("attribution"), AttributionTwo: it.Str("attributionTwo"),
			})
		}
		return b
	},
	"table": func(p portal.Paragraph, _ reader) portal.Block {
		return portal.TableBlock{
			Type: "table", ID: p.ID, Caption: p.Str("caption"), HTML: p.Str("descFormatted"),
			Rows: tableRows(p.Fields["value"]), UseRowHeaders: p.Bool("useRowHeaders"), MaxWidth: max(p.Int("tableMaxWidth"), 0),
		}
	},
	"sponsor_grid":   sponsorBlock("sponsor_grid"),
	"sponsor_slider": sponsorBlock("sponsor_slider"),
	"winners_grid": func(p portal.Paragraph, r reader) portal.Block {
		b := portal.WinnersGridBlock{Type: "winners_grid", ID: p.ID, Headline: p.Str("headline"), SubHeading: p.Str("subHeading"), Winners: []portal.Winner{}}
		for _, it := range r.items(p, "winners") {
			b.Winners = append(b.Winners, portal.Winner{
				Image: portal.StyledImage(it.Image("image"), "500x500"), Headline: it.Str("headline"), Attribution: it.Str("attribution"),
			})
		}
		return b
	},
	"partners": func(p portal.Paragraph, r reader) portal.Block {
		b := portal.PartnersBlock{Type: "partners", ID: p.ID, Headline: p.Str("headline"), Sections: []portal.PartnersSection{}}
		for _, s := range r.items(p, "sections") {
			size, style := "other", "200w"
			if s.Str("partnersSize") == "premiere" {
				size, style = "premiere", "312w"
			}
			sec := portal.PartnersSection{Headline: s.Str("headline"), Size: size, Items: []portal.PartnerItem{}}
			for _, it := range r.items(s, "items") {
				sec.Items = append(sec.Items, portal.PartnerItem{
					Image: portal.StyledImage(it.Image("image"), style), Link: r.primary(it),
					HTML: richOrText(it.Str("descFormatted"), it.Str("description")),
				})
			}
			b.Sections = append(b.Sections, sec)
		}
		return b
	},
	"category_slider": func(p portal.Paragraph, r reader) portal.Block {
		b := portal.CategorySliderBlock{
			Type: "category_slider", ID: p.ID, Headline: p.Str("headline"), Description: p.Str("description"),
			Link: r.primary(p), Items: []portal.CategoryItem{},
		}
		for _, it := range r.items(p, "items") {
			b.Items = append(b.Items, portal.CategoryItem{
				Headline: it.Str("headline"), Image: withAlt(portal.StyledImage(it.Image("image"), "385x315"), it.Str("imageAlt")),
				HTML: firstNonEmpty(it.Str("body"), it.Str("descFormatted")), Link: r.primary(it),
			})
		}
		return b
	},
	"featured_content": func(p portal.Paragraph, r reader) portal.Block {
		b := portal.ContentCardsBlock{
			Type: "featured_content", ID: p.ID, Headline: p.Str("headline"), Items: []portal.ContentCard{},
			Link: r.primary(p), LinkSecondary: r.link(p.Link("linkSecondary")),
		}
		for _, it := range r.items(p, "featuredItems", "items") {
			card := portal.ContentCard{
				Image: portal.StyledImage(it.Image("image"), "600x315"), Headline: firstNonEmpty(it.Str("title"), it.Str("headline")),
				Description: it.Str("description"),
			}
			if path := it.Str("path"); path != "" {
				card.Link = r.link(&portal.CMSLink{URL: path, Title: card.Headline})
			}
			b.Items = append(b.Items, card)
		}
		return b
	},
	"manual_content": func(p portal.Paragraph, r reader) portal.Block {
		b := portal.ContentCardsBlock{
			Type: "manual_content", ID: p.ID, Headline: p.Str("headline"), Items: []portal.ContentCard{},
			Link: r.primary(p), LinkSecondary: r.link(p.Link("linkSecondary")),
		}
		for _, it := range r.items(p, "items") {
			card := portal.ContentCard{
				Image: portal.StyledImage(it.Image("image"), "600x470"), Headline: it.Str("headline"),
				Description: it.Str("subHeading"), Link: r.primary(it),
			}
			if card.Link != nil && card.Link.Title == "" {
				card.Link.Title = card.Headline
			}
			b.Items = append(b.Items, card)
		}
		return b
	},
	"columns_promo": func(p portal.Paragraph, r reader) portal.Block {
		b := portal.ColumnsPromoBlock{
			Type: "columns_promo", ID: p.ID, Headline: p.Str("headline"), DisableDecoration: p.Bool("disableDecoration"),
			Items: []portal.ColumnItem{}, Link: r.primary(p), LinkSecondary: r.link(p.Link("linkSecondary")),
		}
		for _, it := range r.items(p, "twoThree", "items") {
			b.Items = append(b.Items, portal.ColumnItem{
				Image: portal.StyledImage(it.Image("image"), "600x315"), Headline: it.Str("headline"),
				HTML: firstNonEmpty(it.Str("descFormatted"), it.Str("body")), Link: r.primary(it),
			})
		}
		return b
	},
	"benefit_slider": func(p portal.Paragraph, r reader) portal.Block {
		b := portal.BenefitSliderBlock{
			Type: "benefit_slider", ID: p.ID, Headline: p.Str("headline"), Description: p.Str("description"),
			Link: r.primary(p), UseImages: p.Bool("useImages"), Items: []portal.BenefitItem{},
		}
		for _, it := range r.items(p, "items") {
			item := portal.BenefitItem{Headline: it.Str("headline"), Description: it.Str("description"), Link: r.primary(it)}
			if b.UseImages {
				item.Image = portal.StyledImage(it.Image("image"), "600x315")
			}
			b.Items = append(b.Items, item)
		}
		return b
	},
	"viral_widget": func(p portal.Paragraph, _ reader) portal.Block {
		return portal.ViralWidgetBlock{
			Type: "viral_widget", ID: p.ID, Headline: p.Str("headline"),
			WidgetHTML: p.Str("widgetHtml"), LightboxHTML: p.Str("lightboxHtml"), LightboxLabel: p.Str("lightboxLabel"),
			PaddingTop: clamp(p.Int("paddingTop"), 0, 200), PaddingBottom: clamp(p.Int("paddingBottom"), 0, 200),
		}
	},
}

func gridBlock(bundle string) func(p portal.Paragraph, r reader) portal.Block {
	return func(p portal.Paragraph, r reader) portal.Block {
		b := portal.GridBlock{
			Type: bundle, ID: p.ID, Headline: p.Str("headline"), Description: p.Str("description"),
			Link: r.primary(p), Items: []portal.GridItem{},
		}
		if fp := r.items(p, "featuredPromo"); len(fp) > 0 {
			b.FeaturedPromo = &portal.GridPromo{
				Headline: fp[0].Str("headline"), Description: fp[0].Str("description"), Link: r.primary(fp[0]),
				Image:       portal.StyledImage(fp[0].Image("image"), "800x490"),
				ImageMobile: portal.StyledImage(firstImage(fp[0].Image("imageMobile"), fp[0].Image("image")), "412w"),
			}
		}
		for _, it := range r.items(p, "items") {
			b.Items = append(b.Items, portal.GridItem{
				Eyebrow: it.Str("eyebrow"), Headline: it.Str("headline"),
				Description: firstNonEmpty(it.Str("description"), it.Str("subHeading")),
				Link:        r.primary(it), Image: portal.StyledImage(it.Image("image"), "385x315"),
			})
		}
		return b
	}
}

func sponsorBlock(bundle string) func(p portal.Paragraph, r reader) portal.Block {
	return func(p portal.Paragraph, r reader) portal.Block {
		b := portal.SponsorBlock{Type: bundle, ID: p.ID, Headline: p.Str("headline"), Items: []portal.SponsorItem{}}
		for _, it := range r.items(p, "items") {
			b.Items = append(b.Items, portal.SponsorItem{
				Image: withAlt(portal.StyledImage(it.Image("image"), "250x200"), it.Str("imageAlt")), Link: r.primary(it),
			})
		}
		return b
	}
}

// blockBuilder turns paragraphs into blocks and logs each unknown bundle once, so a CMS that
// gains a new block type shows up in the logs without flooding them.
type blockBuilder struct {
	log     *slog.Logger
	unknown sync.Map // bundle -> struct{}
}

func newBlockBuilder(log *slog.Logger) *blockBuilder { return &blockBuilder{log: log} }

// build keeps the paragraphs active at now, in order, typed for the reader: the page body.
// Paragraphs the editor placed above the page's header are left to buildAboveHeader.
func (b *blockBuilder) build(ps []portal.Paragraph, a portal.Audience, now time.Time) []portal.Block {
	return b.buildWhere(ps, a, now, false)
}

// buildAboveHeader is build for the paragraphs with displayAboveHeader, which the page draws
// before its hero.
func (b *blockBuilder) buildAboveHeader(ps []portal.Paragraph, a portal.Audience, now time.Time) []portal.Block {
	return b.buildWhere(ps, a, now, true)
}

func (b *blockBuilder) buildWhere(ps []portal.Paragraph, a portal.Audience, now time.Time, above bool) []portal.Block {
	out := make([]portal.Block, 0, len(ps))
	r := reader{audience: a, now: now}
	for _, p := range ps {
		if !p.ActiveAt(now) {
			continue
		}
		build, ok := blockBuilders[p.Bundle]
		if !ok {
			if _, seen := b.unknown.LoadOrStore(p.Bundle, struct{}{}); !seen {
				b.log.Warn("skipping paragraphs of an unknown bundle", "bundle", p.Bundle, "paragraph", p.ID)
			}
			continue
		}
		if p.DisplayAboveHeader == above {
			out = append(out, build(p, r))
		}
	}
	return out
}

// items returns the nested paragraphs of the first of names the paragraph has, keeping only
// those active now: an item switched off or out of its window disappears like a block would.
func (r reader) items(p portal.Paragraph, names ...string) []portal.Paragraph {
	for _, name := range names {
		if items := p.Items(name); items != nil {
			out := make([]portal.Paragraph, 0, len(items))
			for _, it := range items {
				if it.ActiveAt(r.now) {
					out = append(out, it)
				}
			}
			return out
		}
	}
	return nil
}

// primary is a paragraph's main link for the reader: members follow authenticatedLink where the
// editor gave one, everyone else link.
func (r reader) primary(p portal.Paragraph) *portal.Link {
	if r.audience == portal.Member {
		if l := r.link(p.Link("authenticatedLink")); l != nil {
			return l
		}
	}
	return r.link(p.Link("link"))
}

// signInToken in a link's address means the destination needs the member's details (spec 3 §4).
const signInToken = "[HARTFORD_PARAMS]"

func (r reader) link(l *portal.CMSLink) *portal.Link {
	if l == nil || l.URL == "" {
		return nil
	}
	out := l.For(r.audience)
	out.SignInRequired = r.audience != portal.Member && strings.Contains(out.URL, signInToken)
	return &out
}

// link keeps the hero's old call shape: a CMS link chosen for an audience at no particular time.
func link(l *portal.CMSLink, a portal.Audience) *portal.Link {
	return reader{audience: a}.link(l)
}

func withAlt(img *portal.Image, alt string) *portal.Image {
	if img != nil && alt != "" {
		img.Alt = alt
	}
	return img
}

func firstImage(imgs ...*portal.Image) *portal.Image {
	for _, i := range imgs {
		if i != nil {
			return i
		}
	}
	return nil
}

func imageSide(layout string) string {
	if layout == "img_left" || layout == "left" {
		return "left"
	}
	return "right"
}

var (
	youTubeIDPattern = regexp.MustCompile(`^[A-Za-z0-9_-]{6,20}$`)
	hexColorPattern  = regexp.MustCompile(`^#(?:[0-9a-fA-F]{3}){1,2}$`)
)

// youTubeID keeps only a well-formed video id: it ends up in an embed URL.
func youTubeID(s string) string {
	if youTubeIDPattern.MatchString(s) {
		return s
	}
	return ""
}

// hexColor keeps only a hex colour: it ends up in a style attribute.
func hexColor(s string) string {
	if hexColorPattern.MatchString(s) {
		return s
	}
	return ""
}

// tableRows turns the CMS's table value (rows of cells) into strings, every row as wide as the
// widest, so the frontend can draw a rectangular table.
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

// richOrText is HTML for a field that may be rich text (already sanitised by the cms package) or
// plain text, which is escaped: a plain CMS string is never trusted as markup.
func richOrText(rich, plain string) string {
	if rich != "" || plain == "" {
		return rich
	}
	return "<p>" + html.EscapeString(plain) + "</p>"
}

// strs returns a list field's strings; the CMS sends lists of text as JSON arrays.
func strs(v any) []string {
	raw, _ := v.([]any)
	out := make([]string, 0, len(raw))
	for _, s := range raw {
		if s, ok := s.(string); ok && s != "" {
			out = append(out, s)
		}
	}
	return out
}

// field returns a text value inside an object field, such as a referenced entity's title.
func field(p portal.Paragraph, name, key string) string {
	m, _ := p.Fields[name].(map[string]any)
	s, _ := m[key].(string)
	return s
}

func clamp(v, lo, hi int) int { return min(max(v, lo), hi) }

func firstNonEmpty(ss ...string) string {
	for _, s := range ss {
		if s != "" {
			return s
		}
	}
	return ""
}
