package account

import (
	"context"
	"log/slog"
	"net/url"
	"path"
	"strings"
	"unicode"

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
	if id.UID == "" {
		// No account and no reason (spec 1 §8 'Registration, no result'): nothing was made that
		// needs undoing, and trying again may well work.
		return AuthResult{}, "", apperr.New(apperr.Unavailable, msg("registerNoResult"))
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
	if err := s.auth.SendEmailVerification(ctx, id.UID, ""); err != nil {
		s.o.Logger.WarnContext(ctx, "registration: verification email not sent", slog.Any("error", err))
	}
	result, cookie, err := s.openSession(ctx, req.Email, req.Password, msg("registerSuccess"))
	if err != nil {
		return AuthResult{}, "", apperr.Wrap(apperr.Unavailable, msg("registerSignInFailed"), err)
	}
	return result, cookie, nil
}

// SendVerification mails the member a link that verifies their email, unless it already is.
// returnPath, a path of the site or "", is where the link's page offers to go on to (spec 1 §7
// sendEmailVerification's {url}); anything else is refused, so a link never leads off the site.
// Errors follow spec 1 §8: an invalid argument is no error if the member is verified by now, an
// unavailable provider says so in its own words, the rest read 'Error contacting authentication
// server!'.
func (s *CredentialService) SendVerification(ctx context.Context, id portal.Identity, returnPath string) (string, error) {
	continueURL := ""
	if returnPath != "" {
		p, ok := sitePath(returnPath)
		if !ok {
			return "", apperr.Field("url", msg("verificationInvalidArgument"))
		}
		continueURL = s.o.SiteURL + p
	}
	user, err := s.auth.User(ctx, id.UID)
	if err != nil {
		return "", apperr.Wrap(apperr.Unavailable, msg("verificationError"), err)
	}
	if user.EmailVerified {
		return msg("emailAlreadyVerified"), nil
	}
	err = s.auth.SendEmailVerification(ctx, id.UID, continueURL)
	switch {
	case err == nil:
		return msg("verificationSent"), nil
	case apperr.Is(err, apperr.RateLimited), apperr.Is(err, apperr.Unavailable):
		return "", err
	case apperr.Is(err, apperr.Invalid):
		if fresh, rerr := s.auth.User(ctx, id.UID); rerr == nil && fresh.EmailVerified {
			return msg("emailAlreadyVerified"), nil
		}
		return "", apperr.Wrap(apperr.Invalid, msg("verificationInvalidArgument"), err)
	}
	return "", apperr.Wrap(apperr.Unavailable, msg("verificationError"), err)
}

// ApplyEmailAction follows a verification or email-recovery link from the /reset page (spec 1
// §2: Firebase sends every kind of link to one action URL). A verification marks the email
// verified. A recovery puts back the email an email change replaced, in the profile too, and ends
// the account's sessions: whoever changed it may hold them. The link's code alone authorises
// either, as Firebase's own handler does; the member need not be signed in.
func (s *CredentialService) ApplyEmailAction(ctx context.Context, req EmailActionRequest) (EmailActionResult, error) {
	kind, invalid := portal.ActionVerifyEmail, msg("verifyLinkInvalid")
	switch req.Mode {
	case "verifyEmail":
	case "recoverEmail":
		kind, invalid = portal.ActionRecoverEmail, msg("recoverLinkInvalid")
	default:
		return EmailActionResult{}, apperr.New(apperr.Invalid, msg("actionLinkInvalid"))
	}
	if req.APIKey == "" || req.Lang == "" || req.OOBCode == "" {
		return EmailActionResult{}, apperr.New(apperr.Invalid, invalid)
	}
	id, err := s.auth.ApplyActionCode(ctx, req.OOBCode, kind)
	if apperr.Is(err, apperr.Invalid) {
		return EmailActionResult{}, apperr.Wrap(apperr.Invalid, invalid, err)
	}
	if err != nil {
		return EmailActionResult{}, err
	}
	result := EmailActionResult{Mode: req.Mode, Email: id.Email, Message: msg("emailVerifiedByLink")}
	if kind == portal.ActionRecoverEmail {
		s.recovered(ctx, id)
		result.Message = msg("emailRecovered", "email", id.Email)
	}
	return result, nil
}

// recovered follows an undone email change: the profile's email is the account's again, and
// every session ends. The email is back whatever fails here, so failures are logged, not shown.
func (s *CredentialService) recovered(ctx context.Context, id portal.Identity) {
	p, err := s.profiles.Profile(ctx, id.UID)
	if err == nil && p.Email != id.Email {
		p.Email = id.Email
		err = s.profiles.SaveProfile(ctx, id.UID, p)
	}
	if err != nil && !apperr.Is(err, apperr.NotFound) {
		s.o.Logger.WarnContext(ctx, "email recovery: profile email not restored", slog.Any("error", err))
	}
	if err := s.auth.RevokeSessions(ctx, id.UID); err != nil {
		s.o.Logger.WarnContext(ctx, "email recovery: sessions not revoked", slog.Any("error", err))
	}
	s.memberUnions.Delete(id.UID)
}

// sitePath is a return path of the site as it goes into a link: one leading slash, no second
// one or backslash a browser would read as another host, no control character, no dot segment
// or encoded slash; its query kept. False for anything else, which is never made into a link.
func sitePath(raw string) (string, bool) {
	if len(raw) > 2048 || !strings.HasPrefix(raw, "/") || strings.HasPrefix(raw, "//") ||
		strings.ContainsAny(raw, "\\") || strings.ContainsFunc(raw, unicode.IsControl) {
		return "", false
	}
	u, err := url.Parse(raw)
	if err != nil || u.Scheme != "" || u.Host != "" || u.Opaque != "" || u.User != nil {
		return "", false
	}
	clean := path.Clean(u.Path)
	if strings.HasSuffix(u.Path, "/") && clean != "/" {
		clean += "/"
	}
	if clean != u.Path || strings.Contains(strings.ToLower(u.RawPath), "%2f") {
		return "", false
	}
	return u.RequestURI(), true // a #fragment is left behind: Firebase keeps none
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
	if err := s.auth.SendEmailVerification(ctx, id.UID, ""); err != nil {
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
		return AuthResult{}, "", apperr.Wrap(apperr.Unavailable, msg("resetSignInFailed"), err)
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
