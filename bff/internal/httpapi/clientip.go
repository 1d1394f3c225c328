package httpapi

import (
	"net/netip"
	"strings"

	"github.com/gofiber/fiber/v3"

	"github.com/union-benefits/portal/bff/internal/cache"
)

// The client's address, for per-IP limits. The BFF sits behind proxies (Next.js's rewrite, and in
// production the CDN and the platform's front end), each of which appends the address it received
// the request from to X-Forwarded-For. The leftmost entries are whatever the client sent, so only
// the rightmost address that no trusted proxy stands for names the client: a forged header can
// add entries on the left but never remove the true one on the right.

// proxies are the addresses whose X-Forwarded-For entries are believed: loopback (Next.js on the
// same host) and the configured proxies, as addresses or CIDR prefixes.
type proxies []netip.Prefix

// parseProxies reads TRUSTED_PROXIES entries; one that is neither an address nor a prefix is
// skipped (config validation reports it).
func parseProxies(list []string) proxies {
	out := proxies{netip.MustParsePrefix("127.0.0.0/8"), netip.MustParsePrefix("::1/128")}
	for _, s := range list {
		s = strings.TrimSpace(s)
		if p, err := netip.ParsePrefix(s); err == nil {
			out = append(out, p.Masked())
		} else if a, err := netip.ParseAddr(s); err == nil {
			out = append(out, netip.PrefixFrom(a, a.BitLen()))
		}
	}
	return out
}

func (p proxies) trusted(a netip.Addr) bool {
	a = a.Unmap()
	for _, prefix := range p {
		if prefix.Contains(a) {
			return true
		}
	}
	return false
}

// clientIP is the request's client: the peer when it is not a trusted proxy; otherwise the
// rightmost X-Forwarded-For entry that is not one, reading from the right (every header line,
// in order). An entry that is not an address ends the walk: what lies left of it was written by
// someone we cannot vouch for, so the last trusted hop's view (the entry right of it) stands.
func (p proxies) clientIP(c fiber.Ctx) client {
	peer, ok := netip.AddrFromSlice(c.RequestCtx().RemoteIP())
	if !ok {
		return client{addr: c.RequestCtx().RemoteIP().String()}
	}
	peer = peer.Unmap()
	if !p.trusted(peer) {
		return client{addr: peer.String()}
	}
	var entries []string
	for _, v := range c.Request().Header.PeekAll(fiber.HeaderXForwardedFor) {
		entries = append(entries, strings.Split(string(v), ",")...)
	}
	addr := peer
	for i := len(entries) - 1; i >= 0; i-- {
		a, err := netip.ParseAddr(strings.TrimSpace(entries[i]))
		if err != nil {
			break
		}
		addr = a.Unmap()
		if !p.trusted(addr) {
			break
		}
	}
	return client{addr: addr.String(), server: p.trusted(addr)}
}

// client is who sent a request: its address and whether that is one of our own servers (Next.js
// rendering a page without passing its visitor on, or a proxy), rather than a visitor's.
type client struct {
	addr   string
	server bool
}

type clientKey struct{}

// resolveClient finds the client's address once per request (clientAddr reads it).
func resolveClient(p proxies) fiber.Handler {
	return func(c fiber.Ctx) error {
		c.Locals(clientKey{}, p.clientIP(c))
		return c.Next()
	}
}

// clientAddr is the request's client address, as resolveClient found it.
func clientAddr(c fiber.Ctx) string {
	cl, _ := c.Locals(clientKey{}).(client)
	return cl.addr
}

// limitMisses charges every content cache miss a visitor's request causes to its address
// (cache.WithMissBudget). Our own servers are not charged: they speak for every visitor at once.
func limitMisses(misses Limiter) fiber.Handler {
	return func(c fiber.Ctx) error {
		cl, _ := c.Locals(clientKey{}).(client)
		if misses != nil && !cl.server {
			c.SetContext(cache.WithMissBudget(c.Context(), func() error { return misses.Allow("miss|" + cl.addr) }))
		}
		return c.Next()
	}
}
