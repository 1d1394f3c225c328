package cms

import (
	"bytes"
	"encoding/json"
	"net/url"
	"strings"
	"time"

	"github.com/union-benefits/portal/bff/internal/blocks"
	"github.com/union-benefits/portal/bff/internal/jsonapi"
	"github.com/union-benefits/portal/bff/internal/portal"
)

// Raw attribute shapes of the CMS (see fixtures/cms/README.md); those of links and rich text are
// jsonapi's, shared with the blocks. They never leave this package.

type rawVideo struct {
	URL                 string `json:"url"`
	Display             string `json:"display"`
	Loop                bool   `json:"loop"`
	HeightRestriction   string `json:"height_restriction"`
	HeadlineDescription string `json:"headline_description"`
	HasAudio            bool   `json:"has_audio"`
}

type rawCallout struct {
	Eyebrow     string           `json:"eyebrow"`
	Headline    string           `json:"headline"`
	Description string           `json:"description"`
	Link        *jsonapi.RawLink `json:"link"`
}

type rawVideoPlayer struct {
	YouTubeID string `json:"youtube_id"`
	Title     string `json:"title"`
	HasAudio  bool   `json:"has_audio"`
}

type rawNode struct {
	NID                  id                     `json:"nid"`
	Title                string                 `json:"title"`
	Path                 struct{ Alias string } `json:"path"`
	Changed              time.Time              `json:"changed"`
	DisabledAnonymous    bool                   `json:"disabled_anonymous"`
	HideSecondaryNav     bool                   `json:"hide_secondary_nav"`
	HeroEyebrow          string                 `json:"hero_eyebrow"`
	HeroHeadline         string                 `json:"hero_headline"`
	HeroDescription      string                 `json:"hero_description"`
	HeroSecondaryText    string                 `json:"hero_secondary_text"`
	HeroLink             *jsonapi.RawLink       `json:"hero_link"`
	HeroLinks            []jsonapi.RawLink      `json:"hero_links"`
	BackgroundVideo      *rawVideo              `json:"background_video"`
	FeaturedCallout      *rawCallout            `json:"featured_callout"`
	EmailPromo           *portal.EmailPromo     `json:"email_promo"`
	VideoPlayer          *rawVideoPlayer        `json:"video_player"`
	OptionalCTA          *jsonapi.RawLink       `json:"optional_cta"`
	HotelSearch          bool                   `json:"hotel_search"`
	Embed                string                 `json:"embed"`
	Metatags             map[string]string      `json:"metatags"`
	IsHardshipHelp       bool                   `json:"is_hardship_help"`
	HideInCategoryLists  bool                   `json:"hide_in_category_lists"`
	Teaser               string                 `json:"teaser"`
	LogoTitle            string                 `json:"logo_title"`
	LogoLink             *jsonapi.RawLink       `json:"logo_link"`
	SpanishPage          string                 `json:"spanish_page"`
	UseFormStyle         bool                   `json:"use_form_style"`
	Body                 *jsonapi.RawText       `json:"body"`
	BenefitPromoLinkText string                 `json:"benefit_promo_link_text"`
	Sidebar              *rawSidebar            `json:"sidebar"`
	EventSource          string                 `json:"event_source"`
	CommentSource        string                 `json:"comment_source"`
	CustomLoginModal     map[string]any         `json:"custom_login_modal"`
	CustomSignupModal    map[string]any         `json:"custom_signup_modal"`
}

type rawSidebar struct {
	IsTestimonial  bool             `json:"is_testimonial"`
	IsPromotion    bool             `json:"is_promotion"`
	Body           *jsonapi.RawText `json:"body"`
	Source         string           `json:"source"`
	SourceSubtitle string           `json:"source_subtitle"`
}

type rawFile struct {
	URI struct {
		URL string `json:"url"`
	} `json:"uri"`
	Alt           string            `json:"alt"`
	Width         int               `json:"width"`
	Height        int               `json:"height"`
	ImageStyleURI map[string]string `json:"image_style_uri"`
}

type rawUnion struct {
	TID            id              `json:"tid"`
	Name           string          `json:"name"`
	Title          string          `json:"title"`
	ShortName      string          `json:"short_name"`
	Weight         int             `json:"weight"`
	HideForm       bool            `json:"hide_form"`
	NetsuiteID     string          `json:"netsuite_id"`
	AgiaID         string          `json:"agia_id"`
	CreditCardLink jsonapi.RawLink `json:"credit_card_link"`
	// The union's own branding (spec 1 §3 'Union term'): where its logo leads, a few words
	// about it and its page's head tags.
	LogoLink    *jsonapi.RawLink  `json:"logo_link"`
	Description *jsonapi.RawText  `json:"description"`
	Metatags    map[string]string `json:"metatags"`
}

type rawTerm struct {
	TID    id     `json:"tid"`
	Name   string `json:"name"`
	Title  string `json:"title"`
	Weight int    `json:"weight"`
}

type rawMenuLink struct {
	MLID                 id              `json:"mlid"`
	MenuName             string          `json:"menu_name"`
	Title                string          `json:"title"`
	TitleAnonymous       string          `json:"title_anonymous"`
	TabTitle             string          `json:"tab_title"`
	Link                 jsonapi.RawLink `json:"link"`
	Weight               int             `json:"weight"`
	Parent               id              `json:"parent"`
	Depth                int             `json:"depth"`
	IncludeInInteriorNav bool            `json:"include_in_interior_nav"`
	DisabledAnonymous    bool            `json:"disabled_anonymous"`
	Unions               []id            `json:"unions"`
}

type rawVariable struct {
	Name  string         `json:"name"`
	Value map[string]any `json:"value"`
}

func (c *Client) reshapeNode(doc *jsonapi.Document, r *jsonapi.Resource) (*portal.Node, error) {
	var raw rawNode
	if err := r.Attrs(&raw); err != nil {
		return nil, err
	}
	n := &portal.Node{
		ID:                   r.ID,
		NID:                  raw.NID.String(),
		Bundle:               strings.TrimPrefix(r.Type, "node--"),
		Title:                raw.Title,
		Path:                 raw.Path.Alias,
		Changed:              raw.Changed,
		DisabledAnonymous:    raw.DisabledAnonymous,
		Unions:               c.termIDs(doc, r, "unions"),
		HideSecondaryNav:     raw.HideSecondaryNav,
		HeroEyebrow:          raw.HeroEyebrow,
		HeroHeadline:         raw.HeroHeadline,
		HeroDescription:      raw.HeroDescription,
		HeroSecondaryText:    raw.HeroSecondaryText,
		HeroLink:             optionalLink(raw.HeroLink),
		Meta:                 c.metatags(raw.Metatags),
		Hardship:             raw.IsHardshipHelp,
		HideInCategoryLists:  raw.HideInCategoryLists,
		LogoTitle:            raw.LogoTitle,
		LogoLink:             optionalLink(raw.LogoLink),
		SpanishPage:          jsonapi.LinkURL(raw.SpanishPage),
		Category:             nodeRef(doc, r, "category"),
		UseFormStyle:         raw.UseFormStyle,
		BenefitPromo:         nodeRef(doc, r, "benefit_promo_reference"),
		BenefitPromoLinkText: raw.BenefitPromoLinkText,
		OptionalCTA:          optionalLink(raw.OptionalCTA),
		HotelSearch:          raw.HotelSearch,
		Embed:                strings.TrimSpace(raw.Embed),
		Campaigns:            campaigns(doc, r),
		Modals:               c.nodeModals(raw),
	}
	// A livestream's player and comments are frames: only an absolute http(s) address (or a file
	// of the CMS's) may become one.
	n.EventSource = frameURL(c.fileURL(strings.TrimSpace(raw.EventSource)))
	n.CommentSource = strings.TrimSpace(raw.CommentSource)
	// A malformed video id is dropped (youTubeID): it would be written into the player's address.
	if vp := raw.VideoPlayer; vp != nil && jsonapi.YouTubeID(vp.YouTubeID) != "" {
		title := vp.Title
		if title == "" {
			title = raw.Title
		}
		n.VideoPlayer = &portal.VideoPlayer{YouTubeID: vp.YouTubeID, Title: title, HasAudio: vp.HasAudio}
	}
	for _, l := range raw.HeroLinks {
		if l.URI != "" {
			n.HeroLinks = append(n.HeroLinks, l.CMSLink())
		}
	}
	if raw.Body != nil {
		n.Body = raw.Body.HTML()
	}
	if sb := raw.Sidebar; sb != nil && (sb.IsTestimonial || sb.IsPromotion) {
		n.Sidebar = &portal.NodeSidebar{
			IsTestimonial:  sb.IsTestimonial,
			IsPromotion:    sb.IsPromotion,
			Source:         sb.Source,
			SourceSubtitle: sb.SourceSubtitle,
		}
		if sb.Body != nil {
			n.Sidebar.Body = sb.Body.HTML()
		}
	}
	// A callout without a headline has nothing to say: the editor left the fields empty.
	if co := raw.FeaturedCallout; co != nil && co.Headline != "" {
		n.HeroCallout = &portal.CMSCallout{Eyebrow: co.Eyebrow, Headline: co.Headline, Description: co.Description, Link: optionalLink(co.Link)}
	}
	// A promo without a headline is one the editor switched off (spec 1 §2: it is optional).
	if p := raw.EmailPromo; p != nil && strings.TrimSpace(p.Headline) != "" {
		n.HeroEmailPromo = &portal.EmailPromo{Headline: p.Headline, Description: p.Description}
	}
	if v := raw.BackgroundVideo; v != nil && v.URL != "" {
		n.HeroVideo = &portal.Video{
			URL:           c.fileURL(v.URL),
			Takeover:      v.Display == "takeover",
			Loop:          v.Loop,
			FixedHeight:   v.HeightRestriction == "fixed",
			HeadlineBelow: v.HeadlineDescription == "below",
			HasAudio:      v.HasAudio,
		}
	}
	var err error
	if n.HeroImage, err = c.firstImage(doc, r, "hero_image"); err != nil {
		return nil, err
	}
	if n.LogoImage, err = c.firstImage(doc, r, "logo_image"); err != nil {
		return nil, err
	}
	ps, err := blocks.Read(doc, doc.Related(r, "paragraphs"), c.reshapeImage)
	if err != nil {
		return nil, err
	}
	n.Paragraphs = ps
	return n, nil
}

// firstImage reshapes the first file a relationship names, or nil when it names none.
func (c *Client) firstImage(doc *jsonapi.Document, r *jsonapi.Resource, name string) (*portal.Image, error) {
	files := doc.Related(r, name)
	if len(files) == 0 {
		return nil, nil
	}
	img, err := c.reshapeImage(files[0])
	if err != nil {
		return nil, err
	}
	return &img, nil
}

// nodeRef names the node a relationship points at, when the document includes it.
func nodeRef(doc *jsonapi.Document, r *jsonapi.Resource, name string) *portal.NodeRef {
	nodes := doc.Related(r, name)
	if len(nodes) == 0 {
		return nil
	}
	var raw rawNode
	if err := nodes[0].Attrs(&raw); err != nil {
		return nil
	}
	return &portal.NodeRef{NID: raw.NID.String(), Title: raw.Title, Path: raw.Path.Alias}
}

// campaigns reads a benefit's viral sweep lightboxes (spec 1 §4): the Viral Sweep campaign nodes
// it references. A campaign without lightbox code has nothing to open and is left out. The code
// is the vendor's and stays unsanitised: the frontend shows it only inside sandboxed frames.
func campaigns(doc *jsonapi.Document, r *jsonapi.Resource) []portal.Campaign {
	var out []portal.Campaign
	for _, res := range doc.Related(r, "viral_sweep_lightboxes") {
		var raw struct {
			NID          id     `json:"nid"`
			Title        string `json:"title"`
			LightboxHTML string `json:"lightbox_html"`
			WidgetHTML   string `json:"widget_html"`
		}
		if res.Attrs(&raw) != nil || strings.TrimSpace(raw.LightboxHTML) == "" || raw.NID.String() == "" {
			continue
		}
		out = append(out, portal.Campaign{
			ID: raw.NID.String(), Title: raw.Title,
			LightboxHTML: raw.LightboxHTML, WidgetHTML: strings.TrimSpace(raw.WidgetHTML),
		})
	}
	return out
}

func optionalLink(l *jsonapi.RawLink) *portal.CMSLink {
	if l == nil || l.URI == "" {
		return nil
	}
	out := l.CMSLink()
	return &out
}

// reshapeBenefitTeaser reads a benefit of the benefits list.
func (c *Client) reshapeBenefitTeaser(doc *jsonapi.Document, r *jsonapi.Resource) (portal.BenefitTeaser, error) {
	var raw rawNode
	if err := r.Attrs(&raw); err != nil {
		return portal.BenefitTeaser{}, err
	}
	img, err := c.firstImage(doc, r, "teaser_image")
	if err != nil {
		return portal.BenefitTeaser{}, err
	}
	return portal.BenefitTeaser{
		NID:                 raw.NID.String(),
		Title:               raw.Title,
		Path:                raw.Path.Alias,
		Teaser:              raw.Teaser,
		Image:               img,
		Hardship:            raw.IsHardshipHelp,
		HideInCategoryLists: raw.HideInCategoryLists,
		DisabledAnonymous:   raw.DisabledAnonymous,
		Unions:              c.termIDs(doc, r, "unions"),
		Category:            nodeRef(doc, r, "category"),
		Changed:             raw.Changed,
	}, nil
}

func (c *Client) reshapeImage(r *jsonapi.Resource) (portal.Image, error) {
	var raw rawFile
	if err := r.Attrs(&raw); err != nil {
		return portal.Image{}, err
	}
	img := portal.Image{
		URL:    c.fileURL(raw.URI.URL),
		Alt:    raw.Alt,
		Width:  raw.Width,
		Height: raw.Height,
	}
	if len(raw.ImageStyleURI) > 0 {
		img.Styles = make(map[string]string, len(raw.ImageStyleURI))
		for style, u := range raw.ImageStyleURI {
			img.Styles[style] = c.fileURL(u)
		}
	}
	return img, nil
}

func (c *Client) reshapeUnion(doc *jsonapi.Document, r *jsonapi.Resource) (portal.Union, error) {
	var raw rawUnion
	if err := r.Attrs(&raw); err != nil {
		return portal.Union{}, err
	}
	u := portal.Union{
		ID:         raw.TID.String(),
		Name:       raw.Name,
		Title:      raw.Title,
		ShortName:  raw.ShortName,
		Weight:     raw.Weight,
		HideForm:   raw.HideForm,
		NetsuiteID: raw.NetsuiteID,
		AgiaID:     raw.AgiaID,
		// Featured post: a node--post the term references, named by its title and path.
		FeaturedPost: nodeRef(doc, r, "featured_post"),
	}
	if l := raw.LogoLink; l != nil {
		if link := l.CMSLink(); link.URL != "" {
			u.LogoLink = &link
		}
	}
	if raw.Description != nil {
		u.Description = raw.Description.HTML()
	}
	if len(raw.Metatags) > 0 {
		u.Meta = c.metatags(raw.Metatags)
	}
	if logos := doc.Related(r, "logo"); len(logos) > 0 {
		img, err := c.reshapeImage(logos[0])
		if err != nil {
			return portal.Union{}, err
		}
		u.Logo = &img
	}
	// A card needs both its picture and where to apply; half of one is not shown.
	if link := raw.CreditCardLink.CMSLink(); link.URL != "" {
		if cards := doc.Related(r, "credit_card_image"); len(cards) > 0 {
			img, err := c.reshapeImage(cards[0])
			if err != nil {
				return portal.Union{}, err
			}
			u.CreditCard = &portal.CreditCard{Image: img, Link: link}
		}
	}
	return u, nil
}

func reshapeTerm(r *jsonapi.Resource) (portal.Term, error) {
	var raw rawTerm
	if err := r.Attrs(&raw); err != nil {
		return portal.Term{}, err
	}
	return portal.Term{ID: raw.TID.String(), Name: raw.Name, Title: raw.Title, Weight: raw.Weight}, nil
}

func reshapeMenuLink(r *jsonapi.Resource) (portal.MenuLink, error) {
	var raw rawMenuLink
	if err := r.Attrs(&raw); err != nil {
		return portal.MenuLink{}, err
	}
	link := raw.Link.CMSLink()
	if raw.Title != "" {
		link.Title = raw.Title
	}
	if raw.TitleAnonymous != "" {
		link.TitleAnonymous = raw.TitleAnonymous
	}
	m := portal.MenuLink{
		ID:                   raw.MLID.String(),
		Menu:                 raw.MenuName,
		Link:                 link,
		TabTitle:             raw.TabTitle,
		Weight:               raw.Weight,
		ParentID:             raw.Parent.String(),
		Depth:                raw.Depth,
		IncludeInInteriorNav: raw.IncludeInInteriorNav,
		DisabledAnonymous:    raw.DisabledAnonymous,
	}
	for _, u := range raw.Unions {
		m.Unions = append(m.Unions, u.String())
	}
	return m, nil
}

func (c *Client) reshapeVariable(r *jsonapi.Resource) (*portal.Variable, error) {
	var raw rawVariable
	if err := r.Attrs(&raw); err != nil {
		return nil, err
	}
	name := raw.Name
	if name == "" {
		name = r.ID
	}
	if raw.Value == nil {
		raw.Value = map[string]any{}
	}
	c.variableFiles(raw.Value)
	return &portal.Variable{Name: name, Values: raw.Value}, nil
}

// nodeModals is a benefit's own dressing of the login and signup modals, kept in the global
// variable's shape (with its file paths made absolute the same way) so one reading serves both.
func (c *Client) nodeModals(raw rawNode) portal.Variable {
	if raw.CustomLoginModal == nil && raw.CustomSignupModal == nil {
		return portal.Variable{}
	}
	values := map[string]any{}
	if raw.CustomLoginModal != nil {
		values["custom_login_modal"] = raw.CustomLoginModal
	}
	if raw.CustomSignupModal != nil {
		values["custom_signup_modal"] = raw.CustomSignupModal
	}
	c.variableFiles(values)
	return portal.Variable{Name: "node", Values: values}
}

// variableFiles makes the file paths inside a variable's values absolute on the CMS's public
// host, as node images are, so every reader of a variable (modal images, a PDF link) gets a URL
// a browser can fetch. Variables carry links as "uri" values (internal:/x), never as bare site
// paths, so a path of Drupal's public files (/sites/{site}/files/...) is always a file.
func (c *Client) variableFiles(v any) any {
	switch x := v.(type) {
	case map[string]any:
		for k, e := range x {
			x[k] = c.variableFiles(e)
		}
	case []any:
		for i, e := range x {
			x[i] = c.variableFiles(e)
		}
	case string:
		if isSiteFile(x) {
			return c.fileURL(x)
		}
	}
	return v
}

// isSiteFile reports whether a path is in Drupal's public files: /sites/{site}/files/...
func isSiteFile(p string) bool {
	rest, ok := strings.CutPrefix(p, "/sites/")
	if !ok {
		return false
	}
	_, after, ok := strings.Cut(rest, "/")
	return ok && strings.HasPrefix(after, "files/")
}

// termIDs returns the numeric term ids (tid) of a node's term relationship: the ids the rest of
// the portal uses for unions. Terms not included in the document fall back to their UUIDs.
func (c *Client) termIDs(doc *jsonapi.Document, r *jsonapi.Resource, name string) []string {
	var out []string
	for _, t := range doc.Related(r, name) {
		var raw rawTerm
		if err := t.Attrs(&raw); err == nil && raw.TID != "" {
			out = append(out, raw.TID.String())
		}
	}
	if out == nil {
		out = r.RelatedIDs(name)
	}
	return out
}

// metatags applies the spec's metatag transform: absolute URLs lose the CMS's host, so the page
// names its own origin (the frontend resolves them against it), except images, which live on the
// CMS's public file host.
func (c *Client) metatags(raw map[string]string) map[string]string {
	out := make(map[string]string, len(raw))
	for k, v := range raw {
		if u, err := url.Parse(v); err == nil && u.IsAbs() && (u.Scheme == "http" || u.Scheme == "https") {
			u.Scheme, u.Host, u.User = "", "", nil
			v = u.String()
			if strings.Contains(k, "image") {
				v = c.fileURL(v)
			}
		}
		out[k] = v
	}
	return out
}

// fileURL makes a CMS file URL absolute on the public CMS host, so browsers can fetch it.
func (c *Client) fileURL(u string) string {
	if u == "" || strings.HasPrefix(u, "http://") || strings.HasPrefix(u, "https://") {
		return u
	}
	return c.files + "/" + strings.TrimLeft(u, "/")
}

// id is a CMS numeric id (nid, tid, mlid) that may arrive as a JSON number or a string.
type id string

func (i *id) UnmarshalJSON(b []byte) error {
	b = bytes.TrimSpace(b)
	if bytes.Equal(b, []byte("null")) {
		*i = ""
		return nil
	}
	if len(b) > 0 && b[0] == '"' {
		var s string
		if err := json.Unmarshal(b, &s); err != nil {
			return err
		}
		*i = id(s)
		return nil
	}
	var n json.Number
	if err := json.Unmarshal(b, &n); err != nil {
		return err
	}
	*i = id(n.String())
	return nil
}

func (i id) String() string { return string(i) }

// rawEligibility is an eligibility--eligibility resource's attributes: the CMS's field names,
// with the US Virgin Islands as it spells them.
type rawEligibility struct {
	Title           string `json:"title"`
	Program         string `json:"program"`
	Children        string `json:"children"`
	Spouse          string `json:"spouse"`
	DomesticPartner string `json:"domestic_partner"`
	Parent          string `json:"parent"`
	WidowWidower    string `json:"widow_widower"`
	Other           string `json:"other"`
	Guam            string `json:"guam"`
	PuertoRico      string `json:"puerto_rico"`
	USVirginIslands string `json:"usvirginislan"`
	Canada          string `json:"canada"`
	IsUS            bool   `json:"is_us"`
	IsInternational bool   `json:"is_international"`
}

// reshapeEligibility reads an eligibility record; its cells are keyed as the portal's columns.
func reshapeEligibility(doc *jsonapi.Document, r *jsonapi.Resource) (portal.EligibilityRecord, error) {
	var raw rawEligibility
	if err := r.Attrs(&raw); err != nil {
		return portal.EligibilityRecord{}, err
	}
	return portal.EligibilityRecord{
		Title:   raw.Title,
		Program: raw.Program,
		Benefit: nodeRef(doc, r, "benefit"),
		Cells: map[string]string{
			"children": raw.Children, "spouse": raw.Spouse, "domesticPartner": raw.DomesticPartner,
			"parent": raw.Parent, "widowWidower": raw.WidowWidower, "other": raw.Other,
			"guam": raw.Guam, "puertoRico": raw.PuertoRico, "usVirginIslands": raw.USVirginIslands,
			"canada": raw.Canada,
		},
		IsUS:            raw.IsUS,
		IsInternational: raw.IsInternational,
	}, nil
}

// frameURL is u when it is an absolute http(s) address with a host, else "".
func frameURL(u string) string {
	if safe := portal.SafeLinkURL(u); safe != "" && (strings.HasPrefix(safe, "https://") || strings.HasPrefix(safe, "http://")) {
		return safe
	}
	return ""
}
