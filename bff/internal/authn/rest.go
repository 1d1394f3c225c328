package authn

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"

	"github.com/union-benefits/portal/bff/internal/apperr"
	"github.com/union-benefits/portal/bff/internal/portal"
)

// rest calls the Identity Toolkit REST API as a client app would: the Admin SDK cannot check a
// password or have Firebase mail a link.
type rest struct {
	base   string // e.g. https://identitytoolkit.googleapis.com/v1
	apiKey string
	hc     *http.Client
}

// post sends one request and decodes the reply into out. Error replies become *upstreamError;
// anything else that goes wrong is returned as is, and reads as Unavailable.
func (r rest) post(ctx context.Context, method string, in, out any) error {
	body, err := json.Marshal(in)
	if err != nil {
		return err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, r.base+"/accounts:"+method, bytes.NewReader(body))
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", "application/json")
	// The key goes in Google's API key header, not the ?key= of Firebase's examples: a URL ends up
	// in error messages, traces and proxies' logs, where a key must not.
	req.Header.Set("X-Goog-Api-Key", r.apiKey)
	resp, err := r.hc.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return parseUpstreamError(resp.StatusCode, resp.Body)
	}
	if err := json.NewDecoder(io.LimitReader(resp.Body, 1<<20)).Decode(out); err != nil {
		return fmt.Errorf("identity toolkit: accounts:%s: decoding reply: %w", method, err)
	}
	return nil
}

// SignIn checks an email and password and returns the user with a fresh ID token.
func (c *Client) SignIn(ctx context.Context, email, password string) (portal.Identity, string, error) {
	var reply struct {
		LocalID string `json:"localId"`
		Email   string `json:"email"`
		IDToken string `json:"idToken"`
	}
	err := c.call(ctx, "signInWithPassword", func(ctx context.Context) error {
		return c.rest.post(ctx, "signInWithPassword",
			map[string]any{"email": email, "password": password, "returnSecureToken": true}, &reply)
	})
	if err != nil {
		if code := upstreamCode(err); code == "MISSING_PASSWORD" {
			return portal.Identity{}, "", apperr.Wrap(apperr.Unauthenticated, msgCredentials, err)
		}
		return portal.Identity{}, "", translate(err)
	}
	// The token came straight from Firebase over TLS, so its claims need no signature check to
	// be believed, and reading email_verified from it saves a GetUser.
	claims, err := tokenClaims(reply.IDToken)
	if err != nil {
		return portal.Identity{}, "", unavailable(err)
	}
	verified, _ := claims["email_verified"].(bool)
	return portal.Identity{UID: reply.LocalID, Email: reply.Email, EmailVerified: verified}, reply.IDToken, nil
}

// SendPasswordReset has Firebase mail a reset link. An unknown email is answered like a known
// one, so no one learns from it whether an email is registered.
func (c *Client) SendPasswordReset(ctx context.Context, email string) error {
	var reply struct{}
	err := c.call(ctx, "sendOobCode", func(ctx context.Context) error {
		return c.rest.post(ctx, "sendOobCode",
			map[string]any{"requestType": "PASSWORD_RESET", "email": email}, &reply)
	})
	if err != nil && upstreamCode(err) == "EMAIL_NOT_FOUND" {
		return nil
	}
	return translate(err)
}

// ResetPassword uses a reset link's oobCode to set a new password and returns the account's email.
func (c *Client) ResetPassword(ctx context.Context, oobCode, password string) (string, error) {
	if oobCode == "" {
		return "", apperr.New(apperr.Invalid, msgBadResetCode)
	}
	var reply struct {
		Email string `json:"email"`
	}
	err := c.call(ctx, "resetPassword", func(ctx context.Context) error {
		return c.rest.post(ctx, "resetPassword",
			map[string]any{"oobCode": oobCode, "newPassword": password}, &reply)
	})
	if err != nil {
		switch upstreamCode(err) {
		case "EMAIL_NOT_FOUND", "USER_NOT_FOUND": // the account went away after the link was sent
			return "", apperr.Wrap(apperr.Invalid, msgBadResetCode, err)
		}
		return "", translate(err)
	}
	return reply.Email, nil
}

// SendEmailVerification has Firebase mail the user a verification link. Firebase sends that mail
// only at the request of the user themself, so the client signs in as them with a custom token.
// A continueURL goes in the link as its continueUrl. Identity Toolkit's refusals of the request
// itself (a continue URL it does not accept, an email it cannot mail) are Invalid.
func (c *Client) SendEmailVerification(ctx context.Context, uid, continueURL string) error {
	idToken, err := c.SignInAs(ctx, uid)
	if err != nil {
		return err
	}
	in := map[string]any{"requestType": "VERIFY_EMAIL", "idToken": idToken}
	if continueURL != "" {
		in["continueUrl"] = continueURL
	}
	var reply struct{}
	err = c.call(ctx, "sendOobCode", func(ctx context.Context) error { return c.rest.post(ctx, "sendOobCode", in, &reply) })
	switch upstreamCode(err) {
	case "INVALID_CONTINUE_URI", "MISSING_CONTINUE_URI", "UNAUTHORIZED_DOMAIN", "INVALID_REQ_TYPE", "INVALID_EMAIL", "MISSING_EMAIL":
		return apperr.Wrap(apperr.Invalid, msgVerifyInvalid, err)
	}
	return translate(err)
}

// ApplyActionCode uses an emailed link's code as the SDK's checkActionCode and applyActionCode
// do: accounts:resetPassword with the code alone reads its kind without using it, and
// accounts:update with the code applies it. Checking first keeps a code from doing what its
// link's page did not say (a recovery followed as a verification).
func (c *Client) ApplyActionCode(ctx context.Context, oobCode string, kind portal.ActionKind) (portal.Identity, error) {
	if oobCode == "" {
		return portal.Identity{}, apperr.New(apperr.Invalid, msgBadActionCode)
	}
	var info struct {
		RequestType string `json:"requestType"`
	}
	err := c.call(ctx, "resetPassword", func(ctx context.Context) error {
		return c.rest.post(ctx, "resetPassword", map[string]any{"oobCode": oobCode}, &info)
	})
	if err == nil && portal.ActionKind(info.RequestType) != kind {
		return portal.Identity{}, apperr.New(apperr.Invalid, msgBadActionCode)
	}
	var applied struct {
		LocalID       string `json:"localId"`
		Email         string `json:"email"`
		EmailVerified bool   `json:"emailVerified"`
	}
	if err == nil {
		err = c.call(ctx, "update", func(ctx context.Context) error {
			return c.rest.post(ctx, "update", map[string]any{"oobCode": oobCode}, &applied)
		})
	}
	if err != nil {
		switch upstreamCode(err) {
		case "INVALID_OOB_CODE", "EXPIRED_OOB_CODE", "MISSING_OOB_CODE", "EMAIL_NOT_FOUND", "USER_NOT_FOUND":
			return portal.Identity{}, apperr.Wrap(apperr.Invalid, msgBadActionCode, err)
		}
		return portal.Identity{}, translate(err)
	}
	c.validAfter.Delete(applied.LocalID) // a recovery may move the user's revocation time
	return portal.Identity{UID: applied.LocalID, Email: applied.Email, EmailVerified: applied.EmailVerified}, nil
}

// SignInAs signs in as an existing user with a custom token and returns a fresh ID token: what a
// call Firebase takes only from the user needs, and what reopens this browser's session after the
// user's sessions were revoked.
func (c *Client) SignInAs(ctx context.Context, uid string) (string, error) {
	// Signing in with a custom token creates the user when there is none; make sure there is.
	if _, err := c.User(ctx, uid); err != nil {
		return "", err
	}
	custom, err := callFor(ctx, c, "customToken", func(ctx context.Context) (string, error) {
		return c.admin.CustomToken(ctx, uid)
	})
	if err != nil {
		return "", translate(err)
	}
	var signedIn struct {
		IDToken string `json:"idToken"`
	}
	err = c.call(ctx, "signInWithCustomToken", func(ctx context.Context) error {
		return c.rest.post(ctx, "signInWithCustomToken",
			map[string]any{"token": custom, "returnSecureToken": true}, &signedIn)
	})
	if err != nil {
		return "", translate(err)
	}
	return signedIn.IDToken, nil
}

// tokenClaims reads a JWT's claims without checking its signature.
func tokenClaims(jwt string) (map[string]any, error) {
	parts := strings.Split(jwt, ".")
	if len(parts) != 3 {
		return nil, fmt.Errorf("identity toolkit: ID token is not a JWT")
	}
	payload, err := base64.RawURLEncoding.DecodeString(parts[1])
	if err != nil {
		return nil, fmt.Errorf("identity toolkit: ID token payload: %w", err)
	}
	var claims map[string]any
	if err := json.Unmarshal(payload, &claims); err != nil {
		return nil, fmt.Errorf("identity toolkit: ID token claims: %w", err)
	}
	return claims, nil
}
