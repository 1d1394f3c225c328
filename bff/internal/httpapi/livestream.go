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
	// Members tells a member from a visitor: a members-only livestream's chat is theirs only.
	Members Members
	// Entries counts the chat entries each client address makes (nil: no limit): every new email
	// is a record, so without a limit a script could fill the store.
	Entries       Limiter
	SecureCookies bool
}

// Livestream mounts the chat access of the livestream pages: POST
// /api/v1/livestreams/{slug}/access writes the comment-access record (spec 3 §7). It is open to
// visitors, like the page, unless the livestream is members-only; the origin check of every write
// applies.
func Livestream(d LivestreamDeps) Mount {
	cookies := sessionCookies{secure: d.SecureCookies}
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
			who, err := optionalMember(c, d.Members, cookies)
			if err != nil {
				return err
			}
			req.Member = who != nil
			access, err := d.Access.Enter(c.Context(), c.Params("slug"), req)
			if err != nil {
				return err
			}
			return c.JSON(access)
		})
	}
}
