package account

import (
	"context"
	"log/slog"
	"strings"

	"github.com/union-benefits/portal/bff/internal/apperr"
	"github.com/union-benefits/portal/bff/internal/portal"
)

// CredentialService signs members in and up and changes, resets and verifies their credentials.
type CredentialService struct{ *core }

// SignIn checks an email and password and opens a session.
func (s *CredentialService) SignIn(ctx context.Context, req SignInRequest) (AuthResult, string, error) {
	if !s.loginEnabled(ctx) {
		return AuthResult{}, "", s.offline()
	}
	email := strings.TrimSpace(req.Email)
	var f fieldErrors
	if !validEmail(email) {
		f.add("email", msg("emailInvalid"))
	}
	if req.Password == "" {
		f.add("password", msg("required"))
	}
	if err := f.err(); err != nil {
		return AuthResult{}, "", err
	}
	return s.openSession(ctx, email, req.Password, msg("loginSuccess"))
}

// Register creates the account and its profile, then signs in (spec 1 §4). A profile that cannot
// be written takes the new account away again, so no one is left with half an account.
func (s *CredentialService) Register(ctx context.Context, req RegisterRequest) (AuthResult, string, error) {
	if !s.loginEnabled(ctx) {
		return AuthResult{}, "", s.offline()
	}
	req.Email, req.FirstName, req.LastName = strings.TrimSpace(req.Email), strings.TrimSpace(req.FirstName), strings.TrimSpace(req.LastName)
	req.Union, req.Zip = strings.TrimSpace(req.Union), strings.TrimSpace(req.Zip)
	if err := checkRegistration(&req); err != nil {
		return AuthResult{}, "", err
	}
	union, err := s.union(ctx, req.Union)
	if err != nil {
		return AuthResult{}, "", err
	}
	if union == nil || union.HideForm {
		m := msg("unionUnknown", "union", req.Union)
		return AuthResult{}, "", apperr.Field("union", m)
	}
	id, err := s.auth.CreateUser(ctx, req.Email, req.Password, req.FirstName+" "+req.LastName)
	if apperr.Is(err, apperr.Conflict) || apperr.Is(err, apperr.Invalid) || apperr.Is(err, apperr.RateLimited) {
		return AuthResult{}, "", err
	}
	if err != nil {
		return AuthResult{}, "", apperr.Wrap(apperr.Unavailable, msg("registerError", "phone", s.o.SupportPhone), err)
	}
	now := s.o.Now().UTC()
	emailOpt := req.EmailOpt == nil || *req.EmailOpt
	p := portal.Profile{
		FirstName: req.FirstName, LastName: req.LastName, Email: req.Email, Union: union.Name,
		EmailOpt: emailOpt, Home: portal.Address{Zip: req.Zip, Country: "us"}, Updated: &now,
	}
	if emailOpt {
		p.EmailOptDate = &now
	}
	if err := s.profiles.SaveProfile(ctx, id.UID, p); err != nil {
		if derr := s.auth.DeleteUser(context.WithoutCancel(ctx), id.UID); derr != nil {
			s.o.Logger.ErrorContext(ctx, "registration: account left without a profile", slog.String("uid", id.UID), slog.Any("error", derr))
		}
		return AuthResult{}, "", apperr.Wrap(apperr.Unavailable, msg("registerError", "phone", s.o.SupportPhone), err)
	}
	if err := s.auth.SendEmailVerification(ctx, id.UID); err != nil {
		s.o.Logger.WarnContext(ctx, "registration: verification email not sent", slog.Any("error", err))
	}
	result, cookie, err := s.openSession(ctx, req.Email, req.Password, msg("registerSuccess"))
	if err != nil {
		return AuthResult{}, "", apperr.Wrap(apperr.Unavailable, msg("registerSignInFailed"), err)
	}
	return result, cookie, nil
}

// SendVerification mails the member a link that verifies their email, unless it already is.
func (s *CredentialService) SendVerification(ctx context.Context, id portal.Identity) (string, error) {
	user, err := s.auth.User(ctx, id.UID)
	if err != nil {
		return "", apperr.Wrap(apperr.Unavailable, msg("verificationError"), err)
	}
	if user.EmailVerified {
		return msg("emailAlreadyVerified"), nil
	}
	if err := s.auth.SendEmailVerification(ctx, id.UID); err != nil {
		if apperr.Is(err, apperr.RateLimited) {
			return "", err
		}
		return "", apperr.Wrap(apperr.Unavailable, msg("verificationError"), err)
	}
	return msg("verificationSent"), nil
}

// checkCurrentPassword signs in with the current password before a change (spec 1 §4).
func (s *CredentialService) checkCurrentPassword(ctx context.Context, id portal.Identity, password string) error {
	if password == "" {
		return apperr.Field("currentPassword", msg("currentPasswordRequired"))
	}
	_, _, err := s.auth.SignIn(ctx, id.Email, password)
	if apperr.Is(err, apperr.Unauthenticated) {
		return apperr.Field("currentPassword", msg("currentPasswordInvalid"))
	}
	return err
}

// ChangePassword sets a new password after checking the current one, ends every other session
// and opens a new one for this browser.
func (s *CredentialService) ChangePassword(ctx context.Context, id portal.Identity, req ChangePasswordRequest) (AuthResult, string, error) {
	if err := checkNewPassword("newPassword", req.NewPassword, req.ConfirmPassword).err(); err != nil {
		return AuthResult{}, "", err
	}
	if err := s.checkCurrentPassword(ctx, id, req.CurrentPassword); err != nil {
		return AuthResult{}, "", err
	}
	if err := s.auth.UpdatePassword(ctx, id.UID, req.NewPassword); err != nil {
		return AuthResult{}, "", err
	}
	message, partial := msg("passwordUpdated"), false
	if err := s.auth.RevokeSessions(ctx, id.UID); err != nil {
		s.o.Logger.WarnContext(ctx, "password change: sessions not revoked", slog.Any("error", err))
		message, partial = msg("passwordUpdatedPartial"), true
	}
	result, cookie, err := s.openSession(ctx, id.Email, req.NewPassword, message)
	result.Partial = partial
	return result, cookie, err
}

// ChangeEmail sets a new email after checking the current password; the profile follows, other
// sessions end, and a verification email goes to the new address.
func (s *CredentialService) ChangeEmail(ctx context.Context, id portal.Identity, req ChangeEmailRequest) (AuthResult, string, error) {
	email := strings.TrimSpace(req.NewEmail)
	if !validEmail(email) {
		return AuthResult{}, "", apperr.Field("newEmail", msg("emailInvalid"))
	}
	if err := s.checkCurrentPassword(ctx, id, req.CurrentPassword); err != nil {
		return AuthResult{}, "", err
	}
	if err := s.auth.UpdateEmail(ctx, id.UID, email); err != nil {
		return AuthResult{}, "", err
	}
	p, err := s.profile(ctx, id)
	if err == nil {
		p.Email = email
		err = s.save(ctx, id.UID, p)
	}
	if err != nil {
		s.o.Logger.WarnContext(ctx, "email change: profile email not updated", slog.Any("error", err))
	}
	if err := s.auth.RevokeSessions(ctx, id.UID); err != nil {
		s.o.Logger.WarnContext(ctx, "email change: sessions not revoked", slog.Any("error", err))
	}
	if err := s.auth.SendEmailVerification(ctx, id.UID); err != nil {
		s.o.Logger.WarnContext(ctx, "email change: verification email not sent", slog.Any("error", err))
	}
	return s.openSession(ctx, email, req.CurrentPassword, msg("emailUpdated"))
}

// ForgotPassword mails a reset link. The answer is the same for unknown emails, so the form
// tells no one who has an account.
func (s *CredentialService) ForgotPassword(ctx context.Context, email string) (string, error) {
	if !s.loginEnabled(ctx) {
		return "", s.offline()
	}
	email = strings.TrimSpace(email)
	if !validEmail(email) {
		return "", apperr.Field("email", msg("emailInvalid"))
	}
	if err := s.auth.SendPasswordReset(ctx, email); err != nil {
		if apperr.Is(err, apperr.Unavailable) {
			return "", err
		}
		// Anything else could hint at the account (a disabled user, say): log it, answer as usual.
		s.o.Logger.WarnContext(ctx, "password reset not sent", slog.Any("error", err))
	}
	return msg("resetSent"), nil
}

// ResetPassword sets the new password from a reset link, ends every older session and signs in.
// Partial is set when the password changed but older sessions could not be ended.
func (s *CredentialService) ResetPassword(ctx context.Context, req ResetPasswordRequest) (AuthResult, string, error) {
	if !s.loginEnabled(ctx) {
		return AuthResult{}, "", s.offline()
	}
	if req.APIKey == "" || req.Lang == "" || req.OOBCode == "" || req.Mode != "resetPassword" {
		return AuthResult{}, "", apperr.New(apperr.Invalid, msg("resetLinkInvalid"))
	}
	if err := checkNewPassword("password", req.Password, req.ConfirmPassword).err(); err != nil {
		return AuthResult{}, "", err
	}
	email, err := s.auth.ResetPassword(ctx, req.OOBCode, req.Password)
	if apperr.Is(err, apperr.Invalid) {
		return AuthResult{}, "", err
	}
	if err != nil {
		return AuthResult{}, "", apperr.Wrap(apperr.Unavailable, msg("resetError", "phone", s.o.SupportPhone), err)
	}
	// The password is set: from here on every failure says so rather than asking to start over.
	id, _, err := s.auth.SignIn(ctx, email, req.Password)
	message, partial := msg("resetSuccess"), false
	if err == nil {
		err = s.auth.RevokeSessions(ctx, id.UID)
	}
	if err != nil {
		s.o.Logger.WarnContext(ctx, "password reset: older sessions not revoked", slog.Any("error", err))
		message, partial = msg("resetPartial"), true
	}
	s.mailPasswordChanged(ctx, email, id.UID)
	result, cookie, err := s.openSession(ctx, email, req.Password, message)
	if err != nil {
		return AuthResult{}, "", apperr.Wrap(apperr.Unavailable, msg("registerSignInFailed"), err)
	}
	result.Partial = partial
	return result, cookie, nil
}

// mailPasswordChanged tells the account's owner their password was reset (the spec's
// passwordChangedEmail), through the outbox a mail sender consumes. The password is already set,
// so a failure here is logged, not shown: the member did what they came for.
func (s *CredentialService) mailPasswordChanged(ctx context.Context, email, uid string) {
	if s.o.Outbox == nil {
		return
	}
	name := email
	if uid != "" {
		if p, err := s.profiles.Profile(ctx, uid); err == nil && p.FirstName != "" {
			name = p.FirstName
		}
	}
	err := s.o.Outbox.QueueMail(ctx, portal.Mail{
		To:       email,
		Template: "passwordChanged",
		Subject:  msg("passwordChangedSubject"),
		Text:     msg("passwordChangedText", "name", name, "email", email, "phone", s.o.SupportPhone),
	})
	if err != nil {
		s.o.Logger.WarnContext(ctx, "password reset: the password-changed mail was not queued", slog.Any("error", err))
	}
}
