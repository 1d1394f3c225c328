package portal

// The typed blocks of a page document. Each sets Type to its bundle name, which the frontend
// switches on; contracts/openapi.yaml (Block) lists the same fields. Images are already resolved
// to the image style the spec names for their place (Image.URL is that style's URL), links are
// already chosen for the reader, and nested items outside their active window are already gone.

// TextBlock is a headline over rich text.
type TextBlock struct {
	Type     string `json:"type"`
	ID       string `json:"id"`
	Headline string `json:"headline,omitempty"`
	HTML     HTML   `json:"html"`
}

// FiftyFiftyBlock is text beside an image, the image on the left or the right. With a YouTubeID
// the image is a poster whose play button opens the video overlay.
type FiftyFiftyBlock struct {
	Type          string `json:"type"`
	ID            string `json:"id"`
	Eyebrow       string `json:"eyebrow,omitempty"`
	Headline      string `json:"headline"`
	HTML          HTML   `json:"html"`
	Image         *Image `json:"image,omitempty"`
	ImageLayout   string `json:"imageLayout"` // left or right
	ImageLink     *Link  `json:"imageLink,omitempty"`
	YouTubeID     string `json:"youTubeId,omitempty"`
	Link          *Link  `json:"link,omitempty"`
	LinkSecondary *Link  `json:"linkSecondary,omitempty"`
}

// SeventyThirtyBlock is a wide column of text beside a narrow image.
type SeventyThirtyBlock struct {
	Type          string `json:"type"`
	ID            string `json:"id"`
	Eyebrow       string `json:"eyebrow,omitempty"`
	Headline      string `json:"headline"`
	HTML          HTML   `json:"html"`
	Image         *Image `json:"image,omitempty"`
	ImageLayout   string `json:"imageLayout"` // left or right
	Link          *Link  `json:"link,omitempty"`
	LinkSecondary *Link  `json:"linkSecondary,omitempty"`
}

// BenefitPromoBlock promotes one benefit page: its title, a subtitle and a link to it.
type BenefitPromoBlock struct {
	Type        string `json:"type"`
	ID          string `json:"id"`
	Eyebrow     string `json:"eyebrow,omitempty"`
	Headline    string `json:"headline"`
	Subtitle    string `json:"subtitle,omitempty"`
	HTML        HTML   `json:"html,omitzero"`
	Image       *Image `json:"image,omitempty"`
	ImageLayout string `json:"imageLayout"`
	Link        *Link  `json:"link,omitempty"`
}

// GridBlock is a set of cards: grid_simple shows them as a carousel, grid_scroll as a strip that
// scrolls sideways, optionally led by a larger featured promo.
type GridBlock struct {
	Type          string     `json:"type"` // grid_simple or grid_scroll
	ID            string     `json:"id"`
	Headline      string     `json:"headline,omitempty"`
	Description   string     `json:"description,omitempty"`
	Link          *Link      `json:"link,omitempty"`
	FeaturedPromo *GridPromo `json:"featuredPromo,omitempty"`
	Items         []GridItem `json:"items"`
}

// GridPromo is the featured card that leads a GridBlock.
type GridPromo struct {
	Headline    string `json:"headline"`
	Description string `json:"description,omitempty"`
	Link        *Link  `json:"link,omitempty"`
	Image       *Image `json:"image,omitempty"`
	ImageMobile *Image `json:"imageMobile,omitempty"`
}

// GridItem is one card of a GridBlock.
type GridItem struct {
	Eyebrow     string `json:"eyebrow,omitempty"`
	Headline    string `json:"headline"`
	Description string `json:"description,omitempty"`
	Link        *Link  `json:"link,omitempty"`
	Image       *Image `json:"image,omitempty"`
}

// WidePromoBlock is a full-width promotion. SpecialWords are words of the headline to highlight,
// each optionally followed by "|n" to pick its n-th occurrence.
type WidePromoBlock struct {
	Type         string   `json:"type"`
	ID           string   `json:"id"`
	Headline     string   `json:"headline"`
	HTML         HTML     `json:"html,omitzero"`
	Image        *Image   `json:"image,omitempty"`
	ImageMobile  *Image   `json:"imageMobile,omitempty"`
	ImageLayout  string   `json:"imageLayout"` // left or right
	TextLayout   string   `json:"textLayout"`  // left or center
	SpecialWords []string `json:"specialWords"`
	Link         *Link    `json:"link,omitempty"`
}

// StatCounterBlock is a large number with a description.
type StatCounterBlock struct {
	Type        string `json:"type"`
	ID          string `json:"id"`
	Stat        int    `json:"stat"`
	Description string `json:"description"`
	Link        *Link  `json:"link,omitempty"`
}

// IconsBlock is a row of icon cards.
type IconsBlock struct {
	Type     string     `json:"type"`
	ID       string     `json:"id"`
	Headline string     `json:"headline,omitempty"`
	Items    []IconItem `json:"items"`
}

// IconItem is one card of an IconsBlock.
type IconItem struct {
	Icon     *Image `json:"icon,omitempty"`
	Headline string `json:"headline"`
	HTML     HTML   `json:"html"`
	Link     *Link  `json:"link,omitempty"`
}

// SweepstakesBlock is a sweepstakes deal: a prize image or video beside the entry details.
type SweepstakesBlock struct {
	Type            string `json:"type"`
	ID              string `json:"id"`
	Eyebrow         string `json:"eyebrow,omitempty"`
	EyebrowTwo      string `json:"eyebrowTwo,omitempty"`
	Headline        string `json:"headline"`
	HTML            HTML   `json:"html,omitzero"`
	DetailsHTML     HTML   `json:"detailsHtml,omitzero"` // the CMS's body: rules and fine print
	Attribution     string `json:"attribution,omitempty"`
	Image           *Image `json:"image,omitempty"`
	ImageLink       *Link  `json:"imageLink,omitempty"`
	ImageLayout     string `json:"imageLayout"`
	YouTubeID       string `json:"youTubeId,omitempty"`
	Link            *Link  `json:"link,omitempty"`
	BackgroundColor string `json:"backgroundColor,omitempty"` // #rgb or #rrggbb
}

// TestimonialBlock is a set of member quotes.
type TestimonialBlock struct {
	Type     string            `json:"type"`
	ID       string            `json:"id"`
	Headline string            `json:"headline,omitempty"`
	Items    []TestimonialItem `json:"items"`
}

// TestimonialItem is one quote and who said it.
type TestimonialItem struct {
	Icon           *Image `json:"icon,omitempty"`
	HTML           HTML   `json:"html"`
	Attribution    string `json:"attribution,omitempty"`
	AttributionTwo string `json:"attributionTwo,omitempty"`
}

// TableBlock is a table of plain-text cells whose first row is the header. With UseRowHeaders the
// first cell of every other row heads its row too.
type TableBlock struct {
	Type          string     `json:"type"`
	ID            string     `json:"id"`
	Caption       string     `json:"caption,omitempty"`
	HTML          HTML       `json:"html,omitzero"`
	Rows          [][]string `json:"rows"`
	UseRowHeaders bool       `json:"useRowHeaders"`
	MaxWidth      int        `json:"maxWidth,omitempty"` // CSS pixels; 0 is the container's width
}

// SponsorBlock is a set of sponsor logos: sponsor_grid lays them out, sponsor_slider slides.
type SponsorBlock struct {
	Type     string        `json:"type"` // sponsor_grid or sponsor_slider
	ID       string        `json:"id"`
	Headline string        `json:"headline,omitempty"`
	Items    []SponsorItem `json:"items"`
}

// SponsorItem is one sponsor logo, linked to the sponsor when a link is given.
type SponsorItem struct {
	Image *Image `json:"image,omitempty"`
	Link  *Link  `json:"link,omitempty"`
}

// WinnersGridBlock shows sweepstakes winners.
type WinnersGridBlock struct {
	Type       string   `json:"type"`
	ID         string   `json:"id"`
	Headline   string   `json:"headline,omitempty"`
	SubHeading string   `json:"subHeading,omitempty"`
	Winners    []Winner `json:"winners"`
}

// Winner is one winner's photo, name and attribution.
type Winner struct {
	Image       *Image `json:"image,omitempty"`
	Headline    string `json:"headline"`
	Attribution string `json:"attribution,omitempty"`
}

// PartnersBlock lists partner logos in sections; premiere sections show larger logos.
type PartnersBlock struct {
	Type     string            `json:"type"`
	ID       string            `json:"id"`
	Headline string            `json:"headline,omitempty"`
	Sections []PartnersSection `json:"sections"`
}

// PartnersSection is one titled group of partners, all of one size.
type PartnersSection struct {
	Headline string        `json:"headline,omitempty"`
	Size     string        `json:"size"` // premiere or other
	Items    []PartnerItem `json:"items"`
}

// PartnerItem is one partner's logo, link and blurb.
type PartnerItem struct {
	Image *Image `json:"image,omitempty"`
	Link  *Link  `json:"link,omitempty"`
	HTML  HTML   `json:"html,omitzero"`
}

// CategorySliderBlock slides through benefit categories.
type CategorySliderBlock struct {
	Type        string         `json:"type"`
	ID          string         `json:"id"`
	Headline    string         `json:"headline,omitempty"`
	Description string         `json:"description,omitempty"`
	Link        *Link          `json:"link,omitempty"`
	Items       []CategoryItem `json:"items"`
}

// CategoryItem is one slide of a CategorySliderBlock.
type CategoryItem struct {
	Headline string `json:"headline"`
	Image    *Image `json:"image,omitempty"`
	HTML     HTML   `json:"html,omitzero"`
	Link     *Link  `json:"link,omitempty"`
}

// ContentCardsBlock is a row of cards pointing at other content: featured_content picks site
// content, manual_content cards are written by hand.
type ContentCardsBlock struct {
	Type          string        `json:"type"` // featured_content or manual_content
	ID            string        `json:"id"`
	Headline      string        `json:"headline,omitempty"`
	Items         []ContentCard `json:"items"`
	Link          *Link         `json:"link,omitempty"`
	LinkSecondary *Link         `json:"linkSecondary,omitempty"`
}

// ContentCard is one card of a ContentCardsBlock.
type ContentCard struct {
	Image       *Image `json:"image,omitempty"`
	Headline    string `json:"headline"`
	Description string `json:"description,omitempty"`
	Link        *Link  `json:"link,omitempty"`
}

// ColumnsPromoBlock is two or three columns of promotions.
type ColumnsPromoBlock struct {
	Type              string       `json:"type"`
	ID                string       `json:"id"`
	Headline          string       `json:"headline,omitempty"`
	DisableDecoration bool         `json:"disableDecoration"`
	Items             []ColumnItem `json:"items"`
	Link              *Link        `json:"link,omitempty"`
	LinkSecondary     *Link        `json:"linkSecondary,omitempty"`
}

// ColumnItem is one column of a ColumnsPromoBlock.
type ColumnItem struct {
	Image    *Image `json:"image,omitempty"`
	Headline string `json:"headline"`
	HTML     HTML   `json:"html,omitzero"`
	Link     *Link  `json:"link,omitempty"`
}

// BenefitSliderBlock slides through benefits, with or without their images.
type BenefitSliderBlock struct {
	Type        string        `json:"type"`
	ID          string        `json:"id"`
	Headline    string        `json:"headline,omitempty"`
	Description string        `json:"description,omitempty"`
	Link        *Link         `json:"link,omitempty"`
	UseImages   bool          `json:"useImages"`
	Items       []BenefitItem `json:"items"`
}

// BenefitItem is one slide of a BenefitSliderBlock.
type BenefitItem struct {
	Image       *Image `json:"image,omitempty"`
	Headline    string `json:"headline"`
	Description string `json:"description,omitempty"`
	Link        *Link  `json:"link,omitempty"`
}

// ViralWidgetBlock embeds a Viral Sweep campaign: its widget inline and, behind a button, its
// lightbox. The HTML is the campaign vendor's embed code, shown only inside sandboxed frames.
type ViralWidgetBlock struct {
	Type          string `json:"type"`
	ID            string `json:"id"`
	Headline      string `json:"headline,omitempty"`
	WidgetHTML    string `json:"widgetHtml"`
	LightboxHTML  string `json:"lightboxHtml,omitempty"`
	LightboxLabel string `json:"lightboxLabel,omitempty"`
	PaddingTop    int    `json:"paddingTop"`
	PaddingBottom int    `json:"paddingBottom"`
}

// CarSearchBlock is the car-pricing search (spec 3 §2, §5, §7): a new or used search for one
// of Makes near a zip code, which leaves for the pricing site. Makes holds only the makes that
// can be searched at all; each says for which condition.
type CarSearchBlock struct {
	Type        string    `json:"type"`
	ID          string    `json:"id"`
	Headline    string    `json:"headline,omitempty"`
	Description string    `json:"description,omitempty"`
	Makes       []CarMake `json:"makes"`
}

// BlockType implementations.

func (b TextBlock) BlockType() string           { return b.Type }
func (b FiftyFiftyBlock) BlockType() string     { return b.Type }
func (b SeventyThirtyBlock) BlockType() string  { return b.Type }
func (b BenefitPromoBlock) BlockType() string   { return b.Type }
func (b GridBlock) BlockType() string           { return b.Type }
func (b WidePromoBlock) BlockType() string      { return b.Type }
func (b StatCounterBlock) BlockType() string    { return b.Type }
func (b IconsBlock) BlockType() string          { return b.Type }
func (b SweepstakesBlock) BlockType() string    { return b.Type }
func (b TestimonialBlock) BlockType() string    { return b.Type }
func (b TableBlock) BlockType() string          { return b.Type }
func (b SponsorBlock) BlockType() string        { return b.Type }
func (b WinnersGridBlock) BlockType() string    { return b.Type }
func (b PartnersBlock) BlockType() string       { return b.Type }
func (b CategorySliderBlock) BlockType() string { return b.Type }
func (b ContentCardsBlock) BlockType() string   { return b.Type }
func (b ColumnsPromoBlock) BlockType() string   { return b.Type }
func (b BenefitSliderBlock) BlockType() string  { return b.Type }
func (b ViralWidgetBlock) BlockType() string    { return b.Type }
func (b CarSearchBlock) BlockType() string      { return b.Type }

// Paragraph contents: each bundle's fields as the cms package reads them, before the reader is
// known. Their text is final (rich text sanitised, plain text that becomes HTML escaped, layouts
// and ids checked); what depends on the request is left to the page: which of a paragraph's
// links the reader follows, which items are active now and which image style a place shows.

// ParagraphContent is the typed content of a Paragraph. The set is closed (only this package
// implements it), so a type switch over it names every bundle the portal can show.
type ParagraphContent interface{ paragraphContent() }

// MainLink is a paragraph's main link: members follow MemberLink where the editor gave one (it
// may skip a sign-up step), everyone else Link.
type MainLink struct {
	Link       *CMSLink
	MemberLink *CMSLink
}

// TextParagraph is the text_block bundle.
type TextParagraph struct {
	Headline string
	HTML     HTML
}

// FiftyFiftyParagraph is the fifty_fifty bundle.
type FiftyFiftyParagraph struct {
	Eyebrow       string
	Headline      string
	HTML          HTML
	Image         *Image
	ImageLayout   string // left or right
	ImageLink     *CMSLink
	YouTubeID     string
	LinkSecondary *CMSLink
	MainLink
}

// SeventyThirtyParagraph is the seventy_thirty bundle.
type SeventyThirtyParagraph struct {
	Eyebrow       string
	Headline      string
	HTML          HTML
	Image         *Image
	ImageLayout   string // left or right
	LinkSecondary *CMSLink
	MainLink
}

// BenefitPromoParagraph is the benefit_promo bundle. Headline and Image already fall back to the
// promoted benefit's.
type BenefitPromoParagraph struct {
	Eyebrow     string
	Headline    string
	Subtitle    string
	HTML        HTML
	Image       *Image
	ImageLayout string // left or right
	// Benefit links to the promoted benefit page; when set it is the block's link for everyone,
	// since the promotion exists to send readers there.
	Benefit *CMSLink
	MainLink
}

// GridParagraph is the grid_simple and grid_scroll bundles, which differ only in layout.
type GridParagraph struct {
	Headline    string
	Description string
	// Promos are the featured promo candidates: the first one active at the request leads.
	Promos []GridPromoParagraph
	Items  []GridItemParagraph
	MainLink
}

// GridPromoParagraph is the grid_promo bundle, a grid's featured promo. ImageMobile already falls
// back to Image.
type GridPromoParagraph struct {
	Window
	Headline    string
	Description string
	Image       *Image
	ImageMobile *Image
	MainLink
}

// GridItemParagraph is the grid_item bundle.
type GridItemParagraph struct {
	Window
	Eyebrow     string
	Headline    string
	Description string
	Image       *Image
	MainLink
}

// WidePromoParagraph is the wide_promo bundle.
type WidePromoParagraph struct {
	Headline     string
	HTML         HTML
	Image        *Image
	ImageLayout  string // left or right
	TextLayout   string // left or center
	SpecialWords []string
	MainLink
}

// StatCounterParagraph is the stat_counter bundle.
type StatCounterParagraph struct {
	Stat        int // never negative
	Description string
	MainLink
}

// IconsParagraph is the icons bundle.
type IconsParagraph struct {
	Headline string
	Items    []IconItemParagraph
}

// IconItemParagraph is the icon_item bundle. Its icon is shown as uploaded, in no image style.
type IconItemParagraph struct {
	Window
	Icon     *Image
	Headline string
	HTML     HTML
	MainLink
}

// SweepstakesParagraph is the sweepstakes bundle.
type SweepstakesParagraph struct {
	Eyebrow         string
	EyebrowTwo      string
	Headline        string
	HTML            HTML
	DetailsHTML     HTML
	Attribution     string
	Image           *Image
	ImageLink       *CMSLink
	ImageLayout     string // left or right
	YouTubeID       string
	BackgroundColor string
	MainLink
}

// TestimonialParagraph is the testimonial bundle.
type TestimonialParagraph struct {
	Headline string
	Items    []TestimonialItemParagraph
}

// TestimonialItemParagraph is the testimonial_item bundle. Its icon is shown as uploaded.
type TestimonialItemParagraph struct {
	Window
	Icon           *Image
	HTML           HTML
	Attribution    string
	AttributionTwo string
}

// TableParagraph is the table bundle. Rows are already rectangular.
type TableParagraph struct {
	Caption       string
	HTML          HTML
	Rows          [][]string
	UseRowHeaders bool
	MaxWidth      int // never negative
}

// SponsorParagraph is the sponsor_grid and sponsor_slider bundles, which differ only in layout.
type SponsorParagraph struct {
	Headline string
	Items    []SponsorItemParagraph
}

// SponsorItemParagraph is the sponsor_item bundle.
type SponsorItemParagraph struct {
	Window
	Image *Image
	MainLink
}

// WinnersGridParagraph is the winners_grid bundle.
type WinnersGridParagraph struct {
	Headline   string
	SubHeading string
	Winners    []WinnerItemParagraph
}

// WinnerItemParagraph is the winner_item bundle.
type WinnerItemParagraph struct {
	Window
	Image       *Image
	Headline    string
	Attribution string
}

// PartnersParagraph is the partners bundle.
type PartnersParagraph struct {
	Headline string
	Sections []PartnersSectionParagraph
}

// PartnersSectionParagraph is the partners_section bundle.
type PartnersSectionParagraph struct {
	Window
	Headline string
	Premiere bool // premiere partners show larger logos
	Items    []PartnerItemParagraph
}

// PartnerItemParagraph is the partner_item bundle.
type PartnerItemParagraph struct {
	Window
	Image *Image
	HTML  HTML
	MainLink
}

// CategorySliderParagraph is the category_slider bundle.
type CategorySliderParagraph struct {
	Headline    string
	Description string
	Items       []CategoryItemParagraph
	MainLink
}

// CategoryItemParagraph is the category_item bundle.
type CategoryItemParagraph struct {
	Window
	Headline string
	Image    *Image
	HTML     HTML
	MainLink
}

// FeaturedContentParagraph is the featured_content bundle.
type FeaturedContentParagraph struct {
	Headline      string
	Items         []FeaturedItemParagraph
	LinkSecondary *CMSLink
	MainLink
}

// FeaturedItemParagraph is the featured_item bundle: a site page the CMS picked, so its link is
// the page's path under its title, the same for every reader.
type FeaturedItemParagraph struct {
	Window
	Image       *Image
	Headline    string
	Description string
	Link        *CMSLink
}

// ManualContentParagraph is the manual_content bundle.
type ManualContentParagraph struct {
	Headline      string
	Items         []ManualItemParagraph
	LinkSecondary *CMSLink
	MainLink
}

// ManualItemParagraph is the manual_item bundle. Its links already carry the card's headline
// where the editor left their title empty.
type ManualItemParagraph struct {
	Window
	Image       *Image
	Headline    string
	Description string
	MainLink
}

// ColumnsPromoParagraph is the columns_promo bundle.
type ColumnsPromoParagraph struct {
	Headline          string
	DisableDecoration bool
	Items             []ColumnItemParagraph
	LinkSecondary     *CMSLink
	MainLink
}

// ColumnItemParagraph is the column_item bundle.
type ColumnItemParagraph struct {
	Window
	Image    *Image
	Headline string
	HTML     HTML
	MainLink
}

// BenefitSliderParagraph is the benefit_slider bundle.
type BenefitSliderParagraph struct {
	Headline    string
	Description string
	UseImages   bool
	Items       []BenefitItemParagraph
	MainLink
}

// BenefitItemParagraph is the benefit_item bundle. Its Image is nil unless its slider uses
// images.
type BenefitItemParagraph struct {
	Window
	Image       *Image
	Headline    string
	Description string
	MainLink
}

// ViralWidgetParagraph is the viral_widget bundle. The paddings are within 0 to 200 pixels.
type ViralWidgetParagraph struct {
	Headline      string
	WidgetHTML    string
	LightboxHTML  string
	LightboxLabel string
	PaddingTop    int
	PaddingBottom int
}

// CarSearchParagraph is the truecar_search bundle: its copy; the makes are read apart.
type CarSearchParagraph struct {
	Headline    string
	Description string
}

func (TextParagraph) paragraphContent()            {}
func (FiftyFiftyParagraph) paragraphContent()      {}
func (SeventyThirtyParagraph) paragraphContent()   {}
func (BenefitPromoParagraph) paragraphContent()    {}
func (GridParagraph) paragraphContent()            {}
func (WidePromoParagraph) paragraphContent()       {}
func (StatCounterParagraph) paragraphContent()     {}
func (IconsParagraph) paragraphContent()           {}
func (SweepstakesParagraph) paragraphContent()     {}
func (TestimonialParagraph) paragraphContent()     {}
func (TableParagraph) paragraphContent()           {}
func (SponsorParagraph) paragraphContent()         {}
func (WinnersGridParagraph) paragraphContent()     {}
func (PartnersParagraph) paragraphContent()        {}
func (CategorySliderParagraph) paragraphContent()  {}
func (FeaturedContentParagraph) paragraphContent() {}
func (ManualContentParagraph) paragraphContent()   {}
func (ColumnsPromoParagraph) paragraphContent()    {}
func (BenefitSliderParagraph) paragraphContent()   {}
func (ViralWidgetParagraph) paragraphContent()     {}
func (CarSearchParagraph) paragraphContent()       {}
