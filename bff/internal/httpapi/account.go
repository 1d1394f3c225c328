package httpapi

import (
	"context"
	"encoding/json"
	"net/url"
	"strings"
	"time"

	"github.com/gofiber/fiber/v3"

	"github.com/union-benefits/portal/bff/internal/apperr"
	"github.com/union-benefits/portal/bff/internal/portal"
)

// Accounts is the member account's logic (account.Service).
type Accounts interface {
	Identify(ctx context.Context, cookie string) (portal.Identity, error)
	ReaderUnion(ctx context.Context, cookie string) (string, bool)
	Session(ctx context.Context, cookie string) (portal.Session, bool, error)
	SessionTTL() time.Duration
	SignIn(ctx context.Context, req portal.SignInRequest) (portal.AuthResult, string, error)
	Register(ctx context.Context, req portal.RegisterRequest) (portal.AuthResult, string, error)
	SendVerification(ctx context.Context, id portal.Identity) (string, error)
	ChangePassword(ctx context.Context, id portal.Identity, req portal.ChangePasswordRequest) (portal.AuthResult, string, error)
	ChangeEmail(ctx context.Context, id portal.Identity, req portal.ChangeEmailRequest) (portal.AuthResult, string, error)
	ForgotPassword(ctx context.Context, email string) (string, error)
	ResetPassword(ctx context.Context, req portal.ResetPasswordRequest) (portal.AuthResult, string, error)
	Profile(ctx context.Context, id portal.Identity) (portal.ProfileDocument, error)
	SaveProfile(ctx context.Context, id portal.Identity, in portal.ProfileFields) (portal.ProfileDocument, error)
	SaveInterests(ctx context.Context, id portal.Identity, in portal.InterestsUpdate) (portal.ProfileDocument, error)
	MyBenefits(ctx context.Context, id portal.Identity) (*portal.BenefitGroups, error)
	Favorites(ctx context.Context, id portal.Identity) (portal.Favorites, error)
	SetFavorite(ctx context.Context, id portal.Identity, favorite string, on bool) (portal.Favorites, error)
}

// Limiter counts attempts per key (ratelimit.Limiter).
type Limiter interface {
	Allow(keys ...string) error
}

// SessionCookie is the name of the BFF's session cookie. Next.js forwards /api/v1 to the BFF, so
// the browser holds it first-party; it is HttpOnly and never read by scripts.
const SessionCookie = "session"

func (h handlers) accountRoutes(api fiber.Router) {
	// Everything here is about one person: never cached by the browser or anything between.
	private := func(c fiber.Ctx) error {
		c.Set(fiber.HeaderCacheControl, "private, no-store")
		return c.Next()
	}
	api.Get("/session", private, h.getSession)
	api.Post("/session", private, h.signIn)
	api.Delete("/session", private, h.signOut)
	api.Post("/accounts", private, h.register)
	api.Post("/password/forgot", private, h.forgotPassword)
	api.Post("/password/reset", private, h.resetPassword)

	// A member's own data: requireMember finds whose from the session cookie alone.
	api.Post("/session/verification", private, h.requireMember, h.sendVerification)
	api.Put("/session/password", private, h.requireMember, h.changePassword)
	api.Put("/session/email", private, h.requireMember, h.changeEmail)
	api.Get("/profile", private, h.requireMember, h.getProfile)
	api.Put("/profile", private, h.requireMember, h.saveProfile)
	api.Put("/profile/interests", private, h.requireMember, h.saveInterests)
	api.Get("/account/benefits", private, h.requireMember, h.myBenefits)
	api.Get("/favorites", private, h.requireMember, h.getFavorites)
	api.Put("/favorites/:id", private, h.requireMember, h.addFavorite)
	api.Delete("/favorites/:id", private, h.requireMember, h.removeFavorite)
}

// identityKey is where requireMember leaves the verified identity for the handler.
type identityKey struct{}

// requireMember lets a request through only with a live session, and hands its identity on:
// the uid a handler acts for comes from here, never from the request.
func (h handlers) requireMember(c fiber.Ctx) error {
	id, err := h.Accounts.Identify(c.Context(), c.Cookies(SessionCookie))
	if err != nil {
		if apperr.Is(err, apperr.Unauthenticated) {
			h.clearSession(c)
		}
		return err
	}
	c.Locals(identityKey{}, id)
	return c.Next()
}

func identity(c fiber.Ctx) portal.Identity {
	id, _ := c.Locals(identityKey{}).(portal.Identity)
	return id
}

func (h handlers) setSession(c fiber.Ctx, value string) {
	c.Cookie(&fiber.Cookie{
		Name: SessionCookie, Value: value, Path: "/", MaxAge: int(h.Accounts.SessionTTL().Seconds()),
		HTTPOnly: true, Secure: h.SecureCookies, SameSite: fiber.CookieSameSiteLaxMode,
	})
}

func (h handlers) clearSession(c fiber.Ctx) {
	c.Cookie(&fiber.Cookie{
		Name: SessionCookie, Value: "", Path: "/", Expires: time.Unix(0, 0), MaxAge: -1,
		HTTPOnly: true, Secure: h.SecureCookies, SameSite: fiber.CookieSameSiteLaxMode,
	})
}

// decode reads a JSON body into v; a body that is not one is the caller's mistake, never a 500.
func decode(c fiber.Ctx, v any) error {
	if err := json.Unmarshal(c.Body(), v); err != nil {
		return apperr.New(apperr.Invalid, "The request body is not valid JSON.")
	}
	return nil
}

// limit counts an attempt at action by this IP and, when given, by this email or uid. Both are
// counted even when one refuses, so varying one of them buys an attacker nothing.
func (h handlers) limit(c fiber.Ctx, action, who string) error {
	var errIP, errWho error
	if h.IPLimits != nil {
		errIP = h.IPLimits.Allow(action + "|" + c.IP())
	}
	if h.EmailLimits != nil && who != "" {
		errWho = h.EmailLimits.Allow(action + "|" + strings.ToLower(strings.TrimSpace(who)))
	}
	if errIP != nil {
		return errIP
	}
	return errWho
}

func (h handlers) getSession(c fiber.Ctx) error {
	session, clear, err := h.Accounts.Session(c.Context(), c.Cookies(SessionCookie))
	if err != nil {
		return err
	}
	if clear {
		h.clearSession(c)
	}
	return c.JSON(session)
}

// answer sends an AuthResult and sets the session cookie it came with.
func (h handlers) answer(c fiber.Ctx, status int, result portal.AuthResult, cookie string, err error) error {
	if err != nil {
		return err
	}
	h.setSession(c, cookie)
	return c.Status(status).JSON(result)
}

func (h handlers) signIn(c fiber.Ctx) error {
	var req portal.SignInRequest
	if err := decode(c, &req); err != nil {
		return err
	}
	if err := h.limit(c, "signin", req.Email); err != nil {
		return err
	}
	result, cookie, err := h.Accounts.SignIn(c.Context(), req)
	return h.answer(c, fiber.StatusOK, result, cookie, err)
}

func (h handlers) signOut(c fiber.Ctx) error {
	h.clearSession(c)
	return c.JSON(fiber.Map{"message": h.LogoutMessage})
}

func (h handlers) register(c fiber.Ctx) error {
	var req portal.RegisterRequest
	if err := decode(c, &req); err != nil {
		return err
	}
	if err := h.limit(c, "signup", req.Email); err != nil {
		return err
	}
	result, cookie, err := h.Accounts.Register(c.Context(), req)
	return h.answer(c, fiber.StatusCreated, result, cookie, err)
}

func (h handlers) forgotPassword(c fiber.Ctx) error {
	var req struct {
		Email string `json:"email"`
	}
	if err := decode(c, &req); err != nil {
		return err
	}
	if err := h.limit(c, "reset", req.Email); err != nil {
		return err
	}
	message, err := h.Accounts.ForgotPassword(c.Context(), req.Email)
	if err != nil {
		return err
	}
	return c.Status(fiber.StatusAccepted).JSON(fiber.Map{"message": message})
}

func (h handlers) resetPassword(c fiber.Ctx) error {
	var req portal.ResetPasswordRequest
	if err := decode(c, &req); err != nil {
		return err
	}
	if err := h.limit(c, "reset", ""); err != nil {
		return err
	}
	result, cookie, err := h.Accounts.ResetPassword(c.Context(), req)
	return h.answer(c, fiber.StatusOK, result, cookie, err)
}

func (h handlers) sendVerification(c fiber.Ctx) error {
	id := identity(c)
	if err := h.limit(c, "verify", id.UID); err != nil {
		return err
	}
	message, err := h.Accounts.SendVerification(c.Context(), id)
	if err != nil {
		return err
	}
	return c.JSON(fiber.Map{"message": message})
}

func (h handlers) changePassword(c fiber.Ctx) error {
	var req portal.ChangePasswordRequest
	if err := decode(c, &req); err != nil {
		return err
	}
	id := identity(c)
	// The current password is checked by signing in: limit it like a sign-in.
	if err := h.limit(c, "signin", id.Email); err != nil {
		return err
	}
	result, cookie, err := h.Accounts.ChangePassword(c.Context(), id, req)
	return h.answer(c, fiber.StatusOK, result, cookie, err)
}

func (h handlers) changeEmail(c fiber.Ctx) error {
	var req portal.ChangeEmailRequest
	if err := decode(c, &req); err != nil {
		return err
	}
	id := identity(c)
	if err := h.limit(c, "signin", id.Email); err != nil {
		return err
	}
	result, cookie, err := h.Accounts.ChangeEmail(c.Context(), id, req)
	return h.answer(c, fiber.StatusOK, result, cookie, err)
}

func (h handlers) getProfile(c fiber.Ctx) error {
	doc, err := h.Accounts.Profile(c.Context(), identity(c))
	if err != nil {
		return err
	}
	return c.JSON(doc)
}

func (h handlers) saveProfile(c fiber.Ctx) error {
	var in portal.ProfileFields
	if err := decode(c, &in); err != nil {
		return err
	}
	doc, err := h.Accounts.SaveProfile(c.Context(), identity(c), in)
	if err != nil {
		return err
	}
	return c.JSON(doc)
}

func (h handlers) saveInterests(c fiber.Ctx) error {
	var in portal.InterestsUpdate
	if err := decode(c, &in); err != nil {
		return err
	}
	doc, err := h.Accounts.SaveInterests(c.Context(), identity(c), in)
	if err != nil {
		return err
	}
	return c.JSON(doc)
}

func (h handlers) myBenefits(c fiber.Ctx) error {
	groups, err := h.Accounts.MyBenefits(c.Context(), identity(c))
	if err != nil {
		return err
	}
	return c.JSON(groups)
}

func (h handlers) getFavorites(c fiber.Ctx) error {
	favorites, err := h.Accounts.Favorites(c.Context(), identity(c))
	if err != nil {
		return err
	}
	return c.JSON(favorites)
}

func (h handlers) addFavorite(c fiber.Ctx) error    { return h.setFavorite(c, true) }
func (h handlers) removeFavorite(c fiber.Ctx) error { return h.setFavorite(c, false) }

func (h handlers) setFavorite(c fiber.Ctx, on bool) error {
	// Browsers encode the colon of "benefit:1180"; Fiber hands path parameters on undecoded, and
	// in a buffer it reuses for the next request, hence the copy.
	id, err := url.PathUnescape(strings.Clone(c.Params("id")))
	if err != nil || portal.FavoriteKind(id) == "" {
		return apperr.Fields("This is not a favorite id.", apperr.FieldError{Field: "id", Message: "This is not a favorite id."})
	}
	favorites, err := h.Accounts.SetFavorite(c.Context(), identity(c), id, on)
	if err != nil {
		return err
	}
	return c.JSON(favorites)
}
