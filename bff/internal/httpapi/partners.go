package httpapi

import (
	"context"

	"github.com/gofiber/fiber/v3"

	"github.com/union-benefits/portal/bff/internal/portal"
)

// PartnerService is partner sign-in (partners.Service).
type PartnerService interface {
	Document(ctx context.Context, partnerID string, id portal.Identity) (portal.PartnerDocument, error)
	Connect(ctx context.Context, id portal.Identity, partnerID string) (portal.ConnectedSite, error)
	Token(ctx context.Context, id portal.Identity, partnerID, origin string) (portal.PartnerToken, error)
	Sites(ctx context.Context, id portal.Identity) (portal.ConnectedSites, error)
	Disconnect(ctx context.Context, id portal.Identity, partnerID string) (portal.ConnectedSites, string, error)
}

// PartnersDeps are partner sign-in's dependencies.
type PartnersDeps struct {
	Sessions Sessions
	Partners PartnerService
	// SecureCookies marks the session cookie Secure, as Accounts does.
	SecureCookies bool
	// TokenLimits counts the tokens a member asks for: each is signed and logged, and a
	// member's sign-ins to partners are a handful an hour, never hundreds.
	TokenLimits Limiter
}

// Partners mounts partner sign-in: the popup's document (a visitor's or a member's), the
// member's consent, the sign-in token and the Connected sites tab. All of it is about one person
// and one credential: never cached.
func Partners(d PartnersDeps) Mount {
	cookies := sessionCookies{secure: d.SecureCookies, ttl: d.Sessions.SessionTTL()}
	h := partnerHandlers{d, cookies}
	member := requireMember(d.Sessions, cookies)
	return func(api fiber.Router) {
		api.Get("/partners", private, member, h.sites)
		api.Get("/partners/:id", private, h.document)
		api.Put("/partners/:id/connection", private, member, h.connect)
		api.Delete("/partners/:id/connection", private, member, h.disconnect)
		api.Post("/partners/:id/token", private, member, h.token)
	}
}

type partnerHandlers struct {
	PartnersDeps
	cookies sessionCookies
}

// document answers GET /api/v1/partners/{id}: the popup's partner and, with a live session, the
// member's state; a dead session reads as a visitor (the popup shows its form).
func (h partnerHandlers) document(c fiber.Ctx) error {
	var id portal.Identity
	if cookie := c.Cookies(SessionCookie); cookie != "" {
		id, _ = h.Sessions.Identify(c.Context(), cookie)
	}
	doc, err := h.Partners.Document(c.Context(), c.Params("id"), id)
	if err != nil {
		return err
	}
	return c.JSON(doc)
}

func (h partnerHandlers) connect(c fiber.Ctx) error {
	s, err := h.Partners.Connect(c.Context(), identity(c), c.Params("id"))
	if err != nil {
		return err
	}
	return c.JSON(s)
}

type tokenRequest struct {
	Origin string `json:"origin"`
}

func (h partnerHandlers) token(c fiber.Ctx) error {
	var req tokenRequest
	if len(c.Body()) > 0 {
		if err := decode(c, &req); err != nil {
			return err
		}
	}
	id := identity(c)
	if err := h.TokenLimits.Allow("partner-token|" + memberKey(id.UID)); err != nil {
		return err
	}
	t, err := h.Partners.Token(c.Context(), id, c.Params("id"), req.Origin)
	if err != nil {
		return err
	}
	return c.JSON(t)
}

func (h partnerHandlers) sites(c fiber.Ctx) error {
	s, err := h.Partners.Sites(c.Context(), identity(c))
	if err != nil {
		return err
	}
	return c.JSON(s)
}

// disconnect answers DELETE /api/v1/partners/{id}/connection; the revocation ended this
// browser's session too, so the answer carries the reopened one.
func (h partnerHandlers) disconnect(c fiber.Ctx) error {
	s, cookie, err := h.Partners.Disconnect(c.Context(), identity(c), c.Params("id"))
	if err != nil {
		return err
	}
	if cookie != "" {
		h.cookies.set(c, cookie)
	}
	return c.JSON(s)
}
