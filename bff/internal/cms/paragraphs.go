package cms

import (
	"bytes"
	"encoding/json"
	gohtml "html"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/union-benefits/portal/bff/internal/portal"
)

// Paragraphs: each bundle's attributes decode into a raw struct of its own and reshape into the
// portal's typed content for that bundle. The CMS's field names stay here, and so do the rules
// that only say how to read them: which of two fields holds the text, which relationship holds
// the items, what an image_layout value means. What depends on the reader is the page's.

// paragraphReaders read the bundles the portal shows. A bundle missing here reaches the page
// with no Content, and the page skips it: a CMS that gains a block type must not break pages.
var paragraphReaders = map[string]func(pr *paragraphReader) portal.ParagraphContent{
	"text_block": func(pr *paragraphReader) portal.ParagraphContent {
		var raw struct {
			Headline text   `json:"headline"`
			Body     markup `json:"body"`
		}
		pr.attrs(&raw)
		return portal.TextParagraph{Headline: string(raw.Headline), HTML: raw.Body.HTML}
	},
	"fifty_fifty": func(pr *paragraphReader) portal.ParagraphContent {
		var raw struct {
			rawCopy
			ImageLayout   text `json:"image_layout"`
			ImageLink     link `json:"image_link"`
			YouTubeID     text `json:"you_tube_id"`
			LinkSecondary link `json:"link_secondary"`
			rawMainLink
		}
		pr.attrs(&raw)
		return portal.FiftyFiftyParagraph{
			Eyebrow: string(raw.Eyebrow), Headline: string(raw.Headline), HTML: raw.html(),
			Image: pr.image("image"), ImageLayout: imageSide(raw.ImageLayout), ImageLink: raw.ImageLink.CMSLink,
			YouTubeID: youTubeID(string(raw.YouTubeID)), LinkSecondary: raw.LinkSecondary.CMSLink,
			MainLink: raw.mainLink(),
		}
	},
	"seventy_thirty": func(pr *paragraphReader) portal.ParagraphContent {
		var raw struct {
			rawCopy
			ImageLayout   text `json:"image_layout"`
			LinkSecondary link `json:"link_secondary"`
			rawMainLink
		}
		pr.attrs(&raw)
		return portal.SeventyThirtyParagraph{
			Eyebrow: string(raw.Eyebrow), Headline: string(raw.Headline), HTML: raw.html(),
			Image: pr.image("image"), ImageLayout: imageSide(raw.ImageLayout), LinkSecondary: raw.LinkSecondary.CMSLink,
			MainLink: raw.mainLink(),
		}
	},
	"benefit_promo": func(pr *paragraphReader) portal.ParagraphContent {
		var raw struct {
			rawCopy
			ImageLayout text       `json:"image_layout"`
			Subtitle    text       `json:"benefit_promo_subtitle"`
			Reference   benefitRef `json:"benefit_promo_reference"`
			LinkText    text       `json:"benefit_promo_link_text"`
			rawMainLink
		}
		pr.attrs(&raw)
		p := portal.BenefitPromoParagraph{
			Eyebrow:  string(raw.Eyebrow),
			Headline: firstNonEmpty(string(raw.Headline), string(raw.Reference.Title)),
			Subtitle: string(raw.Subtitle), HTML: raw.html(),
			Image:       firstImage(pr.image("benefit_promo_source_image"), pr.image("image")),
			ImageLayout: imageSide(raw.ImageLayout), MainLink: raw.mainLink(),
		}
		if path := string(raw.Reference.Path); path != "" {
			p.Benefit = &portal.CMSLink{URL: path, Title: firstNonEmpty(string(raw.LinkText), "Learn more")}
		}
		return p
	},
	"grid_simple": readGrid,
	"grid_scroll": readGrid,
	"wide_promo": func(pr *paragraphReader) portal.ParagraphContent {
		var raw struct {
			rawCopy
			ImageLayout  text  `json:"image_layout"`
			Description  text  `json:"description"`
			TextLayout   text  `json:"text_layout"`
			SpecialWords words `json:"special_words"`
			rawMainLink
		}
		pr.attrs(&raw)
		p := portal.WidePromoParagraph{
			Headline: string(raw.Headline), HTML: richOrText(raw.DescFormatted.HTML, string(raw.Description)),
			Image: pr.image("image"), ImageLayout: imageSide(raw.ImageLayout), TextLayout: "left",
			SpecialWords: raw.SpecialWords, MainLink: raw.mainLink(),
		}
		if raw.TextLayout == "center" || raw.TextLayout == "text_center" {
			p.TextLayout = "center"
		}
		return p
	},
	"stat_counter": func(pr *paragraphReader) portal.ParagraphContent {
		var raw struct {
			Stat        number `json:"stat"`
			Description text   `json:"description"`
			rawMainLink
		}
		pr.attrs(&raw)
		return portal.StatCounterParagraph{Stat: max(int(raw.Stat), 0), Description: string(raw.Description), MainLink: raw.mainLink()}
	},
	"icons": func(pr *paragraphReader) portal.ParagraphContent {
		var raw struct {
			Headline text `json:"headline"`
		}
		pr.attrs(&raw)
		return portal.IconsParagraph{
			Headline: string(raw.Headline),
			Items: items(pr, func(it *paragraphReader) portal.IconItemParagraph {
				var raw struct {
					rawCopy
					rawMainLink
				}
				it.attrs(&raw)
				return portal.IconItemParagraph{
					Window: it.window(), Icon: it.image("icon"), Headline: string(raw.Headline),
					HTML: raw.html(), MainLink: raw.mainLink(),
				}
			}, "items", "two_three"),
		}
	},
	"sweepstakes": func(pr *paragraphReader) portal.ParagraphContent {
		var raw struct {
			rawCopy
			ImageLayout     text `json:"image_layout"`
			EyebrowTwo      text `json:"eyebrow_two"`
			Attribution     text `json:"attribution"`
			ImageLink       link `json:"image_link"`
			YouTubeID       text `json:"you_tube_id"`
			BackgroundColor text `json:"background_color"`
			rawMainLink
		}
		pr.attrs(&raw)
		return portal.SweepstakesParagraph{
			Eyebrow: string(raw.Eyebrow), EyebrowTwo: string(raw.EyebrowTwo), Headline: string(raw.Headline),
			HTML: raw.DescFormatted.HTML, DetailsHTML: raw.Body.HTML, Attribution: string(raw.Attribution),
			Image: pr.image("image"), ImageLink: raw.ImageLink.CMSLink, ImageLayout: imageSide(raw.ImageLayout),
			YouTubeID: youTubeID(string(raw.YouTubeID)), BackgroundColor: hexColor(string(raw.BackgroundColor)),
			MainLink: raw.mainLink(),
		}
	},
	"testimonial": func(pr *paragraphReader) portal.ParagraphContent {
		var raw struct {
			Headline text `json:"headline"`
		}
		pr.attrs(&raw)
		return portal.TestimonialParagraph{
			Headline: string(raw.Headline),
			Items: items(pr, func(it *paragraphReader) portal.TestimonialItemParagraph {
				var raw struct {
					rawCopy
					Attribution    text `json:"attribution"`
					AttributionTwo text `json:"attribution_two"`
				}
				it.attrs(&raw)
				return portal.TestimonialItemParagraph{
					Window: it.window(), Icon: it.image("icon"),
					HTML:        firstHTML(raw.Body.HTML, raw.DescFormatted.HTML),
					Attribution: string(raw.Attribution), AttributionTwo: string(raw.AttributionTwo),
				}
			}, "two_three", "items"),
		}
	},
	"table": func(pr *paragraphReader) portal.ParagraphContent {
		var raw struct {
			Caption       text    `json:"caption"`
			DescFormatted markup  `json:"desc_formatted"`
			Value         table   `json:"value"`
			UseRowHeaders boolean `json:"use_row_headers"`
			MaxWidth      number  `json:"table_max_width"`
		}
		pr.attrs(&raw)
		return portal.TableParagraph{
			Caption: string(raw.Caption), HTML: raw.DescFormatted.HTML, Rows: raw.Value,
			UseRowHeaders: bool(raw.UseRowHeaders), MaxWidth: max(int(raw.MaxWidth), 0),
		}
	},
	"sponsor_grid":   readSponsors,
	"sponsor_slider": readSponsors,
	"winners_grid": func(pr *paragraphReader) portal.ParagraphContent {
		var raw struct {
			Headline   text `json:"headline"`
			SubHeading text `json:"sub_heading"`
		}
		pr.attrs(&raw)
		return portal.WinnersGridParagraph{
			Headline: string(raw.Headline), SubHeading: string(raw.SubHeading),
			Winners: items(pr, func(it *paragraphReader) portal.WinnerItemParagraph {
				var raw struct {
					Headline    text `json:"headline"`
					Attribution text `json:"attribution"`
				}
				it.attrs(&raw)
				return portal.WinnerItemParagraph{
					Window: it.window(), Image: it.image("image"),
					Headline: string(raw.Headline), Attribution: string(raw.Attribution),
				}
			}, "winners"),
		}
	},
	"partners": func(pr *paragraphReader) portal.ParagraphContent {
		var raw struct {
			Headline text `json:"headline"`
		}
		pr.attrs(&raw)
		return portal.PartnersParagraph{Headline: string(raw.Headline), Sections: items(pr, readPartnersSection, "sections")}
	},
	"category_slider": func(pr *paragraphReader) portal.ParagraphContent {
		var raw struct {
			Headline    text `json:"headline"`
			Description text `json:"description"`
			rawMainLink
		}
		pr.attrs(&raw)
		return portal.CategorySliderParagraph{
			Headline: string(raw.Headline), Description: string(raw.Description), MainLink: raw.mainLink(),
			Items: items(pr, func(it *paragraphReader) portal.CategoryItemParagraph {
				var raw struct {
					rawCopy
					ImageAlt text `json:"image_alt"`
					rawMainLink
				}
				it.attrs(&raw)
				return portal.CategoryItemParagraph{
					Window: it.window(), Headline: string(raw.Headline), Image: withAlt(it.image("image"), string(raw.ImageAlt)),
					HTML: firstHTML(raw.Body.HTML, raw.DescFormatted.HTML), MainLink: raw.mainLink(),
				}
			}, "items"),
		}
	},
	"featured_content": func(pr *paragraphReader) portal.ParagraphContent {
		var raw struct {
			Headline      text `json:"headline"`
			LinkSecondary link `json:"link_secondary"`
			rawMainLink
		}
		pr.attrs(&raw)
		return portal.FeaturedContentParagraph{
			Headline: string(raw.Headline), LinkSecondary: raw.LinkSecondary.CMSLink, MainLink: raw.mainLink(),
			Items: items(pr, func(it *paragraphReader) portal.FeaturedItemParagraph {
				var raw struct {
					Title       text `json:"title"`
					Headline    text `json:"headline"`
					Description text `json:"description"`
					Path        text `json:"path"`
				}
				it.attrs(&raw)
				item := portal.FeaturedItemParagraph{
					Window: it.window(), Image: it.image("image"),
					Headline: firstNonEmpty(string(raw.Title), string(raw.Headline)), Description: string(raw.Description),
				}
				if raw.Path != "" {
					item.Link = &portal.CMSLink{URL: string(raw.Path), Title: item.Headline}
				}
				return item
			}, "featured_items", "items"),
		}
	},
	"manual_content": func(pr *paragraphReader) portal.ParagraphContent {
		var raw struct {
			Headline      text `json:"headline"`
			LinkSecondary link `json:"link_secondary"`
			rawMainLink
		}
		pr.attrs(&raw)
		return portal.ManualContentParagraph{
			Headline: string(raw.Headline), LinkSecondary: raw.LinkSecondary.CMSLink, MainLink: raw.mainLink(),
			Items: items(pr, func(it *paragraphReader) portal.ManualItemParagraph {
				var raw struct {
					Headline   text `json:"headline"`
					SubHeading text `json:"sub_heading"`
					rawMainLink
				}
				it.attrs(&raw)
				// A card's link without a title of its own is named after the card.
				main := raw.mainLink()
				for _, l := range []*portal.CMSLink{main.Link, main.MemberLink} {
					if l != nil && l.Title == "" {
						l.Title = string(raw.Headline)
					}
				}
				return portal.ManualItemParagraph{
					Window: it.window(), Image: it.image("image"),
					Headline: string(raw.Headline), Description: string(raw.SubHeading), MainLink: main,
				}
			}, "items"),
		}
	},
	"columns_promo": func(pr *paragraphReader) portal.ParagraphContent {
		var raw struct {
			Headline          text    `json:"headline"`
			DisableDecoration boolean `json:"disable_decoration"`
			LinkSecondary     link    `json:"link_secondary"`
			rawMainLink
		}
		pr.attrs(&raw)
		return portal.ColumnsPromoParagraph{
			Headline: string(raw.Headline), DisableDecoration: bool(raw.DisableDecoration),
			LinkSecondary: raw.LinkSecondary.CMSLink, MainLink: raw.mainLink(),
			Items: items(pr, func(it *paragraphReader) portal.ColumnItemParagraph {
				var raw struct {
					rawCopy
					rawMainLink
				}
				it.attrs(&raw)
				return portal.ColumnItemParagraph{
					Window: it.window(), Image: it.image("image"), Headline: string(raw.Headline),
					HTML: raw.html(), MainLink: raw.mainLink(),
				}
			}, "two_three", "items"),
		}
	},
	"benefit_slider": func(pr *paragraphReader) portal.ParagraphContent {
		var raw struct {
			Headline    text    `json:"headline"`
			Description text    `json:"description"`
			UseImages   boolean `json:"use_images"`
			rawMainLink
		}
		pr.attrs(&raw)
		return portal.BenefitSliderParagraph{
			Headline: string(raw.Headline), Description: string(raw.Description),
			UseImages: bool(raw.UseImages), MainLink: raw.mainLink(),
			Items: items(pr, func(it *paragraphReader) portal.BenefitItemParagraph {
				var item struct {
					Headline    text `json:"headline"`
					Description text `json:"description"`
					rawMainLink
				}
				it.attrs(&item)
				out := portal.BenefitItemParagraph{
					Window: it.window(), Headline: string(item.Headline), Description: string(item.Description),
					MainLink: item.mainLink(),
				}
				if raw.UseImages {
					out.Image = it.image("image")
				}
				return out
			}, "items"),
		}
	},
	// truecar_search is the car-pricing search (spec 3 §2 'Car search block'); its makes are
	// a collection of their own, which the page adds.
	"truecar_search": func(pr *paragraphReader) portal.ParagraphContent {
		var raw struct {
			Headline    text `json:"headline"`
			Description text `json:"description"`
		}
		pr.attrs(&raw)
		return portal.CarSearchParagraph{Headline: string(raw.Headline), Description: string(raw.Description)}
	},
	"viral_widget": func(pr *paragraphReader) portal.ParagraphContent {
		var raw struct {
			Headline      text   `json:"headline"`
			WidgetHTML    text   `json:"widget_html"`
			LightboxHTML  text   `json:"lightbox_html"`
			LightboxLabel text   `json:"lightbox_label"`
			PaddingTop    number `json:"padding_top"`
			PaddingBottom number `json:"padding_bottom"`
		}
		pr.attrs(&raw)
		return portal.ViralWidgetParagraph{
			Headline: string(raw.Headline), WidgetHTML: string(raw.WidgetHTML),
			LightboxHTML: string(raw.LightboxHTML), LightboxLabel: string(raw.LightboxLabel),
			PaddingTop: clamp(int(raw.PaddingTop), 0, 200), PaddingBottom: clamp(int(raw.PaddingBottom), 0, 200),
		}
	},
}

func readGrid(pr *paragraphReader) portal.ParagraphContent {
	var raw struct {
		Headline    text `json:"headline"`
		Description text `json:"description"`
		rawMainLink
	}
	pr.attrs(&raw)
	return portal.GridParagraph{
		Headline: string(raw.Headline), Description: string(raw.Description), MainLink: raw.mainLink(),
		Promos: items(pr, func(it *paragraphReader) portal.GridPromoParagraph {
			var raw struct {
				Headline    text `json:"headline"`
				Description text `json:"description"`
				rawMainLink
			}
			it.attrs(&raw)
			img := it.image("image")
			return portal.GridPromoParagraph{
				Window: it.window(), Headline: string(raw.Headline), Description: string(raw.Description),
				Image: img, ImageMobile: firstImage(it.image("image_mobile"), img), MainLink: raw.mainLink(),
			}
		}, "featured_promo"),
		Items: items(pr, func(it *paragraphReader) portal.GridItemParagraph {
			var raw struct {
				Eyebrow     text `json:"eyebrow"`
				Headline    text `json:"headline"`
				Description text `json:"description"`
				SubHeading  text `json:"sub_heading"`
				rawMainLink
			}
			it.attrs(&raw)
			return portal.GridItemParagraph{
				Window: it.window(), Eyebrow: string(raw.Eyebrow), Headline: string(raw.Headline),
				Description: firstNonEmpty(string(raw.Description), string(raw.SubHeading)),
				Image:       it.image("image"), MainLink: raw.mainLink(),
			}
		}, "items"),
	}
}

func readSponsors(pr *paragraphReader) portal.ParagraphContent {
	var raw struct {
		Headline text `json:"headline"`
	}
	pr.attrs(&raw)
	return portal.SponsorParagraph{
		Headline: string(raw.Headline),
		Items: items(pr, func(it *paragraphReader) portal.SponsorItemParagraph {
			var raw struct {
				ImageAlt text `json:"image_alt"`
				rawMainLink
			}
			it.attrs(&raw)
			return portal.SponsorItemParagraph{Window: it.window(), Image: withAlt(it.image("image"), string(raw.ImageAlt)), MainLink: raw.mainLink()}
		}, "items"),
	}
}

func readPartnersSection(it *paragraphReader) portal.PartnersSectionParagraph {
	var raw struct {
		Headline     text `json:"headline"`
		PartnersSize text `json:"partners_size"`
	}
	it.attrs(&raw)
	return portal.PartnersSectionParagraph{
		Window: it.window(), Headline: string(raw.Headline), Premiere: raw.PartnersSize == "premiere",
		Items: items(it, func(it *paragraphReader) portal.PartnerItemParagraph {
			var raw struct {
				DescFormatted markup `json:"desc_formatted"`
				Description   text   `json:"description"`
				rawMainLink
			}
			it.attrs(&raw)
			return portal.PartnerItemParagraph{
				Window: it.window(), Image: it.image("image"), MainLink: raw.mainLink(),
				HTML: richOrText(raw.DescFormatted.HTML, string(raw.Description)),
			}
		}, "items"),
	}
}

// rawParagraph is what every paragraph carries, whatever its bundle.
type rawParagraph struct {
	IsActive           *bool      `json:"is_active"`
	StartDate          *time.Time `json:"start_date"`
	EndDate            *time.Time `json:"end_date"`
	DisplayAboveHeader bool       `json:"display_above_header"`
}

// window is when the paragraph shows. A missing is_active counts as on: only an editor's explicit
// switch-off hides a paragraph.
func (raw rawParagraph) window() portal.Window {
	return portal.Window{Active: raw.IsActive == nil || *raw.IsActive, Start: raw.StartDate, End: raw.EndDate}
}

// rawCopy is the copy most bundles share under the same names: an eyebrow, a headline and rich
// text in desc_formatted or body.
type rawCopy struct {
	Eyebrow       text   `json:"eyebrow"`
	Headline      text   `json:"headline"`
	DescFormatted markup `json:"desc_formatted"`
	Body          markup `json:"body"`
}

// html is the paragraph's rich text, wherever the bundle keeps it.
func (c rawCopy) html() portal.HTML { return firstHTML(c.DescFormatted.HTML, c.Body.HTML) }

// rawMainLink is the pair of links most bundles carry.
type rawMainLink struct {
	Link              link `json:"link"`
	AuthenticatedLink link `json:"authenticated_link"`
}

func (l rawMainLink) mainLink() portal.MainLink {
	return portal.MainLink{Link: l.Link.CMSLink, MemberLink: l.AuthenticatedLink.CMSLink}
}

func (c *Client) reshapeParagraphs(doc *document, rs []*resource) ([]portal.Paragraph, error) {
	out := make([]portal.Paragraph, 0, len(rs))
	for _, r := range rs {
		p, err := c.reshapeParagraph(doc, r)
		if err != nil {
			return nil, err
		}
		out = append(out, p)
	}
	return out, nil
}

func (c *Client) reshapeParagraph(doc *document, r *resource) (portal.Paragraph, error) {
	var raw rawParagraph
	if err := r.attrs(&raw); err != nil {
		return portal.Paragraph{}, err
	}
	w := raw.window()
	p := portal.Paragraph{
		ID:                 r.ID,
		Bundle:             strings.TrimPrefix(r.Type, "paragraph--"),
		Active:             w.Active,
		Start:              w.Start,
		End:                w.End,
		DisplayAboveHeader: raw.DisplayAboveHeader,
	}
	if read, ok := paragraphReaders[p.Bundle]; ok {
		pr := &paragraphReader{c: c, doc: doc, r: r}
		content := read(pr)
		if pr.err != nil {
			return portal.Paragraph{}, pr.err
		}
		p.Content = content
	}
	return p, nil
}

// paragraphReader reads one paragraph resource and keeps the first error it meets, so that a
// bundle's reader stays a plain list of its fields and its caller checks once.
type paragraphReader struct {
	c   *Client
	doc *document
	r   *resource
	err error
}

func (pr *paragraphReader) fail(err error) {
	if pr.err == nil {
		pr.err = err
	}
}

// attrs decodes the paragraph's attributes into a bundle's raw struct. Its fields are of the
// lenient types below, so only a malformed document fails here.
func (pr *paragraphReader) attrs(into any) {
	if err := pr.r.attrs(into); err != nil {
		pr.fail(err)
	}
}

// window is an item's own active window.
func (pr *paragraphReader) window() portal.Window {
	var raw rawParagraph
	if err := pr.r.attrs(&raw); err != nil {
		pr.fail(err)
	}
	return raw.window()
}

// image is the file a relationship names, or nil when it names none (or names no file).
func (pr *paragraphReader) image(name string) *portal.Image {
	files := pr.doc.related(pr.r, name)
	if len(files) == 0 || !strings.HasPrefix(files[0].Type, "file--") {
		return nil
	}
	img, err := pr.c.reshapeImage(files[0])
	if err != nil {
		pr.fail(err)
		return nil
	}
	return &img
}

// items reads, with read, the paragraphs of the first relationship in names that leads to
// any: bundles that hold their items under two names (items, two_three) use whichever is set.
// The parent decides what its items are, whatever bundle they claim, so nesting ends with the
// portal's types and a cyclic document cannot recurse.
func items[T any](pr *paragraphReader, read func(*paragraphReader) T, names ...string) []T {
	for _, name := range names {
		related := pr.doc.related(pr.r, name)
		if len(related) == 0 || !strings.HasPrefix(related[0].Type, "paragraph--") {
			continue
		}
		out := make([]T, 0, len(related))
		for _, r := range related {
			it := &paragraphReader{c: pr.c, doc: pr.doc, r: r}
			item := read(it)
			if it.err != nil {
				pr.fail(it.err)
				return nil
			}
			out = append(out, item)
		}
		return out
	}
	return nil
}

// Lenient field types. A paragraph field of an unexpected shape reads as empty rather than
// failing the whole page, as it did when paragraphs were read field by field.

// text is a text field: a plain string as stored, or rich text (an object with processed), which
// becomes sanitised HTML.
type text string

// UnmarshalJSON never fails, like every lenient type's: a wrong shape reads as empty.
func (t *text) UnmarshalJSON(b []byte) error {
	var s string
	if json.Unmarshal(b, &s) == nil {
		*t = text(s)
		return nil
	}
	*t = ""
	if _, rich := linkOrRichText(b); rich != nil {
		*t = text(html(*rich).String())
	}
	return nil
}

// markup is a field that becomes HTML on a page: rich text (an object with processed) is
// sanitised, and a bare string, which the CMS stores as plain text, is escaped, never trusted as
// markup.
type markup struct{ portal.HTML }

// UnmarshalJSON never fails, like every lenient type's: a wrong shape reads as empty.
func (m *markup) UnmarshalJSON(b []byte) error {
	m.HTML = portal.HTML{}
	var s string
	if json.Unmarshal(b, &s) == nil {
		m.HTML = portal.PlainText(s)
		return nil
	}
	if _, rich := linkOrRichText(b); rich != nil {
		m.HTML = html(*rich)
	}
	return nil
}

// link is a link field; its CMSLink is nil unless the field is a link with an address.
type link struct{ *portal.CMSLink }

// UnmarshalJSON keeps a link without an address as none: the page would have nothing to link.
func (l *link) UnmarshalJSON(b []byte) error {
	l.CMSLink = nil
	if raw, _ := linkOrRichText(b); raw != nil {
		if out := reshapeLink(*raw); out.URL != "" {
			l.CMSLink = &out
		}
	}
	return nil
}

// linkOrRichText tells apart the two object shapes a paragraph field may hold: an object with a
// uri is a link, one with processed is rich text.
func linkOrRichText(b []byte) (*rawLink, *rawText) {
	var probe map[string]json.RawMessage
	if json.Unmarshal(b, &probe) != nil {
		return nil, nil
	}
	if _, ok := probe["uri"]; ok {
		var l rawLink
		if json.Unmarshal(b, &l) == nil {
			return &l, nil
		}
	}
	if _, ok := probe["processed"]; ok {
		var t rawText
		if json.Unmarshal(b, &t) == nil {
			return nil, &t
		}
	}
	return nil, nil
}

// number is a number field truncated to an integer.
type number int

// UnmarshalJSON reads any JSON number, as the CMS sends integers and decimals alike.
func (n *number) UnmarshalJSON(b []byte) error {
	var f float64
	if json.Unmarshal(b, &f) != nil {
		f = 0
	}
	*n = number(int(f))
	return nil
}

// boolean is a boolean field: only true is true.
type boolean bool

// UnmarshalJSON reads anything but true as false.
func (f *boolean) UnmarshalJSON(b []byte) error {
	*f = boolean(bytes.Equal(b, []byte("true")))
	return nil
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

// benefitRef is the benefit page a benefit_promo points at.
type benefitRef struct {
	Path  text `json:"path"`
	Title text `json:"title"`
}

// UnmarshalJSON reads anything but an object as no benefit.
func (r *benefitRef) UnmarshalJSON(b []byte) error {
	type fields benefitRef // without this method
	var f fields
	if json.Unmarshal(b, &f) == nil {
		*r = benefitRef(f)
	}
	return nil
}

// imageSide is the side of its text an image goes to: left only where the editor says so.
func imageSide(layout text) string {
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

// richOrText is HTML for a place that takes rich text or else plain text, which is escaped: a
// plain CMS string is never trusted as markup.
func richOrText(rich portal.HTML, plain string) portal.HTML {
	if !rich.IsZero() || plain == "" {
		return rich
	}
	return portal.RichText("<p>" + gohtml.EscapeString(plain) + "</p>")
}

// firstHTML is the first of hs with markup.
func firstHTML(hs ...portal.HTML) portal.HTML {
	for _, h := range hs {
		if !h.IsZero() {
			return h
		}
	}
	return portal.HTML{}
}

// withAlt gives an image the alt text an item sets for it, which is more specific than the
// file's own.
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

func firstNonEmpty(ss ...string) string {
	for _, s := range ss {
		if s != "" {
			return s
		}
	}
	return ""
}

func clamp(v, lo, hi int) int { return min(max(v, lo), hi) }
