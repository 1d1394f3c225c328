//go:build integration

package authn

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"net/http"
	"os"
	"testing"
	"time"

	"github.com/union-benefits/portal/bff/internal/apperr"
	"github.com/union-benefits/portal/bff/internal/portal"
)

// These tests run against the Auth emulator of the dev stack:
//
//	FIREBASE_AUTH_EMULATOR_HOST=127.0.0.1:9099 FIREBASE_PROJECT_ID=demo-union-benefits \
//	  go test -tags integration ./bff/internal/authn/
//
// They leave the seeded member's password and email alone and make their own users for anything
// that changes one.

const (
	seedEmail    = "member@example.com"
	seedPassword = "Password1"
	seedUID      = "demo-member-0001"
)

func emulator(t *testing.T) (host, project string) {
	t.Helper()
	host = os.Getenv("FIREBASE_AUTH_EMULATOR_HOST")
	if host == "" {
		t.Skip("FIREBASE_AUTH_EMULATOR_HOST is not set")
	}
	project = os.Getenv("FIREBASE_PROJECT_ID")
	if project == "" {
		project = "demo-union-benefits"
	}
	return host, project
}

func newEmulatorClient(t *testing.T) *Client {
	t.Helper()
	host, project := emulator(t)
	c, err := New(context.Background(), Options{ProjectID: project, APIKey: "fake-api-key", EmulatorHost: host})
	if err != nil {
		t.Fatalf("New: %v", err)
	}
	return c
}

func uniqueEmail(t *testing.T) string {
	t.Helper()
	b := make([]byte, 6)
	if _, err := rand.Read(b); err != nil {
		t.Fatal(err)
	}
	return "authn-" + hex.EncodeToString(b) + "@example.com"
}

// freshUser creates a user the test may change, and deletes it afterwards.
func freshUser(t *testing.T, c *Client, password string) (uid, email string) {
	t.Helper()
	email = uniqueEmail(t)
	id, err := c.CreateUser(context.Background(), email, password, "Authn Test")
	if err != nil {
		t.Fatalf("CreateUser(%s): %v", email, err)
	}
	t.Cleanup(func() {
		if err := c.DeleteUser(context.Background(), id.UID); err != nil {
			t.Errorf("DeleteUser(%s): %v", id.UID, err)
		}
	})
	return id.UID, email
}

type oobCode struct {
	Email       string `json:"email"`
	OOBCode     string `json:"oobCode"`
	OOBLink     string `json:"oobLink"`
	RequestType string `json:"requestType"`
}

// lastOOBCode is the newest out-of-band code the emulator "mailed" to email; the test fails when
// there is none.
func lastOOBCode(t *testing.T, email, requestType string) string {
	t.Helper()
	host, project := emulator(t)
	resp, err := http.Get("http://" + host + "/emulator/v1/projects/" + project + "/oobCodes")
	if err != nil {
		t.Fatalf("oobCodes: %v", err)
	}
	defer resp.Body.Close()
	var reply struct {
		OOBCodes []oobCode `json:"oobCodes"`
	}
	if err := json.NewDecoder(resp.Body).Decode(&reply); err != nil {
		t.Fatalf("oobCodes: %v", err)
	}
	code := ""
	for _, c := range reply.OOBCodes {
		if c.Email == email && c.RequestType == requestType {
			code = c.OOBCode
		}
	}
	if code == "" {
		t.Fatalf("no %s code for %s", requestType, email)
	}
	return code
}

func wantCode(t *testing.T, what string, err error, code apperr.Code, msg string) {
	t.Helper()
	var e *apperr.Error
	if !errors.As(err, &e) {
		t.Fatalf("%s: got %T %v, want *apperr.Error %s", what, err, err, code)
	}
	if e.Code != code || (msg != "" && e.Message != msg) {
		t.Fatalf("%s: got %s %q (%v), want %s %q", what, e.Code, e.Message, e.Err, code, msg)
	}
}

func TestIntegrationSignIn(t *testing.T) {
	c := newEmulatorClient(t)
	ctx := context.Background()

	id, tok, err := c.SignIn(ctx, seedEmail, seedPassword)
	if err != nil {
		t.Fatalf("SignIn: %v", err)
	}
	if id.UID != seedUID || id.Email != seedEmail || tok == "" {
		t.Fatalf("SignIn = %+v, token %q", id, tok)
	}
	if u, err := c.User(ctx, seedUID); err != nil || u.EmailVerified != id.EmailVerified {
		t.Fatalf("User = %+v, %v; SignIn said verified=%v", u, err, id.EmailVerified)
	}

	_, _, err = c.SignIn(ctx, seedEmail, "wrong-password")
	wantCode(t, "wrong password", err, apperr.Unauthenticated, msgCredentials)
	_, _, err = c.SignIn(ctx, uniqueEmail(t), seedPassword)
	wantCode(t, "unknown email", err, apperr.Unauthenticated, msgCredentials)
}

func TestIntegrationUsers(t *testing.T) {
	c := newEmulatorClient(t)
	ctx := context.Background()
	uid, email := freshUser(t, c, "first-pass")

	u, err := c.User(ctx, uid)
	if err != nil || u.UID != uid || u.Email != email || u.EmailVerified {
		t.Fatalf("User = %+v, %v", u, err)
	}
	_, err = c.CreateUser(ctx, email, "another-pass", "")
	wantCode(t, "duplicate email", err, apperr.Conflict, msgEmailExists)
	_, err = c.CreateUser(ctx, uniqueEmail(t), "short", "")
	wantCode(t, "weak password", err, apperr.Invalid, msgWeakPassword)
	_, err = c.CreateUser(ctx, "not-an-email", "long-enough", "")
	wantCode(t, "bad email", err, apperr.Invalid, msgInvalidEmail)
	_, err = c.User(ctx, "no-such-user-authn")
	wantCode(t, "unknown uid", err, apperr.NotFound, msgNotFound)
	err = c.UpdateEmail(ctx, "no-such-user-authn", uniqueEmail(t))
	wantCode(t, "update unknown uid", err, apperr.NotFound, msgNotFound)

	if err := c.UpdatePassword(ctx, uid, "second-pass"); err != nil {
		t.Fatalf("UpdatePassword: %v", err)
	}
	if _, _, err := c.SignIn(ctx, email, "second-pass"); err != nil {
		t.Fatalf("SignIn with the new password: %v", err)
	}
	_, _, err = c.SignIn(ctx, email, "first-pass")
	wantCode(t, "old password", err, apperr.Unauthenticated, msgCredentials)
}

func TestIntegrationSession(t *testing.T) {
	c := newEmulatorClient(t)
	ctx := context.Background()

	id, tok, err := c.SignIn(ctx, seedEmail, seedPassword)
	if err != nil {
		t.Fatalf("SignIn: %v", err)
	}
	cookie, err := c.NewSession(ctx, tok, time.Hour)
	if err != nil {
		t.Fatalf("NewSession: %v", err)
	}
	got, err := c.VerifySession(ctx, cookie)
	if err != nil {
		t.Fatalf("VerifySession: %v", err)
	}
	if got != id {
		t.Fatalf("VerifySession = %+v, want %+v", got, id)
	}

	for _, bad := range []string{"", "garbage", tok, cookie[:len(cookie)-10] + "AAAAAAAAAA"} {
		_, err := c.VerifySession(ctx, bad)
		wantCode(t, "bad cookie "+bad, err, apperr.Unauthenticated, msgSessionEnded)
	}
	_, err = c.NewSession(ctx, "not-a-token", time.Hour)
	wantCode(t, "NewSession with a bad token", err, apperr.Unauthenticated, msgSessionEnded)
}

func TestIntegrationRevokeSessions(t *testing.T) {
	c := newEmulatorClient(t)
	ctx := context.Background()
	uid, email := freshUser(t, c, "revoke-pass")

	_, tok, err := c.SignIn(ctx, email, "revoke-pass")
	if err != nil {
		t.Fatalf("SignIn: %v", err)
	}
	old, err := c.NewSession(ctx, tok, time.Hour)
	if err != nil {
		t.Fatalf("NewSession: %v", err)
	}
	if _, err := c.VerifySession(ctx, old); err != nil { // caches the user's revocation time
		t.Fatalf("VerifySession before revoking: %v", err)
	}

	// Revocation has one-second precision: a session signed in during the same second survives.
	time.Sleep(1100 * time.Millisecond)
	if err := c.RevokeSessions(ctx, uid); err != nil {
		t.Fatalf("RevokeSessions: %v", err)
	}
	_, err = c.VerifySession(ctx, old)
	wantCode(t, "session older than the revocation", err, apperr.Unauthenticated, msgSessionEnded)

	// Another instance of the BFF has no cache entry to drop; it reads the revocation afresh.
	other := newEmulatorClient(t)
	_, err = other.VerifySession(ctx, old)
	wantCode(t, "old session, other client", err, apperr.Unauthenticated, msgSessionEnded)

	_, tok, err = c.SignIn(ctx, email, "revoke-pass")
	if err != nil {
		t.Fatalf("SignIn after revoking: %v", err)
	}
	fresh, err := c.NewSession(ctx, tok, time.Hour)
	if err != nil {
		t.Fatalf("NewSession after revoking: %v", err)
	}
	if id, err := c.VerifySession(ctx, fresh); err != nil || id.UID != uid {
		t.Fatalf("VerifySession of a session made after revoking = %+v, %v", id, err)
	}
}

func TestIntegrationPasswordReset(t *testing.T) {
	c := newEmulatorClient(t)
	ctx := context.Background()
	_, email := freshUser(t, c, "forgotten-pass")

	if err := c.SendPasswordReset(ctx, email); err != nil {
		t.Fatalf("SendPasswordReset: %v", err)
	}
	code := lastOOBCode(t, email, "PASSWORD_RESET")
	_, err := c.ResetPassword(ctx, code, "short")
	wantCode(t, "weak new password", err, apperr.Invalid, msgWeakPassword)

	got, err := c.ResetPassword(ctx, code, "remembered-pass")
	if err != nil || got != email {
		t.Fatalf("ResetPassword = %q, %v; want %q", got, err, email)
	}
	if _, _, err := c.SignIn(ctx, email, "remembered-pass"); err != nil {
		t.Fatalf("SignIn with the reset password: %v", err)
	}
	_, err = c.ResetPassword(ctx, code, "yet-another-pass")
	wantCode(t, "used code", err, apperr.Invalid, msgBadResetCode)
	_, err = c.ResetPassword(ctx, "made-up-code", "yet-another-pass")
	wantCode(t, "made-up code", err, apperr.Invalid, msgBadResetCode)

	if err := c.SendPasswordReset(ctx, uniqueEmail(t)); err != nil {
		t.Fatalf("SendPasswordReset for an unknown email = %v, want nil", err)
	}
}

func TestIntegrationEmailVerification(t *testing.T) {
	c := newEmulatorClient(t)
	ctx := context.Background()
	uid, email := freshUser(t, c, "verify-pass")

	err := c.SendEmailVerification(ctx, uid, "not a URL")
	wantCode(t, "a continue URL that is no URL", err, apperr.Invalid, msgVerifyInvalid)
	if err := c.SendEmailVerification(ctx, uid, "http://127.0.0.1:3000/login/partner/demo"); err != nil {
		t.Fatalf("SendEmailVerification: %v", err)
	}
	code := lastOOBCode(t, email, "VERIFY_EMAIL")
	// What the site's /reset page does with the mailed link: a code of another kind is refused
	// and left unused; its own kind verifies the email, once.
	_, err = c.ApplyActionCode(ctx, code, portal.ActionRecoverEmail)
	wantCode(t, "a verification code as a recovery", err, apperr.Invalid, msgBadActionCode)
	id, err := c.ApplyActionCode(ctx, code, portal.ActionVerifyEmail)
	if err != nil || id.UID != uid || id.Email != email || !id.EmailVerified {
		t.Fatalf("ApplyActionCode = %+v, %v", id, err)
	}
	if u, err := c.User(ctx, uid); err != nil || !u.EmailVerified {
		t.Fatalf("User after verifying = %+v, %v", u, err)
	}
	_, err = c.ApplyActionCode(ctx, code, portal.ActionVerifyEmail)
	wantCode(t, "a used verification code", err, apperr.Invalid, msgBadActionCode)

	err = c.SendEmailVerification(ctx, "no-such-user-authn", "")
	wantCode(t, "SendEmailVerification for an unknown uid", err, apperr.NotFound, msgNotFound)
	if _, err := c.admin.GetUser(ctx, "no-such-user-authn"); err == nil {
		t.Fatalf("SendEmailVerification created the unknown user")
	}

	newEmail := uniqueEmail(t)
	if err := c.UpdateEmail(ctx, uid, newEmail); err != nil {
		t.Fatalf("UpdateEmail: %v", err)
	}
	if u, err := c.User(ctx, uid); err != nil || u.Email != newEmail || u.EmailVerified {
		t.Fatalf("User after UpdateEmail = %+v, %v; want %s unverified", u, err, newEmail)
	}
	// The emulator mails the old address a link that undoes the change (as Firebase does for a
	// client's change); following it puts the old email back.
	recovery := lastOOBCode(t, email, "RECOVER_EMAIL")
	if id, err := c.ApplyActionCode(ctx, recovery, portal.ActionRecoverEmail); err != nil || id.Email != email {
		t.Fatalf("ApplyActionCode(recovery) = %+v, %v; want %s back", id, err, email)
	}
	if u, err := c.User(ctx, uid); err != nil || u.Email != email {
		t.Fatalf("User after the recovery = %+v, %v; want %s", u, err, email)
	}
	err = c.UpdateEmail(ctx, uid, seedEmail)
	wantCode(t, "UpdateEmail to a taken email", err, apperr.Conflict, msgEmailExists)
}
