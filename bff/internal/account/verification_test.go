package account

import (
	"context"
	"testing"

	"github.com/union-benefits/portal/bff/internal/account/accounttest"
	"github.com/union-benefits/portal/bff/internal/apperr"
	"github.com/union-benefits/portal/bff/internal/portal"
)

// verifiedMeanwhile is a provider that refuses the request as an invalid argument because the
// email got verified while it was asked (the link was followed in another tab).
type verifiedMeanwhile struct{ *accounttest.Auth }

func (a verifiedMeanwhile) SendEmailVerification(_ context.Context, uid, _ string) error {
	a.SetVerified(uid, true)
	return apperr.New(apperr.Invalid, "The email address is already verified.")
}

// Spec 1 §8's verification-email rows: invalid-argument reloads the user and is a success if
// they are verified now, else 'Error contacting authentication server: Invalid argument!';
// unavailable shows its own message; anything else 'Error contacting authentication server!'.
func TestVerificationEmailErrors(t *testing.T) {
	ctx := context.Background()
	ada := portal.Identity{UID: "u1", Email: "ada@example.com"}
	send := func(auth portal.Auth) (string, error) {
		creds := New(auth, accounttest.NewProfiles(), nil, nil, Options{SiteURL: "https://site.example"}).Credentials
		return creds.SendVerification(ctx, ada, "")
	}
	fake := func(err error) *accounttest.Auth {
		a := accounttest.NewAuth()
		a.Add("u1", "ada@example.com", "Password1", false)
		if err != nil {
			a.FailWith["SendEmailVerification"] = err
		}
		return a
	}
	want := func(what string, err error, code apperr.Code, message string) {
		t.Helper()
		e := apperr.From(err)
		if e == nil || e.Code != code || e.Message != message {
			t.Errorf("%s: got %v, want %s %q", what, err, code, message)
		}
	}

	_, err := send(fake(apperr.New(apperr.Invalid, "INVALID_CONTINUE_URI")))
	want("invalid argument", err, apperr.Invalid, "Error contacting authentication server: Invalid argument!")

	if got, err := send(verifiedMeanwhile{fake(nil)}); err != nil || got != "Your email address is verified." {
		t.Errorf("invalid argument, verified meanwhile: %q, %v; want success", got, err)
	}

	_, err = send(fake(apperr.New(apperr.Unavailable, "The authentication service is down for maintenance.")))
	want("unavailable", err, apperr.Unavailable, "The authentication service is down for maintenance.")

	_, err = send(fake(apperr.New(apperr.Forbidden, "This account has been disabled.")))
	want("other", err, apperr.Unavailable, "Error contacting authentication server!")

	_, err = send(fake(apperr.New(apperr.RateLimited, "Too many attempts. Please wait a few minutes and try again.")))
	want("rate limited", err, apperr.RateLimited, "Too many attempts. Please wait a few minutes and try again.")

	if got, err := send(fake(nil)); err != nil || got != "Verification email sent." {
		t.Errorf("sent: %q, %v", got, err)
	}
}

func TestSitePath(t *testing.T) {
	for raw, want := range map[string]string{
		"/login/partner/demo":  "/login/partner/demo",
		"/account/u1?tab=x":    "/account/u1?tab=x",
		"/":                    "/",
		"/blog/#section":       "/blog/",
		"/caf%C3%A9":           "/caf%C3%A9",
		"":                     "",
		"login":                "",
		"//evil.example":       "",
		"/\\evil.example":      "",
		"https://evil.example": "",
		"/a/../b":              "",
		"/a//b":                "",
		"/a%2fb":               "",
		"/a\tb":                "",
	} {
		got, ok := sitePath(raw)
		if got != want || ok != (want != "") {
			t.Errorf("sitePath(%q) = %q, %v; want %q", raw, got, ok, want)
		}
	}
}
