package httpapi

import (
	"context"
	"net/netip"
	"strings"
	"time"

	"github.com/gofiber/fiber/v3"

	"github.com/union-benefits/portal/bff/internal/apperr"
	"github.com/union-benefits/portal/bff/internal/edgesign"
)

// The BFF faces the internet: the CDN in front of the site (Netlify) publishes no addresses its
// proxy connects from, so no address can be trusted as "our edge". Every request must instead
// prove it came through the edge or from the Next.js server (package edgesign), and only such a
// request may say who the client is. A request without that proof is refused before any handler
// runs, and a forged X-Forwarded-For is never read at all.

// webhookPath is the one route that takes unsigned requests: the CMS calls it from its own
// servers, and it carries an HMAC of its own (package hooks), which proves more than the edge's
// would.
const webhookPath = "/api/v1/hooks/cms"

// Verifier checks the proof an edge or the Next.js server put on a request (edgesign.Verifier).
type Verifier interface {
	Verify(token string, now time.Time) (edgesign.Claims, error)
}

// client is who sent a request: its address and whether that is one of our own servers (Next.js
// reading a document shared by every visitor, or the CMS's webhook), rather than a visitor.
type client struct {
	addr   string
	server bool
}

type clientKey struct{}

// fromEdge refuses a request without a valid edge signature (403, problem+json) and records its
// client: the address the edge put in X-Nf-Client-Connection-Ip, believed because the signature
// over the request verified. A signed request naming no client is our own server's.
func fromEdge(v Verifier) fiber.Handler {
	return func(c fiber.Ctx) error {
		if c.Path() == webhookPath {
			c.Locals(clientKey{}, client{addr: c.IP(), server: true})
			return c.Next()
		}
		if _, err := v.Verify(c.Get(edgesign.Header), time.Now()); err != nil {
			return apperr.Wrap(apperr.Forbidden, "This request did not come through the site.", err)
		}
		cl := client{addr: "server", server: true}
		if a, err := netip.ParseAddr(strings.TrimSpace(c.Get(edgesign.ClientIPHeader))); err == nil {
			cl = client{addr: limitKey(a)}
		}
		c.Locals(clientKey{}, cl)
		return c.Next()
	}
}

// limitKey is what per-address limits count a client by: its IPv4 address, or the /64 network of
// its IPv6 one. One subscriber's line or phone is given a whole /64 (and often more), so keying
// on full IPv6 addresses would let one client rotate through as many fresh counts as it likes.
func limitKey(a netip.Addr) string {
	a = a.Unmap()
	if a.Is4() {
		return a.String()
	}
	return netip.PrefixFrom(a, 64).Masked().String()
}

// ClientAddr is the request's client address, as fromEdge found it; "server" for our own servers,
// which every per-IP limit counts as one (they never sign in or start carts).
func ClientAddr(c fiber.Ctx) string {
	cl, _ := c.Locals(clientKey{}).(client)
	return cl.addr
}

// limitMisses charges every content cache miss a visitor's request causes to its address
// (Options.MissBudget). Our own servers are not charged: they speak for every visitor at once.
func limitMisses(misses Limiter, budget func(context.Context, func() error) context.Context) fiber.Handler {
	return func(c fiber.Ctx) error {
		cl, _ := c.Locals(clientKey{}).(client)
		if misses != nil && budget != nil && !cl.server {
			c.SetContext(budget(c.Context(), func() error { return misses.Allow("miss|" + cl.addr) }))
		}
		return c.Next()
	}
}
