package content

import (
	"context"
	"regexp"
	"strings"
	"unicode"

	"github.com/gofiber/fiber/v3"

	"github.com/union-benefits/portal/bff/internal/apperr"
	"github.com/union-benefits/portal/bff/internal/httpapi"
	"github.com/union-benefits/portal/bff/internal/portal"
)

// EncodedPages gives the content site's documents encoded, as they are sent (cache.Pages, which
// keeps Service's documents as bytes).
type EncodedPages interface {
	httpapi.Readers
	// Page is the page document for a site path, or a redirect document when the path lives
	// elsewhere for the reader; apperr.NotFound when there is none.
	Page(ctx context.Context, req PageRequest) (*portal.Encoded, error)
	Site(ctx context.Context, r portal.Reader) (*portal.Encoded, error)
	Sitemap(ctx context.Context) (*portal.Encoded, error)
	Eligibility(ctx context.Context, r portal.Reader) (*portal.Encoded, error)
}

// MountDeps are the content site's HTTP dependencies.
type MountDeps struct {
	Pages   EncodedPages
	Members httpapi.Members
}

// Mount mounts the page, site chrome and sitemap documents.
func Mount(d MountDeps) httpapi.Mount {
	h := contentHandlers{d}
	return func(api fiber.Router) {
		read := httpapi.ResolveReader(d.Members, d.Pages)
		api.Add(httpapi.GetOrHead, "/page", httpapi.PublicDocument, read, h.page)
		api.Get("/site", httpapi.PublicDocument, read, h.site)
		api.Get("/sitemap", httpapi.PublicDocument, h.sitemap)
		api.Get("/eligibility", httpapi.PublicDocument, read, h.eligibility)
	}
}

type contentHandlers struct{ MountDeps }

// maxPathLen bounds the path parameter: longer ones are no page of ours.
const maxPathLen = 512

// slugPattern is what a benefit's path segment looks like.
var slugPattern = regexp.MustCompile(`^[a-z0-9][a-z0-9-]{0,127}$`)

// page answers GET /api/v1/page?path=/...&union=...: the page document for the reader, or a
// redirect document when the path lives elsewhere for them.
func (h contentHandlers) page(c fiber.Ctx) error {
	raw := c.Query("path")
	if err := validPath(raw); err != nil {
		return err
	}
	benefit := c.Query("redirect_benefit")
	if benefit != "" && !slugPattern.MatchString(benefit) {
		return apperr.Field("redirect_benefit", "The redirect_benefit parameter is not a benefit.")
	}
	doc, err := h.Pages.Page(c.Context(), PageRequest{
		Path: portal.CleanPath(raw), Reader: httpapi.Reader(c), RedirectBenefit: benefit,
	})
	if err != nil {
		return err
	}
	c.Set(pageKindHeader, doc.PageKind)
	return httpapi.SendEncoded(c, doc)
}

// pageKindHeader carries PageResult.Kind: page, redirect or gated.
const pageKindHeader = "Page-Kind"

func validPath(p string) error {
	switch {
	case p == "":
		return apperr.Field("path", "The path parameter is required.")
	case len(p) > maxPathLen:
		return apperr.Field("path", "The path is too long.")
	case !strings.HasPrefix(p, "/"):
		return apperr.Field("path", "The path must start with /.")
	case strings.ContainsFunc(p, unicode.IsControl):
		return apperr.Field("path", "The path contains control characters.")
	}
	return nil
}

// site answers GET /api/v1/site?union=...: the chrome for the reader.
func (h contentHandlers) site(c fiber.Ctx) error {
	doc, err := h.Pages.Site(c.Context(), httpapi.Reader(c))
	if err != nil {
		return err
	}
	return httpapi.SendEncoded(c, doc)
}

// sitemap answers GET /api/v1/sitemap: the pages any visitor may see.
func (h contentHandlers) sitemap(c fiber.Ctx) error {
	doc, err := h.Pages.Sitemap(c.Context())
	if err != nil {
		return err
	}
	return httpapi.SendEncoded(c, doc)
}

// eligibility answers the tables for the reader's union (a member's own, or the one asked for).
func (h contentHandlers) eligibility(c fiber.Ctx) error {
	doc, err := h.Pages.Eligibility(c.Context(), httpapi.Reader(c))
	if err != nil {
		return err
	}
	return httpapi.SendEncoded(c, doc)
}
