package account

import (
	"context"
	"log/slog"
	"net/url"
	"time"

	"github.com/gofiber/fiber/v3"

	"github.com/union-benefits/portal/bff/internal/apperr"
	"github.com/union-benefits/portal/bff/internal/httpapi"
	"github.com/union-benefits/portal/bff/internal/portal"
	"github.com/union-benefits/portal/contracts"
)

// MountDeps are the account area's HTTP dependencies, one service per concern (the four
// services of New).
type MountDeps struct {
	Sessions    Sessions
	Credentials Credentials
	Profiles    Profiles
	Favorites   FavoriteLists
	// Carts merges a visitor's cart into the member's at sign-in; nil when there is no store.
	Carts CartAdopter
	// IPLimits and EmailLimits count sign-in, sign-up, reset and verification attempts per IP
	// and per email (or member).
	IPLimits, EmailLimits httpapi.Limiter
	// MailLimits counts the mails sent to one address (password resets and verifications) in a
	// day: the per-email window alone would let anyone send a member 1,440 a day.
	MailLimits httpapi.Limiter
	// SecureCookies marks the session cookie Secure: everywhere but a localhost frontend.
	SecureCookies bool
}

// Mount mounts the session, credential, profile and favorites routes. Everything here is about
// one person: never cached by the browser or anything between.
func Mount(d MountDeps) httpapi.Mount {
	cookies := httpapi.SessionCookies{Secure: d.SecureCookies, TTL: d.Sessions.SessionTTL()}
	limits := httpapi.AttemptLimits{IP: d.IPLimits, Who: d.EmailLimits}
	s := sessionHandlers{d.Sessions, d.Credentials, cookies, limits, d.MailLimits, d.Carts}
	p := profileHandlers{d.Profiles}
	f := favoriteHandlers{d.Favorites}
	// Every body here is a form of a few fields: anything larger is refused before it is parsed.
	small := httpapi.SmallBody(httpapi.FormBodyLimit)
	return func(api fiber.Router) {
		api.Get("/session", httpapi.Private, s.getSession)
		api.Post("/session", httpapi.Private, small, s.signIn)
		api.Delete("/session", httpapi.Private, s.signOut)
		api.Post("/accounts", httpapi.Private, small, s.register)
		api.Post("/password/forgot", httpapi.Private, small, s.forgotPassword)
		api.Post("/password/reset", httpapi.Private, small, s.resetPassword)
		api.Post("/email/action", httpapi.Private, small, s.emailAction)

		// A member's own data: RequireMember finds whose from the session cookie alone.
		member := httpapi.RequireMember(d.Sessions, cookies)
		api.Post("/session/verification", httpapi.Private, small, member, s.sendVerification)
		api.Put("/session/password", httpapi.Private, small, member, s.changePassword)
		api.Put("/session/email", httpapi.Private, small, member, s.changeEmail)
		api.Get("/profile", httpapi.Private, member, p.getProfile)
		api.Put("/profile", httpapi.Private, small, member, p.saveProfile)
		api.Put("/profile/interests", httpapi.Private, small, member, p.saveInterests)
		api.Get("/account/benefits", httpapi.Private, member, p.myBenefits)
		api.Get("/favorites", httpapi.Private, member, f.getFavorites)
		api.Put("/favorites/:id", httpapi.Private, member, f.addFavorite)
		api.Delete("/favorites/:id", httpapi.Private, member, f.removeFavorite)
	}
}

// Sessions answers who a cookie belongs to and what their session shows (SessionService).
type Sessions interface {
	httpapi.Members
	Session(ctx context.Context, cookie string) (Session, bool, error)
	// SignOut ends a session on the server, so copies of its cookie stop working.
	SignOut(ctx context.Context, cookie string) error
	SessionTTL() time.Duration
}

// Credentials signs members in and up and changes, resets and verifies their credentials
// (CredentialService). Calls that open a session answer its cookie value too.
type Credentials interface {
	SignIn(ctx context.Context, req SignInRequest) (AuthResult, string, error)
	Register(ctx context.Context, req RegisterRequest) (AuthResult, string, error)
	SendVerification(ctx context.Context, id portal.Identity, returnPath string) (string, error)
	ApplyEmailAction(ctx context.Context, req EmailActionRequest) (EmailActionResult, error)
	ChangePassword(ctx context.Context, id portal.Identity, req ChangePasswordRequest) (AuthResult, string, error)
	ChangeEmail(ctx context.Context, id portal.Identity, req ChangeEmailRequest) (AuthResult, string, error)
	ForgotPassword(ctx context.Context, email string) (string, error)
	ResetPassword(ctx context.Context, req ResetPasswordRequest) (AuthResult, string, error)
}

type sessionHandlers struct {
	sessions    Sessions
	credentials Credentials
	cookies     httpapi.SessionCookies
	limits      httpapi.AttemptLimits
	mails       httpapi.Limiter
	carts       CartAdopter // nil: no store
}

// mailTo counts one mail to address against its day's; an address that is no email is sent
// nothing anyway (the service answers it).
func (h sessionHandlers) mailTo(address string) error {
	key := httpapi.EmailKey(address)
	if key == "" {
		return nil
	}
	return h.mails.Allow("mail|" + key)
}

func (h sessionHandlers) getSession(c fiber.Ctx) error {
	session, clearCookie, err := h.sessions.Session(c.Context(), c.Cookies(httpapi.SessionCookie))
	if err != nil {
		return err
	}
	if clearCookie {
		h.cookies.Clear(c)
	}
	if session.User == nil {
		// A visitor's subscription is their cookie's (a member's is their profile's emailOpt).
		session.EmailSubscribed = c.Cookies(httpapi.EmailSubscribedCookie) == "1"
	}
	return c.JSON(session)
}

// answer sends an AuthResult and sets the session cookie it came with; a visitor's cart becomes
// the member's (spec 3: the cart is kept through sign-in).
func (h sessionHandlers) answer(c fiber.Ctx, status int, result AuthResult, cookie string, err error) error {
	if err != nil {
		return err
	}
	h.cookies.Set(c, cookie)
	if result.Session.User != nil {
		adoptCart(c, h.carts, result.Session.User.UID, h.cookies.Secure)
	}
	return c.Status(status).JSON(result)
}

func (h sessionHandlers) signIn(c fiber.Ctx) error {
	var req SignInRequest
	if err := httpapi.Decode(c, &req); err != nil {
		return err
	}
	who := httpapi.EmailKey(req.Email)
	if err := h.limits.AllowPassword(c, who); err != nil {
		return err
	}
	result, cookie, err := h.credentials.SignIn(c.Context(), req)
	h.limits.FailedPassword(who, err)
	return h.answer(c, fiber.StatusOK, result, cookie, err)
}

// signOut ends the session on the server as well as in this browser. When the server cannot
// record it, the browser is still signed out (what the member asked for) and the failure logged;
// the session then ends when it expires or the member changes their password.
func (h sessionHandlers) signOut(c fiber.Ctx) error {
	if err := h.sessions.SignOut(c.Context(), c.Cookies(httpapi.SessionCookie)); err != nil {
		slog.WarnContext(c.Context(), "sign-out not recorded on the server", slog.Any("error", err))
	}
	h.cookies.Clear(c)
	return c.JSON(fiber.Map{"message": contracts.Message("logoutSuccess")})
}

func (h sessionHandlers) register(c fiber.Ctx) error {
	var req RegisterRequest
	if err := httpapi.Decode(c, &req); err != nil {
		return err
	}
	if err := h.limits.Allow(c, "signup", httpapi.EmailKey(req.Email)); err != nil {
		return err
	}
	result, cookie, err := h.credentials.Register(c.Context(), req)
	return h.answer(c, fiber.StatusCreated, result, cookie, err)
}

func (h sessionHandlers) forgotPassword(c fiber.Ctx) error {
	var req struct {
		Email string `json:"email"`
	}
	if err := httpapi.Decode(c, &req); err != nil {
		return err
	}
	if err := h.limits.Allow(c, "reset", httpapi.EmailKey(req.Email)); err != nil {
		return err
	}
	if err := h.mailTo(req.Email); err != nil {
		return err
	}
	message, err := h.credentials.ForgotPassword(c.Context(), req.Email)
	if err != nil {
		return err
	}
	return c.Status(fiber.StatusAccepted).JSON(fiber.Map{"message": message})
}

func (h sessionHandlers) resetPassword(c fiber.Ctx) error {
	var req ResetPasswordRequest
	if err := httpapi.Decode(c, &req); err != nil {
		return err
	}
	if err := h.limits.Allow(c, "reset", ""); err != nil {
		return err
	}
	result, cookie, err := h.credentials.ResetPassword(c.Context(), req)
	return h.answer(c, fiber.StatusOK, result, cookie, err)
}

// emailAction follows a verification or email-recovery link. Like the reset, it is counted per
// client: a code is a secret, and guessing one must be slow.
func (h sessionHandlers) emailAction(c fiber.Ctx) error {
	var req EmailActionRequest
	if err := httpapi.Decode(c, &req); err != nil {
		return err
	}
	if err := h.limits.Allow(c, "reset", ""); err != nil {
		return err
	}
	result, err := h.credentials.ApplyEmailAction(c.Context(), req)
	return httpapi.JSON(c, result, err)
}

// sendVerification takes an optional body: older pages send none.
func (h sessionHandlers) sendVerification(c fiber.Ctx) error {
	var req VerificationRequest
	if len(c.Body()) > 0 {
		if err := httpapi.Decode(c, &req); err != nil {
			return err
		}
	}
	id := httpapi.Identity(c)
	if err := h.limits.Allow(c, "verify", httpapi.MemberKey(id.UID)); err != nil {
		return err
	}
	if err := h.mailTo(id.Email); err != nil {
		return err
	}
	message, err := h.credentials.SendVerification(c.Context(), id, req.URL)
	if err != nil {
		return err
	}
	return c.JSON(fiber.Map{"message": message})
}

func (h sessionHandlers) changePassword(c fiber.Ctx) error {
	return changeCredential(h, c, h.credentials.ChangePassword)
}

func (h sessionHandlers) changeEmail(c fiber.Ctx) error {
	return changeCredential(h, c, h.credentials.ChangeEmail)
}

// changeCredential decodes a change of the member's password or email and makes it. The current
// password is checked by signing in, so both are limited like a sign-in, and by one rule: a wrong
// password counts against the member's email whichever change it came with.
func changeCredential[R any](h sessionHandlers, c fiber.Ctx, change func(context.Context, portal.Identity, R) (AuthResult, string, error)) error {
	var req R
	if err := httpapi.Decode(c, &req); err != nil {
		return err
	}
	id := httpapi.Identity(c)
	who := httpapi.EmailKey(id.Email)
	if err := h.limits.AllowPassword(c, who); err != nil {
		return err
	}
	result, cookie, err := change(c.Context(), id, req)
	h.limits.FailedPassword(who, err)
	return h.answer(c, fiber.StatusOK, result, cookie, err)
}

// Profiles reads and saves the member's profile and interests and lists their benefits
// (ProfileService).
type Profiles interface {
	Profile(ctx context.Context, id portal.Identity) (ProfileDocument, error)
	SaveProfile(ctx context.Context, id portal.Identity, in ProfileFields) (ProfileDocument, error)
	SaveInterests(ctx context.Context, id portal.Identity, in InterestsUpdate) (ProfileDocument, error)
	MyBenefits(ctx context.Context, id portal.Identity) (*portal.BenefitGroups, error)
}

type profileHandlers struct{ profiles Profiles }

func (h profileHandlers) getProfile(c fiber.Ctx) error {
	return answerJSON(c)(h.profiles.Profile(c.Context(), httpapi.Identity(c)))
}

func (h profileHandlers) saveProfile(c fiber.Ctx) error {
	var in ProfileFields
	if err := httpapi.Decode(c, &in); err != nil {
		return err
	}
	return answerJSON(c)(h.profiles.SaveProfile(c.Context(), httpapi.Identity(c), in))
}

func (h profileHandlers) saveInterests(c fiber.Ctx) error {
	var in InterestsUpdate
	if err := httpapi.Decode(c, &in); err != nil {
		return err
	}
	return answerJSON(c)(h.profiles.SaveInterests(c.Context(), httpapi.Identity(c), in))
}

func (h profileHandlers) myBenefits(c fiber.Ctx) error {
	groups, err := h.profiles.MyBenefits(c.Context(), httpapi.Identity(c))
	return httpapi.JSON(c, groups, err)
}

// answerJSON sends a service's document, or its error.
func answerJSON(c fiber.Ctx) func(doc ProfileDocument, err error) error {
	return func(doc ProfileDocument, err error) error {
		if err != nil {
			return err
		}
		return c.JSON(doc)
	}
}

// FavoriteLists lists and changes the member's favorites (FavoriteService).
type FavoriteLists interface {
	Favorites(ctx context.Context, id portal.Identity) (Favorites, error)
	SetFavorite(ctx context.Context, id portal.Identity, favorite string, on bool) (Favorites, error)
}

type favoriteHandlers struct{ favorites FavoriteLists }

func (h favoriteHandlers) getFavorites(c fiber.Ctx) error {
	favorites, err := h.favorites.Favorites(c.Context(), httpapi.Identity(c))
	return httpapi.JSON(c, favorites, err)
}

func (h favoriteHandlers) addFavorite(c fiber.Ctx) error    { return h.setFavorite(c, true) }
func (h favoriteHandlers) removeFavorite(c fiber.Ctx) error { return h.setFavorite(c, false) }

func (h favoriteHandlers) setFavorite(c fiber.Ctx, on bool) error {
	// Browsers encode the colon of "benefit:1180"; Fiber hands path parameters on undecoded.
	id, err := url.PathUnescape(c.Params("id"))
	if err != nil || portal.FavoriteKind(id) == "" {
		return apperr.Field("id", "This is not a favorite id.")
	}
	favorites, err := h.favorites.SetFavorite(c.Context(), httpapi.Identity(c), id, on)
	return httpapi.JSON(c, favorites, err)
}

// CartAdopter merges a visitor's cart into a member's at sign-in (store.Service).
type CartAdopter interface {
	Adopt(ctx context.Context, token, uid string) error
}

// adoptCart merges the visitor cart a request's cookie names into the member's who just signed
// in, and clears the cookie. A failed merge keeps the cookie, so the next sign-in tries again;
// the sign-in itself never fails for it (the store logged why).
func adoptCart(c fiber.Ctx, carts CartAdopter, uid string, secure bool) {
	token := c.Cookies(httpapi.CartCookie)
	if carts == nil || uid == "" || token == "" {
		return
	}
	if err := carts.Adopt(c.Context(), token, uid); err != nil {
		return
	}
	c.Cookie(&fiber.Cookie{
		Name: httpapi.CartCookie, Value: "", Path: "/", Expires: time.Unix(0, 0), MaxAge: -1,
		HTTPOnly: true, Secure: secure, SameSite: fiber.CookieSameSiteLaxMode,
	})
}
