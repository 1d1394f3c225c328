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

// Page is cached per path and audience.
func (p *Pages) Page(ctx context.Context, req portal.PageRequest) (*portal.PageDocument, error) {
	key := req.Path + "|" + string(req.Audience)
	return Fetch(ctx, p.store, "page", key, func(ctx context.Context) (Loaded[*portal.PageDocument], error) {
		doc, err := p.next.Page(ctx, req)
		if err != nil {
			// Tagged by path, so publishing a page that was not found purges the answer.
			return Loaded[*portal.PageDocument]{Tags: []string{PathTag(req.Path)}}, err
		}
		return Loaded[*portal.PageDocument]{Value: doc, Tags: doc.Tags}, nil
	})
}

// Site is cached per audience.
func (p *Pages) Site(ctx context.Context, a portal.Audience) (*portal.SiteChrome, error) {
	return Fetch(ctx, p.store, "site", string(a), func(ctx context.Context) (Loaded[*portal.SiteChrome], error) {
		s, err := p.next.Site(ctx, a)
		if err != nil {
			return Loaded[*portal.SiteChrome]{}, err
		}
		return Loaded[*portal.SiteChrome]{Value: s, Tags: s.Tags}, nil
	})
}
