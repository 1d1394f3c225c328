package preview

import (
	"context"

	"github.com/gofiber/fiber/v3"

	"github.com/union-benefits/portal/bff/internal/apperr"
	"github.com/union-benefits/portal/bff/internal/content"
	"github.com/union-benefits/portal/bff/internal/httpapi"
	"github.com/union-benefits/portal/bff/internal/portal"
)

// TokenHeader carries an editor's preview link (its query string) to the BFF. A header,
// not the URL, so the link stays out of access logs and caches keyed by URL.
const TokenHeader = "X-Preview-Token"

// maxPreviewToken bounds the token: a path of at most 512 bytes, percent-encoded, and four short
// fields.
const maxPreviewToken = 2048

// Previews answers an editor's preview of a draft (Service).
type Previews interface {
	Page(ctx context.Context, token string, r portal.Reader) (content.PageResult, error)
}

// MountDeps are the editor preview's HTTP dependencies.
type MountDeps struct {
	Previews Previews
	Readers  httpapi.Readers
	Members  httpapi.Members
}

// Mount mounts GET /api/v1/preview/page: the draft a signed preview link names, rendered as
// its page will be, for the link's holder only. Never stored (private, no-store) and never
// indexed.
func Mount(d MountDeps) httpapi.Mount {
	return func(api fiber.Router) {
		api.Get("/preview/page", httpapi.Private, noindex, httpapi.ResolveReader(d.Members, d.Readers), func(c fiber.Ctx) error {
			token := c.Get(TokenHeader)
			if token == "" || len(token) > maxPreviewToken {
				return apperr.Field(TokenHeader, "A preview link is required.")
			}
			res, err := d.Previews.Page(c.Context(), token, httpapi.Reader(c))
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
