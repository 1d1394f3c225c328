package content

import (
	"slices"
	"sort"
	"strings"

	"github.com/union-benefits/portal/bff/internal/portal"
)

// maxMenuDepth bounds a tree, so a parent cycle in CMS data cannot recurse forever.
const maxMenuDepth = 6

// menuIndex is one menu's links for one reader: what the reader may see, by parent.
type menuIndex struct {
	byID     map[string]portal.MenuLink
	children map[string][]portal.MenuLink // parent id -> links by weight, then title
	reader   portal.Reader
}

// indexMenus keeps the links of the named menus the reader may see: visitors lose members-only
// links, and links limited to unions need the reader's union. A hidden link hides its subtree,
// since its children are only reachable through it.
func indexMenus(links []portal.MenuLink, r portal.Reader, menus ...string) menuIndex {
	idx := menuIndex{byID: map[string]portal.MenuLink{}, children: map[string][]portal.MenuLink{}, reader: r}
	for _, l := range links {
		if !slices.Contains(menus, l.Menu) || !portal.VisibleTo(r, l.DisabledAnonymous, l.Unions) {
			continue
		}
		idx.byID[l.ID] = l
		idx.children[l.ParentID] = append(idx.children[l.ParentID], l)
	}
	for _, ls := range idx.children {
		sort.SliceStable(ls, func(i, j int) bool {
			if ls[i].Weight != ls[j].Weight {
				return ls[i].Weight < ls[j].Weight
			}
			return ls[i].Link.Title < ls[j].Link.Title
		})
	}
	return idx
}

// tree builds the items under parent, down to depth levels, marking the item whose URL is active.
func (idx menuIndex) tree(parent string, depth int, active string) []MenuItem {
	ls := idx.children[parent]
	items := make([]MenuItem, 0, len(ls))
	for _, l := range ls {
		item := idx.item(l, active)
		if depth > 1 {
			item.Children = idx.tree(l.ID, depth-1, active)
		}
		items = append(items, item)
	}
	return items
}

func (idx menuIndex) item(l portal.MenuLink, active string) MenuItem {
	link := l.Link.For(idx.reader.Audience)
	return MenuItem{
		ID: l.ID, Title: link.Title, TabTitle: l.TabTitle, URL: link.URL, Weight: l.Weight,
		Active: active != "" && link.URL == active, Children: []MenuItem{},
	}
}

// find returns the visible link whose URL is path, preferring the shallowest.
func (idx menuIndex) find(path string) (portal.MenuLink, bool) {
	var found portal.MenuLink
	ok := false
	for _, l := range idx.byID {
		if portal.CleanPath(l.Link.URL) != path || !strings.HasPrefix(l.Link.URL, "/") {
			continue
		}
		if !ok || l.Depth < found.Depth || (l.Depth == found.Depth && l.ID < found.ID) {
			found, ok = l, true
		}
	}
	return found, ok
}

// menuTree builds one menu's whole tree for a reader.
func menuTree(links []portal.MenuLink, menu string, r portal.Reader) []MenuItem {
	return indexMenus(links, r, menu).tree("", maxMenuDepth, "")
}

// interiorDepth is the deepest level of the main menu the header shows (spec 1 §2): links below it
// exist for the interior navigation of the section above them.
const interiorDepth = 3

// secondaryNav is an image or text hero's interior navigation (spec 1 §2, on benefit, category
// and landing pages): the main-menu link matching the first three segments of the path, then its
// child pages, then every link below it deeper than three levels (in menu order, each after its
// parent), which the header never shows. The link itself leads the list only when flagged
// includeInInteriorNav. A link with nothing below it is no section: no navigation, rather than
// its siblings.
func secondaryNav(links []portal.MenuLink, sitePath string, r portal.Reader) []MenuItem {
	idx := indexMenus(links, r, "main")
	segs := strings.Split(strings.Trim(sitePath, "/"), "/")
	if len(segs) > 3 {
		segs = segs[:3]
	}
	l, ok := idx.find("/" + strings.Join(segs, "/"))
	if !ok {
		return nil
	}
	var items []MenuItem
	if l.IncludeInInteriorNav {
		items = append(items, idx.item(l, sitePath))
	}
	items = idx.interior(l.ID, 1, sitePath, items)
	if len(items) < 2 {
		return nil // one link is no navigation
	}
	return items
}

// interior appends the links under parent: its children (level 1), and below them only those
// deeper than interiorDepth, depth-first in menu order.
func (idx menuIndex) interior(parent string, level int, active string, items []MenuItem) []MenuItem {
	if level > maxMenuDepth {
		return items
	}
	for _, l := range idx.children[parent] {
		if level == 1 || l.Depth > interiorDepth {
			items = append(items, idx.item(l, active))
		}
		items = idx.interior(l.ID, level+1, active, items)
	}
	return items
}

// sidebar is a generic page's left column: the sub-navigation of the section holding the page
// (its top-level link's tree, three levels, the page's entry active), and the node's testimonial
// or promotion.
func sidebar(n *portal.Node, links []portal.MenuLink, sitePath string, r portal.Reader) *Sidebar {
	sb := &Sidebar{Nav: []MenuItem{}}
	idx := indexMenus(links, r, "main", "top-footer", "footer")
	if l, ok := idx.find(sitePath); ok {
		for i := 0; l.ParentID != "" && i < maxMenuDepth; i++ {
			parent, ok := idx.byID[l.ParentID]
			if !ok {
				break
			}
			l = parent
		}
		top := idx.item(l, sitePath)
		top.Children = idx.tree(l.ID, 2, sitePath)
		if len(top.Children) > 0 {
			sb.Nav = []MenuItem{top}
		}
	}
	if ns := n.Sidebar; ns != nil {
		switch {
		case ns.IsTestimonial:
			sb.Testimonial = &Testimonial{HTML: ns.Body, Source: ns.Source, SourceSubtitle: ns.SourceSubtitle}
		case ns.IsPromotion:
			sb.Promotion = ns.Body
			sb.PromotionTitle, sb.PromotionSubtitle = ns.Source, ns.SourceSubtitle
			// A promotion of the benefit the page promotes links to it: a box that names a
			// benefit and offers no way to it is a dead end.
			if bp := n.BenefitPromo; bp != nil && bp.Path != "" && strings.EqualFold(strings.TrimSpace(bp.Title), strings.TrimSpace(ns.Source)) {
				text := n.BenefitPromoLinkText
				if text == "" {
					text = "Learn more"
				}
				sb.PromotionLink = &portal.Link{URL: bp.Path, Title: text}
			}
		}
	}
	if len(sb.Nav) == 0 && sb.Testimonial == nil && sb.Promotion.IsZero() {
		return nil
	}
	return sb
}

func flatLinks(items []MenuItem) []portal.Link {
	out := make([]portal.Link, 0, len(items))
	for _, it := range items {
		out = append(out, portal.Link{URL: it.URL, Title: it.Title})
	}
	return out
}
