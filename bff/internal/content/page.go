// Package content assembles the content site's page-shaped documents, one per screen, from the portal's content: it
// decides what a reader sees (routing rules, gating, union personalisation, link titles, active
// blocks) so the frontend only draws.
package content

import (
	"context"
	"log/slog"
	"sort"
	"strconv"
	"strings"
	"time"

	"golang.org/x/sync/errgroup"

	"github.com/union-benefits/portal/bff/internal/apperr"
	"github.com/union-benefits/portal/bff/internal/blocks"
	"github.com/union-benefits/portal/bff/internal/portal"
)

// Service builds page documents and the site chrome. It implements Pages.
type Service struct {
	content     portal.Content
	homePath    string
	productName string
	now         func() time.Time
	blocks      *blockBuilder
}

var _ Pages = (*Service)(nil)

// Options configures a Service.
type Options struct {
	HomePath    string // the CMS path of the home node, e.g. home/1072
	ProductName string
	Logger      *slog.Logger
	Now         func() time.Time // for tests
	// FormOrigins are the origins a block's embedded form may be framed from (portal.BlockReader).
	FormOrigins []string
}

// New returns a Service reading from content.
func New(content portal.Content, o Options) *Service {
	if o.Now == nil {
		o.Now = time.Now
	}
	if o.Logger == nil {
		o.Logger = slog.Default()
	}
	return &Service{
		content:     content,
		homePath:    strings.Trim(o.HomePath, "/"),
		productName: o.ProductName,
		now:         o.Now,
		blocks:      newBlockBuilder(o.Logger, o.FormOrigins),
	}
}

// The global variable holds the site-wide settings pages depend on.
const globalVariable = "union_structure_global"

// ReaderTags are the tags of what Reader reads (the unions and the global variable): a cached
// reader is purged with them.
var ReaderTags = []string{portal.TermTag("union"), portal.VariableTag(globalVariable)}

// Paths with a page kind of their own: their titles name the reader's union.
const (
	membersPath     = "/union-member-benefits"
	eligibilityPath = "/union-member-eligibility"
)

// memberTabs are the account tabs a signed-in member is sent to instead of the union pages.
var memberTabs = map[string]string{membersPath: "/account/benefits", eligibilityPath: "/account/eligibility"}

// pageKinds are the node bundles that render as content pages, and the kind each renders as.
var pageKinds = map[string]string{
	"home": "home", "page": "page", "benefit": "benefit", "category": "category", "landing": "landing",
	"livestream": "livestream",
}

// Reader resolves the union a request is for: the one asked for when it names a union (see
// portal.Unions.Find), else the site's fallback union.
//
// The global variable is read alongside the unions rather than after them: on a cold cache they
// are two CMS calls, and the page or chrome asked for next reads the variable anyway. Its answer
// (or failure) matters only when the union is not found, as before.
func (s *Service) Reader(ctx context.Context, a portal.Audience, union string) (portal.Reader, error) {
	type variable struct {
		v   *portal.Variable
		err error
	}
	global := make(chan variable, 1) // buffered: nobody waits for it when the union is found
	go func() {
		v, err := s.content.Variable(ctx, globalVariable)
		global <- variable{v, err}
	}()
	unions, err := s.content.Unions(ctx)
	if err != nil {
		return portal.Reader{}, err
	}
	if u := unions.Find(union); u != nil {
		return portal.Reader{Audience: a, Union: u.ID, Chosen: true}, nil
	}
	g := <-global
	if g.err != nil {
		return portal.Reader{}, g.err
	}
	return portal.Reader{Audience: a, Union: g.v.String("fallback_union")}, nil
}

// Page returns the answer for a site path ("/" is the home node): first the rules that need no
// content (the spec's path rules, ?redirect_benefit=, the union pages), then the node's own
// (its union limit and members-only gate), then the assembler of the node's kind.
func (s *Service) Page(ctx context.Context, req PageRequest) (PageResult, error) {
	sitePath := portal.CleanPath(req.Path)
	if res, ok, err := routingRule(sitePath); ok || err != nil {
		return res, err
	}
	if res, ok, err := s.benefitRedirect(ctx, req.RedirectBenefit); ok || err != nil {
		return res, err
	}
	r := req.Reader
	if (sitePath == membersPath || sitePath == eligibilityPath) && r.Audience == portal.Member {
		// A member's account shows both for their own union (spec 1 §2): /account/{tab}
		// is the frontend's way to their own uid's tab. A visitor who chose no union is
		// asked for one on the page itself (chooseUnion), never sent away.
		return redirect(memberTabs[sitePath], false), nil
	}

	src, err := s.load(ctx, sitePath)
	if err != nil {
		return PageResult{}, err
	}
	if !portal.UnionPasses(r.Union, src.node.Unions) {
		denied := portal.CleanPath(src.global.String("access_denied_landing"))
		if denied == "/" || denied == sitePath {
			return PageResult{}, apperr.PageNotFound(nil)
		}
		res := redirect(denied, false)
		res.Tags = src.tags
		return res, nil
	}

	doc := &PageDocument{
		Kind:   src.kind,
		Path:   sitePath,
		Title:  src.node.Title,
		Blocks: []portal.Block{},
		// Empty, not absent, for a gated document too: the contract lists both as arrays.
		AboveHeader: []portal.Block{},
		Meta:        s.meta(src.node),
		Union:       src.unions.Find(r.Union).Ref(),
		UnionChosen: r.Chosen,
	}
	res := PageResult{Document: doc, Tags: src.tags}
	if src.kind == "benefit" {
		// On the gate too: that is where the reader is asked to log in.
		doc.AuthModals = benefitModals(src.node)
	}
	if src.node.DisabledAnonymous && r.Audience == portal.Anonymous {
		// The gate: the title, so the reader knows what they would see, and nothing of the body.
		doc.Hero = Hero{Variant: "basic", Headline: src.node.Title}
		doc.Gate = &Gate{Reason: "login"}
		doc.Meta = portal.PageMeta{Title: src.node.Title + " | " + s.productName, Robots: "noindex"}
		return res, nil
	}

	now := s.now()
	doc.Hero = hero(src.node, src.kind, r.Audience)
	doc.Blocks = s.blocks.build(src.node.Paragraphs, r.Audience, now)
	doc.AboveHeader = s.blocks.buildAboveHeader(src.node.Paragraphs, r.Audience, now)
	if s.withCarMakes(ctx, doc) {
		res.Tags = append(res.Tags, portal.CarMakesTag)
	}
	if assemble := assemblers[src.kind]; assemble != nil {
		tags, err := assemble(ctx, s, src, r, doc)
		if err != nil {
			return PageResult{}, err
		}
		res.Tags = append(res.Tags, tags...)
	}
	return res, nil
}

// source is what a page is built from: its node, the kind it renders as, and the site-wide
// content every page reads.
type source struct {
	sitePath string
	node     *portal.Node
	kind     string
	global   *portal.Variable
	unions   portal.Unions
	menus    []portal.MenuLink
	tags     []string
	// benefits are read with the node when the path alone says the page lists them (the
	// members page); nil otherwise, and withBenefits reads them then.
	benefits []portal.BenefitTeaser
}

// load reads a page's node and the site-wide content concurrently, and decides its kind. What a
// page's path alone says it needs besides (the members page's benefits, the eligibility page's
// records) is read in the same round, so a cold page waits for one round of CMS calls, not two.
func (s *Service) load(ctx context.Context, sitePath string) (*source, error) {
	cmsPath := strings.Trim(sitePath, "/")
	if sitePath == "/" {
		cmsPath = s.homePath
	}
	src := &source{sitePath: sitePath}
	g, gctx := errgroup.WithContext(ctx)
	g.Go(func() (err error) { src.node, err = s.content.NodeByPath(gctx, cmsPath); return })
	g.Go(func() (err error) { src.global, err = s.content.Variable(gctx, globalVariable); return })
	g.Go(func() (err error) { src.unions, err = s.content.Unions(gctx); return })
	g.Go(func() (err error) { src.menus, err = s.content.Menus(gctx); return })
	switch sitePath {
	case membersPath:
		g.Go(func() (err error) { src.benefits, err = s.content.Benefits(gctx); return })
	case eligibilityPath:
		// Warms the content cache for the eligibility assembler, which reads the records again.
		g.Go(func() error { _, err := s.content.Eligibility(gctx); return err })
	}
	if err := g.Wait(); err != nil {
		return nil, err
	}
	kind, ok := pageKinds[src.node.Bundle]
	if !ok {
		return nil, apperr.PageNotFound(nil)
	}
	switch {
	case sitePath != "/" && kind == "home":
		kind = "page"
	case sitePath == membersPath:
		kind = "members"
	case sitePath == eligibilityPath:
		kind = "eligibility"
	}
	src.kind = kind
	src.tags = []string{portal.NodeTag(src.node.NID), portal.PathTag(cmsPath), portal.MenuTag,
		portal.VariableTag(globalVariable), portal.TermTag("union")}
	return src, nil
}

// An assembler adds what a kind of page shows besides the hero and blocks, and returns the tags
// of any further content it read.
type assembler func(ctx context.Context, s *Service, src *source, r portal.Reader, doc *PageDocument) ([]string, error)

// assemblers are the per-kind steps; home has none of its own.
var assemblers = map[string]assembler{
	"page": func(_ context.Context, _ *Service, src *source, r portal.Reader, doc *PageDocument) ([]string, error) {
		n := src.node
		doc.Body = n.Body
		if ref := n.BenefitPromo; ref != nil && n.BenefitPromoLinkText != "" {
			doc.BenefitPromo = &portal.BenefitPromo{Title: ref.Title, URL: ref.Path, LinkText: n.BenefitPromoLinkText}
		}
		doc.Sidebar = sidebar(n, src.menus, src.sitePath, r)
		return nil, nil
	},
	"benefit": func(_ context.Context, _ *Service, src *source, r portal.Reader, doc *PageDocument) ([]string, error) {
		withSecondaryNav(src, r, doc)
		doc.HotelSearch = src.node.HotelSearch
		doc.CreditCard = creditCard(src, r)
		return withBenefitMedia(src, r, doc), nil
	},
	"landing": func(_ context.Context, _ *Service, src *source, r portal.Reader, doc *PageDocument) ([]string, error) {
		withSecondaryNav(src, r, doc)
		doc.UseFormStyle = src.node.UseFormStyle
		return withBenefitMedia(src, r, doc), nil
	},
	"livestream": func(_ context.Context, _ *Service, src *source, _ portal.Reader, doc *PageDocument) ([]string, error) {
		// A livestream without a player has nothing to show; the rest of the page still does.
		if n := src.node; n.EventSource != "" {
			doc.Livestream = &portal.Livestream{ID: n.NID, EventSource: n.EventSource, CommentSource: n.CommentSource}
		}
		return nil, nil
	},
	"category": func(ctx context.Context, s *Service, src *source, r portal.Reader, doc *PageDocument) ([]string, error) {
		withSecondaryNav(src, r, doc)
		return s.withBenefits(ctx, src, r, doc)
	},
	"members": func(ctx context.Context, s *Service, src *source, r portal.Reader, doc *PageDocument) ([]string, error) {
		if !r.Chosen {
			s.chooseUnion(doc, chooseForBenefits)
			return nil, nil
		}
		s.titleForUnion(src, doc, "Benefits for %@ Members")
		withUnionBrand(src, r, doc)
		return s.withBenefits(ctx, src, r, doc)
	},
	"eligibility": func(ctx context.Context, s *Service, src *source, r portal.Reader, doc *PageDocument) ([]string, error) {
		if !r.Chosen {
			s.chooseUnion(doc, chooseForEligibility)
			return nil, nil
		}
		s.titleForUnion(src, doc, eligibilityTitle)
		tables, err := s.eligibility(ctx, src.global, doc.Union)
		if err != nil {
			return nil, err
		}
		doc.Eligibility = &tables
		return []string{portal.EligibilityTag}, nil
	},
}

// withCarMakes fills the car search blocks of a page with the makes that can be searched, and
// reports whether the page has any (so its document is tagged with the makes). Without makes a
// search cannot be made: when they cannot be read the blocks are left out and the rest of the
// page is shown, as with any block the page cannot draw.
func (s *Service) withCarMakes(ctx context.Context, doc *PageDocument) bool {
	has := func(bs []portal.Block) bool {
		for _, b := range bs {
			if _, ok := b.(blocks.CarSearch); ok {
				return true
			}
		}
		return false
	}
	if !has(doc.Blocks) && !has(doc.AboveHeader) {
		return false
	}
	all, err := s.content.CarMakes(ctx)
	if err != nil {
		s.blocks.log.WarnContext(ctx, "car makes unavailable; car search left out", "err", err)
	}
	makes := []portal.CarMake{}
	for _, m := range all {
		if m.AvailableNew || m.AvailableUsed {
			makes = append(makes, m)
		}
	}
	fill := func(bs []portal.Block) []portal.Block {
		out := bs[:0]
		for _, b := range bs {
			if cs, ok := b.(blocks.CarSearch); ok {
				if len(makes) == 0 {
					continue
				}
				cs.Makes = makes
				b = cs
			}
			out = append(out, b)
		}
		return out
	}
	doc.Blocks = fill(doc.Blocks)
	doc.AboveHeader = fill(doc.AboveHeader)
	return true
}

// withBenefitMedia adds what spec 3 §3 shows around a benefit or landing page's hero: its video
// player, call to action, vendor embed and Viral Sweep campaigns. It returns the campaigns' tags,
// so an edit of a campaign node purges the pages that show it.
func withBenefitMedia(src *source, r portal.Reader, doc *PageDocument) []string {
	n := src.node
	doc.VideoPlayer = n.VideoPlayer
	doc.OptionalCTA = link(n.OptionalCTA, r.Audience)
	doc.Embed = n.Embed
	doc.Campaigns = n.Campaigns
	var tags []string
	for _, c := range n.Campaigns {
		tags = append(tags, portal.NodeTag(c.ID))
	}
	return tags
}

func withSecondaryNav(src *source, r portal.Reader, doc *PageDocument) {
	if !src.node.HideSecondaryNav {
		doc.SecondaryNav = secondaryNav(src.menus, src.sitePath, r)
	}
}

// titleForUnion names the reader's union in the members and eligibility pages' titles.
func (s *Service) titleForUnion(src *source, doc *PageDocument, template string) {
	doc.Body = src.node.Body
	doc.Title = strings.ReplaceAll(template, "%@", unionName(doc.Union))
	doc.Hero.Headline = doc.Title
	doc.Meta.Title = doc.Title + " | " + s.productName
}

// withUnionBrand shows the chosen union's own logo, description and featured post on its members
// page, and lets its head tags (its metatags) describe the page where it sets them.
func withUnionBrand(src *source, r portal.Reader, doc *PageDocument) {
	u := src.unions.Find(r.Union)
	if u == nil {
		return
	}
	b := &UnionBrand{Label: u.Label(), Logo: u.Logo, LogoLink: unionLogoLink(u, r.Audience), Description: u.Description}
	if p := u.FeaturedPost; p != nil && p.Path != "" && p.Title != "" {
		b.FeaturedPost = &portal.Link{URL: p.Path, Title: p.Title}
	}
	if b.Logo != nil || !b.Description.IsZero() || b.FeaturedPost != nil {
		doc.UnionBrand = b
	}
	// The title stays the spec's 'Benefits for %@ Members'; the union's tags give the rest.
	doc.Meta.Overlay(portal.MetaFromTags(u.Meta))
}

// unionLogoLink is where a union's logo leads: its logo link, or nowhere.
func unionLogoLink(u *portal.Union, a portal.Audience) *portal.Link {
	if u.LogoLink == nil {
		return nil
	}
	l := u.LogoLink.For(a)
	if l.Title == "" {
		l.Title = u.Label()
	}
	return &l
}

// The union pages' words for a visitor who has chosen no union yet.
const (
	chooseUnionTitle     = "Choose Your Union"
	chooseForBenefits    = "Find your union to see the benefits its members get."
	chooseForEligibility = "Find your union to see who in your family is eligible for each benefit."
)

// chooseUnion makes a union page one that asks a visitor who chose no union to choose one: the
// page is about one union, and the site's fallback is nobody's choice. The frontend lists the
// unions (Session.visibleUnions), each linking back here with ?union=; nothing of the fallback
// union's (its benefits, tables, name) is sent, nor the page's own body and link, which speak
// of a union's benefits.
func (s *Service) chooseUnion(doc *PageDocument, description string) {
	doc.Union = nil
	doc.Title = chooseUnionTitle
	doc.Hero.Headline = chooseUnionTitle
	doc.Hero.Description = description
	doc.Hero.Link = nil
	doc.Hero.Links = nil
	doc.Meta.Title = chooseUnionTitle + " | " + s.productName
}

// withBenefits lists the benefits of a category page (those filed under it) or of the members
// page (all of them), as the reader may see them.
func (s *Service) withBenefits(ctx context.Context, src *source, r portal.Reader, doc *PageDocument) ([]string, error) {
	benefits := src.benefits
	if benefits == nil {
		var err error
		if benefits, err = s.content.Benefits(ctx); err != nil {
			return nil, err
		}
	}
	doc.Benefits = portal.GroupBenefits(benefits, r, func(b portal.BenefitTeaser) bool {
		if b.HideInCategoryLists {
			return false // translations and the like: reachable, never listed
		}
		return src.kind == "members" || (b.Category != nil && b.Category.NID == src.node.NID)
	})
	return []string{portal.BenefitsTag}, nil
}

// benefitRedirect sends the reader of ?redirect_benefit={slug} to that benefit when it exists;
// an unknown benefit is no reason to fail the page the reader asked for (ok false).
func (s *Service) benefitRedirect(ctx context.Context, slug string) (PageResult, bool, error) {
	if slug == "" {
		return PageResult{}, false, nil
	}
	benefit, err := s.content.NodeByPath(ctx, "benefits/"+slug)
	switch {
	case err == nil && benefit.Bundle == "benefit":
		return redirect(portal.CleanPath(benefit.Path), false), true, nil
	case err != nil && !apperr.Is(err, apperr.NotFound):
		return PageResult{}, false, err
	}
	return PageResult{}, false, nil
}

// routingRule applies the spec's path rules, before any content is read.
func routingRule(sitePath string) (PageResult, bool, error) {
	lower := strings.ToLower(sitePath)
	switch {
	case strings.Contains(lower, "union-moments"):
		return PageResult{}, false, apperr.PageNotFound(nil)
	case strings.Contains(lower, "password"), strings.Contains(lower, "token"):
		return redirect("/", false), true, nil
	case strings.Contains(lower, "signin"):
		return redirect("/?modal=login", false), true, nil
	case lower == "/blog":
		return redirect("/blog/all-tips-updates", true), true, nil
	}
	return PageResult{}, false, nil
}

func redirect(location string, permanent bool) PageResult {
	return PageResult{Redirect: &Redirect{Location: location, Permanent: permanent}}
}

// hero picks the hero variant of spec 3 §4: image or video when the page has either, except a
// video that is not a takeover with its headline below, which shows as a text hero; a generic
// page without hero fields gets the basic title hero.
func hero(n *portal.Node, kind string, a portal.Audience) Hero {
	h := Hero{
		Variant:       "text",
		Eyebrow:       n.HeroEyebrow,
		Headline:      n.HeroHeadline,
		Description:   n.HeroDescription,
		SecondaryText: n.HeroSecondaryText,
		Image:         n.HeroImage,
		Video:         n.HeroVideo,
		SpanishURL:    n.SpanishPage,
	}
	switch {
	case kind == "home":
		h.Variant = "home"
	case n.HeroVideo != nil && !n.HeroVideo.Takeover && n.HeroVideo.HeadlineBelow:
		h.Variant = "text"
	case n.HeroImage != nil || n.HeroVideo != nil:
		h.Variant = "image"
	case n.HeroHeadline == "" && n.HeroEyebrow == "":
		h.Variant = "basic"
	}
	if h.Headline == "" {
		h.Headline = n.Title
	}
	// The hero's links follow the blocks' link rule (spec 3 §4): a [HARTFORD_PARAMS] link needs sign-in.
	h.Link = link(n.HeroLink, a)
	for _, l := range n.HeroLinks {
		if hl := link(&l, a); hl != nil {
			h.Links = append(h.Links, *hl)
		}
	}
	if n.LogoImage != nil || n.LogoTitle != "" {
		h.Sponsor = &Sponsor{Title: n.LogoTitle, Image: n.LogoImage, Link: link(n.LogoLink, a)}
	}
	if kind == "home" {
		h.EmailPromo = n.HeroEmailPromo
	}
	if co := n.HeroCallout; co != nil && kind == "home" {
		h.Callout = &Callout{Eyebrow: co.Eyebrow, Headline: co.Headline, Description: co.Description, Link: link(co.Link, a)}
	}
	return h
}

func (s *Service) meta(n *portal.Node) portal.PageMeta {
	m := portal.MetaFromTags(n.Meta)
	if m.Title == "" {
		m.Title = n.Title + " | " + s.productName
	}
	if m.Description == "" {
		m.Description = n.HeroDescription
	}
	return m
}

// unionName is how a title names the union: its short name where it has one ("CWA").
func unionName(u *portal.UnionRef) string {
	switch {
	case u == nil:
		return "Union"
	case u.ShortName != "":
		return u.ShortName
	default:
		return u.Name
	}
}

// socialNetworks are the footer's icons, in the order they show.
var socialNetworks = []string{"facebook", "instagram", "twitter", "youtube"}

// Site returns the header menu and footer for a reader. The menus and the two variables load
// concurrently: on a cold cache they are three CMS calls.
func (s *Service) Site(ctx context.Context, r portal.Reader) (*SiteChrome, error) {
	var (
		menus          []portal.MenuLink
		global, social *portal.Variable
		unions         portal.Unions
	)
	g, gctx := errgroup.WithContext(ctx)
	g.Go(func() (err error) { menus, err = s.content.Menus(gctx); return })
	if r.Chosen {
		g.Go(func() (err error) { unions, err = s.content.Unions(gctx); return })
	}
	g.Go(func() (err error) { global, err = s.content.Variable(gctx, globalVariable); return })
	g.Go(func() (err error) { social, err = s.content.Variable(gctx, "union_structure_social_media"); return })
	if err := g.Wait(); err != nil {
		return nil, err
	}

	main := menuTree(menus, "main", r)
	f := Footer{
		TopLinks:    flatLinks(menuTree(menus, "top-footer", r)),
		BottomLinks: flatLinks(menuTree(menus, "footer", r)),
		Copyright:   strings.ReplaceAll(global.String("copyright"), "%YEAR%", strconv.Itoa(s.now().Year())),
		Disclaimer:  portal.RichText(global.String("disclaimer_text")),
		Social:      []SocialLink{},
		Groups:      []LinkGroup{},
	}
	for _, network := range socialNetworks {
		if u := social.String(network); u != "" {
			f.Social = append(f.Social, SocialLink{Network: network, URL: u})
		}
	}
	for _, top := range main {
		if len(top.Children) == 0 {
			continue
		}
		f.Groups = append(f.Groups, LinkGroup{Title: top.Title, URL: top.URL, Links: flatLinks(top.Children)})
	}
	chrome := &SiteChrome{
		ProductName: s.productName,
		MainMenu:    main,
		Footer:      f,
		AuthModals:  authModals(*global),
		Tags: []string{portal.MenuTag, portal.VariableTag(globalVariable),
			portal.VariableTag("union_structure_social_media")},
	}
	if r.Chosen {
		if u := unions.Find(r.Union); u != nil && u.Logo != nil {
			chrome.Union = &UnionBrand{Label: u.Label(), Logo: u.Logo, LogoLink: unionLogoLink(u, r.Audience)}
		}
		chrome.Tags = append(chrome.Tags, portal.TermTag("union"))
	}
	return chrome, nil
}

// Sitemap lists what a visitor of any union may see: home, every menu page and every benefit
// and category open to all, each once.
func (s *Service) Sitemap(ctx context.Context) ([]SitemapEntry, error) {
	var (
		menus    []portal.MenuLink
		benefits []portal.BenefitTeaser
	)
	g, gctx := errgroup.WithContext(ctx)
	g.Go(func() (err error) { menus, err = s.content.Menus(gctx); return })
	g.Go(func() (err error) { benefits, err = s.content.Benefits(gctx); return })
	if err := g.Wait(); err != nil {
		return nil, err
	}
	entries := map[string]time.Time{"/": {}}
	add := func(path string, changed time.Time) {
		if path == "" || !strings.HasPrefix(path, "/") || strings.HasPrefix(path, "//") {
			return // external links are other sites' pages
		}
		path = portal.CleanPath(strings.SplitN(path, "?", 2)[0])
		if changed.After(entries[path]) || entries[path].IsZero() {
			entries[path] = changed
		}
	}
	// A menu may link to a benefit that is members-only or limited to unions; the benefit's own
	// flags win over the link's.
	closed := map[string]bool{}
	for _, b := range benefits {
		if b.DisabledAnonymous || len(b.Unions) > 0 {
			closed[portal.CleanPath(b.Path)] = true
			continue
		}
		add(b.Path, b.Changed)
		if b.Category != nil {
			add(b.Category.Path, time.Time{})
		}
	}
	for _, l := range menus {
		if !l.DisabledAnonymous && len(l.Unions) == 0 && !closed[portal.CleanPath(l.Link.URL)] {
			add(l.Link.URL, time.Time{})
		}
	}
	out := make([]SitemapEntry, 0, len(entries))
	for path, changed := range entries {
		out = append(out, SitemapEntry{Path: path, LastModified: changed})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Path < out[j].Path })
	return out, nil
}
