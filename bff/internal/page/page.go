// Package page assembles page-shaped documents, one per screen, from the portal's content: it
// decides what a reader sees (link titles, active blocks) so the frontend only draws.
package page

import (
	"context"
	"log/slog"
	"sort"
	"strconv"
	"strings"
	"time"

	"golang.org/x/sync/errgroup"

	"github.com/union-benefits/portal/bff/internal/apperr"
	"github.com/union-benefits/portal/bff/internal/cache"
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

// pageKinds are the node bundles that render as content pages, and the kind each renders as.
var pageKinds = map[string]string{
	"home": "home", "page": "page", "benefit": "benefit", "category": "category", "landing": "landing",
}

// Page returns the document for a site path; "/" is the home node.
func (s *Service) Page(ctx context.Context, req portal.PageRequest) (*portal.PageDocument, error) {
	sitePath := CleanPath(req.Path)
	cmsPath := strings.Trim(sitePath, "/")
	if sitePath == "/" {
		cmsPath = s.homePath
	}
	node, err := s.content.NodeByPath(ctx, cmsPath)
	if err != nil {
		return nil, err
	}
	kind, ok := pageKinds[node.Bundle]
	if !ok {
		return nil, apperr.New(apperr.NotFound, "404 not found.")
	}
	if sitePath != "/" && kind == "home" {
		kind = "page"
	}
	return &portal.PageDocument{
		Kind:   kind,
		Path:   sitePath,
		Title:  node.Title,
		Hero:   hero(node, kind, req.Audience),
		Blocks: s.blocks.build(node.Paragraphs, req.Audience, s.now()),
		Meta:   s.meta(node),
		Tags:   []string{cache.NodeTag(node.NID), cache.PathTag(cmsPath)},
	}, nil
}

// CleanPath is the canonical form of a site path: one leading slash, no trailing one, no empty
// segments. Cache keys use it, so /a/ and /a share an entry.
func CleanPath(p string) string {
	segs := strings.FieldsFunc(p, func(r rune) bool { return r == '/' })
	return "/" + strings.Join(segs, "/")
}

func hero(n *portal.Node, kind string, a portal.Audience) portal.Hero {
	h := portal.Hero{
		Variant:     "text",
		Eyebrow:     n.HeroEyebrow,
		Headline:    n.HeroHeadline,
		Description: n.HeroDescription,
		Image:       n.HeroImage,
		Video:       n.HeroVideo,
	}
	switch {
	case kind == "home":
		h.Variant = "home"
	case n.HeroImage != nil || n.HeroVideo != nil:
		h.Variant = "image"
	}
	if h.Headline == "" {
		h.Headline = n.Title
	}
	if n.HeroLink != nil && n.HeroLink.URL != "" {
		l := n.HeroLink.For(a)
		h.Link = &l
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

// socialNetworks are the footer's icons, in the order they show.
var socialNetworks = []string{"facebook", "instagram", "twitter", "youtube"}

// Site returns the header menu and footer. The menus and the two variables load concurrently: on
// a cold cache they are three CMS calls.
func (s *Service) Site(ctx context.Context, a portal.Audience) (*portal.SiteChrome, error) {
	var (
		menus          []portal.MenuLink
		global, social *portal.Variable
	)
	g, gctx := errgroup.WithContext(ctx)
	g.Go(func() (err error) { menus, err = s.content.Menus(gctx); return })
	g.Go(func() (err error) { global, err = s.content.Variable(gctx, "union_structure_global"); return })
	g.Go(func() (err error) { social, err = s.content.Variable(gctx, "union_structure_social_media"); return })
	if err := g.Wait(); err != nil {
		return nil, err
	}

	main := menuTree(menus, "main", a)
	f := portal.Footer{
		TopLinks:    flatLinks(menuTree(menus, "top-footer", a)),
		BottomLinks: flatLinks(menuTree(menus, "footer", a)),
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
		Tags: []string{cache.MenuTag, cache.VariableTag("union_structure_global"),
			cache.VariableTag("union_structure_social_media")},
	}, nil
}

// menuTree builds one menu's tree for a reader: children under their parents, siblings by weight
// then title, links hidden from visitors left out together with their subtrees.
func menuTree(links []portal.MenuLink, menu string, a portal.Audience) []portal.MenuItem {
	children := map[string][]portal.MenuLink{}
	for _, l := range links {
		if l.Menu != menu || (a == portal.Anonymous && l.DisabledAnonymous) {
			continue
		}
		children[l.ParentID] = append(children[l.ParentID], l)
	}
	var build func(parent string, depth int) []portal.MenuItem
	build = func(parent string, depth int) []portal.MenuItem {
		ls := children[parent]
		sort.SliceStable(ls, func(i, j int) bool {
			if ls[i].Weight != ls[j].Weight {
				return ls[i].Weight < ls[j].Weight
			}
			return ls[i].Link.Title < ls[j].Link.Title
		})
		items := make([]portal.MenuItem, 0, len(ls))
		for _, l := range ls {
			link := l.Link.For(a)
			item := portal.MenuItem{ID: l.ID, Title: link.Title, URL: link.URL, Weight: l.Weight, Children: []portal.MenuItem{}}
			if depth < maxMenuDepth {
				item.Children = build(l.ID, depth+1)
			}
			items = append(items, item)
		}
		return items
	}
	return build("", 1)
}

// maxMenuDepth bounds the tree, so a parent cycle in CMS data cannot recurse forever.
const maxMenuDepth = 6

func flatLinks(items []portal.MenuItem) []portal.Link {
	out := make([]portal.Link, 0, len(items))
	for _, it := range items {
		out = append(out, portal.Link{URL: it.URL, Title: it.Title})
	}
	return out
}
