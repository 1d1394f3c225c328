package partners

import (
	"context"
	"time"

	"github.com/go-jose/go-jose/v4"
	"github.com/gofiber/fiber/v3"

	"github.com/union-benefits/portal/bff/internal/httpapi"
	"github.com/union-benefits/portal/bff/internal/portal"
)

// PartnerService is partner sign-in (Service).
type PartnerService interface {
	Document(ctx context.Context, partnerID string, id portal.Identity) (PartnerDocument, error)
	Connect(ctx context.Context, id portal.Identity, partnerID string) (ConnectedSite, error)
	Token(ctx context.Context, id portal.Identity, partnerID, origin string) (PartnerToken, error)
	Sites(ctx context.Context, id portal.Identity) (ConnectedSites, error)
	Disconnect(ctx context.Context, id portal.Identity, partnerID string) (ConnectedSites, error)
	KeySet() jose.JSONWebKeySet
}

// Sessions tells who a session cookie belongs to and how long a reopened session's cookie lives
// (account.SessionService).
type Sessions interface {
	httpapi.Members
	SessionTTL() time.Duration
}

// MountDeps are partner sign-in's HTTP dependencies.
type MountDeps struct {
	Sessions Sessions
	Partners PartnerService
	// SecureCookies marks the session cookie Secure, as the account's mount does.
	SecureCookies bool
	// TokenLimits counts the tokens a member asks for: each is signed and logged, and a
	// member's sign-ins to partners are a handful an hour, never hundreds.
	TokenLimits httpapi.Limiter
}

// Mount mounts partner sign-in: the popup's document (a visitor's or a member's), the
// member's consent, the sign-in token and the Connected sites tab. All of it is about one person
// and one credential: never cached.
func Mount(d MountDeps) httpapi.Mount {
	cookies := httpapi.SessionCookies{Secure: d.SecureCookies, TTL: d.Sessions.SessionTTL()}
	h := partnerHandlers{d}
	member := httpapi.RequireMember(d.Sessions, cookies)
	return func(api fiber.Router) {
		api.Get("/partners", httpapi.Private, member, h.sites)
		api.Get("/partners/.well-known/jwks.json", h.keys)
		api.Get("/partners/:id", httpapi.Private, h.document)
		api.Put("/partners/:id/connection", httpapi.Private, member, h.connect)
		api.Delete("/partners/:id/connection", httpapi.Private, member, h.disconnect)
		api.Post("/partners/:id/token", httpapi.Private, member, h.token)
	}
}

type partnerHandlers struct{ MountDeps }

// document answers GET /api/v1/partners/{id}: the popup's partner and, with a live session, the
// member's state; a dead session reads as a visitor (the popup shows its form).
func (h partnerHandlers) document(c fiber.Ctx) error {
	var id portal.Identity
	if cookie := c.Cookies(httpapi.SessionCookie); cookie != "" {
		id, _ = h.Sessions.Identify(c.Context(), cookie)
	}
	doc, err := h.Partners.Document(c.Context(), c.Params("id"), id)
	return httpapi.JSON(c, doc, err)
}

func (h partnerHandlers) connect(c fiber.Ctx) error {
	s, err := h.Partners.Connect(c.Context(), httpapi.Identity(c), c.Params("id"))
	return httpapi.JSON(c, s, err)
}

type tokenRequest struct {
	Origin string `json:"origin"`
}

func (h partnerHandlers) token(c fiber.Ctx) error {
	var req tokenRequest
	if len(c.Body()) > 0 {
		if err := httpapi.Decode(c, &req); err != nil {
			return err
		}
	}
	id := httpapi.Identity(c)
	if err := h.TokenLimits.Allow("partner-token|" + httpapi.MemberKey(id.UID)); err != nil {
		return err
	}
	t, err := h.Partners.Token(c.Context(), id, c.Params("id"), req.Origin)
	return httpapi.JSON(c, t, err)
}

func (h partnerHandlers) sites(c fiber.Ctx) error {
	s, err := h.Partners.Sites(c.Context(), httpapi.Identity(c))
	return httpapi.JSON(c, s, err)
}

func (h partnerHandlers) disconnect(c fiber.Ctx) error {
	s, err := h.Partners.Disconnect(c.Context(), httpapi.Identity(c), c.Params("id"))
	return httpapi.JSON(c, s, err)
}

// keys answers the published keys partners check assertions with (a JWKS). They change only at a
// rotation, which keeps the previous key published for a while: an hour's cache is safe.
func (h partnerHandlers) keys(c fiber.Ctx) error {
	c.Set(fiber.HeaderCacheControl, "public, max-age=3600")
	return c.JSON(h.Partners.KeySet())
}
