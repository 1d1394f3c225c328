package cache

import (
	"context"

	"github.com/union-benefits/portal/bff/internal/portal"
)

// Pages caches a portal.Pages per everything a document depends on (path and audience), tagged
// with what it was built from, so a CMS purge of a node also drops the pages showing it.
type Pages struct {
	next  portal.Pages
	store *Store
}

var _ portal.Pages = (*Pages)(nil)

// NewPages puts store in front of next.
func NewPages(next portal.Pages, store *Store) *Pages {
	return &Pages{next: next, store: store}
}

// Reader is not cached here: it reads only cached content.
func (p *Pages) Reader(ctx context.Context, a portal.Audience, union string) (portal.Reader, error) {
	return p.next.Reader(ctx, a, union)
}

// Page is cached per path and reader (audience, union): documents and redirects alike.
func (p *Pages) Page(ctx context.Context, req portal.PageRequest) (portal.PageResult, error) {
	if req.RedirectBenefit != "" {
		// Any slug may come here: keyed by it, the cache would fill with one-off answers. The
		// answer is a redirect or the page itself, both built from cached content.
		return p.next.Page(ctx, req)
	}
	key := req.Path + "|" + req.Reader.Key()
	return Fetch(ctx, p.store, "page", key, func(ctx context.Context) (Loaded[portal.PageResult], error) {
		res, err := p.next.Page(ctx, req)
		if err != nil {
			// Tagged by path, so publishing a page that was not found purges the answer.
			return Loaded[portal.PageResult]{Tags: []string{portal.PathTag(req.Path)}}, err
		}
		return Loaded[portal.PageResult]{Value: res, Tags: res.Tags}, nil
	})
}

// Site is cached per reader.
func (p *Pages) Site(ctx context.Context, r portal.Reader) (*portal.SiteChrome, error) {
	return Fetch(ctx, p.store, "site", r.Key(), func(ctx context.Context) (Loaded[*portal.SiteChrome], error) {
		s, err := p.next.Site(ctx, r)
		if err != nil {
			return Loaded[*portal.SiteChrome]{}, err
		}
		return Loaded[*portal.SiteChrome]{Value: s, Tags: s.Tags}, nil
	})
}

// Sitemap is cached whole, tagged with what it lists.
func (p *Pages) Sitemap(ctx context.Context) ([]portal.SitemapEntry, error) {
	return Fetch(ctx, p.store, "sitemap", "all", func(ctx context.Context) (Loaded[[]portal.SitemapEntry], error) {
		es, err := p.next.Sitemap(ctx)
		return Loaded[[]portal.SitemapEntry]{Value: es, Tags: []string{portal.MenuTag, portal.BenefitsTag}}, err
	})
}

// Eligibility is cached per reader (the title names the union), tagged with what it was built
// from.
func (p *Pages) Eligibility(ctx context.Context, r portal.Reader) (portal.EligibilityResult, error) {
	return Fetch(ctx, p.store, "eligibility", r.Key(), func(ctx context.Context) (Loaded[portal.EligibilityResult], error) {
		res, err := p.next.Eligibility(ctx, r)
		return Loaded[portal.EligibilityResult]{Value: res, Tags: res.Tags}, err
	})
}
