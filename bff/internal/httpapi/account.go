package httpapi

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"strings"
	"time"

	"github.com/gofiber/fiber/v3"

	"github.com/union-benefits/portal/bff/internal/apperr"
	"github.com/union-benefits/portal/bff/internal/portal"
	"github.com/union-benefits/portal/contracts"
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

// Limiter counts attempts per key (ratelimit.Limiter): Allow counts and checks, Check only
// checks, Fail only counts.
type Limiter interface {
	Allow(keys ...string) error
	Check(key string) error
	Fail(key string)
}

// Accounts mounts the session, credential, profile and favorites routes. Everything here is about
// one person: never cached by the browser or anything between.
func Accounts(d AccountDeps) Mount {
	cookies := sessionCookies{secure: d.SecureCookies, ttl: d.Sessions.SessionTTL()}
	limits := attemptLimits{ip: d.IPLimits, who: d.EmailLimits}
	s := sessionHandlers{d.Sessions, d.Credentials, cookies, limits, d.Carts}
	p := profileHandlers{d.Profiles}
	f := favoriteHandlers{d.Favorites}
	// Every body here is a form of a few fields: anything larger is refused before it is parsed.
	small := smallBody(accountBodyLimit)
	return func(api fiber.Router) {
		api.Get("/session", private, s.getSession)
		api.Post("/session", private, small, s.signIn)
		api.Delete("/session", private, s.signOut)
		api.Post("/accounts", private, small, s.register)
		api.Post("/password/forgot", private, small, s.forgotPassword)
		api.Post("/password/reset", private, small, s.resetPassword)

		// A member's own data: requireMember finds whose from the session cookie alone.
		member := requireMember(d.Sessions, cookies)
		api.Post("/session/verification", private, member, s.sendVerification)
		api.Put("/session/password", private, small, member, s.changePassword)
		api.Put("/session/email", private, small, member, s.changeEmail)
		api.Get("/profile", private, member, p.getProfile)
		api.Put("/profile", private, small, member, p.saveProfile)
		api.Put("/profile/interests", private, small, member, p.saveInterests)
		api.Get("/account/benefits", private, member, p.myBenefits)
		api.Get("/favorites", private, member, f.getFavorites)
		api.Put("/favorites/:id", private, member, f.addFavorite)
		api.Delete("/favorites/:id", private, member, f.removeFavorite)
	}
}

// accountBodyLimit is the largest body of an account route: the profile, the longest form, is a
// few kilobytes even with every text at its limit.
const accountBodyLimit = 32 << 10

// smallBody refuses a body over limit bytes on routes whose documents are small forms, so a
// megabyte of JSON (the BFF-wide limit) is never parsed where a few fields are expected.
func smallBody(limit int) fiber.Handler {
	return func(c fiber.Ctx) error {
		if len(c.Body()) > limit {
			return apperr.New(apperr.TooLarge, "The request body is too large.")
		}
		return c.Next()
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

// attemptLimits count attempts at an action per client address and per email or member. An
// email is counted only once it is valid, and by its hash: a key is never text a client chose, so
// a flood of junk cannot fill the limiter with large keys (the limiter is bounded besides).
type attemptLimits struct{ ip, who Limiter }

// emailKey is the key an email is counted under, or "" for one that is not valid (the form
// refuses it, and there is nobody to protect).
func emailKey(email string) string {
	e := strings.ToLower(strings.TrimSpace(email))
	if !portal.ValidEmail(e) {
		return ""
	}
	sum := sha256.Sum256([]byte(e))
	return "email:" + hex.EncodeToString(sum[:16])
}

// memberKey is the key a signed-in member is counted under.
func memberKey(uid string) string { return "uid:" + uid }

// allow counts an attempt at action by this client and, when who is a key, by this email or
// member. Both are counted even when one refuses, so varying one of them buys an attacker nothing.
func (l attemptLimits) allow(c fiber.Ctx, action, who string) error {
	errIP := l.ip.Allow(action + "|" + clientAddr(c))
	var errWho error
	if who != "" {
		errWho = l.who.Allow(action + "|" + who)
	}
	if errIP != nil {
		return errIP
	}
	return errWho
}

// allowPassword is allow for an attempt that checks a password (sign-in, and changes that ask for
// the current one). The client's attempts are counted, but an email's only when they fail
// (failedPassword): the lockout protects an account from guessing, and never locks out a member
// who signs in rightly and often.
func (l attemptLimits) allowPassword(c fiber.Ctx, who string) error {
	if err := l.ip.Allow("signin|" + clientAddr(c)); err != nil {
		return err
	}
	if who == "" {
		return nil
	}
	return l.who.Check("signin|" + who)
}

// failedPassword counts err against who when it says the password was wrong.
func (l attemptLimits) failedPassword(who string, err error) {
	if who != "" && wrongPassword(err) {
		l.who.Fail("signin|" + who)
	}
}

// wrongPassword: a sign-in's refusal, or a change's refusal of the current password.
func wrongPassword(err error) bool {
	if apperr.Is(err, apperr.Unauthenticated) {
		return true
	}
	if e := apperr.From(err); e != nil {
		for _, f := range e.Fields {
			if f.Field == "currentPassword" && f.Message == contracts.Message("currentPasswordInvalid") {
				return true
			}
		}
	}
	return false
}

// Sessions answers who a cookie belongs to and what their session shows (account.SessionService).
type Sessions interface {
	Members
	Session(ctx context.Context, cookie string) (portal.Session, bool, error)
	// SignOut ends a session on the server, so copies of its cookie stop working.
	SignOut(ctx context.Context, cookie string) error
	SessionTTL() time.Duration
}
