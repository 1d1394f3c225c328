package authn

import (
	"context"
	"fmt"
	"time"

	"firebase.google.com/go/v4/auth"

	"github.com/union-benefits/portal/bff/internal/apperr"
	"github.com/union-benefits/portal/bff/internal/portal"
)

// Firebase accepts session cookies that live from 5 minutes to 14 days.
const (
	minSessionTTL = 5 * time.Minute
	maxSessionTTL = 14 * 24 * time.Hour
)

// NewSession turns a fresh ID token into a session cookie value that lives for ttl.
func (c *Client) NewSession(ctx context.Context, idToken string, ttl time.Duration) (string, error) {
	if ttl < minSessionTTL || ttl > maxSessionTTL {
		// A configuration mistake, not something the user did.
		return "", apperr.InternalError(
			fmt.Errorf("authn: session ttl %v is outside [%v, %v]", ttl, minSessionTTL, maxSessionTTL))
	}
	if idToken == "" {
		return "", apperr.New(apperr.Unauthenticated, msgSessionEnded)
	}
	cookie, err := callFor(ctx, c, "sessionCookie", func(ctx context.Context) (string, error) {
		return c.admin.SessionCookie(ctx, idToken, ttl)
	})
	if err != nil {
		return "", translate(err)
	}
	return cookie, nil
}

// VerifySession returns the user of a session cookie value. Revocation is checked against a
// cached copy of the user's revocation time, so most requests cost no call to Firebase; a
// revocation made elsewhere takes up to RevocationTTL to be seen here.
func (c *Client) VerifySession(ctx context.Context, session string) (portal.Identity, error) {
	if session == "" {
		return portal.Identity{}, apperr.New(apperr.Unauthenticated, msgSessionEnded)
	}
	tok, err := callFor(ctx, c, "verifySessionCookie", func(ctx context.Context) (*auth.Token, error) {
		return c.admin.VerifySessionCookie(ctx, session)
	})
	if err != nil {
		return portal.Identity{}, sessionError(err)
	}
	st, err := c.userState(ctx, tok.UID)
	if err != nil {
		return portal.Identity{}, sessionError(err)
	}
	if st.disabled || revoked(tok.AuthTime, st.validAfterMillis) {
		return portal.Identity{}, apperr.New(apperr.Unauthenticated, msgSessionEnded)
	}
	id := portal.Identity{UID: tok.UID}
	id.Email, _ = tok.Claims["email"].(string)
	id.EmailVerified, _ = tok.Claims["email_verified"].(bool)
	return id, nil
}

// revoked is Firebase's own rule: its revocation time has one-second precision, so a session
// signed in during the second of a revocation survives it.
func revoked(authTimeSeconds, validAfterMillis int64) bool {
	return authTimeSeconds*1000 < validAfterMillis
}

// userState is what decides, besides the cookie, whether a user's session still holds.
type userState struct {
	validAfterMillis int64
	disabled         bool
}

func (c *Client) userState(ctx context.Context, uid string) (userState, error) {
	if v, ok := c.validAfter.Get(uid); ok {
		return v.(userState), nil
	}
	u, err := callFor(ctx, c, "getUser", func(ctx context.Context) (*auth.UserRecord, error) {
		return c.admin.GetUser(ctx, uid)
	})
	if err != nil {
		return userState{}, err
	}
	st := userState{validAfterMillis: u.TokensValidAfterMillis, disabled: u.Disabled}
	c.validAfter.SetDefault(uid, st)
	return st, nil
}

// sessionError tells a session that is no good (the user signs in again) from a failure to check
// it (the user retries).
func sessionError(err error) error {
	switch {
	case auth.IsSessionCookieInvalid(err), // malformed, expired, revoked or user disabled
		auth.IsUserNotFound(err): // the user was deleted
		return apperr.Wrap(apperr.Unauthenticated, msgSessionEnded, err)
	}
	return unavailable(err)
}
