package cache

import (
	"context"

	"github.com/union-benefits/portal/bff/internal/apperr"
	"github.com/union-benefits/portal/bff/internal/content"
	"github.com/union-benefits/portal/bff/internal/portal"
)

// Pages caches the documents of a content.Pages as they are sent (portal.Encoded: the JSON, its
// gzip and their ETags), per everything a document depends on (path and reader: audience and
// union), tagged with what it was built from, so a CMS purge of a node also drops the pages
// showing it. Keeping the bytes instead of the document means a cached answer costs no
// encoding, and the cache's byte budget counts exactly what it holds. So Pages serves the HTTP
// layer's interface of encoded documents (content.EncodedPages) rather than content.Pages itself.
//
// Nothing personal goes in: content.Service shapes a document by the reader alone (audience and
// union, portal.Reader), never by who the member is, so every member of a union shares one
// document, and a visitor of that union has another.
type Pages struct{ front[content.Pages] }

// NewPages puts store in front of next.
func NewPages(next content.Pages, store *Store) *Pages {
	return &Pages{front[content.Pages]{next: next, store: store}}
}

// Reader is cached per audience and the union the request named, under the tags of what it
// reads. It reads only cached content, but that was two lookups and a goroutine (the two run in
// parallel for a cold cache): a fifth of the cost of a cached page document. A union made up in
// a cookie is a miss like a made-up path, charged to its client's budget.
func (p *Pages) Reader(ctx context.Context, a portal.Audience, union string) (portal.Reader, error) {
	return fetchTagged(ctx, p.store, "reader", string(a)+"|"+union, content.ReaderTags, func(ctx context.Context) (portal.Reader, error) {
		return p.next.Reader(ctx, a, union)
	})
}

// Page is cached per path and reader: documents and redirects alike.
func (p *Pages) Page(ctx context.Context, req content.PageRequest) (*portal.Encoded, error) {
	key := req.Path + "|" + req.Reader.Key()
	if req.RedirectBenefit != "" {
		// Any slug may come here: keyed by it, the cache would fill with one-off answers. The
		// answer is a redirect or the page itself, both built from cached content.
		res, err := p.next.Page(ctx, req)
		if err != nil {
			return nil, err
		}
		return encodePage(res, "page|"+key+"|"+req.RedirectBenefit)
	}
	return Fetch(ctx, p.store, "page", key, func(ctx context.Context) (Loaded[*portal.Encoded], error) {
		res, err := p.next.Page(ctx, req)
		if err != nil {
			// Tagged by path, so publishing a page that was not found purges the answer.
			return Loaded[*portal.Encoded]{Tags: []string{portal.PathTag(req.Path)}}, err
		}
		e, err := encodePage(res, "page|"+key)
		return Loaded[*portal.Encoded]{Value: e, Tags: res.Tags}, err
	})
}

// encodePage encodes the page endpoint's answer with its kind.
func encodePage(res content.PageResult, variant string) (*portal.Encoded, error) {
	e, err := encode(res.Answer(), variant)
	if err != nil {
		return nil, err
	}
	e.PageKind = res.Kind()
	return e, nil
}

// Site is cached per reader.
func (p *Pages) Site(ctx context.Context, r portal.Reader) (*portal.Encoded, error) {
	return Fetch(ctx, p.store, "site", r.Key(), func(ctx context.Context) (Loaded[*portal.Encoded], error) {
		s, err := p.next.Site(ctx, r)
		if err != nil {
			return Loaded[*portal.Encoded]{}, err
		}
		e, err := encode(s, "site|"+r.Key())
		return Loaded[*portal.Encoded]{Value: e, Tags: s.Tags}, err
	})
}

// Sitemap is cached whole, tagged with what it lists.
func (p *Pages) Sitemap(ctx context.Context) (*portal.Encoded, error) {
	return Fetch(ctx, p.store, "sitemap", "all", func(ctx context.Context) (Loaded[*portal.Encoded], error) {
		tags := []string{portal.MenuTag, portal.BenefitsTag}
		es, err := p.next.Sitemap(ctx)
		if err != nil {
			return Loaded[*portal.Encoded]{Tags: tags}, err
		}
		e, err := encode(map[string]any{"entries": es}, "sitemap")
		return Loaded[*portal.Encoded]{Value: e, Tags: tags}, err
	})
}

// Eligibility is cached per reader (the title names the union), tagged with what it was built
// from.
func (p *Pages) Eligibility(ctx context.Context, r portal.Reader) (*portal.Encoded, error) {
	return Fetch(ctx, p.store, "eligibility", r.Key(), func(ctx context.Context) (Loaded[*portal.Encoded], error) {
		res, err := p.next.Eligibility(ctx, r)
		if err != nil {
			return Loaded[*portal.Encoded]{Tags: res.Tags}, err
		}
		e, err := encode(res.Document, "eligibility|"+r.Key())
		return Loaded[*portal.Encoded]{Value: e, Tags: res.Tags}, err
	})
}

// encode is portal.Encode with its failure (a document that cannot be JSON) an internal error.
func encode(v any, variant string) (*portal.Encoded, error) {
	e, err := portal.Encode(v, variant)
	if err != nil {
		return nil, apperr.InternalError(err)
	}
	return e, nil
}
