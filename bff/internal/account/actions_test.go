package account_test

import (
	"testing"

	"github.com/union-benefits/portal/bff/internal/account/accounttest"
	"github.com/union-benefits/portal/bff/internal/dev/harness"
	"github.com/union-benefits/portal/bff/internal/portal"
	"github.com/union-benefits/portal/contracts"
)

// The links Firebase sends to the site's one action URL (/reset) besides the password reset
// (spec 1 §2, §4): a verification, and the undoing of an email change.

func (br *browser) emailAction(mode, code string) answer {
	br.T.Helper()
	return br.Call("POST", "/api/v1/email/action", "/api/v1/email/action",
		map[string]any{"apiKey": "fake-api-key", "lang": "en", "mode": mode, "oobCode": code})
}

func TestAVerificationLinkVerifiesTheEmail(t *testing.T) {
	b, c := accountBFF(t, map[string]string{"MAILS_PER_DAY": "100", "RATE_LIMIT_PER_EMAIL": "100", "RATE_LIMIT_PER_IP": "100"})
	br := newBrowser(t, b, c)
	br.register("ada@example.com")
	if harness.Dig(br.session(), "user", "emailVerified") != false {
		t.Fatal("a new member is unverified")
	}

	// Asked from the partner popup, the link comes back to it (spec 1 §7 {url}), on the site.
	verify := func(body any) answer {
		return br.Call("POST", "/api/v1/session/verification", "/api/v1/session/verification", body)
	}
	if a := br.Want(verify(map[string]any{"url": "/login/partner/demo"}), 200); a.Title() != "Verification email sent." {
		t.Fatalf("send: %s", a.Body)
	}
	if got := b.Auth.Continues; len(got) != 2 || got[0] != "" || got[1] != "http://127.0.0.1:1/login/partner/demo" {
		t.Fatalf("continue URLs %q: the sign-up's none, then the popup's on FRONTEND_URL", got)
	}
	for _, bad := range []string{"https://evil.example/", "//evil.example/x", "/\\evil.example", "/a/../../x", "login", "/a\nb"} {
		a := br.Want(verify(map[string]any{"url": bad}), 400)
		if a.FieldError("url") != contracts.Message("verificationInvalidArgument") {
			t.Errorf("url %q: %s", bad, a.Body)
		}
	}
	br.Want(verify(nil), 200) // no body at all: no continue URL
	if got := b.Auth.Continues; got[len(got)-1] != "" {
		t.Fatalf("continue URLs %q", got)
	}

	// The link is followed in any browser, signed in or not: its code is the authority.
	code := b.Auth.Action(portal.ActionVerifyEmail, "ada@example.com")
	visitor := newBrowser(t, b, c)
	if a := visitor.Want(visitor.emailAction("recoverEmail", code), 400); a.Title() != contracts.Message("recoverLinkInvalid") {
		t.Fatalf("a verification code as a recovery: %s", a.Body)
	}
	a := visitor.Want(visitor.emailAction("verifyEmail", code), 200)
	if a.Title() != "Your email address has been verified." || a.JSON["mode"] != "verifyEmail" || a.JSON["email"] != "ada@example.com" {
		t.Fatalf("verify: %s", a.Body)
	}
	if harness.Dig(br.session(), "user", "emailVerified") != true {
		t.Fatal("the member's session does not show the email verified")
	}
	if a := visitor.Want(visitor.emailAction("verifyEmail", code), 400); a.Title() != contracts.Message("verifyLinkInvalid") {
		t.Fatalf("used code: %s", a.Body)
	}
	if a := visitor.Want(visitor.emailAction("signIn", code), 400); a.Title() != "This link is invalid or has expired." {
		t.Fatalf("unknown mode: %s", a.Body)
	}
	for _, missing := range []string{"apiKey", "lang", "oobCode"} {
		body := map[string]any{"apiKey": "k", "lang": "en", "mode": "verifyEmail", "oobCode": "oob-1"}
		delete(body, missing)
		visitor.Want(visitor.Call("POST", "/api/v1/email/action", "/api/v1/email/action", body), 400)
	}
}

func TestARecoveryLinkUndoesAnEmailChange(t *testing.T) {
	b, c := accountBFF(t, nil)
	br := newBrowser(t, b, c)
	br.register("ada@example.com")
	uid := sessionUID(t, br)
	br.Want(br.Call("PUT", "/api/v1/session/email", "/api/v1/session/email",
		map[string]any{"currentPassword": goodPassword, "newEmail": "mallory@example.com"}), 200)
	// What Firebase mails the old address when the email changes.
	b.Auth.Actions["recover-1"] = accounttest.Action{Kind: portal.ActionRecoverEmail, UID: uid, Email: "ada@example.com"}

	visitor := newBrowser(t, b, c)
	a := visitor.Want(visitor.emailAction("recoverEmail", "recover-1"), 200)
	want := "Your email address has been changed back to ada@example.com. If you did not ask for the change, please reset your password now."
	if a.Title() != want || a.JSON["email"] != "ada@example.com" {
		t.Fatalf("recover: %s", a.Body)
	}
	if stored, _ := b.Profiles.Get(uid); stored.Email != "ada@example.com" {
		t.Errorf("profile email %q, want the old one back", stored.Email)
	}
	if br.session()["signedIn"] != false {
		t.Error("whoever changed the email keeps their session")
	}
	if a := br.Want(br.signIn("ada@example.com", goodPassword), 200); a.Title() != "Login successful!" {
		t.Fatalf("the owner signs in with the old email: %s", a.Body)
	}
	if a := visitor.Want(visitor.emailAction("recoverEmail", "recover-1"), 400); a.Title() != contracts.Message("recoverLinkInvalid") {
		t.Fatalf("used recovery code: %s", a.Body)
	}
}

// Spec 1 §8 'Registration, no result': the provider answered neither an account nor an error.
func TestRegistrationWithNoResult(t *testing.T) {
	b, c := accountBFF(t, nil)
	b.Auth.NoUID = true
	br := newBrowser(t, b, c)
	a := br.Want(br.Call("POST", "/api/v1/accounts", "/api/v1/accounts", registration("ada@example.com")), 503)
	if a.Title() != "There was an issue registering your account. Please try again in a moment." {
		t.Fatalf("no result: %s", a.Body)
	}
	if br.session()["signedIn"] != false || len(b.Auth.Sent) != 0 {
		t.Fatalf("no result, yet signed in or mailed: %v", b.Auth.Sent)
	}
}

// A reset whose new password is set but whose sign-in fails says so in the reset's words, not
// the registration's.
func TestAResetWhoseSignInFailsSaysThePasswordChanged(t *testing.T) {
	b, c := accountBFF(t, nil)
	newBrowser(t, b, c).register("ada@example.com")
	br := newBrowser(t, b, c)
	br.Want(br.Call("POST", "/api/v1/password/forgot", "/api/v1/password/forgot", map[string]any{"email": "ada@example.com"}), 202)
	var code string
	for k := range b.Auth.Resets {
		code = k
	}
	b.Auth.Fail["NewSession"] = true
	a := br.Want(br.Call("POST", "/api/v1/password/reset", "/api/v1/password/reset", map[string]any{
		"apiKey": "k", "lang": "en", "mode": "resetPassword", "oobCode": code, "password": "Fresh123", "confirmPassword": "Fresh123",
	}), 503)
	if a.Title() != "Your password was updated but there was a problem signing you in. Please log in with your new password." {
		t.Fatalf("reset sign-in failed: %s", a.Body)
	}
	b.Auth.Fail["NewSession"] = false
	br.Want(br.signIn("ada@example.com", "Fresh123"), 200)
}
