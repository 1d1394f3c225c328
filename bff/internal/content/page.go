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
	"github.com/union-benefits/portal/bff/internal/portal"
)

// Service builds page documents and the site chrome. It implements portal.Pages.
type Service struct {
	content     portal.Content
	homePath    string
	productName string
	now         func() time.Time
	blocks      *blockBuilder
}

var _ portal.Pages = (*Service)(nil)

// Options configures a Service.
type Options struct {
	HomePath    string // the CMS path of the home node, e.g. home/1072
	ProductName string
	Logger      *slog.Logger
	Now         func() time.Time // for tests
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
		blocks:      newBlockBuilder(o.Logger),
	}
}

// The global variable holds the site-wide settings pages depend on.
const globalVariable = "union_structure_global"

// Paths with a page kind of their own: their titles name the reader's union.
const (
	membersPath     = "/union-member-benefits"
	eligibilityPath = "/union-member-eligibility"
)

// pageKinds are the node bundles that render as content pages, and the kind each renders as.
var pageKinds = map[string]string{
	"home": "home", "page": "page", "benefit": "benefit", "category": "category", "landing": "landing",
}

// Reader resolves the union a request is for: the one asked for when it exists (by term id or,
// for hand-typed links, short name), else the site's fallback union.
func (s *Service) Reader(ctx context.Context, a portal.Audience, union string) (portal.Reader, error) {
	unions, err := s.content.Unions(ctx)
	if err != nil {
		return portal.Reader{}, err
	}
	if union = strings.TrimSpace(union); union != "" {
		for _, u := range unions {
			if u.ID == union || (u.ShortName != "" && strings.EqualFold(u.ShortName, union)) {
				return portal.Reader{Audience: a, Union: u.ID, Chosen: true}, nil
			}
		}
	}
	global, err := s.content.Variable(ctx, globalVariable)
	if err != nil {
		return portal.Reader{}, err
	}
	return portal.Reader{Audience: a, Union: global.String("fallback_union")}, nil
}

// Page returns the document for a site path; "/" is the home node.
func (s *Service) Page(ctx context.Context, req portal.PageRequest) (*portal.PageDocument, error) {
	sitePath := portal.CleanPath(req.Path)
	if err := routingRule(sitePath); err != nil {
		return nil, err
	}
	if slug := req.RedirectBenefit; slug != "" {
		if benefit, err := s.content.NodeByPath(ctx, "benefits/"+slug); err == nil && benefit.Bundle == "benefit" {
			return nil, &portal.Redirect{Location: portal.CleanPath(benefit.Path)}
		} else if err != nil && !apperr.Is(err, apperr.NotFound) {
			return nil, err
		}
		// An unknown benefit is no reason to fail the page the reader asked for.
	}
	r := req.Reader
	if sitePath == membersPath || sitePath == eligibilityPath {
		// These pages are about one union: a visitor who has not picked one has nothing to see.
		if r.Audience == portal.Anonymous && !r.Chosen {
			return nil, &portal.Redirect{Location: "/"}
		}
	}

	cmsPath := strings.Trim(sitePath, "/")
	if sitePath == "/" {
		cmsPath = s.homePath
	}
	var (
		node   *portal.Node
		global *portal.Variable
		unions []portal.Union
		menus  []portal.MenuLink
	)
	g, gctx := errgroup.WithContext(ctx)
	g.Go(func() (err error) { node, err = s.content.NodeByPath(gctx, cmsPath); return })
	g.Go(func() (err error) { global, err = s.content.Variable(gctx, globalVariable); return })
	g.Go(func() (err error) { unions, err = s.content.Unions(gctx); return })
	g.Go(func() (err error) { menus, err = s.content.Menus(gctx); return })
	if err := g.Wait(); err != nil {
		return nil, err
	}
	kind, ok := pageKinds[node.Bundle]
	if !ok {
		return nil, apperr.New(apperr.NotFound, "404 not found.")
	}
	switch {
	case sitePath != "/" && kind == "home":
		kind = "page"
	case sitePath == membersPath:
		kind = "members"
	case sitePath == eligibilityPath:
		kind = "eligibility"
	}

	if !portal.UnionPasses(r.Union, node.Unions) {
		denied := portal.CleanPath(global.String("access_denied_landing"))
		if denied == "/" || denied == sitePath {
			return nil, apperr.New(apperr.NotFound, "404 not found.")
		}
		return nil, &portal.Redirect{Location: denied}
	}

	doc := &portal.PageDocument{
		Kind:   kind,
		Path:   sitePath,
		Title:  node.Title,
		Blocks: []portal.Block{},
		// Empty, not absent, for a gated document too: the contract lists both as arrays.
		AboveHeader: []portal.Block{},
		Meta:        s.meta(node),
		Union:       unionRef(unions, r.Union),
		Tags: []string{portal.NodeTag(node.NID), portal.PathTag(cmsPath), portal.MenuTag,
			portal.VariableTag(globalVariable), portal.TermTag("union")},
	}
	if node.DisabledAnonymous && r.Audience == portal.Anonymous {
		// The gate: the title, so the reader knows what they would see, and nothing of the body.
		doc.Hero = portal.Hero{Variant: "basic", Headline: node.Title}
		doc.Gate = &portal.Gate{Reason: "login"}
		doc.Meta = portal.PageMeta{Title: node.Title + " | " + s.productName, Robots: "noindex"}
		return doc, nil
	}

	now := s.now()
	doc.Hero = hero(node, kind, r.Audience)
	doc.Blocks = s.blocks.build(node.Paragraphs, r.Audience, now)
	doc.AboveHeader = s.blocks.buildAboveHeader(node.Paragraphs, r.Audience, now)
	if !node.HideSecondaryNav && (kind == "benefit" || kind == "category" || kind == "landing") {
		doc.SecondaryNav = secondaryNav(menus, sitePath, r)
	}
	switch kind {
	case "page":
		doc.Body = node.Body
		if ref := node.BenefitPromo; ref != nil && node.BenefitPromoLinkText != "" {
			doc.BenefitPromo = &portal.BenefitPromo{Title: ref.Title, URL: ref.Path, LinkText: node.BenefitPromoLinkText}
		}
		doc.Sidebar = sidebar(node, menus, sitePath, r)
	case "landing":
		doc.UseFormStyle = node.UseFormStyle
	case "members", "eligibility":
		doc.Body = node.Body
		template := "Benefits for %@ Members"
		if kind == "eligibility" {
			template = "Benefit Eligibility for %@ Members"
		}
		doc.Title = strings.ReplaceAll(template, "%@", unionName(doc.Union))
		doc.Hero.Headline = doc.Title
		doc.Meta.Title = doc.Title + " | " + s.productName
	}
	if kind == "category" || kind == "members" {
		benefits, err := s.content.Benefits(ctx)
		if err != nil {
			return nil, err
		}
		doc.Benefits = portal.GroupBenefits(benefits, r, func(b portal.BenefitTeaser) bool {
			if b.HideInCategoryLists {
				return false // translations and the like: reachable, never listed
			}
			return kind == "members" || (b.Category != nil && b.Category.NID == node.NID)
		})
		doc.Tags = append(doc.Tags, portal.BenefitsTag)
	}
	return doc, nil
}

// routingRule applies the spec's path rules, before any content is read.
func routingRule(sitePath string) error {
	lower := strings.ToLower(sitePath)
	switch {
	case strings.Contains(lower, "union-moments"):
		return apperr.New(apperr.NotFound, "404 not found.")
	case strings.Contains(lower, "password"), strings.Contains(lower, "token"):
		return &portal.Redirect{Location: "/"}
	case strings.Contains(lower, "signin"):
		return &portal.Redirect{Location: "/?modal=login"}
	case lower == "/blog":
		return &portal.Redirect{Location: "/blog/all-tips-updates", Permanent: true}
	}
	return nil
}

// hero picks the hero variant of spec 3 §4: image or video when the page has either, except a
// video that is not a takeover with its headline below, which shows as a text hero; a generic
// page without hero fields gets the basic title hero.
func hero(n *portal.Node, kind string, a portal.Audience) portal.Hero {
	h := portal.Hero{
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
	if n.HeroLink != nil && n.HeroLink.URL != "" {
		l := n.HeroLink.For(a)
		h.Link = &l
	}
	for _, l := range n.HeroLinks {
		h.Links = append(h.Links, l.For(a))
	}
	if n.LogoImage != nil || n.LogoTitle != "" {
		h.Sponsor = &portal.Sponsor{Title: n.LogoTitle, Image: n.LogoImage, Link: link(n.LogoLink, a)}
	}
	return h
}

func (s *Service) meta(n *portal.Node) portal.PageMeta {
	m := portal.PageMeta{
		Title:        n.Meta["title"],
		Description:  n.Meta["description"],
		CanonicalURL: n.Meta["canonical_url"],
		Image:        n.Meta["og_image"],
		Robots:       n.Meta["robots"],
	}
	if m.Title == "" {
		m.Title = n.Title + " | " + s.productName
	}
	if m.Description == "" {
		m.Description = n.HeroDescription
	}
	return m
}

func unionRef(unions []portal.Union, id string) *portal.UnionRef {
	for _, u := range unions {
		if u.ID == id {
			return &portal.UnionRef{ID: u.ID, Name: u.Name, ShortName: u.ShortName, Label: u.Label()}
		}
	}
	return nil
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
func (s *Service) Site(ctx context.Context, r portal.Reader) (*portal.SiteChrome, error) {
	var (
		menus          []portal.MenuLink
		global, social *portal.Variable
	)
	g, gctx := errgroup.WithContext(ctx)
	g.Go(func() (err error) { menus, err = s.content.Menus(gctx); return })
	g.Go(func() (err error) { global, err = s.content.Variable(gctx, globalVariable); return })
	g.Go(func() (err error) { social, err = s.content.Variable(gctx, "union_structure_social_media"); return })
	if err := g.Wait(); err != nil {
		return nil, err
	}

	main := menuTree(menus, "main", r)
	f := portal.Footer{
		TopLinks:    flatLinks(menuTree(menus, "top-footer", r)),
		BottomLinks: flatLinks(menuTree(menus, "footer", r)),
		Copyright:   strings.ReplaceAll(global.String("copyright"), "%YEAR%", strconv.Itoa(s.now().Year())),
		Social:      []portal.SocialLink{},
		Groups:      []portal.LinkGroup{},
	}
	for _, network := range socialNetworks {
		if u := social.String(network); u != "" {
			f.Social = append(f.Social, portal.SocialLink{Network: network, URL: u})
		}
	}
	for _, top := range main {
		if len(top.Children) == 0 {
			continue
		}
		f.Groups = append(f.Groups, portal.LinkGroup{Title: top.Title, URL: top.URL, Links: flatLinks(top.Children)})
	}
	return &portal.SiteChrome{
		ProductName: s.productName,
		MainMenu:    main,
		Footer:      f,
		Tags: []string{portal.MenuTag, portal.VariableTag(globalVariable),
			portal.VariableTag("union_structure_social_media")},
	}, nil
}

// Sitemap lists what a visitor of any union may see: home, every menu page and every benefit
// and category open to all, each once.
func (s *Service) Sitemap(ctx context.Context) ([]portal.SitemapEntry, error) {
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
	out := make([]portal.SitemapEntry, 0, len(entries))
	for path, changed := range entries {
		out = append(out, portal.SitemapEntry{Path: path, LastModified: changed})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Path < out[j].Path })
	return out, nil
}
