package httpapi

import (
	"context"
	"strings"
	"time"

	"github.com/gofiber/fiber/v3"

	"github.com/union-benefits/portal/bff/internal/portal"
)

// AccountDeps are the account area's dependencies, one service per concern (the account
// package's four services).
type AccountDeps struct {
	Sessions    Sessions
	Credentials Credentials
	Profiles    Profiles
	Favorites   Favorites
	// Carts merges a visitor's cart into the member's at sign-in; nil when there is no store.
	Carts CartMerger
	// IPLimits and EmailLimits count sign-in, sign-up, reset and verification attempts per IP
	// and per email (or member).
	IPLimits, EmailLimits Limiter
	// SecureCookies marks the session cookie Secure: everywhere but a localhost frontend.
	SecureCookies bool
}

// Limiter counts attempts per key (ratelimit.Limiter).
type Limiter interface {
	Allow(keys ...string) error
}

// Accounts mounts the session, credential, profile and favorites routes. Everything here is about
// one person: never cached by the browser or anything between.
func Accounts(d AccountDeps) Mount {
	cookies := sessionCookies{secure: d.SecureCookies, ttl: d.Sessions.SessionTTL()}
	limits := attemptLimits{ip: d.IPLimits, who: d.EmailLimits}
	s := sessionHandlers{d.Sessions, d.Credentials, cookies, limits, d.Carts}
	p := profileHandlers{d.Profiles}
	f := favoriteHandlers{d.Favorites}
	return func(api fiber.Router) {
		api.Get("/session", private, s.getSession)
		api.Post("/session", private, s.signIn)
		api.Delete("/session", private, s.signOut)
		api.Post("/accounts", private, s.register)
		api.Post("/password/forgot", private, s.forgotPassword)
		api.Post("/password/reset", private, s.resetPassword)

		// A member's own data: requireMember finds whose from the session cookie alone.
		member := requireMember(d.Sessions, cookies)
		api.Post("/session/verification", private, member, s.sendVerification)
		api.Put("/session/password", private, member, s.changePassword)
		api.Put("/session/email", private, member, s.changeEmail)
		api.Get("/profile", private, member, p.getProfile)
		api.Put("/profile", private, member, p.saveProfile)
		api.Put("/profile/interests", private, member, p.saveInterests)
		api.Get("/account/benefits", private, member, p.myBenefits)
		api.Get("/favorites", private, member, f.getFavorites)
		api.Put("/favorites/:id", private, member, f.addFavorite)
		api.Delete("/favorites/:id", private, member, f.removeFavorite)
	}
}

// sessionCookies sets and clears the session cookie: HttpOnly, SameSite=Lax, Secure outside a
// localhost frontend, living as long as the Firebase session it holds.
type sessionCookies struct {
	secure bool
	ttl    time.Duration
}

func (s sessionCookies) set(c fiber.Ctx, value string) {
	c.Cookie(&fiber.Cookie{
		Name: SessionCookie, Value: value, Path: "/", MaxAge: int(s.ttl.Seconds()),
		HTTPOnly: true, Secure: s.secure, SameSite: fiber.CookieSameSiteLaxMode,
	})
}

func (s sessionCookies) clear(c fiber.Ctx) {
	c.Cookie(&fiber.Cookie{
		Name: SessionCookie, Value: "", Path: "/", Expires: time.Unix(0, 0), MaxAge: -1,
		HTTPOnly: true, Secure: s.secure, SameSite: fiber.CookieSameSiteLaxMode,
	})
}

// attemptLimits count attempts at an action per IP and per email or member.
type attemptLimits struct{ ip, who Limiter }

// allow counts an attempt at action by this IP and, when given, by this email or uid. Both are
// counted even when one refuses, so varying one of them buys an attacker nothing.
func (l attemptLimits) allow(c fiber.Ctx, action, who string) error {
	errIP := l.ip.Allow(action + "|" + clientAddr(c))
	var errWho error
	if who != "" {
		errWho = l.who.Allow(action + "|" + strings.ToLower(strings.TrimSpace(who)))
	}
	if errIP != nil {
		return errIP
	}
	return errWho
}

// Sessions answers who a cookie belongs to and what their session shows (account.SessionService).
type Sessions interface {
	Members
	Session(ctx context.Context, cookie string) (portal.Session, bool, error)
	SessionTTL() time.Duration
}
