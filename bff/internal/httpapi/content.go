package httpapi

import (
	"context"
	"regexp"
	"strings"
	"unicode"

	"github.com/gofiber/fiber/v3"

	"github.com/union-benefits/portal/bff/internal/apperr"
	"github.com/union-benefits/portal/bff/internal/portal"
)

// Pages builds the content site's documents (content.Service, behind cache.Pages).
type Pages interface {
	Readers
	Page(ctx context.Context, req portal.PageRequest) (portal.PageResult, error)
	Site(ctx context.Context, r portal.Reader) (*portal.SiteChrome, error)
	Sitemap(ctx context.Context) ([]portal.SitemapEntry, error)
	Eligibility(ctx context.Context, r portal.Reader) (portal.EligibilityResult, error)
}

// ContentDeps are the content site's dependencies.
type ContentDeps struct {
	Pages   Pages
	Members Members
}

// Content mounts the page, site chrome and sitemap documents.
func Content(d ContentDeps) Mount {
	h := contentHandlers{d}
	return func(api fiber.Router) {
		read := resolveReader(d.Members, d.Pages)
		api.Get("/page", publicDocument, read, h.page)
		api.Get("/site", publicDocument, read, h.site)
		api.Get("/sitemap", publicDocument, h.sitemap)
		api.Get("/eligibility", publicDocument, read, h.eligibility)
	}
}

type contentHandlers struct{ ContentDeps }

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
	res, err := h.Pages.Page(c.Context(), portal.PageRequest{
		Path: portal.CleanPath(raw), Reader: reader(c), RedirectBenefit: benefit,
	})
	if err != nil {
		return err
	}
	if r := res.Redirect; r != nil {
		return c.JSON(redirectDocument{Kind: "redirect", Location: r.Location, Permanent: r.Permanent})
	}
	return c.JSON(res.Document)
}

// redirectDocument is the page endpoint's answer for a path that lives elsewhere.
type redirectDocument struct {
	Kind      string `json:"kind"`
	Location  string `json:"location"`
	Permanent bool   `json:"permanent"`
}

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
	s, err := h.Pages.Site(c.Context(), reader(c))
	if err != nil {
		return err
	}
	return c.JSON(s)
}

// sitemap answers GET /api/v1/sitemap: the pages any visitor may see.
func (h contentHandlers) sitemap(c fiber.Ctx) error {
	entries, err := h.Pages.Sitemap(c.Context())
	if err != nil {
		return err
	}
	return c.JSON(fiber.Map{"entries": entries})
}

// eligibility answers the tables for the reader's union (a member's own, or the one asked for).
func (h contentHandlers) eligibility(c fiber.Ctx) error {
	res, err := h.Pages.Eligibility(c.Context(), reader(c))
	if err != nil {
		return err
	}
	return c.JSON(res.Document)
}
