package httpapi

import (
	"time"

	"github.com/gofiber/fiber/v3"
	"github.com/valyala/fasthttp"
)

// hostPrefix is the cookie prefix browsers only accept from a secure origin, for the whole host
// (no Domain) and Path=/: a cookie planted by a sibling subdomain, or over plain HTTP by someone on
// the network, cannot pass for one of ours.
const hostPrefix = "__Host-"

// ownCookies are the cookies the BFF sets. Handlers use these names; on the wire outside
// localhost they carry hostPrefix.
var ownCookies = []string{SessionCookie, CartCookie, StoreStateCookie, EmailSubscribedCookie}

// EmailSubscribedCookie remembers that a visitor joined the mailing list (spec 1 §9, spec 3 §9:
// named for the product, one year, path /, SameSite Lax), so the promos stay hidden for them. It
// says nothing secret, but only the BFF reads it (GET /session's emailSubscribed).
const EmailSubscribedCookie = "union_benefits_subscribed"

// StoreStateCookie is the name of the shipping state's cookie (spec 3 §7): the state's title,
// URL-encoded as a browser script would write it, kept for store.StateCookieMaxAge seconds.
const StoreStateCookie = "up_store_state"

// CartCookie is the name of a visitor's cart cookie: an unguessable token (store.NewVisitorToken)
// naming their cart, HttpOnly, kept store.CartCookieMaxAge seconds, merged into the member's
// cart and cleared at sign-in.
const CartCookie = "up_cart"

// hostCookies gives the BFF's cookies the __Host- prefix on the wire when the site is served over
// HTTPS (a localhost frontend over plain HTTP cannot hold them), in this one place: requests have
// the prefixed cookies read under the plain names, and an unprefixed one, which the BFF never set
// there, is dropped; answers that set a cookie set the prefixed one.
func hostCookies(secure bool) fiber.Handler {
	return func(c fiber.Ctx) error {
		if !secure {
			return c.Next()
		}
		req := &c.Request().Header
		for _, name := range ownCookies {
			v := string(req.Cookie(hostPrefix + name))
			req.DelCookie(name)
			req.DelCookie(hostPrefix + name)
			if v != "" {
				req.SetCookie(name, v)
			}
		}
		err := c.Next()
		resp := &c.Response().Header
		for _, name := range ownCookies {
			ck := fasthttp.AcquireCookie()
			ck.SetKey(name)
			if resp.Cookie(ck) {
				resp.DelCookie(name)
				ck.SetKey(hostPrefix + name)
				ck.SetDomain("")
				ck.SetPath("/")
				ck.SetSecure(true)
				resp.SetCookie(ck)
			}
			fasthttp.ReleaseCookie(ck)
		}
		return err
	}
}

// SessionCookies sets and clears the session cookie: HttpOnly, SameSite=Lax, Secure outside a
// localhost frontend, living as long as the Firebase session it holds.
type SessionCookies struct {
	// Secure marks the cookie Secure: everywhere but a localhost frontend.
	Secure bool
	// TTL is how long the cookie lives; zero when a mount only clears it.
	TTL time.Duration
}

// Set sets the session cookie to value.
func (s SessionCookies) Set(c fiber.Ctx, value string) {
	c.Cookie(&fiber.Cookie{
		Name: SessionCookie, Value: value, Path: "/", MaxAge: int(s.TTL.Seconds()),
		HTTPOnly: true, Secure: s.Secure, SameSite: fiber.CookieSameSiteLaxMode,
	})
}

// Clear clears the session cookie, as a dead session's is.
func (s SessionCookies) Clear(c fiber.Ctx) {
	c.Cookie(&fiber.Cookie{
		Name: SessionCookie, Value: "", Path: "/", Expires: time.Unix(0, 0), MaxAge: -1,
		HTTPOnly: true, Secure: s.Secure, SameSite: fiber.CookieSameSiteLaxMode,
	})
}
