package httpapi

import (
	"context"

	"github.com/gofiber/fiber/v3"

	"github.com/union-benefits/portal/bff/internal/livestream"
)

// LivestreamAccess lets a person into a livestream's chat (livestream.Service).
type LivestreamAccess interface {
	Enter(ctx context.Context, slug string, req livestream.Request) (livestream.Access, error)
}

// LivestreamDeps are the livestream chat's dependencies.
type LivestreamDeps struct {
	Access LivestreamAccess
	// Entries counts the chat entries each client address makes (nil: no limit): every new email
	// is a record, so without a limit a script could fill the store.
	Entries Limiter
}

// Livestream mounts the chat access of the livestream pages: POST
// /api/v1/livestreams/{slug}/access writes the comment-access record (spec 3 §7). It is open to
// visitors, like the page; the origin check of every write applies.
func Livestream(d LivestreamDeps) Mount {
	return func(api fiber.Router) {
		api.Post("/livestreams/:slug/access", private, func(c fiber.Ctx) error {
			var req livestream.Request
			if err := decode(c, &req); err != nil {
				return err
			}
			// The form's own mistakes do not count against the address; only checked entries do.
			if _, err := livestream.Check(req); err != nil {
				return err
			}
			if d.Entries != nil {
				if err := d.Entries.Allow("livestream|" + clientAddr(c)); err != nil {
					return err
				}
			}
			access, err := d.Access.Enter(c.Context(), c.Params("slug"), req)
			if err != nil {
				return err
			}
			return c.JSON(access)
		})
	}
}
