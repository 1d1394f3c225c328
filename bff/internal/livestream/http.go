package livestream

import (
	"context"

	"github.com/gofiber/fiber/v3"

	"github.com/union-benefits/portal/bff/internal/httpapi"
)

// ChatAccess lets a person into a livestream's chat (Service).
type ChatAccess interface {
	Enter(ctx context.Context, slug string, req Request) (Access, error)
}

// MountDeps are the livestream chat's HTTP dependencies.
type MountDeps struct {
	Access ChatAccess
	// Members tells a member from a visitor: a members-only livestream's chat is theirs only.
	Members httpapi.Members
	// Entries counts the chat entries each client address makes (nil: no limit): every new email
	// is a record, so without a limit a script could fill the store.
	Entries       httpapi.Limiter
	SecureCookies bool
}

// Mount mounts the chat access of the livestream pages: POST
// /api/v1/livestreams/{slug}/access writes the comment-access record (spec 3 §7). It is open to
// visitors, like the page, unless the livestream is members-only; the origin check of every write
// applies.
func Mount(d MountDeps) httpapi.Mount {
	cookies := httpapi.SessionCookies{Secure: d.SecureCookies}
	return func(api fiber.Router) {
		api.Post("/livestreams/:slug/access", httpapi.Private, func(c fiber.Ctx) error {
			var req Request
			if err := httpapi.Decode(c, &req); err != nil {
				return err
			}
			// The form's own mistakes do not count against the address; only checked entries do.
			if _, err := Check(req); err != nil {
				return err
			}
			if d.Entries != nil {
				if err := d.Entries.Allow("livestream|" + httpapi.ClientAddr(c)); err != nil {
					return err
				}
			}
			who, err := httpapi.OptionalMember(c, d.Members, cookies)
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
