package mailing

import (
	"context"

	"github.com/gofiber/fiber/v3"

	"github.com/union-benefits/portal/bff/internal/httpapi"
	"github.com/union-benefits/portal/bff/internal/portal"
	"github.com/union-benefits/portal/contracts"
)

// subscribedMaxAge is the cookie's lifetime in seconds, from contracts/accounts.json.
var subscribedMaxAge = contracts.Limit("subscriptionCookieMaxAgeSeconds")

// Subscriber signs people up to the mailing list (Service); who is nil for a visitor.
type Subscriber interface {
	Subscribe(ctx context.Context, who *portal.Identity, req SubscribeRequest) (SubscribeResult, error)
}

// MountDeps are the mailing list's HTTP dependencies.
type MountDeps struct {
	Members    httpapi.Members
	Subscriber Subscriber
	// Limits count sign-ups per client address and per email, like the account forms'.
	IPLimits, EmailLimits httpapi.Limiter
	SecureCookies         bool
}

// Mount mounts POST /api/v1/mailing-list: every sign-up form of the site sends it.
func Mount(d MountDeps) httpapi.Mount {
	limits := httpapi.AttemptLimits{IP: d.IPLimits, Who: d.EmailLimits}
	cookies := httpapi.SessionCookies{Secure: d.SecureCookies}
	return func(api fiber.Router) {
		api.Post("/mailing-list", httpapi.Private, httpapi.SmallBody(httpapi.FormBodyLimit), func(c fiber.Ctx) error {
			var req SubscribeRequest
			if err := httpapi.Decode(c, &req); err != nil {
				return err
			}
			if err := limits.Allow(c, "subscribe", httpapi.EmailKey(req.Email)); err != nil {
				return err
			}
			who, err := httpapi.OptionalMember(c, d.Members, cookies)
			if err != nil {
				return err
			}
			result, err := d.Subscriber.Subscribe(c.Context(), who, req)
			if err != nil {
				return err
			}
			if who == nil {
				c.Cookie(&fiber.Cookie{
					Name: httpapi.EmailSubscribedCookie, Value: "1", Path: "/", MaxAge: subscribedMaxAge,
					HTTPOnly: true, Secure: d.SecureCookies, SameSite: fiber.CookieSameSiteLaxMode,
				})
			}
			return c.JSON(result)
		})
	}
}
