package httpapi

import (
	"context"

	"github.com/gofiber/fiber/v3"

	"github.com/union-benefits/portal/bff/internal/apperr"
	"github.com/union-benefits/portal/bff/internal/portal"
)

// PreviewTokenHeader carries an editor's preview link (its query string) to the BFF. A header,
// not the URL, so the link stays out of access logs and caches keyed by URL.
const PreviewTokenHeader = "X-Preview-Token"

// maxPreviewToken bounds the token: a path of at most 512 bytes, percent-encoded, and four short
// fields.
const maxPreviewToken = 2048

// Previews answers an editor's preview of a draft (preview.Service).
type Previews interface {
	Page(ctx context.Context, token string, r portal.Reader) (portal.PageResult, error)
}

// PreviewDeps are the editor preview's dependencies.
type PreviewDeps struct {
	Previews Previews
	Readers  Readers
	Members  Members
}

// Preview mounts GET /api/v1/preview/page: the draft a signed preview link names, rendered as
// its page will be, for the link's holder only. Never stored (private, no-store) and never
// indexed.
func Preview(d PreviewDeps) Mount {
	return func(api fiber.Router) {
		api.Get("/preview/page", private, noindex, resolveReader(d.Members, d.Readers), func(c fiber.Ctx) error {
			token := c.Get(PreviewTokenHeader)
			if token == "" || len(token) > maxPreviewToken {
				return apperr.Field(PreviewTokenHeader, "A preview link is required.")
			}
			res, err := d.Previews.Page(c.Context(), token, reader(c))
			if err != nil {
				return err
			}
			return c.JSON(res.Answer())
		})
	}
}

// noindex keeps an answer out of search engines, whoever fetches it.
func noindex(c fiber.Ctx) error {
	c.Set("X-Robots-Tag", "noindex, nofollow")
	return c.Next()
}
