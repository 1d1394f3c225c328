package httpapi

import (
	"context"
	"log/slog"

	"github.com/gofiber/fiber/v3"

	"github.com/union-benefits/portal/bff/internal/portal"
	"github.com/union-benefits/portal/contracts"
)

// Credentials signs members in and up and changes, resets and verifies their credentials
// (account.CredentialService). Calls that open a session answer its cookie value too.
type Credentials interface {
	SignIn(ctx context.Context, req portal.SignInRequest) (portal.AuthResult, string, error)
	Register(ctx context.Context, req portal.RegisterRequest) (portal.AuthResult, string, error)
	SendVerification(ctx context.Context, id portal.Identity) (string, error)
	ChangePassword(ctx context.Context, id portal.Identity, req portal.ChangePasswordRequest) (portal.AuthResult, string, error)
	ChangeEmail(ctx context.Context, id portal.Identity, req portal.ChangeEmailRequest) (portal.AuthResult, string, error)
	ForgotPassword(ctx context.Context, email string) (string, error)
	ResetPassword(ctx context.Context, req portal.ResetPasswordRequest) (portal.AuthResult, string, error)
}

type sessionHandlers struct {
	sessions    Sessions
	credentials Credentials
	cookies     sessionCookies
	limits      attemptLimits
	carts       CartMerger // nil: no store
}

func (h sessionHandlers) getSession(c fiber.Ctx) error {
	session, clearCookie, err := h.sessions.Session(c.Context(), c.Cookies(SessionCookie))
	if err != nil {
		return err
	}
	if clearCookie {
		h.cookies.clear(c)
	}
	if session.User == nil {
		// A visitor's subscription is their cookie's (a member's is their profile's emailOpt).
		session.EmailSubscribed = c.Cookies(EmailSubscribedCookie) == "1"
	}
	return c.JSON(session)
}

// answer sends an AuthResult and sets the session cookie it came with; a visitor's cart becomes
// the member's (spec 3: the cart is kept through sign-in).
func (h sessionHandlers) answer(c fiber.Ctx, status int, result portal.AuthResult, cookie string, err error) error {
	if err != nil {
		return err
	}
	h.cookies.set(c, cookie)
	if result.Session.User != nil {
		adoptCart(c, h.carts, result.Session.User.UID, h.cookies.secure)
	}
	return c.Status(status).JSON(result)
}

func (h sessionHandlers) signIn(c fiber.Ctx) error {
	var req portal.SignInRequest
	if err := decode(c, &req); err != nil {
		return err
	}
	who := emailKey(req.Email)
	if err := h.limits.allowPassword(c, who); err != nil {
		return err
	}
	result, cookie, err := h.credentials.SignIn(c.Context(), req)
	h.limits.failedPassword(who, err)
	return h.answer(c, fiber.StatusOK, result, cookie, err)
}

// signOut ends the session on the server as well as in this browser. When the server cannot
// record it, the browser is still signed out (what the member asked for) and the failure logged;
// the session then ends when it expires or the member changes their password.
func (h sessionHandlers) signOut(c fiber.Ctx) error {
	if err := h.sessions.SignOut(c.Context(), c.Cookies(SessionCookie)); err != nil {
		slog.WarnContext(c.Context(), "sign-out not recorded on the server", slog.Any("error", err))
	}
	h.cookies.clear(c)
	return c.JSON(fiber.Map{"message": contracts.Message("logoutSuccess")})
}

func (h sessionHandlers) register(c fiber.Ctx) error {
	var req portal.RegisterRequest
	if err := decode(c, &req); err != nil {
		return err
	}
	if err := h.limits.allow(c, "signup", emailKey(req.Email)); err != nil {
		return err
	}
	result, cookie, err := h.credentials.Register(c.Context(), req)
	return h.answer(c, fiber.StatusCreated, result, cookie, err)
}

func (h sessionHandlers) forgotPassword(c fiber.Ctx) error {
	var req struct {
		Email string `json:"email"`
	}
	if err := decode(c, &req); err != nil {
		return err
	}
	if err := h.limits.allow(c, "reset", emailKey(req.Email)); err != nil {
		return err
	}
	message, err := h.credentials.ForgotPassword(c.Context(), req.Email)
	if err != nil {
		return err
	}
	return c.Status(fiber.StatusAccepted).JSON(fiber.Map{"message": message})
}

func (h sessionHandlers) resetPassword(c fiber.Ctx) error {
	var req portal.ResetPasswordRequest
	if err := decode(c, &req); err != nil {
		return err
	}
	if err := h.limits.allow(c, "reset", ""); err != nil {
		return err
	}
	result, cookie, err := h.credentials.ResetPassword(c.Context(), req)
	return h.answer(c, fiber.StatusOK, result, cookie, err)
}

func (h sessionHandlers) sendVerification(c fiber.Ctx) error {
	id := identity(c)
	if err := h.limits.allow(c, "verify", memberKey(id.UID)); err != nil {
		return err
	}
	message, err := h.credentials.SendVerification(c.Context(), id)
	if err != nil {
		return err
	}
	return c.JSON(fiber.Map{"message": message})
}

func (h sessionHandlers) changePassword(c fiber.Ctx) error {
	var req portal.ChangePasswordRequest
	if err := decode(c, &req); err != nil {
		return err
	}
	id := identity(c)
	// The current password is checked by signing in: limit it like a sign-in.
	who := emailKey(id.Email)
	if err := h.limits.allowPassword(c, who); err != nil {
		return err
	}
	result, cookie, err := h.credentials.ChangePassword(c.Context(), id, req)
	h.limits.failedPassword(who, err)
	return h.answer(c, fiber.StatusOK, result, cookie, err)
}

func (h sessionHandlers) changeEmail(c fiber.Ctx) error {
	var req portal.ChangeEmailRequest
	if err := decode(c, &req); err != nil {
		return err
	}
	id := identity(c)
	who := emailKey(id.Email)
	if err := h.limits.allowPassword(c, who); err != nil {
		return err
	}
	result, cookie, err := h.credentials.ChangeEmail(c.Context(), id, req)
	h.limits.failedPassword(who, err)
	return h.answer(c, fiber.StatusOK, result, cookie, err)
}
