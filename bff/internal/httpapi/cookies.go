package httpapi

import (
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
