package httpapi

import (
	"context"

	"github.com/gofiber/fiber/v3"

	"github.com/union-benefits/portal/bff/internal/apperr"
	"github.com/union-benefits/portal/bff/internal/portal"
	"github.com/union-benefits/portal/contracts"
)

// EmailSubscribedCookie remembers that a visitor joined the mailing list (spec 1 §9, spec 3 §9:
// named for the product, one year, path /, SameSite Lax), so the promos stay hidden for them. It
// says nothing secret, but only the BFF reads it (GET /session's emailSubscribed).
const EmailSubscribedCookie = "union_benefits_subscribed"

// subscribedMaxAge is the cookie's lifetime in seconds, from contracts/accounts.json.
var subscribedMaxAge = contracts.Limit("subscriptionCookieMaxAgeSeconds")

// Subscriber signs people up to the mailing list (mailing.Service); who is nil for a visitor.
type Subscriber interface {
	Subscribe(ctx context.Context, who *portal.Identity, req portal.SubscribeRequest) (portal.SubscribeResult, error)
}

// MailingDeps are the mailing list's dependencies.
type MailingDeps struct {
	Members    Members
	Subscriber Subscriber
	// Limits count sign-ups per client address and per email, like the account forms'.
	IPLimits, EmailLimits Limiter
	SecureCookies         bool
}

// Mailing mounts POST /api/v1/mailing-list: every sign-up form of the site sends it.
func Mailing(d MailingDeps) Mount {
	limits := attemptLimits{ip: d.IPLimits, who: d.EmailLimits}
	cookies := sessionCookies{secure: d.SecureCookies}
	return func(api fiber.Router) {
		api.Post("/mailing-list", private, smallBody(accountBodyLimit), func(c fiber.Ctx) error {
			var req portal.SubscribeRequest
			if err := decode(c, &req); err != nil {
				return err
			}
			if err := limits.allow(c, "subscribe", emailKey(req.Email)); err != nil {
				return err
			}
			who, err := optionalMember(c, d.Members, cookies)
			if err != nil {
				return err
			}
			result, err := d.Subscriber.Subscribe(c.Context(), who, req)
			if err != nil {
				return err
			}
			if who == nil {
				c.Cookie(&fiber.Cookie{
					Name: EmailSubscribedCookie, Value: "1", Path: "/", MaxAge: subscribedMaxAge,
					HTTPOnly: true, Secure: d.SecureCookies, SameSite: fiber.CookieSameSiteLaxMode,
				})
			}
			return c.JSON(result)
		})
	}
}

// optionalMember is the signed-in member a request comes from, or nil for a visitor (a dead
// session's cookie is cleared and reads as a visitor). Any other failure to tell is an error: a
// member must not be taken for a visitor because the session store did not answer.
func optionalMember(c fiber.Ctx, members Members, cookies sessionCookies) (*portal.Identity, error) {
	cookie := c.Cookies(SessionCookie)
	if cookie == "" {
		return nil, nil
	}
	id, err := members.Identify(c.Context(), cookie)
	if apperr.Is(err, apperr.Unauthenticated) {
		cookies.clear(c)
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	return &id, nil
}
