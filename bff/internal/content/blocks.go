package content

import (
	"log/slog"
	"strings"
	"sync"
	"time"

	"github.com/union-benefits/portal/bff/internal/portal"
)

// blockContext is what a block builder needs to know about the request: who reads (link titles,
// links meant for members) and when (nested items have active windows of their own).
type blockContext struct {
	audience portal.Audience
	now      time.Time
}

// block types a paragraph's content into its block for the reader; nil for content it does not
// know. The cms package has already read every field, so what is left here depends on the
// request: the links the reader follows, the items active now and each place's image style.
func (r blockContext) block(p portal.Paragraph) portal.Block {
	switch c := p.Content.(type) {
	case portal.TextParagraph:
		return portal.TextBlock{Type: "text_block", ID: p.ID, Headline: c.Headline, HTML: c.HTML}
	case portal.FiftyFiftyParagraph:
		return portal.FiftyFiftyBlock{
			Type: "fifty_fifty", ID: p.ID, Eyebrow: c.Eyebrow, Headline: c.Headline, HTML: c.HTML,
			Image: portal.StyledImage(c.Image, "800x490"), ImageLayout: c.ImageLayout, ImageLink: r.link(c.ImageLink),
			YouTubeID: c.YouTubeID, Link: r.main(c.MainLink), LinkSecondary: r.link(c.LinkSecondary),
		}
	case portal.SeventyThirtyParagraph:
		return portal.SeventyThirtyBlock{
			Type: "seventy_thirty", ID: p.ID, Eyebrow: c.Eyebrow, Headline: c.Headline, HTML: c.HTML,
			Image: portal.StyledImage(c.Image, "372x372"), ImageLayout: c.ImageLayout,
			Link: r.main(c.MainLink), LinkSecondary: r.link(c.LinkSecondary),
		}
	case portal.BenefitPromoParagraph:
		b := portal.BenefitPromoBlock{
			Type: "benefit_promo", ID: p.ID, Eyebrow: c.Eyebrow, Headline: c.Headline, Subtitle: c.Subtitle,
			HTML: c.HTML, Image: portal.StyledImage(c.Image, "385x315"), ImageLayout: c.ImageLayout,
			Link: r.main(c.MainLink),
		}
		if c.Benefit != nil {
			b.Link = r.link(c.Benefit)
		}
		return b
	case portal.GridParagraph:
		return r.grid(p, c)
	case portal.WidePromoParagraph:
		return portal.WidePromoBlock{
			Type: "wide_promo", ID: p.ID, Headline: c.Headline, HTML: c.HTML,
			Image: portal.StyledImage(c.Image, "1280x380"), ImageMobile: portal.StyledImage(c.Image, "412w"),
			ImageLayout: c.ImageLayout, TextLayout: c.TextLayout, SpecialWords: orEmpty(c.SpecialWords),
			Link: r.main(c.MainLink),
		}
	case portal.StatCounterParagraph:
		return portal.StatCounterBlock{Type: "stat_counter", ID: p.ID, Stat: c.Stat, Description: c.Description, Link: r.main(c.MainLink)}
	case portal.IconsParagraph:
		b := portal.IconsBlock{Type: "icons", ID: p.ID, Headline: c.Headline, Items: []portal.IconItem{}}
		for _, it := range active(r, c.Items) {
			b.Items = append(b.Items, portal.IconItem{Icon: it.Icon, Headline: it.Headline, HTML: it.HTML, Link: r.main(it.MainLink)})
		}
		return b
	case portal.SweepstakesParagraph:
		return portal.SweepstakesBlock{
			Type: "sweepstakes", ID: p.ID, Eyebrow: c.Eyebrow, EyebrowTwo: c.EyebrowTwo, Headline: c.Headline,
			HTML: c.HTML, DetailsHTML: c.DetailsHTML, Attribution: c.Attribution,
			Image: portal.StyledImage(c.Image, "537x490"), ImageLink: r.link(c.ImageLink), ImageLayout: c.ImageLayout,
			YouTubeID: c.YouTubeID, Link: r.main(c.MainLink), BackgroundColor: c.BackgroundColor,
		}
	case portal.TestimonialParagraph:
		b := portal.TestimonialBlock{Type: "testimonial", ID: p.ID, Headline: c.Headline, Items: []portal.TestimonialItem{}}
		for _, it := range active(r, c.Items) {
			b.Items = append(b.Items, portal.TestimonialItem{Icon: it.Icon, HTML: it.HTML, Attribution: it.Attribution, AttributionTwo: it.AttributionTwo})
		}
		return b
	case portal.TableParagraph:
		return portal.TableBlock{
			Type: "table", ID: p.ID, Caption: c.Caption, HTML: c.HTML, Rows: orEmpty(c.Rows),
			UseRowHeaders: c.UseRowHeaders, MaxWidth: c.MaxWidth,
		}
	case portal.SponsorParagraph:
		b := portal.SponsorBlock{Type: p.Bundle, ID: p.ID, Headline: c.Headline, Items: []portal.SponsorItem{}}
		for _, it := range active(r, c.Items) {
			b.Items = append(b.Items, portal.SponsorItem{Image: portal.StyledImage(it.Image, "250x200"), Link: r.main(it.MainLink)})
		}
		return b
	case portal.WinnersGridParagraph:
		b := portal.WinnersGridBlock{Type: "winners_grid", ID: p.ID, Headline: c.Headline, SubHeading: c.SubHeading, Winners: []portal.Winner{}}
		for _, it := range active(r, c.Winners) {
			b.Winners = append(b.Winners, portal.Winner{Image: portal.StyledImage(it.Image, "500x500"), Headline: it.Headline, Attribution: it.Attribution})
		}
		return b
	case portal.PartnersParagraph:
		return r.partners(p, c)
	case portal.CategorySliderParagraph:
		b := portal.CategorySliderBlock{
			Type: "category_slider", ID: p.ID, Headline: c.Headline, Description: c.Description,
			Link: r.main(c.MainLink), Items: []portal.CategoryItem{},
		}
		for _, it := range active(r, c.Items) {
			b.Items = append(b.Items, portal.CategoryItem{
				Headline: it.Headline, Image: portal.StyledImage(it.Image, "385x315"), HTML: it.HTML, Link: r.main(it.MainLink),
			})
		}
		return b
	case portal.FeaturedContentParagraph:
		b := portal.ContentCardsBlock{
			Type: "featured_content", ID: p.ID, Headline: c.Headline, Items: []portal.ContentCard{},
			Link: r.main(c.MainLink), LinkSecondary: r.link(c.LinkSecondary),
		}
		for _, it := range active(r, c.Items) {
			b.Items = append(b.Items, portal.ContentCard{
				Image: portal.StyledImage(it.Image, "600x315"), Headline: it.Headline, Description: it.Description, Link: r.link(it.Link),
			})
		}
		return b
	case portal.ManualContentParagraph:
		b := portal.ContentCardsBlock{
			Type: "manual_content", ID: p.ID, Headline: c.Headline, Items: []portal.ContentCard{},
			Link: r.main(c.MainLink), LinkSecondary: r.link(c.LinkSecondary),
		}
		for _, it := range active(r, c.Items) {
			b.Items = append(b.Items, portal.ContentCard{
				Image: portal.StyledImage(it.Image, "600x470"), Headline: it.Headline, Description: it.Description, Link: r.main(it.MainLink),
			})
		}
		return b
	case portal.ColumnsPromoParagraph:
		b := portal.ColumnsPromoBlock{
			Type: "columns_promo", ID: p.ID, Headline: c.Headline, DisableDecoration: c.DisableDecoration,
			Items: []portal.ColumnItem{}, Link: r.main(c.MainLink), LinkSecondary: r.link(c.LinkSecondary),
		}
		for _, it := range active(r, c.Items) {
			b.Items = append(b.Items, portal.ColumnItem{
				Image: portal.StyledImage(it.Image, "600x315"), Headline: it.Headline, HTML: it.HTML, Link: r.main(it.MainLink),
			})
		}
		return b
	case portal.BenefitSliderParagraph:
		b := portal.BenefitSliderBlock{
			Type: "benefit_slider", ID: p.ID, Headline: c.Headline, Description: c.Description,
			Link: r.main(c.MainLink), UseImages: c.UseImages, Items: []portal.BenefitItem{},
		}
		for _, it := range active(r, c.Items) {
			b.Items = append(b.Items, portal.BenefitItem{
				Image: portal.StyledImage(it.Image, "600x315"), Headline: it.Headline, Description: it.Description, Link: r.main(it.MainLink),
			})
		}
		return b
	case portal.CarSearchParagraph:
		// The makes are the page's to add (withCarMakes): they are another CMS collection.
		return portal.CarSearchBlock{Type: "car_search", ID: p.ID, Headline: c.Headline, Description: c.Description, Makes: []portal.CarMake{}}
	case portal.ViralWidgetParagraph:
		return portal.ViralWidgetBlock{
			Type: "viral_widget", ID: p.ID, Headline: c.Headline, WidgetHTML: c.WidgetHTML,
			LightboxHTML: c.LightboxHTML, LightboxLabel: c.LightboxLabel, PaddingTop: c.PaddingTop, PaddingBottom: c.PaddingBottom,
		}
	}
	return nil
}

// grid serves grid_simple and grid_scroll, which differ only in layout.
func (r blockContext) grid(p portal.Paragraph, c portal.GridParagraph) portal.Block {
	b := portal.GridBlock{
		Type: p.Bundle, ID: p.ID, Headline: c.Headline, Description: c.Description,
		Link: r.main(c.MainLink), Items: []portal.GridItem{},
	}
	if promos := active(r, c.Promos); len(promos) > 0 {
		fp := promos[0]
		b.FeaturedPromo = &portal.GridPromo{
			Headline: fp.Headline, Description: fp.Description, Link: r.main(fp.MainLink),
			Image: portal.StyledImage(fp.Image, "800x490"), ImageMobile: portal.StyledImage(fp.ImageMobile, "412w"),
		}
	}
	for _, it := range active(r, c.Items) {
		b.Items = append(b.Items, portal.GridItem{
			Eyebrow: it.Eyebrow, Headline: it.Headline, Description: it.Description,
			Link: r.main(it.MainLink), Image: portal.StyledImage(it.Image, "385x315"),
		})
	}
	return b
}

// partners shows premiere sections' logos larger.
func (r blockContext) partners(p portal.Paragraph, c portal.PartnersParagraph) portal.Block {
	b := portal.PartnersBlock{Type: "partners", ID: p.ID, Headline: c.Headline, Sections: []portal.PartnersSection{}}
	for _, s := range active(r, c.Sections) {
		size, style := "other", "200w"
		if s.Premiere {
			size, style = "premiere", "312w"
		}
		sec := portal.PartnersSection{Headline: s.Headline, Size: size, Items: []portal.PartnerItem{}}
		for _, it := range active(r, s.Items) {
			sec.Items = append(sec.Items, portal.PartnerItem{Image: portal.StyledImage(it.Image, style), Link: r.main(it.MainLink), HTML: it.HTML})
		}
		b.Sections = append(b.Sections, sec)
	}
	return b
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
	r := blockContext{audience: a, now: now}
	for _, p := range ps {
		if !p.ActiveAt(now) {
			continue
		}
		blk := r.block(p)
		if blk == nil {
			if _, seen := b.unknown.LoadOrStore(p.Bundle, struct{}{}); !seen {
				b.log.Warn("skipping paragraphs of an unknown bundle", "bundle", p.Bundle, "paragraph", p.ID)
			}
			continue
		}
		if p.DisplayAboveHeader == above {
			out = append(out, blk)
		}
	}
	return out
}

// active keeps the items active at the request: an item switched off or out of its window
// disappears like a block would.
func active[T interface{ ActiveAt(time.Time) bool }](r blockContext, items []T) []T {
	out := make([]T, 0, len(items))
	for _, it := range items {
		if it.ActiveAt(r.now) {
			out = append(out, it)
		}
	}
	return out
}

// main is a paragraph's main link for the reader: members follow MemberLink where the editor
// gave one, everyone else Link.
func (r blockContext) main(l portal.MainLink) *portal.Link {
	if r.audience == portal.Member {
		if member := r.link(l.MemberLink); member != nil {
			return member
		}
	}
	return r.link(l.Link)
}

// signInToken in a link's address means the destination needs the member's details (spec 3 §4).
const signInToken = "[HARTFORD_PARAMS]"

func (r blockContext) link(l *portal.CMSLink) *portal.Link {
	if l == nil || l.URL == "" {
		return nil
	}
	out := l.For(r.audience)
	out.SignInRequired = r.audience != portal.Member && strings.Contains(out.URL, signInToken)
	return &out
}

// link keeps the hero's old call shape: a CMS link chosen for an audience at no particular time.
func link(l *portal.CMSLink, a portal.Audience) *portal.Link {
	return blockContext{audience: a}.link(l)
}

// orEmpty keeps a list the document sends as an array even when the CMS gave none.
func orEmpty[T any](s []T) []T {
	if s == nil {
		return []T{}
	}
	return s
}
